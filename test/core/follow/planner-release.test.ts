/**
 * Issue 30, hostile point 11: dropping a route context or a navigator takes its planners'
 * watchers off the grid. Before, each vehicle profile's directional planner left three behind
 * for the grid's life, and a game that made navigators or contexts again and again (a worker's
 * grid replaced, a scene's navigator remade) paid for every one on every edit.
 */
import { describe, expect, it } from 'vitest';
import { RouteContext } from '../../../src/follow/route-context.js';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Pose } from '../../../src/curves/segment.js';
import { Grid } from '../../../src/grid/grid.js';
import { plannerEntry, type CurvePlannerEntry } from '../../../src/planners.js';
import { resolveProfile } from '../../../src/unit/profile.js';

const ROWS = [
  '....................',
  '....................',
  '.....######.........',
  '....................',
  '....................',
  '..........#.........',
  '..........#.........',
  '....................',
  '....................',
  '....................',
];

describe('releasing planners', () => {
  it('a route context destroys its curve planners, every profile and entry', () => {
    const grid = Grid.fromAscii(ROWS);
    const before = grid.watcherCount;
    const ctx = new RouteContext(grid);
    const full = plannerEntry('directional') as CurvePlannerEntry;
    const hybrid = plannerEntry('directional-hybrid') as CurvePlannerEntry;
    const planners = [
      ctx.curvePlanner(full, resolveProfile({ turningRadius: 1, width: 0.6 })),
      ctx.curvePlanner(hybrid, resolveProfile({ turningRadius: 1, width: 0.6 })),
      ctx.curvePlanner(full, resolveProfile({ turningRadius: 2, width: 0.8, reverse: false })),
    ];
    // The two entries share one planner per profile.
    expect(planners[1]).toBe(planners[0]);
    for (const planner of planners) expect(planner.findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 17.5, y: 8.5 }).status).toBe('found');
    const search = planners[2]!.createSearch({ x: 1.5, y: 8.5, heading: 0 }, { x: 17.5, y: 1.5 });
    search.step(20);
    expect(grid.watcherCount).toBeGreaterThanOrEqual(before + 6);
    ctx.destroy();
    expect(grid.watcherCount).toBe(before);
    expect(search.step(1e6)?.status).toBe('cancelled');
    expect(planners[0]!.findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 17.5, y: 8.5 }).status).toBe('invalid');
  });

  it('a route context destroys its polyline planners: they refuse queries after', () => {
    const grid = Grid.fromAscii(ROWS);
    const ctx = new RouteContext(grid);
    const theta = ctx.planner('theta');
    const cells = ctx.planner('astar', 1, 'cell');
    expect(theta.findPath(1, 1, 17, 8).status).toBe('found');
    const search = cells.createSearch(1.5, 1.5, 17.5, 8.5);
    ctx.destroy();
    expect(search.step(1e6)?.status).toBe('cancelled');
    const after = theta.findPath(1, 1, 17, 8);
    expect(after.status).toBe('invalid');
    expect(after.message).toMatch(/destroyed/);
  });

  it('navigators made and destroyed on one grid leave what one leaves: the caches shared per grid', () => {
    const grid = Grid.fromAscii(ROWS);
    const left: number[] = [];
    for (let round = 0; round < 6; round++) {
      const nav = new Navigator<Pose>(grid, { read: (u) => ({ ...u }), write: (u, p) => Object.assign(u, p) }, { budget: { expansions: 1e9 }, avoidance: round % 2 === 1 });
      const tank = { x: 1.5, y: 1.5, heading: 0 };
      const ship = { x: 1.5, y: 8.5, heading: 0 };
      const soldier = { x: 3.5, y: 4.5, heading: 0 };
      nav.addUnit(tank, { speed: 4, width: 0.8, turningRadius: 1 });
      nav.addUnit(ship, { speed: 3, width: 0.6, turningRadius: 2, reverse: false });
      nav.addUnit(soldier, { speed: 4, width: 0.5 });
      const moves = [nav.moveTo(tank, { x: 17.5, y: 8.5 }), nav.moveTo(ship, { x: 17.5, y: 1.5 }), nav.moveTo(soldier, { x: 16.5, y: 4.5 })];
      for (let i = 0; i < 60; i++) {
        nav.update(1 / 30);
        if (i === 20) grid.setBlocked(14, 7, !grid.isBlocked(14, 7));
      }
      expect(moves.map((m) => m.failure)).toEqual([undefined, undefined, undefined]);
      const running = grid.watcherCount;
      nav.destroy();
      left.push(grid.watcherCount);
      // The two vehicle profiles' directional planners, three watchers each, are gone.
      expect(running - grid.watcherCount).toBeGreaterThanOrEqual(6);
    }
    expect(left).toEqual(left.map(() => left[0]));
    // What stays is one region table, one free-run table and the move tables of the lattices used.
    expect(left[0]).toBeLessThanOrEqual(6);
  });
});
