import { describe, expect, it } from 'vitest';
import type { Move } from '../../../src/follow/move.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import type { Pose } from '../../../src/curves/segment.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { makeRng } from '../../support/rng.js';

interface Unit {
  pose: Pose;
}

/** The crowd benchmark's tank (bench/crowd/scenarios.ts): it may reverse. */
const TANK: UnitProfile = { speed: 2.5, acceleration: 6.25, width: 0.8, length: 1.2, turningRadius: 2, reverse: true };
/** The disc its rectangle sweeps. */
const SWEEP = Math.hypot(0.4, 0.6);

/**
 * The crowd benchmark's bridge with its 8 tanks (a river across rows 18 to 25 of 40 x 44, a deck
 * 3 tiles wide at x 19 to 21), each to its mirror spot on the other bank, starts jittered by up to
 * 0.025 tiles (seeded), plans within a bounded share of each frame as in the benchmark, after
 * one order that builds the planner's tables. How many arrived within 90 s, the longest time
 * (s) in which none of those on their way got 0.1 tiles nearer its goal, the deepest overlap of
 * two tanks' discs and whether any touched a wall.
 */
function tanksRun(seed: number): { arrived: number; standstill: number; overlap: number; wall: boolean } {
  const grid = Grid.fromPredicate(40, 44, (x, y) => y >= 18 && y < 26 && (x < 19 || x >= 22));
  const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: { expansions: 1_000 }, avoidance: true });
  const warm = { pose: { x: 11.5, y: 6, heading: Math.PI / 2 } };
  nav.addUnit(warm, TANK);
  const first = nav.moveTo(warm, { x: 11.5, y: 38 });
  for (let frame = 0; frame < 60 * 60 && !first.ended; frame++) nav.update(1 / 60);
  nav.removeUnit(warm);
  const rng = makeRng(seed);
  const jitter = (): number => (rng.next() - 0.5) * 0.05;
  const units: Unit[] = [];
  const goals: { x: number; y: number }[] = [];
  const moves: Move<Unit>[] = [];
  for (const x of [11.5, 16.5, 24.5, 29.5]) {
    for (const south of [false, true]) {
      const from = { x, y: south ? 38 : 6 };
      const to = { x, y: south ? 6 : 38 };
      const unit = { pose: { x: from.x + jitter(), y: from.y + jitter(), heading: south ? -Math.PI / 2 : Math.PI / 2 } };
      nav.addUnit(unit, TANK);
      units.push(unit);
      goals.push(to);
    }
  }
  units.forEach((u, i) => moves.push(nav.moveTo(u, goals[i]!)));
  const best = units.map(() => Infinity);
  let still = 0;
  let standstill = 0;
  let overlap = 0;
  let wall = false;
  for (let frame = 0; frame < 60 * 90 && moves.some((m) => !m.ended); frame++) {
    nav.update(1 / 60);
    let progress = false;
    units.forEach((u, i) => {
      const d = Math.hypot(u.pose.x - goals[i]!.x, u.pose.y - goals[i]!.y);
      if (d < best[i]! - 0.1) {
        best[i] = d;
        progress = true;
      }
      wall ||= discHitsBlocked(grid, u.pose.x, u.pose.y, SWEEP);
      for (let j = i + 1; j < units.length; j++) overlap = Math.max(overlap, 2 * SWEEP - Math.hypot(u.pose.x - units[j]!.pose.x, u.pose.y - units[j]!.pose.y));
    });
    still = progress ? 0 : still + 1 / 60;
    standstill = Math.max(standstill, still);
  }
  return { arrived: moves.filter((m) => m.state === 'arrived').length, standstill, overlap, wall };
}

describe('a vehicle heading into a one-lane run backs out of the way of one that came out', () => {
  it('eight tanks crossing a one-lane bridge both ways all arrive, without a 5 s standstill, overlap or wall contact', () => {
    // Before, a tank coming off the bridge met one waiting to go on nose to nose; each waited for
    // the other, and detours round each other found no room (seed 1: none of the 8 arrived within
    // 90 s; nothing moved nearer its goal for 26 s).
    for (const seed of [1, 2, 3]) {
      const run = tanksRun(seed);
      expect(run.arrived, `seed ${seed}`).toBe(8);
      expect(run.standstill, `seed ${seed}`).toBeLessThan(5);
      expect(run.overlap, `seed ${seed}`).toBeLessThan(0.1 * SWEEP);
      expect(run.wall, `seed ${seed}`).toBe(false);
    }
  });
});

describe('two vehicles waiting on each other at an angle back out of the knot', () => {
  it('two tanks meeting at a right angle, each in the other\'s way, both arrive without touching', () => {
    // A drives east; B, just below A's line and ahead of it, drives north: each one's disc is on
    // the other's lane, so neither can go first. Before, only tanks head on backed out: these
    // two stood until both gave up (stuck after 10 s).
    const grid = new Grid(30, 30);
    const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: { expansions: 100_000 }, avoidance: true });
    const a = { pose: { x: 10, y: 10, heading: 0 } };
    const b = { pose: { x: 11.3, y: 11.25, heading: -Math.PI / 2 } };
    nav.addUnit(a, TANK);
    nav.addUnit(b, TANK);
    const moves = [nav.moveTo(a, { x: 24, y: 10 }), nav.moveTo(b, { x: 11.3, y: 2 })];
    let gap = Infinity;
    for (let frame = 0; frame < 60 * 30 && moves.some((m) => !m.ended); frame++) {
      nav.update(1 / 60);
      gap = Math.min(gap, Math.hypot(a.pose.x - b.pose.x, a.pose.y - b.pose.y) - 2 * SWEEP);
    }
    expect(moves.map((m) => m.state)).toEqual(['arrived', 'arrived']);
    expect(gap).toBeGreaterThan(-0.1 * SWEEP);
  });
});
