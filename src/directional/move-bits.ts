/**
 * The hit checks of one expansion as bit sets: for each start heading and each cell of the window
 * around the start cell, the set of that heading's moves whose footprint touches the cell. The
 * moves an expansion may not take are then the union of the sets of the window's blocked cells,
 * a few words per blocked cell, where checking each move's cells one by one cost a pass over
 * hundreds of moves (a reversing unit has 367 a heading at r = 2, Directional-24, and near walls
 * most of them hit).
 */
import { MAX_MASK_EXTENT, type MoveSet } from './hit-check.js';
import { MAX_PIECE_UNITS, runBuild, unitsFor, type BuildWork } from '../search/stepped-build.js';

/**
 * What the sets are made of: per heading a run of moves (`first`), per move its touched cells as
 * offsets from the window's centre cell. A {@link MoveSet} is one; the moves into each heading,
 * with their cells from the end cell, are another (see window-hits.ts).
 */
export type MoveCells = Pick<MoveSet, 'maxExtent' | 'headings' | 'first' | 'size' | 'cellFirst' | 'cellX' | 'cellY'>;

/** Move cells written into the sets per work unit (a few operations each). */
const CELLS_PER_UNIT = 32;

/** Bytes of a zeroed array allocated per work unit (the directional planner measured 3 to 10 KB a microsecond). */
const ZEROED_BYTES_PER_UNIT = 4096;

/** The {@link MoveBits} of `moves` as resumable work, or null when its extent is too wide for them. */
export function* moveBitsWork(moves: MoveCells): BuildWork<MoveBits | null> {
  if (moves.maxExtent > MAX_MASK_EXTENT) return null;
  return new MoveBits(moves, yield* fillWork(moves));
}

/** The sets' words, filled a few moves a piece. */
function* fillWork(moves: MoveCells): BuildWork<{ words: number; touch: Int32Array }> {
  const E = moves.maxExtent;
  const side = 2 * E + 1;
  const H = moves.headings;
  let most = 0;
  for (let k = 0; k < H; k++) most = Math.max(most, moves.first[k + 1]! - moves.first[k]!);
  const words = Math.max(1, Math.ceil(most / 32));
  yield unitsFor(4 * H * side * side * words, ZEROED_BYTES_PER_UNIT);
  const touch = new Int32Array(H * side * side * words);
  const chunk = MAX_PIECE_UNITS * CELLS_PER_UNIT;
  let cells = 0;
  for (let k = 0; k < H; k++) {
    for (let m = moves.first[k]!; m < moves.first[k + 1]!; m++) {
      const count = moves.cellFirst[m + 1]! - moves.cellFirst[m]!;
      // A piece a chunk of cells (at least one move); a move's own cells are few.
      if (cells === 0 || cells + count > chunk) {
        yield unitsFor(Math.min(chunk, Math.max(count, cellsFrom(moves, m, chunk))), CELLS_PER_UNIT);
        cells = 0;
      }
      cells += count;
      const j = m - moves.first[k]!;
      for (let i = moves.cellFirst[m]!; i < moves.cellFirst[m + 1]!; i++) {
        const at = ((k * side + moves.cellY[i]! + E) * side + moves.cellX[i]! + E) * words + (j >> 5);
        touch[at]! |= 1 << (j & 31);
      }
    }
  }
  return { words, touch };
}

/** Cells of the moves from m on, up to `limit`: the size of the piece that starts at m. */
function cellsFrom(moves: MoveCells, m: number, limit: number): number {
  let cells = 0;
  for (let n = m; n < moves.size && cells + (moves.cellFirst[n + 1]! - moves.cellFirst[n]!) <= limit; n++) cells += moves.cellFirst[n + 1]! - moves.cellFirst[n]!;
  return cells;
}

/** The moves of each heading that each window cell blocks, as bit sets; see the file's comment. */
export class MoveBits {
  /** 32-bit words per set: the most moves any heading has, over 32, rounded up. */
  readonly words: number;
  /** Columns (and rows) of the window: 2 · maxExtent + 1. */
  readonly side: number;
  /** Set of heading k and window cell (row r, column c): words at `((k · side + r) · side + c) · words`. */
  readonly touch: Int32Array;
  /**
   * Per heading k and row r (at `k · side + r`), the columns whose sets are not empty, one bit
   * each: a blocked cell behind the unit, or beside its shortest moves, blocks nothing.
   */
  private readonly rowMask: Int32Array;
  /** Per set (at `(k · side + r) · side + c`), its first nonzero word and one past its last: a far cell meets few moves. */
  private readonly wordLo: Uint8Array;
  private readonly wordHi: Uint8Array;

  /**
   * Builds the sets in one call; {@link moveBitsWork} builds them in pieces.
   * @throws RangeError when the move set's extent is wider than the window masks handle.
   */
  constructor(
    readonly moves: MoveCells,
    filled?: { words: number; touch: Int32Array },
  ) {
    const E = moves.maxExtent;
    if (E > MAX_MASK_EXTENT) throw new RangeError(`MoveBits needs maxExtent <= ${MAX_MASK_EXTENT}, got ${E}`);
    this.side = 2 * E + 1;
    const data = filled ?? runBuild(fillWork(moves));
    this.words = data.words;
    this.touch = data.touch;
    const side = this.side;
    const sets = moves.headings * side * side;
    this.rowMask = new Int32Array(moves.headings * side);
    this.wordLo = new Uint8Array(sets);
    this.wordHi = new Uint8Array(sets);
    for (let set = 0; set < sets; set++) {
      let lo = this.words;
      let hi = 0;
      for (let w = 0; w < this.words; w++) {
        if (this.touch[set * this.words + w] === 0) continue;
        lo = Math.min(lo, w);
        hi = w + 1;
      }
      if (hi === 0) continue;
      this.wordLo[set] = lo;
      this.wordHi[set] = hi;
      const row = (set / side) | 0;
      this.rowMask[row]! |= 1 << set % side;
    }
  }

  /**
   * Writes to `out` (at least {@link words} long) the moves of heading k that touch a blocked cell
   * of the window, given as one bit mask per row (bit c of `rows[r]` is the cell at column offset
   * c - maxExtent, row offset r - maxExtent; bits above the window are ignored).
   */
  blocked(k: number, rows: Int32Array, out: Int32Array): void {
    const { side, words, touch, rowMask, wordLo, wordHi } = this;
    out.fill(0, 0, words);
    for (let r = 0; r < side; r++) {
      // The row mask also clears the bits above the window.
      let row = rows[r]! & rowMask[k * side + r]!;
      while (row !== 0) {
        const low = row & -row;
        row ^= low;
        const set = (k * side + r) * side + (31 - Math.clz32(low));
        const base = set * words;
        const end = wordHi[set]!;
        for (let w = wordLo[set]!; w < end; w++) out[w]! |= touch[base + w]!;
      }
    }
  }
}

/**
 * The first move from m on, before `end`, whose bit in `blocked` is clear (bit j for move
 * `first + j`), or `end` when there is none: the moves a hit check leaves, found a word at a time.
 */
export function nextClear(blocked: Int32Array, first: number, m: number, end: number): number {
  const n = end - first;
  for (let j = m - first; j < n; j = (j | 31) + 1) {
    // The word's clear bits from bit j on, shifted down to bit 0.
    const clear = ~blocked[j >> 5]! >>> (j & 31);
    if (clear !== 0) {
      const at = j + 31 - Math.clz32(clear & -clear);
      return at < n ? first + at : end;
    }
  }
  return end;
}
