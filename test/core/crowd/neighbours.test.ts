import { describe, expect, it } from 'vitest';
import { NeighbourGrid } from '../../../src/crowd/neighbours.js';
import { makeRng } from '../../support/rng.js';

/** Brute force: every active agent within radius, sorted by (squared distance, index), first `max`. */
function bruteQuery(
  xs: Float64Array,
  ys: Float64Array,
  count: number,
  active: Uint8Array,
  x: number,
  y: number,
  radius: number,
  max: number,
  exclude: number,
): number[] {
  const hits: { i: number; d: number }[] = [];
  for (let i = 0; i < count; i++) {
    if (active[i] === 0 || i === exclude) continue;
    const d = (xs[i]! - x) ** 2 + (ys[i]! - y) ** 2;
    if (d <= radius * radius) hits.push({ i, d });
  }
  hits.sort((a, b) => a.d - b.d || a.i - b.i);
  return hits.slice(0, max).map((h) => h.i);
}

describe('NeighbourGrid', () => {
  it('answers as brute force over seeded random sets (nearest first, capped, excluding, inactive left out)', () => {
    const SEED = 0x5eed01;
    const rng = makeRng(SEED);
    const out: number[] = [];
    for (let trial = 0; trial < 300; trial++) {
      const width = rng.range(1, 40);
      const height = rng.range(1, 40);
      const bucket = [0.5, 1, 2, 3.7, 50][rng.int(5)]!;
      const hash = new NeighbourGrid(width, height, bucket);
      const count = rng.range(0, 120);
      const xs = new Float64Array(count);
      const ys = new Float64Array(count);
      const active = new Uint8Array(count);
      for (let i = 0; i < count; i++) {
        // Some agents off the map, some on bucket lines, some stacked on one point.
        xs[i] = rng.chance(0.1) ? rng.next() * (width + 10) - 5 : rng.chance(0.1) ? rng.int(width + 1) : rng.next() * width;
        ys[i] = rng.chance(0.1) ? rng.next() * (height + 10) - 5 : rng.chance(0.1) ? rng.int(height + 1) : rng.next() * height;
        if (i > 0 && rng.chance(0.05)) {
          xs[i] = xs[i - 1]!;
          ys[i] = ys[i - 1]!;
        }
        active[i] = rng.chance(0.85) ? 1 : 0;
      }
      // Rebuild twice: a larger stale set first must leave nothing behind.
      const stale = new Float64Array(count + 5).fill(1);
      hash.rebuild(stale, stale, count + 5);
      hash.rebuild(xs, ys, count, active);
      expect(hash.size).toBe(active.reduce((a, b) => a + b, 0));
      for (let q = 0; q < 20; q++) {
        const x = rng.next() * (width + 4) - 2;
        const y = rng.next() * (height + 4) - 2;
        const radius = rng.chance(0.1) ? 0 : rng.next() * 8;
        const max = rng.chance(0.3) ? Infinity : rng.range(0, 12);
        const exclude = count > 0 && rng.chance(0.5) ? rng.int(count) : -1;
        const k = hash.query(x, y, radius, out, max, exclude);
        const want = bruteQuery(xs, ys, count, active, x, y, radius, max, exclude);
        expect(out.slice(0, k), `seed ${SEED} trial ${trial} query ${q}`).toEqual(want);
        // collect: the same agents, uncapped, in any order.
        const all = bruteQuery(xs, ys, count, active, x, y, radius, Infinity, exclude);
        const n = hash.collect(x, y, radius, out, exclude);
        expect(out.slice(0, n).sort((a, b) => a - b), `seed ${SEED} trial ${trial} collect ${q}`).toEqual(all.sort((a, b) => a - b));
      }
    }
  });

  it('finds an agent exactly at the query radius and not one just beyond it', () => {
    const hash = new NeighbourGrid(10, 10, 1);
    const xs = new Float64Array([5, 8, 8.000001]);
    const ys = new Float64Array([5, 5, 5]);
    hash.rebuild(xs, ys, 3);
    const out: number[] = [];
    expect(out.slice(0, hash.query(5, 5, 3, out))).toEqual([0, 1]);
  });

  it('rejects bad sizes and queries with a RangeError naming the value', () => {
    expect(() => new NeighbourGrid(0, 5)).toThrow(/width.*0/);
    expect(() => new NeighbourGrid(5, Number.NaN)).toThrow(/height.*NaN/);
    expect(() => new NeighbourGrid(5, 5, -1)).toThrow(/bucket size.*-1/);
    const hash = new NeighbourGrid(5, 5);
    expect(() => hash.query(Number.NaN, 1, 1, [])).toThrow(/NaN/);
    expect(() => hash.query(1, 1, -2, [])).toThrow(/radius.*-2/);
    expect(() => hash.query(1, 1, 1, [], -1)).toThrow(/cap.*-1/);
  });
});
