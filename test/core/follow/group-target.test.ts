/**
 * Group orders and single orders follow one rule on targets that cannot be reached (issue 30,
 * newcomer point 2): without `nearest` both fail with the same status and reason (a group order
 * to water sent its units to slots on the shore, where they "arrived"); with `nearest` both go to
 * the nearest reachable point (a group: to slots round it) and say so on the move:
 * `move.retargeted`, the `retarget` event before `start`, and `move.goal`, where the unit goes.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Move } from '../../../src/follow/move.js';
import { planRoute, RouteContext, type Route } from '../../../src/follow/route.js';
import { WorkJob } from '../../../src/follow/work.js';
import { requestFromWire, requestToWire, routeFromWire, routeToWire } from '../../../src/worker/protocol.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';

/**
 * 32 x 20: a lake (x 10-16, y 5-12, blocked) and a walled room (walls x 22 and 28, y 3 and 9;
 * its inside x 23-27, y 4-8 cannot be reached).
 */
function map(): Grid {
  return Grid.fromPredicate(32, 20, (x, y) => {
    const lake = x >= 10 && x <= 16 && y >= 5 && y <= 12;
    const room = ((x === 22 || x === 28) && y >= 3 && y <= 9) || ((y === 3 || y === 9) && x >= 22 && x <= 28);
    return lake || room;
  });
}

type Unit = { pose: Pose };
const adapter = { read: (u: Unit) => ({ ...u.pose }), write: (u: Unit, p: Readonly<Pose>) => Object.assign(u.pose, p) };

/** Targets a single order fails on, with the status it fails with. */
const IMPOSSIBLE: readonly { name: string; at: Point; failure: string }[] = [
  { name: 'in the lake', at: { x: 13.5, y: 8.5 }, failure: 'goal-blocked' },
  { name: 'inside the walled room', at: { x: 25.5, y: 6.5 }, failure: 'no-path' },
  { name: 'off the map', at: { x: 35, y: 15.5 }, failure: 'out-of-bounds' },
];

/** Tiles from its goal within which a unit alone counts as arrived (the crowd's `ARRIVE_DISTANCE`, 0.05, and rounding). */
const ARRIVED = 0.06;

const SOLDIER: UnitProfile = { speed: 3, width: 0.6 };
const TANK: UnitProfile = { speed: 3, width: 0.8, turningRadius: 1 };

function run(nav: Navigator<Unit>, moves: readonly Move<Unit>[], frames = 60 * 120): void {
  for (let f = 0; f < frames && moves.some((m) => !m.ended); f++) nav.update(1 / 60);
}

/** Units in a block of `n` at the map's west (rows of 4, 1.2 tiles apart). */
function squad(n: number): Unit[] {
  return Array.from({ length: n }, (_, i) => ({ pose: { x: 2.5 + (i % 4) * 1.2, y: 13.5 + Math.floor(i / 4) * 1.2, heading: 0 } }));
}

/** The events of `move` in order. */
function events(move: Move<Unit>): string[] {
  const log: string[] = [];
  for (const e of ['retarget', 'start', 'replan', 'arrive', 'fail', 'cancel'] as const) move.on(e, () => log.push(e));
  return log;
}

/** Where each unit stood when its move arrived (with avoidance on, others may push it on afterwards). */
function arrivals(moves: readonly Move<Unit>[]): (Point | undefined)[] {
  const at: (Point | undefined)[] = moves.map(() => undefined);
  moves.forEach((m, i) => m.on('arrive', (u) => (at[i] = { x: u.pose.x, y: u.pose.y })));
  return at;
}

describe('an order to a target that cannot be reached, without nearest', () => {
  for (const { name, at, failure } of IMPOSSIBLE) {
    for (const [kind, profile] of [['soldiers', SOLDIER], ['tanks', TANK]] as const) {
      for (const size of [1, 3, 16]) {
        it(`${name}: ${size === 1 ? 'one of the' : `a group of ${size}`} ${kind} fails ${failure}, as a single order does`, () => {
          const nav = new Navigator<Unit>(map(), adapter, { avoidance: true });
          const single = { pose: { x: 2.5, y: 2.5, heading: 0 } };
          nav.addUnit(single, profile);
          const alone = nav.moveTo(single, at);
          run(nav, [alone]);
          expect(alone.failure).toBe(failure);
          const units = squad(size);
          for (const u of units) nav.addUnit(u, profile);
          const moves = nav.moveGroup(units, at);
          run(nav, moves);
          for (const m of moves) {
            expect(m.state).toBe('failed');
            expect(m.failure, m.reason).toBe(failure);
            expect(m.reason).toMatch(new RegExp(`^target at tile \\(${at.x}, ${at.y}\\)`));
            expect(m.retargeted).toBe(false);
          }
          // Nobody moved.
          squad(size).forEach((p, i) => expect(units[i]!.pose.x).toBe(p.pose.x));
          nav.destroy();
        });
      }
    }
  }
});

describe('an order to a target that cannot be reached, with nearest', () => {
  for (const { name, at } of IMPOSSIBLE) {
    for (const [kind, profile] of [['soldiers', SOLDIER], ['tanks', TANK]] as const) {
      for (const size of [1, 4]) {
        it(`${name}: ${size === 1 ? 'one of the' : `a group of ${size}`} ${kind} goes near it and says so`, () => {
          const nav = new Navigator<Unit>(map(), adapter, { avoidance: true });
          const units = squad(size);
          for (const u of units) nav.addUnit(u, profile);
          const moves = size === 1 ? [nav.moveTo(units[0]!, at, { nearest: true })] : nav.moveGroup(units, at, { nearest: true });
          const logs = moves.map(events);
          const ends = arrivals(moves);
          run(nav, moves);
          moves.forEach((m, i) => {
            expect(m.state, m.reason).toBe('arrived');
            expect(m.retargeted).toBe(true);
            expect(logs[i]![0]).toBe('retarget');
            expect(logs[i]!.filter((e) => e === 'retarget').length).toBeGreaterThanOrEqual(1);
            expect(logs[i]).toContain('start');
            // move.goal is where the path ends, a unit alone arrives on it, and it is not the target.
            expect(Math.hypot(m.path!.end.x - m.goal!.x, m.path!.end.y - m.goal!.y)).toBeLessThan(1e-6);
            if (size === 1) expect(Math.hypot(ends[i]!.x - m.goal!.x, ends[i]!.y - m.goal!.y)).toBeLessThan(ARRIVED);
            expect(Math.hypot(m.goal!.x - at.x, m.goal!.y - at.y)).toBeGreaterThan(0.5);
            expect(m.target).toEqual(at);
          });
          nav.destroy();
        });
      }
    }
  }
});

describe('an order to a target that can be reached', () => {
  it('is not retargeted: no event, move.goal is the target (one unit) or the slot (a group)', () => {
    const nav = new Navigator<Unit>(map(), adapter, { avoidance: true });
    const at = { x: 5.5, y: 4.5 };
    const one = { pose: { x: 2.5, y: 2.5, heading: 0 } };
    nav.addUnit(one, SOLDIER);
    const alone = nav.moveTo(one, at, { nearest: true });
    const log = events(alone);
    run(nav, [alone]);
    expect(alone.state).toBe('arrived');
    expect(alone.retargeted).toBe(false);
    expect(log).not.toContain('retarget');
    expect(alone.goal).toEqual(at);
    const units = squad(4);
    for (const u of units) nav.addUnit(u, SOLDIER);
    const moves = nav.moveGroup(units, { x: 6.5, y: 16.5 });
    const logs = moves.map(events);
    const ends = arrivals(moves);
    run(nav, moves);
    moves.forEach((m, i) => {
      expect(m.state).toBe('arrived');
      expect(m.retargeted).toBe(false);
      expect(logs[i]).not.toContain('retarget');
      // In a crowd a unit may settle short of its slot behind one that arrived first.
      expect(Math.hypot(m.path!.end.x - m.goal!.x, m.path!.end.y - m.goal!.y)).toBeLessThan(1e-6);
      expect(Math.hypot(ends[i]!.x - m.goal!.x, ends[i]!.y - m.goal!.y)).toBeLessThan(2);
    });
    nav.destroy();
  });

  it('move.goal is in the units of move.target, through the toTarget option', () => {
    const nav = new Navigator<Unit>(map(), adapter, { toTarget: (p) => ({ x: 32 * p.x + 100, y: 32 * p.y }) });
    const one = { pose: { x: 2.5, y: 2.5, heading: 0 } };
    nav.addUnit(one, SOLDIER);
    const move = nav.moveTo(one, IMPOSSIBLE[0]!.at, { nearest: true }, { x: 32 * 13.5 + 100, y: 32 * 8.5 });
    run(nav, [move]);
    expect(move.state).toBe('arrived');
    expect(move.goal!.x).toBeCloseTo(32 * one.pose.x + 100, 6);
    expect(move.goal!.y).toBeCloseTo(32 * one.pose.y, 6);
    expect(() => new Navigator<Unit>(map(), adapter, { toTarget: 5 as unknown as () => Point })).toThrow(/toTarget must be a function, got number/);
    nav.destroy();
  });
});

describe('planRoute with a target beside its goal', () => {
  const plan = (target: Point, nearest?: boolean): Route => {
    let route: Route | undefined;
    const request = { start: { x: 2.5, y: 2.5, heading: 0 }, goal: { x: 8.5, y: 8.5 }, target, profile: resolveProfile({ width: 0.6 }), ...(nearest ? { nearest } : {}) };
    const job = new WorkJob((budget) => planRoute(new RouteContext(map()), request, budget), (r) => (route = r));
    while (!job.done) job.step(Infinity);
    return route!;
  };

  it('fails as the target would, or with nearest goes to the goal, retargeted', () => {
    for (const { at, failure } of IMPOSSIBLE) {
      expect(plan(at).status).toBe(failure);
      const near = plan(at, true);
      expect(near.status).toBe('found');
      expect(near.retargeted).toBe(true);
      expect(near.goal).toEqual({ x: 8.5, y: 8.5 });
    }
    const fine = plan({ x: 8.5, y: 14.5 });
    expect(fine.status).toBe('found');
    expect(fine.retargeted).toBeUndefined();
  });

  it('refuses a target that is not a finite number', () => {
    const route = plan({ x: NaN, y: 3 });
    expect(route.status).toBe('invalid');
    expect(route.message).toBe('target.x must be a finite number, got NaN');
  });

  it('crosses to a plan worker and back with the target and the verdict', () => {
    const request = { start: { x: 1, y: 2, heading: 0 }, goal: { x: 3, y: 4 }, target: { x: 5, y: 6 }, profile: resolveProfile({}) };
    expect(requestFromWire(requestToWire(request)).target).toEqual({ x: 5, y: 6 });
    expect(() => requestFromWire({ ...requestToWire(request), target: { x: '5', y: 6 } as unknown as Point })).toThrow(/request\.target\.x must be a number/);
    const route: Route = { status: 'no-path', waypoints: [], goal: { x: 3, y: 4 }, retargeted: true };
    expect(routeFromWire(routeToWire(route)).retargeted).toBe(true);
    expect(routeFromWire(routeToWire({ ...route, retargeted: undefined } as Route)).retargeted).toBeUndefined();
  });
});
