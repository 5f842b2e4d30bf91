import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { AStar } from '../../../src/search/astar.js';
import { brutePathLegal } from '../../support/brute-los.js';
import { dijkstraLength, lengthMismatch, floodComponents, pointsConnected, LATTICE_SPECS } from '../../support/dijkstra.js';
import { randomFreePoint, type PointKind } from '../../support/queries.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Seeded sweeps over thousands of cases: generous on a busy machine. */
const SLOW = { timeout: 120_000 };

const TOLERANCE = 1e-9;

describe('A*: hand-worked cases', () => {
  it('crosses an open map diagonally on the corner lattice and in cell steps on the cell lattice', () => {
    const g = Grid.fromAscii(['...', '...', '...']);
    const corner = new AStar(g).findPath(0, 0, 3, 3);
    expect(corner.status).toBe('found');
    expect(corner.length).toBeCloseTo(3 * Math.SQRT2, 12);
    expect(corner.points[0]).toEqual({ x: 0, y: 0 });
    expect(corner.points.at(-1)).toEqual({ x: 3, y: 3 });
    const cell = new AStar(g, { lattice: 'cell' }).findPath(0.5, 0.5, 2.5, 2.5);
    expect(cell.length).toBeCloseTo(2 * Math.SQRT2, 12);
    const four = new AStar(g, { connectivity: 4 }).findPath(0, 0, 3, 2);
    expect(four.length).toBe(5);
  });

  it('goes around a wall', () => {
    const g = Grid.fromAscii(['....', '.@@.', '....']);
    // Corners (0,1) to (4,2): under the wall along its top edge costs 1 + 2 + 1... the best is
    // (0,1) -> (1,1) -> (3,1) -> (4,2): 1 + 2 + sqrt(2).
    const r = new AStar(g).findPath(0, 1, 4, 2);
    expect(r.length).toBeCloseTo(3 + Math.SQRT2, 12);
    expect(brutePathLegal(g, r.points)).toBe(true);
  });

  it('may run along an edge with one free cell, never between two blocked cells', () => {
    // Row line y = 1 runs between the blocked top row and the free bottom row: legal.
    const g = Grid.fromAscii(['@@@', '...']);
    expect(new AStar(g).findPath(0, 1, 3, 1).length).toBe(3);
    // Two blocked rows around a line: the line is closed, and the cells beyond are another region.
    const h = Grid.fromAscii(['...', '@@@', '@@@', '...']);
    expect(new AStar(h).findPath(0, 2, 3, 2).status).toBe('start-blocked');
    expect(new AStar(h).findPath(0, 0, 0, 4).status).toBe('no-path');
  });

  it('never squeezes through a double corner', () => {
    // Corner (1,1) touches blocked (0,0) and (1,1) and free (1,0) and (0,1): free cells meet at a
    // corner only, so they are different regions.
    const g = Grid.fromAscii(['@.', '.@']);
    expect(new AStar(g).findPath(0, 2, 2, 0).status).toBe('no-path');
    // The corner itself is reachable from both sides, as an end point.
    expect(new AStar(g).findPath(0, 2, 1, 1).length).toBeCloseTo(Math.SQRT2, 12);
    expect(new AStar(g).findPath(1, 1, 2, 0).length).toBeCloseTo(Math.SQRT2, 12);
    // With a way round, the path takes it.
    const h = Grid.fromAscii(['...', '.@.', '@..']);
    const r = new AStar(h).findPath(0, 2, 2, 1);
    expect(r.status).toBe('found');
    expect(r.points.some((p) => p.x === 1 && p.y === 2)).toBe(false);
    expect(brutePathLegal(h, r.points)).toBe(true);
  });

  it('cell lattice: no corner cutting', () => {
    const g = Grid.fromAscii(['.@', '..']);
    // (0,0) to (1,1) diagonally would cut the blocked (1,0): two orthogonal steps instead.
    expect(new AStar(g, { lattice: 'cell' }).findPath(0.5, 0.5, 1.5, 1.5).length).toBe(2);
  });

  it('joins real start and goal points by straight legs to the corners they see', () => {
    const g = Grid.fromAscii(['....', '....']);
    const r = new AStar(g).findPath(0.5, 0.5, 3.5, 1.5);
    expect(r.status).toBe('found');
    expect(r.points[0]).toEqual({ x: 0.5, y: 0.5 });
    expect(r.points.at(-1)).toEqual({ x: 3.5, y: 1.5 });
    // Two points in the same cell see each other: one straight leg.
    const same = new AStar(g).findPath(0.25, 0.25, 0.75, 0.5);
    expect(same.points).toEqual([
      { x: 0.25, y: 0.25 },
      { x: 0.75, y: 0.5 },
    ]);
  });
});

describe('A*: lengths equal an independent Dijkstra on random grids', () => {
  for (const spec of LATTICE_SPECS) {
    const kinds: PointKind[] = spec.lattice === 'corner' ? ['corner', 'real'] : ['cell'];
    it(`${spec.lattice} lattice, ${spec.connectivity} neighbours`, SLOW, () => {
      const seed = 1000 + LATTICE_SPECS.indexOf(spec);
      const rng = makeRng(seed);
      let compared = 0;
      for (let t = 0; t < 500; t++) {
        const big = rng.chance(0.1);
        const grid = randomGrid(rng, big ? { width: rng.range(30, 64), height: rng.range(30, 64) } : {});
        const planner = new AStar(grid, spec);
        const labels = floodComponents(grid);
        for (let q = 0; q < 4; q++) {
          const kind = rng.pick(kinds);
          const s = randomFreePoint(rng, grid, kind);
          const g = randomFreePoint(rng, grid, kind);
          if (!s || !g) continue;
          const r = planner.findPath(s.x, s.y, g.x, g.y);
          const expected = dijkstraLength(grid, spec, s.x, s.y, g.x, g.y);
          const label = `seed ${seed} case ${t}: (${s.x}, ${s.y}) -> (${g.x}, ${g.y}) on\n${grid.toAscii().join('\n')}`;
          expect(lengthMismatch(r, expected), label).toBeUndefined();
          if (spec.lattice === 'corner') {
            expect(r.status === 'no-path', label).toBe(!pointsConnected(grid, labels, s.x, s.y, g.x, g.y));
            if (r.status === 'found') expect(brutePathLegal(grid, r.points), label).toBe(true);
          }
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }
});

describe('A*: options', () => {
  const grid = Grid.fromAscii(['..........', '.@@@@@@@@.', '.@......@.', '.@.@@@@.@.', '...@..@...', '.@.@..@.@.', '..........']);

  it('a weight above 1 keeps the path within that factor of the shortest', () => {
    const planner = new AStar(grid);
    const best = planner.findPath(0, 0, 5, 5).length;
    for (const weight of [1.5, 2, 5]) {
      const r = planner.findPath(0, 0, 5, 5, { weight });
      expect(r.status).toBe('found');
      expect(r.length).toBeLessThanOrEqual(best * weight + TOLERANCE);
    }
  });

  it('stops with status budget at the expansion cap', () => {
    const planner = new AStar(grid);
    const full = planner.findPath(0, 0, 5, 5);
    const capped = planner.findPath(0, 0, 5, 5, { maxExpansions: 3 });
    expect(capped.status).toBe('budget');
    expect(capped.expanded).toBe(3);
    expect(planner.findPath(0, 0, 5, 5, { maxExpansions: full.expanded }).status).toBe('found');
  });

  it('a resumable search gives the one-shot path whatever the budget per step', SLOW, () => {
    const rng = makeRng(77);
    for (let t = 0; t < 200; t++) {
      const g = randomGrid(rng, { width: rng.range(1, 40), height: rng.range(1, 40) });
      const spec = rng.pick(LATTICE_SPECS);
      const planner = new AStar(g, spec);
      const s = randomFreePoint(rng, g, spec.lattice === 'cell' ? 'cell' : 'real');
      const e = randomFreePoint(rng, g, spec.lattice === 'cell' ? 'cell' : 'real');
      if (!s || !e) continue;
      const once = planner.findPath(s.x, s.y, e.x, e.y);
      const search = planner.createSearch(s.x, s.y, e.x, e.y);
      const per = rng.range(0, 7);
      let result;
      let calls = 0;
      while (!(result = search.step(per))) {
        calls++;
        expect(calls).toBeLessThan(100000);
        if (per === 0) break;
      }
      // A zero budget makes no progress, unless the query ends before any expansion.
      if (per === 0 && !result) result = search.step(Infinity);
      expect(result).toEqual(once);
    }
  });

  it('cancel ends a search; a newer search cancels the older one', () => {
    const planner = new AStar(grid);
    const a = planner.createSearch(0, 0, 5, 5);
    expect(a.step(1)).toBeUndefined();
    a.cancel();
    expect(a.step()?.status).toBe('cancelled');
    const b = planner.createSearch(0, 0, 5, 5);
    expect(b.step(1)).toBeUndefined();
    const c = planner.createSearch(0, 0, 9, 6);
    expect(b.step()?.status).toBe('cancelled');
    expect(c.step()?.status).toBe('found');
  });

  it('a grid change while paused restarts the search', () => {
    const g = grid.clone();
    const planner = new AStar(g);
    const search = planner.createSearch(0, 0, 5, 5);
    expect(search.step(2)).toBeUndefined();
    g.setBlocked(4, 0, true);
    const r = search.step();
    expect(r?.status).toBe('found');
    expect(brutePathLegal(g, r!.points)).toBe(true);
  });
});

describe('A*: bad input gets a status', () => {
  const grid = Grid.fromAscii(['..@', '...']);
  const cases: [string, [number, number, number, number], string][] = [
    ['NaN start', [NaN, 0, 1, 1], 'invalid'],
    ['infinite goal', [0, 0, Infinity, 1], 'invalid'],
    ['start off the map', [-1, 0, 1, 1], 'out-of-bounds'],
    ['goal off the map', [0, 0, 3.5, 1], 'out-of-bounds'],
    ['start inside a wall', [2.5, 0.5, 0, 0], 'start-blocked'],
    ['goal inside a wall', [0, 0, 2.5, 0.5], 'goal-blocked'],
    ['corner sealed by walls (top-right border corner)', [3, 0, 0, 0], 'start-blocked'],
  ];
  for (const [what, [sx, sy, gx, gy], status] of cases) {
    it(what, () => {
      for (const spec of LATTICE_SPECS) expect(new AStar(grid, spec).findPath(sx, sy, gx, gy).status).toBe(status);
    });
  }

  it('start equal to goal is a one-point path of length 0', () => {
    const r = new AStar(grid).findPath(1, 1, 1, 1);
    expect(r).toMatchObject({ status: 'found', length: 0, points: [{ x: 1, y: 1 }] });
    expect(new AStar(grid).findPath(0.5, 0.5, 0.5, 0.5).length).toBe(0);
  });

  it('1x1 and empty maps', () => {
    const one = Grid.fromAscii(['.']);
    expect(new AStar(one).findPath(0, 0, 1, 1).length).toBeCloseTo(Math.SQRT2, 12);
    expect(new AStar(one, { lattice: 'cell' }).findPath(0, 0, 1, 1).status).toBe('found');
    const wall = Grid.fromAscii(['@']);
    expect(new AStar(wall).findPath(0, 0, 1, 1).status).toBe('start-blocked');
    const empty = new Grid(0, 0);
    for (const spec of LATTICE_SPECS) {
      expect(['start-blocked', 'out-of-bounds']).toContain(new AStar(empty, spec).findPath(0, 0, 0, 0).status);
    }
  });

  it('bad options', () => {
    const planner = new AStar(grid);
    expect(planner.findPath(0, 0, 1, 1, { weight: NaN }).status).toBe('invalid');
    expect(planner.findPath(0, 0, 1, 1, { weight: -1 }).status).toBe('invalid');
    expect(planner.findPath(0, 0, 1, 1, { maxExpansions: -1 }).status).toBe('invalid');
    expect(planner.createSearch(0, 0, 1, 1).step(NaN)?.status).toBe('invalid');
    expect(() => new AStar(grid, { connectivity: 6 as 4 })).toThrow(RangeError);
  });
});

/** A* that breaks ties toward the start-goal line, as A* PS does. */
class LineTiesAStar extends AStar {
  protected override readonly lineTies: boolean = true;
}

/** Largest distance of a polyline's vertices from the line through its first and last points. */
function farthestFromLine(points: readonly { x: number; y: number }[]): number {
  const a = points[0]!;
  const b = points.at(-1)!;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  return Math.max(...points.map((p) => Math.abs((p.x - a.x) * (b.y - a.y) - (p.y - a.y) * (b.x - a.x)) / len));
}

describe('A*: ties toward the start-goal line', () => {
  it('on an open map, picks the optimal lattice path that hugs the straight line', () => {
    const g = Grid.fromAscii(Array.from({ length: 30 }, () => '.'.repeat(30)));
    for (const [gx, gy] of [[29, 11], [7, 30], [30, 30], [30, 1]] as const) {
      const line = new LineTiesAStar(g).findPath(0, 0, gx, gy);
      const plain = new AStar(g).findPath(0, 0, gx, gy);
      expect(line.length).toBeCloseTo(plain.length, 12);
      // One octile step from the line at most: the lattice path zig-zags along it.
      expect(farthestFromLine(line.points)).toBeLessThanOrEqual(Math.SQRT1_2 + 1e-12);
    }
    // Plain A* (ties to the larger g) takes the diagonal first: an L far from the line.
    expect(farthestFromLine(new AStar(g).findPath(0, 0, 29, 11).points)).toBeGreaterThan(3);
  });

  it('stays optimal: equal to Dijkstra on seeded random grids, lattice and off-lattice ends', SLOW, () => {
    const rng = makeRng(812);
    for (let t = 0; t < 300; t++) {
      const grid = randomGrid(rng);
      const spec = LATTICE_SPECS[t % LATTICE_SPECS.length]!;
      const kinds: PointKind[] = spec.lattice === 'corner' ? ['corner', 'real'] : ['cell'];
      const planner = new LineTiesAStar(grid, spec);
      for (let q = 0; q < 4; q++) {
        const kind = kinds[q % kinds.length]!;
        const s = randomFreePoint(rng, grid, kind);
        const e = randomFreePoint(rng, grid, kind);
        if (!s || !e) continue;
        const r = planner.findPath(s.x, s.y, e.x, e.y);
        const expected = dijkstraLength(grid, spec, s.x, s.y, e.x, e.y);
        expect(lengthMismatch(r, expected, 1e-6), `grid ${t} ${JSON.stringify(spec)} (${s.x}, ${s.y}) -> (${e.x}, ${e.y})\n${grid.toAscii().join('\n')}`).toBeUndefined();
      }
    }
  });
});
