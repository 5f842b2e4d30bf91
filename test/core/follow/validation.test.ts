/**
 * Headings, tolerances and limits that are NaN, infinite or of the wrong sign are refused where
 * they enter (issue 15, point 3): a move order fails with `invalid` and a reason naming the
 * field, a profile or follower option throws a RangeError naming it.
 */
import { describe, expect, it } from 'vitest';
import { Follower, type FollowerOptions } from '../../../src/follow/follower.js';
import { Navigator, type MoveOptions } from '../../../src/follow/navigator.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { polylinePath } from '../../../src/follow/polyline.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import type { Pose } from '../../../src/curves/segment.js';

function setup() {
  const grid = Grid.fromAscii(['........', '........', '........']);
  const nav = new Navigator(grid, { read: (u: Pose) => ({ ...u }), write: (u, p) => Object.assign(u, p) });
  const unit: Pose = { x: 0.5, y: 0.5, heading: 0 };
  nav.addUnit(unit, { speed: 4 });
  return { nav, unit };
}

const BAD_ORDERS: [string, MoveOptions | null, string][] = [
  ['heading NaN', { heading: Number.NaN }, 'heading'],
  ['heading Infinity', { heading: Infinity }, 'heading'],
  ['heading as text', { heading: '1' as unknown as number }, 'heading'],
  ['tolerance NaN', { tolerance: Number.NaN }, 'tolerance'],
  ['tolerance < 0', { tolerance: -0.5 }, 'tolerance'],
  ['tolerance Infinity', { tolerance: Infinity }, 'tolerance'],
  ['planner a number', { planner: 5 as unknown as string }, 'planner'],
  ['planner empty', { planner: '' }, 'planner'],
  ['planner unknown', { planner: 'dijkstra' }, 'planner'],
  ['nearest as text', { nearest: 'yes' as unknown as boolean }, 'nearest'],
  ['speed NaN', { speed: Number.NaN }, 'speed'],
  ['speed < 0', { speed: -1 }, 'speed'],
  ['acceleration NaN', { acceleration: Number.NaN }, 'acceleration'],
  ['deceleration 0', { deceleration: 0 }, 'deceleration'],
  ['lateralAcceleration < 0', { lateralAcceleration: -2 }, 'lateralAcceleration'],
  ['width NaN', { width: Number.NaN }, 'width'],
  ['turningRadius < 0', { turningRadius: -1 }, 'turningRadius'],
  ['slowAtCorners a number', { slowAtCorners: 1 as unknown as boolean }, 'slowAtCorners'],
  ['options null', null, 'options'],
];

describe('move orders with bad numbers', () => {
  it.each(BAD_ORDERS)('%s: the move fails with invalid, naming the field; the unit stays put', (_, options, field) => {
    const { nav, unit } = setup();
    const move = nav.moveTo(unit, { x: 6.5, y: 2.5 }, options as MoveOptions);
    const failed: string[] = [];
    move.on('fail', (_u, m) => failed.push(m.failure!));
    for (let i = 0; i < 60; i++) expect(() => nav.update(1 / 60)).not.toThrow();
    expect(move.state).toBe('failed');
    expect(failed).toEqual(['invalid']);
    expect(move.reason).toContain(field);
    expect(unit).toEqual({ x: 0.5, y: 0.5, heading: 0 });
  });

  it('a goal that is not a point fails with invalid', () => {
    const { nav, unit } = setup();
    const move = nav.moveTo(unit, null as unknown as Point);
    nav.update(1 / 60);
    expect(move.failure).toBe('invalid');
    expect(move.reason).toContain('goal');
  });

  it('a bad order to a moving unit brakes it to a stop on its path', () => {
    const { nav, unit } = setup();
    nav.addUnit(unit, { speed: 4, acceleration: 8 });
    nav.moveTo(unit, { x: 7.5, y: 0.5 });
    for (let i = 0; i < 30; i++) nav.update(1 / 60);
    const bad = nav.moveTo(unit, { x: 7.5, y: 2.5 }, { heading: Number.NaN });
    for (let i = 0; i < 120; i++) nav.update(1 / 60);
    expect(bad.failure).toBe('invalid');
    expect(unit.y).toBe(0.5);
    expect(unit.x).toBeGreaterThan(0.5);
    expect(unit.x).toBeLessThan(7.5);
  });
});

describe('profiles and follower options with bad numbers', () => {
  const bad: [string, Partial<UnitProfile>, string][] = [
    ['speed NaN', { speed: Number.NaN }, 'speed'],
    ['speed Infinity', { speed: Infinity }, 'speed'],
    ['acceleration < 0', { acceleration: -1 }, 'acceleration'],
    ['acceleration NaN', { acceleration: Number.NaN }, 'acceleration'],
    ['width Infinity', { width: Infinity }, 'width'],
    ['turningRadius NaN', { turningRadius: Number.NaN }, 'turningRadius'],
    ['reverse a number', { reverse: 1 as unknown as boolean }, 'reverse'],
    ['slowAtCorners as text', { slowAtCorners: 'no' as unknown as boolean }, 'slowAtCorners'],
  ];
  it.each(bad)('addUnit refuses %s with a RangeError naming the field', (_, fields, field) => {
    const { nav, unit } = setup();
    expect(() => nav.addUnit(unit, { speed: 4, ...fields })).toThrow(RangeError);
    expect(() => nav.addUnit(unit, { speed: 4, ...fields })).toThrow(field);
  });

  const { path } = polylinePath([
    { x: 0, y: 0 },
    { x: 3, y: 0 },
    { x: 3, y: 2 },
  ]);
  const badFollower: [string, Partial<FollowerOptions>, string][] = [
    ['speed NaN', { speed: Number.NaN }, 'speed'],
    ['speed 0', { speed: 0 }, 'speed'],
    ['acceleration NaN', { acceleration: Number.NaN }, 'acceleration'],
    ['deceleration < 0', { deceleration: -3 }, 'deceleration'],
    ['startSpeed NaN', { startSpeed: Number.NaN }, 'startSpeed'],
    ['startSpeed < 0', { startSpeed: -1 }, 'startSpeed'],
    ['finalHeading NaN', { finalHeading: Number.NaN }, 'finalHeading'],
    ['finalHeading Infinity', { finalHeading: -Infinity }, 'finalHeading'],
    ['a NaN waypoint', { waypoints: [1, Number.NaN] }, 'waypoints[1]'],
    ['waypoints not an array', { waypoints: 3 as unknown as number[] }, 'waypoints'],
    ['lateralAcceleration NaN', { lateralAcceleration: Number.NaN }, 'lateralAcceleration'],
    ['slowAtCorners a number', { slowAtCorners: 0 as unknown as boolean }, 'slowAtCorners'],
  ];
  it.each(badFollower)('Follower refuses %s with a RangeError naming the option', (_, fields, field) => {
    expect(() => new Follower(path, { speed: 2, ...fields })).toThrow(RangeError);
    expect(() => new Follower(path, { speed: 2, ...fields })).toThrow(field);
  });
});
