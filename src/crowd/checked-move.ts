/**
 * The crowd's hard wall guarantee: a move a disc may make under the grid rule, whatever velocity
 * avoidance chose. The wall half-planes already steer agents off walls; this is the check that
 * holds even when they do not (rounding, the 3D fallback, a grid edited under an agent).
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { TOUCH_MARGIN, WallDistanceMap } from '../curves/footprint.js';
import { legClear, pointClear } from '../follow/disc-room.js';

/**
 * Checks straight moves of discs (radius r >= 0 tiles; 0 for a point) on one grid with
 * `legClear`'s rule: the disc never touches a blocked or outside cell; a point keeps the grid
 * rule's line of sight (never through a double corner). Moves well clear of every wall are
 * answered from the wall-distance map without allocating.
 *
 * @example
 * ```ts
 * const mover = new CheckedMove(grid);
 * const out = new Float64Array(2);
 * mover.resolve(2.5, 2.5, 3.1, 2.9, 0.4, out); // out: where the disc may end up
 * ```
 */
export class CheckedMove {
  /** Chebyshev wall distances, refreshed when the grid changed (see {@link refresh}). */
  readonly walls: WallDistanceMap;
  private readonly from: Point = { x: 0, y: 0 };
  private readonly to: Point = { x: 0, y: 0 };

  constructor(readonly grid: Grid) {
    this.walls = new WallDistanceMap(grid);
  }

  /** Brings the wall-distance map up to the grid's version; call before a batch of checks. */
  refresh(): void {
    this.walls.refresh();
  }

  /**
   * Where a disc at (x, y) that wants to go to (tx, ty) may end: the target when the straight
   * move is clear; else the move along x alone, then along y alone (sliding along a wall); else
   * (x, y). A disc that starts on a wall stays. Writes (x, y) of the end into `out`.
   */
  resolve(x: number, y: number, tx: number, ty: number, r: number, out: Float64Array): void {
    let ex = x;
    let ey = y;
    if (Number.isFinite(tx) && Number.isFinite(ty)) {
      if (this.clear(x, y, tx, ty, r)) {
        ex = tx;
        ey = ty;
      } else if (this.clear(x, y, tx, y, r)) {
        ex = tx;
      } else if (this.clear(x, y, x, ty, r)) {
        ey = ty;
      }
    }
    out[0] = ex;
    out[1] = ey;
  }

  /** True when the disc may move straight from (ax, ay) to (bx, by) (see the class). */
  clear(ax: number, ay: number, bx: number, by: number, r: number): boolean {
    const half = 0.5 * Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
    if (this.openAround(0.5 * (ax + bx), 0.5 * (ay + by), r + half)) return true;
    this.from.x = ax;
    this.from.y = ay;
    this.to.x = bx;
    this.to.y = by;
    // A stale map would let legClear skip cells that are blocked now.
    return legClear(this.grid, this.from, this.to, r, this.walls.fresh ? this.walls : undefined);
  }

  /** True when the disc at (x, y) touches no blocked or outside cell (a point: stands legally). */
  clearAt(x: number, y: number, r: number): boolean {
    return this.openAround(x, y, r) || pointClear(this.grid, x, y, r);
  }

  /**
   * True when every cell within `reach` tiles of (x, y) is free and inside the map (then no double
   * corner lies within reach either). Only with a fresh map; else false, and the caller checks fully.
   */
  private openAround(x: number, y: number, reach: number): boolean {
    if (!this.walls.fresh || !Number.isFinite(x) || !Number.isFinite(y)) return false;
    // Touched cells lie within floor(reach + margin) + 1 columns and rows of the cell holding (x, y).
    return this.walls.at(Math.floor(x), Math.floor(y)) > Math.floor(reach + TOUCH_MARGIN) + 1;
  }
}
