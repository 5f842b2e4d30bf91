import { describe, expect, it } from 'vitest';
import type { Move } from '../../../src/follow/move.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';

interface Unit {
  pose: Pose;
}

/**
 * `n` vehicles (turning radius 1, width 0.8) put on one point of an open 40 x 40 map, vehicle i
 * sent 10 tiles away at angle `angle(i)`; how each move ended within 60 s, and whether any fired `stuck`.
 */
function spawnOnOnePoint(n: number, angle: (i: number) => number): { states: string[]; stuck: number } {
  const nav = new Navigator<Unit>(new Grid(40, 40), { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: { expansions: 100_000 }, avoidance: true });
  const moves: Move<Unit>[] = [];
  let stuck = 0;
  for (let i = 0; i < n; i++) {
    const unit = { pose: { x: 20.5, y: 20.5, heading: 0 } };
    nav.addUnit(unit, { speed: 2, turningRadius: 1, width: 0.8 });
    const move = nav.moveTo(unit, { x: 20.5 + 10 * Math.cos(angle(i)), y: 20.5 + 10 * Math.sin(angle(i)) });
    move.on('stuck', () => stuck++);
    moves.push(move);
  }
  for (let frame = 0; frame < 60 * 60 && moves.some((m) => !m.ended); frame++) nav.update(1 / 60);
  return { states: moves.map((m) => m.state), stuck };
}

describe('vehicles put on one point', () => {
  it('2 vehicles with opposite goals drive apart and arrive', () => {
    // Before, each waited for the other, which it overlapped, and both failed `stuck` after 10 s on the spot.
    expect(spawnOnOnePoint(2, (i) => i * Math.PI)).toEqual({ states: ['arrived', 'arrived'], stuck: 0 });
  });

  it('4 vehicles with goals to the four sides drive apart and arrive', () => {
    expect(spawnOnOnePoint(4, (i) => (i * Math.PI) / 2)).toEqual({ states: ['arrived', 'arrived', 'arrived', 'arrived'], stuck: 0 });
  });

  it('3 vehicles going about the same way leave one by one (the older first) and arrive', () => {
    expect(spawnOnOnePoint(3, (i) => 0.3 * i)).toEqual({ states: ['arrived', 'arrived', 'arrived'], stuck: 0 });
  });
});
