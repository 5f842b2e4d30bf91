/**
 * A curve cut into the pieces that lie in one grid cell each, so that a move's cost can integrate
 * the cell costs along it (issue 18, "Tile costs"). Cell (x, y) covers [x, x+1] x [y, y+1], y down;
 * points and lengths are tile units. Works for any coordinates, negative included, so move
 * templates relative to cell (0, 0) can be cut as well as absolute curves.
 */
import type { Grid } from '../grid/grid.js';
import type { ArcSegment, LineSegment, Segment } from './segment.js';

/**
 * Receives the pieces of a segment in driving order, see {@link eachCellPiece}. An object rather
 * than a closure so that hot paths can reuse one visitor and allocate nothing.
 */
export interface CellPieceVisitor {
  /**
   * One piece, `length` tile units long (> 0) measured along the curve. (cx, cy) is the cell the
   * piece lies in and (ax, ay) the same cell, except for a piece running exactly along a cell edge:
   * then (cx, cy) is the cell right of a vertical edge or below a horizontal one, and (ax, ay) the
   * cell on the other side.
   */
  piece(cx: number, cy: number, ax: number, ay: number, length: number): void;
}

/**
 * Pieces shorter than this (tile units) are folded into their neighbour: two crossings closer
 * than this are one corner passed, or a grid line touched, within the rounding of a crossing's
 * distance (about 1e-12 at coordinates of 1e4), and far below the curves' 1e-9 precision.
 */
const SLIVER = 1e-10;

/**
 * A line whose heading is this close to an axis (in sine or cosine) runs along that axis: the
 * sine and cosine of a multiple of π/2 come out as ~1e-16 rather than 0, and over any map (below
 * 1e4 tiles) the drift ignored stays below 1e-8 tiles.
 */
const AXIS_EPS = 1e-12;

const QUARTER = Math.PI / 2;
const TAU = 2 * Math.PI;

/** Which kind of cell a line's pieces are in: inside cells, along a vertical edge, along a horizontal edge. */
const INSIDE = 0;
const VERTICAL_EDGE = 1;
const HORIZONTAL_EDGE = 2;

/**
 * Cuts one segment: takes the piece boundaries (distances along the segment, in order), classifies
 * each piece by its midpoint, and hands on runs of pieces in the same cell as one piece.
 */
class PieceWalker {
  private visitor: CellPieceVisitor | null = null;
  // The segment, for classifying a distance: a line from (x0, y0) along (ux, uy) ...
  private arc = false;
  private x0 = 0;
  private y0 = 0;
  private ux = 0;
  private uy = 0;
  private edge = INSIDE;
  // ... or an arc at (ox + r cos ψ, oy + turn r sin ψ), ψ = psi0 + distance / r.
  private ox = 0;
  private oy = 0;
  private r = 1;
  private psi0 = 0;
  private turn = 1;
  // The last boundary taken, and the piece waiting to be handed on.
  private prev = 0;
  private has = false;
  private start = 0;
  private end = 0;
  private pcx = 0;
  private pcy = 0;
  private pax = 0;
  private pay = 0;
  // The cell pair of the latest classified distance.
  private kcx = 0;
  private kcy = 0;
  private kax = 0;
  private kay = 0;

  walk(seg: Segment, visitor: CellPieceVisitor): void {
    this.visitor = visitor;
    this.prev = 0;
    this.has = false;
    try {
      if (seg.kind === 'line') this.walkLine(seg);
      else this.walkArc(seg);
      this.finish(seg.length);
    } finally {
      this.visitor = null;
    }
  }

  private walkLine(seg: LineSegment): void {
    const L = seg.length;
    const sign = seg.reverse ? -1 : 1;
    let ux = sign * Math.cos(seg.heading);
    let uy = sign * Math.sin(seg.heading);
    if (Math.abs(ux) < AXIS_EPS) ux = 0;
    if (Math.abs(uy) < AXIS_EPS) uy = 0;
    const x0 = seg.x;
    const y0 = seg.y;
    this.arc = false;
    this.x0 = x0;
    this.y0 = y0;
    this.ux = ux;
    this.uy = uy;
    this.edge = ux === 0 && Number.isInteger(x0) ? VERTICAL_EDGE : uy === 0 && Number.isInteger(y0) ? HORIZONTAL_EDGE : INSIDE;
    // Walk the column and row lines in order: each next crossing distance is (line - start) / u.
    const sx = ux > 0 ? 1 : -1;
    const sy = uy > 0 ? 1 : -1;
    let kx = ux > 0 ? Math.floor(x0) + 1 : Math.ceil(x0) - 1;
    let ky = uy > 0 ? Math.floor(y0) + 1 : Math.ceil(y0) - 1;
    let dx = ux === 0 ? Infinity : (kx - x0) / ux;
    let dy = uy === 0 ? Infinity : (ky - y0) / uy;
    for (;;) {
      const d = dx < dy ? dx : dy;
      if (!(d < L)) break;
      this.boundary(d);
      if (dx === d) {
        kx += sx;
        dx = (kx - x0) / ux;
      }
      if (dy === d) {
        ky += sy;
        dy = (ky - y0) / uy;
      }
    }
  }

  /**
   * An arc is cut at its quarter points (where x or y is extreme) as well as at its crossings:
   * between two quarter points both coordinates are monotone, so each family of crossings comes
   * in order, a grid line touched at an extreme is no crossing, and any number of turns is walked
   * the same way. The extra cuts vanish when the pieces on both sides are in the same cell.
   */
  private walkArc(seg: ArcSegment): void {
    const r = seg.radius;
    const turn = seg.turn;
    const ox = seg.cx;
    const oy = seg.cy;
    // ψ grows with distance: the point's angle about the centre is turn·ψ, so y uses turn·sin ψ.
    const psi0 = turn * seg.heading + (seg.reverse ? QUARTER : -QUARTER);
    const psi1 = psi0 + seg.length / r;
    this.arc = true;
    this.edge = INSIDE;
    this.ox = ox;
    this.oy = oy;
    this.r = r;
    this.psi0 = psi0;
    this.turn = turn;
    for (let j = Math.floor(psi0 / QUARTER); j * QUARTER < psi1; j++) {
      const a = Math.max(psi0, j * QUARTER);
      const b = Math.min(psi1, (j + 1) * QUARTER);
      const q = ((j % 4) + 4) % 4;
      const mid = (j + 0.5) * QUARTER;
      // In quarter q, cos ψ falls in quarters 0 and 1 and rises in 2 and 3; sin ψ rises in 3 and 0
      // and falls in 1 and 2 (y follows turn · sin ψ). The grid lines strictly between a
      // coordinate's values at both ends are crossed, in that order.
      const xa = ox + r * Math.cos(a);
      const xb = ox + r * Math.cos(b);
      const ya = oy + turn * r * Math.sin(a);
      const yb = oy + turn * r * Math.sin(b);
      const sinSign = q < 2 ? 1 : -1;
      const cosSign = q === 0 || q === 3 ? 1 : -1;
      const xStep = -sinSign;
      const yStep = cosSign * turn;
      let kx = xStep > 0 ? Math.floor(xa) + 1 : Math.ceil(xa) - 1;
      let ky = yStep > 0 ? Math.floor(ya) + 1 : Math.ceil(ya) - 1;
      let px = before(kx, xb, xStep) ? xCrossing(kx - ox, r, sinSign, mid) : Infinity;
      let py = before(ky, yb, yStep) ? yCrossing(turn * (ky - oy), r, cosSign, mid) : Infinity;
      for (;;) {
        const p = px < py ? px : py;
        if (p === Infinity) break;
        this.boundary((Math.min(b, Math.max(a, p)) - psi0) * r);
        if (px === p) {
          kx += xStep;
          px = before(kx, xb, xStep) ? xCrossing(kx - ox, r, sinSign, mid) : Infinity;
        }
        if (py === p) {
          ky += yStep;
          py = before(ky, yb, yStep) ? yCrossing(turn * (ky - oy), r, cosSign, mid) : Infinity;
        }
      }
      if (b < psi1) this.boundary((b - psi0) * r);
    }
  }

  /** The piece from the last boundary to `d`; a sliver is folded into the piece after it. */
  private boundary(d: number): void {
    if (!(d - this.prev > SLIVER)) return;
    this.classify((this.prev + d) / 2);
    this.extend(this.prev, d);
    this.prev = d;
  }

  /** Hands on the last piece, ending at the segment's length. */
  private finish(length: number): void {
    if (length - this.prev > SLIVER) this.boundary(length);
    else if (this.has) this.end = length;
    else if (length > 0) {
      this.classify(length / 2);
      this.extend(0, length);
    }
    if (this.has && this.end > this.start) this.visitor!.piece(this.pcx, this.pcy, this.pax, this.pay, this.end - this.start);
  }

  /** Adds [from, to] in the classified cells: to the waiting piece when the cells match, else as the new waiting piece. */
  private extend(from: number, to: number): void {
    if (this.has && this.kcx === this.pcx && this.kcy === this.pcy && this.kax === this.pax && this.kay === this.pay) {
      this.end = to;
      return;
    }
    if (this.has) this.visitor!.piece(this.pcx, this.pcy, this.pax, this.pay, this.end - this.start);
    this.has = true;
    this.start = from;
    this.end = to;
    this.pcx = this.kcx;
    this.pcy = this.kcy;
    this.pax = this.kax;
    this.pay = this.kay;
  }

  /** The cells of the point `d` along the segment, into kcx..kay. */
  private classify(d: number): void {
    let x: number;
    let y: number;
    if (this.arc) {
      const psi = this.psi0 + d / this.r;
      x = this.ox + this.r * Math.cos(psi);
      y = this.oy + this.turn * this.r * Math.sin(psi);
    } else {
      x = this.x0 + d * this.ux;
      y = this.y0 + d * this.uy;
    }
    const fx = Math.floor(x);
    const fy = Math.floor(y);
    if (this.edge === VERTICAL_EDGE) {
      this.kcx = this.x0;
      this.kcy = fy;
      this.kax = this.x0 - 1;
      this.kay = fy;
    } else if (this.edge === HORIZONTAL_EDGE) {
      this.kcx = fx;
      this.kcy = this.y0;
      this.kax = fx;
      this.kay = this.y0 - 1;
    } else {
      this.kcx = this.kax = fx;
      this.kcy = this.kay = fy;
    }
  }
}

/** True when grid line `k` comes strictly before coordinate `end` moving in direction `step`. */
function before(k: number, end: number, step: number): boolean {
  return step > 0 ? k < end : k > end;
}

/** The ψ near `mid` where cos ψ = dx / r, sin ψ having the sign `sinSign`. */
function xCrossing(dx: number, r: number, sinSign: number, mid: number): number {
  // (r - dx)(r + dx) rather than r² - dx²: accurate near a tangency, where the two nearly cancel.
  const s = Math.sqrt(Math.max(0, (r - dx) * (r + dx)));
  return unwrap(Math.atan2(sinSign * s, dx), mid);
}

/** The ψ near `mid` where sin ψ = dy / r, cos ψ having the sign `cosSign`. */
function yCrossing(dy: number, r: number, cosSign: number, mid: number): number {
  const c = Math.sqrt(Math.max(0, (r - dy) * (r + dy)));
  return unwrap(Math.atan2(dy, cosSign * c), mid);
}

/** `angle` plus the whole turns that bring it nearest `mid`. */
function unwrap(angle: number, mid: number): number {
  return angle + TAU * Math.round((mid - angle) / TAU);
}

/** One walker per nesting depth, so a visitor may itself cut segments without allocating. */
const walkers: PieceWalker[] = [];
let depth = 0;

/**
 * Cuts `seg`'s centre line at every grid line it crosses and hands each piece, in driving order,
 * to `visitor` with the cell it lies in (two cells for a piece running exactly along a cell edge,
 * see {@link CellPieceVisitor.piece}). A piece's cell is the one holding its midpoint (taken along
 * the curve). A grid line only touched (an arc tangent to it, a line through a corner) cuts
 * nothing; pieces shorter than 1e-10 tiles are folded into a neighbour. The lengths add up to
 * `seg.length` up to rounding. Allocates nothing (after the first call at each nesting depth).
 *
 * @example
 * ```ts
 * // A line from (0.5, 0.5) 3 tiles along +x: cells (0,0) 0.5, (1,0) 1, (2,0) 1, (3,0) 0.5.
 * eachCellPiece(lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 3), {
 *   piece(cx, cy, ax, ay, length) { console.log(cx, cy, length); },
 * });
 * ```
 */
export function eachCellPiece(seg: Segment, visitor: CellPieceVisitor): void {
  const walker = (walkers[depth] ??= new PieceWalker());
  depth++;
  try {
    walker.walk(seg, visitor);
  } finally {
    depth--;
  }
}

/** Sums length × cell cost over pieces; see {@link pathCost}. */
class CostSum implements CellPieceVisitor {
  grid: Grid | null = null;
  sum = 0;

  piece(cx: number, cy: number, ax: number, ay: number, length: number): void {
    const grid = this.grid!;
    let cost = grid.cost(cx, cy);
    if (cx !== ax || cy !== ay) {
      // Along an edge a unit may lean to either side: the cheaper free cell (both blocked: illegal, the cheaper one).
      const other = grid.cost(ax, ay);
      const freeC = !grid.isBlocked(cx, cy);
      const freeA = !grid.isBlocked(ax, ay);
      if (freeA && (!freeC || other < cost)) cost = other;
      else if (!freeC && !freeA) cost = Math.min(cost, other);
    }
    this.sum += length * cost;
  }
}

const costSum = new CostSum();

/**
 * The cost of driving `segments` on `grid`: each piece's length (tile units) times its cell's
 * {@link Grid.cost}, a piece along a cell edge taking the cheaper of its free cells (of both
 * when neither is free: the caller asks about legal curves only), and every reverse segment's
 * cost multiplied by `reverseCost`. On a uniform grid this is Σ length × (reverse ? reverseCost : 1),
 * the same as `SegmentPath.cost`. Allocates nothing.
 *
 * @example
 * ```ts
 * const grid = new Grid(3, 1).setCost(1, 0, 4);
 * pathCost(grid, [lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 2)], 1); // 0.5 + 4 + 0.5 = 5
 * ```
 * @throws RangeError when `reverseCost` is not a finite number >= 0.
 */
export function pathCost(grid: Grid, segments: readonly Segment[], reverseCost: number): number {
  if (typeof reverseCost !== 'number' || !(reverseCost >= 0) || !Number.isFinite(reverseCost)) {
    throw new RangeError(`reverse cost must be a finite number >= 0, got ${String(reverseCost)}`);
  }
  let total = 0;
  if (!grid.weighted) {
    for (const seg of segments) total += seg.reverse ? reverseCost * seg.length : seg.length;
    return total;
  }
  for (const seg of segments) {
    costSum.grid = grid;
    costSum.sum = 0;
    eachCellPiece(seg, costSum);
    total += seg.reverse ? reverseCost * costSum.sum : costSum.sum;
  }
  costSum.grid = null;
  return total;
}
