import { describe, it, expect } from 'vitest';
import { angleDifference, mod2pi, normalizeAngle, TWO_PI } from '../../../src/curves/angle.js';
import { makeRng } from '../../support/rng.js';

const PI = Math.PI;

describe('angle helpers', () => {
  it('mod2pi maps into [0, 2π) and keeps the angle', () => {
    expect(mod2pi(0)).toBe(0);
    expect(mod2pi(TWO_PI)).toBe(0);
    expect(mod2pi(-PI / 2)).toBeCloseTo((3 * PI) / 2, 15);
    expect(mod2pi(5 * PI)).toBeCloseTo(PI, 14);
    // A hair below zero would round to exactly 2π, outside the range.
    expect(mod2pi(-1e-17)).toBe(0);
    const rng = makeRng(7);
    for (let i = 0; i < 2000; i++) {
      const a = (rng.next() * 2 - 1) * 100;
      const m = mod2pi(a);
      expect(m).toBeGreaterThanOrEqual(0);
      expect(m).toBeLessThan(TWO_PI);
      expect(Math.abs(Math.sin(m) - Math.sin(a)) + Math.abs(Math.cos(m) - Math.cos(a))).toBeLessThan(1e-12);
    }
  });

  it('normalizeAngle maps into (-π, π]', () => {
    expect(normalizeAngle(PI)).toBe(PI);
    expect(normalizeAngle(-PI)).toBe(PI);
    expect(normalizeAngle((3 * PI) / 2)).toBeCloseTo(-PI / 2, 15);
    const rng = makeRng(8);
    for (let i = 0; i < 2000; i++) {
      const a = (rng.next() * 2 - 1) * 100;
      const n = normalizeAngle(a);
      expect(n).toBeGreaterThan(-PI);
      expect(n).toBeLessThanOrEqual(PI);
      expect(Math.abs(Math.sin(n) - Math.sin(a)) + Math.abs(Math.cos(n) - Math.cos(a))).toBeLessThan(1e-12);
    }
  });

  it('angleDifference is the signed smallest rotation', () => {
    expect(angleDifference(0.1, -0.1)).toBeCloseTo(-0.2, 15);
    expect(angleDifference(PI - 0.1, -PI + 0.1)).toBeCloseTo(0.2, 14);
    expect(angleDifference(0, PI)).toBe(PI);
  });
});
