import type { Scenario } from '../../src/grid/scenario.js';
import type { Planner } from '../../src/search/planner.js';
import { collectGarbage } from './measure.js';

/** Heap in use after full collections (two: the first may leave finalizer work to the second). */
function settledHeap(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/**
 * How much the heap grows, in KB, over `count` queries (cycling through `queries`) after `warmUp`
 * untimed ones, measured `rounds` times in a row: search memory is reused across queries, so only
 * the results in flight should come and go. One round alone is noisy by tens of KB either way
 * (the JIT compiles and V8 flushes unused bytecode as it likes); a leak shows in every round.
 * Needs node --expose-gc for a meaningful number.
 */
export function heapGrowthKb(planner: Planner, queries: readonly Scenario[], count: number, warmUp: number, rounds: number): number[] {
  let sink = 0;
  const run = (n: number): void => {
    for (let i = 0; i < n; i++) {
      const s = queries[i % queries.length]!;
      sink += planner.findPath(s.startX, s.startY, s.goalX, s.goalY).expanded;
    }
  };
  run(warmUp);
  const growth: number[] = [];
  let before = settledHeap();
  for (let r = 0; r < rounds; r++) {
    run(count);
    const after = settledHeap();
    growth.push((after - before) / 1024);
    before = after;
  }
  // The sink keeps the searches observable so the JIT cannot drop them.
  if (sink < 0) throw new Error('unreachable');
  return growth;
}
