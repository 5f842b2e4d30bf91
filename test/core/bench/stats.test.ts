import { describe, expect, it } from 'vitest';
import { max, mean, median, p95, quantile, timeRatios } from '../../../bench/lib/stats.js';

describe('bench stats', () => {
  it('median of odd and even lists, in any order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('p95 interpolates between closest ranks', () => {
    // 1..21: rank (21-1)*0.95 = 19 exactly, the value 20.
    expect(p95(Array.from({ length: 21 }, (_, i) => i + 1))).toBe(20);
    // 0..10: rank 9.5, halfway between 9 and 10.
    expect(p95([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])).toBeCloseTo(9.5, 12);
    expect(quantile([3, 1, 2], 0)).toBe(1);
    expect(quantile([3, 1, 2], 1)).toBe(3);
  });

  it('does not reorder its input', () => {
    const v = [3, 1, 2];
    median(v);
    expect(v).toEqual([3, 1, 2]);
  });

  it('mean and max', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(max([1, 9, -2])).toBe(9);
    expect(mean([])).toBeNaN();
    expect(max([])).toBeNaN();
  });

  it('time ratios: of the medians, and the median of per-query ratios', () => {
    const theirs = [10, 40, 90];
    const ours = [1, 20, 10];
    const r = timeRatios(theirs, ours);
    expect(r.ofMedians).toBe(40 / 10);
    expect(r.medianOfRatios).toBe(9); // per query 10, 2, 9
    expect(() => timeRatios([1], [1, 2])).toThrow(RangeError);
  });
});
