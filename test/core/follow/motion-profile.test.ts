import { describe, expect, it } from 'vitest';
import { MotionProfile } from '../../../src/follow/motion-profile.js';
import { makeRng } from '../../support/rng.js';

const limits = { speed: 2, acceleration: 1, deceleration: 1 };

describe('MotionProfile', () => {
  it('speeds up, cruises and brakes: the hand-worked trapezoid', () => {
    // 2 s to reach 2 (covers 2), 2 s braking (covers 2), 6 left at 2 per second: 3 s.
    const p = MotionProfile.build(10, limits);
    expect(p.duration).toBeCloseTo(7, 12);
    expect(p.distanceAt(1)).toBeCloseTo(0.5, 12);
    expect(p.distanceAt(2)).toBeCloseTo(2, 12);
    expect(p.distanceAt(3.5)).toBeCloseTo(5, 12);
    expect(p.distanceAt(6)).toBeCloseTo(9.5, 12);
    expect(p.distanceAt(7)).toBe(10);
    expect(p.speedAt(3)).toBeCloseTo(2, 12);
    expect(p.speedAt(6.5)).toBeCloseTo(0.5, 12);
  });

  it('never reaches top speed on a short path: the triangle', () => {
    // Up to sqrt(2) over 1, down over 1: each half takes sqrt(2) seconds.
    const p = MotionProfile.build(2, limits);
    expect(p.duration).toBeCloseTo(2 * Math.SQRT2, 12);
    expect(p.peakSpeed).toBeCloseTo(Math.SQRT2, 12);
    expect(p.distanceAt(Math.SQRT2)).toBeCloseTo(1, 12);
  });

  it('with infinite acceleration runs at top speed from start to stop', () => {
    const p = MotionProfile.build(6, { speed: 3, acceleration: Infinity, deceleration: Infinity });
    expect(p.duration).toBeCloseTo(2, 12);
    expect(p.distanceAt(1)).toBeCloseTo(3, 12);
    expect(p.speedAt(0.5)).toBe(3);
  });

  it('continues a moving start and brakes harder when it cannot stop in time', () => {
    const cruise = MotionProfile.build(10, limits, 2);
    expect(cruise.distanceAt(1)).toBeCloseTo(2, 12);
    // From 2 over 0.5: the normal braking needs 2, so it brakes at 4 per second² and ends exactly.
    const hard = MotionProfile.build(0.5, limits, 2);
    expect(hard.duration).toBeCloseTo(0.5, 12);
    expect(hard.distanceAt(hard.duration)).toBe(0.5);
    expect(hard.speedAt(0.25)).toBeCloseTo(1, 12);
  });

  it('keeps to a zone cap and stops at a cusp', () => {
    const p = MotionProfile.build(20, limits, 0, [
      { from: 8, to: 12, speed: 0.5 },
      { from: 16, to: 16, speed: 0 },
    ]);
    let cuspSpeed = Infinity;
    let zoneSpeed = 0;
    for (let t = 0; t <= p.duration; t += 0.001) {
      const s = p.distanceAt(t);
      if (s > 8 + 1e-9 && s < 12 - 1e-9) zoneSpeed = Math.max(zoneSpeed, p.speedAt(t));
      if (Math.abs(s - 16) < 0.01) cuspSpeed = Math.min(cuspSpeed, p.speedAt(t));
    }
    expect(zoneSpeed).toBeLessThanOrEqual(0.5 + 1e-9);
    expect(cuspSpeed).toBeLessThan(0.15);
    expect(p.distanceAt(p.duration)).toBe(20);
  });

  it('over random limits and zones: monotone, within the limits, speed is the slope of distance', () => {
    const rng = makeRng(7);
    for (let c = 0; c < 300; c++) {
      const L = 0.1 + rng.next() * 30;
      const lim = {
        speed: 0.2 + rng.next() * 5,
        acceleration: rng.chance(0.2) ? Infinity : 0.2 + rng.next() * 10,
        deceleration: rng.chance(0.2) ? Infinity : 0.2 + rng.next() * 10,
      };
      const zones = [];
      for (let z = rng.int(4); z > 0; z--) {
        const a = rng.next() * L;
        const b = rng.chance(0.3) ? a : Math.min(L, a + rng.next() * 5);
        zones.push({ from: a, to: b, speed: b === a ? rng.next() * lim.speed : 0.1 + rng.next() * lim.speed });
      }
      const v0 = rng.chance(0.5) ? rng.next() * lim.speed : 0;
      const p = MotionProfile.build(L, lim, v0, zones);
      const dt = p.duration / 500;
      const rate = Math.max(lim.acceleration, lim.deceleration, (v0 * v0) / L);
      let prev = 0;
      const bad: string[] = [];
      for (let i = 1; i <= 500; i++) {
        const t = i * dt;
        const s = p.distanceAt(t);
        if (s < prev - 1e-12) bad.push(`backwards at ${t}`);
        if (s - prev > Math.max(lim.speed, v0) * dt + 1e-9) bad.push(`too fast at ${t}`);
        // Exact inside a phase (the midpoint rule integrates a line); a kink costs at most rate × dt².
        if (rate !== Infinity && Math.abs(s - prev - p.speedAt(t - dt / 2) * dt) > 2 * rate * dt * dt + 1e-12) {
          bad.push(`speed is not the slope at ${t}`);
        }
        prev = s;
      }
      expect(bad, `case ${c}`).toEqual([]);
      expect(p.distanceAt(p.duration)).toBe(L);
    }
  });

  it('rejects bad limits with a RangeError naming them', () => {
    expect(() => MotionProfile.build(1, { ...limits, speed: 0 })).toThrow(/speed/);
    expect(() => MotionProfile.build(1, { ...limits, acceleration: -1 })).toThrow(/acceleration/);
    expect(() => MotionProfile.build(Number.NaN, limits)).toThrow(/length/);
  });
});
