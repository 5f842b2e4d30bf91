import { describe, expect, it } from 'vitest';
import { formatNumber, restateReason, type CallerUnits } from '../../../src/follow/caller-units.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';

/** 32-pixel tiles drawn from world (100, 50). */
const PIXELS: CallerUnits = { toWorld: (x, y) => ({ x: 100 + 32 * x, y: 50 + 32 * y }), perTile: 32, point: 'pixel', length: 'px' };

describe('formatNumber', () => {
  it('quotes at most two decimals, and tiny or huge magnitudes in exponent form', () => {
    expect(formatNumber(49.983333333333334)).toBe('49.98');
    expect(formatNumber(2.3333333333333335)).toBe('2.33');
    expect(formatNumber(0.8000000000000002)).toBe('0.8');
    expect(formatNumber(-3.005)).toBe('-3');
    expect(formatNumber(64)).toBe('64');
    expect(formatNumber(0.000001)).toBe('1e-6');
    expect(formatNumber(3.2e-5)).toBe('3.2e-5');
    expect(formatNumber(1e15)).toBe('1e15');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(Infinity)).toBe('Infinity');
    expect(formatNumber(NaN)).toBe('NaN');
  });
});

describe('restateReason', () => {
  it('rounds tile points and lengths for a caller in tiles', () => {
    expect(restateReason('target at tile (8.5, 2.5) cannot be reached from tile (2.3333333333333335, 64.89000000000001)')).toBe(
      'target at tile (8.5, 2.5) cannot be reached from tile (2.33, 64.89)',
    );
    expect(restateReason('no path wide enough for a unit 0.8000000000000002 tiles wide')).toBe('no path wide enough for a unit 0.8 tiles wide');
  });

  it('converts points (with the origin), lengths, speeds and accelerations for a caller in pixels', () => {
    expect(restateReason('target at tile (1.5, 2) is outside the 20x15 map', PIXELS)).toBe('target at pixel (148, 114) is outside the 20x15 map');
    expect(restateReason('turningRadius must be 0 (turning on the spot) or from 0.000001 tiles to 64 tiles, got 65 tiles', PIXELS)).toBe(
      'turningRadius must be 0 (turning on the spot) or from 3.2e-5 px to 2048 px, got 2080 px',
    );
    expect(restateReason('speed must be a number > 0 and at most 1000000000000000 tiles/s, got -1.5 tiles/s', PIXELS)).toBe(
      'speed must be a number > 0 and at most 3.2e16 px/s, got -48 px/s',
    );
    expect(restateReason('acceleration must be a number > 0, got -2 tiles/s²', PIXELS)).toBe('acceleration must be a number > 0, got -64 px/s²');
  });

  it('leaves what is not a tile quantity alone: counts, map sizes in cells, seconds, words', () => {
    const text = 'held up by other units for 10 s; the 20x15 tiles map; 64 candidates; NaN tiles';
    expect(restateReason(text, PIXELS)).toBe(text);
  });
});

describe('the navigator\'s reasons', () => {
  const grid = Grid.fromAscii(['.....#....', '.....#....', '.....#....']);
  const adapter = { read: (u: Pose) => ({ ...u }), write: (u: Pose, p: Readonly<Pose>) => void Object.assign(u, p) };

  it('round the tiles of the core', () => {
    const nav = new Navigator(grid, adapter);
    const unit: Pose = { x: 7 / 3, y: 1.5, heading: 0 };
    nav.addUnit(unit, { speed: 4 });
    const move = nav.moveTo(unit, { x: 8.5, y: 1.5 });
    for (let i = 0; i < 600 && !move.ended; i++) nav.update(1 / 60);
    expect(move.failure).toBe('no-path');
    expect(move.reason).toBe('target at tile (8.5, 1.5) cannot be reached from tile (2.33, 1.5)');
  });

  it('speak the units the navigator is given', () => {
    const nav = new Navigator(grid, adapter, { callerUnits: PIXELS });
    const unit: Pose = { x: 7 / 3, y: 1.5, heading: 0 };
    nav.addUnit(unit, { speed: 4 });
    const move = nav.moveTo(unit, { x: 8.5, y: 1.5 });
    const bad = nav.moveTo({ x: 1.5, y: 1.5, heading: 0 }, { x: 2.5, y: 1.5 }, { speed: 4, width: 0.2, length: -1 });
    for (let i = 0; i < 600 && !(move.ended && bad.ended); i++) nav.update(1 / 60);
    expect(move.reason).toBe('target at pixel (372, 98) cannot be reached from pixel (174.67, 98)');
    expect(bad.reason).toBe('length must be a finite number > 0, got -32 px');
  });
});
