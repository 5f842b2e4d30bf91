import { describe, expect, it } from 'vitest';
import { Histogram } from '../../../bench/lib/histogram.js';
import { checkProgress, checkWalls, excuseBlocked } from '../../../bench/lib/soak-checks.js';
import { heapFigures } from '../../../bench/lib/soak-report.js';
import { newUnit, type SoakUnit, type UnitKind } from '../../../bench/lib/soak-units.js';
import { Move } from '../../../src/follow/move.js';
import type { UnitInfo } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import { polylinePath } from '../../../src/follow/polyline.js';
import { makeRng } from '../../support/rng.js';

const POINT: UnitKind = { label: 'point', width: 0, turningRadius: 0, reverse: false, planners: ['theta'] };
const SIZED: UnitKind = { label: 'sized', width: 0.8, turningRadius: 0, reverse: false, planners: ['theta'] };

function unit(kind: UnitKind, x: number, y: number): SoakUnit {
  return newUnit(0, kind, { speed: 1, width: kind.width }, { x, y, heading: 0 }, 0);
}

describe('soak wall check', () => {
  it('flags a point unit inside a blocked cell once per incident, and not on its edge', () => {
    const grid = Grid.fromAscii(['...', '.@.', '...']);
    const u = unit(POINT, 1.5, 1.5);
    expect(checkWalls(grid, u).fresh).toEqual([[1, 1]]);
    expect(checkWalls(grid, u)).toEqual({ fresh: [], inside: true, graze: false });
    u.pose = { x: 1, y: 1.5, heading: 0 }; // on the wall's edge: allowed
    expect(checkWalls(grid, u)).toEqual({ fresh: [], inside: false, graze: false });
    u.pose = { x: 1.5, y: 1.5, heading: 0 }; // walking in again is a new incident
    expect(checkWalls(grid, u).fresh).toEqual([[1, 1]]);
  });

  it('counts rounding-deep overlaps as grazes, deeper ones as incidents', () => {
    const grid = Grid.fromAscii(['...', '.@.', '...']);
    const u = unit(POINT, 1 + 1e-15, 1.5);
    expect(checkWalls(grid, u)).toEqual({ fresh: [], inside: false, graze: true });
    u.pose.x = 1 + 1e-6;
    expect(checkWalls(grid, u).inside).toBe(true);
  });

  it('flags a point unit running along the edge between two blocked cells', () => {
    const grid = Grid.fromAscii(['...', '.@.', '.@.', '...']);
    const u = unit(POINT, 1.5, 2);
    expect(checkWalls(grid, u).inside).toBe(true);
  });

  it('measures a sized unit by its disc', () => {
    const grid = Grid.fromAscii(['....', '.@..', '....']);
    const u = unit(SIZED, 2.35, 1.5); // disc radius 0.4 reaches 0.05 into cell (1, 1)
    expect(checkWalls(grid, u).fresh).toEqual([[1, 1]]);
    u.pose.x = 2.4; // exactly touching
    expect(checkWalls(grid, u)).toEqual({ fresh: [], inside: false, graze: false });
  });

  it('excuses a cell blocked under a unit until the unit leaves it', () => {
    const grid = Grid.fromAscii(['....', '....', '....']);
    const u = unit(SIZED, 1.5, 1.5);
    grid.setBlocked(1, 1, true);
    excuseBlocked(grid, [u], [[1, 1]]);
    expect(checkWalls(grid, u).inside).toBe(false);
    u.pose.x = 1.7;
    expect(checkWalls(grid, u).inside).toBe(false);
    u.pose.x = 3.5; // left it
    expect(checkWalls(grid, u).inside).toBe(false);
    u.pose.x = 2.2; // and came back
    expect(checkWalls(grid, u).fresh).toEqual([[1, 1]]);
  });

  it('does not excuse a cell blocked away from the unit', () => {
    const grid = Grid.fromAscii(['....', '....', '....']);
    const u = unit(POINT, 0.5, 0.5);
    grid.setBlocked(2, 1, true);
    excuseBlocked(grid, [u], [[2, 1]]);
    u.pose = { x: 2.5, y: 1.5, heading: 0 };
    expect(checkWalls(grid, u).fresh).toEqual([[2, 1]]);
  });
});

describe('soak progress check', () => {
  const info = (u: SoakUnit, withPath: boolean): UnitInfo<SoakUnit> => ({
    unit: u,
    profile: u.profile,
    move: u.move,
    path: withPath ? polylinePath([{ x: 0, y: 0 }, { x: 1, y: 0 }], 0).path : undefined,
    distance: 0,
  });

  it('calls a unit with a path that stands still for the patience stuck, once', () => {
    const u = unit(POINT, 1, 1);
    u.move = new Move(u, { x: 5, y: 5 });
    u.move.state = 'moving';
    expect(checkProgress(u, info(u, true), 10, false, 30)).toBe('ok');
    expect(checkProgress(u, info(u, true), 30, false, 30)).toBe('stuck');
    expect(checkProgress(u, info(u, true), 40, false, 30)).toBe('ok');
  });

  it('resets when the unit moves or turns', () => {
    const u = unit(POINT, 1, 1);
    u.move = new Move(u, { x: 5, y: 5 });
    checkProgress(u, info(u, true), 20, false, 30);
    u.pose.heading = 0.5;
    expect(checkProgress(u, info(u, true), 40, false, 30)).toBe('ok');
    expect(checkProgress(u, info(u, true), 69, false, 30)).toBe('ok');
    expect(checkProgress(u, info(u, true), 70, false, 30)).toBe('stuck');
  });

  it('a unit with no path is starved behind a busy queue, stuck once the queue was empty', () => {
    const busy = unit(POINT, 1, 1);
    busy.move = new Move(busy, { x: 5, y: 5 });
    checkProgress(busy, info(busy, false), 0, false, 30);
    expect(checkProgress(busy, info(busy, false), 30, false, 30)).toBe('starved');
    const lost = unit(POINT, 1, 1);
    lost.move = new Move(lost, { x: 5, y: 5 });
    checkProgress(lost, info(lost, false), 0, false, 30);
    checkProgress(lost, info(lost, false), 5, true, 30);
    expect(checkProgress(lost, info(lost, false), 30, false, 30)).toBe('stuck');
  });

  it('never calls a unit without a move stuck', () => {
    const u = unit(POINT, 1, 1);
    checkProgress(u, undefined, 0, true, 30);
    expect(checkProgress(u, undefined, 100, true, 30)).toBe('ok');
  });
});

describe('soak histogram and heap figures', () => {
  it('quantiles within 1% of the exact ones on random data', () => {
    const rng = makeRng(15);
    const values = Array.from({ length: 5000 }, () => Math.exp(rng.next() * 12 - 6));
    const h = new Histogram();
    for (const v of values) h.add(v);
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.5, 0.95, 0.99]) {
      const exact = sorted[Math.ceil(q * values.length) - 1]!;
      expect(h.quantile(q)).toBeGreaterThanOrEqual(exact);
      expect(h.quantile(q)).toBeLessThanOrEqual(exact * 1.01);
    }
    expect(h.max).toBe(sorted[sorted.length - 1]);
    expect(h.count).toBe(5000);
  });

  it('heap slope is taken over the second half only', () => {
    // Grows 10 MB/min for the first minute, then flat, then 2 MB/min.
    const flat = heapFigures([0, 30, 60, 90, 120].map((s) => ({ second: s, frame: 0, mb: 50 + Math.min(s, 60) / 6 })));
    expect(flat.slopePerMinute).toBeCloseTo(0, 9);
    expect(flat.first).toBe(50);
    expect(flat.max).toBe(60);
    const leak = heapFigures([0, 30, 60, 90, 120].map((s) => ({ second: s, frame: 0, mb: 50 + s / 30 })));
    expect(leak.slopePerMinute).toBeCloseTo(2, 9);
  });
});
