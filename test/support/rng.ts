/**
 * Seeded randomness for tests: a mulberry32 generator and a random grid maker.
 *
 * Every random test should take its seed from a constant (and print it on failure) so that a
 * failing case can be replayed exactly.
 *
 * @example
 * ```ts
 * const rng = makeRng(42);
 * const grid = randomGrid(rng, { width: 16, height: 16, density: 0.3, mode: 'tricky' });
 * const x = rng.int(grid.width + 1); // a random column line 0..width
 * ```
 */
import { Grid } from '../../src/grid/grid.js';

/** A small seeded pseudo-random generator. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n) (n >= 1). */
  int(n: number): number;
  /** An integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: 32 bits of state, good enough statistics for test generation, fully deterministic. */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    range: (lo, hi) => lo + int(hi - lo + 1),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty array');
      return items[int(items.length)]!;
    },
  };
}

export interface RandomGridOptions {
  /** Columns; default a random 1..24. */
  width?: number;
  /** Rows; default a random 1..24. */
  height?: number;
  /** Fraction of cells blocked by the uniform pass, 0..1; default a random 0..0.45. */
  density?: number;
  /**
   * `uniform`: each cell blocked independently with probability `density`.
   * `tricky`: the uniform pass, then one-wide corridors (a free row or column between two blocked
   * ones) and many planted double corners (two diagonal cells blocked, the other two free), the
   * shapes where line-of-sight code goes wrong. Default: either, at random.
   */
  mode?: 'uniform' | 'tricky';
}

/** A random grid; every omitted option is drawn from `rng` too. */
export function randomGrid(rng: Rng, options: RandomGridOptions = {}): Grid {
  const width = options.width ?? rng.range(1, 24);
  const height = options.height ?? rng.range(1, 24);
  const density = options.density ?? rng.next() * 0.45;
  const mode = options.mode ?? (rng.chance(0.5) ? 'tricky' : 'uniform');
  const grid = Grid.fromPredicate(width, height, () => rng.chance(density));
  if (mode === 'uniform') return grid;
  const set = (x: number, y: number, blocked: boolean): void => {
    if (x >= 0 && y >= 0 && x < width && y < height) grid.cells[y * width + x] = blocked ? 1 : 0;
  };
  // One-wide corridors.
  const corridors = rng.int(Math.ceil((width + height) / 8) + 1);
  for (let c = 0; c < corridors; c++) {
    const horizontal = rng.chance(0.5);
    const along = horizontal ? width : height;
    const across = horizontal ? height : width;
    const line = rng.int(across);
    const from = rng.int(along);
    const to = Math.min(along - 1, from + rng.range(1, 10));
    for (let i = from; i <= to; i++) {
      if (horizontal) {
        set(i, line - 1, true);
        set(i, line, false);
        set(i, line + 1, true);
      } else {
        set(line - 1, i, true);
        set(line, i, false);
        set(line + 1, i, true);
      }
    }
  }
  // Double corners at random vertices (interior vertices only: on the border one side is outside).
  if (width >= 2 && height >= 2) {
    const corners = rng.int(Math.ceil((width * height) / 6) + 1);
    for (let c = 0; c < corners; c++) {
      const vx = rng.range(1, width - 1);
      const vy = rng.range(1, height - 1);
      const main = rng.chance(0.5); // NW+SE blocked, else NE+SW blocked
      set(vx - 1, vy - 1, main);
      set(vx, vy, main);
      set(vx, vy - 1, !main);
      set(vx - 1, vy, !main);
    }
  }
  return grid;
}
