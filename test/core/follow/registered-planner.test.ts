import { describe, expect, it } from 'vitest';
import { Grid, Navigator, registerPlanner, type Pose } from '../../../src/core.js';
import { STRAIGHT_LINE_ENTRY, STRAIGHT_LINE_MESSAGE } from '../../support/straight-line-planner.js';

registerPlanner(STRAIGHT_LINE_ENTRY);

/** A room with a pillar in the middle: the way around it is open, the straight line across is not. */
const ROOM = ['..........', '..........', '....@@....', '....@@....', '..........', '..........'];
const DT = 1 / 60;

function drive(planner: string, from: Pose, to: { x: number; y: number }): { state: string; failure: string | undefined; reason: string | undefined; poses: Pose[] } {
  const grid = Grid.fromAscii(ROOM);
  const unit: Pose = { ...from };
  const poses: Pose[] = [];
  const nav = new Navigator(grid, { read: (u: Pose) => ({ ...u }), write: (u, p) => Object.assign(u, p) });
  nav.addUnit(unit, { speed: 4 });
  const move = nav.moveTo(unit, to, { planner });
  for (let i = 0; i < 600 && !move.ended; i++) {
    nav.update(DT);
    poses.push({ ...unit });
  }
  return { state: move.state, failure: move.failure, reason: move.reason, poses };
}

describe('a planner registered from outside the package', () => {
  it('is ordered by name: the unit arrives along the straight line', () => {
    const from = { x: 0.5, y: 0.5, heading: 0 };
    const to = { x: 9.5, y: 1.5 };
    const { state, poses } = drive('toy', from, to);
    expect(state).toBe('arrived');
    expect(poses.at(-1)).toMatchObject(to);
    // Every pose on the segment from start to goal (a detour by any other planner would leave it).
    const [dx, dy] = [to.x - from.x, to.y - from.y];
    for (const p of poses) expect(Math.abs((p.x - from.x) * dy - (p.y - from.y) * dx) / Math.hypot(dx, dy)).toBeLessThan(1e-9);
  });

  it('fails the move with no-path when the straight line is blocked, though a way around exists', () => {
    const { state, failure, reason, poses } = drive('toy', { x: 2.5, y: 3, heading: 0 }, { x: 8.5, y: 3 });
    expect(state).toBe('failed');
    expect(failure).toBe('no-path');
    expect(reason).toContain(STRAIGHT_LINE_MESSAGE);
    expect(poses.every((p) => p.x === 2.5 && p.y === 3)).toBe(true);
    // The same order with a real planner goes around the pillar.
    expect(drive('theta', { x: 2.5, y: 3, heading: 0 }, { x: 8.5, y: 3 }).state).toBe('arrived');
  });

  it('is listed among the planners units may use when a name is unknown', () => {
    const { state, failure, reason } = drive('dijkstra', { x: 0.5, y: 0.5, heading: 0 }, { x: 9.5, y: 1.5 });
    expect(state).toBe('failed');
    expect(failure).toBe('invalid');
    expect(reason).toMatch(/unknown planner "dijkstra"; known: astar, anya, astar-ps, jps, jps-ps, theta, lazy-theta, toy, directional, directional-hybrid$/);
  });
});
