import { describe, expect, it } from 'vitest';
import { integrateCurveCost } from '../../../bench/lib/curve-integral.js';
import type { Segment } from '../../../src/curves/segment.js';
import { Grid } from '../../../src/grid/grid.js';

describe('integrateCurveCost', () => {
  const grid = new Grid(4, 4).fillCosts(0, 0, 4, 4, (x, y) => 1 + x + 4 * y);

  it('charges each cell the length of line inside it', () => {
    // From (0.5, 0.5) east for 2.5: ½ in cost 1, 1 in cost 2, 1 in cost 3.
    const line: Segment = { kind: 'line', x: 0.5, y: 0.5, heading: 0, length: 2.5, reverse: false };
    expect(integrateCurveCost(grid, [line], 2)).toBeCloseTo(0.5 + 2 + 3, 9);
    // Driven backwards from (3, 0.5) facing east, so moving west over the same pieces: times the reverse factor.
    expect(integrateCurveCost(grid, [{ ...line, x: 3, reverse: true }], 2)).toBeCloseTo(2 * 5.5, 9);
  });

  it('splits a slanted line at the grid lines it crosses', () => {
    // From (0.5, 0.25) heading down-right at 45°: crosses x = 1 at (1, 0.75), y = 1 at (1.25, 1).
    const length = Math.SQRT2 * 1.25;
    const line: Segment = { kind: 'line', x: 0.5, y: 0.25, heading: Math.PI / 4, length, reverse: false };
    const truth = Math.SQRT2 * (0.5 * 1 + 0.25 * 2 + 0.5 * 6);
    expect(integrateCurveCost(grid, [line], 1)).toBeCloseTo(truth, 9);
  });

  it('integrates a quarter arc inside one cell and across two', () => {
    // Centre (1.5, 1.5), radius 0.25: a quarter from the top, clockwise, stays in cell (1, 1), cost 6.
    const r = 0.25;
    const inside: Segment = { kind: 'arc', x: 1.5, y: 1.25, heading: 0, length: (Math.PI / 2) * r, reverse: false, radius: r, turn: 1, cx: 1.5, cy: 1.5 };
    expect(integrateCurveCost(grid, [inside], 1)).toBeCloseTo(6 * (Math.PI / 2) * r, 9);
    // Centre (1, 1.5), radius 0.5, from the top (1, 1) clockwise through (1.5, 1.5) to (1, 2): all in
    // cell (1, 1), cost 6; a half turn, which touches x = 1 only at its ends.
    const half: Segment = { kind: 'arc', x: 1, y: 1, heading: 0, length: Math.PI * 0.5, reverse: false, radius: 0.5, turn: 1, cx: 1, cy: 1.5 };
    expect(integrateCurveCost(grid, [half], 1)).toBeCloseTo(6 * Math.PI * 0.5, 6);
  });
});
