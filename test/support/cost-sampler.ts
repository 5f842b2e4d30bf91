/**
 * Independent reference for the weighted cost of a segment, written from the rule and sharing no
 * code with `src/grid/segment-cost.ts` (only the Grid's public `cost` and `isBlocked` are read).
 *
 * The segment is cut into steps of at most {@link SAMPLE_STEP} tiles and each step is charged the
 * cost of the cell holding its midpoint. A horizontal segment on a row line (or a vertical one on
 * a column line) runs along cell edges: each step is charged the cheaper of the two cells beside
 * it, counting only free cells (the map's outside is blocked). A segment through a corner has no
 * step of positive length there, so nothing is charged to the cells touching only the corner.
 *
 * Midpoint sampling misplaces at most half a step at each cell boundary, so the error is at most
 * about SAMPLE_STEP/2 · (cost spread) per boundary crossed: compare with a tolerance of ~1e-3 per
 * tile of length.
 */
import type { Grid } from '../../src/grid/grid.js';
import type { Point } from '../../src/grid/point.js';

/** Step length of the sampler, in tiles. */
export const SAMPLE_STEP = 1e-4;

/** The sampled cost of segment (x0, y0)-(x1, y1). */
export function sampledSegmentCost(grid: Grid, x0: number, y0: number, x1: number, y1: number, step = SAMPLE_STEP): number {
  const length = Math.hypot(x1 - x0, y1 - y0);
  if (length === 0) return 0;
  const n = Math.ceil(length / step);
  const h = length / n;
  const alongRow = y0 === y1 && Number.isInteger(y0);
  const alongColumn = x0 === x1 && Number.isInteger(x0);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t;
    let c: number;
    if (alongRow) c = cheaperFree(grid, Math.floor(x), y0 - 1, Math.floor(x), y0);
    else if (alongColumn) c = cheaperFree(grid, x0 - 1, Math.floor(y), x0, Math.floor(y));
    else c = grid.cost(Math.floor(x), Math.floor(y));
    total += c * h;
  }
  return total;
}

/** The sampled cost of a polyline: its legs' sampled costs summed. */
export function sampledPathCost(grid: Grid, points: readonly Point[], step = SAMPLE_STEP): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += sampledSegmentCost(grid, points[i - 1]!.x, points[i - 1]!.y, points[i]!.x, points[i]!.y, step);
  return total;
}

/** The cheaper of two cells counting only free ones; NaN when neither is free (an illegal run). */
function cheaperFree(grid: Grid, ax: number, ay: number, bx: number, by: number): number {
  const a = grid.isBlocked(ax, ay) ? Infinity : grid.cost(ax, ay);
  const b = grid.isBlocked(bx, by) ? Infinity : grid.cost(bx, by);
  const c = Math.min(a, b);
  return c === Infinity ? NaN : c;
}
