/**
 * Fuzz: random tile edits (setBlocked and fill) under moving units of every kind, with orders
 * replaced mid-move, stops, and listeners that throw (issue 15, point 1). Seeded and run on an
 * expansion budget, so every run is the same.
 *
 * Invariants, checked after every frame:
 * - `update` never throws; listener errors all reach `onError`, and nothing else does;
 * - no move fails with `error` (that would be a defect caught by the frame guard);
 * - no unit's position (footprint, for sized units) is inside a blocked cell by more than
 *   {@link TOL}, unless an edit blocked the cell on top of it: then it never goes deeper;
 * - every move's events are in a sensible order and it ends exactly once; once the edits stop,
 *   every move ends.
 */
import { describe, expect, it } from 'vitest';
import type { Move, MoveEvents } from '../../../src/follow/move.js';
import { Navigator, type MoveOptions } from '../../../src/follow/navigator.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import type { Grid } from '../../../src/grid/grid.js';
import { plannerNames } from '../../../src/planners.js';
import { pointSquareDistance } from '../../../src/curves/footprint.js';
import type { Pose } from '../../../src/curves/segment.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

const SEEDS = 8;
const FRAMES = 700;
/** Frames after the last edit and order within which every move must have ended. */
const SETTLE_FRAMES = 3000;
const DT = 1 / 30;
/** Depth (tiles) a unit may be inside a wall by rounding alone. */
const TOL = 1e-6;
/** Expansions per frame: a budget in work, not time, so every run is the same. */
const BUDGET = { expansions: 4000 };

interface Kind {
  label: string;
  profile: UnitProfile;
  options?: MoveOptions;
}

/** Every kind of unit: point units on every planner, sized units, cars forward-only and reversing. */
const KINDS: Kind[] = [
  ...plannerNames().map((planner): Kind => ({ label: `point ${planner}`, profile: { speed: 6, acceleration: 20 }, options: { planner } })),
  { label: 'point, instant speed', profile: { speed: 5 } },
  { label: 'sized 0.7 theta', profile: { speed: 5, acceleration: 15, width: 0.7 } },
  { label: 'sized 0.45 anya', profile: { speed: 5, width: 0.45, slowAtCorners: true }, options: { planner: 'anya' } },
  { label: 'car forward', profile: { speed: 4, acceleration: 10, turningRadius: 1, width: 0.4, lateralAcceleration: 8 } },
  { label: 'car reversing', profile: { speed: 3, acceleration: 8, turningRadius: 1, width: 0.4, reverse: true } },
  { label: 'car on theta curves', profile: { speed: 4, acceleration: 10, turningRadius: 1, width: 0.4 }, options: { planner: 'theta' } },
];

const FINAL = new Set(['arrive', 'fail', 'cancel']);
const EVENTS: (keyof MoveEvents<unknown>)[] = ['start', 'waypoint', 'blocked', 'replan', 'arrive', 'fail', 'cancel'];

interface Unit {
  id: number;
  kind: Kind;
  pose: Pose;
  /** Set while an edit blocked a cell under the unit: its depth then, which must not grow. */
  trapped: number | undefined;
}

interface Tracked {
  move: Move<Unit>;
  events: string[];
  waypoints: number[];
}

/** How deep a unit of radius r at (x, y) is inside blocked cells (0 when clear or touching). */
function depthIn(grid: Grid, x: number, y: number, r: number): number {
  if (r === 0) {
    const cx = Math.floor(x);
    const cy = Math.floor(y);
    if (!grid.isBlocked(cx, cy)) return 0;
    return Math.min(x - cx, cx + 1 - x, y - cy, cy + 1 - y);
  }
  let nearest = Infinity;
  for (let cy = Math.floor(y - r) - 1; cy <= Math.floor(y + r) + 1; cy++) {
    for (let cx = Math.floor(x - r) - 1; cx <= Math.floor(x + r) + 1; cx++) {
      if (grid.isBlocked(cx, cy)) nearest = Math.min(nearest, pointSquareDistance(x, y, cx, cy));
    }
  }
  return Math.max(0, r - nearest);
}

function radiusOf(u: Unit): number {
  return (u.kind.profile.width ?? 0) / 2;
}

/** A random edit: a cell toggled, or a rectangle filled from a random predicate. */
function randomEdit(rng: Rng, grid: Grid): void {
  const x = rng.int(grid.width);
  const y = rng.int(grid.height);
  if (rng.chance(0.7)) grid.setBlocked(x, y, !grid.isBlocked(x, y));
  else {
    const density = rng.next() * 0.5;
    grid.fill(x, y, rng.range(1, 4), rng.range(1, 4), () => rng.chance(density));
  }
}

function randomTarget(rng: Rng, grid: Grid): { x: number; y: number } {
  // Mostly inside the map, sometimes outside; cell centres, corners and anywhere in between.
  const pick = (n: number): number => (rng.chance(0.1) ? rng.next() * (n + 4) - 2 : rng.chance(0.5) ? rng.int(n) + 0.5 : rng.next() * n);
  return { x: pick(grid.width), y: pick(grid.height) };
}

function randomOptions(rng: Rng, kind: Kind): MoveOptions {
  const options: MoveOptions = { ...kind.options };
  if (rng.chance(0.3)) options.nearest = true;
  if (rng.chance(0.15)) options.tolerance = rng.next();
  if (rng.chance(0.2)) options.heading = (rng.next() * 2 - 1) * Math.PI;
  return options;
}

function checkEvents(t: Tracked, label: string): void {
  const { events, move } = t;
  const finals = events.filter((e) => FINAL.has(e));
  expect(finals.length, `${label}: ${events.join(' ')}`).toBeLessThanOrEqual(1);
  if (finals.length === 1) {
    expect(events.at(-1), label).toBe(finals[0]);
    expect(move.state, label).toBe({ arrive: 'arrived', fail: 'failed', cancel: 'cancelled' }[finals[0]!]);
  } else expect(move.ended, label).toBe(false);
  expect(events.filter((e) => e === 'start').length, label).toBeLessThanOrEqual(1);
  const first = events.findIndex((e) => e === 'waypoint' || e === 'blocked' || e === 'replan' || e === 'arrive');
  if (first >= 0) expect(events.indexOf('start'), `${label}: ${events.join(' ')}`).toBeLessThan(first);
  expect(t.waypoints, label).toEqual(t.waypoints.map((_, i) => i));
  if (move.state === 'failed') {
    expect(move.failure, `${label}: ${move.reason}`).not.toBe('error');
    expect(move.reason, label).toBeTruthy();
  }
}

describe('fuzz: random tile edits under moving units', () => {
  it(`${SEEDS} seeds x ${FRAMES} frames of edits, orders and stops: no throw, no unit in a wall, every move ends`, () => {
    let edits = 0;
    let arrived = 0;
    let replans = 0;
    let trappedSeen = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const rng = makeRng(seed * 104_729);
      // Odd seeds: open maps edited almost every frame; even seeds: corridors and double
      // corners, edited now and then, so units also drive long paths between edits.
      const grid = randomGrid(rng, { width: rng.range(10, 16), height: rng.range(8, 12), density: 0.18, mode: seed % 2 ? 'uniform' : 'tricky' });
      const editChance = seed % 2 ? 0.8 : 0.1;
      const caught: unknown[] = [];
      let thrown = 0;
      const nav = new Navigator<Unit>(
        grid,
        { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) },
        { budget: BUDGET, onError: (e) => caught.push(e) },
      );
      const units: Unit[] = KINDS.map((kind, id) => {
        // Start somewhere the unit fits (a few tries; else a free cell centre and it must escape).
        let pose: Pose = { x: 0.5, y: 0.5, heading: 0 };
        for (let i = 0; i < 50; i++) {
          pose = { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5, heading: (rng.next() * 2 - 1) * Math.PI };
          if (depthIn(grid, pose.x, pose.y, (kind.profile.width ?? 0) / 2) === 0 && !grid.isBlocked(Math.floor(pose.x), Math.floor(pose.y))) break;
        }
        return { id, kind, pose, trapped: undefined };
      });
      const tracked: Tracked[] = [];
      const order = (u: Unit): void => {
        const move = nav.moveTo(u, randomTarget(rng, grid), randomOptions(rng, u.kind));
        const t: Tracked = { move, events: [], waypoints: [] };
        for (const name of EVENTS) move.on(name, (_u: Unit, _m: Move<Unit>, index?: unknown) => {
          t.events.push(name);
          if (name === 'waypoint') t.waypoints.push(index as number);
          if (name === 'replan') replans++;
          if (name === 'arrive') arrived++;
        });
        if (rng.chance(0.1)) {
          const name = rng.pick(EVENTS);
          move.on(name, () => {
            thrown++;
            throw new Error(`listener of ${name} broke`);
          });
        }
        tracked.push(t);
      };
      for (const u of units) {
        nav.addUnit(u, u.kind.profile);
        order(u);
      }
      const label = (u: Unit): string => `seed ${seed}, ${u.kind.label}`;
      const checkPoses = (): void => {
        for (const u of units) {
          const { x, y, heading } = u.pose;
          expect(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(heading), label(u)).toBe(true);
          const depth = depthIn(grid, x, y, radiusOf(u));
          if (u.trapped !== undefined) {
            expect(depth, `${label(u)} drove deeper into a wall blocked on it`).toBeLessThanOrEqual(u.trapped + TOL);
            u.trapped = depth <= TOL ? undefined : Math.min(u.trapped, depth);
          } else expect(depth, `${label(u)} at (${x}, ${y}) is inside a wall`).toBeLessThanOrEqual(TOL);
        }
      };
      for (let frame = 0; frame < FRAMES; frame++) {
        if (rng.chance(editChance)) {
          const before = units.map((u) => depthIn(grid, u.pose.x, u.pose.y, radiusOf(u)));
          randomEdit(rng, grid);
          edits++;
          // A unit the edit walled in is excused as deep as it is now, never deeper.
          for (const [i, u] of units.entries()) {
            const depth = depthIn(grid, u.pose.x, u.pose.y, radiusOf(u));
            if (depth > before[i]! + TOL) {
              u.trapped = Math.max(u.trapped ?? 0, depth);
              trappedSeen++;
            }
          }
        }
        if (rng.chance(0.15)) order(rng.pick(units));
        if (rng.chance(0.02)) nav.stop(rng.pick(units));
        expect(() => nav.update(DT), `seed ${seed}, frame ${frame}`).not.toThrow();
        checkPoses();
      }
      for (let frame = 0; frame < SETTLE_FRAMES && tracked.some((t) => !t.move.ended); frame++) {
        expect(() => nav.update(DT)).not.toThrow();
        checkPoses();
      }
      for (const [i, t] of tracked.entries()) checkEvents(t, `seed ${seed}, order ${i} of ${t.move.unit.kind.label}`);
      const open = tracked.filter((t) => !t.move.ended).map((t) => `${t.move.unit.kind.label}: ${t.move.state} ${t.events.join(' ')}`);
      expect(open, `seed ${seed}: moves that never ended`).toEqual([]);
      expect(caught.length, `seed ${seed}: ${caught.filter((e) => !String(e).includes('listener of')).join('; ')}`).toBe(thrown);
      nav.destroy();
    }
    // The fuzz must exercise what it claims to.
    expect(edits).toBeGreaterThan(2000);
    expect(trappedSeen).toBeGreaterThan(20);
    expect(arrived).toBeGreaterThan(50);
    expect(replans).toBeGreaterThan(50);
  });
});
