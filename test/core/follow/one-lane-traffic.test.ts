import { describe, expect, it } from 'vitest';
import type { Move } from '../../../src/follow/move.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';
import type { UnitProfile } from '../../../src/unit/profile.js';

interface Unit {
  pose: Pose;
}

const DT = 1 / 60;
/** Plans finish in the frame they are ordered: runs depend on the steps alone, not on the clock. */
const BUDGET = { expansions: 1e9, milliseconds: 1e9 };
/** The crowd benchmark's tank: it cannot pass another on a deck 3 tiles wide. */
const TANK: UnitProfile = { speed: 3, turningRadius: 2, width: 0.8, length: 1.2, reverse: true };
const SOLDIER: UnitProfile = { speed: 3, width: 0.7 };

/** 30 x 40 tiles, a river across rows 16..23 and a deck 3 tiles wide at x 13..15. */
function bridge(): Grid {
  return Grid.fromPredicate(30, 40, (x, y) => y >= 16 && y < 24 && (x < 13 || x >= 16));
}

/** Each unit from its start to the other's: two that meet head on at the bridge. */
function swap(profiles: readonly UnitProfile[], starts: readonly Pose[]): { units: Unit[]; moves: Move<Unit>[]; sweep: number[]; run(limit: number): number } {
  const grid = bridge();
  const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: BUDGET, avoidance: true });
  const units = starts.map((s) => ({ pose: { ...s } }));
  units.forEach((u, i) => nav.addUnit(u, profiles[i]!));
  const sweep = profiles.map((p) => Math.hypot(p.width! / 2, (p.length ?? p.width!) / 2));
  const moves = units.map((u, i) => {
    const goal = starts[(i + 1) % 2 === 0 ? i - 1 : i + 1] ?? starts[i]!;
    return nav.moveTo(u, { x: goal.x, y: goal.y });
  });
  return {
    units,
    moves,
    sweep,
    run(limit: number): number {
      // The deepest overlap between any two, tiles.
      let deepest = 0;
      for (let f = 0; f < limit && moves.some((m) => !m.ended); f++) {
        nav.update(DT);
        for (let i = 0; i < units.length; i++) {
          for (let j = i + 1; j < units.length; j++) {
            const gap = Math.hypot(units[i]!.pose.x - units[j]!.pose.x, units[i]!.pose.y - units[j]!.pose.y) - sweep[i]! - sweep[j]!;
            deepest = Math.max(deepest, -gap);
          }
        }
      }
      return deepest;
    },
  };
}

describe('one-lane traffic', () => {
  it('two tanks sent head on over a bridge only one fits on take turns, and both arrive without touching', () => {
    const t = swap([TANK, TANK], [
      { x: 14.5, y: 5, heading: Math.PI / 2 },
      { x: 14.5, y: 35, heading: -Math.PI / 2 },
    ]);
    const deepest = t.run(60 * 60);
    expect(t.moves.map((m) => m.state)).toEqual(['arrived', 'arrived']);
    expect(deepest).toBeLessThanOrEqual(0);
  });

  it('two pairs of tanks from either bank cross, in turns, and all arrive', () => {
    const t = swap([TANK, TANK, TANK, TANK], [
      { x: 10.5, y: 5, heading: Math.PI / 2 },
      { x: 10.5, y: 35, heading: -Math.PI / 2 },
      { x: 18.5, y: 5, heading: Math.PI / 2 },
      { x: 18.5, y: 35, heading: -Math.PI / 2 },
    ]);
    const deepest = t.run(90 * 60);
    expect(t.moves.map((m) => m.state)).toEqual(['arrived', 'arrived', 'arrived', 'arrived']);
    expect(deepest).toBeLessThanOrEqual(0);
  });

  it('a tank waits for a soldier on the deck and the soldier passes', () => {
    const t = swap([SOLDIER, TANK], [
      { x: 14.5, y: 8, heading: Math.PI / 2 },
      { x: 14.5, y: 35, heading: -Math.PI / 2 },
    ]);
    t.run(60 * 60);
    expect(t.moves.map((m) => m.state)).toEqual(['arrived', 'arrived']);
  });
});
