/**
 * Brute-force reference for segment legality under the grid rule, written from the rule and
 * sharing no code with `src/grid/line-of-sight.ts` (only the Grid's size and cells are read).
 *
 * The rule (Anya, Harabor et al., JAIR 2016, section 2): cell (x, y) covers [x, x+1] x [y, y+1],
 * outside the map is blocked. A segment is legal iff it never enters the interior of a blocked
 * cell, never runs along an edge whose two cells are both blocked, and never passes through
 * (strictly inside the segment) a double corner: a vertex whose two diagonal cells are blocked
 * and other two free. A zero-length segment is legal iff its point is free. A segment with an
 * endpoint outside [0, W] x [0, H] (or a non-finite one) is illegal.
 *
 * Method: every coordinate is a double, hence an exact dyadic rational. All four are scaled by a
 * common power of two to BigInt integers. The segment is cut at every parameter t where it meets
 * a column or row line (exact BigInt fractions). Between two consecutive cuts the open piece meets
 * no grid line transversally, so its midpoint tells where the whole piece lies: inside one cell
 * (that cell must be free) or along one grid line (the two cells beside it must not both be
 * blocked). Every cut strictly inside the segment that is a vertex must not be a double corner.
 * A vertex can only be passed at a cut (a piece of positive length meets a vertex only at its
 * ends), so no vertex is missed. Slow and simple on purpose.
 */
import type { Grid } from '../../src/grid/grid.js';

/** The clauses of the rule a segment can break. */
export type Violation = 'outside' | 'point' | 'cell' | 'edge' | 'corner';

export interface BruteVerdict {
  /** No clause broken. */
  legal: boolean;
  /** Every clause the segment breaks (not only the first), so tests can find cases where one alone decides. */
  violations: Set<Violation>;
  /** Some piece of positive length runs along a grid line (whatever the cells beside it). */
  alongLine: boolean;
  /** Some cut strictly inside the segment is a grid vertex. */
  throughVertex: boolean;
  /** Some cut strictly inside the segment is a double corner (same as violations.has('corner')). */
  throughDoubleCorner: boolean;
}

/** True when the segment (x0, y0)-(x1, y1) is legal under the grid rule. */
export function bruteLineOfSight(grid: Grid, x0: number, y0: number, x1: number, y1: number): boolean {
  return bruteClassify(grid, x0, y0, x1, y1).legal;
}

/**
 * True when every segment of the polyline is legal. A one-point path is legal iff its point is
 * free (the zero-length segment); an empty path is vacuously legal.
 */
export function brutePathLegal(grid: Grid, points: readonly { x: number; y: number }[]): boolean {
  return bruteFirstIllegalSegment(grid, points) === -1;
}

/**
 * The index i of the first illegal segment points[i] -> points[i+1] (0 for an illegal one-point
 * path), or -1 when the path is legal. Handy in failure messages.
 */
export function bruteFirstIllegalSegment(grid: Grid, points: readonly { x: number; y: number }[]): number {
  if (points.length === 1) return bruteLineOfSight(grid, points[0]!.x, points[0]!.y, points[0]!.x, points[0]!.y) ? -1 : 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    if (!bruteLineOfSight(grid, a.x, a.y, b.x, b.y)) return i;
  }
  return -1;
}

/** The full verdict: legality, every broken clause, and what the segment touched. */
export function bruteClassify(grid: Grid, x0: number, y0: number, x1: number, y1: number): BruteVerdict {
  const verdict: BruteVerdict = {
    legal: false,
    violations: new Set(),
    alongLine: false,
    throughVertex: false,
    throughDoubleCorner: false,
  };
  const W = grid.width;
  const H = grid.height;
  for (const [x, y] of [
    [x0, y0],
    [x1, y1],
  ] as const) {
    if (!(Number.isFinite(x) && Number.isFinite(y) && x >= 0 && y >= 0 && x <= W && y <= H)) {
      verdict.violations.add('outside');
    }
  }
  if (verdict.violations.size > 0) return verdict;

  // Exact integers X = x * 2^s for one common s.
  const parts = [x0, y0, x1, y1].map(dyadic);
  const s = Math.max(0, ...parts.map(([, e]) => -e));
  const [X0, Y0, X1, Y1] = parts.map(([m, e]) => m << BigInt(s + e)) as [bigint, bigint, bigint, bigint];
  const D = 1n << BigInt(s);

  if (X0 === X1 && Y0 === Y1) {
    if (!pointFree(grid, X0, Y0, D)) verdict.violations.add('point');
    verdict.legal = verdict.violations.size === 0;
    return verdict;
  }

  const dX = X1 - X0;
  const dY = Y1 - Y0;
  const cuts: Frac[] = [
    { n: 0n, d: 1n },
    { n: 1n, d: 1n },
  ];
  // Column lines x = k (scaled kD) met transversally, then row lines.
  addCuts(cuts, X0, X1, dX, D);
  addCuts(cuts, Y0, Y1, dY, D);
  cuts.sort(compare);
  const ts: Frac[] = [];
  for (const t of cuts) {
    if (compare(t, { n: 0n, d: 1n }) < 0 || compare(t, { n: 1n, d: 1n }) > 0) continue;
    if (ts.length === 0 || compare(ts[ts.length - 1]!, t) !== 0) ts.push(t);
  }

  // Open pieces.
  for (let i = 0; i + 1 < ts.length; i++) {
    const a = ts[i]!;
    const b = ts[i + 1]!;
    const mid: Frac = { n: a.n * b.d + b.n * a.d, d: 2n * a.d * b.d };
    const [fx, onX] = coordAt(X0, dX, mid, D);
    const [fy, onY] = coordAt(Y0, dY, mid, D);
    if (onX && onY) throw new Error('brute-los: a piece of positive length sits on a vertex (cannot happen)');
    if (onX) {
      verdict.alongLine = true;
      if (blocked(grid, fx - 1, fy) && blocked(grid, fx, fy)) verdict.violations.add('edge');
    } else if (onY) {
      verdict.alongLine = true;
      if (blocked(grid, fx, fy - 1) && blocked(grid, fx, fy)) verdict.violations.add('edge');
    } else if (blocked(grid, fx, fy)) {
      verdict.violations.add('cell');
    }
  }

  // Cuts strictly inside the segment.
  for (let i = 1; i + 1 < ts.length; i++) {
    const t = ts[i]!;
    const [fx, onX] = coordAt(X0, dX, t, D);
    const [fy, onY] = coordAt(Y0, dY, t, D);
    if (!(onX && onY)) continue;
    verdict.throughVertex = true;
    const nw = blocked(grid, fx - 1, fy - 1);
    const ne = blocked(grid, fx, fy - 1);
    const sw = blocked(grid, fx - 1, fy);
    const se = blocked(grid, fx, fy);
    const doubleCorner = (nw && se && !ne && !sw) || (ne && sw && !nw && !se);
    if (doubleCorner) {
      verdict.throughDoubleCorner = true;
      verdict.violations.add('corner');
    }
  }

  verdict.legal = verdict.violations.size === 0;
  return verdict;
}

/** p / q with q > 0. Not reduced. */
interface Frac {
  n: bigint;
  d: bigint;
}

function compare(a: Frac, b: Frac): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Adds t = (kD - A0) / dA for every integer k with kD between A0 and A1 (inclusive). */
function addCuts(cuts: Frac[], A0: bigint, A1: bigint, dA: bigint, D: bigint): void {
  if (dA === 0n) return;
  const lo = A0 < A1 ? A0 : A1;
  const hi = A0 < A1 ? A1 : A0;
  const kFirst = ceilDiv(lo, D);
  const kLast = floorDiv(hi, D);
  for (let k = kFirst; k <= kLast; k++) {
    let n = k * D - A0;
    let d = dA;
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    cuts.push({ n, d });
  }
}

/** Floor of the grid coordinate A0 + t·dA (scaled by D), and whether it is an integer. */
function coordAt(A0: bigint, dA: bigint, t: Frac, D: bigint): [number, boolean] {
  const num = A0 * t.d + t.n * dA;
  const den = t.d * D;
  return [Number(floorDiv(num, den)), num % den === 0n];
}

function floorDiv(a: bigint, b: bigint): bigint {
  // b > 0
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** A finite double as [m, e] with value = m · 2^e exactly (doubling a double is exact). */
function dyadic(v: number): [bigint, number] {
  let e = 0;
  while (!Number.isInteger(v)) {
    v *= 2;
    e--;
  }
  return [BigInt(v), e];
}

function blocked(grid: Grid, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) return true;
  return grid.cells[y * grid.width + x] !== 0;
}

/** The point (X/D, Y/D), known to be inside the map, is free. */
function pointFree(grid: Grid, X: bigint, Y: bigint, D: bigint): boolean {
  const fx = Number(floorDiv(X, D));
  const fy = Number(floorDiv(Y, D));
  const onX = X % D === 0n;
  const onY = Y % D === 0n;
  if (onX && onY) {
    return !(blocked(grid, fx - 1, fy - 1) && blocked(grid, fx, fy - 1) && blocked(grid, fx - 1, fy) && blocked(grid, fx, fy));
  }
  if (onX) return !(blocked(grid, fx - 1, fy) && blocked(grid, fx, fy));
  if (onY) return !(blocked(grid, fx, fy - 1) && blocked(grid, fx, fy));
  return !blocked(grid, fx, fy);
}
