import { describe, it, expect } from 'vitest';
import {
  arcSegment,
  lineSegment,
  segmentEnd,
  segmentFromJSON,
  segmentPoseAt,
  segmentToJSON,
  type Pose,
  type Segment,
} from '../../../src/curves/segment.js';
import { pathFromSteps, SegmentPath, wordOfSteps, type Step } from '../../../src/curves/segment-path.js';
import { makeRng, type Rng } from '../../support/rng.js';
import { poseError } from '../../support/poses.js';

/** Seeded sweeps run thousands of cases; on a busy shared machine they can take many seconds. */
const SWEEP_TIMEOUT_MS = 60_000;

const PI = Math.PI;
const EXACT = 1e-12;
const SEED = 424242;

/** A random chain of lines and arcs, forward and backward, from a random pose. */
function randomPath(rng: Rng): SegmentPath {
  const steps: Step[] = [];
  const n = rng.range(1, 8);
  for (let i = 0; i < n; i++) {
    steps.push({ steer: rng.pick([-1, 0, 1] as const), distance: (rng.chance(0.3) ? -1 : 1) * rng.next() * 4 });
  }
  const start = { x: rng.next() * 20 - 10, y: rng.next() * 20 - 10, heading: rng.next() * 6 - 3 };
  return pathFromSteps(start, steps, 0.3 + rng.next() * 2);
}

/** The pose at `d` by walking the segments from the start: the reference for the indexed search. */
function linearSample(path: SegmentPath, d: number): Pose {
  let left = Math.min(Math.max(d, 0), path.length);
  for (const seg of path.segments) {
    if (left < seg.length) return segmentPoseAt(seg, left, { x: 0, y: 0, heading: 0 });
    left -= seg.length;
  }
  return { ...path.end };
}

describe('segments', () => {
  it('a quarter arc, hand-worked: halfway is at (sin π/4, 1 - cos π/4) facing π/4', () => {
    const arc = arcSegment({ x: 0, y: 0, heading: 0 }, 1, 1, PI / 2);
    expect(arc.cx).toBeCloseTo(0, 15);
    expect(arc.cy).toBeCloseTo(1, 15);
    const mid = segmentPoseAt(arc, PI / 4, { x: 0, y: 0, heading: 0 });
    expect(mid.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(mid.y).toBeCloseTo(1 - Math.SQRT1_2, 15);
    expect(mid.heading).toBeCloseTo(PI / 4, 15);
    expect(poseError(segmentEnd(arc), { x: 1, y: 1, heading: PI / 2 })).toBeLessThan(EXACT);
  });

  it('backing up keeps facing the heading and moves the other way', () => {
    expect(poseError(segmentEnd(lineSegment({ x: 1, y: 2, heading: PI / 2 }, 3, true)), { x: 1, y: -1, heading: PI / 2 })).toBeLessThan(EXACT);
    // Steering right while backing: the centre is still on the right, the heading decreases.
    const back = pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 1, distance: -PI / 2 }], 1);
    const arc = back.segments[0]!;
    expect(arc.kind === 'arc' && [arc.turn, arc.reverse, arc.cx, arc.cy]).toEqual([-1, true, expect.closeTo(0, 15), expect.closeTo(1, 15)]);
    expect(poseError(back.end, { x: -1, y: 1, heading: -PI / 2 })).toBeLessThan(EXACT);
  });

  it('every sample of an arc lies on its circle', () => {
    const rng = makeRng(SEED);
    for (let i = 0; i < 500; i++) {
      const arc = arcSegment({ x: rng.next() * 10, y: rng.next() * 10, heading: rng.next() * 7 }, 0.2 + rng.next() * 3, rng.pick([1, -1] as const), rng.next() * 10, rng.chance(0.5));
      const p = segmentPoseAt(arc, rng.next() * arc.length, { x: 0, y: 0, heading: 0 });
      expect(Math.abs(Math.hypot(p.x - arc.cx, p.y - arc.cy) - arc.radius)).toBeLessThan(1e-12);
    }
  });

  it('round-trips through JSON and names bad fields', () => {
    const arc = arcSegment({ x: 1, y: 2, heading: 3 }, 2, -1, 1.5, true);
    expect(segmentToJSON(arc)).toEqual({ kind: 'arc', x: 1, y: 2, heading: 3, length: 1.5, reverse: true, radius: 2, turn: -1 });
    expect(segmentFromJSON(JSON.parse(JSON.stringify(segmentToJSON(arc))))).toEqual(arc);
    const line = lineSegment({ x: 1, y: 2, heading: 3 }, 4);
    expect(segmentToJSON(line)).toEqual({ kind: 'line', x: 1, y: 2, heading: 3, length: 4, reverse: false });
    expect(() => segmentFromJSON({ kind: 'spiral', x: 0, y: 0, heading: 0, length: 1 })).toThrow(/kind .*"spiral"/);
    expect(() => segmentFromJSON({ kind: 'arc', x: 0, y: 0, heading: 0, length: 1, radius: 1, turn: 2 })).toThrow(/turn .* got 2/);
    expect(() => segmentFromJSON({ kind: 'arc', x: 0, y: 0, heading: 0, length: 1, radius: -1, turn: 1 })).toThrow(/radius .* got -1/);
    expect(() => segmentFromJSON({ kind: 'line', x: '0', y: 0, heading: 0, length: 1 })).toThrow(/segment\.x/);
    expect(() => lineSegment({ x: 0, y: 0, heading: 0 }, -1)).toThrow(/length .* got -1/);
  });
});

describe('SegmentPath', { timeout: SWEEP_TIMEOUT_MS }, () => {
  it('samples like a walk from the start, in increasing, decreasing and random order', () => {
    const rng = makeRng(SEED + 1);
    for (let i = 0; i < 300; i++) {
      const path = randomPath(rng);
      const distances = Array.from({ length: 40 }, () => rng.next() * path.length);
      const orders = [[...distances].sort((a, b) => a - b), [...distances].sort((a, b) => b - a), distances];
      for (const order of orders) {
        const out = { x: 0, y: 0, heading: 0 };
        for (const d of order) expect(poseError(path.sampleInto(d, out), linearSample(path, d))).toBeLessThan(EXACT);
      }
      expect(poseError(path.sample(0), path.start)).toBe(0);
      expect(poseError(path.sample(path.length), path.end)).toBe(0);
    }
  });

  it('clamps distances outside [0, length] and rejects NaN', () => {
    const path = pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 0, distance: 2 }], 1);
    expect(path.sample(-5)).toEqual({ x: 0, y: 0, heading: 0 });
    expect(path.sample(7)).toEqual({ x: 2, y: 0, heading: 0 });
    expect(() => path.sample(NaN)).toThrow(/NaN/);
  });

  it('sampleEvery steps evenly and ends with the exact end pose', () => {
    const path = pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 0, distance: 1 }, { steer: -1, distance: PI / 2 }], 1);
    const poses = path.sampleEvery(0.5);
    // 0, 0.5, ..., 2.5 then the end at 1 + π/2 ≈ 2.571.
    expect(poses).toHaveLength(7);
    expect(poses[6]).toEqual(path.end);
    expect(poseError(poses[6]!, { x: 2, y: -1, heading: -PI / 2 })).toBeLessThan(EXACT);
    expect(pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 0, distance: 1 }], 1).sampleEvery(0.5)).toHaveLength(3);
    expect(() => path.sampleEvery(0)).toThrow(RangeError);
    expect(() => path.sampleEvery(1e-12)).toThrow(/more than/);
  });

  it('split gives two paths that join at sample(d) and together sample like the original', () => {
    const rng = makeRng(SEED + 2);
    for (let i = 0; i < 300; i++) {
      const path = randomPath(rng);
      const d = rng.chance(0.1) ? rng.pick([0, path.length]) : rng.next() * path.length;
      const [before, after] = path.split(d);
      expect(Math.abs(before.length + after.length - path.length)).toBeLessThan(EXACT);
      expect(Math.abs(before.length - d)).toBeLessThan(EXACT);
      expect(poseError(after.start, path.sample(d))).toBeLessThan(EXACT);
      expect(poseError(before.end, path.sample(d))).toBeLessThan(1e-10);
      for (let j = 0; j < 10; j++) {
        const s = rng.next() * path.length;
        const part = s < d ? before.sample(s) : after.sample(s - d);
        expect(poseError(part, path.sample(s))).toBeLessThan(1e-10);
      }
    }
    const path = pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 0, distance: 1 }], 1);
    expect(() => path.split(1.5)).toThrow(/within \[0, 1\]/);
    expect(() => path.split(NaN)).toThrow(RangeError);
  });

  it('refuses gaps between segments and a segment-less path without a start', () => {
    const a = lineSegment({ x: 0, y: 0, heading: 0 }, 1);
    const b = lineSegment({ x: 1.5, y: 0, heading: 0 }, 1);
    expect(() => new SegmentPath([a, b])).toThrow(/segment 1 starts 0\.5/);
    expect(() => new SegmentPath([])).toThrow(/start pose/);
    const still = new SegmentPath([], { x: 1, y: 2, heading: 3 });
    expect(still.length).toBe(0);
    expect(still.sample(1)).toEqual({ x: 1, y: 2, heading: 3 });
    expect(still.sampleEvery(1)).toEqual([{ x: 1, y: 2, heading: 3 }]);
  });

  it('round-trips through JSON and weighs backward distance in cost', () => {
    const path = pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 1, distance: 1 }, { steer: 0, distance: -2 }], 1);
    const copy = SegmentPath.fromJSON(JSON.parse(JSON.stringify(path)));
    expect(copy.segments).toEqual(path.segments);
    expect(path.cost()).toBeCloseTo(3, 15);
    expect(path.cost(3)).toBeCloseTo(7, 15);
    expect(() => SegmentPath.fromJSON({})).toThrow(TypeError);
  });

  it('words mark directions only when the path reverses', () => {
    const fwd: Step[] = [{ steer: -1, distance: 1 }, { steer: 0, distance: 0 }, { steer: 1, distance: 2 }];
    expect(wordOfSteps(fwd)).toBe('LR');
    expect(wordOfSteps([{ steer: -1, distance: 1 }, { steer: 1, distance: -2 }, { steer: 0, distance: 1 }])).toBe('L+R-S+');
  });

  it('segments built from steps chain without gaps', () => {
    const rng = makeRng(SEED + 3);
    for (let i = 0; i < 300; i++) {
      const path = randomPath(rng);
      const segs: readonly Segment[] = path.segments;
      for (let j = 1; j < segs.length; j++) {
        const end = segmentEnd(segs[j - 1]!);
        expect(poseError(end, segs[j]!)).toBeLessThan(1e-12);
      }
    }
  });
});
