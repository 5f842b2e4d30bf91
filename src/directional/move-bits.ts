/**
 * The hit checks of one expansion as bit sets: for each start heading and each cell of the window
 * around the start cell, the set of that heading's moves whose footprint touches the cell. The
 * moves an expansion may not take are then the union of the sets of the window's blocked cells,
 * a few words per blocked cell, where checking each move's cells one by one cost a pass over
 * hundreds of moves (a reversing unit has 367 a heading at r = 2, Directional-24, and near walls
 * most of them hit).
 */
import { MAX_MASK_EXTENT, type MoveSet } from './hit-check.js';

/** The moves of each heading that each window cell blocks, as bit sets; see the file's comment. */
export class MoveBits {
  /** 32-bit words per set: the most moves any heading has, over 32, rounded up. */
  readonly words: number;
  /** Columns (and rows) of the window: 2 · maxExtent + 1. */
  readonly side: number;
  /** Set of heading k and window cell (row r, column c): words at `((k · side + r) · side + c) · words`. */
  readonly touch: Int32Array;

  /** @throws RangeError when the move set's extent is wider than the window masks handle. */
  constructor(readonly moves: MoveSet) {
    const E = moves.maxExtent;
    if (E > MAX_MASK_EXTENT) throw new RangeError(`MoveBits needs maxExtent <= ${MAX_MASK_EXTENT}, got ${E}`);
    const H = moves.headings;
    let most = 0;
    for (let k = 0; k < H; k++) most = Math.max(most, moves.first[k + 1]! - moves.first[k]!);
    this.words = Math.max(1, Math.ceil(most / 32));
    this.side = 2 * E + 1;
    this.touch = new Int32Array(H * this.side * this.side * this.words);
    for (let k = 0; k < H; k++) {
      for (let m = moves.first[k]!; m < moves.first[k + 1]!; m++) {
        const j = m - moves.first[k]!;
        for (let i = moves.cellFirst[m]!; i < moves.cellFirst[m + 1]!; i++) {
          const at = ((k * this.side + moves.cellY[i]! + E) * this.side + moves.cellX[i]! + E) * this.words + (j >> 5);
          this.touch[at]! |= 1 << (j & 31);
        }
      }
    }
  }

  /**
   * Writes to `out` (at least {@link words} long) the moves of heading k that touch a blocked cell
   * of the window, given as one bit mask per row (bit c of `rows[r]` is the cell at column offset
   * c - maxExtent, row offset r - maxExtent; bits above the window are ignored).
   */
  blocked(k: number, rows: Int32Array, out: Int32Array): void {
    const { side, words, touch } = this;
    out.fill(0, 0, words);
    const inWindow = side >= 32 ? -1 : (1 << side) - 1;
    for (let r = 0; r < side; r++) {
      let row = rows[r]! & inWindow;
      while (row !== 0) {
        const low = row & -row;
        row ^= low;
        const base = ((k * side + r) * side + (31 - Math.clz32(low))) * words;
        for (let w = 0; w < words; w++) out[w]! |= touch[base + w]!;
      }
    }
  }
}
