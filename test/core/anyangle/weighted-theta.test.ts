import { describe, expect, it } from 'vitest';
import { LazyThetaStar } from '../../../src/anyangle/lazy-theta-star.js';
import { ThetaStar } from '../../../src/anyangle/theta-star.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import { segmentCost } from '../../../src/grid/segment-cost.js';
import { AStar } from '../../../src/search/astar.js';
import type { PathResult } from '../../../src/search/result.js';
import { brutePathLegal } from '../../support/brute-los.js';
import { sampledPathCost } from '../../support/cost-sampler.js';
import { randomFreePoint, type PointKind } from '../../support/queries.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** Slack for float sums of the same path costs computed in different orders. */
const SUM_SLACK = 1e-9;

/** The path's cost checked against the independent sampler, to its tolerance (1e-3 per tile). */
function expectSampledCost(grid: Grid, r: PathResult, label: string): void {
  expect(r.cost, label).toBeDefined();
  expect(Math.abs(r.cost! - sampledPathCost(grid, r.points)), label).toBeLessThanOrEqual(1e-3 * Math.max(1, r.length));
}

describe.each([
  ['Theta*', ThetaStar],
  ['Lazy Theta*', LazyThetaStar],
] as const)('%s on weighted grids: hand-worked cases', (_, Planner) => {
  it('runs along an edge at the cheaper side, and bends off a costly row when that is cheaper than straight', () => {
    // Along the row line y = 1 each piece takes the cheaper of its two cells: 1, not the 9 above.
    const g = new Grid(4, 2).setCost(2, 0, 9);
    const r = new Planner(g).findPath(0, 1, 4, 1);
    expect(r.points).toEqual([{ x: 0, y: 1 }, { x: 4, y: 1 }]);
    expect(r.cost).toBe(4);
    // Row 0 costs 10, row 1 costs 1. Straight (0,0)-(4,2) spends half its √20 in row 0: √5·11.
    // Down the map border (cell (0,0) only, 10), then straight through row 1 (√17): 10 + √17.
    // A* on the lattice: 10 down, three edge moves at 1, one diagonal in row 1: 13 + √2.
    const h = new Grid(4, 2).fillCosts(0, 0, 4, 2, (_x, y) => (y === 0 ? 10 : 1));
    const q = new Planner(h).findPath(0, 0, 4, 2);
    expect(q.points).toEqual([{ x: 0, y: 0 }, { x: 0, y: 1 }, { x: 4, y: 2 }]);
    expect(q.cost).toBeCloseTo(10 + Math.sqrt(17), 12);
    expect(new AStar(h).findPath(0, 0, 4, 2).cost).toBeCloseTo(13 + Math.SQRT2, 12);
    expect(segmentCost(h, 0, 0, 4, 2)).toBeCloseTo(Math.sqrt(5) * 11, 12);
    expectSampledCost(h, q, 'bend');
  });

  it('reports cost equal to length on a uniform grid, and the weighted cost otherwise', () => {
    const g = new Grid(5, 5);
    const r = new Planner(g).findPath(0, 0, 5, 3);
    expect(r.cost).toBe(r.length);
    g.fillCosts(0, 0, 5, 5, () => 2);
    const w = new Planner(g).findPath(0, 0, 5, 3);
    expect(w.points).toEqual([{ x: 0, y: 0 }, { x: 5, y: 3 }]);
    expect(w.cost).toBeCloseTo(2 * Math.hypot(5, 3), 12);
  });

  it('joins real start and goal points with weighted legs', () => {
    const g = Grid.fromAscii(['.....', '.@@@.', '.....']).fillCosts(0, 0, 5, 3, (x) => 1 + x);
    const r = new Planner(g).findPath(0.5, 0.5, 4.25, 2.75);
    expect(r.status).toBe('found');
    expect(brutePathLegal(g, r.points)).toBe(true);
    expectSampledCost(g, r, 'real ends');
    expect(r.cost!).toBeLessThanOrEqual(new AStar(g).findPath(0.5, 0.5, 4.25, 2.75).cost! + SUM_SLACK);
  });
});

/** Tallies of one sweep: how often each planner beats A*, and the mean cost ratio to A*. */
interface Tally {
  queries: number;
  thetaCheaper: number;
  lazyCheaper: number;
  lazyAbove: number;
  thetaRatio: number;
  lazyRatio: number;
}

/**
 * Checks Theta* and Lazy Theta* against weighted A* on the corner lattice over random queries of
 * the grids `make` draws: the same status, legal legs from the exact start to the exact goal, a
 * cost equal to the sampled integral along the legs, and Theta* never above A*.
 */
function sweep(seed: number, count: number, make: (rng: Rng) => Grid, kinds: PointKind[]): Tally {
  const rng = makeRng(seed);
  const tally: Tally = { queries: 0, thetaCheaper: 0, lazyCheaper: 0, lazyAbove: 0, thetaRatio: 0, lazyRatio: 0 };
  while (tally.queries < count) {
    const g = make(rng);
    if (!g.weighted) continue;
    // The bound holds on either connectivity, against A* on the same lattice.
    const options = { connectivity: rng.chance(0.25) ? 4 : 8 } as const;
    const astar = new AStar(g, options);
    const theta = new ThetaStar(g, options);
    const lazy = new LazyThetaStar(g, options);
    for (let q = 0; q < 6; q++) {
      const s = randomFreePoint(rng, g, rng.pick(kinds));
      const t = randomFreePoint(rng, g, rng.pick(kinds));
      if (!s || !t) continue;
      const a = astar.findPath(s.x, s.y, t.x, t.y);
      const th = theta.findPath(s.x, s.y, t.x, t.y);
      const lz = lazy.findPath(s.x, s.y, t.x, t.y);
      const label = `seed ${seed}: (${s.x}, ${s.y}) -> (${t.x}, ${t.y}) on\n${g.toAscii().join('\n')}\ncosts ${Array.from(g.costs!).map((c) => c.toFixed(3))}`;
      expect(th.status, label).toBe(a.status);
      expect(lz.status, label).toBe(a.status);
      if (a.status !== 'found' || a.cost! === 0) continue;
      for (const [r, name] of [
        [th, 'theta'],
        [lz, 'lazy'],
      ] as const) {
        expect(brutePathLegal(g, r.points), `${name} ${label}`).toBe(true);
        expect(r.points[0], `${name} ${label}`).toEqual(s);
        expect(r.points.at(-1), `${name} ${label}`).toEqual(t);
        expectSampledCost(g, r, `${name} ${label}`);
      }
      expect(th.cost!, `theta ${label}`).toBeLessThanOrEqual(a.cost! + SUM_SLACK);
      tally.queries++;
      if (th.cost! < a.cost! - SUM_SLACK) tally.thetaCheaper++;
      if (lz.cost! < a.cost! - SUM_SLACK) tally.lazyCheaper++;
      if (lz.cost! > a.cost! + SUM_SLACK) tally.lazyAbove++;
      tally.thetaRatio += th.cost! / a.cost!;
      tally.lazyRatio += lz.cost! / a.cost!;
    }
  }
  return tally;
}

/** Terrain in patches: each cell takes the cost (1 to 10) of the nearest of a few random centres. */
function patchCosts(rng: Rng, g: Grid): Grid {
  const centres = Array.from({ length: 8 }, () => ({ x: rng.next() * g.width, y: rng.next() * g.height, cost: rng.range(1, 10) }));
  return g.fillCosts(0, 0, g.width, g.height, (x, y) => {
    let best = centres[0]!;
    for (const c of centres) if (Math.hypot(x - c.x, y - c.y) < Math.hypot(x - best.x, y - best.y)) best = c;
    return best.cost;
  });
}

describe('weighted Theta* and Lazy Theta* on random weighted grids', () => {
  it('legal legs, cost = the sampled integral, Theta* never above weighted A* (small grids, a cost per cell)', () => {
    const t = sweep(0x7e7a, 600, (rng) => {
      const g = randomGrid(rng, { width: rng.range(2, 16), height: rng.range(2, 16), density: rng.next() * 0.4 });
      const real = rng.chance(0.5);
      return g.fillCosts(0, 0, g.width, g.height, () => (real ? 1 + rng.next() * 9 : rng.range(1, 10)));
    }, ['corner', 'corner', 'corner', 'real', 'cell']);
    // Short queries on cell-by-cell noise: many lattice paths are already the cheapest any-angle
    // ones (measured: Theta* cheaper on 322 of 600, mean ratio 0.973; Lazy Theta* above A* on 3).
    expect(t.thetaCheaper).toBeGreaterThan(t.queries / 3);
    expect(t.lazyAbove).toBeLessThan(t.queries / 50);
  });

  it('the same on larger grids of terrain patches, where Theta* is cheaper than A* on most queries', () => {
    const t = sweep(0x9a7c, 120, (rng) => patchCosts(rng, randomGrid(rng, { width: rng.range(24, 48), height: rng.range(24, 48), density: rng.next() * 0.3 })), ['corner']);
    // Measured: cheaper on 114 of 122, mean ratio 0.950; Lazy Theta* never above A*.
    expect(t.thetaCheaper).toBeGreaterThan(t.queries * 0.8);
    expect(t.thetaRatio / t.queries).toBeLessThan(0.99);
    expect(t.lazyAbove).toBeLessThan(t.queries / 20);
  });
});

/**
 * Pinter's road problem: an L-shaped road of cost 1, two cells wide, on grass of cost 3. The road
 * runs east along rows 2-3 from column 0 to 15, then south along columns 14-15 to the bottom.
 */
function roadGrid(): { grid: Grid; onRoad: (x: number, y: number) => boolean } {
  const road = (x: number, y: number): boolean => (y >= 2 && y <= 3 && x <= 15) || (x >= 14 && x <= 15 && y >= 2);
  const grid = new Grid(20, 20).fillCosts(0, 0, 20, 20, (x, y) => (road(x, y) ? 1 : 3));
  // A point keeps to the road when some road cell's closed square holds it.
  const onRoad = (x: number, y: number): boolean => {
    for (const cx of [Math.floor(x), Math.ceil(x) - 1]) {
      for (const cy of [Math.floor(y), Math.ceil(y) - 1]) if (road(cx, cy) && cx >= 0 && cy >= 0) return true;
    }
    return false;
  };
  return { grid, onRoad };
}

/** Points along a polyline every `step` tiles, and its vertices. */
function samples(points: readonly Point[], step = 0.01): Point[] {
  const out: Point[] = [...points];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step);
    for (let k = 1; k < n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  return out;
}

describe('the road problem', () => {
  it('weighted Theta* and Lazy Theta* keep to an L-shaped road; on a uniform grid Theta* cuts the corner', () => {
    const { grid, onRoad } = roadGrid();
    const ends: [number, number, number, number][] = [
      [1, 3, 15, 18],
      [0.5, 2.5, 14.5, 19.5],
      [15, 19, 2, 2],
    ];
    for (const [sx, sy, gx, gy] of ends) {
      for (const planner of [new ThetaStar(grid), new LazyThetaStar(grid)]) {
        const r = planner.findPath(sx, sy, gx, gy);
        expect(r.status).toBe('found');
        const off = samples(r.points).filter((p) => !onRoad(p.x, p.y));
        expect(off, `${planner.name} ${JSON.stringify(r.points)}`).toEqual([]);
        expectSampledCost(grid, r, planner.name);
      }
      const plain = new ThetaStar(new Grid(20, 20)).findPath(sx, sy, gx, gy);
      expect(samples(plain.points).some((p) => !onRoad(p.x, p.y))).toBe(true);
    }
  });
});
