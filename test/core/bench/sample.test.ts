import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../src/grid/scenario.js';
import { sampleScenarios } from '../../../bench/lib/sample.js';

/** `perBucket` scenarios in each of `buckets` buckets, interleaved the way some .scen files are. */
function scenarios(buckets: number, perBucket: number): Scenario[] {
  const out: Scenario[] = [];
  for (let k = 0; k < perBucket; k++) {
    for (let b = 0; b < buckets; b++) {
      out.push({ bucket: b, map: 'm', mapWidth: 9, mapHeight: 9, startX: b, startY: k, goalX: 0, goalY: 0, optimalLength: 4 * b + 1 });
    }
  }
  return out;
}

const histogram = (sample: readonly Scenario[]): Map<number, number> => {
  const h = new Map<number, number>();
  for (const s of sample) h.set(s.bucket, (h.get(s.bucket) ?? 0) + 1);
  return h;
};

describe('sampleScenarios', () => {
  it('covers every bucket, evenly, when there are more slots than buckets', () => {
    const all = scenarios(7, 10);
    const sample = sampleScenarios(all, 30, 1);
    expect(sample).toHaveLength(30);
    const h = histogram(sample);
    expect([...h.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const n of h.values()) expect([4, 5]).toContain(n);
  });

  it('takes n distinct queries, in file order, the same for the same seed', () => {
    const all = scenarios(5, 10);
    const a = sampleScenarios(all, 23, 9);
    expect(new Set(a).size).toBe(23);
    const idx = a.map((s) => all.indexOf(s));
    expect(idx).toEqual([...idx].sort((x, y) => x - y));
    expect(sampleScenarios(all, 23, 9)).toEqual(a);
    expect(sampleScenarios(all, 23, 10)).not.toEqual(a);
  });

  it('spreads over the whole range, shortest and longest included, when buckets outnumber slots', () => {
    const sample = sampleScenarios(scenarios(100, 3), 10, 2);
    const buckets = sample.map((s) => s.bucket).sort((a, b) => a - b);
    expect(new Set(buckets).size).toBe(10);
    expect(buckets[0]).toBe(0);
    expect(buckets[9]).toBe(99);
    for (let i = 1; i < 10; i++) expect(buckets[i]! - buckets[i - 1]!).toBeGreaterThanOrEqual(10);
    expect(buckets[9]! - buckets[0]!).toBe(99);
  });

  it('never takes more than a bucket holds', () => {
    const sample = sampleScenarios(scenarios(2, 3), 50, 4);
    expect(sample).toHaveLength(6);
    expect(sampleScenarios(scenarios(2, 3), 0, 4)).toEqual([]);
  });
});
