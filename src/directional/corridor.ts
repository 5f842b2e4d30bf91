/**
 * The corridor of the hybrid mode (Pinter's fast path): the tiles near an any-angle path on the
 * eroded grid, to which the first phase of a hybrid query restricts the directional search.
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { StringPull } from '../anyangle/smoothing.js';
import { unitsFor, type BuildWork } from '../search/stepped-build.js';
import { pointSegmentDistance } from '../curves/footprint.js';
import type { GoalDistanceField } from './distance-field.js';

/**
 * Half-width of the hybrid corridor, in tiles: at least this, and this beyond the turning radius
 * (Pinter's Smoothing-48 keeps the tiles within 3 rings of the path).
 */
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

  /** Room for `cells` cells, none in the corridor. */
  allocate(cells: number): void {
    this.stamps = new Uint32Array(cells);
  }

  /**
   * Marks a new corridor, as resumable work: the tiles within the turning radius + 3 of the
   * any-angle path from `start` (in cell sx, sy) to the goal of `field`, straightened by line of
   * sight on `shrunk` (the grid eroded by the unit's sweep radius, which `field` searches). Returns
   * false, with nothing marked, when the field finds no path. Each line of sight and each row of
   * a segment's band is a piece: a long path's corridor (up to 24,000 cells and a 180-corner
   * string pull on the shared maps, several milliseconds) spreads over steps.
   */
  *markWork(field: GoalDistanceField, shrunk: Grid, start: Point, sx: number, sy: number, turningRadius: number): BuildWork<boolean> {
    const corners = field.pathFrom(sx, sy);
    if (corners === null) return false;
    yield unitsFor(corners.length, PATH_POINTS_PER_UNIT);
    const points = yield* pullWork(shrunk, [{ x: start.x, y: start.y }, ...corners]);
    if (++this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    const { width, height } = shrunk;
    const half = turningRadius + CORRIDOR_TILES;
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i]!;
      const b = points[i + 1]!;
      const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - half));
      const y1 = Math.min(height - 1, Math.floor(Math.max(a.y, b.y) + half));
      for (let y = y0; y <= y1; y++) {
        // The band (a capsule) meets the row of centres in one interval; one cell of margin each
        // side keeps rounding from losing a cell that the exact test below would keep.
        const [lo, hi] = capsuleRow(a, b, half, y + 0.5);
        if (!(lo <= hi)) continue;
        const x0 = Math.max(0, Math.ceil(lo - 0.5) - 1);
        const x1 = Math.min(width - 1, Math.floor(hi - 0.5) + 1);
        if (x1 < x0) continue;
        yield unitsFor(x1 - x0 + 1, CELLS_PER_UNIT);
        for (let x = x0; x <= x1; x++) {
          if (pointSegmentDistance(x + 0.5, y + 0.5, a.x, a.y, b.x, b.y) <= half) this.stamps[y * width + x] = this.generation;
        }
      }
    }
    return true;
  }
}

/** Corner points of the field's path walked per work unit (a parent read and a point each). */
const PATH_POINTS_PER_UNIT = 32;

/** Cells tested per work unit (a point-to-segment distance each). */
const CELLS_PER_UNIT = 16;

/** Cells a line of sight visits per work unit. */
const SIGHT_CELLS_PER_UNIT = 16;

/** {@link StringPull} as resumable work, a line of sight a piece. */
function* pullWork(grid: Grid, points: readonly Point[]): BuildWork<Point[]> {
  const pull = new StringPull(grid, points);
  while (!pull.done) {
    yield unitsFor(pull.nextCells(), SIGHT_CELLS_PER_UNIT);
    pull.step();
  }
  return pull.result();
}

/**
 * The x interval where the horizontal line y = `yc` meets the points within `half` of segment
 * a-b (a capsule, so one interval): [lo, hi], or lo > hi when it misses.
 */
export function capsuleRow(a: Point, b: Point, half: number, yc: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of [a, b]) {
    const dy = yc - p.y;
    if (Math.abs(dy) <= half) {
      const w = Math.sqrt(half * half - dy * dy);
      lo = Math.min(lo, p.x - w);
      hi = Math.max(hi, p.x + w);
    }
  }
  const vx = b.x - a.x;
  const vy = b.y - a.y;
  const len = Math.hypot(vx, vy);
  if (len > 0) {
    const ux = vx / len;
    const uy = vy / len;
    // Along the segment: 0 <= ux (x - ax) + uy (yc - ay) <= len.
    let [alo, ahi] = linearRange(ux, -uy * (yc - a.y), len - uy * (yc - a.y));
    // Across it: |-uy (x - ax) + ux (yc - ay)| <= half.
    const [clo, chi] = linearRange(-uy, -half - ux * (yc - a.y), half - ux * (yc - a.y));
    alo = Math.max(alo, clo);
    ahi = Math.min(ahi, chi);
    if (alo <= ahi) {
      lo = Math.min(lo, a.x + alo);
      hi = Math.max(hi, a.x + ahi);
    }
  }
  return [lo, hi];
}

/** The values of d with low <= k · d <= high: an interval, everything, or nothing (lo > hi). */
function linearRange(k: number, low: number, high: number): [number, number] {
  if (k === 0) return low <= 0 && 0 <= high ? [-Infinity, Infinity] : [Infinity, -Infinity];
  return k > 0 ? [low / k, high / k] : [high / k, low / k];
}
