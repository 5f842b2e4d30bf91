/**
 * The one unit profile: hand-worked resolutions, the checks of every field, and the directional
 * planner taking a resolved profile as it is.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { directionalProfile, isResolvedProfile, resolveProfile, withPointAsDisc, type UnitProfile } from '../../../src/unit/profile.js';

describe('resolveProfile', () => {
  it('fills in the defaults: a point that turns on the spot, instant acceleration, no reversing, no costs', () => {
    const p = resolveProfile({});
    expect(p).toMatchObject({
      speed: undefined,
      acceleration: Infinity,
      deceleration: Infinity,
      lateralAcceleration: undefined,
      slowAtCorners: false,
      footprint: 'point',
      width: 0,
      length: 0,
      sweepRadius: 0,
      turningRadius: 0,
      reverse: false,
      reverseCost: 2,
      turnPenalty: 0,
    });
    expect(resolveProfile({ acceleration: 6 }).deceleration).toBe(6);
  });

  it('sweeps a disc of half the width, and a 0.6 x 0.8 rectangle as its circumscribing disc of radius 0.5', () => {
    expect(resolveProfile({ width: 0.8 })).toMatchObject({ footprint: 'disc', width: 0.8, length: 0.8, sweepRadius: 0.4 });
    expect(resolveProfile({ width: 0.6, length: 0.8 })).toMatchObject({ footprint: 'rectangle', width: 0.6, length: 0.8, sweepRadius: 0.5 });
  });

  it('keys the planner tables by turning radius, sweep radius, reversing and costs, not by motion limits', () => {
    const key = (p: UnitProfile): string => resolveProfile(p).key;
    expect(key({ turningRadius: 2, width: 0.8, speed: 3 })).toBe(key({ turningRadius: 2, width: 0.8, speed: 9, acceleration: 2 }));
    expect(key({ turningRadius: 2, width: 0.6, length: 0.8 })).toBe(key({ turningRadius: 2, width: 1 }));
    for (const other of [{ turnPenalty: 1 }, { reverse: true }, { width: 0.9 }, { turningRadius: 3 }]) {
      expect(key({ turningRadius: 2, width: 0.8, ...other })).not.toBe(key({ turningRadius: 2, width: 0.8 }));
    }
    expect(key({ turningRadius: 2, width: 0.8, reverse: true, reverseCost: 3 })).not.toBe(key({ turningRadius: 2, width: 0.8, reverse: true }));
  });

  it.each([
    ['speed', { speed: 0 }],
    ['acceleration', { acceleration: -1 }],
    ['deceleration', { deceleration: Number.NaN }],
    ['lateralAcceleration', { lateralAcceleration: 0 }],
    ['slowAtCorners', { slowAtCorners: 1 }],
    ['width', { width: Infinity }],
    ['length', { width: 1, length: 0 }],
    ['turningRadius', { turningRadius: 1e-7 }],
    ['turningRadius', { turningRadius: 65 }],
    ['reverse', { reverse: 'yes' }],
    ['reverseCost', { reverseCost: 0.5 }],
    ['turnPenalty', { turnPenalty: -1 }],
  ])('refuses a bad %s with a RangeError naming it', (field, fields) => {
    expect(() => resolveProfile(fields as UnitProfile)).toThrow(RangeError);
    expect(() => resolveProfile(fields as UnitProfile)).toThrow(field);
  });

  it('refuses turnRadius, the old name, saying it was renamed, even next to a valid turningRadius', () => {
    for (const old of [{ turnRadius: 2 }, { turnRadius: 0 }, { turningRadius: 2, turnRadius: 2 }]) {
      expect(() => resolveProfile(old as UnitProfile)).toThrow(/turnRadius was renamed turningRadius/);
    }
    expect(() => resolveProfile(null as unknown as UnitProfile)).toThrow(TypeError);
  });

  it('marks what it made: a copy with the same fields is not a resolved profile', () => {
    const p = resolveProfile({ turningRadius: 1, width: 0.5 });
    expect(isResolvedProfile(p)).toBe(true);
    expect(isResolvedProfile({ ...p })).toBe(false);
    expect(Object.isFrozen(p)).toBe(true);
  });
});

describe('the directional planner and the resolved profile', () => {
  const grid = Grid.fromAscii(['........', '........', '........']);

  it('takes a resolved profile as it is, and resolves a plain one itself', () => {
    const resolved = resolveProfile({ turningRadius: 1, width: 0.5, length: 0.9, turnPenalty: 0.5 });
    expect(new DirectionalPlanner(grid, resolved).profile).toBe(resolved);
    expect(new DirectionalPlanner(grid, { turningRadius: 2, width: 0.8 }).profile).toMatchObject({ turningRadius: 2, sweepRadius: 0.4 });
  });

  it('needs a turning radius and a footprint: a point is refused unless given a disc first', () => {
    expect(() => directionalProfile(resolveProfile({ width: 0.5 }))).toThrow(/turningRadius must be a number > 0/);
    const point = resolveProfile({ turningRadius: 1 });
    expect(() => directionalProfile(point)).toThrow(/width must be a number > 0/);
    const disc = withPointAsDisc(point, 0.02);
    expect(disc).toMatchObject({ footprint: 'disc', width: 0.02, sweepRadius: 0.01, turningRadius: 1 });
    expect(directionalProfile(disc)).toBe(disc);
    const wide = resolveProfile({ turningRadius: 1, width: 0.5 });
    expect(withPointAsDisc(wide, 0.02)).toBe(wide);
  });
});
