/**
 * The grid as the directional search's hit checks read it: padded by blocked cells on every side
 * (more than any move reaches), so that a move near the edge needs no bounds test.
 */
import type { Grid, GridArea } from '../grid/grid.js';
import { MAX_PIECE_UNITS, unitsFor, type BuildWork } from '../search/stepped-build.js';
import type { MoveSet } from './hit-check.js';

/** Cells of the padded bitmaps written per microsecond. */
const PADDED_CELLS_PER_UNIT = 192;

/**
 * The grid padded by `pad` blocked cells on each side, twice: one byte per cell (`bytes`, rows of
 * `width`), and blocked bits with `rowWords` 32-bit words per row (`bits`). `window` is scratch
 * for one expansion's rows of bits. Grows when a move set reaches farther ({@link padFor}); its
 * fields are plain arrays and numbers because the search's inner loop reads them directly.
 */
export class PaddedGrid {
  bytes = new Uint8Array(0);
  bits = new Int32Array(0);
  /** Blocked cells added on each side. */
  pad = 0;
  /** Cells per padded row. */
  width = 0;
  /** 32-bit words per row of `bits`, with one to spare for reads across a word boundary. */
  rowWords = 0;
  /** One word per row of the window of columns -maxExtent .. maxExtent around an expanded cell. */
  window = new Int32Array(0);

  /** The padding (cells on each side) the moves of `set` need: more than any move reaches. */
  static padOf(set: MoveSet): number {
    return Math.max(set.maxExtent, set.rings) + 1;
  }

  /**
   * Makes the bitmaps wide enough for `set`'s moves on `grid`. True when they were reallocated:
   * their contents are then stale until {@link fillWork} runs.
   */
  padFor(grid: Grid, set: MoveSet): boolean {
    const pad = PaddedGrid.padOf(set);
    let grown = false;
    if (pad > this.pad) {
      const { width, height } = grid;
      this.pad = pad;
      this.width = width + 2 * pad;
      this.bytes = new Uint8Array(this.width * (height + 2 * pad));
      this.rowWords = (this.width >> 5) + 2;
      this.bits = new Int32Array(this.rowWords * (height + 2 * pad));
      grown = true;
    }
    if (this.window.length < 2 * set.maxExtent + 1) this.window = new Int32Array(2 * set.maxExtent + 1);
    return grown;
  }

  /** Copies `grid` into both bitmaps, as resumable work. */
  *fillWork(grid: Grid): BuildWork<void> {
    const pw = this.width;
    const rw = this.rowWords;
    const rowsPerPiece = Math.max(1, Math.floor((MAX_PIECE_UNITS * PADDED_CELLS_PER_UNIT) / (pw + rw)));
    const paddedRows = grid.height + 2 * this.pad;
    for (let p0 = 0; p0 < paddedRows; p0 += rowsPerPiece) {
      const p1 = Math.min(paddedRows, p0 + rowsPerPiece);
      yield unitsFor((p1 - p0) * (pw + rw), PADDED_CELLS_PER_UNIT);
      this.fillRows(grid, p0, p1);
    }
  }

  /**
   * Copies the cells of `area` (in grid cells, on the map) into both bitmaps, as resumable work:
   * what a tile edit needs, as the padding never changes.
   */
  *fillAreaWork(grid: Grid, area: GridArea): BuildWork<void> {
    const rowsPerPiece = Math.max(1, Math.floor((MAX_PIECE_UNITS * PADDED_CELLS_PER_UNIT) / area.width));
    const y1 = area.y + area.height;
    for (let y0 = area.y; y0 < y1; y0 += rowsPerPiece) {
      const rows = Math.min(rowsPerPiece, y1 - y0);
      yield unitsFor(rows * area.width, PADDED_CELLS_PER_UNIT);
      this.copyCells(grid, area.x, y0, area.width, rows);
    }
  }

  /** Writes the cells of a box of the grid into both bitmaps (a plain method: loops in generators run slowly). */
  private copyCells(grid: Grid, x0: number, y0: number, width: number, height: number): void {
    const { cells } = grid;
    const pad = this.pad;
    const pw = this.width;
    const rw = this.rowWords;
    for (let y = y0; y < y0 + height; y++) {
      const py = y + pad;
      for (let x = x0; x < x0 + width; x++) {
        const px = x + pad;
        const bit = 1 << (px & 31);
        if (cells[y * grid.width + x] === 1) {
          this.bytes[py * pw + px] = 1;
          this.bits[py * rw + (px >> 5)]! |= bit;
        } else {
          this.bytes[py * pw + px] = 0;
          this.bits[py * rw + (px >> 5)]! &= ~bit;
        }
      }
    }
  }

  /** Writes padded rows p0 .. p1 - 1 of both bitmaps (a plain method: loops in generators run slowly). */
  private fillRows(grid: Grid, p0: number, p1: number): void {
    const { width, height, cells } = grid;
    const pad = this.pad;
    const pw = this.width;
    const rw = this.rowWords;
    this.bytes.fill(1, p0 * pw, p1 * pw);
    this.bits.fill(-1, p0 * rw, p1 * rw);
    for (let py = Math.max(p0, pad); py < Math.min(p1, pad + height); py++) {
      const y = py - pad;
      for (let x = 0; x < width; x++) {
        if (cells[y * width + x] === 1) continue;
        const px = x + pad;
        this.bytes[py * pw + px] = 0;
        this.bits[py * rw + (px >> 5)]! &= ~(1 << (px & 31));
      }
    }
  }
}
