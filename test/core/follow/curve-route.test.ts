/** Curves through an any-angle route take the unit's whole profile: reversing and its cost. */
import { describe, expect, it } from 'vitest';
import { curveThrough } from '../../../src/follow/curve-route.js';
import { Grid } from '../../../src/grid/grid.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';

describe('curveThrough', () => {
  const grid = Grid.fromAscii(['........', '........', '........', '........', '........']);
  const start = { x: 4.5, y: 2.5, heading: 0 };
  // One tile straight behind the unit, to be faced the same way: backing up 1 tile is the shortest way.
  const points = [start, { x: 3.5, y: 2.5 }];

  function curve(profile: UnitProfile): { length: number; reversed: number } {
    const work = curveThrough(grid, start, points, 0, resolveProfile(profile), { used: 0, max: Infinity });
    let step = work.next();
    while (!step.done) step = work.next();
    const path = step.value?.path;
    expect(path).toBeDefined();
    return { length: path!.length, reversed: path!.segments.filter((s) => s.reverse).reduce((sum, s) => sum + s.length, 0) };
  }

  it('backs straight up when reversing costs no more than driving forward', () => {
    const r = curve({ turningRadius: 0.5, reverse: true });
    expect(r.length).toBeCloseTo(1, 9);
    expect(r.reversed).toBeCloseTo(1, 9);
  });

  it('drives forward round a loop when reverseCost makes backing up dearer than the loop', () => {
    const r = curve({ turningRadius: 0.5, reverse: true, reverseCost: 100 });
    expect(r.reversed).toBe(0);
    expect(r.length).toBeGreaterThan(1);
  });
});
