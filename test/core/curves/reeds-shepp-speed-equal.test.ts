import { describe, it, expect } from 'vitest';
import { reedsShepp, type ReedsSheppCurve } from '../../../src/curves/reeds-shepp.js';
import { makeRng } from '../../support/rng.js';
import { randomPose } from '../../support/poses.js';
import type { Pose } from '../../../src/curves/segment.js';

/**
 * reedsShepp keeps its search state in module scratch (to allocate nothing per candidate), so a
 * solve must not depend on the solves that ran before it: same inputs, same answer, whatever ran
 * in between (other costs, other radii, calls that threw).
 */
const SEED = 4242;
const CASES = 400;
/** A reverse cost high enough that the forward-only Dubins words usually win. */
const DEAR_REVERSE = 50;

interface Case {
  readonly from: Pose;
  readonly to: Pose;
  readonly radius: number;
  readonly reverseCost: number;
}

const summary = (c: ReedsSheppCurve) => ({ word: c.word, length: c.length, cost: c.cost, steps: c.steps, end: c.path.end });

describe('reedsShepp solves are independent of earlier solves', () => {
  const rng = makeRng(SEED);
  const cases: Case[] = [];
  for (let i = 0; i < CASES; i++) {
    const tiles = rng.chance(0.5);
    cases.push({
      from: randomPose(rng, tiles),
      to: randomPose(rng, tiles),
      radius: rng.pick([0.5, 1, 1.5, 2.5]),
      reverseCost: rng.pick([1, 1, 1.5, 3, DEAR_REVERSE]),
    });
  }
  const solve = (c: Case) => summary(reedsShepp(c.from, c.to, c.radius, { reverseCost: c.reverseCost }));

  it('gives the same curve in reverse order with other solves and failures in between', () => {
    const first = cases.map(solve);
    for (let i = CASES - 1; i >= 0; i--) {
      const other = cases[(i * 7 + 3) % CASES]!;
      reedsShepp(other.to, other.from, other.radius * 2, { reverseCost: other.reverseCost === 1 ? DEAR_REVERSE : 1 });
      expect(() => reedsShepp(other.from, other.to, other.radius, { reverseCost: 0.5 })).toThrow(RangeError);
      expect(solve(cases[i]!)).toEqual(first[i]);
    }
  });
});
