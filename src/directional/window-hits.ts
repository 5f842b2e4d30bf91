/**
 * The hit checks of a whole expansion at once, as bit sets, for both directions: the moves out of
 * a state (the search's and the proof's start side) and the moves into one (the proof's goal
 * side). A move into heading k at cell c touches the cells of its curve, which seen from c are
 * its cells from its start shifted by its offset: a fixed set per move, so the moves into a
 * heading get {@link MoveBits} of their own, read on the same window of the padded grid.
 *
 * Checked move by move, the proof's goal side cost about 14 µs an expansion for a reversing tank
 * (r = 2, Directional-24, 362 moves into a heading) and 156 µs for a ship (r = 4, Directional-48,
 * 767 moves of up to 60 cells each) on the demo map, where it counts a unit an expansion.
 */
import type { PaddedGrid } from './padded-grid.js';
import { moveBitsWork, type MoveBits, type MoveCells } from './move-bits.js';
import type { MoveSet } from './hit-check.js';
import { edgeRows, edgeRowsFit } from './edge-rows.js';
import { MAX_PIECE_UNITS, unitsFor, type BuildWork } from '../search/stepped-build.js';

/** What the proof asks (see reachability.ts): the blocked moves of one expansion as bits. */
export interface ExpansionHits {
  /** 32-bit words of an answer: room for the most moves of any heading. */
  readonly words: number;
  /**
   * Writes to `out` bit j for the j-th move out of heading k (move `first[k] + j` of the move set)
   * that touches a blocked or outside cell made from cell (cx, cy); false, writing nothing, when
   * it cannot answer now (the caller then checks each move).
   */
  blockedFrom(k: number, cx: number, cy: number, out: Int32Array): boolean;
  /**
   * The same for the moves into heading k ending at cell (cx, cy), in the order of `into.moves`
   * from `into.first[k]` (the proof's list of moves by end heading).
   */
  blockedInto(k: number, cx: number, cy: number, out: Int32Array): boolean;
}

/** Moves ordered by end heading, as the proof lists them: move `moves[i]` for i from `first[k]` ends at heading k. */
export interface MovesInto {
  first: Int32Array;
  moves: Int32Array;
}

/** Cells re-based per work unit (a subtraction and a store each). */
const CELLS_PER_UNIT = 64;
/** Cells re-based in one piece of work at most (but for one move larger than that). */
const PIECE_CELLS = MAX_PIECE_UNITS * CELLS_PER_UNIT;

/**
 * The moves into each heading as {@link MoveCells} (cells as offsets from the end cell), as
 * resumable work; null when one reaches farther from its end than the set's extent (the window
 * is the forward moves').
 */
export function* movesIntoCellsWork(set: MoveSet, into: MovesInto): BuildWork<MoveCells | null> {
  const cellFirst = new Int32Array(set.size + 1);
  for (let i = 0; i < set.size; i++) {
    const m = into.moves[i]!;
    cellFirst[i + 1] = cellFirst[i]! + set.cellFirst[m + 1]! - set.cellFirst[m]!;
  }
  const cells = cellFirst[set.size]!;
  const cellX = new Int16Array(cells);
  const cellY = new Int16Array(cells);
  const E = set.maxExtent;
  let n = 0;
  // In pieces of whole moves within a piece's units, so no step of a sliced build overruns.
  for (let i = 0; i < set.size; ) {
    let end = i + 1;
    while (end < set.size && cellFirst[end + 1]! - cellFirst[i]! <= PIECE_CELLS) end++;
    yield unitsFor(cellFirst[end]! - cellFirst[i]!, CELLS_PER_UNIT);
    for (; i < end; i++) {
      const m = into.moves[i]!;
      for (let c = set.cellFirst[m]!; c < set.cellFirst[m + 1]!; c++, n++) {
        cellX[n] = set.cellX[c]! - set.dx[m]!;
        cellY[n] = set.cellY[c]! - set.dy[m]!;
        if (Math.abs(cellX[n]!) > E || Math.abs(cellY[n]!) > E) return null;
      }
    }
  }
  return { maxExtent: E, headings: set.headings, first: into.first, size: set.size, cellFirst, cellX, cellY };
}

/** The bit sets of the moves into each heading, or null when the move set is too wide for them. */
export function* intoBitsWork(set: MoveSet, into: MovesInto): BuildWork<MoveBits | null> {
  const cells = yield* movesIntoCellsWork(set, into);
  return cells === null ? null : yield* moveBitsWork(cells);
}

/**
 * {@link ExpansionHits} on a planner's padded grid, with the bit sets of its moves out of and into
 * each heading once they are given ({@link use}); until then, and while `fresh` says the padded
 * grid is stale, it answers nothing.
 */
export class WindowHits implements ExpansionHits {
  words = 0;
  private from: MoveBits | null = null;
  private into: MoveBits | null = null;
  private window = new Int32Array(0);
  private edge = false;

  constructor(
    private readonly padded: PaddedGrid,
    private readonly fresh: () => boolean,
  ) {}

  /** Takes the bit sets of one move set's moves out of and into each heading (both of one window). */
  use(from: MoveBits, into: MoveBits): void {
    if (from.side !== into.side) throw new RangeError(`the bit sets' windows differ: ${from.side} and ${into.side} columns`);
    this.from = from;
    this.into = into;
    this.words = Math.max(from.words, into.words);
    this.window = new Int32Array(from.side);
    this.edge = edgeRowsFit(from.side);
  }

  blockedFrom(k: number, cx: number, cy: number, out: Int32Array): boolean {
    if (this.from === null || !this.fresh()) return false;
    this.readWindow(cx, cy);
    this.from.blocked(k, this.window, out);
    return true;
  }

  blockedInto(k: number, cx: number, cy: number, out: Int32Array): boolean {
    if (this.into === null || !this.fresh()) return false;
    this.readWindow(cx, cy);
    this.into.blocked(k, this.window, out);
    return true;
  }

  /** The window around cell (cx, cy): its walls' coast cells when the cell is free (every move's cells hold it), else all. */
  private readWindow(cx: number, cy: number): void {
    const padded = this.padded;
    const free = padded.bytes[(cy + padded.pad) * padded.width + cx + padded.pad] === 0;
    readWindow(padded, cx, cy, (this.window.length - 1) / 2, this.edge && free, this.window);
  }
}

/**
 * Writes to `out[0 .. 2E]` the window of columns cx - E .. cx + E and rows cy - E .. cy + E of
 * `padded` (grid cell coordinates), one word a row, bit c for column cx - E + c: the blocked
 * cells, or with `coast` only those with a free 8-neighbour ({@link edgeRows}; for a window whose
 * every move's cells hold a free cell).
 */
export function readWindow(padded: PaddedGrid, cx: number, cy: number, E: number, coast: boolean, out: Int32Array): void {
  const x0 = cx + padded.pad - E;
  const y0 = cy + padded.pad - E;
  const bits = padded.bits;
  const rw = padded.rowWords;
  if (coast) {
    edgeRows(bits, rw, x0, y0, 2 * E + 1, out);
    return;
  }
  const word = x0 >> 5;
  const bit = x0 & 31;
  for (let r = 0; r <= 2 * E; r++) {
    const base = (y0 + r) * rw + word;
    out[r] = bit === 0 ? bits[base]! : (bits[base]! >>> bit) | (bits[base + 1]! << (32 - bit));
  }
}
