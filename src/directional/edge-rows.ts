/**
 * The blocked cells of an expansion's window that can decide its hit checks: those with a free
 * cell among their eight neighbours (the coast of a wall, not its inland).
 *
 * Why the others can be left out: every move's touched cells (hit-check.ts, the cells within the
 * sweep radius of its curve, a connected tube) form an 8-connected set holding the start cell,
 * which is free. If such a set holds a blocked cell, walk it from the start cell to that cell
 * one 8-neighbour at a time: the first blocked cell on the walk has a free neighbour (the cell
 * before it), and is in the set too. So the union of the move sets of the coast cells
 * ({@link MoveBits.blocked}) is the union over every blocked cell. On the demo's sea (a ship,
 * r = 4, Directional-48: a 29 x 29 window, 24 words a set) a window near land holds hundreds of
 * blocked cells and a few dozen coast cells; the union was half the search's time.
 */

/** Columns one word of the padded bitmap holds: the coast rows need the window's columns and one more each side. */
const WORD_BITS = 32;

/**
 * True when the window of `side` columns (2 · extent + 1) is narrow enough for {@link edgeRows}:
 * with a column each side it must fit one 32-bit word.
 */
export function edgeRowsFit(side: number): boolean {
  return side + 2 <= WORD_BITS;
}

/**
 * Writes to `out[0 .. side - 1]` the coast cells of the window whose top-left cell is column
 * `x0`, row `y0` of a padded bitmap (`bits`, `rowWords` 32-bit words a row, bit x of a row's
 * words set when padded cell x is blocked): bit c of `out[r]` is set when cell (x0 + c, y0 + r)
 * is blocked and one of its eight neighbours is free. The bitmap must hold the rows y0 - 1 ..
 * y0 + side and the columns x0 - 1 .. x0 + side (the planner pads by more than a move reaches),
 * and {@link edgeRowsFit}(side) must hold. Bits at and above `side` are garbage, as the plain
 * window's are: {@link MoveBits.blocked} ignores them.
 */
export function edgeRows(bits: Int32Array, rowWords: number, x0: number, y0: number, side: number, out: Int32Array): void {
  // Rows y0 - 1 .. y0 + side, each as the columns x0 - 1 .. x0 + 30 (bit j is column x0 - 1 + j).
  let above = columnsFrom(bits, rowWords, x0 - 1, y0 - 1);
  let row = columnsFrom(bits, rowWords, x0 - 1, y0);
  for (let r = 0; r < side; r++) {
    const below = columnsFrom(bits, rowWords, x0 - 1, y0 + r + 1);
    // A column's three cells all blocked; then the three columns around a cell: its 3 x 3 block.
    const column = above & row & below;
    const inland = row & column & (column << 1) & (column >>> 1);
    out[r] = (row & ~inland) >>> 1;
    above = row;
    row = below;
  }
}

/** The 32 cells of row y from column x on, as bits (bit j is column x + j). */
function columnsFrom(bits: Int32Array, rowWords: number, x: number, y: number): number {
  const base = y * rowWords + (x >> 5);
  const bit = x & 31;
  return bit === 0 ? bits[base]! : (bits[base]! >>> bit) | (bits[base + 1]! << (WORD_BITS - bit));
}
