/**
 * Exact swept-disc geometry against the grid: which cells a disc of radius ρ touches anywhere
 * while its centre runs along a line or an arc. The swept area is a stadium for a line and an
 * annular sector with round ends for an arc; a cell is touched iff the exact distance from the
 * square to the centre curve is below ρ. No pose sampling: a curve cannot hop over a thin wall.
 *
 * Cell (x, y) is the square [x, x+1] × [y, y+1]; cells outside the map are blocked.
 */
import { ChangeBoxes, growArea } from '../grid/change-boxes.js';
import type { Grid, GridArea } from '../grid/grid.js';
import { TWO_PI } from './angle.js';
import { MAX_PIECE_UNITS, runBuild, unitsFor, type BuildWork } from '../search/stepped-build.js';
import type { Segment } from './segment.js';
import type { SegmentPath } from './segment-path.js';

/**
 * A cell within ρ + this of the curve counts as touched, so that rounding in the curve's own
 * endpoints (~1e-13) can never turn a graze into a pass. A unit that exactly touches a wall is
 * treated as hitting it.
 */
export const TOUCH_MARGIN = 1e-9;

/** Curves are cut into pieces at most this long (tiles) so each piece has a small bounding box. */
const PIECE_LENGTH = 1;

/** Angles within this (radians) of an arc's ends count as on the arc. */
const ANGLE_EPSILON = 1e-12;

/**
 * The length of (dx, dy): Math.hypot's overflow care is not needed at tile scale, and in the sweep's
 * inner loop its boxing was a third of the footprint's garbage.
 */
function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/** Distance from point (px, py) to the square with top-left corner (sx, sy); 0 inside. */
export function pointSquareDistance(px: number, py: number, sx: number, sy: number): number {
  const dx = px < sx ? sx - px : px > sx + 1 ? px - sx - 1 : 0;
  const dy = py < sy ? sy - py : py > sy + 1 ? py - sy - 1 : 0;
  return dx === 0 ? dy : dy === 0 ? dx : distance(dx, dy);
}

/** Distance from point (px, py) to the segment (ax, ay)-(bx, by). */
export function pointSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const len2 = vx * vx + vy * vy;
  let t = len2 > 0 ? ((px - ax) * vx + (py - ay) * vy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return distance(px - ax - t * vx, py - ay - t * vy);
}

/** True when the segment (ax, ay)-(bx, by) meets the closed square with top-left (sx, sy) (Liang-Barsky). */
function segmentMeetsSquare(ax: number, ay: number, bx: number, by: number, sx: number, sy: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0;
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
    return true;
  };
  return clip(-dx, ax - sx) && clip(dx, sx + 1 - ax) && clip(-dy, ay - sy) && clip(dy, sy + 1 - ay) && t0 <= t1;
}

/** Exact distance from the segment (ax, ay)-(bx, by) to the square with top-left (sx, sy); 0 when they meet. */
export function segmentSquareDistance(ax: number, ay: number, bx: number, by: number, sx: number, sy: number): number {
  if (segmentMeetsSquare(ax, ay, bx, by, sx, sy)) return 0;
  // Disjoint convex sets: the closest pair has an endpoint of the segment or a corner of the square.
  let best = Math.min(pointSquareDistance(ax, ay, sx, sy), pointSquareDistance(bx, by, sx, sy));
  for (let c = 0; c < 4; c++) {
    const d = pointSegmentDistance(sx + (c & 1), sy + (c >> 1), ax, ay, bx, by);
    if (d < best) best = d;
  }
  return best;
}

/**
 * An arc of the circle centred (ox, oy) with radius `r`, from angle `a0` through `sweep` radians
 * (>= 0: angles increase, which is clockwise on screen). Angles are atan2(y - oy, x - ox).
 */
interface Arc {
  ox: number;
  oy: number;
  r: number;
  a0: number;
  sweep: number;
}

function onArc(arc: Arc, angle: number): boolean {
  if (arc.sweep >= TWO_PI) return true;
  let d = (angle - arc.a0) % TWO_PI;
  if (d < 0) d += TWO_PI;
  return d <= arc.sweep + ANGLE_EPSILON || d >= TWO_PI - ANGLE_EPSILON;
}

/** Distance from point (px, py) to the arc. */
function pointArcDistance(arc: Arc, px: number, py: number): number {
  const dx = px - arc.ox;
  const dy = py - arc.oy;
  const d = distance(dx, dy);
  if (d > 0 && onArc(arc, Math.atan2(dy, dx))) return Math.abs(d - arc.r);
  const e0x = arc.ox + arc.r * Math.cos(arc.a0);
  const e0y = arc.oy + arc.r * Math.sin(arc.a0);
  const a1 = arc.a0 + arc.sweep;
  const e1x = arc.ox + arc.r * Math.cos(a1);
  const e1y = arc.oy + arc.r * Math.sin(a1);
  return Math.min(distance(px - e0x, py - e0y), distance(px - e1x, py - e1y));
}

/**
 * Distance from the arc to one axis-aligned edge of a square: the edge is at `fixed` on axis
 * `vertical ? x : y` and spans [lo, lo + 1] on the other axis. Returns 0 when they cross;
 * otherwise the distance at the interior point where the arc's tangent is parallel to the edge,
 * or Infinity when there is none (the endpoint cases are handled by the caller).
 */
function arcEdgeDistance(arc: Arc, vertical: boolean, fixed: number, lo: number): number {
  // Work in (u, v) with u along the edge and v across it.
  const ou = vertical ? arc.oy : arc.ox;
  const ov = vertical ? arc.ox : arc.oy;
  const dv = fixed - ov;
  if (Math.abs(dv) <= arc.r) {
    const du = Math.sqrt(arc.r * arc.r - dv * dv);
    const u0 = ou - du;
    if (u0 >= lo && u0 <= lo + 1 && onArc(arc, vertical ? Math.atan2(-du, dv) : Math.atan2(dv, -du))) return 0;
    const u1 = ou + du;
    if (u1 >= lo && u1 <= lo + 1 && onArc(arc, vertical ? Math.atan2(du, dv) : Math.atan2(dv, du))) return 0;
  }
  let best = Infinity;
  if (ou >= lo && ou <= lo + 1) {
    // The arc points straight across the edge's line, at v = ov ± r.
    const r = arc.r;
    if (onArc(arc, vertical ? 0 : Math.PI / 2)) best = Math.abs(ov + r - fixed);
    if (onArc(arc, vertical ? Math.PI : -Math.PI / 2)) best = Math.min(best, Math.abs(ov - r - fixed));
  }
  return best;
}

/** Exact distance from the arc to the square with top-left (sx, sy); 0 when they meet. */
function arcSquareDistanceOf(arc: Arc, sx: number, sy: number): number {
  const e0x = arc.ox + arc.r * Math.cos(arc.a0);
  const e0y = arc.oy + arc.r * Math.sin(arc.a0);
  const a1 = arc.a0 + arc.sweep;
  const e1x = arc.ox + arc.r * Math.cos(a1);
  const e1y = arc.oy + arc.r * Math.sin(a1);
  const d0 = pointSquareDistance(e0x, e0y, sx, sy);
  if (d0 === 0) return 0;
  // The arc starts outside the square, so it meets the square iff it crosses the boundary; when
  // it does not, the closest pair involves an endpoint of the arc, a corner of the square, or a
  // common normal (an arc point with its tangent parallel to an edge, above that edge).
  let best = Math.min(d0, pointSquareDistance(e1x, e1y, sx, sy));
  for (let c = 0; c < 4; c++) best = Math.min(best, pointArcDistance(arc, sx + (c & 1), sy + (c >> 1)));
  best = Math.min(
    best,
    arcEdgeDistance(arc, false, sy, sx),
    arcEdgeDistance(arc, false, sy + 1, sx),
    arcEdgeDistance(arc, true, sx, sy),
    arcEdgeDistance(arc, true, sx + 1, sy),
  );
  return best;
}

/**
 * Exact distance from the arc centred (ox, oy) with radius `r`, starting at angle `a0` and turning
 * through `sweep` radians (either sign), to the square with top-left (sx, sy).
 */
export function arcSquareDistance(ox: number, oy: number, r: number, a0: number, sweep: number, sx: number, sy: number): number {
  const arc: Arc = sweep >= 0 ? { ox, oy, r, a0, sweep } : { ox, oy, r, a0: a0 + sweep, sweep: -sweep };
  return arcSquareDistanceOf(arc, sx, sy);
}

/**
 * One piece of a curve in the form the distance functions take: a line from (ax, ay) to
 * (bx, by), or (when `arc` is set) an arc. (mx, my) is a point of the piece every other point is
 * within `reach` of.
 */
interface Piece {
  arc: Arc | null;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  mx: number;
  my: number;
  reach: number;
}

/** Cuts `seg` into pieces no longer than {@link PIECE_LENGTH} and calls `visit` with each. */
function eachPiece(seg: Segment, visit: (piece: Piece) => boolean): boolean {
  const n = pieceCount(seg);
  const step = seg.length / n;
  const piece: Piece = { arc: null, ax: 0, ay: 0, bx: 0, by: 0, mx: 0, my: 0, reach: step / 2 };
  if (seg.kind === 'line') {
    const sign = seg.reverse ? -1 : 1;
    const ux = sign * Math.cos(seg.heading);
    const uy = sign * Math.sin(seg.heading);
    for (let i = 0; i < n; i++) {
      piece.ax = seg.x + ux * step * i;
      piece.ay = seg.y + uy * step * i;
      piece.bx = seg.x + ux * step * (i + 1);
      piece.by = seg.y + uy * step * (i + 1);
      piece.mx = (piece.ax + piece.bx) / 2;
      piece.my = (piece.ay + piece.by) / 2;
      if (!visit(piece)) return false;
    }
    return true;
  }
  const start = Math.atan2(seg.y - seg.cy, seg.x - seg.cx);
  // The radius vector turns with the heading: by turn / radius per tile, whichever way the unit drives.
  const dAngle = (seg.turn * step) / seg.radius;
  const arc: Arc = { ox: seg.cx, oy: seg.cy, r: seg.radius, a0: 0, sweep: Math.abs(dAngle) };
  piece.arc = arc;
  for (let i = 0; i < n; i++) {
    const a = start + dAngle * i;
    arc.a0 = dAngle >= 0 ? a : a + dAngle;
    const mid = a + dAngle / 2;
    piece.mx = seg.cx + seg.radius * Math.cos(mid);
    piece.my = seg.cy + seg.radius * Math.sin(mid);
    if (!visit(piece)) return false;
  }
  return true;
}

function pieceSquareDistance(piece: Piece, sx: number, sy: number): number {
  return piece.arc === null
    ? segmentSquareDistance(piece.ax, piece.ay, piece.bx, piece.by, sx, sy)
    : arcSquareDistanceOf(piece.arc, sx, sy);
}

/**
 * Calls `visit(x, y)` for every cell the disc of radius `rho` touches while its centre runs along
 * `seg` (cells may repeat; they may lie outside any map). Exact up to {@link TOUCH_MARGIN}.
 */
export function forEachSweptCell(seg: Segment, rho: number, visit: (x: number, y: number) => void): void {
  const limit = rho + TOUCH_MARGIN;
  eachPiece(seg, (piece) => {
    const e = piece.reach + limit;
    const x0 = Math.floor(piece.mx - e);
    const x1 = Math.floor(piece.mx + e);
    const y0 = Math.floor(piece.my - e);
    const y1 = Math.floor(piece.my + e);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) if (pieceSquareDistance(piece, x, y) < limit) visit(x, y);
    }
    return true;
  });
}

/** Cell tests of a swept footprint that take about a microsecond (measured: most cells are settled by the cheap bounds). */
const CELL_TESTS_PER_UNIT = 4;

/** Curve pieces cut and copied per microsecond: measured 1-4 µs a unit at 8 (each piece is two objects). */
const PIECES_PER_UNIT = 2;

/** The cells a sweep has found: `found[(y - y0) * width + x - x0]` is 1 for cell (x, y), over a box holding every cell it tests. */
interface SeenCells {
  x0: number;
  y0: number;
  width: number;
  found: Uint8Array;
}

/** Beyond this margin (tiles) above the bound, a cell is certainly not touched, whatever the rounding. */
const REJECT_SLACK = 1e-9;

/**
 * The distinct cells a disc of radius `rho` touches while its centre runs along `segments`, as
 * x, y pairs pushed onto `out` in the order first met (the same cells as {@link forEachSweptCell}),
 * as resumable work. A cell already found is not tested again, and most cells are settled without
 * the exact distance: every point of a piece lies within `reach` of its middle point, so a cell
 * nearer than ρ to that point is touched, and one farther than ρ + reach is not.
 */
export function* sweptCellsWork(segments: readonly Segment[], rho: number, out: number[]): BuildWork<void> {
  const limit = rho + TOUCH_MARGIN;
  let count = 0;
  for (const seg of segments) count += pieceCount(seg);
  if (count === 0) return;
  // Pieces in one flat array (a build sweeps thousands of curves: two objects a piece were most of its garbage).
  const flat = new Float64Array(count * PIECE_FIELDS);
  let stored = 0;
  // The box of every piece's box, for the cells found so far: one byte each (a Set of keys grew
  // its table a few times a curve, a fifth of a move-set build's garbage).
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const seg of segments) {
    yield unitsFor(pieceCount(seg), PIECES_PER_UNIT);
    eachPiece(seg, (piece) => {
      storePiece(flat, stored++, piece);
      const e = piece.reach + limit;
      x0 = Math.min(x0, Math.floor(piece.mx - e));
      y0 = Math.min(y0, Math.floor(piece.my - e));
      x1 = Math.max(x1, Math.floor(piece.mx + e));
      y1 = Math.max(y1, Math.floor(piece.my + e));
      return true;
    });
  }
  const seen: SeenCells = { x0, y0, width: x1 - x0 + 1, found: new Uint8Array((x1 - x0 + 1) * (y1 - y0 + 1)) };
  const piece: Piece = { arc: null, ax: 0, ay: 0, bx: 0, by: 0, mx: 0, my: 0, reach: 0 };
  const arc: Arc = { ox: 0, oy: 0, r: 0, a0: 0, sweep: 0 };
  const budget = MAX_PIECE_UNITS * CELL_TESTS_PER_UNIT;
  for (let i = 0; i < count; ) {
    const columns = boxSide(flat, i, limit, 0);
    const cells = columns * boxSide(flat, i, limit, 1);
    if (cells > budget) {
      // A wide footprint: the box row by row.
      loadPiece(flat, i, piece, arc);
      const e = piece.reach + limit;
      const x0 = Math.floor(piece.mx - e);
      const y0 = Math.floor(piece.my - e);
      const y1 = Math.floor(piece.my + e);
      const rowsPerPiece = Math.max(1, Math.floor(budget / columns));
      for (let ya = y0; ya <= y1; ya += rowsPerPiece) {
        const yb = Math.min(y1, ya + rowsPerPiece - 1);
        yield unitsFor((yb - ya + 1) * columns, CELL_TESTS_PER_UNIT);
        sweepRows(piece, x0, x0 + columns - 1, ya, yb, limit, seen, out);
      }
      i++;
      continue;
    }
    // Small boxes: as many whole pieces as fit one announcement (fewer pauses, same work).
    let end = i + 1;
    let total = cells;
    while (end < count) {
      const more = boxSide(flat, end, limit, 0) * boxSide(flat, end, limit, 1);
      if (total + more > budget) break;
      total += more;
      end++;
    }
    yield unitsFor(total, CELL_TESTS_PER_UNIT);
    for (; i < end; i++) {
      loadPiece(flat, i, piece, arc);
      const e = piece.reach + limit;
      sweepRows(piece, Math.floor(piece.mx - e), Math.floor(piece.mx + e), Math.floor(piece.my - e), Math.floor(piece.my + e), limit, seen, out);
    }
  }
}

/** Numbers a stored piece takes: ax, ay, bx, by, mx, my, reach, then 1 for an arc and its ox, oy, r, a0, sweep. */
const PIECE_FIELDS = 13;

/** The number of pieces {@link eachPiece} cuts `seg` into. */
function pieceCount(seg: Segment): number {
  return Math.max(1, Math.ceil(seg.length / PIECE_LENGTH));
}

function storePiece(flat: Float64Array, i: number, piece: Piece): void {
  const o = i * PIECE_FIELDS;
  flat[o] = piece.ax;
  flat[o + 1] = piece.ay;
  flat[o + 2] = piece.bx;
  flat[o + 3] = piece.by;
  flat[o + 4] = piece.mx;
  flat[o + 5] = piece.my;
  flat[o + 6] = piece.reach;
  const arc = piece.arc;
  if (arc === null) return;
  flat[o + 7] = 1;
  flat[o + 8] = arc.ox;
  flat[o + 9] = arc.oy;
  flat[o + 10] = arc.r;
  flat[o + 11] = arc.a0;
  flat[o + 12] = arc.sweep;
}

/** Fills `piece` (and `arc`, which it points to for an arc piece) with stored piece i. */
function loadPiece(flat: Float64Array, i: number, piece: Piece, arc: Arc): void {
  const o = i * PIECE_FIELDS;
  piece.ax = flat[o]!;
  piece.ay = flat[o + 1]!;
  piece.bx = flat[o + 2]!;
  piece.by = flat[o + 3]!;
  piece.mx = flat[o + 4]!;
  piece.my = flat[o + 5]!;
  piece.reach = flat[o + 6]!;
  if (flat[o + 7] !== 1) {
    piece.arc = null;
    return;
  }
  arc.ox = flat[o + 8]!;
  arc.oy = flat[o + 9]!;
  arc.r = flat[o + 10]!;
  arc.a0 = flat[o + 11]!;
  arc.sweep = flat[o + 12]!;
  piece.arc = arc;
}

/**
 * Columns (axis 0) or rows (axis 1) of the cells stored piece i's swept disc may touch: the square
 * of half-side reach + limit around its middle.
 */
function boxSide(flat: Float64Array, i: number, limit: number, axis: 0 | 1): number {
  const o = i * PIECE_FIELDS;
  const e = flat[o + 6]! + limit;
  const m = flat[o + 4 + axis]!;
  return Math.floor(m + e) - Math.floor(m - e) + 1;
}

/**
 * The cells of rows ya..yb, columns x0..x1 that `piece` touches and `seen` lacks, added to both.
 * Cheap bounds settle most cells: a cell nearer than the limit to a point of the piece (its middle
 * or, for an arc, an end) is touched; one at least the limit from the piece's middle minus its
 * reach, or from the arc's whole circle, is not. The exact distance decides the rest.
 */
function sweepRows(piece: Piece, x0: number, x1: number, ya: number, yb: number, limit: number, seen: SeenCells, out: number[]): void {
  const e = piece.reach + limit;
  const arc = piece.arc;
  const e0x = arc === null ? 0 : arc.ox + arc.r * Math.cos(arc.a0);
  const e0y = arc === null ? 0 : arc.oy + arc.r * Math.sin(arc.a0);
  const e1x = arc === null ? 0 : arc.ox + arc.r * Math.cos(arc.a0 + arc.sweep);
  const e1y = arc === null ? 0 : arc.oy + arc.r * Math.sin(arc.a0 + arc.sweep);
  const found = seen.found;
  for (let y = ya; y <= yb; y++) {
    for (let x = x0; x <= x1; x++) {
      const key = (y - seen.y0) * seen.width + (x - seen.x0);
      if (found[key] === 1) continue;
      const near = pointSquareDistance(piece.mx, piece.my, x, y);
      if (near >= e + REJECT_SLACK) continue;
      let touched = near < limit;
      if (!touched && arc !== null) {
        if (circleGap(arc, x, y) >= limit + REJECT_SLACK) continue;
        touched = pointSquareDistance(e0x, e0y, x, y) < limit || pointSquareDistance(e1x, e1y, x, y) < limit;
      }
      if (touched || pieceSquareDistance(piece, x, y) < limit) {
        found[key] = 1;
        out.push(x, y);
      }
    }
  }
}

/** A lower bound on the distance from the arc to the square with top-left (sx, sy): the gap between the square and the arc's whole circle. */
function circleGap(arc: Arc, sx: number, sy: number): number {
  const inner = pointSquareDistance(arc.ox, arc.oy, sx, sy);
  const fx = Math.max(Math.abs(arc.ox - sx), Math.abs(arc.ox - sx - 1));
  const fy = Math.max(Math.abs(arc.oy - sy), Math.abs(arc.oy - sy - 1));
  return Math.max(inner - arc.r, arc.r - distance(fx, fy), 0);
}

/** Cells of the wall-distance map's passes that take about a microsecond. */
const CLEARANCE_CELLS_PER_UNIT = 128;

/**
 * Cells around an edit the wall distances are first recomputed over: most values an edit moves
 * lie this close (a wall cell in a corridor a few tiles wide); a window whose rim moved doubles.
 */
const WALL_WINDOW_MARGIN = 4;

/**
 * Share of the map above which a window of the wall distances is built whole instead: the
 * window's rim checks and re-runs would cost more than the two plain passes over the map.
 */
export const WHOLE_REFRESH_SHARE = 1 / 4;

/**
 * Chebyshev distance (in cells) from every cell to the nearest blocked or outside cell; 0 for
 * blocked cells. A disc piece whose cells all lie within that distance of a cell touches no wall,
 * which lets the collision checks skip open ground.
 *
 * The map follows the grid's blocking changes: a refresh after tile edits recomputes windows
 * around them (see {@link refreshWork}), not the map.
 */
export class WallDistanceMap {
  readonly width: number;
  readonly height: number;
  readonly values: Uint16Array;
  /** The grid's `layoutVersion` the map describes: it reads blocking alone, so a cost edit leaves it fresh. */
  private builtVersion = -1;
  /** Boxes of cells whose blocking changed since the map was last up to date. */
  private readonly changes = new ChangeBoxes();
  /** Removes the map's watcher from the grid. */
  private readonly stop: () => void;

  constructor(readonly grid: Grid) {
    this.width = grid.width;
    this.height = grid.height;
    this.values = new Uint16Array(grid.width * grid.height);
    // The watcher holds the map weakly: a map made for one question (and dropped) costs the grid
    // a small closure until its next change, which unhooks it.
    const map = new WeakRef(this);
    const stop = grid.watchLayout((area) => {
      const self = map.deref();
      if (self === undefined) stop();
      else self.changes.add(area);
    });
    this.stop = stop;
  }

  /**
   * Unhooks the map from its grid now rather than after it is collected (an owner's `destroy()`):
   * it stops following changes, and a later {@link refresh} rebuilds it whole.
   */
  release(): void {
    this.stop();
    this.builtVersion = -1;
  }

  /** Recomputes the map when the grid's blocking changed since the last call. */
  refresh(): this {
    if (this.builtVersion === this.grid.layoutVersion) return this;
    runBuild(this.refreshWork());
    return this;
  }

  /** True when the map matches the grid's current blocking (its `layoutVersion`). */
  get fresh(): boolean {
    return this.builtVersion === this.grid.layoutVersion;
  }

  /**
   * {@link refresh} as resumable work, a few rows a piece: windows around the cells changed since
   * the last refresh (see {@link refreshAreaWork}), or the whole map the first time, after a
   * refresh a grid change overtook, or when the windows would cover
   * {@link WHOLE_REFRESH_SHARE} of it.
   */
  *refreshWork(): BuildWork<void> {
    if (this.builtVersion === this.grid.layoutVersion) return;
    const boxes = this.changes.take();
    if (this.builtVersion >= 0 && boxes.length > 0) {
      yield* this.refreshAreaWork(boxes);
      return;
    }
    yield* this.wholeWork();
  }

  /** Both chamfer passes over the whole map, as resumable work. */
  private *wholeWork(): BuildWork<void> {
    const version = this.grid.layoutVersion;
    const { width: w, height: h } = this;
    // Pieces of whole rows, or of part of a row on a map wider than a piece.
    const perPiece = MAX_PIECE_UNITS * CLEARANCE_CELLS_PER_UNIT;
    const rowsPerPiece = Math.max(1, Math.floor(perPiece / Math.max(1, w)));
    const span = Math.min(w, perPiece);
    // Two-pass chamfer with unit weights on all eight neighbours: exact for the Chebyshev metric.
    for (let ya = 0; ya < h; ya += rowsPerPiece) {
      const yb = Math.min(h, ya + rowsPerPiece);
      for (let x0 = 0; x0 < w; x0 += span) {
        yield unitsFor((yb - ya) * Math.min(span, w - x0), CLEARANCE_CELLS_PER_UNIT);
        this.forwardRows(ya, yb, x0, Math.min(w, x0 + span));
      }
    }
    for (let yb = h - 1; yb >= 0; yb -= rowsPerPiece) {
      const ya = Math.max(-1, yb - rowsPerPiece);
      for (let x1 = w; x1 > 0; x1 -= span) {
        yield unitsFor((yb - ya) * Math.min(span, x1), CLEARANCE_CELLS_PER_UNIT);
        this.backwardRows(yb, ya, Math.max(0, x1 - span), x1);
      }
    }
    // A grid change while paused leaves the map stale: the next refresh starts over.
    this.builtVersion = version === this.grid.layoutVersion ? version : -1;
  }

  /**
   * {@link refreshWork} for a map that was up to date before the cells of `areas` changed (and no
   * others): only a window around each area is recomputed, so one tile edit costs work near it.
   *
   * A window is the area grown by {@link WALL_WINDOW_MARGIN}; both chamfer passes run inside it,
   * reading the cells around it, which keep their values. That is exact when no value outside
   * the window changes, and a value outside changes only if one on the window's rim does (a
   * shortest 8-connected path from a changed cell to a cell outside crosses the rim, and the value
   * changes along it): so when a rim value moved, the margin doubles and the window is done again.
   * The areas are done one after the other, each on a map exact for the grid with the areas
   * before it changed. Windows over {@link WHOLE_REFRESH_SHARE} of the map, or a map never built,
   * are built whole; so is the next refresh after a grid change came while this ran in slices
   * (a window it overtook holds values of no grid).
   */
  private *refreshAreaWork(areas: readonly GridArea[]): BuildWork<void> {
    const { width: w, height: h } = this;
    const version = this.grid.layoutVersion;
    for (const area of areas) {
      for (let margin = WALL_WINDOW_MARGIN; ; margin *= 2) {
        const win = growArea(area, margin, w, h);
        if (win === null) break;
        if (win.width * win.height > WHOLE_REFRESH_SHARE * w * h) {
          yield* this.wholeWork();
          return;
        }
        yield unitsFor(2 * (win.width + win.height), CLEARANCE_CELLS_PER_UNIT);
        const rim = this.saveRim(win);
        const x1 = win.x + win.width;
        const y1 = win.y + win.height;
        const rowsPerPiece = Math.max(1, Math.floor((MAX_PIECE_UNITS * CLEARANCE_CELLS_PER_UNIT) / win.width));
        for (let ya = win.y; ya < y1; ya += rowsPerPiece) {
          const yb = Math.min(y1, ya + rowsPerPiece);
          yield unitsFor((yb - ya) * win.width, CLEARANCE_CELLS_PER_UNIT);
          this.forwardRows(ya, yb, win.x, x1);
        }
        for (let yb = y1 - 1; yb >= win.y; yb -= rowsPerPiece) {
          const ya = Math.max(win.y - 1, yb - rowsPerPiece);
          yield unitsFor((yb - ya) * win.width, CLEARANCE_CELLS_PER_UNIT);
          this.backwardRows(yb, ya, win.x, x1);
        }
        yield unitsFor(2 * (win.width + win.height), CLEARANCE_CELLS_PER_UNIT);
        if (this.rimHolds(win, rim)) break;
      }
    }
    this.builtVersion = this.grid.layoutVersion === version ? version : -1;
  }

  /** Scratch for the rim values of a window. */
  private rimScratch = new Uint16Array(0);

  /** Copies the values of `win`'s rim (its cells with a neighbour on the map outside it), in {@link forEachRim}'s order. */
  private saveRim(win: GridArea): Uint16Array {
    const need = 2 * (win.width + win.height);
    if (this.rimScratch.length < need) this.rimScratch = new Uint16Array(need);
    const rim = this.rimScratch;
    const values = this.values;
    let k = 0;
    this.forEachRim(win, (i) => {
      rim[k++] = values[i]!;
    });
    return rim;
  }

  /** True when the rim of `win` holds the values {@link saveRim} copied. */
  private rimHolds(win: GridArea, rim: Uint16Array): boolean {
    const values = this.values;
    let k = 0;
    let holds = true;
    this.forEachRim(win, (i) => {
      if (values[i] !== rim[k++]) holds = false;
    });
    return holds;
  }

  /** Calls `visit` with the index of each rim cell of `win` (sides on the map's edge have none beyond them, so no rim). */
  private forEachRim(win: GridArea, visit: (i: number) => void): void {
    const { width: w, height: h } = this;
    const x1 = win.x + win.width - 1;
    const y1 = win.y + win.height - 1;
    for (let x = win.x; x <= x1; x++) {
      if (win.y > 0) visit(win.y * w + x);
      if (y1 < h - 1) visit(y1 * w + x);
    }
    for (let y = win.y; y <= y1; y++) {
      if (win.x > 0) visit(y * w + win.x);
      if (x1 < w - 1) visit(y * w + x1);
    }
  }

  /** The forward chamfer pass over rows ya .. yb - 1, columns x0 .. x1 - 1 (left to right). */
  private forwardRows(ya: number, yb: number, x0: number, x1: number): void {
    const { width: w, height: h, values } = this;
    const cells = this.grid.cells;
    for (let y = ya; y < yb; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        if (cells[i] === 1) {
          values[i] = 0;
          continue;
        }
        let v = Math.min(x + 1, y + 1, w - x, h - y);
        if (x > 0) v = Math.min(v, values[i - 1]! + 1);
        if (y > 0) {
          v = Math.min(v, values[i - w]! + 1);
          if (x > 0) v = Math.min(v, values[i - w - 1]! + 1);
          if (x < w - 1) v = Math.min(v, values[i - w + 1]! + 1);
        }
        values[i] = v;
      }
    }
  }

  /** The backward chamfer pass over rows yb down to ya + 1, columns x1 - 1 down to x0. */
  private backwardRows(yb: number, ya: number, x0: number, x1: number): void {
    const { width: w, height: h, values } = this;
    for (let y = yb; y > ya; y--) {
      for (let x = x1 - 1; x >= x0; x--) {
        const i = y * w + x;
        let v = values[i]!;
        if (v === 0) continue;
        if (x < w - 1) v = Math.min(v, values[i + 1]! + 1);
        if (y < h - 1) {
          v = Math.min(v, values[i + w]! + 1);
          if (x < w - 1) v = Math.min(v, values[i + w + 1]! + 1);
          if (x > 0) v = Math.min(v, values[i + w - 1]! + 1);
        }
        values[i] = v;
      }
    }
  }

  /** The Chebyshev wall distance of cell (x, y); 0 outside the map. */
  at(x: number, y: number): number {
    return x < 0 || y < 0 || x >= this.width || y >= this.height ? 0 : this.values[y * this.width + x]!;
  }
}

/**
 * True when a disc of radius `rho` moving along `seg` touches a blocked (or outside) cell of
 * `grid`. With a fresh `walls` map, open ground is skipped without computing distances.
 */
export function segmentHitsBlocked(grid: Grid, seg: Segment, rho: number, walls?: WallDistanceMap): boolean {
  const limit = rho + TOUCH_MARGIN;
  return !eachPiece(seg, (piece) => {
    const e = piece.reach + limit;
    if (walls !== undefined) {
      // Every touched cell is within floor(e) + 1 columns and rows of the cell holding (mx, my).
      const c = walls.at(Math.floor(piece.mx), Math.floor(piece.my));
      if (c > Math.floor(e) + 1) return true;
    }
    const x0 = Math.floor(piece.mx - e);
    const x1 = Math.floor(piece.mx + e);
    const y0 = Math.floor(piece.my - e);
    const y1 = Math.floor(piece.my + e);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (grid.isBlocked(x, y) && pieceSquareDistance(piece, x, y) < limit) return false;
      }
    }
    return true;
  });
}

/** True when a disc of radius `rho` swept along the whole `path` touches a blocked cell. */
export function pathHitsBlocked(grid: Grid, path: SegmentPath, rho: number, walls?: WallDistanceMap): boolean {
  if (path.segments.length === 0) return discHitsBlocked(grid, path.start.x, path.start.y, rho);
  for (const seg of path.segments) if (segmentHitsBlocked(grid, seg, rho, walls)) return true;
  return false;
}

/** True when a disc of radius `rho` centred at (x, y) touches a blocked (or outside) cell. */
export function discHitsBlocked(grid: Grid, x: number, y: number, rho: number): boolean {
  const limit = rho + TOUCH_MARGIN;
  for (let cy = Math.floor(y - limit); cy <= Math.floor(y + limit); cy++) {
    for (let cx = Math.floor(x - limit); cx <= Math.floor(x + limit); cx++) {
      if (grid.isBlocked(cx, cy) && pointSquareDistance(x, y, cx, cy) < limit) return true;
    }
  }
  return false;
}
