import type { Grid } from './grid.js';
import { orientation } from './orientation.js';

/**
 * The weighted cost of the straight segment (x0, y0)-(x1, y1): the integral of cell cost along
 * it, that is the length of the segment inside each cell times that cell's {@link Grid.cost},
 * summed. On a uniform grid it is the Euclidean length. Points are in tile units.
 *
 * - Where the segment runs exactly along a cell edge (a horizontal or vertical segment on a grid
 *   line) it is charged the cheaper of the two cells beside it, counting only free cells: a unit
 *   on the edge may lean to either side.
 * - A segment passing exactly through a cell corner spends no length in the two cells that only
 *   touch it there.
 *
 * The cells crossed are found exactly (each crossing's order is an exact sign, as in
 * {@link lineOfSight}); lengths are rounded doubles, each computed from the segment's ends rather
 * than by accumulating steps, so nothing drifts along a long segment. Allocates nothing, bar the
 * rare near-degenerate orientation test between points that are not all integers.
 *
 * The segment is assumed legal (see {@link lineOfSight}; callers check that first): on an illegal
 * one, blocked cells are charged at their stored cost and the result means nothing.
 *
 * @example
 * ```ts
 * const grid = new Grid(3, 1).setCost(1, 0, 4);
 * segmentCost(grid, 0.5, 0.5, 2.5, 0.5); // 0.5 * 1 + 1 * 4 + 0.5 * 1 = 5
 * ```
 */
export function segmentCost(grid: Grid, x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const length = Math.sqrt(dx * dx + dy * dy);
  const costs = grid.costs;
  if (costs === null || length === 0) return length;
  if (dy === 0) return runCost(grid, costs, y0, Math.min(x0, x1), Math.max(x0, x1), false);
  if (dx === 0) return runCost(grid, costs, x0, Math.min(y0, y1), Math.max(y0, y1), true);
  return length * crossingWalk(grid.width, costs, x0, y0, x1, y1);
}

/**
 * The mean cost along a segment that is neither horizontal nor vertical, from the cells it
 * crosses in order. Each step goes to the next column line or row line the segment meets; which
 * comes first is an exact sign, and a tie is a corner passed diagonally.
 */
function crossingWalk(w: number, costs: Float64Array, x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const sx = dx > 0 ? 1 : -1;
  const sy = dy > 0 ? 1 : -1;
  // The first cell is the one the segment enters: from a grid line it leaves towards its direction.
  let cx = Math.floor(x0);
  if (sx < 0 && cx === x0) cx--;
  let cy = Math.floor(y0);
  if (sy < 0 && cy === y0) cy--;
  const integral = Number.isInteger(x0) && Number.isInteger(y0) && Number.isInteger(x1) && Number.isInteger(y1);
  let t = 0;
  let total = 0;
  for (;;) {
    const kx = sx > 0 ? cx + 1 : cx;
    const ky = sy > 0 ? cy + 1 : cy;
    const xInside = sx > 0 ? kx < x1 : kx > x1;
    const yInside = sy > 0 ? ky < y1 : ky > y1;
    if (!xInside && !yInside) break;
    // order < 0: the column line comes first; > 0: the row line; 0: both at once (a corner).
    let order: number;
    if (!yInside) order = -1;
    else if (!xInside) order = 1;
    else {
      // sign(t_column - t_row) = sign((kx - x0)·dy - (ky - y0)·dx) · sx · sy. Between integer
      // points that product is an exact integer; otherwise orientation() decides it exactly.
      const d = integral ? (kx - x0) * dy - (ky - y0) * dx : -orientation(x0, y0, x1, y1, kx, ky);
      order = d === 0 ? 0 : (d > 0 ? 1 : -1) * sx * sy;
    }
    const next = order <= 0 ? (kx - x0) / dx : (ky - y0) / dy;
    total += (next - t) * costs[cy * w + cx]!;
    t = next;
    if (order <= 0) cx += sx;
    if (order >= 0) cy += sy;
  }
  return total + (1 - t) * costs[cy * w + cx]!;
}

/**
 * The cost of a segment along one row (`vertical` false: y = `fixed`, x from `lo` to `hi`) or one
 * column. Off a grid line it crosses the cells of one row or column; on a grid line each piece
 * takes the cheaper free cell beside it.
 */
function runCost(grid: Grid, costs: Float64Array, fixed: number, lo: number, hi: number, vertical: boolean): number {
  const w = grid.width;
  const onLine = Number.isInteger(fixed);
  const line = Math.floor(fixed);
  const last = Math.ceil(hi) - 1;
  let total = 0;
  for (let i = Math.floor(lo); i <= last; i++) {
    const piece = Math.min(hi, i + 1) - Math.max(lo, i);
    let cost: number;
    if (!onLine) cost = vertical ? costs[i * w + line]! : costs[line * w + i]!;
    else if (vertical) cost = edgeCost(grid, costs, line - 1, i, line, i);
    else cost = edgeCost(grid, costs, i, line - 1, i, line);
    total += piece * cost;
  }
  return total;
}

/** The cost of running along the edge between cells a and b: the cheaper free one (else the cheaper one in the map). */
function edgeCost(grid: Grid, costs: Float64Array, ax: number, ay: number, bx: number, by: number): number {
  const w = grid.width;
  const aIn = grid.inBounds(ax, ay);
  const bIn = grid.inBounds(bx, by);
  const a = aIn ? costs[ay * w + ax]! : Infinity;
  const b = bIn ? costs[by * w + bx]! : Infinity;
  const aFree = aIn && grid.cells[ay * w + ax] === 0;
  const bFree = bIn && grid.cells[by * w + bx] === 0;
  if (aFree && bFree) return Math.min(a, b);
  if (aFree) return a;
  if (bFree) return b;
  // Illegal: no free side. Charged so the result stays finite for an edge inside the map.
  return Math.min(a, b);
}
