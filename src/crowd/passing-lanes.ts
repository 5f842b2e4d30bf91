/**
 * Keeping to the right in narrow passages: a unit that turns on the spot and steers for a point
 * of its path inside a passage too narrow for a crowd (a gap in a wall, a bridge) steers instead
 * for the right-hand half of the passage, so that the two directions of a passage pass each
 * other in two lanes instead of meeting head on in its middle (paths through a gap hug its
 * corners, and units from both sides hug the same ones). Open ground is left alone: ORCA spreads
 * units there. Tile units; headings in radians, 0 = +x, clockwise on screen (right of +x is +y).
 */
import type { Grid } from '../grid/grid.js';
import { pointClear } from '../follow/disc-room.js';
import { OneLaneMap } from './one-lane.js';

/**
 * Half the width below which a passage counts as narrow, tiles: a passage narrower than 3.2 tiles
 * (a 2-tile gap, a 3-tile bridge) holds two files of infantry (diameter 0.7) and no more.
 */
export const NARROW_HALF_WIDTH = 1.6;

/** Gap between the two lanes' discs, tiles: a hair more than the crowd's caution. */
export const LANE_GAP = 0.1;

/** Step of the march across a passage to its walls, tiles; then halved to {@link WALL_PRECISION}. */
const WALL_STEP = 0.25;
const WALL_PRECISION = 0.02;

/**
 * The right-hand lanes of the narrow passages of one grid, judged lazily (see {@link OneLaneMap}).
 *
 * @example
 * ```ts
 * const lanes = new PassingLanes(grid);
 * const out = { x: 0, y: 0 };
 * // A unit of radius 0.35 steering east for (23, 7.4) in a gap from y 7 to 9: it steers for (23, 8.4).
 * lanes.laneTarget(23, 7.4, 0, 0.35, out);
 * ```
 */
export class PassingLanes {
  private readonly narrow: OneLaneMap;

  constructor(readonly grid: Grid) {
    this.narrow = new OneLaneMap(grid, NARROW_HALF_WIDTH);
  }

  /**
   * Where a unit of radius `r` heading `heading` should steer instead of (x, y), a free point of
   * its path: in a narrow passage wide enough for two such units side by side, the middle of the
   * passage moved right by r + half a lane gap (at most as far right as the disc fits), written to
   * `out`, and true; elsewhere false (`out` untouched).
   */
  laneTarget(x: number, y: number, heading: number, r: number, out: { x: number; y: number }): boolean {
    if (!this.narrow.isOneLane(Math.floor(x), Math.floor(y))) return false;
    const nx = -Math.sin(heading);
    const ny = Math.cos(heading);
    const reach = 2 * NARROW_HALF_WIDTH;
    const right = this.freeReach(x, y, nx, ny, r, reach);
    const left = this.freeReach(x, y, -nx, -ny, r, reach);
    if (right < 0 || left < 0 || left + right < 2 * r + LANE_GAP) return false;
    const middle = (right - left) / 2;
    const offset = Math.min(right, middle + r + LANE_GAP / 2);
    out.x = x + offset * nx;
    out.y = y + offset * ny;
    return true;
  }

  /**
   * How far (tiles, up to `cap`) a disc of radius r at (x, y) can move along (dx, dy) and stay
   * clear of walls; -1 when it is not clear where it is.
   */
  private freeReach(x: number, y: number, dx: number, dy: number, r: number, cap: number): number {
    const grid = this.grid;
    if (!pointClear(grid, x, y, r)) return -1;
    let free = 0;
    let step = WALL_STEP;
    while (free < cap) {
      const s = Math.min(cap, free + step);
      if (pointClear(grid, x + s * dx, y + s * dy, r)) free = s;
      else if (step > WALL_PRECISION) step /= 2;
      else break;
    }
    return free;
  }
}
