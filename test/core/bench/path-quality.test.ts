import { describe, expect, it } from 'vitest';
import { compareWithReference, cuspCount, hasLoop, pathQuality, reverseLength, totalTurning, type PathQuality, type QualitySegment } from '../../../bench/lib/path-quality.js';

const line = (x: number, y: number, heading: number, length: number, reverse = false): QualitySegment => ({ kind: 'line', x, y, heading, length, reverse });
const arc = (x: number, y: number, heading: number, radius: number, turn: 1 | -1, length: number, reverse = false): QualitySegment => ({ kind: 'arc', x, y, heading, length, reverse, radius, turn });

// Hand-worked geometry (y down, heading clockwise on screen): an arc turning +1 from heading 0 at
// (x, y) with radius r has its centre at (x, y + r).
/** Quarter circle of radius 2 from the origin facing +x: ends at (2, 2) facing +y, length π. */
const quarter = arc(0, 0, 0, 2, 1, Math.PI);
/** Full circle of radius 2: length 4π, back at the origin. */
const circle = arc(0, 0, 0, 2, 1, 4 * Math.PI);
/**
 * East along y = 0 to (4, 0), 270° clockwise around (4, 1) to (3, 1) facing -y, then up x = 3:
 * the last line crosses the first at (3, 0) when it is longer than 1, though the net turn is only 3π/2.
 */
const curl = (last: number): QualitySegment[] => [line(0, 0, 0, 4), arc(4, 0, 0, 1, 1, 1.5 * Math.PI), line(3, 1, 1.5 * Math.PI, last)];

describe('path quality: turning', () => {
  it('a quarter arc of radius 2 turns π/2, a straight line 0', () => {
    expect(totalTurning([quarter])).toBeCloseTo(Math.PI / 2, 12);
    expect(totalTurning([line(0, 0, 0, 10)])).toBe(0);
  });

  it('adds left and right turns as absolute values, and a cusp adds nothing', () => {
    // Quarter right (π/2), then back along it for π/4 turning the other way: 3π/4 in all, not π/4.
    const back = arc(2, 2, Math.PI / 2, 2, -1, Math.PI / 2, true);
    expect(totalTurning([quarter, back])).toBeCloseTo((3 * Math.PI) / 4, 12);
  });
});

describe('path quality: reverse and cusps', () => {
  it('counts the reverse distance, its share and the switches', () => {
    // 3 forward, 1 back, 2 forward: 1 of 6 tiles reversed, two cusps.
    const path = [line(0, 0, 0, 3), line(3, 0, 0, 1, true), line(2, 0, 0, 2)];
    expect(reverseLength(path)).toBe(1);
    expect(cuspCount(path)).toBe(2);
    const q = pathQuality(path);
    expect(q.length).toBe(6);
    expect(q.reverseShare).toBeCloseTo(1 / 6, 12);
    expect(q.cusps).toBe(2);
  });

  it('a path of length 0 has a reverse share of 0', () => {
    expect(pathQuality([]).reverseShare).toBe(0);
  });
});

describe('path quality: loops', () => {
  it('a full circle is a loop; a quarter arc and a straight line are not', () => {
    expect(hasLoop([circle])).toBe(true);
    expect(hasLoop([quarter])).toBe(false);
    expect(hasLoop([line(0, 0, 0, 10)])).toBe(false);
  });

  it('a path that crosses its own trace is a loop though it turns less than 2π', () => {
    expect(hasLoop(curl(3))).toBe(true);
    // Stopped before the crossing: same turns, no loop.
    expect(hasLoop(curl(0.5))).toBe(false);
  });

  it('backing along the arc just driven (a cusp) is not a loop', () => {
    // Back over 70% of the quarter: its chords fall between the forward ones, so a crossing test
    // over the whole path would see crossings; the runs on either side of a cusp are tested apart.
    const back = arc(2, 2, Math.PI / 2, 2, -1, 0.7 * Math.PI, true);
    expect(hasLoop([quarter, back])).toBe(false);
  });

  it('a loop after a cusp is still found', () => {
    expect(hasLoop([line(1, 0, 0, 1, true), ...curl(3)])).toBe(true);
  });
});

describe('path quality: against a reference', () => {
  const q = (length: number, turning: number, loop = false): PathQuality => ({ length, turning, reverseLength: 0, reverseShare: 0, cusps: 0, loop });

  it('averages the length ratios per query and the turning as a ratio of means', () => {
    // Lengths 11/10 and 30/20: mean 1.3, max 1.5. Turning (2 + 4) / (1 + 4) = 1.2 (the mean of per-query ratios would be 1.5).
    const c = compareWithReference([
      { path: q(11, 2), reference: q(10, 1) },
      { path: q(30, 4, true), reference: q(20, 4) },
    ]);
    expect(c.compared).toBe(2);
    expect(c.meanLengthRatio).toBeCloseTo(1.3, 12);
    expect(c.maxLengthRatio).toBeCloseTo(1.5, 12);
    expect(c.turningRatio).toBeCloseTo(1.2, 12);
    expect(c.loopsWithout).toBe(1);
  });

  it('a loop where the reference loops too is not counted; straight references give no turning ratio', () => {
    const c = compareWithReference([{ path: q(10, 0, true), reference: q(10, 0, true) }]);
    expect(c.loopsWithout).toBe(0);
    expect(c.turningRatio).toBeNaN();
  });
});
