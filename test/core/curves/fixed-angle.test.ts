import { describe, it, expect } from 'vitest';
import { fixedAngle } from '../../../src/curves/fixed-angle.js';
import { dubins } from '../../../src/curves/dubins.js';
import { reedsShepp } from '../../../src/curves/reeds-shepp.js';
import { firstLeg } from '../../../src/curves/first-leg.js';
import { lineSegment, segmentEnd, type Segment } from '../../../src/curves/segment.js';
import { pathFromSteps, SegmentPath } from '../../../src/curves/segment-path.js';
import { makeRng } from '../../support/rng.js';
import { poseError, randomPose } from '../../support/poses.js';

/** Seeded sweeps run thousands of cases; on a busy shared machine they can take many seconds. */
const SWEEP_TIMEOUT_MS = 60_000;

const PI = Math.PI;
const EXACT = 1e-9;
const SEED = 31337;

/** Leg lengths and headings of a redrawn path. */
function legs(path: SegmentPath): [number, number][] {
  return path.segments.map((s) => [s.length, s.heading]);
}

/** Every property a redrawn path must have, whatever the input. */
function checkRedrawn(original: SegmentPath, redrawn: SegmentPath, directions: number, ctx: string): void {
  const step = (2 * PI) / directions;
  expect(Math.hypot(redrawn.start.x - original.start.x, redrawn.start.y - original.start.y), ctx).toBeLessThan(EXACT);
  expect(Math.hypot(redrawn.end.x - original.end.x, redrawn.end.y - original.end.y), ctx).toBeLessThan(EXACT);
  const segs = redrawn.segments;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    expect(s.kind, ctx).toBe('line');
    const k = s.heading / step;
    expect(Math.abs(k - Math.round(k)), ctx).toBeLessThan(1e-9);
    if (i > 0) {
      const end = segmentEnd(segs[i - 1]!);
      expect(Math.hypot(end.x - s.x, end.y - s.y), ctx).toBeLessThan(EXACT);
    }
  }
  // Cusps stay where they were.
  const cuspsOf = (p: SegmentPath): string[] => {
    const out: string[] = [];
    for (let i = 1; i < p.segments.length; i++) {
      if (p.segments[i]!.reverse !== p.segments[i - 1]!.reverse) out.push(`${p.segments[i]!.x.toFixed(6)},${p.segments[i]!.y.toFixed(6)}`);
    }
    return out;
  };
  expect(cuspsOf(redrawn), ctx).toEqual(cuspsOf(original));
}

describe('fixedAngle: hand-worked cases', () => {
  it('a quarter turn with 8 headings is the circumscribed octagon: legs tan(π/8), 2 tan(π/8), tan(π/8)', () => {
    const turn = dubins({ x: 0, y: 0, heading: 0 }, { x: 1, y: 1, heading: PI / 2 }, 1).path;
    const t = Math.tan(PI / 8);
    const got = legs(fixedAngle(turn, 8));
    const want = [[t, 0], [2 * t, PI / 4], [t, PI / 2]];
    expect(got).toHaveLength(3);
    got.forEach(([len, h], i) => {
      expect(len).toBeCloseTo(want[i]![0]!, 12);
      expect(h).toBeCloseTo(want[i]![1]!, 12);
    });
  });

  it('the same turn with 16 headings has five legs, 8 tan(π/16) in all', () => {
    const turn = dubins({ x: 0, y: 0, heading: 0 }, { x: 1, y: 1, heading: PI / 2 }, 1).path;
    const got = fixedAngle(turn, 16);
    const t = Math.tan(PI / 16);
    expect(legs(got).map(([len]) => len)).toEqual([t, 2 * t, 2 * t, 2 * t, t].map((v) => expect.closeTo(v, 12)));
    expect(got.length).toBeCloseTo(8 * t, 12);
  });

  it('a straight at a heading between two legal ones becomes two legs', () => {
    const straight = new SegmentPath([lineSegment({ x: 0, y: 0, heading: Math.atan2(1, 2) }, Math.sqrt(5))]);
    expect(legs(fixedAngle(straight, 8))).toEqual([
      [expect.closeTo(1, 12), 0],
      [expect.closeTo(Math.SQRT2, 12), expect.closeTo(PI / 4, 12)],
    ]);
  });

  it('an S-bend turning back at a heading that is not legal gets one leg at the next legal heading through the bend', () => {
    // Right 0.3 rad then left 0.3 rad, r = 1: the bend at (sin 0.3, 1 - cos 0.3) faces 0.3.
    const s = pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 1, distance: 0.3 }, { steer: -1, distance: 0.3 }], 1);
    const jx = Math.sin(0.3);
    const jy = 1 - Math.cos(0.3);
    const got = legs(fixedAngle(s, 8));
    expect(got).toEqual([
      [expect.closeTo(jx - jy, 12), 0],
      [expect.closeTo(2 * jy * Math.SQRT2, 12), expect.closeTo(PI / 4, 12)],
      [expect.closeTo(jx - jy, 12), expect.closeTo(0, 12)],
    ]);
  });

  it('keeps a path that already uses legal headings as it is', () => {
    const turn = dubins({ x: 0, y: 0, heading: 0 }, { x: 3, y: 4, heading: PI }, 1).path;
    const once = fixedAngle(turn, 16);
    const twice = fixedAngle(once, 16);
    expect(twice.segments.length).toBe(once.segments.length);
    twice.segments.forEach((s, i) => expect(poseError(s, once.segments[i]!) + Math.abs(s.length - once.segments[i]!.length)).toBeLessThan(EXACT));
  });

  it('rejects a bad number of directions', () => {
    const p = new SegmentPath([], { x: 0, y: 0, heading: 0 });
    expect(() => fixedAngle(p, 7)).toThrow(/directions .* got 7/);
    expect(() => fixedAngle(p, 2)).toThrow(RangeError);
    expect(() => fixedAngle(p, 8.5)).toThrow(RangeError);
    expect(fixedAngle(p, 8).length).toBe(0);
  });
});

describe('fixedAngle: seeded random paths', { timeout: SWEEP_TIMEOUT_MS }, () => {
  it('one-way turns (LSL, RSR) are wrapped from outside: the curve lies on the inner side of every leg', () => {
    const rng = makeRng(SEED + 2);
    let checked = 0;
    for (let i = 0; i < 5000 && checked < 300; i++) {
      const n = rng.pick([8, 16]);
      const legal = (): number => (rng.int(n) * 2 * PI) / n;
      const from = { ...randomPose(rng, false, 5), heading: legal() };
      const to = { ...randomPose(rng, false, 5), heading: legal() };
      const r = 0.5 + rng.next() * 2;
      const c = dubins(from, to, r);
      // A curve whose heading turns one way by at most a half turn lies on one side of each tangent.
      if ((c.word !== 'LSL' && c.word !== 'RSR') || c.parts[0] + c.parts[2] > PI * r) continue;
      checked++;
      const side = c.word === 'LSL' ? -1 : 1;
      const redrawn = fixedAngle(c.path, n);
      const ctx = JSON.stringify({ i, from, to, r, n, word: c.word });
      checkRedrawn(c.path, redrawn, n, ctx);
      let worst = Infinity;
      for (const p of c.path.sampleEvery(0.05)) {
        for (const leg of redrawn.segments) {
          // Signed distance of p to the leg's line, positive on the side the path turns to.
          const d = side * ((p.y - leg.y) * Math.cos(leg.heading) - (p.x - leg.x) * Math.sin(leg.heading));
          worst = Math.min(worst, d);
        }
      }
      expect(worst, ctx).toBeGreaterThan(-EXACT);
    }
    expect(checked).toBe(300);
  });

  it('Dubins paths between legal poses keep their ends and end facing the goal heading', () => {
    const rng = makeRng(SEED);
    for (let i = 0; i < 400; i++) {
      const n = rng.pick([8, 16]);
      const legal = (): number => (rng.int(n) * 2 * PI) / n;
      const from = { ...randomPose(rng, i % 2 === 0, 5), heading: legal() };
      const to = { ...randomPose(rng, i % 2 === 0, 5), heading: legal() };
      const r = 0.5 + rng.next() * 2;
      const c = dubins(from, to, r);
      const redrawn = fixedAngle(c.path, n);
      const ctx = JSON.stringify({ i, from, to, r, n, word: c.word });
      checkRedrawn(c.path, redrawn, n, ctx);
      if (c.length > 0) {
        expect(Math.abs(Math.sin(redrawn.end.heading - to.heading)) + Math.abs(Math.cos(redrawn.end.heading - to.heading) - 1), ctx).toBeLessThan(EXACT);
      }
    }
  });

  it('Reeds-Shepp paths, first legs and chains with corners at any heading', () => {
    const rng = makeRng(SEED + 1);
    for (let i = 0; i < 600; i++) {
      const n = rng.pick([4, 8, 16]);
      const from = randomPose(rng, i % 2 === 0, 5);
      const to = randomPose(rng, i % 2 === 0, 5);
      const r = 0.5 + rng.next() * 2;
      let path: SegmentPath;
      if (i % 3 === 0) path = reedsShepp(from, to, r).path;
      else if (i % 3 === 1) path = firstLeg(from, to, r, { reverse: rng.chance(0.3) }).path;
      else {
        // A polyline with corners, then a smooth tail.
        const segs: Segment[] = [];
        let at = { ...from };
        for (let j = rng.range(1, 4); j > 0; j--) {
          const seg = lineSegment(at, 0.2 + rng.next() * 3, rng.chance(0.2));
          segs.push(seg);
          at = { ...segmentEnd(seg), heading: rng.next() * 7 - 3.5 };
        }
        const tail = pathFromSteps(at, [{ steer: rng.pick([-1, 1] as const), distance: rng.next() * 4 }], r);
        path = new SegmentPath([...segs, ...tail.segments]);
      }
      checkRedrawn(path, fixedAngle(path, n), n, JSON.stringify({ i, from, to, r, n }));
    }
  });
});
