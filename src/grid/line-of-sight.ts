import type { Grid } from './grid.js';
import { orientation } from './orientation.js';
import { isDoubleCorner as isDoubleCornerAt, isPointFree } from './point.js';

/**
 * Exact line of sight between two corner points (integer coordinates), under the grid rule: the
 * segment never enters a blocked cell, never runs along an edge whose two cells are both blocked,
 * and never passes through a double corner (two diagonal cells blocked, the other two free). The
 * segment may end on a double corner. Works in integer arithmetic: every crossing of a column line
 * is the rational `n / dx`, and its floor and integrality are read exactly.
 *
 * {@link lineOfSight} accepts any points.
 * @throws RangeError when a coordinate is not an integer (`NaN`, fractional, infinite).
 */
export function cornerLineOfSight(grid: Grid, x0: number, y0: number, x1: number, y1: number): boolean {
  if (!(Number.isInteger(x0) && Number.isInteger(y0) && Number.isInteger(x1) && Number.isInteger(y1))) {
    throw new RangeError(`cornerLineOfSight needs integer corner points, got (${x0}, ${y0}) to (${x1}, ${y1}); lineOfSight takes any points`);
  }
  return cornerSight(grid, x0, y0, x1, y1);
}

/**
 * {@link cornerLineOfSight} without the argument check, for callers whose points are integers by
 * construction (the planners' lattice nodes).
 */
export function cornerSight(grid: Grid, x0: number, y0: number, x1: number, y1: number): boolean {
  return x0 <= x1 ? cornerRightward(grid, x0, y0, x1, y1) : cornerRightward(grid, x1, y1, x0, y0);
}

/** {@link cornerLineOfSight} for x0 <= x1 (legality does not depend on direction). */
function cornerRightward(grid: Grid, x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  if (dx === 0) {
    if (dy === 0) return isPointFree(grid, x0, y0);
    return alongColumnLine(grid, x0, Math.min(y0, y1), Math.max(y0, y1));
  }
  if (dy === 0) return alongRowLine(grid, y0, x0, x1);
  const w = grid.width;
  const h = grid.height;
  const cells = grid.cells;
  // The segment's y at column line k is n / dx; n steps by dy per column.
  let n = y0 * dx;
  for (let k = x0; k < x1; k++) {
    const next = n + dy;
    const lo = dy > 0 ? n : next;
    const hi = dy > 0 ? next : n;
    const first = Math.floor(lo / dx);
    const last = Math.ceil(hi / dx) - 1;
    if (k < 0 || k >= w || first < 0 || last >= h) return false;
    for (let r = first, i = first * w + k; r <= last; r++, i += w) {
      if (cells[i] === 1) return false;
    }
    if (k + 1 < x1 && next % dx === 0 && isDoubleCornerAt(grid, k + 1, next / dx)) return false;
    n = next;
  }
  return true;
}

/**
 * Exact line of sight between any two real points (a sprite's exact position, say), under the
 * same rule as {@link cornerLineOfSight}. Each crossing of a column line is classified exactly
 * (its floor, and whether it hits a grid vertex) with an exact orientation test, so no rounding
 * can let a segment slip through a corner. Non-finite coordinates have no line of sight.
 *
 * @example
 * ```ts
 * lineOfSight(grid, 0.5, 0.5, 3.25, 2.75); // true when no blocked cell is in the way
 * ```
 */
export function lineOfSight(grid: Grid, x0: number, y0: number, x1: number, y1: number): boolean {
  // Outside the map is blocked, so a segment with an end outside it (or a NaN end) is never legal.
  if (!(inMap(grid, x0, y0) && inMap(grid, x1, y1))) return false;
  if (Number.isInteger(x0) && Number.isInteger(y0) && Number.isInteger(x1) && Number.isInteger(y1)) {
    return cornerSight(grid, x0, y0, x1, y1);
  }
  return x0 <= x1 ? realRightward(grid, x0, y0, x1, y1) : realRightward(grid, x1, y1, x0, y0);
}

/** {@link lineOfSight} for x0 <= x1, ends inside the map and not all integer. */
function realRightward(grid: Grid, x0: number, y0: number, x1: number, y1: number): boolean {
  if (x0 === x1) {
    if (y0 === y1) return isPointFree(grid, x0, y0);
    const ylo = Math.min(y0, y1);
    const yhi = Math.max(y0, y1);
    if (Number.isInteger(x0)) return alongColumnLine(grid, x0, ylo, yhi);
    return cellsFree(grid, Math.floor(x0), Math.floor(ylo), Math.ceil(yhi) - 1, true);
  }
  if (y0 === y1) {
    if (Number.isInteger(y0)) return alongRowLine(grid, y0, x0, x1);
    return cellsFree(grid, Math.floor(y0), Math.floor(x0), Math.ceil(x1) - 1, false);
  }
  // Walk the column strips between consecutive column lines; in each, the segment's y runs
  // between two values whose floor and integrality are known exactly.
  let aFloor = Math.floor(y0);
  let aOnLine = aFloor === y0;
  let column = Math.floor(x0);
  const lastLine = Math.ceil(x1) - 1;
  const slope = (y1 - y0) / (x1 - x0);
  for (let k = column + 1; ; k++) {
    let bFloor: number;
    let bOnLine: boolean;
    const end = k > lastLine;
    if (end) {
      bFloor = Math.floor(y1);
      bOnLine = bFloor === y1;
    } else {
      // floor(y(k)) exactly: start from the floating estimate and let orientation settle it.
      // orientation(p0, p1, (k, m)) has the sign of m - y(k) because x1 > x0.
      bFloor = Math.floor(y0 + (k - x0) * slope);
      while (orientation(x0, y0, x1, y1, k, bFloor) > 0) bFloor--;
      while (orientation(x0, y0, x1, y1, k, bFloor + 1) <= 0) bFloor++;
      bOnLine = orientation(x0, y0, x1, y1, k, bFloor) === 0;
    }
    const lowFloor = y1 > y0 ? aFloor : bFloor;
    const highFloor = y1 > y0 ? bFloor : aFloor;
    const highOnLine = y1 > y0 ? bOnLine : aOnLine;
    if (!cellsFree(grid, column, lowFloor, highOnLine ? highFloor - 1 : highFloor, true)) return false;
    if (end) return true;
    if (bOnLine && isDoubleCornerAt(grid, k, bFloor)) return false;
    aFloor = bFloor;
    aOnLine = bOnLine;
    column = k;
  }
}

/** A segment along the column line x = `x` (integer) from `ylo` to `yhi` (ylo < yhi). */
function alongColumnLine(grid: Grid, x: number, ylo: number, yhi: number): boolean {
  const last = Math.ceil(yhi) - 1;
  for (let r = Math.floor(ylo); r <= last; r++) {
    if (grid.isBlocked(x - 1, r) && grid.isBlocked(x, r)) return false;
    if (r > ylo && isDoubleCornerAt(grid, x, r)) return false;
  }
  return true;
}

/** A segment along the row line y = `y` (integer) from `xlo` to `xhi` (xlo < xhi). */
function alongRowLine(grid: Grid, y: number, xlo: number, xhi: number): boolean {
  const last = Math.ceil(xhi) - 1;
  for (let c = Math.floor(xlo); c <= last; c++) {
    if (grid.isBlocked(c, y - 1) && grid.isBlocked(c, y)) return false;
    if (c > xlo && isDoubleCornerAt(grid, c, y)) return false;
  }
  return true;
}

/** True when cells `from..to` of one column (`vertical`) or one row are all free. */
function cellsFree(grid: Grid, fixed: number, from: number, to: number, vertical: boolean): boolean {
  for (let i = from; i <= to; i++) {
    if (vertical ? grid.isBlocked(fixed, i) : grid.isBlocked(i, fixed)) return false;
  }
  return true;
}

function inMap(grid: Grid, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x <= grid.width && y <= grid.height;
}
