/**
 * Exact arithmetic on the lines that bound Anya's cones.
 *
 * Every interval endpoint Anya makes is where a row line y meets a line through the node's root
 * (rx, ry) and an anchor (ax, ay) on another row: x = rx + (ax - rx)(y - ry) / (ay - ry). Anchors
 * are cell corners (an obstacle's edge, a corner point the cone was split at) or the previous root
 * (for the shadow line behind a turning point); projecting an endpoint to the next row keeps its
 * line, so no error ever accumulates from row to row.
 *
 * Exactness. Roots are cell corners, except a start that is not one. When root and anchor are
 * corners (`exact`), x is the rational n/d with d = ay - ry, |d| <= height and |n| <= 2·width·height;
 * every comparison with a corner is the sign of (ax - rx)(py - ry) - (ay - ry)(px - rx), whose
 * products stay below 2^29 on grids up to 16384 wide, so doubles compute them exactly; and
 * `floor(n / d)` is exact because IEEE division is correctly rounded: an integer quotient is
 * representable, and a fractional one lies at least 1/|d| >= 2^-14 from any integer while the
 * rounding error is at most |n/d|·2^-53 <= 2^-39. When the root or the anchor is a start at an
 * arbitrary real point, comparisons go through the exact orientation predicate (a floating-point
 * filter with a BigInt fallback), so they are exact too. Only the path lengths and the heuristic
 * use rounded arithmetic; the combinatorial decisions (which cells, which corners, whether a point
 * is inside an interval) never do.
 */
import { orientation } from '../../grid/orientation.js';

/** x where the line through (rx, ry) and (ax, ay) meets row y, rounded. `ay !== ry`. */
export function lineX(rx: number, ry: number, ax: number, ay: number, y: number): number {
  return ax === rx ? rx : rx + ((ax - rx) * (y - ry)) / (ay - ry);
}

/**
 * The exact sign of x_line(py) - px for the line through (rx, ry) and (ax, ay): +1 when the line
 * passes right of point (px, py), 0 through it, -1 left of it. `exact` says that all six numbers
 * are integers of at most 2^14 (then one product difference decides); otherwise the orientation
 * predicate does.
 */
export function lineSide(rx: number, ry: number, ax: number, ay: number, exact: boolean, px: number, py: number): number {
  const dy = ay - ry;
  let s: number;
  if (exact) {
    const cross = (ax - rx) * (py - ry) - dy * (px - rx);
    s = cross > 0 ? 1 : cross < 0 ? -1 : 0;
  } else {
    s = orientation(rx, ry, ax, ay, px, py);
  }
  return dy > 0 ? s : -s;
}

/** floor(x_line(y)) exactly, for integer y. `exact` as in {@link lineSide}. */
export function lineFloor(rx: number, ry: number, ax: number, ay: number, exact: boolean, y: number): number {
  const d = ay - ry;
  if (exact) return Math.floor(lineCrossing(rx, ry, ax, ay, y));
  let f = Math.floor(lineX(rx, ry, ax, ay, y));
  while (lineSide(rx, ry, ax, ay, false, f, y) < 0) f--;
  while (lineSide(rx, ry, ax, ay, false, f + 1, y) >= 0) f++;
  return f;
}

/**
 * Where a line through two corners meets row y (integer): n / d with integers |n| < 2^29 and
 * 0 < |d| <= 2^14, in one correctly rounded division. `Math.floor(v) === v` then tells exactly
 * whether the crossing is a column line: a multiple of d comes out as the exact integer, and any
 * other quotient lies at least 1/|d| >= 2^-14 from every integer while its rounding error is at
 * most |n/d|·2^-53 < 2^-24, so it cannot round onto one. (A remainder test here cost a tenth of
 * Anya's time: `%` on doubles is a library call.)
 */
export function lineCrossing(rx: number, ry: number, ax: number, ay: number, y: number): number {
  const d = ay - ry;
  return (rx * d + (ax - rx) * (y - ry)) / d;
}

/**
 * The column line where the line meets row y (integer), exactly, or NaN when it meets the row
 * between two column lines. `exact` as in {@link lineSide}.
 */
export function lineInteger(rx: number, ry: number, ax: number, ay: number, exact: boolean, y: number): number {
  if (exact) {
    const x = lineCrossing(rx, ry, ax, ay, y);
    return x === Math.floor(x) ? x : NaN;
  }
  const f = lineFloor(rx, ry, ax, ay, false, y);
  return lineSide(rx, ry, ax, ay, false, f, y) === 0 ? f : NaN;
}

/** Euclidean length of (dx, dy); `Math.hypot` is several times slower and its overflow guard is not needed here. */
export function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}
