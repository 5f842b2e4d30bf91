/**
 * Fuzz: extreme numbers into every public function of the follow layer that takes one (issue 15,
 * point 3). Each call either throws a RangeError or TypeError whose message names what was wrong,
 * or returns a sane result: finite poses, a path that starts where asked, a boolean. Nothing
 * hangs (the suite's timeout would catch it) and nothing returns NaN.
 */
import { describe, expect, it } from 'vitest';
import { erosionFor, legClear, pointClear, polylineClear, pushCorners } from '../../../src/follow/disc-room.js';
import { Follower } from '../../../src/follow/follower.js';
import { frameForHeading } from '../../../src/phaser/frames.js';
import { MotionProfile } from '../../../src/follow/motion-profile.js';
import { Navigator, pathNearArea, type MoveOptions } from '../../../src/follow/navigator.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { polylineBlocked, snapToLattice } from '../../../src/follow/path-check.js';
import { PlanQueue } from '../../../src/follow/plan-queue.js';
import { polylinePath, slicePath } from '../../../src/follow/polyline.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';
import { EXTREMES as SHARED_EXTREMES } from '../../support/extremes.js';
import { makeRng } from '../../support/rng.js';

/** The shared extremes and the edges of this file's ranges. */
const EXTREMES = [...SHARED_EXTREMES, 1e9];

/** Runs `call`; a throw must be a RangeError or TypeError with a message. Returns the result or undefined. */
function attempt<R>(label: string, call: () => R): R | undefined {
  try {
    return call();
  } catch (error) {
    expect(error instanceof RangeError || error instanceof TypeError, `${label}: ${String(error)}`).toBe(true);
    expect((error as Error).message.length, label).toBeGreaterThan(0);
    return undefined;
  }
}

function finitePose(label: string, p: Pose): void {
  expect(Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(p.heading), `${label}: ${JSON.stringify(p)}`).toBe(true);
}

const GRID = Grid.fromAscii(['........', '..@@....', '..@.....', '........']);
const { path: PATH, waypoints: WAYPOINTS } = polylinePath([
  { x: 0.5, y: 0.5 },
  { x: 2, y: 1 },
  { x: 4, y: 3.5 },
]);

describe('fuzz: extreme numbers into the follow layer', () => {
  it('Follower, MotionProfile and advance: a RangeError or a finite motion that ends on the path', () => {
    const fields = ['speed', 'acceleration', 'deceleration', 'lateralAcceleration', 'startSpeed', 'finalHeading'] as const;
    for (const field of fields) {
      for (const v of EXTREMES) {
        const label = `Follower ${field} = ${v}`;
        const f = attempt(label, () => new Follower(PATH, { speed: 2, acceleration: 4, [field]: v }));
        if (!f) continue;
        for (const dt of [1 / 60, 0.5, 1e9]) {
          f.advance(dt);
          finitePose(label, f.pose);
          expect(f.distance, label).toBeGreaterThanOrEqual(0);
          expect(f.distance, label).toBeLessThanOrEqual(PATH.length);
        }
      }
    }
    for (const dt of EXTREMES) {
      const f = new Follower(PATH, { speed: 2, waypoints: WAYPOINTS });
      f.advance(dt);
      finitePose(`advance(${dt})`, f.pose);
    }
    for (const length of EXTREMES) {
      for (const v of EXTREMES) {
        const p = attempt(`MotionProfile.build(${length}, speed ${v})`, () => MotionProfile.build(length, { speed: v, acceleration: 1, deceleration: 1 }));
        if (!p) continue;
        for (const t of EXTREMES) {
          const d = p.distanceAt(t);
          if (!Number.isNaN(t)) expect(Number.isFinite(d) && d >= 0 && d <= length, `build(${length}, ${v}).distanceAt(${t}) = ${d}`).toBe(true);
        }
      }
    }
  });

  it('polylinePath, slicePath, snapToLattice, frameForHeading, pathNearArea, polylineBlocked', () => {
    for (const v of EXTREMES) {
      const made = attempt(`polylinePath x = ${v}`, () => polylinePath([{ x: 0, y: 0 }, { x: v, y: 1 }], v));
      if (made) finitePose(`polylinePath x = ${v}`, made.path.end);
      for (const w of EXTREMES) {
        const label = `slicePath(${v}, ${w})`;
        const s = attempt(label, () => slicePath(PATH, v, w));
        if (!s) continue;
        expect(s.length, label).toBeLessThanOrEqual(PATH.length + 1e-12);
        finitePose(label, s.start);
        finitePose(label, s.end);
      }
      const snapped = snapToLattice(v);
      expect(Object.is(snapped, v) || Math.abs(snapped - v) <= 1e-9, `snapToLattice(${v})`).toBe(true);
      const frame = attempt(`frameForHeading(${v}, 8)`, () => frameForHeading(v, 8));
      if (frame !== undefined) expect(Number.isInteger(frame) && frame >= 0 && frame < 8).toBe(true);
      attempt(`frameForHeading(0, ${v})`, () => frameForHeading(0, v));
      for (const area of [
        { x: v, y: 0, width: 1, height: 1 },
        { x: 0, y: 0, width: v, height: 1 },
      ]) {
        const near = attempt(`pathNearArea ${JSON.stringify(area)}`, () => pathNearArea(PATH, area, 0.5));
        if (near !== undefined) expect(typeof near).toBe('boolean');
      }
      const nearR = attempt(`pathNearArea r = ${v}`, () => pathNearArea(PATH, { x: 0, y: 0, width: 1, height: 1 }, v));
      if (nearR !== undefined) expect(typeof nearR).toBe('boolean');
      const blocked = attempt(`polylineBlocked from ${v}`, () => polylineBlocked(GRID, PATH, v));
      if (blocked !== undefined) expect(typeof blocked).toBe('boolean');
    }
  });

  it('room checks: a boolean or a RangeError for any radius and point, never a hang', () => {
    for (const r of EXTREMES) {
      for (const x of [0.5, Number.NaN, Infinity, -1e300, 1e300]) {
        const label = `r = ${r}, x = ${x}`;
        const clear = attempt(`pointClear ${label}`, () => pointClear(GRID, x, 0.5, r));
        if (clear !== undefined) expect(typeof clear, label).toBe('boolean');
        const leg = attempt(`legClear ${label}`, () => legClear(GRID, { x: 0.5, y: 0.5 }, { x, y: 3.5 }, r));
        if (leg !== undefined) expect(typeof leg, label).toBe('boolean');
        attempt(`polylineClear ${label}`, () => polylineClear(GRID, [{ x: 0.5, y: 0.5 }, { x, y: 3.5 }], r));
      }
      const pushed = attempt(`pushCorners r = ${r}`, () => pushCorners([{ x: 0.5, y: 0.5 }, { x: 2, y: 1 }, { x: 4, y: 3.5 }], r));
      if (pushed && Number.isFinite(r)) for (const p of pushed) expect(Number.isFinite(p.x) && Number.isFinite(p.y), `pushCorners r = ${r}`).toBe(true);
      const k = attempt(`erosionFor(${r})`, () => erosionFor(r));
      if (k !== undefined) expect(Number.isInteger(k) && k >= 0, `erosionFor(${r}) = ${k}`).toBe(true);
    }
  });

  it('Navigator: extreme profiles, options, goals, budgets and frame times fail or refuse by name, never throw from update', () => {
    const rng = makeRng(15);
    const profileFields = ['speed', 'acceleration', 'deceleration', 'lateralAcceleration', 'turningRadius', 'width'] as const;
    const optionFields = ['heading', 'tolerance'] as const;
    const nav = new Navigator<Pose>(Grid.fromAscii(['..........', '..........', '....@@....', '..........']), {
      read: (u) => ({ ...u }),
      write: (u, p) => Object.assign(u, p),
    }, { budget: { expansions: 20_000 } });
    const units: Pose[] = [];
    const moves: ReturnType<typeof nav.moveTo>[] = [];
    for (let i = 0; i < 300; i++) {
      const unit: Pose = { x: 0.5 + rng.int(3), y: 0.5 + rng.int(4), heading: 0 };
      const profile: UnitProfile = { speed: 4 };
      const options: MoveOptions = {};
      const field = rng.pick([...profileFields, ...optionFields, 'goal', 'pose'] as const);
      const v = rng.pick(EXTREMES);
      // Huge radii and widths are refused by the planners' range checks or fail to fit; keep the
      // turning radius sane unless it is the field under test, so tables stay cheap.
      if (field === 'goal') {
        nav.addUnit(unit, profile);
        units.push(unit);
        moves.push(nav.moveTo(unit, { x: v, y: rng.pick(EXTREMES) }));
      } else if (field === 'pose') {
        unit.x = v;
        nav.addUnit(unit, profile);
        units.push(unit);
        moves.push(nav.moveTo(unit, { x: 8.5, y: 3.5 }));
      } else if ((optionFields as readonly string[]).includes(field)) {
        nav.addUnit(unit, profile);
        units.push(unit);
        moves.push(nav.moveTo(unit, { x: 8.5, y: 3.5 }, { ...options, [field]: v }));
      } else {
        if (field === 'turningRadius' && !(v > 0.4 && v < 2) && v !== 0) continue;
        const bad = attempt(`addUnit ${field} = ${v}`, () => nav.addUnit(unit, { ...profile, [field]: v }));
        units.push(unit);
        if (bad === undefined) nav.addUnit(unit, profile);
        moves.push(nav.moveTo(unit, { x: 8.5, y: 3.5 }, { [field]: v }));
      }
      const dt = rng.chance(0.2) ? rng.pick(EXTREMES) : 1 / 30;
      expect(() => nav.update(dt), `update(${dt}) after ${field} = ${v}`).not.toThrow();
    }
    for (let i = 0; i < 600; i++) nav.update(1 / 30);
    // Bad numbers are refused by name ('invalid') or fail as planning does; never a crash inside.
    expect(moves.filter((m) => m.failure === 'error').map((m) => m.reason)).toEqual([]);
    expect(moves.filter((m) => m.failure === 'invalid').length).toBeGreaterThan(30);
    for (const u of units) {
      // A unit placed at a non-finite position stays there; every other one is somewhere real.
      if (Number.isFinite(u.x)) finitePose('unit', u);
    }
    for (const v of EXTREMES) {
      attempt(`setBudget ms ${v}`, () => nav.setBudget({ milliseconds: v }));
      attempt(`PlanQueue expansions ${v}`, () => new PlanQueue({ expansions: v }));
    }
    nav.setBudget({ expansions: 20_000 });
    expect(() => nav.update(1 / 30)).not.toThrow();
  });
});
