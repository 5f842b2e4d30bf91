/**
 * A second distance field for the directional heuristic, on the grid as the lattice's states see
 * it: a cell is free when the unit's disc at its centre is clear, with the grid's tile costs.
 *
 * The planner's field (distance-field.ts) runs on the grid eroded so that any pose of the unit's
 * centre is kept, and along an edge between two free cells it pays the cheaper one. A lattice
 * state sits at a cell centre, so where a road is one cell wide beside houses (the demo map) the
 * field runs along the road's edge at the road's cost while every lattice path pays the grass
 * beside it: on the demo's slowest tank order the field said 88.6 where the path cost 132.9, and
 * the weighted search closed 9,000 states. This field says what the centres can do (and is
 * Infinity where they cannot get through, where the planner keeps the other field's value); it is
 * an estimate, like the other field's default, not a bound.
 */
import { Grid } from '../grid/grid.js';
import { discHitsBlocked, TOUCH_MARGIN, type WallDistanceMap } from '../curves/footprint.js';
import { MAX_PIECE_UNITS, unitsFor, type BuildWork } from '../search/stepped-build.js';
import { copyCostsWork, GoalDistanceField } from './distance-field.js';
import { RegionLabels } from './regions.js';

/**
 * Cells tested per work unit: most read one wall distance and compare a byte (a few ns); those
 * near walls test a disc (a few cells).
 */
const CELLS_PER_UNIT = 64;

/** Bytes of the grid and field allocated per work unit (the planner measured 3 to 10 KB a microsecond). */
const ALLOCATED_BYTES_PER_UNIT = 4096;

/**
 * The centres' grid of a planner's grid and the field on it, rebuilt in slices whenever the
 * grid's version (blocking or costs) moves: the planner's query opening runs {@link refreshWork}.
 */
export class CentreField {
  /** The grid of the lattice's centres: blocked where the disc at the cell's centre touches a blocked or outside cell. */
  readonly centres: Grid;
  readonly field: GoalDistanceField;
  /**
   * Regions of {@link centres} (cells sharing an edge): the field is finite exactly in the goal's,
   * so a cell elsewhere is never settled (that would run the field dry over the goal's region).
   */
  readonly regions = new RegionLabels();
  /**
   * Some free cell of the planner's eroded grid is blocked in {@link centres}. When none is (a
   * disc narrower than a cell: the steering benchmark's units), this field's values are the
   * planner's field's, and a query need not pay for them twice.
   */
  differs = false;
  /** The source grid's `version` {@link centres} describes, or -1. */
  private version = -1;

  constructor(
    readonly grid: Grid,
    readonly radius: number,
  ) {
    this.centres = new Grid(grid.width, grid.height);
    this.field = new GoalDistanceField(this.centres);
  }

  /**
   * False when no grid can make the field differ from the planner's for a disc of `radius`
   * (tiles): a disc no wider than a cell at a cell's centre touches no other cell, so the centres'
   * grid is the grid itself and no free cell of the eroded grid is blocked in it. A planner then
   * need not allocate the field at all (the steering benchmark's units, w = 0.8).
   */
  static mayDiffer(radius: number): boolean {
    return radius + TOUCH_MARGIN > 0.5;
  }

  /** Work units of allocating a field for `grid` (its grid, and the field's corner memory). */
  static allocationUnits(grid: Grid): number {
    return unitsFor(60 * (grid.width + 1) * (grid.height + 1), ALLOCATED_BYTES_PER_UNIT);
  }

  /** True when the centres' field reaches cell `cell` (y · width + x) from the goal's free cell `goalCell`. */
  reaches(goalCell: number, cell: number): boolean {
    return this.regions.same(goalCell, cell);
  }

  /**
   * The cell to aim the field at for a goal point (px, py) whose own cell's centre the disc cannot
   * take: of the cells the unit's centre can drive to from the goal's cell without leaving the
   * square of `ring` cells around it (free cells of `shrunk`, the planner's eroded grid, sharing an
   * edge), the free cell of {@link centres} whose centre is nearest the point (the first in row
   * order on a tie), as y · width + x; -1 when there is none. A centre across a wall is not taken:
   * the lattice could not end its path there. Reads at most (2 · ring + 1)² cells.
   */
  approachCell(px: number, py: number, ring: number, shrunk: Grid): number {
    const { width, height, cells } = this.centres;
    const cx = Math.min(width - 1, Math.floor(px));
    const cy = Math.min(height - 1, Math.floor(py));
    const x0 = Math.max(0, cx - ring);
    const y0 = Math.max(0, cy - ring);
    const w = Math.min(width - 1, cx + ring) - x0 + 1;
    const h = Math.min(height - 1, cy + ring) - y0 + 1;
    const goal = cy * width + cx;
    if (shrunk.cells[goal] !== 0) return -1;
    // The flood over the window: window cells (local index) in the order they were reached.
    const queue = new Int32Array(w * h);
    const seen = new Uint8Array(w * h);
    queue[0] = (cy - y0) * w + (cx - x0);
    seen[queue[0]] = 1;
    let best = -1;
    let bestD = Infinity;
    for (let head = 0, tail = 1; head < tail; head++) {
      const local = queue[head]!;
      const x = x0 + (local % w);
      const y = y0 + ((local / w) | 0);
      const cell = y * width + x;
      if (cells[cell] === 0) {
        const d = (x + 0.5 - px) ** 2 + (y + 0.5 - py) ** 2;
        if (d < bestD || (d === bestD && cell < best)) {
          bestD = d;
          best = cell;
        }
      }
      for (let k = 0; k < 4; k++) {
        const nx = x + (k === 0 ? 1 : k === 1 ? -1 : 0);
        const ny = y + (k === 2 ? 1 : k === 3 ? -1 : 0);
        if (nx < x0 || ny < y0 || nx >= x0 + w || ny >= y0 + h) continue;
        const n = (ny - y0) * w + (nx - x0);
        if (seen[n] === 1 || shrunk.cells[ny * width + nx] !== 0) continue;
        seen[n] = 1;
        queue[tail++] = n;
      }
    }
    return best;
  }

  /** True when {@link centres} describes the grid as it is now. */
  fresh(): boolean {
    return this.version === this.grid.version;
  }

  /**
   * Brings {@link centres} (blocking and costs) and the field's move table up to date, as
   * resumable work, in bands of rows: a band whose cells are unchanged is not written (a write
   * moves the centres' version and starts the field over). `walls` must describe the grid, and
   * `shrunk` be the planner's eroded grid of it (for {@link differs}).
   */
  *refreshWork(walls: WallDistanceMap, shrunk: Grid): BuildWork<void> {
    const { grid, centres, radius } = this;
    const { width, height } = grid;
    const version = grid.version;
    this.version = -1;
    // A disc of `radius` at a centre touches cells within this Chebyshev distance only.
    const reach = Math.ceil(radius + 0.5);
    const bandRows = Math.max(1, Math.floor((MAX_PIECE_UNITS * CELLS_PER_UNIT) / Math.max(1, width)));
    const band = new Uint8Array(width * bandRows);
    let differs = false;
    for (let y0 = 0; y0 < height; y0 += bandRows) {
      const rows = Math.min(bandRows, height - y0);
      yield unitsFor(rows * width, CELLS_PER_UNIT);
      let differ = false;
      for (let y = y0; y < y0 + rows; y++) {
        for (let x = 0; x < width; x++) {
          const i = y * width + x;
          const blocked = grid.cells[i] === 1 || (walls.values[i]! <= reach && discHitsBlocked(grid, x + 0.5, y + 0.5, radius));
          band[i - y0 * width] = blocked ? 1 : 0;
          if ((centres.cells[i] === 1) !== blocked) differ = true;
          if (blocked && shrunk.cells[i] === 0) differs = true;
        }
      }
      if (differ) centres.fill(0, y0, width, rows, (x, y) => band[(y - y0) * width + x] === 1);
    }
    yield* copyCostsWork(grid, centres);
    // Regions and the field's move table only where the field will be used (brought up to date
    // from wherever they were when it is again).
    if (differs) {
      yield* this.regions.labelWork(centres);
      yield* this.field.refreshWork();
    }
    this.differs = differs;
    // A change while this ran in slices leaves it stale: the next query refreshes it again.
    if (grid.version === version) this.version = version;
  }
}
