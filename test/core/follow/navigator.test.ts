import { describe, expect, it } from 'vitest';
import type { Move } from '../../../src/follow/move.js';
import { Navigator, type MoveOptions } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import { isPointFree, type Point } from '../../../src/grid/point.js';
import { angleDifference } from '../../../src/curves/angle.js';
import { discHitsBlocked, pathHitsBlocked } from '../../../src/curves/footprint.js';
import type { Pose } from '../../../src/curves/segment.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

interface Unit {
  pose: Pose;
}

const DT = 1 / 60;

function setup(rows: string[] | Grid, options?: ConstructorParameters<typeof Navigator<Unit>>[2]) {
  const grid = Array.isArray(rows) ? Grid.fromAscii(rows) : rows;
  const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, options);
  return { grid, nav };
}

function unitAt(x: number, y: number, heading = 0): Unit {
  return { pose: { x, y, heading } };
}

/** Runs frames until `move` ends; calls `each` with the pose before and after every frame. */
function drive(nav: Navigator<Unit>, move: Move<Unit>, unit: Unit, each?: (before: Pose, after: Pose) => void, limit = 20000): void {
  for (let i = 0; i < limit && !move.ended; i++) {
    const before = { ...unit.pose };
    nav.update(DT);
    each?.(before, unit.pose);
  }
}

function log(move: Move<Unit>): string[] {
  const events: string[] = [];
  for (const name of ['start', 'waypoint', 'blocked', 'replan', 'arrive', 'fail', 'cancel'] as const) {
    move.on(name as 'start', () => events.push(name));
  }
  return events;
}

const ROOM = [
  '............',
  '....####....',
  '....#..#....',
  '....#..#....',
  '............',
];

describe('Navigator', () => {
  it('drives a unit to the goal through start, waypoints and arrive, never through a wall', async () => {
    const { grid, nav } = setup(ROOM);
    const u = unitAt(0.5, 2.5);
    const move = nav.moveTo(u, { x: 11.5, y: 2.5 }, { speed: 4, acceleration: 10 });
    const events = log(move);
    drive(nav, move, u, (a, b) => {
      expect(isPointFree(grid, b.x, b.y)).toBe(true);
      expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeLessThanOrEqual(4 * DT + 1e-9);
    });
    expect(await move.done).toBe('arrived');
    expect(events[0]).toBe('start');
    expect(events.slice(1, -1).every((e) => e === 'waypoint')).toBe(true);
    expect(events[events.length - 1]).toBe('arrive');
    expect(u.pose.x).toBe(11.5);
    expect(u.pose.y).toBe(2.5);
  });

  it('fails bad orders with a status and a reason, leaving the unit where it was', async () => {
    const { grid, nav } = setup(ROOM);
    grid.setBlocked(10, 0, true).setBlocked(10, 1, true).setBlocked(11, 1, true);
    const u = unitAt(0.5, 0.5);
    nav.addUnit(u, { speed: 3 });
    const cases: [Point, MoveOptions, string, RegExp][] = [
      [{ x: -1, y: 2 }, {}, 'out-of-bounds', /outside/],
      [{ x: 5.5, y: 1.5 }, {}, 'goal-blocked', /inside a wall/],
      [{ x: 11.5, y: 0.5 }, {}, 'no-path', /cannot be reached/],
      [{ x: Number.NaN, y: 1 }, {}, 'invalid', /finite/],
      [{ x: 3, y: 3 }, { planner: 'nope' }, 'invalid', /unknown planner "nope"/],
      [{ x: 3, y: 3 }, { speed: -1 }, 'invalid', /speed/],
    ];
    for (const [goal, options, status, reason] of cases) {
      const move = nav.moveTo(u, goal, options);
      const events = log(move);
      nav.update(DT);
      nav.update(DT);
      expect(await move.done).toBe('failed');
      expect(move.failure).toBe(status);
      expect(move.reason).toMatch(reason);
      expect(events).toEqual(['fail']);
      expect(u.pose).toEqual({ x: 0.5, y: 0.5, heading: 0 });
    }
  });

  it('with nearest, goes to the reachable point closest to a bad target', async () => {
    const { nav, grid } = setup(ROOM);
    const u = unitAt(0.5, 0.5);
    const inWall = nav.moveTo(u, { x: 5.5, y: 1.2 }, { speed: 5, nearest: true });
    drive(nav, inWall, u);
    expect(inWall.state).toBe('arrived');
    expect(u.pose.x).toBeCloseTo(5.5, 9);
    expect(u.pose.y).toBeCloseTo(1, 9);
    const outside = nav.moveTo(u, { x: 30, y: 4.5 }, { speed: 5, nearest: true });
    drive(nav, outside, u);
    expect(outside.state).toBe('arrived');
    expect(u.pose.x).toBeCloseTo(12, 9);
    expect(isPointFree(grid, u.pose.x, u.pose.y)).toBe(true);
    // Inside the walled room, from outside: the nearest reachable point is on its wall.
    const sealed = nav.moveTo(u, { x: 5.5, y: 2.5 }, { speed: 5, nearest: true });
    drive(nav, sealed, u);
    expect(sealed.state).toBe('arrived');
    expect(Math.hypot(u.pose.x - 5.5, u.pose.y - 2.5)).toBeLessThanOrEqual(1.5 + 1e-9);
  });

  it('arrives at once within the tolerance', () => {
    // A clock that never moves: "at once" is one update, not one update's 4 ms on a loaded machine.
    const { nav } = setup(ROOM, { clock: () => 0 });
    const u = unitAt(2.5, 2.5);
    const move = nav.moveTo(u, { x: 2.8, y: 2.5 }, { speed: 1, tolerance: 0.5 });
    const events = log(move);
    nav.update(DT);
    expect(events).toEqual(['start', 'arrive']);
    expect(u.pose.x).toBe(2.5);
  });

  it('replans when a wall appears on the rest of the path, and never enters it', () => {
    const { grid, nav } = setup(['..........', '..........', '..........']);
    const u = unitAt(0.5, 1.5);
    const move = nav.moveTo(u, { x: 9.5, y: 1.5 }, { speed: 2, acceleration: 4 });
    const events = log(move);
    for (let i = 0; i < 20; i++) nav.update(DT);
    grid.setBlocked(5, 1, true);
    drive(nav, move, u, (_, p) => expect(isPointFree(grid, p.x, p.y)).toBe(true));
    expect(events).toContain('blocked');
    expect(events.indexOf('blocked')).toBeLessThan(events.indexOf('replan'));
    expect(events[events.length - 1]).toBe('arrive');
    // A change away from the path does nothing.
    const again = nav.moveTo(u, { x: 0.5, y: 1.5 }, { speed: 2 });
    const quiet = log(again);
    nav.update(DT);
    grid.setBlocked(9, 0, true);
    drive(nav, again, u);
    expect(quiet).not.toContain('replan');
  });

  it('a new order while moving takes over without a jump; a unit with a turning radius does not stop', () => {
    for (const profile of [
      { speed: 3, acceleration: 6 },
      { speed: 3, acceleration: 6, turningRadius: 1 },
    ]) {
      // A budget in work units, not milliseconds, so a loaded machine plans the same frames.
      const { nav } = setup(Grid.fromAscii(Array.from({ length: 14 }, () => '..............')), { budget: { expansions: 1e6 } });
      const u = unitAt(1.5, 7.5);
      nav.addUnit(u, profile);
      const first = nav.moveTo(u, { x: 12.5, y: 7.5 });
      for (let i = 0; i < 60; i++) nav.update(DT);
      expect(first.state).toBe('moving');
      const second = nav.moveTo(u, { x: 7.5, y: 1.5 });
      expect(first.state).toBe('cancelled');
      let slowest = Infinity;
      let frames = 0;
      drive(nav, second, u, (a, b) => {
        const step = Math.hypot(b.x - a.x, b.y - a.y);
        expect(step).toBeLessThanOrEqual(3 * DT + 1e-9);
        if (frames++ < 20) slowest = Math.min(slowest, step / DT);
        if (profile.turningRadius) {
          // Along an arc of radius >= r, a chord of length d turns the heading by at most 2·asin(d / 2r).
          const most = 2 * Math.asin(Math.min(1, step / (2 * profile.turningRadius)));
          expect(Math.abs(angleDifference(a.heading, b.heading))).toBeLessThanOrEqual(most + 1e-9);
        }
      });
      expect(second.state).toBe('arrived');
      if (profile.turningRadius) expect(slowest).toBeGreaterThan(1);
    }
  });

  it('keeps a sized unit’s footprint off walls on random maps (exact sweep of the driven path)', () => {
    const rng = makeRng(21);
    let arrived = 0;
    for (let c = 0; c < 60; c++) {
      const grid = randomGrid(rng, { width: 16, height: 12, density: 0.2 });
      const { nav } = setup(grid);
      const width = 0.3 + rng.next() * 1.2;
      const free: Point[] = [];
      for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) if (!grid.isBlocked(x, y)) free.push({ x: x + 0.5, y: y + 0.5 });
      if (free.length < 2) continue;
      const s = rng.pick(free);
      const g = rng.pick(free);
      const u = unitAt(s.x, s.y);
      const move = nav.moveTo(u, g, { speed: 20, width });
      let path = move.path;
      move.on('start', () => (path = move.path));
      drive(nav, move, u);
      if (move.state !== 'arrived') {
        expect(['no-path', 'goal-blocked', 'start-blocked'], `case ${c}: ${move.reason}`).toContain(move.failure);
        continue;
      }
      arrived++;
      // A unit that starts overlapping a wall steps out first; from there on the path is clear.
      const startClear = !discHitsBlocked(grid, s.x, s.y, width / 2);
      const rest = startClear ? path! : path!.split(Math.min(path!.length, path!.segments[0]?.length ?? 0))[1];
      expect(pathHitsBlocked(grid, rest, width / 2), `case ${c}`).toBe(false);
    }
    expect(arrived).toBeGreaterThan(15);
  });

  it('units with a turning radius drive curves no tighter than the radius and end on the goal pose', () => {
    const { nav, grid } = setup(ROOM.map((r) => r + '........').concat(['....................', '....................']));
    for (const planner of ['directional', 'directional-hybrid', 'theta'] as const) {
      const u = unitAt(0.5, 5.5, 0);
      const move = nav.moveTo(u, { x: 15.5, y: 2.5 }, { speed: 3, turningRadius: 1.2, width: 0.5, heading: Math.PI / 2, planner });
      let path = move.path;
      move.on('start', () => (path = move.path));
      drive(nav, move, u);
      expect(move.state, `${planner}: ${move.reason}`).toBe('arrived');
      expect(u.pose.x).toBeCloseTo(15.5, 9);
      expect(u.pose.y).toBeCloseTo(2.5, 9);
      expect(Math.abs(angleDifference(u.pose.heading, Math.PI / 2))).toBeLessThan(1e-9);
      for (const seg of path!.segments) if (seg.kind === 'arc') expect(seg.radius).toBeGreaterThanOrEqual(1.2 - 1e-9);
      expect(pathHitsBlocked(grid, path!, 0.25)).toBe(false);
    }
  });

  it('plans 200 orders within the per-frame expansion budget, spread over frames', () => {
    const rows = ['..............................'];
    for (let i = 0; i < 18; i++) rows.push(i % 4 === 2 ? '...#####.....######..#####....' : '..............................');
    const { nav } = setup(rows, { budget: { expansions: 500 } });
    const moves: Move<Unit>[] = [];
    for (let i = 0; i < 200; i++) {
      const u = unitAt(0.5 + (i % 30), 0.5 + [0, 1, 2, 4, 5, 6, 8][Math.floor(i / 30)]!);
      moves.push(nav.moveTo(u, { x: 29.5 - (i % 30), y: 18.5 - (i % 3) }, { speed: 8 }));
    }
    const perFrame: number[] = [];
    for (let f = 0; f < 5000 && moves.some((m) => !m.ended); f++) perFrame.push(nav.update(DT).expansions);
    expect(Math.max(...perFrame)).toBeLessThanOrEqual(500);
    expect(perFrame.filter((n) => n > 0).length).toBeGreaterThan(5);
    expect(moves.every((m) => m.state === 'arrived')).toBe(true);
  });

  it('cancel brakes to a stop; removing a unit or destroying the navigator cancels its move', async () => {
    const { nav } = setup(ROOM);
    const u = unitAt(0.5, 4.5);
    const move = nav.moveTo(u, { x: 11.5, y: 4.5 }, { speed: 4, acceleration: 8 });
    for (let i = 0; i < 30; i++) nav.update(DT);
    move.cancel();
    expect(await move.done).toBe('cancelled');
    const x = u.pose.x;
    for (let i = 0; i < 60; i++) nav.update(DT);
    // Braking from 4 tiles/s at 8 tiles/s² takes one tile.
    expect(u.pose.x - x).toBeCloseTo(1, 6);
    expect(move.listenerCount('arrive')).toBe(0);

    const v = unitAt(0.5, 0.5);
    const m2 = nav.moveTo(v, { x: 11.5, y: 0.5 }, { speed: 4 });
    nav.removeUnit(v);
    expect(await m2.done).toBe('cancelled');
    const w = unitAt(0.5, 0.5);
    const m3 = nav.moveTo(w, { x: 11.5, y: 0.5 }, { speed: 4 });
    nav.destroy();
    expect(await m3.done).toBe('cancelled');
    expect(nav.queue.size).toBe(0);
    expect([...nav.unitInfos()]).toEqual([]);
  });
});

describe('the unit profile reaches the directional planner whole', () => {
  // A wall with a one-tile gap between the start and the goal.
  const GAP = ['..............', '..............', '..............', '######.#######', '..............', '..............', '..............'];
  const start: Pose = { x: 1.5, y: 1.5, heading: 0 };
  const goal = { x: 12.5, y: 5.5 };

  /** The path the navigator plans for a unit with `profile`, or why it failed. */
  function planned(profile: UnitProfile): { length: number | undefined; failure: string | undefined } {
    const { nav } = setup(GAP);
    const unit = unitAt(start.x, start.y, start.heading);
    nav.addUnit(unit, { speed: 4, ...profile });
    const move = nav.moveTo(unit, goal, { planner: 'directional' });
    for (let i = 0; i < 600 && move.state === 'planning'; i++) nav.update(DT);
    return { length: move.path?.length, failure: move.failure };
  }

  /** The independent answer: the directional planner built directly with the same profile. */
  function direct(profile: UnitProfile): number | undefined {
    const r = new DirectionalPlanner(Grid.fromAscii(GAP), profile).findPath(start, { ...goal, heading: null });
    return r.status === 'found' ? r.length : undefined;
  }

  const DISC = { turningRadius: 1, width: 0.6 };
  it.each([
    ['turnPenalty', { ...DISC, turnPenalty: 2 }],
    // At 1.2 the path backs up a little, unlike at the default cost (2) or without reverse.
    ['reverse with reverseCost', { ...DISC, reverse: true, reverseCost: 1.2 }],
  ] as const)('%s: the navigator drives the path the planner finds for the whole profile', (_, profile) => {
    const expected = direct(profile);
    expect(expected).toBeDefined();
    // The field changes the planner's answer, so a navigator that dropped it would be caught.
    expect(expected).not.toBe(direct(DISC));
    expect(planned(profile)).toEqual({ length: expected, failure: undefined });
  });

  it('a rectangle (length) is swept as its circumscribing disc: too long for the gap a disc of its width drives through', () => {
    expect(planned(DISC).length).toBe(direct(DISC));
    expect(direct({ ...DISC, length: 1.2 })).toBeUndefined();
    expect(planned({ ...DISC, length: 1.2 })).toEqual({ length: undefined, failure: 'no-path' });
  });

  it('the old field name turnRadius is refused, naming turningRadius, never taken as turning on the spot', () => {
    const { nav } = setup(GAP);
    const unit = unitAt(start.x, start.y);
    const old = { speed: 4, turnRadius: 1 } as UnitProfile;
    expect(() => nav.addUnit(unit, old)).toThrow(RangeError);
    expect(() => nav.addUnit(unit, old)).toThrow(/turnRadius was renamed turningRadius/);
    nav.addUnit(unit, { speed: 4 });
    const move = nav.moveTo(unit, goal, { turnRadius: 1 } as MoveOptions);
    nav.update(DT);
    expect(move.failure).toBe('invalid');
    expect(move.reason).toMatch(/turnRadius was renamed turningRadius/);
    expect(unit.pose).toEqual(start);
  });
});
