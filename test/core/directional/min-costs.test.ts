/**
 * MinCosts and MoveCosts.lowerBound: the least cost around each cell against a brute-force scan,
 * and the bound it gives a move never above the move's cost (thousands of seeded moves, in the
 * open, at the map's borders, next to walls), so the search's early skip never drops a move
 * that would have improved its target.
 */
import { describe, expect, it } from 'vitest';
import { MinCosts } from '../../../src/directional/min-costs.js';
import { moveCostsOf } from '../../../src/directional/move-costs.js';
import { moveSetFor } from '../../../src/directional/hit-check.js';
import { Grid } from '../../../src/grid/grid.js';
import { runBuild } from '../../../src/search/stepped-build.js';
import { directionalProfile } from '../../../src/unit/profile.js';
import { makeRng, type Rng } from '../../support/rng.js';

/** A grid with patches of costs 1 to 9 and some walls. */
function patchy(rng: Rng, width: number, height: number): Grid {
  const grid = Grid.fromPredicate(width, height, () => rng.chance(0.08));
  const patches = Array.from({ length: 6 }, () => ({ x: rng.int(width), y: rng.int(height), cost: 1 + rng.int(9) }));
  grid.fillCosts(0, 0, width, height, (x, y) => {
    let best = patches[0]!;
    for (const p of patches) if (Math.hypot(p.x - x, p.y - y) < Math.hypot(best.x - x, best.y - y)) best = p;
    return rng.chance(0.1) ? 1 + rng.int(9) : best.cost;
  });
  return grid;
}

describe('MinCosts', () => {
  it('holds the least cost within the radius of each cell, cells off the map counting 1', () => {
    const rng = makeRng(1901);
    const table = new MinCosts();
    for (let trial = 0; trial < 20; trial++) {
      const grid = patchy(rng, 3 + rng.int(30), 3 + rng.int(30));
      const radius = rng.int(5);
      runBuild(table.refreshWork(grid, radius));
      expect(table.fresh(grid, radius)).toBe(true);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          let least = Infinity;
          for (let dy = -radius; dy <= radius; dy++) {
            for (let dx = -radius; dx <= radius; dx++) {
              const inside = x + dx >= 0 && y + dy >= 0 && x + dx < grid.width && y + dy < grid.height;
              least = Math.min(least, inside ? grid.cost(x + dx, y + dy) : 1);
            }
          }
          expect(table.values[y * grid.width + x], `trial ${trial}, cell (${x}, ${y}), radius ${radius}`).toBe(least);
        }
      }
      // A cost edit makes it stale; so does another radius.
      expect(table.fresh(grid, radius + 1)).toBe(false);
      grid.setCost(0, 0, grid.cost(0, 0) === 7 ? 8 : 7);
      expect(table.fresh(grid, radius)).toBe(false);
    }
  });

  it('gives each move a lower bound on its cost from the least cost around its start cell', () => {
    const rng = makeRng(1902);
    const table = new MinCosts();
    let tight = 0;
    let checked = 0;
    for (const unit of [
      { turningRadius: 2, width: 1.5, reverse: true, reverseCost: 2 },
      { turningRadius: 1.5, width: 0.6, reverse: true, reverseCost: 3, turnPenalty: 0.5 },
      { turningRadius: 4, width: 2.4 },
    ]) {
      const profile = directionalProfile(unit);
      const moves = moveSetFor(profile, 16, unit.turningRadius > 2 ? 48 : 24);
      const costs = moveCostsOf(moves);
      for (let map = 0; map < 3; map++) {
        const grid = patchy(rng, 16 + rng.int(20), 16 + rng.int(20));
        runBuild(table.refreshWork(grid, costs.span));
        for (let trial = 0; trial < 8; trial++) {
          // Any cell, borders included: moves off the map are costed too (the hit check drops them).
          const cx = rng.int(grid.width);
          const cy = rng.int(grid.height);
          const least = table.values[cy * grid.width + cx]!;
          for (let m = 0; m < moves.size; m += 1 + rng.int(8)) {
            const bound = costs.lowerBound(m, least);
            const cost = costs.cost(grid, m, cx, cy);
            expect(bound, `move ${m} from (${cx}, ${cy})`).toBeLessThanOrEqual(cost);
            checked++;
            if (bound > 0.999 * cost) tight++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    // The bound is the cost itself on uniform ground, which the patches have some of.
    expect(tight).toBeGreaterThan(checked / 40);
  });
});
