import { describe, it, expect } from 'vitest';
import { firstLeg } from '../../../src/curves/first-leg.js';
import { makeRng } from '../../support/rng.js';
import { randomPose } from '../../support/poses.js';
import type { Pose } from '../../../src/curves/segment.js';

/** Seeded sweeps run thousands of cases; on a busy shared machine they can take many seconds. */
const SWEEP_TIMEOUT_MS = 60_000;

const PI = Math.PI;
const EXACT = 1e-9;
const SEED = 777;

/**
 * Brute force: sweep the turn angle on each circle finely, find where the goal comes dead ahead
 * (the cross product changes sign while the goal is in front), refine by bisection, keep the
 * shortest turn plus straight. Independent of the library's tangent formula.
 */
function bruteFirstLeg(from: Pose, to: { x: number; y: number }, r: number): number {
  let best = Infinity;
  for (const k of [-1, 1]) {
    const cx = from.x - k * r * Math.sin(from.heading);
    const cy = from.y + k * r * Math.cos(from.heading);
    // A point on the circle is reached by the arc alone; the sweep below cannot see it (it never
    // crosses the line of sight, it touches it).
    if (Math.abs(Math.hypot(to.x - cx, to.y - cy) - r) < 1e-9) {
      const turn = Math.atan2(to.y - cy, to.x - cx) - Math.atan2(from.y - cy, from.x - cx);
      best = Math.min(best, ((((k * turn) % (2 * PI)) + 2 * PI) % (2 * PI)) * r);
    }
    const ahead = (t: number): [number, number] => {
      const h = from.heading + k * t;
      const px = cx + k * r * Math.sin(h);
      const py = cy - k * r * Math.cos(h);
      const dx = to.x - px;
      const dy = to.y - py;
      return [Math.cos(h) * dy - Math.sin(h) * dx, Math.cos(h) * dx + Math.sin(h) * dy];
    };
    const n = 4000;
    for (let i = 0; i < n; i++) {
      let lo = (i / n) * 2 * PI;
      let hi = ((i + 1) / n) * 2 * PI;
      const [c0, d0] = ahead(lo);
      const [c1] = ahead(hi);
      if (i === 0 && Math.abs(c0) < 1e-12 && d0 >= 0) best = Math.min(best, d0);
      if (c0 * c1 > 0 || c0 === 0) continue;
      for (let j = 0; j < 60; j++) {
        const mid = (lo + hi) / 2;
        if (ahead(mid)[0] * c0 > 0) lo = mid;
        else hi = mid;
      }
      const [, d] = ahead(lo);
      if (d > 0) best = Math.min(best, lo * r + d);
    }
  }
  return best;
}

describe('firstLeg: hand-worked cases', () => {
  const o = { x: 0, y: 0, heading: 0 };
  it('a point on the right turning circle is a half turn away', () => {
    const c = firstLeg(o, { x: 0, y: 2 }, 1);
    expect(c.length).toBeCloseTo(PI, 12);
    expect(c.word).toBe('R');
  });
  it('a point straight ahead is one straight', () => {
    const c = firstLeg(o, { x: 3, y: 0 }, 1);
    expect(c.word).toBe('S');
    expect(c.length).toBeCloseTo(3, 12);
  });
  it('a point inside the right circle is reached the long way round the left one: 5π/3 + √3', () => {
    const c = firstLeg(o, { x: 0, y: 1 }, 1);
    expect(c.word).toBe('LS');
    expect(c.length).toBeCloseTo((5 * PI) / 3 + Math.sqrt(3), 12);
  });
  it('the start point itself is no move at all', () => {
    expect(firstLeg({ x: 2.5, y: 3.5, heading: 1 }, { x: 2.5, y: 3.5 }, 2).length).toBe(0);
  });
  it('may back straight up when allowed, and weighs it by the reverse cost', () => {
    const back = firstLeg(o, { x: -3, y: 0 }, 1, { reverse: true });
    expect(back.word).toBe('S-');
    expect(back.length).toBeCloseTo(3, 12);
    const forward = firstLeg(o, { x: -3, y: 0 }, 1);
    const pricey = firstLeg(o, { x: -3, y: 0 }, 1, { reverse: true, reverseCost: 3 });
    expect(pricey.cost).toBeCloseTo(Math.min(9, forward.length), 12);
  });
});

describe('firstLeg: seeded random cases', { timeout: SWEEP_TIMEOUT_MS }, () => {
  it('ends on the point facing along the final straight, as short as the brute-force sweep finds', () => {
    const rng = makeRng(SEED);
    for (let i = 0; i < 300; i++) {
      const tiles = i % 2 === 0;
      const from = randomPose(rng, tiles, 4);
      const to = randomPose(rng, tiles, 4);
      const r = tiles ? rng.range(1, 2) : 0.3 + rng.next() * 2;
      const c = firstLeg(from, to, r);
      const ctx = JSON.stringify({ i, from, to, r, word: c.word });
      expect(Math.hypot(c.path.end.x - to.x, c.path.end.y - to.y), ctx).toBeLessThan(EXACT);
      expect(c.path.segments.length, ctx).toBeLessThanOrEqual(2);
      const last = c.path.segments[c.path.segments.length - 1];
      if (last !== undefined && last.kind === 'line') {
        expect(Math.abs(Math.atan2(Math.sin(last.heading - c.path.end.heading), Math.cos(last.heading - c.path.end.heading))), ctx).toBeLessThan(EXACT);
      }
      expect(Math.abs(c.length - bruteFirstLeg(from, to, r)), ctx).toBeLessThan(1e-6);
    }
  });

  it('with reversing allowed it is never costlier; replanning from a sampled point never costs more than the rest', () => {
    const rng = makeRng(SEED + 1);
    for (let i = 0; i < 2000; i++) {
      const tiles = i % 2 === 0;
      const from = randomPose(rng, tiles, 4);
      const to = randomPose(rng, tiles, 4);
      const r = tiles ? rng.range(1, 2) : 0.3 + rng.next() * 2;
      const f = 1 + rng.next() * 3;
      const forward = firstLeg(from, to, r);
      const either = firstLeg(from, to, r, { reverse: true, reverseCost: f });
      const ctx = JSON.stringify({ i, from, to, r, f });
      expect(either.cost, ctx).toBeLessThanOrEqual(forward.cost + EXACT);
      expect(Math.hypot(either.path.end.x - to.x, either.path.end.y - to.y), ctx).toBeLessThan(EXACT);
      expect(new Set(either.path.segments.map((s) => s.reverse)).size, ctx).toBeLessThanOrEqual(1);
      // Arc-then-line has no optimal substructure: from a point on the arc the other circle may
      // now be shorter. From a point on the straight, though, the rest is exactly the rest.
      const d = rng.next() * forward.length;
      const rest = firstLeg(forward.path.sample(d), to, r).length;
      expect(rest, ctx).toBeLessThanOrEqual(forward.length - d + EXACT);
      const first = forward.path.segments[0];
      const arc = first?.kind === 'arc' ? first.length : 0;
      if (d > arc) expect(Math.abs(rest - (forward.length - d)), ctx).toBeLessThan(EXACT);
    }
  });

  it('rejects bad input, naming the value', () => {
    const p = { x: 0, y: 0, heading: 0 };
    expect(() => firstLeg(p, { x: NaN, y: 0 }, 1)).toThrow(/to\.x .* got NaN/);
    expect(() => firstLeg(p, { x: 1, y: 0 }, -2)).toThrow(/turning radius .* got -2/);
    expect(() => firstLeg(p, { x: 1, y: 0 }, 1, { reverse: true, reverseCost: 0 })).toThrow(/reverse cost .* got 0/);
  });
});
