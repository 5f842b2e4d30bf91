import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { createPlanner } from '../../../src/planners.js';
import type { LatticeOptions } from '../../../src/search/planner.js';
import type { PathResult } from '../../../src/search/result.js';
import { bruteFirstIllegalSegment } from '../../support/brute-los.js';
import { floodComponents, pointsConnected } from '../../support/dijkstra.js';
import { randomFreePoint } from '../../support/queries.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** Seeded sweeps over thousands of cases: generous on a busy machine. */
const SLOW = { timeout: 120_000 };

/** The planners of this family, each with every lattice and neighbour count it supports. */
const NAMES = ['astar', 'astar-ps', 'jps', 'jps-ps', 'theta', 'lazy-theta'] as const;
const VARIANTS: LatticeOptions[] = [
  { lattice: 'corner', connectivity: 8 },
  { lattice: 'corner', connectivity: 4 },
  { lattice: 'cell', connectivity: 8 },
  { lattice: 'cell', connectivity: 4 },
];
const TOLERANCE = 1e-9;
/** Planners that search the corner lattice between cell centres when asked for cells. */
const SNAPS_TO_CENTRES = new Set(['theta', 'lazy-theta']);

function randomQuery(rng: Rng, grid: Grid, cells: boolean): [number, number, number, number] | undefined {
  const kind = cells ? 'cell' : rng.pick(['corner', 'real'] as const);
  const s = randomFreePoint(rng, grid, kind);
  const g = randomFreePoint(rng, grid, kind);
  return s && g ? [s.x, s.y, g.x, g.y] : undefined;
}

function describeCase(seed: number, t: number, q: readonly number[], grid: Grid, r: PathResult): string {
  return `seed ${seed} case ${t}: (${q[0]}, ${q[1]}) -> (${q[2]}, ${q[3]}) gave ${r.status} ${JSON.stringify(r.points)} on\n${grid.toAscii().join('\n')}`;
}

describe.each(NAMES)('%s on random grids', (name) => {
  it.each(VARIANTS)('legal, at least the straight line, no-path exactly across components (%o)', SLOW, (variant) => {
    const seed = 3000 + NAMES.indexOf(name) * 10 + VARIANTS.indexOf(variant);
    const rng = makeRng(seed);
    const cells = variant.lattice === 'cell';
    let found = 0;
    let separated = 0;
    for (let t = 0; t < 250; t++) {
      const big = rng.chance(0.1);
      const grid = randomGrid(rng, big ? { width: rng.range(32, 64), height: rng.range(32, 64) } : {});
      const labels = floodComponents(grid);
      const planner = createPlanner(name, grid, variant);
      for (let k = 0; k < 3; k++) {
        const q = randomQuery(rng, grid, cells);
        if (!q) continue;
        const r = planner.findPath(...q);
        const label = describeCase(seed, t, q, grid, r);
        expect(r.status === 'no-path', label).toBe(!pointsConnected(grid, labels, ...q));
        if (r.status !== 'found') {
          expect(r.status, label).toBe('no-path');
          separated++;
          continue;
        }
        found++;
        expect(bruteFirstIllegalSegment(grid, r.points), label).toBe(-1);
        expect(r.points[0], label).toEqual({ x: q[0], y: q[1] });
        expect(r.points.at(-1), label).toEqual({ x: q[2], y: q[3] });
        expect(r.length, label).toBeGreaterThanOrEqual(Math.hypot(q[2] - q[0], q[3] - q[1]) - TOLERANCE);
      }
    }
    expect(found).toBeGreaterThan(300);
    expect(separated).toBeGreaterThan(10);
  });
});

describe('any-angle planners against A* on the same lattice', () => {
  it.each([8, 4] as const)('Theta* and A* PS are never longer than A*; Lazy Theta* rarely and barely (%i neighbours)', SLOW, (connectivity) => {
    const seed = 3500 + connectivity;
    const rng = makeRng(seed);
    let compared = 0;
    let lazyLonger = 0;
    let thetaShorter = 0;
    for (let t = 0; t < 600; t++) {
      const grid = randomGrid(rng, rng.chance(0.2) ? { width: rng.range(32, 64), height: rng.range(32, 64) } : {});
      const [astar, ps, theta, lazy] = ['astar', 'astar-ps', 'theta', 'lazy-theta'].map((n) => createPlanner(n, grid, { connectivity }));
      for (let k = 0; k < 3; k++) {
        const q = randomQuery(rng, grid, false);
        if (!q) continue;
        const a = astar!.findPath(...q);
        if (a.status !== 'found') continue;
        const label = `seed ${seed} case ${t}: (${q.join(', ')}) on\n${grid.toAscii().join('\n')}`;
        const th = theta!.findPath(...q);
        expect(th.length, label).toBeLessThanOrEqual(a.length + TOLERANCE);
        expect(ps!.findPath(...q).length, label).toBeLessThanOrEqual(a.length + TOLERANCE);
        const lz = lazy!.findPath(...q);
        if (lz.length > a.length + TOLERANCE) lazyLonger++;
        expect(lz.length, label).toBeLessThanOrEqual(a.length * 1.1);
        if (th.length < a.length - 1e-6) thetaShorter++;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(thetaShorter).toBeGreaterThan(compared / 4);
    expect(lazyLonger).toBeLessThan(compared / 100);
  });
});

describe.each(NAMES)('%s: search options', (name) => {
  it('a resumable search gives the one-shot result whatever the budget per call', SLOW, () => {
    const seed = 3600 + NAMES.indexOf(name);
    const rng = makeRng(seed);
    for (let t = 0; t < 120; t++) {
      const grid = randomGrid(rng, { width: rng.range(1, 40), height: rng.range(1, 40) });
      const variant = rng.pick(VARIANTS);
      const planner = createPlanner(name, grid, variant);
      const q = randomQuery(rng, grid, variant.lattice === 'cell');
      if (!q) continue;
      const once = planner.findPath(...q);
      const search = planner.createSearch(...q);
      const per = rng.range(1, 9);
      let result: PathResult | undefined;
      for (let calls = 0; !(result = search.step(per)); calls++) {
        expect(calls, `seed ${seed} case ${t}`).toBeLessThan(once.expanded + 2);
      }
      expect(result, `seed ${seed} case ${t}`).toEqual(once);
    }
  });

  it('weight, expansion cap and cancel', () => {
    const grid = Grid.fromAscii(['..........', '.@@@@@@@@.', '.@......@.', '.@.@@@@.@.', '...@..@...', '.@.@..@.@.', '..........']);
    const planner = createPlanner(name, grid);
    const best = planner.findPath(0, 0, 5, 5);
    expect(best.status).toBe('found');
    const weighted = planner.findPath(0, 0, 5, 5, { weight: 3 });
    expect(weighted.status).toBe('found');
    expect(weighted.length).toBeLessThanOrEqual(3 * best.length + TOLERANCE);
    const capped = planner.findPath(0, 0, 5, 5, { maxExpansions: 1 });
    expect(capped.status).toBe('budget');
    expect(capped.expanded).toBe(1);
    const search = planner.createSearch(0, 0, 5, 5);
    expect(search.step(1)).toBeUndefined();
    search.cancel();
    expect(search.step()?.status).toBe('cancelled');
    // findPath shares the planner's search memory, so it ends a paused search as a new search would.
    const paused = planner.createSearch(0, 0, 5, 5);
    expect(paused.step(1)).toBeUndefined();
    expect(planner.findPath(0, 0, 9, 6)).toEqual(createPlanner(name, grid).findPath(0, 0, 9, 6));
    expect(paused.step()?.status).toBe('cancelled');
  });

  it('bad input gets a status, never an exception', () => {
    const grid = Grid.fromAscii(['..@', '...']);
    for (const variant of VARIANTS) {
      const planner = createPlanner(name, grid, variant);
      const status = (...q: [number, number, number, number]): string => planner.findPath(...q).status;
      expect(status(NaN, 0, 1, 1)).toBe('invalid');
      expect(status(0.5, 0.5, 1, -Infinity)).toBe('invalid');
      expect(status(-1, 0, 1, 1)).toBe('out-of-bounds');
      expect(status(0.5, 0.5, 1.5, 2.5)).toBe('out-of-bounds');
      expect(status(2.5, 0.5, 0.5, 0.5)).toBe('start-blocked');
      expect(status(0.5, 0.5, 2.5, 0.5)).toBe('goal-blocked');
      expect(status(1.5, 1.5, 1.5, 1.5)).toBe('found');
      expect(planner.findPath(1.5, 1.5, 1.5, 1.5).length).toBe(0);
      expect(planner.findPath(0.5, 0.5, 1.5, 1.5, { weight: NaN }).status).toBe('invalid');
      expect(planner.findPath(0.5, 0.5, 1.5, 1.5, { maxExpansions: -5 }).status).toBe('invalid');
    }
    const one = Grid.fromAscii(['.']);
    const blockedOne = Grid.fromAscii(['@']);
    const empty = new Grid(0, 0);
    for (const variant of VARIANTS) {
      expect(createPlanner(name, one, variant).findPath(0.5, 0.5, 0.5, 0.5).status).toBe('found');
      expect(createPlanner(name, one, variant).findPath(0, 0, 1, 1).status).toBe('found');
      expect(createPlanner(name, blockedOne, variant).findPath(0, 0, 1, 1).status).toBe('start-blocked');
      expect(['start-blocked', 'out-of-bounds']).toContain(createPlanner(name, empty, variant).findPath(0, 0, 0, 0).status);
    }
  });
});
