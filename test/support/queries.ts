/**
 * Random query points for planner tests: corners, cell centres, and arbitrary real points (on
 * cell edges, at corners and inside cells), free under the grid rule as the brute force says.
 */
import type { Grid } from '../../src/grid/grid.js';
import { bruteLineOfSight } from './brute-los.js';
import type { Rng } from './rng.js';

export type PointKind = 'corner' | 'cell' | 'real';

/** A point of the given kind that is free, or undefined when `tries` random picks found none. */
export function randomFreePoint(rng: Rng, grid: Grid, kind: PointKind, tries = 40): { x: number; y: number } | undefined {
  for (let t = 0; t < tries; t++) {
    let x: number;
    let y: number;
    if (kind === 'corner') {
      x = rng.int(grid.width + 1);
      y = rng.int(grid.height + 1);
    } else if (kind === 'cell') {
      if (grid.width === 0 || grid.height === 0) return undefined;
      x = rng.int(grid.width) + 0.5;
      y = rng.int(grid.height) + 0.5;
    } else {
      // Quarters and eighths land on edges and corners often; odd fractions inside cells.
      const frac = (): number => rng.pick([0, 0.25, 0.5, 0.125, 0.37109375, 0.9]);
      x = Math.min(grid.width, rng.int(grid.width + 1) + frac());
      y = Math.min(grid.height, rng.int(grid.height + 1) + frac());
    }
    if (bruteLineOfSight(grid, x, y, x, y)) return { x, y };
  }
  return undefined;
}
