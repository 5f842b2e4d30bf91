import { describe, it, expect } from 'vitest';
import { reedsShepp } from '../../../src/curves/reeds-shepp.js';
import { dubins } from '../../../src/curves/dubins.js';
import { makeRng } from '../../support/rng.js';
import { moved, poseError, randomPose } from '../../support/poses.js';
import type { Pose } from '../../../src/curves/segment.js';

/** Seeded sweeps run thousands of cases; on a busy shared machine they can take many seconds. */
const SWEEP_TIMEOUT_MS = 60_000;

const PI = Math.PI;
const EXACT = 1e-9;
const SEED = 9001;
const CASES = 2000;

/** Number of changes of direction (cusps) in a path. */
function cusps(c: ReturnType<typeof reedsShepp>): number {
  let n = 0;
  const segs = c.path.segments;
  for (let i = 1; i < segs.length; i++) if (segs[i]!.reverse !== segs[i - 1]!.reverse) n++;
  return n;
}

function randomCase(rng: ReturnType<typeof makeRng>, i: number): { from: Pose; to: Pose; r: number } {
  const tiles = i % 2 === 0;
  return { from: randomPose(rng, tiles), to: randomPose(rng, tiles), r: tiles ? rng.range(1, 3) : 0.2 + rng.next() * 3 };
}

describe('reedsShepp: hand-worked cases', () => {
  const o = { x: 0, y: 0, heading: 0 };
  it('backs straight up to a goal behind', () => {
    const c = reedsShepp(o, { x: -3, y: 0, heading: 0 }, 1);
    expect(c.word).toBe('S-');
    expect(c.length).toBeCloseTo(3, 12);
    expect(c.cost).toBeCloseTo(3, 12);
    expect(c.steps).toEqual([{ steer: 0, distance: expect.closeTo(-3, 12) }]);
  });

  it('drives straight ahead and turns a quarter forward or backward', () => {
    expect(reedsShepp(o, { x: 3, y: 0, heading: 0 }, 1).word).toBe('S');
    const q = reedsShepp({ x: 0.5, y: 0.5, heading: 0 }, { x: 1.5, y: 1.5, heading: PI / 2 }, 1);
    expect(q.length).toBeCloseTo(PI / 2, 12);
    expect(q.word).toBe('R');
    const back = reedsShepp(o, { x: -1, y: 1, heading: -PI / 2 }, 1);
    expect(back.length).toBeCloseTo(PI / 2, 12);
    expect(back.word).toBe('R-');
  });

  it('turns around through one cusp in π (no path turns the heading by π in less)', () => {
    // L+ π/2 to (1, -1), then R- π/2 to (2, 0) facing π; R+ L- mirrors it.
    const c = reedsShepp(o, { x: 2, y: 0, heading: PI }, 1);
    expect(c.length).toBeCloseTo(PI, 12);
    expect(cusps(c)).toBe(1);
    expect(dubins(o, { x: 2, y: 0, heading: PI }, 1).length).toBeGreaterThan(PI + 1);
  });
});

describe('reedsShepp: invariants over seeded random cases', { timeout: SWEEP_TIMEOUT_MS }, () => {
  it('reaches the goal and is never longer than Dubins, nor shorter than distance or turning allow', () => {
    const rng = makeRng(SEED);
    for (let i = 0; i < CASES; i++) {
      const { from, to, r } = randomCase(rng, i);
      const c = reedsShepp(from, to, r);
      const ctx = JSON.stringify({ i, from, to, r, word: c.word });
      expect(poseError(c.path.end, to), ctx).toBeLessThan(EXACT);
      expect(c.length, ctx).toBeLessThanOrEqual(dubins(from, to, r).length + EXACT);
      expect(c.length, ctx).toBeGreaterThanOrEqual(Math.hypot(to.x - from.x, to.y - from.y) - EXACT);
      const turn = Math.abs(Math.atan2(Math.sin(to.heading - from.heading), Math.cos(to.heading - from.heading)));
      expect(c.length, ctx).toBeGreaterThanOrEqual(r * turn - EXACT);
      expect(cusps(c), ctx).toBeLessThanOrEqual(2);
      expect(c.path.segments.length, ctx).toBeLessThanOrEqual(5);
      expect(Math.abs(c.cost - c.length), ctx).toBeLessThan(EXACT);
    }
  });

  it('is symmetric and obeys the triangle inequality (a missing word would break both)', () => {
    const rng = makeRng(SEED + 1);
    for (let i = 0; i < CASES; i++) {
      const { from, to, r } = randomCase(rng, i);
      const via = randomPose(rng, i % 2 === 0, 3);
      const ab = reedsShepp(from, to, r).length;
      const ctx = JSON.stringify({ i, from, to, via, r });
      expect(Math.abs(reedsShepp(to, from, r).length - ab), ctx).toBeLessThan(EXACT);
      expect(ab, ctx).toBeLessThanOrEqual(reedsShepp(from, via, r).length + reedsShepp(via, to, r).length + EXACT);
    }
  });

  it('replanning from any sampled point of an optimal path gives the remaining length', () => {
    const rng = makeRng(SEED + 2);
    for (let i = 0; i < CASES; i++) {
      const { from, to, r } = randomCase(rng, i);
      const c = reedsShepp(from, to, r);
      // Piece boundaries (cusps included) and random points.
      const at = [rng.next() * c.length, rng.next() * c.length];
      let s = 0;
      for (const seg of c.path.segments) at.push((s += seg.length));
      for (const d of at) {
        const rest = reedsShepp(c.path.sample(d), to, r).length;
        expect(Math.abs(rest - (c.length - d)), JSON.stringify({ i, from, to, r, d, word: c.word })).toBeLessThan(EXACT);
      }
    }
  });

  it('scales with the radius, and is invariant under rotation, translation and mirroring', () => {
    const rng = makeRng(SEED + 3);
    for (let i = 0; i < CASES; i++) {
      const { from, to, r } = randomCase(rng, i);
      const base = reedsShepp(from, to, r).length;
      const ctx = JSON.stringify({ i, from, to, r });
      const tol = EXACT * (1 + base);
      const k = 0.25 + rng.next() * 4;
      const scale = (p: Pose): Pose => ({ x: p.x * k, y: p.y * k, heading: p.heading });
      expect(Math.abs(reedsShepp(scale(from), scale(to), r * k).length - k * base), ctx).toBeLessThan(tol * k);
      const angle = i % 2 === 0 ? (rng.int(4) * PI) / 2 : rng.next() * 2 * PI;
      const dx = rng.next() * 40 - 20;
      const dy = rng.next() * 40 - 20;
      expect(Math.abs(reedsShepp(moved(from, angle, dx, dy), moved(to, angle, dx, dy), r).length - base), ctx).toBeLessThan(tol);
      const mirror = (p: Pose): Pose => ({ x: p.x, y: -p.y, heading: -p.heading });
      expect(Math.abs(reedsShepp(mirror(from), mirror(to), r).length - base), ctx).toBeLessThan(tol);
    }
  });
});

describe('reedsShepp: reverse cost', { timeout: SWEEP_TIMEOUT_MS }, () => {
  it('weighs backward distance: backing up 3 tiles at cost 2 loses to any cheaper path', () => {
    const from = { x: 0, y: 0, heading: 0 };
    const to = { x: -3, y: 0, heading: 0 };
    const c = reedsShepp(from, to, 1, { reverseCost: 2 });
    expect(c.cost).toBeLessThanOrEqual(6 + EXACT);
    expect(c.cost).toBeCloseTo(c.path.cost(2), 12);
    expect(c.cost).toBeLessThanOrEqual(dubins(from, to, 1).length + EXACT);
    expect(c.cost).toBeGreaterThanOrEqual(3);
  });

  it('cost grows with the factor, stays between the plain length and factor × it, and tends to Dubins', () => {
    const rng = makeRng(SEED + 4);
    for (let i = 0; i < 500; i++) {
      const { from, to, r } = randomCase(rng, i);
      const plain = reedsShepp(from, to, r).length;
      const forward = dubins(from, to, r).length;
      const ctx = JSON.stringify({ i, from, to, r });
      let previous = plain;
      for (const f of [1.5, 3, 10]) {
        const c = reedsShepp(from, to, r, { reverseCost: f });
        expect(poseError(c.path.end, to), ctx).toBeLessThan(EXACT);
        expect(Math.abs(c.cost - c.path.cost(f)), ctx).toBeLessThan(EXACT);
        expect(c.cost, ctx).toBeGreaterThanOrEqual(previous - EXACT);
        expect(c.cost, ctx).toBeLessThanOrEqual(Math.min(f * plain, forward) + EXACT);
        previous = c.cost;
      }
      const never = reedsShepp(from, to, r, { reverseCost: 1e9 });
      expect(never.path.segments.some((s) => s.reverse), ctx).toBe(false);
      expect(Math.abs(never.length - forward), ctx).toBeLessThan(EXACT);
    }
  });

  it('rejects a factor below 1 and bad input, naming the value', () => {
    const p = { x: 0, y: 0, heading: 0 };
    expect(() => reedsShepp(p, p, 1, { reverseCost: 0.5 })).toThrow(/reverse cost .* got 0\.5/);
    expect(() => reedsShepp(p, p, 1, { reverseCost: NaN })).toThrow(RangeError);
    expect(() => reedsShepp(p, p, 0)).toThrow(/turning radius .* got 0/);
    expect(() => reedsShepp(p, { x: 1, y: NaN, heading: 0 }, 1)).toThrow(/to\.y .* got NaN/);
  });
});
