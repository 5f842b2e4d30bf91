import type { Grid } from '../../grid/grid.js';

/** Returned by {@link RowChanges.next} when a row has no change point further on. */
export const NO_NEXT = 0x7fffffff;

/** Bits of a {@link RowChanges.quad} entry: which of the four cells around a corner are blocked. */
export const NW = 1;
export const NE = 2;
export const SW = 4;
export const SE = 8;

/**
 * Where blocked and free cells alternate along each row of cells: for cell row r, the sorted x in
 * [0, width] with `blocked(x - 1, r) !== blocked(x, r)` (outside the map is blocked, so a free
 * cell at either end puts 0 or `width` in the list). Anya reads from it the free run that holds a
 * cell and the corner points of a row line (the change points of the cell rows on either side of
 * it), so a cone across a wide room costs no more than one across a corridor.
 *
 * Finding where x falls among a row's change points is O(1): a bit per column line marks the change
 * points, and a count per 32 columns says how many come before, so the position is that count plus
 * the bits set below x in one word (a binary search over a ragged row cost a fifth of Anya's time).
 *
 * One Int32 per change point, two per 32 cells and a byte per corner; rebuilt by {@link refresh}
 * when the grid's version has moved. Rows -1 and `height` (outside the map) exist and have no
 * change points.
 */
export class RowChanges {
  /**
   * Per corner (x, y) for x in -1..width and y in -1..height, at `(y + 1) * stride + x + 1`: which
   * of its four cells are blocked ({@link NW}, {@link NE}, {@link SW}, {@link SE}; outside the map
   * is blocked). One load answers both "is cell (x, y) blocked" (its SE bit) and what kind of
   * corner an interval endpoint is, which Anya asks of nearly every node.
   */
  readonly quad: Uint8Array;
  /** Row length of {@link quad}. */
  readonly stride: number;
  // The tables below are public for Anya's inner loop, which reads them directly; only `refresh`
  // writes them, and it may replace xs, below and above.
  /** Change points of every row, row after row. */
  xs = new Int32Array(0);
  /** Row r's change points are `xs[starts[r + 1]]` up to `xs[starts[r + 2]]` (exclusive). */
  readonly starts: Int32Array;
  /** Words of {@link bits} and {@link before} per row: column lines 0..width, 32 to a word. */
  readonly words: number;
  /** Bit x & 31 of word `r * words + (x >> 5)` is set when x is a change point of row r. */
  readonly bits: Int32Array;
  /** Index in {@link xs} of row r's first change point at or after column line 32·w, for word w. */
  readonly before: Int32Array;
  /**
   * For the free run whose right end is `xs[i]`: how many rows below (`below[i]`) and above
   * (`above[i]`) in a row have exactly the same free run. A cone that fills such a corridor from
   * wall to wall crosses all of those rows unchanged, so Anya skips them in one step.
   */
  below = new Uint16Array(0);
  above = new Uint16Array(0);
  private builtVersion = -1;
  private readonly width: number;
  private readonly height: number;
  /** Bounding box of the cells changed since the last refresh (empty when x0 > x1). */
  private dirtyX0 = 0;
  private dirtyY0 = 0;
  private dirtyX1 = -1;
  private dirtyY1 = -1;
  /** Scratch for one row's new change points. */
  private rowScratch: Int32Array;

  constructor(private readonly grid: Grid) {
    this.width = grid.width;
    this.height = grid.height;
    this.starts = new Int32Array(grid.height + 3);
    this.stride = grid.width + 2;
    this.quad = new Uint8Array(this.stride * (grid.height + 2));
    this.words = (grid.width >> 5) + 1;
    this.bits = new Int32Array(this.words * grid.height);
    this.before = new Int32Array(this.words * grid.height);
    this.rowScratch = new Int32Array(grid.width + 2);
    grid.watch((area) => {
      if (this.dirtyX0 > this.dirtyX1) {
        this.dirtyX0 = area.x;
        this.dirtyY0 = area.y;
        this.dirtyX1 = area.x + area.width - 1;
        this.dirtyY1 = area.y + area.height - 1;
        return;
      }
      this.dirtyX0 = Math.min(this.dirtyX0, area.x);
      this.dirtyY0 = Math.min(this.dirtyY0, area.y);
      this.dirtyX1 = Math.max(this.dirtyX1, area.x + area.width - 1);
      this.dirtyY1 = Math.max(this.dirtyY1, area.y + area.height - 1);
    });
  }

  /** True when cell (x, r) is blocked or outside the map; x in -1..width, r in -1..height. */
  blocked(x: number, r: number): boolean {
    return (this.quad[(r + 1) * this.stride + x + 1]! & SE) !== 0;
  }

  /**
   * Brings the table up to date with the grid: the rows and corners around the cells changed
   * since the last refresh are rewritten and the rows after them shifted, which costs about the
   * changed rows' width plus a copy of the change points (a whole rebuild took 5 ms on a 512 x 512
   * map and 15 ms on 768 x 768, a frame's hitch after every tile edit).
   */
  refresh(): void {
    const g = this.grid;
    if (this.builtVersion === g.version) return;
    const local = this.builtVersion >= 0 && this.dirtyX0 <= this.dirtyX1;
    this.builtVersion = g.version;
    if (local && (this.dirtyY1 - this.dirtyY0 + 1) * this.width <= REBUILD_SHARE * this.width * this.height) this.update();
    else this.rebuild();
    this.dirtyX0 = 0;
    this.dirtyY0 = 0;
    this.dirtyX1 = -1;
    this.dirtyY1 = -1;
  }

  /** The whole table from the grid's cells. */
  private rebuild(): void {
    const { width, height, cells } = this.grid;
    this.fillQuads(0, 0, width, height);
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
    const { words, bits, before } = this;
    bits.fill(0);
    for (let r = 0; r < height; r++) {
      let prev = 1;
      for (let x = 0, i = r * width; x <= width; x++, i++) {
        if ((x & 31) === 0) before[r * words + (x >> 5)] = n;
        const cur = x < width ? cells[i]! : 1;
        if (cur !== prev) {
          xs[n++] = x;
          const k = r * words + (x >> 5);
          bits[k] = bits[k]! | (1 << (x & 31));
        }
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

  /**
   * Rewrites the rows and corners of the changed box: each changed row's change points go into
   * place (the later rows' moved along when the count changed), then the same-run counts are
   * redone from the box outward until a row's counts come out as they were.
   */
  private update(): void {
    const { width, height, cells } = this.grid;
    const y0 = Math.max(0, this.dirtyY0);
    const y1 = Math.min(height - 1, this.dirtyY1);
    this.fillQuads(Math.max(0, this.dirtyX0), y0, Math.min(width, this.dirtyX1 + 1), y1 + 1);
    const { starts, words, bits, before } = this;
    const scratch = this.rowScratch;
    for (let r = y0; r <= y1; r++) {
      let count = 0;
      let prev = 1;
      for (let x = 0, i = r * width; x <= width; x++, i++) {
        const cur = x < width ? cells[i]! : 1;
        if (cur !== prev) scratch[count++] = x;
        prev = cur;
      }
      const from = starts[r + 1]!;
      const oldEnd = starts[r + 2]!;
      const delta = count - (oldEnd - from);
      if (delta !== 0) {
        const total = starts[height + 2]!;
        this.ensureCapacity(total + delta);
        this.xs.copyWithin(oldEnd + delta, oldEnd, total);
        this.below.copyWithin(oldEnd + delta, oldEnd, total);
        this.above.copyWithin(oldEnd + delta, oldEnd, total);
        for (let k = r + 2; k <= height + 2; k++) starts[k] = starts[k]! + delta;
        for (let k = (r + 1) * words; k < height * words; k++) before[k] = before[k]! + delta;
      }
      const xs = this.xs;
      const w0 = r * words;
      bits.fill(0, w0, w0 + words);
      for (let c = 0; c < count; c++) {
        const x = scratch[c]!;
        xs[from + c] = x;
        bits[w0 + (x >> 5)] = bits[w0 + (x >> 5)]! | (1 << (x & 31));
      }
      // before[w]: index of the first change point at or after column line 32·w.
      for (let w = 0, c = 0; w < words; w++) {
        while (c < count && scratch[c]! < w * 32) c++;
        before[w0 + w] = from + c;
      }
    }
    for (let r = y1; r >= 0; r--) if (!this.relink(r, r + 1, this.below) && r < y0) break;
    for (let r = y0; r < height; r++) if (!this.relink(r, r - 1, this.above) && r > y1) break;
  }

  /** {@link linkRuns} for row r; true when a count changed. */
  private relink(r: number, next: number, same: Uint16Array): boolean {
    const from = this.starts[r + 1]!;
    const end = this.starts[r + 2]!;
    let changed = false;
    for (let i = from + 1; i < end; i += 2) {
      const old = same[i]!;
      this.linkRun(i, next, same);
      if (same[i] !== old) changed = true;
    }
    return changed;
  }

  /** Grows the change-point arrays to hold `total` entries, keeping what they hold. */
  private ensureCapacity(total: number): void {
    if (this.xs.length >= total) return;
    const size = Math.max(total, Math.ceil(this.xs.length * 1.5));
    const xs = new Int32Array(size);
    xs.set(this.xs);
    const below = new Uint16Array(size);
    below.set(this.below);
    const above = new Uint16Array(size);
    above.set(this.above);
    this.xs = xs;
    this.below = below;
    this.above = above;
  }

  /** Writes {@link quad} for the corners of the cells in [cx0, cx1) x [cy0, cy1) from the grid's cells. */
  private fillQuads(cx0: number, cy0: number, cx1: number, cy1: number): void {
    const { width, height, cells } = this.grid;
    const quad = this.quad;
    const stride = this.stride;
    // Corners on line -1 have all four cells outside the map.
    quad.fill(NW | NE | SW | SE, 0, stride);
    for (let y = cy0; y <= cy1; y++) {
      const o = (y + 1) * stride + 1;
      quad[o - 1] = NW | NE | SW | SE;
      for (let x = cx0; x <= cx1; x++) {
        quad[o + x] =
          cellBlocked(cells, width, height, x - 1, y - 1) * NW +
          cellBlocked(cells, width, height, x, y - 1) * NE +
          cellBlocked(cells, width, height, x - 1, y) * SW +
          cellBlocked(cells, width, height, x, y) * SE;
      }
    }
  }

  /** Sets `same[i]` for the free runs of row r: one more than for the same run of row `next`, else 0. */
  private linkRuns(r: number, next: number, same: Uint16Array): void {
    const end = this.starts[r + 2]!;
    for (let i = this.starts[r + 1]! + 1; i < end; i += 2) this.linkRun(i, next, same);
  }

  /** Sets `same[i]` for the free run ending at `xs[i]`, from row `next`. */
  private linkRun(i: number, next: number, same: Uint16Array): void {
    const xs = this.xs;
    same[i] = 0;
    if (next < 0 || next >= this.grid.height) return;
    const nextStart = this.starts[next + 1]!;
    const j = this.upperBound(next, xs[i - 1]!);
    // Free runs start at an even offset of their row (the first change is blocked to free).
    if (j - 1 >= nextStart && (j - 1 - nextStart) % 2 === 0 && xs[j - 1] === xs[i - 1] && j < this.rowEnd(next) && xs[j] === xs[i]) {
      same[i] = same[j]! + 1;
    }
  }

  /** How many rows below (dir > 0) or above have the same free run as the one ending at `xs[i]`. */
  sameRows(i: number, dir: number): number {
    return dir > 0 ? this.below[i]! : this.above[i]!;
  }

  /** Index in the table of the first change point of row r greater than x (row r's end if none). */
  upperBound(r: number, x: number): number {
    if (r < 0 || r >= this.height) return 0;
    if (x < 0) return this.starts[r + 1]!;
    if (x >= this.width) return this.starts[r + 2]!;
    const w = r * this.words + (x >> 5);
    // (2 << b) - 1 keeps bits 0..b; for b = 31 the shift wraps to 0 and the mask is all ones.
    return this.before[w]! + bitCount(this.bits[w]! & ((2 << (x & 31)) - 1));
  }

  /** Index of row r's first change point (where its list would start, if empty). */
  rowStart(r: number): number {
    return r < 0 || r >= this.height ? 0 : this.starts[r + 1]!;
  }

  /** Index just past row r's last change point. */
  rowEnd(r: number): number {
    return r < 0 || r >= this.height ? 0 : this.starts[r + 2]!;
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
    if (r < 0 || r >= this.height) return -1;
    const i = this.upperBound(r, Math.ceil(x) - 1) - 1;
    return i >= this.starts[r + 1]! ? this.xs[i]! : -1;
  }
}

/**
 * Share of the map's cells the rows of a change may cover before the table is rebuilt whole
 * instead of row by row (shifting the later rows would cost about as much).
 */
const REBUILD_SHARE = 1 / 8;

/** 1 when cell (x, y) is blocked or outside the map, else 0. */
function cellBlocked(cells: Uint8Array, width: number, height: number, x: number, y: number): number {
  return x < 0 || y < 0 || x >= width || y >= height || cells[y * width + x] === 1 ? 1 : 0;
}

/** The number of bits set in a 32-bit integer (SWAR, no loop). */
function bitCount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

const shared = new WeakMap<Grid, RowChanges>();

/**
 * The one {@link RowChanges} table of a grid, shared by every Anya planner on it: one watcher per
 * grid however many planners a game makes.
 */
export function rowChangesOf(grid: Grid): RowChanges {
  let table = shared.get(grid);
  if (!table) {
    table = new RowChanges(grid);
    shared.set(grid, table);
  }
  return table;
}
