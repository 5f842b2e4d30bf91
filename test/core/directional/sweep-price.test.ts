/** A long shot is charged for its length: a loop of a large radius took about 10 µs, priced 3 before. */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { ReachabilityProof } from '../../../src/directional/reachability.js';
import { longSweepWork, shotNearDistance, SWEEP_WORK_PER_TILE } from '../../../src/directional/lattice-rules.js';
import { resolveProfile } from '../../../src/unit/profile.js';

describe('the price of a long sweep', () => {
  it('is nothing for a short curve and grows with the length beyond it', () => {
    expect(longSweepWork(0)).toBe(0);
    expect(longSweepWork(10)).toBe(0);
    expect(longSweepWork(11)).toBe(1);
    expect(longSweepWork(40)).toBe(Math.ceil(30 * SWEEP_WORK_PER_TILE));
  });

  it('is charged by the proof for a looping shot, not for a short one', () => {
    const grid = Grid.fromPredicate(60, 60, () => false);
    const profile = resolveProfile({ turningRadius: 4, width: 0.8 });
    const moves = new DirectionalPlanner(grid, profile).moves;
    const proof = new ReachabilityProof(grid, profile, moves, { shotNear: shotNearDistance(4, moves.rings) });
    proof.begin({ x: 10.5, y: 30.5, heading: 0 }, { x: 30.5, y: 30.5, heading: 0 });
    const price = (from: { x: number; y: number; heading: number }): number => {
      const before = proof.work;
      proof.shotLegal(from);
      return proof.work - before;
    };
    // Straight on to the goal, 8 tiles: the fixed price. Facing away, a tile before it: a loop of radius 4.
    const short = price({ x: 22.5, y: 30.5, heading: 0 });
    const loop = price({ x: 29.5, y: 30.5, heading: Math.PI });
    expect(loop - short).toBeGreaterThanOrEqual(longSweepWork(8 * Math.PI * 0.9));
  });
});
