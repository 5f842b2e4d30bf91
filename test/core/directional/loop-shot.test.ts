import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasLoop } from '../../../bench/lib/path-quality.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { Grid } from '../../../src/grid/grid.js';

/**
 * Moving AI's lak303d and steering query 26 of the shared benchmark: a winding route of about 316
 * tiles whose weighted (hybrid) search reached the state one tile straight behind the goal, nearly
 * at the goal's heading, first. The analytic shot from there is legal in open water but is a
 * near-full circle (about 340°), and the search ended with it: 328.6 tiles with a loop, where the
 * full search's path has none.
 */
const grid = Grid.fromMovingAi(readFileSync(new URL('../../fixtures/lak303d.map', import.meta.url), 'utf8'));
const start = { x: 159.5, y: 50.5, heading: -1.912269 };
const goal = { x: 39.5, y: 31.5, heading: -1.82029 };

describe('a shot that loops', () => {
  it('does not end a hybrid search while a cheaper loop-free path reaches the goal', () => {
    const full = new DirectionalPlanner(grid, { turningRadius: 2, width: 0.8 }).findPath(start, goal);
    const hybrid = new DirectionalPlanner(grid, { turningRadius: 2, width: 0.8 }).findPath(start, goal, { mode: 'hybrid' });
    expect(full.status).toBe('found');
    expect(hybrid.status).toBe('found');
    expect(hasLoop(full.segments.toJSON())).toBe(false);
    expect(hasLoop(hybrid.segments.toJSON())).toBe(false);
    expect(hybrid.length).toBeLessThanOrEqual(full.length * 1.01);
  });

  it('still ends with the loop when nothing cheaper reaches the goal, in open ground', () => {
    // The same pair of poses as the excerpt's loop: from a lattice state one tile straight behind
    // the goal, facing 8° left of it. The shortest forward curve is Dubins LSL, 13.56 tiles with a
    // 342° left arc; any other way drives off and turns around twice (at least 2π · 2 tiles of arcs).
    const open = new Grid(40, 40);
    const planner = new DirectionalPlanner(open, { turningRadius: 2, width: 0.8 });
    const from = { x: 20.5, y: 21.5, heading: (-5 * Math.PI) / 8 };
    const to = { x: 20.5, y: 20.5, heading: -1.82029 };
    for (const mode of ['full', 'hybrid'] as const) {
      const r = planner.findPath(from, to, { mode });
      expect(r.status).toBe('found');
      expect(r.length).toBeCloseTo(13.555, 2);
    }
  });
});
