import { describe, expect, it } from 'vitest';
import { smoothPath } from '../../../src/anyangle/smoothing.js';
import { Grid } from '../../../src/grid/grid.js';
import { polylineLength } from '../../../src/search/result.js';
import { brutePathLegal } from '../../support/brute-los.js';

const pts = (...xy: number[]): { x: number; y: number }[] => xy.flatMap((v, i) => (i % 2 === 0 ? [{ x: v, y: xy[i + 1]! }] : []));

describe('smoothPath', () => {
  it('collapses a staircase on open ground to one segment', () => {
    const g = Grid.fromAscii(['....', '....', '....']);
    expect(smoothPath(g, pts(0, 0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 2, 4, 3))).toEqual(pts(0, 0, 4, 3));
  });

  it('keeps the corner a wall forces', () => {
    const g = Grid.fromAscii(['....', '@@..', '....']);
    // From below the wall to above it, round its right end: both corners (2,2) and (2,1) stay.
    expect(smoothPath(g, pts(0, 3, 1, 2, 2, 2, 2, 1, 1, 0, 0, 0))).toEqual(pts(0, 3, 2, 2, 2, 1, 0, 0));
  });

  it('takes the pass from the goal end when it is shorter', () => {
    const g = Grid.fromAscii(['.@@.', '....', '..@.']);
    const path = pts(0, 0, 1, 1, 2, 2, 3, 2, 3, 3);
    // From the start: (0,0) cannot see (3,2) past the blocked (1,0), so (2,2) stays, then (3,2):
    // 2√2 + 1 + 1. From the goal: (3,2) sees (1,1): √2 + √5 + 1, shorter.
    const smooth = smoothPath(g, path);
    expect(smooth).toEqual(pts(0, 0, 1, 1, 3, 2, 3, 3));
    expect(polylineLength(smooth)).toBeCloseTo(Math.SQRT2 + Math.sqrt(5) + 1, 12);
    expect(brutePathLegal(g, smooth)).toBe(true);
  });

  it('keeps real end points and short paths as they are', () => {
    const g = Grid.fromAscii(['...', '...']);
    expect(smoothPath(g, pts(0.25, 0.5, 1, 1, 2.75, 1.5))).toEqual(pts(0.25, 0.5, 2.75, 1.5));
    expect(smoothPath(g, pts(0, 0, 3, 2))).toEqual(pts(0, 0, 3, 2));
    expect(smoothPath(g, pts(1, 1))).toEqual(pts(1, 1));
  });

  it('never cuts through a double corner', () => {
    // Cells (1,1) and (2,2) blocked: corner (2,2) is a double corner.
    const g = Grid.fromAscii(['....', '.@..', '..@.', '....']);
    const path = pts(1, 3, 1, 2, 2, 2, 3, 2, 3, 1);
    const smooth = smoothPath(g, path);
    expect(brutePathLegal(g, smooth)).toBe(true);
    expect(smooth).not.toEqual(pts(1, 3, 3, 1));
  });
});
