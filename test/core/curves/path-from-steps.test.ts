/**
 * pathFromSteps hands the SegmentPath it builds the end pose it computed, and that path skips the
 * joint checks its chain passes by construction (issue 17: every curve a planner solves is built
 * so). The path must equal the one the checked constructor makes from the same segments, bit for
 * bit, and a path built directly afterwards must still be checked.
 */
import { describe, expect, it } from 'vitest';
import { pathFromSteps, SegmentPath, type Step } from '../../../src/curves/segment-path.js';
import { lineSegment } from '../../../src/curves/segment.js';
import { makeRng } from '../../support/rng.js';

describe('pathFromSteps', () => {
  it('builds the path the checked constructor builds from its segments, bit for bit', () => {
    const rng = makeRng(2417);
    for (let i = 0; i < 2000; i++) {
      const start = { x: rng.next() * 40 - 20, y: rng.next() * 40 - 20, heading: rng.next() * 20 - 10 };
      const steps: Step[] = [];
      for (let n = rng.int(6); n > 0; n--) steps.push({ steer: rng.pick([-1, 0, 1] as const), distance: rng.chance(0.1) ? 0 : rng.next() * 12 - 6 });
      const radius = rng.pick([0.5, 1, 2, 3]);
      const built = pathFromSteps(start, steps, radius);
      const checked = new SegmentPath(built.segments, start);
      expect(built.end).toEqual(checked.end);
      expect(Object.is(built.end.heading, checked.end.heading)).toBe(true);
      expect(built.start).toEqual(checked.start);
      expect(built.length).toBe(checked.length);
      for (const d of [0.25, 0.5, 0.75]) expect(built.sample(d * built.length)).toEqual(checked.sample(d * checked.length));
    }
  });

  it('leaves a path built directly afterwards checked: a gap between segments still throws', () => {
    pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 1, distance: 2 }], 1);
    const a = lineSegment({ x: 0, y: 0, heading: 0 }, 1);
    const b = lineSegment({ x: 5, y: 0, heading: 0 }, 1);
    expect(() => new SegmentPath([a, b])).toThrow(/starts 4 tiles away/);
    expect(() => new SegmentPath([a], { x: 3, y: 0, heading: 0 })).toThrow(RangeError);
  });
});
