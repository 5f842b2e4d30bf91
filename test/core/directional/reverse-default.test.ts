/**
 * The default reverse cost (issue 17, item 4): a unit that may reverse backs up where that pays
 * off, not for whole routes. Hand-worked: facing away from a goal 22 tiles behind it on open
 * ground, reversing the whole way costs 22 at a reverse cost of 1 (no turn at all), which no
 * forward path can beat; at 2 it would cost 44, and turning round (about π r of arc) and driving
 * forward costs about 26 for r = 1.
 */
import { describe, expect, it } from 'vitest';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { Grid } from '../../../src/grid/grid.js';
import { DEFAULT_REVERSE_COST } from '../../../src/unit/profile.js';

const OPEN = Grid.fromAscii(Array.from({ length: 11 }, () => '.'.repeat(30)));
const START = { x: 3.5, y: 5.5, heading: Math.PI };
const GOAL = { x: 25.5, y: 5.5 };

function reverseShare(reverseCost?: number): number {
  const planner = new DirectionalPlanner(OPEN, { turningRadius: 1, width: 0.8, reverse: true, ...(reverseCost === undefined ? {} : { reverseCost }) });
  const r = planner.findPath(START, GOAL);
  expect(r.status).toBe('found');
  const backwards = r.segments.segments.filter((s) => s.reverse).reduce((sum, s) => sum + s.length, 0);
  return backwards / r.length;
}

describe('the default reverse cost', () => {
  it('is above 1', () => {
    expect(DEFAULT_REVERSE_COST).toBeGreaterThan(1);
  });

  it('turns a unit round instead of backing up a whole route', () => {
    expect(reverseShare(1)).toBeGreaterThan(0.9);
    expect(reverseShare()).toBeLessThan(0.2);
  });
});
