import { lineCrossing, lineSide, lineX } from './lines.js';

/**
 * One side of a cone on the row being emitted: the line from the row's root through an anchor,
 * or a column line (the wall of a free run, a corner point the row was split at), which is then
 * its own anchor.
 */
export class Boundary {
  /** The boundary is the column line {@link x} itself. */
  int = false;
  /** Where the boundary meets the row: exact when {@link int} or {@link exact}, else rounded. */
  x = 0;
  /** The anchor: the boundary runs from the row's root through (ax, ay). */
  ax = 0;
  ay = 0;
  /** Root and anchor are cell corners, so {@link x} compares with column lines as a plain number. */
  exact = false;
}

/**
 * The cone row that Anya's successor generation emits next: a root (a corner, or the start) seen
 * from row {@link y}, and the two boundaries that cut the row. Its writers (the cone walk, the
 * turns, the flats, the start) fill it field by field and `emit.ts` makes nodes of it. The values
 * travel through fields rather than arguments because V8 boxes a fraction passed to a call it does
 * not inline: an allocation per row.
 */
export class ConeRow {
  /** Root id (see `Successors`), at (rx, ry), reached with path length g. */
  root = 0;
  rx = 0;
  ry = 0;
  g = 0;
  /** The root is a cell corner (lines through it and a corner are exact). */
  exact = false;
  /** The row, and +1 when it lies below the root (the cone opens downward), -1 above. */
  y = 0;
  dir = 0;
  readonly left = new Boundary();
  readonly right = new Boundary();

  /** Sets the root and the row; the caller sets {@link g} (a fraction, see above). */
  set(root: number, rx: number, ry: number, exact: boolean, y: number, dir: number): void {
    this.root = root;
    this.rx = rx;
    this.ry = ry;
    this.exact = exact;
    this.y = y;
    this.dir = dir;
  }

  /** Makes `b` the column line x. */
  setInt(b: Boundary, x: number): void {
    b.int = true;
    b.x = x;
    b.ax = x;
    b.ay = this.y;
    b.exact = this.exact;
  }

  /** Makes `b` the line from the root through (ax, ay); `exact` when that anchor is a corner. */
  setLine(b: Boundary, ax: number, ay: number, exact: boolean): void {
    b.int = false;
    b.ax = ax;
    b.ay = ay;
    b.exact = exact && this.exact;
    b.x = b.exact ? lineCrossing(this.rx, this.ry, ax, ay, this.y) : lineX(this.rx, this.ry, ax, ay, this.y);
  }

  /**
   * The sign of boundary b's x on the row minus x, for an integer x (a column line). A column line
   * or an exact crossing is compared as a number: the crossing is exact or at least 2^-14 from
   * every integer, far beyond its rounding (see `lineCrossing`). A line from a start off the
   * corners goes through the orientation predicate.
   */
  side(b: Boundary, x: number): number {
    if (b.int || b.exact) return b.x > x ? 1 : b.x < x ? -1 : 0;
    return lineSide(this.rx, this.ry, b.ax, b.ay, false, x, this.y);
  }

  /**
   * {@link side} for a target's x on the row, any real number; `corner` when both target
   * coordinates are integers (then the integer line test applies to it).
   */
  sideOfTarget(b: Boundary, x: number, corner: boolean): number {
    if (b.int || (b.exact && corner)) return b.x > x ? 1 : b.x < x ? -1 : 0;
    return lineSide(this.rx, this.ry, b.ax, b.ay, b.exact && corner, x, this.y);
  }
}
