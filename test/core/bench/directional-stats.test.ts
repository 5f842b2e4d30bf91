import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareModes,
  directionalChecks,
  summarize,
  type ConfigResult,
  type DirectionalSample,
  type ModeSummary,
  type ReferenceResult,
} from '../../../bench/lib/directional-stats.js';
import type { PathQuality, ReferenceComparison } from '../../../bench/lib/path-quality.js';
import { benchFolders, parseSteerQueries } from '../../../bench/lib/steer-queries.js';

/** A found query of `map`, index `index`, taking `ms` of which `preMs` before the search. */
function sample(over: Partial<DirectionalSample>): DirectionalSample {
  return { map: 'm', index: 0, first: false, status: 'found', ms: 1, preMs: 0, expanded: 10, sideWork: 0, length: 10, optimum: 10, illegal: false, ...over };
}

describe('directional bench: summarize', () => {
  // Hand-worked: one first query (100 ms, excluded from the times), four warm ones.
  const samples = [
    sample({ index: 0, first: true, ms: 100, preMs: 50, expanded: 1000 }),
    sample({ index: 1, ms: 2, preMs: 1, expanded: 100, length: 12, optimum: 10 }),
    sample({ index: 2, ms: 4, preMs: 1, expanded: 300, sideWork: 40, length: 11, optimum: 10 }),
    sample({ index: 3, status: 'no-room-to-turn', ms: 8, preMs: 2, expanded: 0, length: NaN }),
    sample({ index: 4, status: 'budget', ms: 6, preMs: 1, expanded: 500, length: NaN, illegal: false }),
  ];
  const s = summarize(samples);

  it('counts every status, the first query included', () => {
    expect(s.queries).toBe(5);
    expect(s.statuses).toEqual({ found: 3, 'no-room-to-turn': 1, budget: 1 });
    expect(s.budget).toBe(1);
  });

  it('times only the warm queries, with the first apart', () => {
    expect(s.warm).toBe(4);
    // Warm times 2, 4, 6, 8: median 5; p95 at rank 2.85 = 6 + 0.85 * 2.
    expect(s.p50).toBe(5);
    expect(s.p95).toBeCloseTo(7.7, 12);
    expect(s.p99).toBeCloseTo(7.94, 12);
    expect(s.max).toBe(8);
    expect(s.firstMedian).toBe(100);
    expect(s.firstMax).toBe(100);
  });

  it('µs per expansion from the search time of warm queries that expanded', () => {
    // (2-1) + (4-1) + (6-1) ms over 100 + 300 + 500 expansions = 9 ms / 900 = 10 µs.
    expect(s.microsPerExpansion).toBeCloseTo(10, 12);
    expect(s.medianExpanded).toBe(200);
    expect(s.maxExpanded).toBe(1000);
    expect(s.maxSideWork).toBe(40);
    expect(s.preMax).toBe(2);
  });

  it('the slowest no-path answer, and lengths over found queries only', () => {
    expect(s.failMax).toBe(8);
    // Found: 10/10 (the first query), 12/10, 11/10.
    expect(s.meanOverOptimum).toBeCloseTo(1.1, 12);
    expect(s.maxOverOptimum).toBeCloseTo(1.2, 12);
    expect(s.illegal).toBe(0);
    expect(summarize([sample({ illegal: true })]).illegal).toBe(1);
  });
});

describe('directional bench: compareModes', () => {
  it('counts queries full found and hybrid missed, and averages the length ratio over both found', () => {
    const full = [sample({ index: 0, length: 10 }), sample({ index: 1, length: 20 }), sample({ index: 2, length: 5 }), sample({ index: 3, status: 'no-room-to-turn', length: NaN })];
    const hybrid = [sample({ index: 0, length: 11 }), sample({ index: 1, length: 26 }), sample({ index: 2, status: 'budget', length: NaN }), sample({ index: 3, length: 9 })];
    const vs = compareModes(full, hybrid);
    expect(vs).toEqual({ bothFound: 2, hybridMissed: 1, meanLengthRatio: expect.closeTo(1.2, 12), maxLengthRatio: expect.closeTo(1.3, 12) });
  });

  it('refuses lists of different queries', () => {
    expect(() => compareModes([sample({ index: 0 })], [])).toThrow(RangeError);
    expect(() => compareModes([sample({ index: 0 })], [sample({ index: 1 })])).toThrow(/m#0/);
  });
});

describe('directional bench: target checks', () => {
  const mode = (over: Partial<ModeSummary>): ModeSummary => ({ ...summarize([sample({ first: true }), sample({})]), ...over });
  const config = (radius: number, full: Partial<ModeSummary>, hybrid: Partial<ModeSummary>, vs: Partial<ConfigResult['vs']> = {}): ConfigResult => ({
    radius,
    neighborhood: 24,
    full: mode(full),
    hybrid: mode(hybrid),
    vs: { bothFound: 10, hybridMissed: 0, meanLengthRatio: 1.05, maxLengthRatio: 1.2, ...vs },
  });
  const byText = (checks: ReturnType<typeof directionalChecks>, part: string): string => checks.find((c) => c.text.includes(part))!.status;

  it('passes r = 2 at the thresholds and fails just above them', () => {
    const pass = directionalChecks([config(2, { p95: 100, max: 1000 }, { p95: 16, max: 100, failMax: 5 }, { meanLengthRatio: 1.1 })]);
    expect(pass.every((c) => c.status === 'PASS')).toBe(true);
    const fail = directionalChecks([config(2, { p95: 100.1, max: 1000.1 }, { p95: 16.1, max: 100.1, failMax: 5.1 }, { meanLengthRatio: 1.11, hybridMissed: 1 })]);
    expect(fail.filter((c) => c.status === 'FAIL')).toHaveLength(7);
    expect(byText(fail, '0 illegal')).toBe('PASS');
  });

  it('a query stopped by the expansion cap fails "every query within" whatever its time', () => {
    const checks = directionalChecks([config(2, { max: 3, budget: 1 }, { max: 3, budget: 2 })]);
    expect(byText(checks, 'hybrid every query')).toBe('FAIL');
    expect(byText(checks, 'full every query')).toBe('FAIL');
    expect(byText(checks, 'hybrid p95')).toBe('PASS');
  });

  it('no no-path answer passes its target; other radii are INFO but illegal paths fail everywhere', () => {
    const checks = directionalChecks([config(4, { p95: 5000, illegal: 1 }, { p95: 5000, failMax: NaN })]);
    expect(checks.filter((c) => c.status === 'INFO')).toHaveLength(7);
    expect(byText(checks, 'illegal')).toBe('FAIL');
    expect(byText(directionalChecks([config(2, {}, { failMax: NaN })]), 'no-path answers')).toBe('PASS');
  });
});

describe('directional bench: steering queries', () => {
  it('parses poses, a null goal heading, and skips blank lines', () => {
    const q = parseSteerQueries('{"sx": 1.5, "sy": 2.5, "sh": -1, "gx": 9.5, "gy": 3.5, "gh": null}\n\n{"sx": 0.5, "sy": 0.5, "sh": 0, "gx": 4.5, "gy": 4.5, "gh": 1.25}\n');
    expect(q).toEqual([
      { start: { x: 1.5, y: 2.5, heading: -1 }, goal: { x: 9.5, y: 3.5, heading: null } },
      { start: { x: 0.5, y: 0.5, heading: 0 }, goal: { x: 4.5, y: 4.5, heading: 1.25 } },
    ]);
  });

  it('names the line and field of a bad query', () => {
    expect(() => parseSteerQueries('{"sx": 1, "sy": 1, "sh": 0, "gx": 2, "gy": 2, "gh": null}\n{"sx": "a", "sy": 1}')).toThrow(/line 2: sx/);
  });

  it('finds the steer folder beside maps, given the benchmarks folder or its maps folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'headway-steer-'));
    mkdirSync(join(dir, 'maps'));
    expect(benchFolders(dir)).toEqual({ maps: join(dir, 'maps'), steer: join(dir, 'steer') });
    expect(benchFolders(join(dir, 'maps'))).toEqual({ maps: join(dir, 'maps'), steer: join(dir, 'steer') });
  });
});

describe('directional bench: an empty run', () => {
  it('skips the targets instead of failing them', () => {
    const none = summarize([]);
    expect(directionalChecks([{ radius: 2, neighborhood: 24, full: none, hybrid: none, vs: compareModes([], []) }])).toEqual([
      { status: 'SKIP', text: 'steering r=2 D-24: no steering queries in this run' },
    ]);
  });
});

describe('directional bench: path quality', () => {
  const quality = (length: number, turning: number, reverseLength: number, loop: boolean): PathQuality => ({ length, turning, reverseLength, reverseShare: reverseLength / length, cusps: reverseLength > 0 ? 2 : 0, loop });

  it('pools turning, reverse share, cusps and loops over the found paths only', () => {
    const s = summarize([
      sample({ index: 0, first: true, length: 10, quality: quality(10, 1, 0, false) }),
      sample({ index: 1, length: 30, quality: quality(30, 5, 6, true) }),
      sample({ index: 2, status: 'budget', length: NaN, quality: quality(50, 100, 50, true) }),
    ]);
    // Found: turning (1 + 5) / 2 = 3; reverse 6 of 40 tiles; one loop, two cusps.
    expect(s.meanTurning).toBeCloseTo(3, 12);
    expect(s.reverseShare).toBeCloseTo(0.15, 12);
    expect(s.cusps).toBe(2);
    expect(s.loops).toBe(1);
  });

  const reference = (over: Partial<ReferenceComparison>): ReferenceResult => {
    const c: ReferenceComparison = { compared: 10, meanLengthRatio: 1.05, maxLengthRatio: 1.25, turningRatio: 1.2, loopsWithout: 0, ...over };
    return { label: 'ref', queries: 10, found: 10, budget: 0, full: c, hybrid: c };
  };
  const config = (radius: number, ref: ReferenceResult): ConfigResult => {
    const one = summarize([sample({})]);
    return { radius, neighborhood: 24, full: one, hybrid: one, vs: compareModes([], []), reference: ref };
  };
  const refChecks = (radius: number, ref: ReferenceResult): string[] =>
    directionalChecks([config(radius, ref)])
      .filter((c) => c.text.includes('vs reference'))
      .map((c) => c.status);

  it('passes the reference targets at r = 2 at their thresholds and fails just above, per mode', () => {
    expect(refChecks(2, reference({}))).toEqual(Array(8).fill('PASS'));
    expect(refChecks(2, reference({ meanLengthRatio: 1.051, maxLengthRatio: 1.251, turningRatio: 1.201, loopsWithout: 1 }))).toEqual(Array(8).fill('FAIL'));
    expect(refChecks(4, reference({ loopsWithout: 1 }))).toEqual(Array(8).fill('INFO'));
  });

  it('a reference with nothing compared does not pass', () => {
    expect(refChecks(2, reference({ compared: 0, meanLengthRatio: NaN, maxLengthRatio: NaN, turningRatio: NaN }))).toEqual(Array(8).fill('FAIL'));
  });
});
