import { describe, expect, it } from 'vitest';
import { pathCost } from '../../../src/curves/cell-pieces.js';
import { resizeSegment } from '../../../src/curves/segment.js';
import { moveCostsOf } from '../../../src/directional/move-costs.js';
import { moveSetFor } from '../../../src/directional/hit-check.js';
import { Grid } from '../../../src/grid/grid.js';
import { directionalProfile } from '../../../src/unit/profile.js';
import { makeRng } from '../../support/rng.js';

describe('MoveCosts', () => {
  it('costs every move, inside the map and at its borders, as the cell walk of its curve moved to the cell does', () => {
    const rng = makeRng(1802);
    const grid = new Grid(20, 16);
    grid.fillCosts(0, 0, 20, 16, () => 1 + rng.int(9));
    for (const unit of [
      { turningRadius: 2, width: 0.8 },
      { turningRadius: 1.5, width: 0.6, reverse: true, reverseCost: 2, turnPenalty: 0.5 },
    ]) {
      const profile = directionalProfile(unit);
      const moves = moveSetFor(profile, 16, 24);
      const costs = moveCostsOf(moves);
      // Cells in the open middle (the fast path) and on the border rows and columns.
      const cells = [
        [10, 8],
        [9, 7],
        [0, 0],
        [19, 15],
        [0, 9],
        [17, 1],
      ];
      for (const [cx, cy] of cells) {
        for (let m = 0; m < moves.size; m++) {
          const segments = moves.curve(m).segments.map((s) => resizeSegment(s, { x: s.x + cx!, y: s.y + cy!, heading: s.heading }, s.length));
          let turn = 0;
          for (const s of segments) if (s.kind === 'arc') turn += s.length / s.radius;
          const truth = pathCost(grid, segments, profile.reverseCost) + profile.turnPenalty * turn;
          // Within rounding: a sliver at a corner graze (1e-8 tiles) may fall to the other cell of
          // the two walks; a wrong cell for a real piece is off by a tenth of a tile times a cost.
          expect(Math.abs(costs.cost(grid, m, cx!, cy!) - truth)).toBeLessThan(1e-6 * Math.max(1, truth));
        }
      }
    }
  });
});
