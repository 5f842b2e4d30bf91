import { describe, expect, it } from 'vitest';
import { DetourGrid } from '../../../src/follow/detour-grid.js';
import { planRoute, RouteContext, type RouteRequest } from '../../../src/follow/route.js';
import type { WorkBudget } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Runs a route plan to its end; returns it and the work units it used. */
function plan(routes: RouteContext, request: RouteRequest): { status: string; units: number } {
  const budget: WorkBudget = { max: Infinity, used: 0 };
  const work = planRoute(routes, request, budget);
  let r = work.next();
  while (!r.done) r = work.next();
  return { status: r.value.status, units: budget.used };
}

describe('DetourGrid', () => {
  it('is the source grid with exactly the given cells blocked besides, and follows the source (seeded random edits)', () => {
    const rng = makeRng(77);
    const source = randomGrid(rng, { width: 20, height: 16, density: 0.2 });
    const detours = new DetourGrid(source);
    for (let round = 0; round < 40; round++) {
      const cells = new Set<number>();
      for (let k = rng.range(0, 6); k > 0; k--) cells.add(rng.range(0, source.width * source.height - 1));
      if (rng.chance(0.5)) source.setBlocked(rng.range(0, source.width - 1), rng.range(0, source.height - 1), rng.chance(0.5));
      if (rng.chance(0.3)) source.setCost(rng.range(0, source.width - 1), rng.range(0, source.height - 1), rng.range(1, 5));
      const grid = detours.routesWith(cells).grid;
      for (let y = 0; y < source.height; y++) {
        for (let x = 0; x < source.width; x++) {
          expect(grid.isBlocked(x, y)).toBe(source.isBlocked(x, y) || cells.has(y * source.width + x));
          expect(grid.cost(x, y)).toBe(source.cost(x, y));
        }
      }
    }
    detours.destroy();
  });

  it('keeps its planners, so a second detour costs far less work than planning on a fresh copy', () => {
    const grid = Grid.fromPredicate(64, 64, (x, y) => (x === 20 && y < 50) || (x === 40 && y > 14));
    const tank = resolveProfile({ speed: 3, turningRadius: 2, width: 0.8, reverse: true });
    const request = (sx: number, sy: number, gx: number, gy: number): RouteRequest => ({ start: { x: sx, y: sy, heading: 0 }, goal: { x: gx, y: gy }, profile: tank });
    const detours = new DetourGrid(grid);
    const first = plan(detours.routesWith(new Set([10 * 64 + 12])), request(5.5, 5.5, 58.5, 58.5));
    expect(first.status).toBe('found');
    const routes = detours.routesWith(new Set([12 * 64 + 30, 12 * 64 + 31]));
    const again = plan(routes, request(8.5, 30.5, 50.5, 40.5));
    const fresh = plan(new RouteContext(routes.grid.clone()), request(8.5, 30.5, 50.5, 40.5));
    expect(again.status).toBe('found');
    expect(fresh.status).toBe('found');
    // A fresh copy allocates and builds every table anew; the kept one refreshes them.
    expect(again.units).toBeLessThan(0.75 * fresh.units);
    detours.destroy();
  });
});
