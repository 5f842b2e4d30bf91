import type { Grid } from '../../grid/grid.js';

/** Returned by {@link RowChanges.next} when a row has no change point further on. */
export const NO_NEXT = 0x7fffffff;

/**
 * Where blocked and free cells alternate along each row of cells: for cell row r, the sorted x in
 * [0, width] with `blocked(x - 1, r) !== blocked(x, r)` (outside the map is blocked, so a free
 * cell at either end puts 0 or `width` in the list). Anya reads from it, by binary search, the free
 * run that holds a cell and the corner points of a row line (the change points of the cell rows on
 * either side of it), so a cone across a wide room costs no more than one across a corridor.
 *
 * One Int32 per change point and one per row; rebuilt by {@link refresh} when the grid's version
 * has moved. Rows -1 and `height` (outside the map) exist and have no change points.
 */
export class RowChanges {
  /**
   * The cells with a border of blocked cells around them, so that {@link blocked} needs no bounds
   * test: cell (x, r) for x in -1..width and r in -1..height is at `(r + 1) * (width + 2) + x + 1`.
   */
  readonly padded: Uint8Array;
  /** Row length of {@link padded}. */
  readonly stride: number;
  /** Change points of every row, row after row. */
  private xs = new Int32Array(0);
  /** Row r's change points are `xs[starts[r + 1]]` up to `xs[starts[r + 2]]` (exclusive). */
  private starts: Int32Array;
  /**
   * For the free run whose right end is `xs[i]`: how many rows below (`below[i]`) and above
   * (`above[i]`) in a row have exactly the same free run. A cone that fills such a corridor from
   * wall to wall crosses all of those rows unchanged, so Anya skips them in one step.
   */
  private below = new Uint16Array(0);
  private above = new Uint16Array(0);
  private builtVersion = -1;

  constructor(private readonly grid: Grid) {
    this.starts = new Int32Array(grid.height + 3);
    this.stride = grid.width + 2;
    this.padded = new Uint8Array(this.stride * (grid.height + 2)).fill(1);
  }

  /** True when cell (x, r) is blocked or outside the map; x in -1..width, r in -1..height. */
  blocked(x: number, r: number): boolean {
    return this.padded[(r + 1) * this.stride + x + 1] === 1;
  }

  /** Rebuilds the table if the grid changed since the last build. */
  refresh(): void {
    const g = this.grid;
    if (this.builtVersion === g.version) return;
    this.builtVersion = g.version;
    const { width, height, cells } = g;
    for (let r = 0; r < height; r++) this.padded.set(cells.subarray(r * width, (r + 1) * width), (r + 1) * this.stride + 1);
    let total = 0;
    for (let r = 0; r < height; r++) {
      let prev = 1;
      for (let x = 0, i = r * width; x <= width; x++, i++) {
        const cur = x < width ? cells[i]! : 1;
        if (cur !== prev) total++;
        prev = cur;
      }
    }
    if (this.xs.length < total) this.xs = new Int32Array(total);
    const xs = this.xs;
    const starts = this.starts;
    let n = 0;
    starts[0] = 0;
    starts[1] = 0;
    for (let r = 0; r < height; r++) {
      let prev = 1;
      for (let x = 0, i = r * width; x <= width; x++, i++) {
        const cur = x < width ? cells[i]! : 1;
        if (cur !== prev) xs[n++] = x;
        prev = cur;
      }
      starts[r + 2] = n;
    }
    starts[height + 2] = n;
    if (this.below.length < total) {
      this.below = new Uint16Array(total);
      this.above = new Uint16Array(total);
    }
    for (let r = height - 1; r >= 0; r--) this.linkRuns(r, r + 1, this.below);
    for (let r = 0; r < height; r++) this.linkRuns(r, r - 1, this.above);
  }

  /** Sets `same[i]` for the free runs of row r: one more than for the same run of row `next`, else 0. */
  private linkRuns(r: number, next: number, same: Uint16Array): void {
    const xs = this.xs;
    const end = this.starts[r + 2]!;
    const nextStart = next >= 0 && next < this.grid.height ? this.starts[next + 1]! : 0;
    for (let i = this.starts[r + 1]! + 1; i < end; i += 2) {
      same[i] = 0;
      if (next < 0 || next >= this.grid.height) continue;
      const j = this.upperBound(next, xs[i - 1]!);
      // Free runs start at an even offset of their row (the first change is blocked to free).
      if (j - 1 >= nextStart && (j - 1 - nextStart) % 2 === 0 && xs[j - 1] === xs[i - 1] && j < this.rowEnd(next) && xs[j] === xs[i]) {
        same[i] = same[j]! + 1;
      }
    }
  }

  /** How many rows below (dir > 0) or above have the same free run as the one ending at `xs[i]`. */
  sameRows(i: number, dir: number): number {
    return dir > 0 ? this.below[i]! : this.above[i]!;
  }

  /** Index in the table of the first change point of row r greater than x (row r's end if none). */
  upperBound(r: number, x: number): number {
    if (r < 0 || r >= this.grid.height) return 0;
    let lo = this.starts[r + 1]!;
    let hi = this.starts[r + 2]!;
    const xs = this.xs;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (xs[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Index just past row r's last change point. */
  rowEnd(r: number): number {
    return r < 0 || r >= this.grid.height ? 0 : this.starts[r + 2]!;
  }

  /** The change point at a table index from {@link upperBound}. */
  at(index: number): number {
    return this.xs[index]!;
  }

  /** Left end (a column line) of the free run of row r that holds free cell c. */
  runStart(r: number, c: number): number {
    return this.xs[this.upperBound(r, c) - 1]!;
  }

  /** Right end (a column line) of the free run of row r that holds free cell c. */
  runEnd(r: number, c: number): number {
    return this.xs[this.upperBound(r, c)]!;
  }

  /** The first change point of row r strictly right of x (any real x), or {@link NO_NEXT}. */
  next(r: number, x: number): number {
    const i = this.upperBound(r, Math.floor(x));
    return i < this.rowEnd(r) ? this.xs[i]! : NO_NEXT;
  }

  /** The last change point of row r strictly left of x (any real x), or -1. */
  previous(r: number, x: number): number {
    if (r < 0 || r >= this.grid.height) return -1;
    const i = this.upperBound(r, Math.ceil(x) - 1) - 1;
    return i >= this.starts[r + 1]! ? this.xs[i]! : -1;
  }
}
