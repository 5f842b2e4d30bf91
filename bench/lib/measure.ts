import type { Scenario } from '../../src/grid/scenario.js';
import { makeRng } from '../../test/support/rng.js';
import type { Contender, Measurement } from './contenders.js';

/** Everything one contender measured, query by query (index i is the same query in every series). */
export interface Series {
  name: string;
  lattice: 'corner' | 'cell';
  library: boolean;
  micros: number[];
  lengths: number[];
  expanded: number[];
}

/** The measurements of all contenders on one map (or several maps pooled). */
export interface Run {
  /** A map name, or a label such as `all maps` for pooled runs. */
  name: string;
  queries: Scenario[];
  series: Series[];
}

/** A full garbage collection, when node runs with --expose-gc. */
export const collectGarbage: () => void =
  (globalThis as { gc?: () => void }).gc ?? ((): void => undefined);

/** Seed of the per-query running order. */
const ORDER_SEED = 5;

/**
 * Times every contender on every query. Contenders take turns within each query, in a fresh
 * random order each query, so that machine noise spreads over all of them instead of landing on
 * whoever runs during a busy minute. The libraries leave tens of MB of garbage per search
 * (PathFinding.js clones a node object per cell), so a full collection runs after each of them,
 * outside the timed region, lest their garbage be collected inside someone else's search. The
 * search right after a collection runs with cold caches (tens of µs more on a small query); the
 * random order gives every contender that seat equally often. A contender that throws gets an
 * unfound path for that query and the error is reported.
 */
export function measure(name: string, contenders: readonly Contender[], queries: readonly Scenario[], onError: (message: string) => void): Run {
  const series = contenders.map((c) => ({ name: c.name, lattice: c.lattice, library: c.library, micros: [] as number[], lengths: [] as number[], expanded: [] as number[] }));
  const setup: (number[] | undefined)[] = contenders.map(() => undefined);
  const rng = makeRng(ORDER_SEED);
  const order = contenders.map((_, i) => i);
  for (const q of queries) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = rng.int(k + 1);
      [order[k], order[j]] = [order[j]!, order[k]!];
    }
    for (const ci of order) {
      const c = contenders[ci]!;
      let m: Measurement;
      try {
        m = c.measure(q);
      } catch (error) {
        onError(`${c.name} threw on ${name} (${q.startX},${q.startY})->(${q.goalX},${q.goalY}): ${(error as Error).message}`);
        m = { micros: NaN, length: Infinity, expanded: NaN };
      }
      if (c.library) collectGarbage();
      const s = series[ci]!;
      s.micros.push(m.micros);
      s.lengths.push(m.length);
      s.expanded.push(m.expanded);
      if (m.setupMicros !== undefined) (setup[ci] ??= []).push(m.micros + m.setupMicros);
    }
  }
  // A library's per-search set-up (PathFinding.js's grid clone) as its own series, right after it.
  const out: Series[] = [];
  series.forEach((s, i) => {
    out.push(s);
    const withSetup = setup[i];
    if (withSetup && withSetup.length === s.micros.length) out.push({ ...s, name: `${s.name} + clone`, micros: withSetup });
  });
  return { name, queries: [...queries], series: out };
}

/** Warms the JIT: every contender runs every query once, untimed. */
export function warmUp(contenders: readonly Contender[], queries: readonly Scenario[]): void {
  for (const q of queries) {
    for (const c of contenders) {
      try {
        c.measure(q);
      } catch {
        // Reported by the timed run.
      }
      if (c.library) collectGarbage();
    }
  }
}

/** Several runs as one: the queries and each series concatenated (series matched by name). */
export function pool(name: string, runs: readonly Run[]): Run {
  const first = runs[0];
  if (!first) return { name, queries: [], series: [] };
  const series = first.series.map((s) => {
    const parts = runs.map((r) => r.series.find((t) => t.name === s.name));
    if (parts.some((p) => !p)) throw new RangeError(`series ${s.name} is missing from some runs`);
    return {
      ...s,
      micros: parts.flatMap((p) => p!.micros),
      lengths: parts.flatMap((p) => p!.lengths),
      expanded: parts.flatMap((p) => p!.expanded),
    };
  });
  return { name, queries: runs.flatMap((r) => r.queries), series };
}
