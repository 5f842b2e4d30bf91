/**
 * Above weight 1 the directional search expands each state at most once (weighted A* without
 * reopening): an exhaustive search, which closes every state it can reach, then expands exactly the
 * reachable states, however large the weight. Reopening made the count depend on the weight (and a
 * hybrid corridor of 21,648 states took 250,000 expansions on lak303d).
 */
import { describe, expect, it } from 'vitest';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Maps tried; some queries on them have no path and are exhaustive. */
const MAPS = 120;

/** The weights compared: at any weight above 1 each state is closed once, so the counts agree. */
const WEIGHTS = [1.2, 1.5, 3, 20];

describe('weighted directional search', () => {
  it('expands each reachable state once: exhaustive searches expand as many states at every weight above 1', () => {
    const rng = makeRng(9317);
    const unit: UnitProfile = { turningRadius: 1.5, width: 0.6 };
    let exhaustive = 0;
    for (let t = 0; t < MAPS; t++) {
      const grid = randomGrid(rng, { width: rng.range(6, 14), height: rng.range(6, 14), density: rng.next() * 0.35 });
      const planner = new DirectionalPlanner(grid, unit, { headings: 16, neighborhood: 24, proofAfter: Infinity });
      if (planner.refusal) continue;
      const free: { x: number; y: number }[] = [];
      for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) if (!discHitsBlocked(grid, x + 0.5, y + 0.5, 0.3)) free.push({ x: x + 0.5, y: y + 0.5 });
      if (free.length < 2) continue;
      const start = { ...free[rng.int(free.length)]!, heading: rng.next() * 2 * Math.PI };
      // A goal heading makes pockets where no drivable path exists, whose searches are exhaustive.
      const goal = { ...free[rng.int(free.length)]!, heading: rng.next() * 2 * Math.PI };
      const results = WEIGHTS.map((weight) => planner.findPath(start, goal, { weight, analyticShots: false }));
      if (results[0]!.status !== 'no-room-to-turn') continue;
      exhaustive++;
      const where = `map ${t}: ${JSON.stringify({ start, goal })}\n${grid.toAscii().join('\n')}`;
      for (const r of results) {
        expect(r.status, where).toBe('no-room-to-turn');
        expect(r.expanded, where).toBe(results[0]!.expanded);
      }
    }
    expect(exhaustive).toBeGreaterThan(10);
  });
});
