/**
 * hypot(a, b) replaces Math.hypot in hot loops (issue 17: the builtin's argument array was garbage
 * on every call) and must give the same double: the planner's estimates and the Reeds-Shepp
 * circles would otherwise change by an ulp and, through ties, change paths.
 */
import { describe, expect, it } from 'vitest';
import { hypot } from '../../../src/curves/hypot.js';
import { makeRng } from '../../support/rng.js';

describe('hypot', () => {
  it('equals Math.hypot bit for bit on seeded values across magnitudes', () => {
    const rng = makeRng(909);
    for (let i = 0; i < 200000; i++) {
      const scale = 10 ** rng.range(-310, 308);
      const a = (rng.next() * 2 - 1) * scale * (rng.chance(0.5) ? 1 : 10 ** rng.range(-20, 20));
      const b = (rng.next() * 2 - 1) * scale;
      expect(Object.is(hypot(a, b), Math.hypot(a, b)), `${a}, ${b}`).toBe(true);
    }
  });

  it('equals Math.hypot on tile offsets, zeros of both signs, infinities and NaN', () => {
    const values = [0, -0, 0.5, -0.5, 1, 3, 4, 1e-320, 5e-324, 1.7976931348623157e308, Infinity, -Infinity, NaN];
    for (let x = -40; x <= 40; x++) values.push(x + 0.5, x / 3);
    for (const a of values) for (const b of values) expect(Object.is(hypot(a, b), Math.hypot(a, b)), `${a}, ${b}`).toBe(true);
  });
});
