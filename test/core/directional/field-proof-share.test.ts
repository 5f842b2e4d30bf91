import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CurveGoal } from '../../../src/curves/curve-planner.js';
import type { Pose } from '../../../src/curves/segment.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { Grid } from '../../../src/grid/grid.js';

/** The work a query reports in all, run in steps of 256 units, and its status. */
function run(planner: DirectionalPlanner, start: Pose, goal: CurveGoal, mode: 'full' | 'hybrid'): { status: string; work: number } {
  const search = planner.createSearch(start, goal, { mode });
  for (let steps = 0; ; steps++) {
    const r = search.step(256);
    if (r) return { status: r.status, work: search.work };
    if (steps > 1e5) throw new Error('the search does not end');
  }
}

const grid = Grid.fromMovingAi(readFileSync(new URL('../../fixtures/lak303d.map', import.meta.url), 'utf8'));

describe('the proof beside the distance field', () => {
  // Steering query 5 of lak303d in the shared benchmark: a goal 160 tiles east, any heading, that
  // the unit cannot reach (no-room-to-turn). The proof's early turn (64 units) does not finish it;
  // the proof does in under 200. The field back to the start had cost 2,746 units first.
  const start = { x: 12.5, y: 65.5, heading: 0.507912 };
  const goal = { x: 172.5, y: 46.5, heading: null };

  for (const mode of ['full', 'hybrid'] as const) {
    it(`answers no-room before the field reaches across the map (${mode})`, () => {
      const planner = new DirectionalPlanner(grid, { turningRadius: 2, width: 0.8 });
      planner.buildTables();
      const { status, work } = run(planner, start, goal, mode);
      expect(status).toBe('no-room-to-turn');
      // The field's first 512 units alone, then four of field for one of proof.
      expect(work).toBeLessThan(1500);
    });
  }
});
