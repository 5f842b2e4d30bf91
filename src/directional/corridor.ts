/**
 * The corridor of the hybrid mode (Pinter's fast path): the tiles near an any-angle path on the
 * eroded grid, to which the first phase of a hybrid query restricts the directional search.
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { stringPull } from '../anyangle/smoothing.js';
import { pointSegmentDistance } from '../curves/footprint.js';
import type { GoalDistanceField } from './distance-field.js';
import { ringsOf, type Neighborhood } from './hit-check.js';

/** The hybrid corridor's moves: Pinter's Smoothing-48 searches the 48-neighbourhood. */
export const CORRIDOR_NEIGHBORHOOD: Neighborhood = 48;

/** Half-width of the hybrid corridor, in tiles: Pinter's Smoothing-48 keeps the tiles within 3 rings. */
const CORRIDOR_TILES = 3;

/**
 * Which cells are in the current corridor: a cell is in when its stamp equals `generation`, so a
 * new corridor costs no clearing. The search's inner loop reads both fields directly.
 */
export class Corridor {
  /** Per cell (row-major): the generation of the last corridor that held it. */
  stamps = new Uint32Array(0);
  /** The stamp of the current corridor's cells. */
  generation = 0;
  /** Cells the last {@link mark} tested, for the caller's accounting of its work. */
  marked = 0;

  /** Room for `cells` cells, none in the corridor. */
  allocate(cells: number): void {
    this.stamps = new Uint32Array(cells);
  }

  /**
   * Marks a new corridor: the tiles within max(3, turning radius + 3) of the any-angle path from
   * `start` (in cell sx, sy) to the goal of `field`, straightened by line of sight on `shrunk`
   * (the grid eroded by the unit's sweep radius, which `field` searches). False, with nothing
   * marked, when the field finds no path.
   */
  mark(field: GoalDistanceField, shrunk: Grid, start: Point, sx: number, sy: number, turningRadius: number): boolean {
    this.marked = 0;
    const corners = field.pathFrom(sx, sy);
    if (corners === null) return false;
    const points = stringPull(shrunk, [{ x: start.x, y: start.y }, ...corners]);
    if (++this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    const { width, height } = shrunk;
    const half = Math.max(CORRIDOR_TILES, turningRadius + ringsOf(CORRIDOR_NEIGHBORHOOD));
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i]!;
      const b = points[i + 1]!;
      const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - half));
      const x1 = Math.min(width - 1, Math.floor(Math.max(a.x, b.x) + half));
      const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - half));
      const y1 = Math.min(height - 1, Math.floor(Math.max(a.y, b.y) + half));
      this.marked += (y1 - y0 + 1) * (x1 - x0 + 1);
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          if (pointSegmentDistance(x + 0.5, y + 0.5, a.x, a.y, b.x, b.y) <= half) this.stamps[y * width + x] = this.generation;
        }
      }
    }
    return true;
  }
}
