import type { Grid, GridArea } from '../grid/grid.js';
import { cornerSight } from '../grid/line-of-sight.js';
import { MAX_PIECE_UNITS, runBuild, unitsFor, type BuildWork } from '../search/stepped-build.js';

/**
 * Free-run tables of a grid: for every cell, how many free cells start there going right along
 * its row, and going down its column. With them, line of sight between two corners costs one
 * lookup per row (or column) along the segment's minor axis instead of one step per cell along
 * its major axis. Theta*'s checks are long and frequent, and this is their hot path.
 *
 * The tables follow the grid: a change marks its rows and columns, which are rebuilt on the next
 * query. Use {@link freeRunsOf} to share one table per grid.
 */
export class FreeRuns {
  /** Row-major: free cells from (x, y) rightwards, 0 when (x, y) is blocked. */
  private readonly right: Uint16Array;
  /** Column-major (index x * height + y): free cells from (x, y) downwards. */
  private readonly down: Uint16Array;
  /**
   * Summed-area table, (width + 1) columns: blocked cells in [0, x) x [0, y) at y * (width + 1) + x.
   * Rebuilt whole after a change, since one cell shifts every sum below and right of it.
   */
  private readonly blockedBefore: Int32Array;
  /** Rows and columns whose runs are stale (empty ranges when none). */
  private rowLo: number;
  private rowHi: number;
  private columnLo: number;
  private columnHi: number;
  /**
   * The pass under way, shared by every refresh (a sliced one paused, a query's own): its rows and
   * columns, its stage (0 runs of rows, 1 runs of columns, 2 sums, -1 when no pass is under way)
   * and the first row or column of the stage not yet done. Rows and columns marked while it runs
   * are also kept apart ({@link lateRowLo} ...): they are all the next pass redoes, so an edit
   * every frame never sends a long pass back to its start.
   */
  private pass = { stage: -1, at: 0, rowLo: 0, rowHi: -1, columnLo: 0, columnHi: -1 };
  private lateRowLo = Infinity;
  private lateRowHi = -Infinity;
  private lateColumnLo = Infinity;
  private lateColumnHi = -Infinity;

  constructor(readonly grid: Grid) {
    // MAX_GRID_SIDE (16384) fits a Uint16.
    this.right = new Uint16Array(grid.width * grid.height);
    this.down = new Uint16Array(grid.width * grid.height);
    this.blockedBefore = new Int32Array((grid.width + 1) * (grid.height + 1));
    this.rowLo = 0;
    this.rowHi = grid.height - 1;
    this.columnLo = 0;
    this.columnHi = grid.width - 1;
    grid.watchLayout((area) => this.mark(area));
  }

  /**
   * Exact line of sight between corner points (integer coordinates inside the map), the same
   * answer as {@link cornerLineOfSight}: no blocked cell entered, no double corner passed.
   */
  sight(x0: number, y0: number, x1: number, y1: number): boolean {
    if (!this.fresh) this.refresh();
    const dx = x1 - x0;
    const dy = y1 - y0;
    const { width, height } = this.grid;
    if (dx === 0 || dy === 0) {
      // Along a grid line: when the cells on one side are one free run, every edge has a free cell
      // and no vertex passed can be a double corner. Otherwise the edge-by-edge walk decides.
      if (dy === 0 && dx !== 0) {
        const from = Math.min(x0, x1);
        if (this.freeRun(this.right, width, y0 - 1, height, from, Math.abs(dx)) || this.freeRun(this.right, width, y0, height, from, Math.abs(dx))) return true;
      } else if (dx === 0 && dy !== 0) {
        const from = Math.min(y0, y1);
        if (this.freeRun(this.down, height, x0 - 1, width, from, Math.abs(dy)) || this.freeRun(this.down, height, x0, width, from, Math.abs(dy))) return true;
      }
      return cornerSight(this.grid, x0, y0, x1, y1);
    }
    // A segment between corners touches only the cells of its bounding box: when none is blocked
    // it enters no blocked cell and passes no double corner. Four lookups instead of one per
    // strip, worth it once the segment crosses a few strips.
    if (Math.abs(dx) > BOX_TEST_SPAN && Math.abs(dy) > BOX_TEST_SPAN && this.boxIsFree(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1))) return true;
    if (Math.abs(dx) >= Math.abs(dy)) {
      return dy > 0 ? this.acrossStrips(this.right, width, x0, y0, dx, dy) : this.acrossStrips(this.right, width, x1, y1, -dx, -dy);
    }
    return dx > 0 ? this.acrossStrips(this.down, height, y0, x0, dy, dx) : this.acrossStrips(this.down, height, y1, x1, -dy, -dx);
  }

  /**
   * A segment crossing `db` > 0 strips (rows of `right`, or columns of `down`) from (a0, b0), moving
   * `da` along the strips: in each strip, the cells between its entry and exit must be one free
   * run of `runs` (indexed strip * `stride` + cell). Its coordinate along the strips at strip line
   * b0 + k is a0 + k·da/db, kept exactly as quotient q and remainder r of (a0·db + k·da) / db;
   * where r is 0 strictly inside the segment, it passes a vertex that must not be a double corner.
   */
  private acrossStrips(runs: Uint16Array, stride: number, a0: number, b0: number, da: number, db: number): boolean {
    return da > 0 ? this.forward(runs, stride, a0, b0, da, db) : this.backward(runs, stride, a0, b0, -da, db);
  }

  /**
   * {@link acrossStrips} for da > 0: in each strip, cells from the entry column to the exit
   * column (exclusive when the exit is on a column line); a vertex passed is a double corner when
   * the cell after it in this strip and the one before it in the next are blocked.
   */
  private forward(runs: Uint16Array, stride: number, a0: number, b0: number, da: number, db: number): boolean {
    const stepQ = Math.floor(da / db);
    const stepR = da - stepQ * db;
    let q = a0;
    let r = 0;
    for (let row = b0 * stride, last = (b0 + db - 1) * stride; ; row += stride) {
      // `carry` is -1 when the remainder reaches db, else 0. No branch: whether it carries follows
      // the slope's digits, which a branch predictor cannot learn (Theta* 1.02x to 1.05x faster).
      const nextR0 = r + stepR;
      const carry = (db - 1 - nextR0) >> 31;
      const nextR = nextR0 - (db & carry);
      const nextQ = q + stepQ - carry;
      // Cells q to nextQ - 1, and nextQ too unless the exit is on its column line.
      if (runs[row + q]! < nextQ - q + (-nextR >>> 31)) return false;
      if (row === last) return true;
      if (nextR === 0 && runs[row + nextQ]! === 0 && runs[row + stride + nextQ - 1]! === 0) return false;
      q = nextQ;
      r = nextR;
    }
  }

  /**
   * {@link acrossStrips} mirrored, for a segment moving `da` > 0 towards lower cells: in each
   * strip the cells from the exit column to the entry column; a vertex passed is a double corner
   * when the cell before it in this strip and the one after it in the next are blocked.
   */
  private backward(runs: Uint16Array, stride: number, a0: number, b0: number, da: number, db: number): boolean {
    const stepQ = Math.floor(da / db);
    const stepR = da - stepQ * db;
    // The coordinate at strip line k is q - r / db, with 0 <= r < db.
    let q = a0;
    let r = 0;
    for (let row = b0 * stride, last = (b0 + db - 1) * stride; ; row += stride) {
      const nextR0 = r + stepR;
      const carry = (db - 1 - nextR0) >> 31;
      const nextR = nextR0 - (db & carry);
      const nextQ = q - stepQ + carry;
      // Cells from floor of the exit to ceil of the entry, exclusive.
      const first = nextQ - (-nextR >>> 31);
      if (runs[row + first]! < q - first) return false;
      if (row === last) return true;
      if (nextR === 0 && runs[row + nextQ - 1]! === 0 && runs[row + stride + nextQ]! === 0) return false;
      q = nextQ;
      r = nextR;
    }
  }

  /** True when no cell of [x0, x1) x [y0, y1) is blocked (the box lies inside the map). */
  private boxIsFree(x0: number, y0: number, x1: number, y1: number): boolean {
    const s = this.grid.width + 1;
    const t = this.blockedBefore;
    return t[y1 * s + x1]! - t[y0 * s + x1]! - t[y1 * s + x0]! + t[y0 * s + x0]! === 0;
  }

  /** True when strip `strip` (of `strips`; outside is blocked) has `length` free cells from `from`. */
  private freeRun(runs: Uint16Array, stride: number, strip: number, strips: number, from: number, length: number): boolean {
    return strip >= 0 && strip < strips && runs[strip * stride + from]! >= length;
  }

  private mark(area: GridArea): void {
    this.lateRowLo = Math.min(this.lateRowLo, area.y);
    this.lateRowHi = Math.max(this.lateRowHi, area.y + area.height - 1);
    this.lateColumnLo = Math.min(this.lateColumnLo, area.x);
    this.lateColumnHi = Math.max(this.lateColumnHi, area.x + area.width - 1);
    this.rowLo = Math.min(this.rowLo, area.y);
    this.rowHi = Math.max(this.rowHi, area.y + area.height - 1);
    this.columnLo = Math.min(this.columnLo, area.x);
    this.columnHi = Math.max(this.columnHi, area.x + area.width - 1);
  }

  /** True when the tables are up to date with the grid. */
  get fresh(): boolean {
    return this.rowLo > this.rowHi && this.columnLo > this.columnHi;
  }

  private refresh(): void {
    runBuild(this.refreshWork());
  }

  /**
   * Brings the tables up to date as resumable work (see `SteppedBuild`), a few rows or columns a
   * piece, so a frame budget can spread a first build over frames. The stale marks stay until
   * the pass ends (a query while it is paused finishes it itself); a change while it is paused is
   * redone by a next pass, over the rows and columns it marked alone. It ends once the grid as it
   * was when it began is in the tables (a pass under way, then one more at most): edits that keep
   * coming are left to the next refresh or query, so with an edit a frame it still ends.
   */
  *refreshWork(): BuildWork<void> {
    const { width: w, height: h } = this.grid;
    const perPiece = MAX_PIECE_UNITS * RUN_CELLS_PER_UNIT;
    const rows = Math.max(1, Math.floor(perPiece / w));
    const columns = Math.max(1, Math.floor(perPiece / h));
    const pass = this.pass;
    let begun = 0;
    while (!this.fresh) {
      if (pass.stage < 0) {
        if (begun++ === PASSES_PER_REFRESH) return;
        pass.rowLo = this.rowLo;
        pass.rowHi = this.rowHi;
        pass.columnLo = this.columnLo;
        pass.columnHi = this.columnHi;
        pass.stage = 0;
        pass.at = pass.rowLo;
        this.lateRowLo = this.lateColumnLo = Infinity;
        this.lateRowHi = this.lateColumnHi = -Infinity;
      }
      const { stage, at } = pass;
      // The piece at the pass's cursor; a stage with nothing left moves the pass on.
      const end = stage === 0 ? pass.rowHi : stage === 1 ? pass.columnHi : h - 1;
      if (at > end) {
        if (stage === 0) {
          pass.stage = 1;
          pass.at = pass.columnLo;
        } else if (stage === 1 && pass.rowLo <= pass.rowHi) {
          // The sums above the first stale row are untouched by it.
          pass.stage = 2;
          pass.at = pass.rowLo;
        } else this.endPass();
        continue;
      }
      const b = Math.min(end, at + (stage === 1 ? columns : rows) - 1);
      yield unitsFor((b - at + 1) * (stage === 1 ? h : w), RUN_CELLS_PER_UNIT);
      // Another refresh moved the pass on meanwhile: take stock again.
      if (pass.stage !== stage || pass.at !== at) continue;
      if (stage === 0) this.rowRuns(at, b);
      else if (stage === 1) this.columnRuns(at, b);
      else this.sumRows(at, b + 1);
      pass.at = b + 1;
    }
  }

  /** Ends the pass: what is still stale is what was marked while it ran. */
  private endPass(): void {
    this.pass.stage = -1;
    this.rowLo = this.lateRowLo;
    this.rowHi = this.lateRowHi;
    this.columnLo = this.lateColumnLo;
    this.columnHi = this.lateColumnHi;
  }

  // The passes are plain methods, not generator code: the engine optimises a hot loop inside a
  // generator poorly (a generator's body is not compiled again while it runs).

  /** The rightward runs of rows ya .. yb. */
  private rowRuns(ya: number, yb: number): void {
    const { width: w, cells } = this.grid;
    for (let y = ya; y <= yb; y++) {
      let run = 0;
      for (let x = w - 1, i = y * w + x; x >= 0; x--, i--) {
        run = cells[i] === 1 ? 0 : run + 1;
        this.right[i] = run;
      }
    }
  }

  /** The downward runs of columns xa .. xb. */
  private columnRuns(xa: number, xb: number): void {
    const { width: w, height: h, cells } = this.grid;
    for (let x = xa; x <= xb; x++) {
      let run = 0;
      for (let y = h - 1; y >= 0; y--) {
        run = cells[y * w + x] === 1 ? 0 : run + 1;
        this.down[x * h + y] = run;
      }
    }
  }

  /** The summed-area table's rows ya + 1 .. yb (each row adds to the one above it). */
  private sumRows(ya: number, yb: number): void {
    const { width: w, cells } = this.grid;
    const s = w + 1;
    const t = this.blockedBefore;
    for (let y = ya; y < yb; y++) {
      let row = 0;
      for (let x = 0; x < w; x++) {
        row += cells[y * w + x]!;
        t[(y + 1) * s + x + 1] = t[y * s + x + 1]! + row;
      }
    }
  }
}

/**
 * Passes a refresh begins at most: one for the marks when it began, one more for those marked
 * while a pass it found under way ran (that pass began before it).
 */
const PASSES_PER_REFRESH = 2;

/** Cells of the run and sum passes that take about a microsecond. */
const RUN_CELLS_PER_UNIT = 32;

/** Segments spanning at most this many rows or columns walk their strips: as cheap as the box test. */
const BOX_TEST_SPAN = 2;

const shared = new WeakMap<Grid, FreeRuns>();

/** The one {@link FreeRuns} table of a grid, shared by every planner on it. */
export function freeRunsOf(grid: Grid): FreeRuns {
  let runs = shared.get(grid);
  if (!runs) {
    runs = new FreeRuns(grid);
    shared.set(grid, runs);
  }
  return runs;
}
