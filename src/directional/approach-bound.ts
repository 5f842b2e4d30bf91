/**
 * An exact bound on how long a legal curve into a goal pose can be, found once per goal from the
 * walls just behind it, and the test it gives: which poses have no legal analytic shot, decided
 * without solving the curve. A goal the unit cannot drive into (a pocket) has walls across its
 * way in; the reachability proof then rejects almost all of its near shots at a glance.
 *
 * The geometry (docs/reachability.md, "Near shots rejected at a glance"). Follow a curve of
 * curvature at most 1/r backward from the goal G, whose heading is θ. Let b be the unit vector
 * pointing backward (heading θ + π) and n the one across it. At arc length t from G the curve's
 * heading differs from θ by at most t / r, so for t ≤ πr/2:
 * - its progress along b, α(t), grows strictly and is at least r·sin(t / r);
 * - its offset across, β(t), is at most r·(1 − cos(t / r)) either way.
 * Pick α* < r and let t* = r·asin(α* / r). A curve of length at least t* passes α = α* at some
 * t ≤ t*, within β* = r·(1 − cos(t* / r)) of the axis. If every point of that slice,
 * G + α*·b + β·n with |β| ≤ β*, is nearer than the footprint's radius to a blocked cell, every such
 * curve sweeps a wall. So a legal curve into G is shorter than t*, and a start pose p with heading φ
 * has none when:
 * - |p − G| ≥ t* (a curve is no shorter than its chord), or
 * - r·|φ − θ| ≥ t* (it turns through the heading change along arcs of radius r), or
 * - p lies outside where a curve shorter than t* can end: its progress along b below
 *   r·sin(|p − G| / r), or its offset across beyond β*.
 *
 * This holds for any curve of bounded curvature driven forward, so for the Dubins shot of a
 * forward-only unit to a goal heading; a unit that reverses (cusps) or a goal without a heading
 * (Pinter's first leg ends at any heading) gets no bound.
 */
import type { Grid } from '../grid/grid.js';
import { normalizeAngle } from '../curves/angle.js';
import type { Pose } from '../curves/segment.js';

/**
 * Tiles of slack on every comparison, in the direction that rejects less: a computed curve ends
 * within 1e-9 × the coordinate scale of the goal (`CURVE_TOLERANCE`), far below this on any map
 * that fits in memory, and the sweep counts a touch within 1e-9 as a hit.
 */
const SLACK = 1e-4;

/** Spacing of the slices tried behind the goal, tiles: fine enough to find the nearest wall across the way in. */
const SLICE_STEP = 1 / 16;

/** Slices are tried up to this fraction of the radius behind the goal (α* < r, where t* = r·asin(α* / r) is defined). */
const MAX_SLICE = 0.999;

/** Blocked cells tested per work unit while the slices are searched (an interval of a rounded square each). */
export const SLICE_CELLS_PER_UNIT = 8;

/** Poses tested per work unit: a few products and one sine. */
export const POSES_PER_UNIT = 16;

/**
 * The bound for one goal pose: {@link limit}, the length (tiles) every legal forward curve of
 * radius at least `turningRadius` into the goal is shorter than, and {@link rejects}, the poses
 * no such curve starts from. `limit` is Infinity when no slice behind the goal is walled off.
 *
 * @example
 * ```ts
 * const bound = new ApproachBound(grid, { x: 4.5, y: 2.5, heading: Math.PI / 2 }, 2, 0.4);
 * if (bound.rejects(9.5, 7.5, 0)) ; // the shot from (9.5, 7.5) facing +x sweeps a wall
 * ```
 */
export class ApproachBound {
  /** Every legal curve into the goal is shorter than this, tiles; Infinity when unbounded. */
  readonly limit: number;
  /** Work units the slices cost to search (see {@link SLICE_CELLS_PER_UNIT}). */
  readonly work: number;
  private readonly bx: number;
  private readonly by: number;
  private readonly across: number;

  /**
   * @param goal the goal pose; its heading in radians
   * @param turningRadius tiles, > 0
   * @param sweepRadius the footprint's radius, tiles
   */
  constructor(
    grid: Grid,
    readonly goal: Pose,
    readonly turningRadius: number,
    sweepRadius: number,
  ) {
    const r = turningRadius;
    this.bx = -Math.cos(goal.heading);
    this.by = -Math.sin(goal.heading);
    let limit = Infinity;
    let across = Infinity;
    let cells = 0;
    // Where a legal curve can cross the current slice: offsets across, closed intervals as flat pairs.
    let reach = [-SLACK, SLACK];
    for (let alpha = SLICE_STEP; alpha < MAX_SLICE * r; alpha += SLICE_STEP) {
      const half = r - Math.sqrt(r * r - alpha * alpha);
      // Up to this slice the heading is off the axis by at most asin(alpha / r): so much drift across per step.
      const drift = SLICE_STEP * (alpha / Math.sqrt(r * r - alpha * alpha)) + SLACK;
      const bound = half + SLACK;
      const widened: number[] = [];
      for (let i = 0; i < reach.length; i += 2) {
        const lo = Math.max(-bound, reach[i]! - drift);
        const hi = Math.min(bound, reach[i + 1]! + drift);
        if (widened.length > 0 && lo <= widened[widened.length - 1]!) widened[widened.length - 1] = Math.max(widened[widened.length - 1]!, hi);
        else widened.push(lo, hi);
      }
      const slice = walledSpans(grid, goal.x + alpha * this.bx, goal.y + alpha * this.by, -this.by, this.bx, bound, sweepRadius - SLACK);
      cells += slice.cells;
      reach = subtract(widened, slice.spans);
      if (reach.length === 0) {
        limit = r * Math.asin(alpha / r);
        across = half;
        break;
      }
    }
    this.limit = limit;
    this.across = across;
    this.work = cells / SLICE_CELLS_PER_UNIT;
  }

  /**
   * True when no curve of radius at least the turning radius, driven forward from (x, y) facing
   * `heading` (radians) to the goal pose, is shorter than {@link limit}: every one sweeps a wall.
   */
  rejects(x: number, y: number, heading: number): boolean {
    const limit = this.limit;
    if (limit === Infinity) return false;
    const dx = x - this.goal.x;
    const dy = y - this.goal.y;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d >= limit + SLACK) return true;
    const r = this.turningRadius;
    if (r * Math.abs(normalizeAngle(heading - this.goal.heading)) >= limit + SLACK) return true;
    const along = dx * this.bx + dy * this.by;
    const off = dy * this.bx - dx * this.by;
    // d < limit ≤ πr/2 here, where sine grows.
    return along < r * Math.sin(d / r) - SLACK || Math.abs(off) > this.across + SLACK;
  }

  /**
   * True when no pose at (x, y) has a legal curve into the goal: the point is as far from the
   * goal as {@link limit}. Cheaper than {@link rejects} for every heading of a cell.
   */
  rejectsPoint(x: number, y: number): boolean {
    return Math.hypot(x - this.goal.x, y - this.goal.y) >= this.limit + SLACK;
  }

  /** True when a curve this long (tiles) into the goal sweeps a wall, whatever its shape. */
  rejectsLength(length: number): boolean {
    return length >= this.limit + SLACK;
  }
}

/**
 * The open intervals of β (flat pairs) where (cx, cy) + β·(nx, ny), |β| ≤ half, is nearer than
 * `rho` to a blocked (or outside) cell of `grid`, and how many blocked cells were tested. Each
 * blocked square grown by `rho` is convex, so it covers one open interval of the line.
 */
function walledSpans(grid: Grid, cx: number, cy: number, nx: number, ny: number, half: number, rho: number): { spans: number[]; cells: number } {
  const reachX = Math.abs(nx) * half + rho;
  const reachY = Math.abs(ny) * half + rho;
  const spans: number[] = [];
  let cells = 0;
  for (let y = Math.floor(cy - reachY); y <= Math.floor(cy + reachY); y++) {
    for (let x = Math.floor(cx - reachX); x <= Math.floor(cx + reachX); x++) {
      if (!grid.isBlocked(x, y)) continue;
      cells++;
      const span = roundedSquareSpan(cx, cy, nx, ny, x, y, rho);
      if (span !== null) spans.push(span[0], span[1]);
    }
  }
  return { spans, cells };
}

/**
 * The open interval of β where (cx, cy) + β·(nx, ny) (a unit direction) is nearer than `rho` to
 * the square [sx, sx+1] × [sy, sy+1], or null: the grown square is two crossed rectangles and four
 * corner discs, and, being convex, meets the line in one interval, the hull of theirs.
 */
export function roundedSquareSpan(cx: number, cy: number, nx: number, ny: number, sx: number, sy: number, rho: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  const add = (span: [number, number] | null): void => {
    if (span === null) return;
    lo = Math.min(lo, span[0]);
    hi = Math.max(hi, span[1]);
  };
  add(boxSpan(cx, cy, nx, ny, sx - rho, sy, sx + 1 + rho, sy + 1));
  add(boxSpan(cx, cy, nx, ny, sx, sy - rho, sx + 1, sy + 1 + rho));
  for (const [qx, qy] of [
    [sx, sy],
    [sx + 1, sy],
    [sx, sy + 1],
    [sx + 1, sy + 1],
  ] as const) {
    add(discSpan(cx - qx, cy - qy, nx, ny, rho));
  }
  return lo < hi ? [lo, hi] : null;
}

/** The open interval of β where (cx, cy) + β·(nx, ny) lies strictly inside the box, or null. */
function boxSpan(cx: number, cy: number, nx: number, ny: number, x0: number, y0: number, x1: number, y1: number): [number, number] | null {
  let lo = -Infinity;
  let hi = Infinity;
  for (const [c, n, a, b] of [
    [cx, nx, x0, x1],
    [cy, ny, y0, y1],
  ] as const) {
    if (n === 0) {
      if (!(c > a && c < b)) return null;
      continue;
    }
    const u = (a - c) / n;
    const v = (b - c) / n;
    lo = Math.max(lo, Math.min(u, v));
    hi = Math.min(hi, Math.max(u, v));
  }
  return lo < hi ? [lo, hi] : null;
}

/** The open interval of β where (ox, oy) + β·(nx, ny), relative to a disc's centre, lies strictly inside it, or null. */
function discSpan(ox: number, oy: number, nx: number, ny: number, rho: number): [number, number] | null {
  const h = ox * nx + oy * ny;
  const disc = h * h - (ox * ox + oy * oy - rho * rho);
  if (!(disc > 0)) return null;
  const s = Math.sqrt(disc);
  return [-h - s, -h + s];
}

/**
 * The closed intervals `from` (flat pairs, sorted, disjoint) less the union of the open intervals
 * `spans` (flat pairs, any order): what is left of each, sorted.
 */
export function subtract(from: readonly number[], spans: readonly number[]): number[] {
  const order: number[] = [];
  for (let i = 0; i < spans.length; i += 2) order.push(i);
  order.sort((a, b) => spans[a]! - spans[b]!);
  const out: number[] = [];
  for (let i = 0; i < from.length; i += 2) {
    let at = from[i]!;
    const end = from[i + 1]!;
    let open = true;
    for (const j of order) {
      const lo = spans[j]!;
      const hi = spans[j + 1]!;
      if (hi <= at) continue;
      if (lo >= end) break;
      // [at, lo] is left (the open span leaves its end point); the span removes (lo, hi).
      if (lo >= at) out.push(at, lo);
      if (hi > end) {
        open = false;
        break;
      }
      at = hi;
    }
    if (open) out.push(at, end);
  }
  return out;
}
