/**
 * Fuzz: extreme numbers into every public function of the curve layer that takes one (issue 15,
 * point 3): radii, poses, headings, reverse costs, segment lengths, sample distances and steps,
 * fixed-angle directions. Each call either throws a RangeError or TypeError with a message, or
 * returns an answer that is right by an independent check: a curve's end, found by walking its
 * segments one by one (not trusting `length` or `path.end`), lies within CURVE_TOLERANCE × scale
 * of the goal with the goal's heading, and its length is the finite sum of the segment lengths.
 * Nothing returns NaN and nothing hangs (the suite's timeout would catch it).
 */
import { describe, expect, it } from 'vitest';
import { angleDifference, mod2pi, normalizeAngle } from '../../../src/curves/angle.js';
import { CURVE_TOLERANCE, MAX_HEADING, MAX_RADIUS_RATIO, MIN_RADIUS_RATIO } from '../../../src/curves/curve-range.js';
import { dubins, dubinsLength, dubinsWord, DUBINS_WORDS } from '../../../src/curves/dubins.js';
import { firstLeg } from '../../../src/curves/first-leg.js';
import { fixedAngle } from '../../../src/curves/fixed-angle.js';
import { reedsShepp } from '../../../src/curves/reeds-shepp.js';
import { arcSegment, lineSegment, segmentFromJSON, segmentPoseAt, type Pose, type Segment } from '../../../src/curves/segment.js';
import { MAX_SAMPLES, pathFromSteps, SegmentPath, type Curve } from '../../../src/curves/segment-path.js';
import { EXTREMES as SHARED_EXTREMES } from '../../support/extremes.js';
import { makeRng, type Rng } from '../../support/rng.js';

const SEED = 1515;

/** The shared extremes and the edges of this file's ranges. */
const EXTREMES = [...SHARED_EXTREMES, 1e-12, 1e6, 1e12];

/** An extreme number, or an ordinary one of a random sign and magnitude (1e-320 to 1e308). */
function number(rng: Rng): number {
  if (rng.chance(0.4)) return rng.pick(EXTREMES);
  const magnitude = 10 ** (rng.next() * 628 - 320);
  return rng.chance(0.5) ? magnitude : -magnitude;
}

/** A map-sized number (within ±100), an extreme one now and then. */
function ordinary(rng: Rng): number {
  return rng.chance(0.15) ? number(rng) : (rng.next() * 2 - 1) * 100;
}

function pose(rng: Rng): Pose {
  return { x: ordinary(rng), y: ordinary(rng), heading: rng.chance(0.2) ? number(rng) : (rng.next() * 2 - 1) * 8 };
}

/** A radius: log-uniform over map-like sizes or over the whole double range, or an extreme one. */
function radius(rng: Rng): number {
  if (rng.chance(0.3)) return rng.pick(EXTREMES);
  return rng.chance(0.5) ? 10 ** (rng.next() * 16 - 10) : 10 ** (rng.next() * 620 - 310);
}

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

/** Where `segments` really end, walking each from its own start, and their total length. */
function walk(segments: readonly Segment[], start: Pose): { end: Pose; length: number } {
  let end = { ...start };
  let length = 0;
  for (const seg of segments) {
    end = segmentPoseAt(seg, seg.length, { x: 0, y: 0, heading: 0 });
    length += seg.length;
  }
  return { end, length };
}

const scaleOf = (a: { x: number; y: number }, b: { x: number; y: number }): number =>
  Math.max(1, Math.abs(a.x), Math.abs(a.y), Math.abs(b.x), Math.abs(b.y));

/** The independent check of a found curve: it starts at `from`, reaches `to` and its numbers are finite. */
function expectReaches(label: string, curve: Curve, from: Pose, to: { x: number; y: number; heading?: number }): void {
  const { end, length } = walk(curve.path.segments, from);
  const scale = scaleOf(from, to);
  expect(Number.isFinite(curve.length) && Number.isFinite(curve.cost), label).toBe(true);
  expect(Math.abs(curve.length - length), label).toBeLessThanOrEqual(1e-12 * Math.max(1, length));
  expect(Math.hypot(curve.path.start.x - from.x, curve.path.start.y - from.y), label).toBeLessThanOrEqual(CURVE_TOLERANCE * scale);
  expect(Math.hypot(end.x - to.x, end.y - to.y), label).toBeLessThanOrEqual(CURVE_TOLERANCE * scale);
  if (to.heading !== undefined) expect(Math.abs(angleDifference(end.heading, to.heading)), label).toBeLessThanOrEqual(CURVE_TOLERANCE);
  // Walking is the truth; the path's own sample must agree with it.
  const sampled = curve.path.sample(curve.length);
  expect(Math.hypot(sampled.x - end.x, sampled.y - end.y), label).toBeLessThanOrEqual(CURVE_TOLERANCE * scale);
}

/** Whether (from, to, r) lies inside the documented range, so a RangeError there would be a defect. */
function inRange(from: Pose, to: { x: number; y: number; heading?: number }, r: number): boolean {
  const ok = [from.x, from.y, from.heading, to.x, to.y, to.heading ?? 0, r].every(Number.isFinite) && r > 0;
  const scale = scaleOf(from, to);
  const headingsOk = Math.abs(from.heading) <= MAX_HEADING && Math.abs(to.heading ?? 0) <= MAX_HEADING;
  return ok && headingsOk && Number.isFinite(scale + 2 * Math.hypot(to.x - from.x, to.y - from.y) + 16 * r) && r >= MIN_RADIUS_RATIO * scale && r <= MAX_RADIUS_RATIO * scale;
}

describe('extreme numbers into the curve planners', () => {
  it('the issue cases: radii far from the map scale are refused with a reason, never a found curve of length 0', () => {
    const from = { x: 0, y: 0, heading: 0 };
    const to = { x: 5, y: 0, heading: 0 };
    for (const r of [1e-12, 1e-300, Number.MIN_VALUE, 1e12, 1e300, Number.MAX_VALUE]) {
      const small = r < 1;
      const reason = new RegExp(`turning radius ${String(r).replace('+', '\\+')} is too ${small ? 'small' : 'large'} relative to the distance 5 .* to compute a curve to 1e-9`);
      expect(() => dubins(from, to, r)).toThrow(reason);
      expect(() => dubinsLength(from, to, r)).toThrow(reason);
      expect(() => dubinsWord(from, to, r, 'LSL')).toThrow(reason);
      expect(() => reedsShepp(from, to, r)).toThrow(reason);
      expect(() => firstLeg(from, to, r)).toThrow(reason);
      expect(() => firstLeg(from, to, r, { reverse: true })).toThrow(RangeError);
    }
    // The ends of the range still give exact curves: at the bounds a straight is still the answer.
    for (const r of [MIN_RADIUS_RATIO * 5, MAX_RADIUS_RATIO * 5]) {
      expectReaches(`dubins r=${r}`, dubins(from, to, r), from, to);
      expectReaches(`reedsShepp r=${r}`, reedsShepp(from, to, r), from, to);
      expectReaches(`firstLeg r=${r}`, firstLeg(from, to, r), from, to);
    }
  });

  it('dubins, dubinsWord, dubinsLength, reedsShepp and firstLeg: a curve that reaches the goal, or a typed error', () => {
    const rng = makeRng(SEED);
    let found = 0;
    let refused = 0;
    for (let i = 0; i < 1500; i++) {
      const from = pose(rng);
      const to = pose(rng);
      const r = radius(rng);
      const reverseCost = rng.chance(0.7) ? 1 + rng.next() * 4 : number(rng);
      const label = `seed ${SEED} case ${i}: ${JSON.stringify({ from, to, r, reverseCost }, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))}`;
      const saneCost = Number.isFinite(reverseCost) && reverseCost >= 1;
      const tryCurve = (name: string, call: () => Curve | null, goal: { x: number; y: number; heading?: number }, usesCost = false): void => {
        const curve = attempt(`${name} ${label}`, call);
        if (curve === undefined) {
          refused++;
          // Inside the documented range every call with sane options must answer.
          if (inRange(from, goal, r) && (saneCost || !usesCost)) expect.fail(`${name} refused an in-range query: ${label}`);
          return;
        }
        if (curve === null) return;
        found++;
        expectReaches(`${name} ${label}`, curve, from, goal);
      };
      tryCurve('dubins', () => dubins(from, to, r), to);
      tryCurve('dubinsWord', () => dubinsWord(from, to, r, rng.pick(DUBINS_WORDS)), to);
      tryCurve('reedsShepp', () => reedsShepp(from, to, r, { reverseCost }), to, true);
      tryCurve('firstLeg', () => firstLeg(from, { x: to.x, y: to.y }, r), { x: to.x, y: to.y });
      tryCurve('firstLeg reverse', () => firstLeg(from, { x: to.x, y: to.y }, r, { reverse: true, reverseCost }), { x: to.x, y: to.y }, true);
      const length = attempt(`dubinsLength ${label}`, () => dubinsLength(from, to, r));
      if (length !== undefined) {
        expect(Number.isFinite(length), label).toBe(true);
        expect(Math.abs(length - dubins(from, to, r).length), label).toBeLessThanOrEqual(1e-9 * Math.max(1, length));
      }
    }
    // The sweep must exercise both outcomes, or it proves nothing.
    expect(found).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });

  it('in range, with ordinary options, the planners always answer and reach the goal', () => {
    const rng = makeRng(SEED + 1);
    for (let i = 0; i < 1500; i++) {
      const scale = 10 ** (rng.next() * 12 - 4);
      const at = (): number => (rng.next() * 2 - 1) * scale;
      const from = { x: at(), y: at(), heading: (rng.next() * 2 - 1) * 8 };
      const to = { x: at(), y: at(), heading: (rng.next() * 2 - 1) * 8 };
      const s = scaleOf(from, to);
      // Log-uniform over the whole documented range of radii.
      const r = s * MIN_RADIUS_RATIO * (MAX_RADIUS_RATIO / MIN_RADIUS_RATIO) ** rng.next();
      const label = `seed ${SEED + 1} case ${i}: ${JSON.stringify({ from, to, r })}`;
      expectReaches(`dubins ${label}`, dubins(from, to, r), from, to);
      expectReaches(`reedsShepp ${label}`, reedsShepp(from, to, r, { reverseCost: 1 + rng.next() * 3 }), from, to);
      expectReaches(`firstLeg ${label}`, firstLeg(from, to, r, { reverse: rng.chance(0.5) }), from, { x: to.x, y: to.y });
    }
  });
});

describe('extreme numbers into segments, paths and redrawing', () => {
  it('lineSegment, arcSegment, segmentFromJSON, segmentPoseAt: finite poses or a typed error', () => {
    const rng = makeRng(SEED + 2);
    let built = 0;
    for (let i = 0; i < 3000; i++) {
      const start = pose(rng);
      const length = rng.chance(0.5) ? number(rng) : rng.next() * 50;
      const r = rng.chance(0.5) ? number(rng) : 0.1 + rng.next() * 10;
      const turn = rng.chance(0.9) ? rng.pick([1, -1] as const) : (number(rng) as 1);
      const reverse = rng.chance(0.5);
      const label = `seed ${SEED + 2} case ${i}: ${JSON.stringify({ start, length, r, turn })}`;
      const seg = attempt(label, () =>
        rng.chance(0.2)
          ? segmentFromJSON({ kind: 'arc', ...start, length, radius: r, turn, reverse })
          : rng.chance(0.5)
            ? lineSegment(start, length, reverse)
            : arcSegment(start, r, turn, length, reverse),
      );
      if (seg === undefined) continue;
      built++;
      // segmentPoseAt is unclamped by contract (callers keep the distance in [0, length]); out of
      // range only the non-finite distances are checked.
      const wild = number(rng);
      for (const d of [0, seg.length / 3, seg.length, Number.isFinite(wild) ? Math.abs(wild) % (seg.length + 1e-300) : wild]) {
        const p = attempt(`${label} at ${d}`, () => segmentPoseAt(seg, d, { x: 0, y: 0, heading: 0 }));
        if (p === undefined) continue;
        expect([p.x, p.y, p.heading].every(Number.isFinite), `${label} at ${d}`).toBe(true);
      }
      // The end of an arc lies on its circle, within the rounding of the radius and the coordinates.
      if (seg.kind === 'arc') {
        const end = segmentPoseAt(seg, seg.length, { x: 0, y: 0, heading: 0 });
        const off = Math.abs(Math.hypot(end.x - seg.cx, end.y - seg.cy) - seg.radius);
        expect(off, label).toBeLessThanOrEqual(1e-9 * Math.max(1, seg.radius, Math.abs(seg.x), Math.abs(seg.y)));
      }
    }
    expect(built).toBeGreaterThan(1000);
  });

  it('pathFromSteps, SegmentPath sampling, splitting, cost and fixedAngle: finite answers or a typed error', () => {
    const rng = makeRng(SEED + 3);
    let paths = 0;
    for (let i = 0; i < 1500; i++) {
      const start = pose(rng);
      const r = rng.chance(0.5) ? number(rng) : 0.2 + rng.next() * 5;
      const steps = Array.from({ length: 1 + rng.int(4) }, () => ({
        steer: rng.pick([-1, 0, 1] as const),
        distance: rng.chance(0.3) ? number(rng) : (rng.next() * 2 - 1) * 10,
      }));
      const label = `seed ${SEED + 3} case ${i}: ${JSON.stringify({ start, r, steps })}`;
      const path = attempt(label, () => pathFromSteps(start, steps, r));
      if (path === undefined) continue;
      paths++;
      expect(Number.isFinite(path.length), label).toBe(true);
      // The end the path reports is where walking its segments ends.
      const { end } = walk(path.segments, path.start);
      expect(Math.hypot(end.x - path.end.x, end.y - path.end.y), label).toBe(0);
      for (const d of [number(rng), number(rng), path.length / 2]) {
        const p = attempt(`${label} sample ${d}`, () => path.sample(d));
        if (p !== undefined) expect([p.x, p.y, p.heading].every(Number.isFinite), `${label} sample ${d}`).toBe(true);
        const parts = attempt(`${label} split ${d}`, () => path.split(d));
        if (parts !== undefined) expect(Math.abs(parts[0].length + parts[1].length - path.length), label).toBeLessThanOrEqual(1e-9 * Math.max(1, path.length));
        const cost = attempt(`${label} cost ${d}`, () => path.cost(d));
        if (cost !== undefined) expect(Number.isFinite(cost) || cost === Infinity, label).toBe(true);
        expect(Number.isNaN(cost), label).toBe(false);
      }
      // Steps that give between 1e5 poses and MAX_SAMPLES are legal but slow to build; skip them.
      let step = rng.chance(0.5) ? number(rng) : 0.5;
      if (path.length / step > 1e5 && path.length / step <= MAX_SAMPLES) step = path.length / 100;
      const poses = attempt(`${label} sampleEvery ${step}`, () => path.sampleEvery(step));
      if (poses !== undefined) expect(poses.every((p) => [p.x, p.y, p.heading].every(Number.isFinite)), label).toBe(true);
      const directions = rng.chance(0.5) ? number(rng) : rng.pick([4, 8, 16]);
      const redrawn = attempt(`${label} fixedAngle ${directions}`, () => fixedAngle(path, directions));
      if (redrawn !== undefined) {
        expect(Number.isFinite(redrawn.length), label).toBe(true);
        const scale = Math.max(1, Math.abs(path.end.x), Math.abs(path.end.y), path.length);
        expect(Math.hypot(redrawn.end.x - path.end.x, redrawn.end.y - path.end.y), label).toBeLessThanOrEqual(1e-6 * scale);
      }
    }
    expect(paths).toBeGreaterThan(300);
  });

  it('SegmentPath refuses segments whose total length overflows', () => {
    const a = lineSegment({ x: 0, y: 0, heading: 0 }, 1e308);
    const b = lineSegment({ x: 1e308, y: 0, heading: 0 }, 0.7e308, true);
    const c = lineSegment({ x: 0.3e308, y: 0, heading: 0 }, 1e308, true);
    expect(() => new SegmentPath([a, b, c])).toThrow(/total length overflows/);
    expect(() => lineSegment({ x: 1e308, y: 0, heading: 0 }, Number.MAX_VALUE)).toThrow(/leaves the range of a double/);
    expect(() => arcSegment({ x: 0, y: 0, heading: 0 }, 1e-300, 1, 5)).toThrow(/radius 1e-300 turns .* rad, more than/);
  });

  it('angle helpers: in range for finite input, NaN (as documented) for non-finite input', () => {
    const rng = makeRng(SEED + 4);
    for (let i = 0; i < 2000; i++) {
      const a = number(rng);
      const b = number(rng);
      const m = mod2pi(a);
      const n = normalizeAngle(a);
      const d = angleDifference(a, b);
      if (!Number.isFinite(a)) {
        expect([m, n].every(Number.isNaN), String(a)).toBe(true);
        continue;
      }
      expect(m >= 0 && m < 2 * Math.PI, String(a)).toBe(true);
      expect(n > -Math.PI && n <= Math.PI, String(a)).toBe(true);
      if (Number.isFinite(b) && Number.isFinite(b - a)) expect(d > -Math.PI && d <= Math.PI, `${a} ${b}`).toBe(true);
    }
  });
});
