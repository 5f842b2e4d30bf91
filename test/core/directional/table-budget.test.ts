import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planRoute, RouteContext, type RouteRequest } from '../../../src/follow/route.js';
import { WorkJob } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';
import { MAX_PIECE_UNITS, SteppedBuild } from '../../../src/search/stepped-build.js';
import { DirectionalPlanner, directionalMemory } from '../../../src/directional/directional-planner.js';
import type { CurveGoal } from '../../../src/curves/curve-planner.js';
import { MoveSet, moveSetWork } from '../../../src/directional/hit-check.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import type { Pose } from '../../../src/curves/segment.js';
import { makeRng } from '../../support/rng.js';

const arena = (): Grid => Grid.fromMovingAi(readFileSync(new URL('../../fixtures/arena.map', import.meta.url), 'utf8'));

/** Free lattice poses of `grid` whose footprint of radius rho clears every wall. */
function queries(grid: Grid, rho: number, count: number, seed: number): [Pose, CurveGoal][] {
  const rng = makeRng(seed);
  const free = (x: number, y: number): boolean => {
    for (let cy = Math.floor(y - rho - 1); cy <= y + rho + 1; cy++) {
      for (let cx = Math.floor(x - rho - 1); cx <= x + rho + 1; cx++) if (grid.isBlocked(cx, cy)) return false;
    }
    return true;
  };
  const out: [Pose, CurveGoal][] = [];
  while (out.length < count) {
    const a = { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5 };
    const b = { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5 };
    if (free(a.x, a.y) && free(b.x, b.y)) out.push([{ ...a, heading: (rng.int(8) * Math.PI) / 4 }, b]);
  }
  return out;
}

/** Steps `step(allowance)` to the end; the largest step and the number of steps. */
function stepAll(step: (allowance: number) => number, done: () => boolean, allowance: number): { largest: number; steps: number } {
  let largest = 0;
  let steps = 0;
  while (!done()) {
    largest = Math.max(largest, step(allowance));
    steps++;
  }
  return { largest, steps };
}

describe('directional tables built in slices', () => {
  it('a move set built in steps of a fixed allowance never does more per step, and equals the one-shot build', () => {
    const profile = resolveProfile({ turningRadius: 8, width: 0.8 });
    const oneShot = new MoveSet(profile, 8, 48);
    for (const allowance of [MAX_PIECE_UNITS, 1000]) {
      const build = new SteppedBuild(moveSetWork(profile, 8, 48));
      const { largest, steps } = stepAll((n) => build.step(n), () => build.done, allowance);
      expect(largest).toBeLessThanOrEqual(allowance);
      expect(steps).toBeGreaterThan(100);
      const stepped = build.result!;
      for (const field of ['first', 'dx', 'dy', 'endHeading', 'cost', 'length', 'extent', 'cellFirst', 'cellX', 'cellY'] as const) {
        expect(Array.from(stepped[field]), field).toEqual(Array.from(oneShot[field]));
      }
      expect(stepped.maxExtent).toBe(oneShot.maxExtent);
      const curves = (set: typeof stepped): string[] => Array.from({ length: set.size }, (_, m) => JSON.stringify(set.curve(m).toJSON()));
      expect(curves(stepped)).toEqual(curves(oneShot));
    }
  });

  it('r = 8 on a moderate map: no step of the planner exceeds the allowance, and its answers equal a one-shot build', () => {
    const grid = arena();
    for (const [profile, headings] of [
      [{ turningRadius: 8, width: 0.8 }, 8],
      // A wide footprint: shrinking the grid goes ring by ring.
      [{ turningRadius: 2, width: 9 }, 8],
    ] as [UnitProfile, 8][]) {
      const stepped = new DirectionalPlanner(grid, profile, { headings });
      expect(stepped.tablesReady()).toBe(false);
      const allowance = 256;
      const { largest, steps } = stepAll((n) => stepped.buildTables(n), () => stepped.tablesReady(), allowance);
      expect(largest).toBeLessThanOrEqual(allowance);
      expect(steps).toBeGreaterThan(10);
      const oneShot = new DirectionalPlanner(grid, profile, { headings });
      expect(oneShot.buildTables()).toBeGreaterThan(0);
      expect(oneShot.tablesReady()).toBe(true);
      const rho = resolveProfile(profile).sweepRadius;
      for (const [start, goal] of queries(grid, rho, 12, 7)) {
        const a = stepped.findPath(start, goal, { maxExpansions: 20000 });
        const b = oneShot.findPath(start, goal, { maxExpansions: 20000 });
        expect(a.status).toBe(b.status);
        expect(a.expanded).toBe(b.expanded);
        expect(JSON.stringify(a.segments.toJSON())).toBe(JSON.stringify(b.segments.toJSON()));
      }
      for (let y = 2; y < grid.height; y += 11) {
        for (let x = 2; x < grid.width; x += 11) {
          if (grid.isBlocked(x, y)) continue;
          expect(stepped.heuristicAt({ x: 24.5, y: 24.5 }, x, y, 3)).toBe(oneShot.heuristicAt({ x: 24.5, y: 24.5 }, x, y, 3));
        }
      }
    }
  });

  it('a search step builds what is missing within its own allowance, and a grid change rebuilds in slices', () => {
    const grid = arena();
    const planner = new DirectionalPlanner(grid, { turningRadius: 3, width: 0.8 }, { headings: 8 });
    const [start, goal] = queries(grid, 0.4, 1, 3)[0]!;
    const search = planner.createSearch(start, goal);
    let steps = 0;
    let result = search.step(300);
    for (; result === undefined; result = search.step(300)) steps++;
    expect(steps).toBeGreaterThan(10);
    const expected = new DirectionalPlanner(grid, { turningRadius: 3, width: 0.8 }, { headings: 8 }).findPath(start, goal);
    expect(JSON.stringify(result.segments.toJSON())).toBe(JSON.stringify(expected.segments.toJSON()));
    // After a change over most of the map the refresh (wall distances, bitmaps, eroded grid,
    // regions) is work again, in slices; one tile's refresh is small (test/core/directional/refresh-area.test.ts).
    grid.fill(0, 0, grid.width, grid.height, (x, y) => grid.isBlocked(x, y) || (x + y) % 23 === 0);
    expect(planner.tablesReady()).toBe(false);
    const { largest, steps: refreshSteps } = stepAll((n) => planner.buildTables(n), () => planner.tablesReady(), 200);
    expect(largest).toBeLessThanOrEqual(200);
    expect(refreshSteps).toBeGreaterThan(1);
  });

  it('a route job charges table building and the preparation of expansions to the frame: no step does more than its allowance and a piece', () => {
    const grid = arena();
    const ctx = new RouteContext(grid);
    const [start, goal] = queries(grid, 0.4, 1, 11)[0]!;
    const request: RouteRequest = { start, goal, profile: resolveProfile({ turningRadius: 6, width: 0.8 }), planner: 'directional' };
    let route: { status: string } | undefined;
    const job = new WorkJob((budget) => planRoute(ctx, request, budget), (r) => (route = r));
    const { largest, steps } = stepAll((n) => job.step(n), () => job.done, 500);
    // A step may overrun by less than a piece: a table piece, or what one expansion needs prepared
    // (a kinematic table entry for a free goal heading is up to 17 curves).
    expect(largest).toBeLessThanOrEqual(500 + MAX_PIECE_UNITS);
    expect(steps).toBeGreaterThan(10);
    const expected = new DirectionalPlanner(grid, { turningRadius: 6, width: 0.8 }).findPath(start, goal);
    expect(route!.status).toBe(expected.status);
  });
});

describe('profiles that cannot fit the map are refused before anything is built', () => {
  const start = { x: 2.5, y: 2.5, heading: 0 };
  const goal = { x: 7.5, y: 7.5 };

  it('a footprint wider than the map, a turning radius larger than the map, an empty map', () => {
    const open = Grid.fromAscii(Array.from({ length: 10 }, () => '..........'));
    for (const [grid, profile, named] of [
      [open, { turningRadius: 1, width: 12 }, '12'],
      [open, { turningRadius: 1, width: 6, length: 9 }, '9'],
      [open, { turningRadius: 20, width: 0.8 }, '20'],
      [new Grid(0, 0), { turningRadius: 1, width: 0.8 }, '0x0'],
    ] as [Grid, UnitProfile, string][]) {
      const planner = new DirectionalPlanner(grid, profile);
      expect(planner.refusal?.status).toBe('invalid');
      expect(planner.tablesReady()).toBe(true);
      expect(planner.buildTables()).toBe(0);
      const r = planner.createSearch(start, goal).step(1)!;
      expect(r.status).toBe('invalid');
      expect(r.message).toContain(named);
      expect(r.expanded).toBe(0);
      expect(r.length).toBe(Infinity);
    }
  });

  it('a map whose tables exceed the memory cap answers budget at once (4096 x 4096), unless the cap is raised', () => {
    const huge = new Grid(4096, 4096);
    expect(directionalMemory(4096, 4096, 16)).toBeGreaterThan(4 * 2 ** 30);
    const planner = new DirectionalPlanner(huge, { turningRadius: 2, width: 0.8 });
    expect(planner.tablesReady()).toBe(true);
    const r = planner.findPath(start, goal);
    expect(r.status).toBe('budget');
    expect(r.message).toMatch(/MiB.*maxMemory/);
    const small = Grid.fromAscii(Array.from({ length: 10 }, () => '..........'));
    expect(new DirectionalPlanner(small, { turningRadius: 1, width: 0.8 }, { maxMemory: 1000 }).findPath(start, goal).status).toBe('budget');
    expect(new DirectionalPlanner(small, { turningRadius: 1, width: 0.8 }, { maxMemory: 1e6 }).findPath(start, goal).status).toBe('found');
    expect(() => new DirectionalPlanner(small, { turningRadius: 1, width: 0.8 }, { maxMemory: Number.NaN })).toThrow(/maxMemory.*NaN/);
  });
});
