/**
 * A unit that stands where it cannot move from fails `start-blocked`, whatever its order (issue
 * 30, newcomer point 1 and hostile point 8): inside a wall (a tile placed on it), off the map, or
 * with its footprint on a wall and no free spot close by. The goal was judged first, and from
 * inside a wall every goal is out of reach, so such units failed `no-path` ("target ... cannot
 * be reached from tile ..."), or with `nearest` "no reachable point near tile ...". Each path of
 * a route is tried: polyline units, curve units (the directional planner), `nearest`, groups
 * (each planning its own path, and sharing one search).
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Move } from '../../../src/follow/move.js';
import { planRoute, RouteContext, type Route, type RouteRequest } from '../../../src/follow/route.js';
import { WorkJob } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';

/** 30 x 20, open but for a wall block at x 10-12, y 5-7. */
function map(): Grid {
  return Grid.fromPredicate(30, 20, (x, y) => x >= 10 && x <= 12 && y >= 5 && y <= 7);
}

function plan(grid: Grid, request: RouteRequest): Route {
  const ctx = new RouteContext(grid);
  let route: Route | undefined;
  const job = new WorkJob((budget) => planRoute(ctx, request, budget), (r) => (route = r));
  for (let i = 0; i < 100_000 && !job.done; i++) job.step(500);
  ctx.destroy();
  return route!;
}

const POINT: UnitProfile = {};
const SOLDIER: UnitProfile = { width: 0.6 };
const TANK: UnitProfile = { turningRadius: 1, width: 0.8 };
/** Profiles and planners: a point unit, a sized unit (any-angle), a curve unit with each directional mode, and a curving unit smoothed from an any-angle path. */
const KINDS: readonly { name: string; profile: UnitProfile; planner?: string }[] = [
  { name: 'point', profile: POINT },
  { name: 'sized', profile: SOLDIER },
  { name: 'tank, directional-hybrid', profile: TANK },
  { name: 'tank, directional', profile: TANK, planner: 'directional' },
  { name: 'tank, theta smoothed', profile: TANK, planner: 'theta' },
];
/** Goals: reachable, inside a wall, off the map. */
const GOALS: readonly Point[] = [
  { x: 25.5, y: 15.5 },
  { x: 11.5, y: 6.5 },
  { x: -3, y: 4 },
];

describe('a route from where the unit cannot stand', () => {
  const starts: readonly { where: string; start: Pose; message: RegExp }[] = [
    { where: 'inside a wall', start: { x: 11.5, y: 6.5, heading: 0 }, message: /^the unit at tile \(11\.5, 6\.5\) stands inside a wall/ },
    { where: 'off the map', start: { x: -2, y: 3, heading: 0 }, message: /^the unit at tile \(-2, 3\) is outside the 30x20 map/ },
    { where: 'far off the map', start: { x: 1e12, y: 3, heading: 0 }, message: /is outside the 30x20 map/ },
  ];
  for (const { where, start, message } of starts) {
    for (const kind of KINDS) {
      for (const nearest of [false, true]) {
        it(`${where}: a ${kind.name} unit fails start-blocked${nearest ? ' with nearest' : ''}, whatever the goal`, () => {
          for (const goal of GOALS) {
            const route = plan(map(), { start, goal, profile: resolveProfile(kind.profile), nearest, ...(kind.planner ? { planner: kind.planner } : {}) });
            expect(route.status, JSON.stringify(goal)).toBe('start-blocked');
            expect(route.message).toMatch(message);
            expect(route.path).toBeUndefined();
          }
        });
      }
    }
  }

  it('on the wall\'s face a point unit is not inside it: it plans as before', () => {
    const route = plan(map(), { start: { x: 10, y: 6.5, heading: 0 }, goal: GOALS[0]!, profile: resolveProfile(POINT) });
    expect(route.status).toBe('found');
  });

  it('a footprint on a wall with no free spot close by is start-blocked, and says so', () => {
    // A one-tile corridor (row 3) too narrow for a unit 1.6 wide: no spot fits it nearby.
    const grid = Grid.fromPredicate(30, 9, (x, y) => y !== 3);
    const route = plan(grid, { start: { x: 5.5, y: 3.5, heading: 0 }, goal: { x: 20.5, y: 3.5 }, profile: resolveProfile({ width: 1.6 }) });
    expect(route.status).toBe('start-blocked');
    expect(route.message).toMatch(/has no room around it for its width 1\.6: its footprint overlaps a wall with no free spot close by/);
  });

  it('a footprint touching a wall with room close by still steps out and plans', () => {
    const route = plan(map(), { start: { x: 9.8, y: 6.5, heading: 0 }, goal: GOALS[0]!, profile: resolveProfile(SOLDIER) });
    expect(route.status).toBe('found');
  });

  it('a bad number is still invalid before anything else', () => {
    const route = plan(map(), { start: { x: NaN, y: 6.5, heading: 0 }, goal: { x: 11.5, y: 6.5 }, profile: resolveProfile(POINT) });
    expect(route.status).toBe('invalid');
    expect(route.message).toBe('start.x must be a finite number, got NaN');
  });
});

type Unit = { pose: Pose };
const adapter = { read: (u: Unit) => ({ ...u.pose }), write: (u: Unit, p: Readonly<Pose>) => Object.assign(u.pose, p) };

function runUntilEnded(nav: Navigator<Unit>, moves: readonly Move<Unit>[], frames = 60 * 60): void {
  for (let f = 0; f < frames && moves.some((m) => !m.ended); f++) nav.update(1 / 60);
}

describe('a navigator unit with a tile placed on it', () => {
  for (const avoidance of [false, true]) {
    for (const kind of KINDS) {
      it(`a ${kind.name} unit fails start-blocked on its next order${avoidance ? ' (avoidance on)' : ''}`, () => {
        const grid = map();
        const nav = new Navigator<Unit>(grid, adapter, { avoidance });
        const u = { pose: { x: 4.5, y: 14.5, heading: 0 } };
        nav.addUnit(u, { speed: 3, ...kind.profile });
        grid.setBlocked(4, 14, true);
        nav.update(1 / 60);
        for (const nearest of [false, true]) {
          const move = nav.moveTo(u, GOALS[0]!, { nearest, ...(kind.planner ? { planner: kind.planner } : {}) });
          runUntilEnded(nav, [move]);
          expect(move.failure).toBe('start-blocked');
          expect(move.reason).toMatch(/stands inside a wall/);
        }
        nav.destroy();
      });
    }
  }

  it('a unit driving when the tile is placed on it stops there and fails start-blocked, not no-path', () => {
    const grid = map();
    const nav = new Navigator<Unit>(grid, adapter);
    const u = { pose: { x: 2.5, y: 14.5, heading: 0 } };
    nav.addUnit(u, { speed: 3 });
    const move = nav.moveTo(u, { x: 27.5, y: 14.5 });
    for (let f = 0; f < 600 && u.pose.x < 8.2; f++) nav.update(1 / 60);
    expect(move.state).toBe('moving');
    grid.setBlocked(Math.floor(u.pose.x), 14, true);
    runUntilEnded(nav, [move]);
    expect(move.failure).toBe('start-blocked');
    expect(move.reason).toMatch(/stands inside a wall/);
    nav.destroy();
  });

  for (const size of [3, 20]) {
    it(`in a group of ${size} (${size >= 16 ? 'one shared search' : 'each its own'}), only the walled-in unit fails start-blocked`, () => {
      const grid = map();
      const nav = new Navigator<Unit>(grid, adapter);
      const units = Array.from({ length: size }, (_, i) => ({ pose: { x: 2.5 + (i % 5), y: 12.5 + Math.floor(i / 5), heading: 0 } }));
      for (const u of units) nav.addUnit(u, { speed: 3 });
      grid.setBlocked(2, 12, true);
      nav.update(1 / 60);
      const moves = nav.moveGroup(units, { x: 25.5, y: 12.5 });
      runUntilEnded(nav, moves);
      expect(moves[0]!.failure).toBe('start-blocked');
      expect(moves[0]!.reason).toMatch(/stands inside a wall/);
      for (const m of moves.slice(1)) expect(m.state).toBe('arrived');
      nav.destroy();
    });
  }
});
