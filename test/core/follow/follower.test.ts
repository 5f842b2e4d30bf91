import { describe, expect, it } from 'vitest';
import { Follower, type FollowerOptions } from '../../../src/follow/follower.js';
import { frameForHeading } from '../../../src/phaser/frames.js';
import { polylinePath } from '../../../src/follow/polyline.js';
import { angleDifference } from '../../../src/curves/angle.js';
import { dubins } from '../../../src/curves/dubins.js';
import { reedsShepp } from '../../../src/curves/reeds-shepp.js';
import type { SegmentPath } from '../../../src/curves/segment-path.js';
import type { Pose } from '../../../src/curves/segment.js';
import { makeRng } from '../../support/rng.js';

interface Trace {
  /** Pose after each frame, with the time it stands for. */
  frames: { t: number; pose: Pose }[];
  events: string[];
}

/** Runs a follower with frame lengths from `dts` (repeated) until it arrives. */
function run(path: SegmentPath, options: FollowerOptions, dts: readonly number[], limit = 100000): Trace {
  const f = new Follower(path, options);
  const trace: Trace = { frames: [], events: [] };
  let t = 0;
  for (let i = 0; !f.done && i < limit; i++) {
    const dt = dts[i % dts.length]!;
    t += dt;
    for (const e of f.advance(dt)) trace.events.push(e.type === 'waypoint' ? `waypoint ${e.index}` : 'arrive');
    trace.frames.push({ t, pose: { ...f.pose } });
  }
  return trace;
}

const R = 1.5;
const curve = dubins({ x: 1, y: 1, heading: 0 }, { x: 4, y: 6, heading: Math.PI }, R).path;
const corners = polylinePath([
  { x: 0, y: 0 },
  { x: 4, y: 0 },
  { x: 4, y: 3 },
  { x: 1, y: 5 },
]);
const motion = { speed: 3, acceleration: 4 };

describe('Follower', () => {
  it('gives the same poses at the same times for dt 1/30, 1/60, 1/144 and across a 250 ms hitch', () => {
    for (const path of [curve, corners.path]) {
      // A common time grid: 1/6 s is 5, 10 and 24 frames.
      const a = run(path, motion, [1 / 30]).frames.filter((_, i) => (i + 1) % 5 === 0);
      const b = run(path, motion, [1 / 60]).frames.filter((_, i) => (i + 1) % 10 === 0);
      const c = run(path, motion, [1 / 144]).frames.filter((_, i) => (i + 1) % 24 === 0);
      expect(a.length).toBeGreaterThan(10);
      for (let i = 0; i < a.length - 1; i++) {
        for (const other of [b[i]!, c[i]!]) {
          expect(other.t).toBeCloseTo(a[i]!.t, 9);
          expect(other.pose.x).toBeCloseTo(a[i]!.pose.x, 9);
          expect(other.pose.y).toBeCloseTo(a[i]!.pose.y, 9);
        }
      }
      // A hitch: 0.25 s in one frame lands where 15 frames of 1/60 land.
      const smooth = new Follower(path, motion);
      const hitch = new Follower(path, motion);
      for (let i = 0; i < 30; i++) smooth.advance(1 / 60);
      hitch.advance(0.25);
      for (let i = 0; i < 15; i++) hitch.advance(1 / 60);
      expect(hitch.pose.x).toBeCloseTo(smooth.pose.x, 9);
      expect(hitch.pose.y).toBeCloseTo(smooth.pose.y, 9);
    }
  });

  it('moves continuously: no step longer than speed × dt; heading continuous and curvature at most 1/r on curves', () => {
    const rng = makeRng(11);
    for (let c = 0; c < 40; c++) {
      const from = { x: rng.next() * 10, y: rng.next() * 10, heading: rng.next() * 6 - 3 };
      const to = { x: rng.next() * 10, y: rng.next() * 10, heading: rng.next() * 6 - 3 };
      const path = dubins(from, to, R).path;
      const dts = [1 / 60, 1 / 144, 0.25, 1 / 30];
      const options = { speed: 0.5 + rng.next() * 4, acceleration: 1 + rng.next() * 5 };
      const trace = run(path, options, dts);
      let prev: Pose = path.start;
      const bad: string[] = [];
      trace.frames.forEach(({ pose }, i) => {
        const dt = dts[i % dts.length]!;
        const step = Math.hypot(pose.x - prev.x, pose.y - prev.y);
        if (step > options.speed * dt + 1e-9) bad.push(`frame ${i}: step ${step}`);
        // Along an arc of radius >= R, a chord of length d turns the heading by at most 2·asin(d / 2R).
        const turn = Math.abs(angleDifference(prev.heading, pose.heading));
        if (turn > 2 * Math.asin(Math.min(1, step / (2 * R))) + 1e-9) bad.push(`frame ${i}: turn ${turn} over ${step}`);
        prev = pose;
      });
      expect(bad, `case ${c}`).toEqual([]);
      expect(prev).toEqual(path.end);
    }
  });

  it('ends exactly on the goal pose, with the final heading when one is given', () => {
    const a = run(curve, motion, [1 / 60]);
    // The curve was asked to end at (4, 6); rebuilt from its arcs it ends at x = 3.999999999999999,
    // and the follower puts a coordinate that close to a grid line on it.
    expect(curve.end.x).not.toBe(4);
    expect(a.frames[a.frames.length - 1]!.pose).toEqual({ x: 4, y: 6, heading: curve.end.heading });
    const b = run(corners.path, { ...motion, finalHeading: 1 }, [1 / 60]);
    // The polyline's last point, not its end rebuilt from the last segment (x = 0.9999999999999996).
    expect(b.frames[b.frames.length - 1]!.pose).toEqual({ x: 1, y: 5, heading: 1 });
  });

  it('fires each waypoint once and in order, then arrive once, even when a hitch passes several', () => {
    const options = { ...motion, waypoints: corners.waypoints };
    expect(corners.waypoints).toEqual([4, 7]);
    for (const dts of [[1 / 60], [10]]) {
      expect(run(corners.path, options, dts).events).toEqual(['waypoint 0', 'waypoint 1', 'arrive']);
    }
    const f = new Follower(corners.path, options);
    while (!f.done) f.advance(1 / 60);
    expect(f.advance(1)).toEqual([]);
  });

  it('slows for arcs tighter than its sideways acceleration allows, and stops at cusps', () => {
    const lateral = 2;
    const f = new Follower(curve, { speed: 5, acceleration: 20, lateralAcceleration: lateral });
    let fastestOnArc = 0;
    let s = 0;
    while (!f.done) {
      f.advance(1 / 240);
      const seg = curve.segments.find((g, i) => {
        const at = curve.segments.slice(0, i).reduce((sum, x) => sum + x.length, 0);
        return f.distance > at + 1e-6 && f.distance < at + g.length - 1e-6;
      });
      if (seg?.kind === 'arc') fastestOnArc = Math.max(fastestOnArc, f.speed);
      s = f.distance;
    }
    expect(s).toBe(curve.length);
    expect(fastestOnArc).toBeLessThanOrEqual(Math.sqrt(lateral * R) + 1e-9);

    const cusped = reedsShepp({ x: 0, y: 0, heading: 0 }, { x: 0, y: 1, heading: 0 }, 1).path;
    const cusps: number[] = [];
    let at = 0;
    cusped.segments.forEach((g, i) => {
      if (i > 0 && g.reverse !== cusped.segments[i - 1]!.reverse) cusps.push(at);
      at += g.length;
    });
    expect(cusps.length).toBeGreaterThan(0);
    const g = new Follower(cusped, { speed: 3, acceleration: 6 });
    let slowest = Infinity;
    while (!g.done) {
      g.advance(1 / 1000);
      if (Math.abs(g.distance - cusps[0]!) < 0.01) slowest = Math.min(slowest, g.speed);
    }
    expect(slowest).toBeLessThan(0.35);
  });

  it('with slowAtCorners stops for a U-turn and keeps full speed straight on', () => {
    const u = polylinePath([
      { x: 0, y: 0 },
      { x: 5, y: 0 },
      { x: 0, y: 0.0 + 1e-12 },
    ]);
    const f = new Follower(u.path, { speed: 2, acceleration: 4, slowAtCorners: true });
    let slowest = Infinity;
    while (!f.done) {
      f.advance(1 / 1000);
      if (Math.abs(f.distance - 5) < 0.01) slowest = Math.min(slowest, f.speed);
    }
    expect(slowest).toBeLessThan(0.3);
  });

  it('picks the frame drawn nearest to the heading', () => {
    expect(frameForHeading(0, 8)).toBe(0);
    expect(frameForHeading(Math.PI / 2, 8)).toBe(2);
    expect(frameForHeading(-Math.PI / 2, 8)).toBe(6);
    expect(frameForHeading(Math.PI - 0.1, 4)).toBe(2);
    expect(frameForHeading(2 * Math.PI - 0.01, 4)).toBe(0);
    expect(() => frameForHeading(0, 0)).toThrow(RangeError);
  });
});
