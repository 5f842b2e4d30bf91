/**
 * The exact start's joins are solved lazily: the virtual start puts a token per join on the open
 * list, keyed by a lower bound, and a join's curve is solved only when its token is popped. A found
 * query then pays for the few joins toward its goal. (What the search reaches is unchanged: the
 * proof-wiring and reachability tests compare its answers with the exhaustive search's.)
 */
import { describe, expect, it, vi } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { costBound, costOf, curveBetween } from '../../../src/directional/hit-check.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { makeRng } from '../../support/rng.js';

/** Reeds-Shepp curves solved while `counting`. */
const solved = vi.hoisted(() => ({ curves: 0, counting: false }));

vi.mock('../../../src/curves/reeds-shepp.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../../src/curves/reeds-shepp.js')>();
  const reedsShepp: typeof m.reedsShepp = (...args) => {
    if (solved.counting) solved.curves++;
    return m.reedsShepp(...args);
  };
  return { ...m, reedsShepp };
});

/** A reversing unit: each join is a Reeds-Shepp curve. */
const TANK = { turningRadius: 2, width: 0.8, reverse: true };
/** Join slots of the exact start: 9 tiles x 16 headings. */
const JOIN_SLOTS = 144;

function curvesOf(run: () => void): number {
  solved.curves = 0;
  solved.counting = true;
  try {
    run();
  } finally {
    solved.counting = false;
  }
  return solved.curves;
}

describe('lazy start joins', () => {
  const open = Grid.fromPredicate(40, 40, () => false);
  const start = { x: 5.3, y: 5.6, heading: 0.1 };

  it('solves a few of the 144 joins on a found query in open ground', () => {
    const planner = new DirectionalPlanner(open, TANK);
    planner.buildTables();
    // No shots, and a free goal heading (a reversing unit then reads no kinematic table): every
    // curve counted is a join.
    const goal = { x: 30.5, y: 5.5, heading: null };
    let status = '';
    const curves = curvesOf(() => (status = planner.findPath(start, goal, { shortcut: false, analyticShots: false }).status));
    expect(status).toBe('found');
    expect(curves).toBeGreaterThan(0);
    expect(curves).toBeLessThan(JOIN_SLOTS / 4);
  });
});

describe('costBound (the key of a join token)', () => {
  it('never exceeds the cost of the curve it bounds, and is tight for a straight line and a pure turn', () => {
    const rng = makeRng(42);
    const profiles = [
      resolveProfile({ turningRadius: 2, width: 0.8 }),
      resolveProfile({ turningRadius: 1.5, width: 0.8, reverse: true, reverseCost: 2 }),
      resolveProfile({ turningRadius: 3, width: 1, reverse: true, reverseCost: 1, turnPenalty: 0.5 }),
      resolveProfile({ turningRadius: 1, width: 0.6, turnPenalty: 2 }),
    ];
    let tight = 0;
    for (let i = 0; i < 4000; i++) {
      const p = profiles[i % profiles.length]!;
      const from = { x: rng.next() * 6, y: rng.next() * 6, heading: (rng.next() - 0.5) * 2 * Math.PI };
      const to = { x: rng.next() * 6, y: rng.next() * 6, heading: (rng.next() - 0.5) * 2 * Math.PI };
      const cost = costOf(p, curveBetween(p, from, to));
      const bound = costBound(p, from, to);
      expect(bound).toBeLessThanOrEqual(cost + 1e-9);
      if (bound > 0.9 * cost) tight++;
    }
    // The bound is worth its key: often within 10% (far targets, small turns).
    expect(tight).toBeGreaterThan(400);
    const p = profiles[0]!;
    expect(costBound(p, { x: 0, y: 0, heading: 0 }, { x: 5, y: 0, heading: 0 })).toBeCloseTo(5, 12);
    // A half circle: length r·π, the same as its turn.
    const half = { x: 0, y: 4, heading: Math.PI };
    expect(costBound(p, { x: 0, y: 0, heading: 0 }, half)).toBeCloseTo(costOf(p, curveBetween(p, { x: 0, y: 0, heading: 0 }, half)), 9);
  });
});
