import { describe, expect, it } from 'vitest';
import { planRoute, RouteContext, type Route, type RouteRequest } from '../../../src/follow/route.js';
import { WorkJob } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';
import { resolveProfile } from '../../../src/unit/profile.js';

/** A 200 x 200 open map with a unit shut in a 2 x 2 pocket near one corner. */
function pocketMap(): Grid {
  const grid = new Grid(200, 200);
  grid.fill(9, 9, 4, 4, (x, y) => x === 9 || x === 12 || y === 9 || y === 12);
  return grid;
}

function plan(grid: Grid, request: RouteRequest, allowance: number): { route: Route; steps: number } {
  const ctx = new RouteContext(grid);
  let route: Route | undefined;
  const job = new WorkJob((budget) => planRoute(ctx, request, budget), (r) => (route = r));
  let steps = 0;
  while (!job.done && steps < 100_000) {
    job.step(allowance);
    steps++;
  }
  return { route: route!, steps };
}

describe("'nearest' toward a target out of reach", () => {
  const request: RouteRequest = {
    start: { x: 10.5, y: 10.5, heading: 0 },
    goal: { x: 190.5, y: 190.5 },
    profile: resolveProfile({}),
    planner: 'theta',
    nearest: true,
  };

  it('ends at the pocket corner nearest the target', () => {
    const { route } = plan(pocketMap(), request, Infinity);
    expect(route.status).toBe('found');
    expect(route.goal).toEqual({ x: 12, y: 12 });
  });

  it('searches its rings over many small slices and finds the same point', () => {
    const whole = plan(pocketMap(), request, Infinity);
    const sliced = plan(pocketMap(), request, 50);
    // The rings reach about 180 tiles out: far more work than one slice of 50 units.
    expect(sliced.steps).toBeGreaterThan(20);
    expect(sliced.route.goal).toEqual(whole.route.goal);
    expect(sliced.route.status).toBe('found');
  });
});
