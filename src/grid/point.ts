import type { Grid } from './grid.js';

/** A point in tile units: (0, 0) is the top-left corner of the map, y grows downward. */
export interface Point {
  x: number;
  y: number;
}

/**
 * True when a unit may stand at (x, y): the point is inside the map and touches a free cell
 * without being sealed off by blocked ones, i.e. it is not inside a blocked cell, not on an edge
 * between two blocked cells, and not on a corner whose four cells are all blocked. Works for any
 * real point, not only corners.
 */
export function isPointFree(grid: Grid, x: number, y: number): boolean {
  if (!(x >= 0 && y >= 0 && x <= grid.width && y <= grid.height)) return false;
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const onX = fx === x;
  const onY = fy === y;
  if (onX && onY) {
    return !(
      grid.isBlocked(fx - 1, fy - 1) &&
      grid.isBlocked(fx, fy - 1) &&
      grid.isBlocked(fx - 1, fy) &&
      grid.isBlocked(fx, fy)
    );
  }
  if (onX) return !(grid.isBlocked(fx - 1, fy) && grid.isBlocked(fx, fy));
  if (onY) return !(grid.isBlocked(fx, fy - 1) && grid.isBlocked(fx, fy));
  return !grid.isBlocked(fx, fy);
}

/**
 * True when corner (x, y) is a double corner: two diagonally touching cells blocked, the other
 * two free. A straight segment may end there but never pass through it.
 */
export function isDoubleCorner(grid: Grid, x: number, y: number): boolean {
  const nw = grid.isBlocked(x - 1, y - 1);
  const ne = grid.isBlocked(x, y - 1);
  const sw = grid.isBlocked(x - 1, y);
  const se = grid.isBlocked(x, y);
  return nw === se && ne === sw && nw !== ne;
}
