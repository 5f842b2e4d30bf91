/**
 * Room for units with a size: a unit is a disc of radius r (tile units) and its whole disc must
 * stay off blocked cells and inside the map (touching counts as hitting, as in
 * `curves/footprint`). Straight-move checks, corners pushed out by the radius, and grids eroded
 * by whole cells for planning.
 */
import { Grid, type GridArea } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import { isPointFree, type Point } from '../grid/point.js';
import { WallDistanceMap, discHitsBlocked, segmentHitsBlocked } from '../curves/footprint.js';
import { lineSegment } from '../curves/segment.js';

/**
 * Throws unless `r` is a radius: a number >= 0 (Infinity allowed: nothing that wide fits).
 * @throws RangeError naming the bad radius.
 */
function checkRadius(r: number): void {
  if (typeof r !== 'number' || !(r >= 0)) throw new RangeError(`footprint radius must be a number >= 0, got ${String(r)}`);
}

/**
 * True when a disc of radius r is too wide for `grid` anywhere: touching the outside counts as
 * hitting it, so a disc needs 2r < the map's smaller side. Checked first, so a huge radius never
 * makes the cell loops below run over a huge area.
 */
function tooWide(grid: Grid, r: number): boolean {
  return 2 * r >= Math.min(grid.width, grid.height);
}

/**
 * True when a disc of radius `r` can slide straight from a to b without touching a blocked or
 * outside cell; for r = 0, the grid rule's line of sight.
 * @throws RangeError when r is NaN or negative.
 */
export function legClear(grid: Grid, a: Point, b: Point, r: number, walls?: WallDistanceMap): boolean {
  checkRadius(r);
  if (r === 0) return lineOfSight(grid, a.x, a.y, b.x, b.y);
  if (tooWide(grid, r)) return false;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if (length === 0) return !discHitsBlocked(grid, a.x, a.y, r);
  const seg = lineSegment({ x: a.x, y: a.y, heading: Math.atan2(b.y - a.y, b.x - a.x) }, length);
  return !segmentHitsBlocked(grid, seg, r, walls);
}

/**
 * True when every leg of `points` is clear for a disc of radius r (see {@link legClear}).
 * @throws RangeError when r is NaN or negative.
 */
export function polylineClear(grid: Grid, points: readonly Point[], r: number, walls?: WallDistanceMap): boolean {
  for (let i = 1; i < points.length; i++) if (!legClear(grid, points[i - 1]!, points[i]!, r, walls)) return false;
  return points.length !== 1 || legClear(grid, points[0]!, points[0]!, r);
}

/**
 * True when a disc of radius r at (x, y) touches no blocked or outside cell (a point: the grid rule).
 * @throws RangeError when r is NaN or negative.
 */
export function pointClear(grid: Grid, x: number, y: number, r: number): boolean {
  checkRadius(r);
  if (r === 0) return isPointFree(grid, x, y);
  return !tooWide(grid, r) && Number.isFinite(x) && Number.isFinite(y) && !discHitsBlocked(grid, x, y, r);
}

/**
 * Largest angle (radians) one pushed vertex may cover: the outer polygon around a corner then
 * stays within 1/cos(30°) ≈ 1.15 radii of it.
 */
const MAX_PUSH_ANGLE = Math.PI / 3;

/** Extra push (tile units) so legs tangent to a corner's circle clear it rather than touch it. */
export const PUSH_MARGIN = 1e-6;

/**
 * The polyline with every interior vertex replaced by points `r` out from it on the outside of
 * the turn: the vertices of a polygon around the circle of radius r centred on the corner, so
 * the legs keep at least r from it. Any-angle paths bend at wall corners, so this is the taut
 * path of a disc of radius r, to be checked with {@link polylineClear}.
 * @throws RangeError when r is not a finite number >= 0, or the pushed points overflow.
 */
export function pushCorners(points: readonly Point[], r: number): Point[] {
  if (typeof r !== 'number' || !(r >= 0) || !Number.isFinite(r)) throw new RangeError(`push radius must be a finite number >= 0, got ${String(r)}`);
  if (points.length < 3 || r === 0) return points.map((p) => ({ x: p.x, y: p.y }));
  const out: Point[] = [{ x: points[0]!.x, y: points[0]!.y }];
  for (let i = 1; i < points.length - 1; i++) {
    const a = points[i - 1]!;
    const c = points[i]!;
    const b = points[i + 1]!;
    const hin = Math.atan2(c.y - a.y, c.x - a.x);
    const hout = Math.atan2(b.y - c.y, b.x - c.x);
    let turn = hout - hin;
    if (turn > Math.PI) turn -= 2 * Math.PI;
    if (turn <= -Math.PI) turn += 2 * Math.PI;
    if (Math.abs(turn) < 1e-12) {
      out.push({ x: c.x, y: c.y });
      continue;
    }
    // The outside of a clockwise turn (turn > 0, y down) is to the left of the motion.
    const side = turn > 0 ? -1 : 1;
    const pieces = Math.ceil(Math.abs(turn) / MAX_PUSH_ANGLE);
    const step = turn / pieces;
    const reach = (r + PUSH_MARGIN) / Math.cos(Math.abs(step) / 2);
    for (let k = 0; k < pieces; k++) {
      const h = hin + step * (k + 0.5) + (side * Math.PI) / 2;
      out.push({ x: c.x + reach * Math.cos(h), y: c.y + reach * Math.sin(h) });
    }
  }
  const last = points[points.length - 1]!;
  out.push({ x: last.x, y: last.y });
  if (out.some((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y))) {
    throw new RangeError(`pushing corners out by ${r} tiles leaves the range of numbers`);
  }
  return out;
}

/**
 * The erosion depth k a disc of radius r needs on cell centres: a disc centred on a free cell of
 * the grid eroded by k keeps k + 0.5 > r from every wall, so it does not even touch one.
 * @throws RangeError when r is not a finite number >= 0.
 */
export function erosionFor(r: number): number {
  if (typeof r !== 'number' || !(r >= 0) || !Number.isFinite(r)) throw new RangeError(`footprint radius must be a finite number >= 0, got ${String(r)}`);
  return r === 0 ? 0 : Math.floor(r + 0.5);
}

/**
 * Copies of a grid eroded by k cells, one per depth k (a cell is blocked when a blocked or
 * outside cell lies within Chebyshev distance k), kept up to date as the grid changes. Each copy
 * carries the grid's tile costs cell for cell (see `Grid.cost`), so that a sized unit's fallback
 * search on it prefers cheap ground as a point unit's search does.
 *
 * @example
 * ```ts
 * const shrunk = new ErodedGrids(grid);
 * shrunk.get(1); // cells next to a wall or the border are blocked
 * ```
 */
export class ErodedGrids {
  /** Chebyshev distance of every cell to the nearest wall, for eroding and for fast sweep checks. */
  readonly map: WallDistanceMap;
  private readonly grids = new Map<number, Grid>();
  private readonly unsubscribe: () => void;

  constructor(readonly grid: Grid) {
    this.map = new WallDistanceMap(grid);
    this.unsubscribe = grid.watch((area) => this.update(area));
  }

  /** The wall-distance map, recomputed if the grid changed. */
  fresh(): WallDistanceMap {
    return this.map.refresh();
  }

  /** The grid eroded by `k` cells (the grid itself for k = 0). */
  get(k: number): Grid {
    if (k <= 0) return this.grid;
    let eroded = this.grids.get(k);
    if (!eroded) {
      const map = this.fresh();
      eroded = Grid.fromPredicate(this.grid.width, this.grid.height, (x, y) => map.at(x, y) <= k);
      copyCosts(this.grid, eroded, { x: 0, y: 0, width: this.grid.width, height: this.grid.height });
      this.grids.set(k, eroded);
    }
    return eroded;
  }

  /** Stops following the grid. */
  destroy(): void {
    this.unsubscribe();
    this.map.release();
    this.grids.clear();
  }

  private update(area: GridArea): void {
    if (this.grids.size === 0) return;
    const map = this.fresh();
    let errors: unknown[] | undefined;
    for (const [k, eroded] of this.grids) {
      // Each copy changes whole, and one copy's listener that throws must not leave the others stale.
      try {
        eroded.fill(area.x - k, area.y - k, area.width + 2 * k, area.height + 2 * k, (x, y) => map.at(x, y) <= k);
      } catch (error) {
        (errors ??= []).push(error);
      }
      try {
        copyCosts(this.grid, eroded, area);
      } catch (error) {
        (errors ??= []).push(error);
      }
    }
    if (errors) throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} eroded grid listeners threw`);
  }
}

/**
 * Copies the costs of an area of `from` onto `to` (a grid of the same size), in one change of
 * `to`. A source that never had costs writes nothing unless `to` has some to reset.
 */
function copyCosts(from: Grid, to: Grid, area: GridArea): void {
  if (from.costs === null && to.costs === null) return;
  to.fillCosts(area.x, area.y, area.width, area.height, (x, y) => from.cost(x, y));
}
