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
export const CORRIDOR_TILES = 3;

/**
 * Which cells are in the current corridor: a cell is in when its stamp equals `generation`, so a
 * new corridor costs no clearing. The search's inner loop reads both fields directly.
 */
export class Corridor {
  /** Per cell (row-major): the generation of the last corridor that held it. */
  stamps = new Uint32Array(0);
  /** The stamp of the current corridor's cells. */
  generation = 0;

  /** Per cell, the widening that last reached it ({@link widenWork}). */
  private seen = new Uint32Array(0);
  private seenGeneration = 0;
  /** The cells of the widening's flood, and the start of each of its rings. */
  private queue = new Int32Array(0);

  /**
   * True when the way of `field` from corner (sx, sy) (settled there) leaves the current corridor:
   * a corner of it touches no cell of the corridor. As resumable work: the way's walk is a piece,
   * then {@link CORNERS_PER_PIECE} corners a piece.
   */
  *leavesWork(field: GoalDistanceField, sx: number, sy: number): BuildWork<boolean> {
    const corners = field.pathFrom(sx, sy);
    if (corners === null) return false;
    yield unitsFor(corners.length, PATH_POINTS_PER_UNIT);
    const { width, height } = field.grid;
    const { stamps, generation } = this;
    // The goal point (the last) lies in a cell the corridor holds.
    for (let i = 0; i + 1 < corners.length; i++) {
      if (i % CORNERS_PER_PIECE === 0) yield unitsFor(Math.min(CORNERS_PER_PIECE, corners.length - 1 - i), CORNERS_CHECKED_PER_UNIT);
      const { x, y } = corners[i]!;
      let inside = false;
      for (let cy = Math.max(0, y - 1); cy <= Math.min(height - 1, y) && !inside; cy++) {
        for (let cx = Math.max(0, x - 1); cx <= Math.min(width - 1, x); cx++) if (stamps[cy * width + cx] === generation) inside = true;
      }
      if (!inside) return true;
    }
    return false;
  }

  /** True when the most recent {@link widenWork}'s flood reached cell `cell` (y · width + x). */
  reached(cell: number): boolean {
    return this.seen[cell] === this.seenGeneration;
  }

  /** Room for `cells` cells, none in the corridor. */
  allocate(cells: number): void {
    this.stamps = new Uint32Array(cells);
    this.seen = new Uint32Array(cells);
    this.queue = new Int32Array(cells);
    this.seenGeneration = 0;
  }

  /**
   * Widens the current corridor around `seeds` (cells, y · width + x; repeats allowed), as
   * resumable work: every cell that a flood over the free cells of `free` (cells sharing an edge or
   * a corner) reaches from a seed within the corridor's half-width (the turning radius + 3) joins it. The planner seeds it with
   * the cells of the states whose moves the corridor cut, so it grows only where the search pressed
   * against its edge. Returns the cells that joined. A piece is {@link FLOOD_PIECE} cells of the flood.
   */
  *widenWork(seeds: ArrayLike<number>, count: number, free: Grid, turningRadius: number): BuildWork<number> {
    const reach = Math.ceil(turningRadius + CORRIDOR_TILES);
    if (++this.seenGeneration === 0xffffffff) {
      this.seen.fill(0);
      this.seenGeneration = 1;
    }
    const { seen, queue, stamps } = this;
    const mark = this.seenGeneration;
    const { width, height, cells } = free;
    let tail = 0;
    let joined = 0;
    for (let i = 0; i < count; i++) {
      const cell = seeds[i]!;
      if (seen[cell] === mark) continue;
      seen[cell] = mark;
      queue[tail++] = cell;
      if (stamps[cell] !== this.generation) {
        stamps[cell] = this.generation;
        joined++;
      }
    }
    let head = 0;
    for (let ring = 0; ring < reach && head < tail; ring++) {
      const end = tail;
      for (; head < end; head++) {
        if ((head & (FLOOD_PIECE - 1)) === 0) yield unitsFor(Math.min(FLOOD_PIECE, end - head), FLOODED_PER_UNIT);
        const cell = queue[head]!;
        const x = cell % width;
        const y = (cell / width) | 0;
        for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
          for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
            const n = ny * width + nx;
            if (seen[n] === mark || cells[n] !== 0) continue;
            seen[n] = mark;
            queue[tail++] = n;
            if (stamps[n] !== this.generation) {
              stamps[n] = this.generation;
              joined++;
            }
          }
        }
      }
    }
    return joined;
  }

  /**
   * Marks a new corridor, as resumable work: the tiles within the turning radius + 3 of the
   * any-angle path from `start` (in cell sx, sy) to the goal of `field`, straightened by line of
   * sight on `shrunk` (the grid eroded by the unit's sweep radius, which `field` searches). Returns
   * false, with nothing marked, when the field finds no path. Each line of sight and each row of
   * a segment's band is a piece: a long path's corridor (up to 24,000 cells and a 180-corner
   * string pull on the shared maps, several milliseconds) spreads over steps. With `add`, the band
   * joins the current corridor instead (true when either holds a path): a second way to the
   * goal, on another field's grid.
   */
  *markWork(field: GoalDistanceField, shrunk: Grid, start: Point, sx: number, sy: number, turningRadius: number, add = false): BuildWork<boolean> {
    const corners = field.pathFrom(sx, sy);
    if (corners === null) return false;
    yield unitsFor(corners.length, PATH_POINTS_PER_UNIT);
    const points = yield* pullWork(shrunk, [{ x: start.x, y: start.y }, ...corners]);
    if (!add && ++this.generation === 0xffffffff) {
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

/** Corners of a way checked against the corridor per work unit (four stamp reads each). */
const CORNERS_CHECKED_PER_UNIT = 16;

/** Corners of a way checked per piece. */
const CORNERS_PER_PIECE = 256;

/** Cells of a widening's flood per work unit: each reads its eight neighbours (a byte and a stamp each). */
const FLOODED_PER_UNIT = 2;

/** Cells of a widening's flood per piece (a power of two). */
const FLOOD_PIECE = 64;

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
