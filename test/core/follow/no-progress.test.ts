import { describe, expect, it } from 'vitest';
import type { Move } from '../../../src/follow/move.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { newRider, noProgress, NO_PROGRESS_TIME } from '../../../src/follow/crowd-steering.js';

interface Unit {
  pose: Pose;
}

const VEHICLE: UnitProfile = { speed: 2, turningRadius: 1, width: 0.8, reverse: true };
const SOLDIER: UnitProfile = { speed: 3, width: 0.7 };

/**
 * Two rooms (x < 12 and x >= 28 of 40 x 20) joined by a passage 2 tiles wide (rows 10 and 11),
 * too narrow for two vehicles to pass each other, and beside it, behind a wall one row thick, a
 * lane one tile wide (row 13) where a soldier walks to and fro for as long as the run lasts, well
 * within the range at which a moving unit tells a crowd passing from a deadlock.
 */
function passage(): { nav: Navigator<Unit>; patrol: () => void } {
  const grid = Grid.fromPredicate(40, 20, (x, y) => x >= 12 && x < 28 && !(y === 10 || y === 11 || y === 13));
  const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: { expansions: 100_000 }, avoidance: true });
  const soldier = { pose: { x: 14.5, y: 13.5, heading: 0 } };
  nav.addUnit(soldier, SOLDIER);
  let leg = 0;
  let walk = nav.moveTo(soldier, { x: 26.5, y: 13.5 });
  const patrol = (): void => {
    if (walk.state === 'arrived') walk = nav.moveTo(soldier, { x: ++leg % 2 ? 14.5 : 26.5, y: 13.5 });
    expect(walk.state === 'failed' || walk.state === 'cancelled').toBe(false);
  };
  return { nav, patrol };
}

/** Runs until every move ended or 90 s passed; the simulated second each move fired `stuck` (undefined: never). */
function runUntilEnded(nav: Navigator<Unit>, patrol: () => void, moves: readonly Move<Unit>[]): (number | undefined)[] {
  const stuckAt: (number | undefined)[] = moves.map(() => undefined);
  let frame = 0;
  moves.forEach((m, i) => m.on('stuck', () => (stuckAt[i] = frame / 60)));
  for (; frame < 60 * 90 && moves.some((m) => !m.ended); frame++) {
    patrol();
    nav.update(1 / 60);
  }
  return stuckAt;
}

describe('a unit that makes no progress ends stuck, even while units near it move', () => {
  it('two vehicles head on in a passage too narrow to pass each other both end stuck', () => {
    // Before, each waited for the other for the whole 90 s, "moving", and never fired `stuck`:
    // the soldier walking beside them counted as a crowd passing, which stops the stuck clock.
    const { nav, patrol } = passage();
    const a = { pose: { x: 16.5, y: 11, heading: 0 } };
    const b = { pose: { x: 23.5, y: 11, heading: Math.PI } };
    nav.addUnit(a, VEHICLE);
    nav.addUnit(b, VEHICLE);
    const moves = [nav.moveTo(a, { x: 36.5, y: 11 }), nav.moveTo(b, { x: 3.5, y: 11 })];
    const stuckAt = runUntilEnded(nav, patrol, moves);
    expect(moves.map((m) => [m.state, m.failure])).toEqual([
      ['failed', 'stuck'],
      ['failed', 'stuck'],
    ]);
    // Within a few seconds of the 30 s without progress (after the few seconds it took to meet).
    for (const t of stuckAt) expect(t).toBeLessThan(45);
    expect(moves[0]!.reason).toMatch(/30 s without getting closer to its goal/);
  });

  it('a soldier pressed against a parked vehicle that fills the passage ends stuck', () => {
    // Before, it pressed on for the whole 90 s without `stuck`, for the same reason.
    const { nav, patrol } = passage();
    const parked = { pose: { x: 23.5, y: 11, heading: Math.PI } };
    nav.addUnit(parked, VEHICLE);
    const soldier = { pose: { x: 16.5, y: 11, heading: 0 } };
    nav.addUnit(soldier, SOLDIER);
    const move = nav.moveTo(soldier, { x: 36.5, y: 11 });
    const [stuckAt] = runUntilEnded(nav, patrol, [move]);
    expect([move.state, move.failure]).toEqual(['failed', 'stuck']);
    expect(stuckAt).toBeLessThan(45);
  });
});

describe('what counts as progress', () => {
  it('a tile closer along the path resets the clock; creeping to and fro does not', () => {
    const r = newRider(0, 0, 0, 0);
    expect(noProgress(r, 20, 1, 2)).toBe(false);
    // Back and forth by half a tile, for just under the limit: still no progress.
    for (let t = 1; t < NO_PROGRESS_TIME; t++) expect(noProgress(r, t % 2 ? 19.5 : 20.5, 1, 2)).toBe(false);
    expect(noProgress(r, 19.5, 1, 2)).toBe(true);
    const q = newRider(0, 0, 0, 0);
    noProgress(q, 20, 1, 2);
    for (let t = 1; t < NO_PROGRESS_TIME; t++) noProgress(q, 20, 1, 2);
    // A whole tile: the clock starts again.
    expect(noProgress(q, 19, 1, 2)).toBe(false);
    expect(q.sinceProgress).toBe(0);
  });

  it('a slow unit needs less than a tile: a tenth of what its speed covers in the window', () => {
    // At 0.02 tiles/s a tile takes 50 s, longer than the window: 0.06 tiles counts.
    const r = newRider(0, 0, 0, 0);
    noProgress(r, 5, 1, 0.02);
    for (let t = 1; t < NO_PROGRESS_TIME - 1; t++) noProgress(r, 5 - 0.002 * t, 1, 0.02);
    expect(noProgress(r, 5 - 0.06, 1, 0.02)).toBe(false);
    expect(r.sinceProgress).toBe(0);
  });
});
