import { describe, expect, it } from 'vitest';
import type { Move } from '../../../src/follow/move.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { makeRng } from '../../support/rng.js';

interface Unit {
  pose: Pose;
}

/** The crowd benchmark's infantry (bench/crowd/scenarios.ts). */
const INFANTRY: UnitProfile = { speed: 3, width: 0.7 };

/**
 * The crowd benchmark's corridor (bench/crowd/scenarios.ts): two blocks of 4 x 4 infantry, 1.5
 * tiles apart, swap ends of a 48 x 17 room through a gap 2 tiles wide in a wall 4 tiles thick,
 * starts moved as `bench/crowd/jitter.ts` moves them for `seed`, plans within a bounded share of
 * each frame, after one order that builds the planner's tables. Returns the moves and how far
 * each unit ended from its goal after 60 s.
 */
function corridorRun(seed: number): { moves: Move<Unit>[]; misses: number[] } {
  const grid = Grid.fromPredicate(48, 17, (x, y) => x >= 22 && x < 26 && (y < 7 || y >= 9));
  const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: { expansions: 1_000 }, avoidance: true });
  const starts: Pose[] = [];
  const goals: { x: number; y: number }[] = [];
  for (let r = 0; r < 4; r++) {
    for (let k = 0; k < 4; k++) {
      const p = { x: 8 + (k - 1.5) * 1.5, y: 8 + (r - 1.5) * 1.5 };
      const q = { x: 48 - p.x, y: p.y };
      starts.push({ ...p, heading: 0 }, { ...q, heading: Math.PI });
      goals.push(q, p);
    }
  }
  const warm = { pose: { ...starts[0]! } };
  nav.addUnit(warm, INFANTRY);
  const first = nav.moveTo(warm, goals[0]!);
  for (let frame = 0; frame < 60 * 60 && !first.ended; frame++) nav.update(1 / 60);
  nav.removeUnit(warm);
  const rng = makeRng(1000 + seed);
  const shift = (): number => (rng.next() - 0.5) * 0.05;
  const units = starts.map((s) => ({ pose: { x: s.x + shift(), y: s.y + shift(), heading: s.heading } }));
  units.forEach((u) => nav.addUnit(u, INFANTRY));
  const moves = units.map((u, i) => nav.moveTo(u, goals[i]!));
  for (let frame = 0; frame < 60 * 60 && moves.some((m) => !m.ended); frame++) nav.update(1 / 60);
  const misses = units.map((u, i) => Math.hypot(u.pose.x - goals[i]!.x, u.pose.y - goals[i]!.y));
  nav.destroy();
  return { moves, misses };
}

describe('a unit boxed in by units standing at their goals', () => {
  it('asks the idle units it touches on its way to step aside, and arrives instead of giving up', () => {
    // Jitter seed 2 of the corridor: agent 6 was pushed 2 tiles past its goal (37.75, 5.75),
    // behind the units of its block standing at theirs. At (42.65, 6.31) it pushed into the gap
    // between two of them (0.47 tiles wide, for a disc 0.7 wide): each gave way only half and
    // headed back to its spot, nothing near moved, and it gave up at 33.5 s, 4.9 tiles from its
    // goal (31 of 32 arrived). Its replan from there went straight through them.
    const { moves, misses } = corridorRun(2);
    expect(moves.map((m) => m.state)).toEqual(moves.map(() => 'arrived'));
    expect(Math.max(...misses)).toBeLessThan(0.5);
  });
});
