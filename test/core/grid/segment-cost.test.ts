import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import { segmentCost } from '../../../src/grid/segment-cost.js';
import { sampledSegmentCost } from '../../support/cost-sampler.js';
import { makeRng, type Rng } from '../../support/rng.js';

/** Costs from rows of digits ('@' blocked, cost 1 unless a digit follows in `costs`). */
function costGrid(rows: string[], costs: string[]): Grid {
  const g = Grid.fromAscii(rows);
  g.fillCosts(0, 0, g.width, g.height, (x, y) => Number(costs[y]![x]));
  return g;
}

/** Both directions give the same cost. */
function both(g: Grid, x0: number, y0: number, x1: number, y1: number): number {
  const a = segmentCost(g, x0, y0, x1, y1);
  expect(segmentCost(g, x1, y1, x0, y0)).toBeCloseTo(a, 12);
  return a;
}

describe('segmentCost: hand-worked cases', () => {
  it('is the Euclidean length on a uniform grid', () => {
    const g = new Grid(4, 4);
    expect(both(g, 0.5, 0.25, 3.75, 2)).toBe(Math.hypot(3.25, 1.75));
    expect(both(g, 1, 1, 1, 1)).toBe(0);
  });

  it('charges a cell by the length inside it, off the grid lines', () => {
    const g = new Grid(3, 1).setCost(1, 0, 4);
    expect(both(g, 0.5, 0.5, 2.5, 0.5)).toBeCloseTo(0.5 + 4 + 0.5, 12);
    // Slope 1/2 from (0, 0.25): cells (0,0) for x in [0,1], (1,0) for [1,1.5], (1,1) for [1.5,2], (2,1) for [2,3].
    const h = costGrid(['...', '...'], ['149', '923']);
    expect(both(h, 0, 0.25, 3, 1.75)).toBeCloseTo(Math.sqrt(1.25) * (1 * 1 + 0.5 * 4 + 0.5 * 2 + 1 * 3), 12);
  });

  it('a diagonal through three cells and a corner charges nothing to the cells touching only the corner', () => {
    // (0,0)-(3,1.5): cells (0,0) and (1,0), through corner (2,1), then cell (2,1). Cells (2,0) and (1,1) cost 9, unused.
    const g = costGrid(['...', '...'], ['239', '195']);
    expect(both(g, 0, 0, 3, 1.5)).toBeCloseTo(Math.sqrt(1.25) * (2 + 3 + 5), 12);
    // The lattice diagonal: sqrt(2) times the cell's cost.
    expect(both(g, 1, 0, 2, 1)).toBe(Math.SQRT2 * 3);
    // Corner to corner across three cells of different costs.
    const d = costGrid(['...', '...', '...'], ['199', '929', '993']);
    expect(both(d, 0, 0, 3, 3)).toBeCloseTo(Math.SQRT2 * 6, 12);
  });

  it('starts on a grid line heading left and up, passes a corner and ends on a line', () => {
    // (3,1.5)-(1,0.5): cell (2,1), corner (2,1), cell (1,0).
    const g = costGrid(['...', '...'], ['949', '993']);
    expect(both(g, 3, 1.5, 1, 0.5)).toBeCloseTo(Math.sqrt(1.25) * (3 + 4), 12);
    // From (0.5,0.5) to (2.5,1.5): a quarter of the way in each of (0,0), (1,0), (1,1) (row line y = 1 at x = 1.5), (2,1).
    expect(both(g, 0.5, 0.5, 2.5, 1.5)).toBeCloseTo(Math.hypot(2, 1) * (0.25 * 9 + 0.25 * 4 + 0.25 * 9 + 0.25 * 3), 12);
  });

  it('along an edge between costs 2 and 5 takes 2', () => {
    const g = costGrid(['...', '...'], ['222', '555']);
    expect(both(g, 0, 1, 3, 1)).toBe(6);
    expect(both(g, 0.5, 1, 2.25, 1)).toBeCloseTo(1.75 * 2, 12);
    const v = costGrid(['..', '..'], ['25', '52']);
    // Column line x = 1: row 0 between 2 and 5, row 1 between 5 and 2.
    expect(both(v, 1, 0, 1, 2)).toBe(4);
  });

  it('along an edge beside a blocked cell takes the free side, and the map border its only cell', () => {
    const g = costGrid(['.@.', '...'], ['222', '555']);
    expect(both(g, 0, 1, 3, 1)).toBe(2 + 5 + 2);
    expect(both(g, 0, 2, 3, 2)).toBe(15);
    expect(both(g, 0, 0, 1, 0)).toBe(2);
    expect(both(g, 3, 0, 3, 2)).toBe(7);
  });

  it('off a grid line, a horizontal or vertical segment crosses one row or column of cells', () => {
    const g = costGrid(['...', '...'], ['123', '456']);
    expect(both(g, 0.5, 1.5, 3, 1.5)).toBeCloseTo(0.5 * 4 + 5 + 6, 12);
    expect(both(g, 2.5, 0.25, 2.5, 2)).toBeCloseTo(0.75 * 3 + 6, 12);
  });
});

/** A random endpoint: a corner, a point on a quarter grid (often on lines), or any real point. */
function randomPoint(rng: Rng, w: number, h: number): [number, number] {
  const kind = rng.int(3);
  if (kind === 0) return [rng.int(w + 1), rng.int(h + 1)];
  if (kind === 1) return [rng.int(4 * w + 1) / 4, rng.int(4 * h + 1) / 4];
  return [rng.next() * w, rng.next() * h];
}

describe('segmentCost against a fine sampler', () => {
  it('agrees on thousands of random legal segments of random weighted grids', () => {
    const rng = makeRng(0x5e6c0);
    let checked = 0;
    let alongLines = 0;
    while (checked < 2500) {
      const w = rng.range(1, 10);
      const h = rng.range(1, 10);
      const density = rng.next() * 0.4;
      const g = Grid.fromPredicate(w, h, () => rng.chance(density));
      const real = rng.chance(0.5);
      g.fillCosts(0, 0, w, h, () => (real ? 1 + rng.next() * 9 : rng.range(1, 10)));
      for (let q = 0; q < 10; q++) {
        let [x0, y0] = randomPoint(rng, w, h);
        let [x1, y1] = randomPoint(rng, w, h);
        // Make runs along grid lines and axis-parallel segments common.
        if (rng.chance(0.2)) y1 = y0;
        else if (rng.chance(0.2)) x1 = x0;
        if (!lineOfSight(g, x0, y0, x1, y1)) continue;
        if ((y0 === y1 && Number.isInteger(y0)) || (x0 === x1 && Number.isInteger(x0))) alongLines++;
        const length = Math.hypot(x1 - x0, y1 - y0);
        const got = segmentCost(g, x0, y0, x1, y1);
        const want = sampledSegmentCost(g, x0, y0, x1, y1);
        expect(Math.abs(got - want), `(${x0}, ${y0})-(${x1}, ${y1}) on\n${g.toAscii().join('\n')}\ncosts ${Array.from(g.costs ?? [])}`).toBeLessThanOrEqual(1e-3 * Math.max(1, length));
        checked++;
        [x0, y0] = [x1, y1];
      }
    }
    expect(alongLines).toBeGreaterThan(200);
  });
});
