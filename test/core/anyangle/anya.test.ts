import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Anya } from '../../../src/anyangle/anya.js';
import { VisibilityGraph } from '../../../src/anyangle/visibility-graph.js';
import { Grid } from '../../../src/grid/grid.js';
import { isDoubleCorner, isPointFree, type Point } from '../../../src/grid/point.js';
import { parseScenarios } from '../../../src/grid/scenario.js';
import { createPlanner } from '../../../src/planners.js';
import type { PathResult } from '../../../src/search/result.js';
import { bruteFirstIllegalSegment } from '../../support/brute-los.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** The tolerance: equal to the visibility-graph optimum within 1e-9 relative. */
const SAME = 1e-9;

/** Why Anya's result disagrees with the reference, or '' when it does not. */
function disagreement(grid: Grid, a: PathResult, v: PathResult, s: Point, t: Point): string {
  if (a.status !== v.status) return `status ${a.status}, vg ${v.status}`;
  if (a.status !== 'found') return '';
  if (Math.abs(a.length - v.length) > SAME * Math.max(1, v.length)) return `length ${a.length}, vg ${v.length}`;
  const illegal = bruteFirstIllegalSegment(grid, a.points);
  if (illegal >= 0) return `segment ${illegal} is illegal`;
  const first = a.points[0]!;
  const last = a.points[a.points.length - 1]!;
  if (first.x !== s.x || first.y !== s.y || last.x !== t.x || last.y !== t.y) return 'wrong end points';
  for (let i = 1; i + 1 < a.points.length; i++) {
    const p = a.points[i]!;
    if (Number.isInteger(p.x) && Number.isInteger(p.y) && isDoubleCorner(grid, p.x, p.y)) return `turns at double corner ${i}`;
  }
  return '';
}

function describeCase(grid: Grid, seed: number, s: Point, t: Point, why: string): string {
  return `seed ${seed}: (${s.x}, ${s.y}) -> (${t.x}, ${t.y}): ${why}\n${grid.toAscii().join('\n')}`;
}

/** The double corners of a grid. */
function doubleCorners(grid: Grid): Point[] {
  const out: Point[] = [];
  for (let y = 1; y < grid.height; y++) {
    for (let x = 1; x < grid.width; x++) if (isDoubleCorner(grid, x, y)) out.push({ x, y });
  }
  return out;
}

/**
 * A free query point of a random kind: any corner, a double corner, a border point, a point on a
 * row or column line, a point inside a cell, or a point a hair's breadth from a corner (where
 * rounding would decide the wrong side).
 */
function randomPoint(rng: Rng, grid: Grid, dcs: readonly Point[]): Point | undefined {
  const W = grid.width;
  const H = grid.height;
  for (let tries = 0; tries < 20; tries++) {
    let p: Point;
    switch (rng.int(7)) {
      case 0:
        p = { x: rng.int(W + 1), y: rng.int(H + 1) };
        break;
      case 1:
        if (dcs.length === 0) continue;
        p = rng.pick(dcs);
        break;
      case 2: {
        const along = rng.chance(0.5) ? rng.int(W * 4 + 1) / 4 : rng.next() * W;
        const across = rng.chance(0.5) ? rng.int(H * 4 + 1) / 4 : rng.next() * H;
        p = rng.pick([
          { x: along, y: 0 },
          { x: along, y: H },
          { x: 0, y: across },
          { x: W, y: across },
        ]);
        break;
      }
      case 3:
        p = { x: rng.next() * W, y: rng.int(H + 1) };
        break;
      case 4:
        p = { x: rng.int(W + 1), y: rng.next() * H };
        break;
      case 5:
        p = { x: rng.next() * W, y: rng.next() * H };
        break;
      default: {
        const eps = rng.pick([1e-9, 2 ** -40, 1e-13]);
        p = { x: rng.int(W + 1) + rng.pick([-eps, 0, eps]), y: rng.int(H + 1) + rng.pick([-eps, 0, eps]) };
      }
    }
    if (isPointFree(grid, p.x, p.y)) return p;
  }
  return undefined;
}

/** Runs `queries` random queries on each of `grids` random grids; returns the first disagreement. */
function compareOnRandomGrids(firstSeed: number, grids: number, queries: number, mode?: 'uniform' | 'tricky'): string {
  let checked = 0;
  for (let seed = firstSeed; seed < firstSeed + grids; seed++) {
    const rng = makeRng(seed);
    const grid = randomGrid(rng, mode ? { mode } : {});
    const dcs = doubleCorners(grid);
    const anya = new Anya(grid);
    const vg = new VisibilityGraph(grid);
    for (let q = 0; q < queries; q++) {
      const s = randomPoint(rng, grid, dcs);
      const t = randomPoint(rng, grid, dcs);
      if (!s || !t) continue;
      const why = disagreement(grid, anya.findPath(s.x, s.y, t.x, t.y), vg.findPath(s.x, s.y, t.x, t.y), s, t);
      if (why) return describeCase(grid, seed, s, t, why);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(grids * queries * 0.8);
  return '';
}

describe('Anya: hand-worked optima', () => {
  it('goes straight across open ground, between any points', () => {
    const g = Grid.fromAscii(['....', '....', '....']);
    const anya = new Anya(g);
    expect(anya.findPath(0, 0, 4, 3).length).toBeCloseTo(5, 12);
    expect(anya.findPath(0.25, 0.5, 3.75, 2.5).points).toEqual([
      { x: 0.25, y: 0.5 },
      { x: 3.75, y: 2.5 },
    ]);
    expect(anya.findPath(4, 0, 0, 3).points).toEqual([
      { x: 4, y: 0 },
      { x: 0, y: 3 },
    ]);
  });

  it('bends at the convex corner of the blocked cell in the way', () => {
    const g = Grid.fromAscii(['...', '.@.', '...']);
    const r = new Anya(g).findPath(0, 0, 3, 3);
    expect(r.length).toBeCloseTo(2 * Math.sqrt(5), 12);
    expect(r.points).toHaveLength(3);
  });

  it('goes round a wall to a target hidden inside a cell behind it', () => {
    // The wall is cells (1,1) and (2,1); from inside cell (0,2) the corner (1,1) is in sight, and
    // from it the target inside cell (2,0).
    const g = Grid.fromAscii(['....', '.@@.', '....']);
    const r = new Anya(g).findPath(0.5, 2.5, 2.5, 0.5);
    expect(r.points).toEqual([
      { x: 0.5, y: 2.5 },
      { x: 1, y: 1 },
      { x: 2.5, y: 0.5 },
    ]);
    expect(r.length).toBeCloseTo(2 * Math.hypot(0.5, 1.5), 12);
  });

  it('never crosses a double corner from one free side to the other', () => {
    const g = Grid.fromAscii(['@..', '.@.', '...']);
    const anya = new Anya(g);
    const r = anya.findPath(0, 2, 2, 0);
    expect(r.length).toBeCloseTo(4, 12);
    expect(r.points.some((p) => p.x === 1 && p.y === 1)).toBe(false);
    // Starting or ending on the double corner is fine, on either side.
    expect(anya.findPath(1, 1, 0, 2).length).toBeCloseTo(Math.SQRT2, 12);
    expect(anya.findPath(1, 1, 2, 0).length).toBeCloseTo(Math.SQRT2, 12);
    expect(anya.findPath(0, 2, 1, 1).length).toBeCloseTo(Math.SQRT2, 12);
    expect(anya.findPath(2, 0, 1, 1).length).toBeCloseTo(Math.SQRT2, 12);
    // Where the free cells meet only at the double corner, they are not connected.
    expect(new Anya(Grid.fromAscii(['@.', '.@'])).findPath(0, 2, 2, 0).status).toBe('no-path');
  });

  it('runs along one-wide corridors and the map border', () => {
    const g = Grid.fromAscii(['@@@@@', '.....', '@@@@@']);
    const anya = new Anya(g);
    expect(anya.findPath(0, 1, 5, 2).length).toBeCloseTo(Math.hypot(5, 1), 12);
    expect(anya.findPath(0, 1.5, 5, 1.5).length).toBeCloseTo(5, 12);
    expect(anya.findPath(5, 2, 0, 1).length).toBeCloseTo(Math.hypot(5, 1), 12);
    const column = Grid.fromAscii(['@.@', '@.@', '@.@', '@.@']);
    expect(new Anya(column).findPath(1, 0, 2, 4).length).toBeCloseTo(Math.hypot(1, 4), 12);
    expect(new Anya(Grid.fromAscii(['...', '...'])).findPath(0, 0, 3, 0).length).toBe(3);
  });

  it('answers start equal to goal with one point, and the failure statuses', () => {
    const g = Grid.fromAscii(['.@.', '.@.']);
    const anya = new Anya(g);
    expect(anya.findPath(0.5, 1, 0.5, 1)).toEqual({ status: 'found', points: [{ x: 0.5, y: 1 }], length: 0, expanded: 0 });
    expect(anya.findPath(0.5, 0.5, 2.5, 0.5).status).toBe('no-path');
    expect(anya.findPath(1.5, 0.5, 0, 0).status).toBe('start-blocked');
    expect(anya.findPath(0, 0, 1.5, 1).status).toBe('goal-blocked');
    expect(anya.findPath(0, 0, 3.5, 0).status).toBe('out-of-bounds');
    expect(anya.findPath(0, Number.POSITIVE_INFINITY, 0, 0).status).toBe('invalid');
    expect(anya.findPath(0, 0, 0, 1, { weight: -1 }).status).toBe('invalid');
  });

  it('is registered as anya, corner semantics only', () => {
    const g = Grid.fromAscii(['..', '..']);
    expect(createPlanner('anya', g).findPath(0, 0, 2, 2).length).toBeCloseTo(2 * Math.SQRT2, 12);
    expect(() => createPlanner('anya', g, { lattice: 'cell' })).toThrow(RangeError);
  });
});

describe('Anya equals the visibility-graph optimum on seeded random grids', () => {
  // Grids of 1..24 cells a side, 0..45% blocked; the tricky ones add one-wide corridors and many
  // double corners. Points: corners, double corners, the border, row and column lines, cell
  // interiors, and points within 1e-9 of a corner.
  it('uniform grids, seeds 1..700', () => {
    expect(compareOnRandomGrids(1, 700, 6, 'uniform')).toBe('');
  }, 120_000);

  it('tricky grids (corridors, double corners), seeds 1001..1700', () => {
    expect(compareOnRandomGrids(1001, 700, 6, 'tricky')).toBe('');
  }, 120_000);

  it('mixed grids, seeds 5001..5700', () => {
    expect(compareOnRandomGrids(5001, 700, 6)).toBe('');
  }, 120_000);

  it('wide and tall grids up to 8192 cells, where the exact rationals get large', () => {
    const rng = makeRng(77);
    for (let k = 0; k < 8; k++) {
      const long = rng.pick([2048, 4096, 8192]);
      const short = rng.range(2, 5);
      const wide = k % 2 === 0;
      const grid = Grid.fromPredicate(wide ? long : short, wide ? short : long, () => rng.chance(0.002));
      // A few walls across the short side with one gap, so paths graze far corners.
      for (let w = 0; w < 6; w++) {
        const at = rng.int(long);
        const gap = rng.int(short);
        for (let i = 0; i < short; i++) {
          if (i !== gap) grid.setBlocked(wide ? at : i, wide ? i : at, true);
        }
      }
      const anya = new Anya(grid);
      const vg = new VisibilityGraph(grid);
      for (let q = 0; q < 4; q++) {
        const s = randomPoint(rng, grid, []);
        const t = randomPoint(rng, grid, []);
        if (!s || !t) continue;
        const why = disagreement(grid, anya.findPath(s.x, s.y, t.x, t.y), vg.findPath(s.x, s.y, t.x, t.y), s, t);
        expect(why, `case ${k}: (${s.x}, ${s.y}) -> (${t.x}, ${t.y})`).toBe('');
      }
    }
  }, 120_000);

  it('the arena map of the Moving AI benchmarks, 60 scenarios as corner points', () => {
    const grid = Grid.fromMovingAi(readFileSync(new URL('../../fixtures/arena.map', import.meta.url), 'utf8'));
    const scenarios = parseScenarios(readFileSync(new URL('../../fixtures/arena.map.scen', import.meta.url), 'utf8'));
    const anya = new Anya(grid);
    const vg = new VisibilityGraph(grid);
    for (let i = 0; i < scenarios.length; i += Math.ceil(scenarios.length / 60)) {
      const { startX, startY, goalX, goalY } = scenarios[i]!;
      const s = { x: startX, y: startY };
      const t = { x: goalX, y: goalY };
      expect(disagreement(grid, anya.findPath(s.x, s.y, t.x, t.y), vg.findPath(s.x, s.y, t.x, t.y), s, t), `scenario ${i}`).toBe('');
    }
  }, 120_000);
});

describe('Anya: resumable search, budget, weight, reuse', () => {
  // Seed 3 connects the two far corners (79 expansions, 10 turns).
  const grid = randomGrid(makeRng(3), { width: 24, height: 24, density: 0.3, mode: 'tricky' });
  grid.setBlocked(0, 0, false).setBlocked(23, 23, false);
  const s = { x: 0, y: 0 };
  const t = { x: 24, y: 24 };

  it('gives the same path in slices of one expansion as in one call', () => {
    const anya = new Anya(grid);
    const whole = anya.findPath(s.x, s.y, t.x, t.y);
    expect(whole.status).toBe('found');
    const search = anya.createSearch(s.x, s.y, t.x, t.y);
    let result: PathResult | undefined;
    let slices = 0;
    while (!(result = search.step(1))) slices++;
    expect(result).toEqual(whole);
    expect(slices).toBe(whole.expanded - 1);
    expect(search.result).toBe(result);
  });

  it('stops with budget, and reports cancelled or replaced searches', () => {
    const anya = new Anya(grid);
    const full = anya.findPath(s.x, s.y, t.x, t.y);
    expect(anya.findPath(s.x, s.y, t.x, t.y, { maxExpansions: 2 })).toMatchObject({ status: 'budget', expanded: 2 });
    const a = anya.createSearch(s.x, s.y, t.x, t.y);
    expect(a.step(1)).toBeUndefined();
    a.cancel();
    expect(a.step()!.status).toBe('cancelled');
    const b = anya.createSearch(s.x, s.y, t.x, t.y);
    b.step(1);
    const c = anya.createSearch(s.x, s.y, t.x, t.y);
    expect(b.step()!.status).toBe('cancelled');
    expect(c.step()!.length).toBe(full.length);
  });

  it('starts over when the grid changes during a paused search', () => {
    const g = Grid.fromAscii(['.....', '.....', '.....']);
    const anya = new Anya(g);
    const search = anya.createSearch(0, 1, 5, 1);
    expect(search.step(0)).toBeUndefined();
    g.setBlocked(2, 0, true).setBlocked(2, 1, true);
    const r = search.step()!;
    // Under the new wall: (0,1) -> (2,2) -> (3,2) -> (5,1).
    expect(r.length).toBeCloseTo(2 * Math.hypot(2, 1) + 1, 12);
    expect(bruteFirstIllegalSegment(g, r.points)).toBe(-1);
  });

  it('with a weight, stays within that factor of the optimum', () => {
    const anya = new Anya(grid);
    const best = anya.findPath(s.x, s.y, t.x, t.y).length;
    for (const weight of [0, 1.5, 3]) {
      const r = anya.findPath(s.x, s.y, t.x, t.y, { weight });
      expect(bruteFirstIllegalSegment(grid, r.points)).toBe(-1);
      expect(r.length).toBeLessThanOrEqual(best * Math.max(1, weight) * (1 + SAME));
    }
  });

  it('answers every query the same whatever queries came before (memory reused)', () => {
    const rng = makeRng(21);
    const queries = Array.from({ length: 40 }, () => [randomPoint(rng, grid, doubleCorners(grid)), randomPoint(rng, grid, [])] as const);
    const shared = new Anya(grid);
    const forward = queries.map(([a, b]) => (a && b ? shared.findPath(a.x, a.y, b.x, b.y) : undefined));
    const backward = [...queries].reverse().map(([a, b]) => (a && b ? shared.findPath(a.x, a.y, b.x, b.y) : undefined));
    expect(backward.reverse()).toEqual(forward);
    queries.forEach(([a, b], i) => {
      if (a && b) expect(new Anya(grid).findPath(a.x, a.y, b.x, b.y)).toEqual(forward[i]);
    });
  });
});
