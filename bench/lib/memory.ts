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
 * untimed ones: search memory is reused across queries, so only the results in flight should
 * come and go. Needs node --expose-gc for a meaningful number.
 */
export function heapGrowthKb(planner: Planner, queries: readonly Scenario[], count: number, warmUp: number): number {
  let sink = 0;
  const run = (n: number): void => {
    for (let i = 0; i < n; i++) {
      const s = queries[i % queries.length]!;
      sink += planner.findPath(s.startX, s.startY, s.goalX, s.goalY).expanded;
    }
  };
  run(warmUp);
  const before = settledHeap();
  run(count);
  const after = settledHeap();
  // The sink keeps the searches observable so the JIT cannot drop them.
  if (sink < 0) throw new Error('unreachable');
  return (after - before) / 1024;
}
