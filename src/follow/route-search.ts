/**
 * The searches a route runs, as resumable work: a polyline planner's path made wide enough for
 * the unit's footprint, or a curve planner's drivable path. Each scheduled by its session's work
 * counter, whatever planner runs it.
 */
import { componentsOf } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { segmentCost } from '../grid/segment-cost.js';
import { freeRunsOf } from '../anyangle/free-runs.js';
import { ThetaStar } from '../anyangle/theta-star.js';
import type { Pose } from '../curves/segment.js';
import type { SegmentPath } from '../curves/segment-path.js';
import type { CurvePlannerEntry } from '../planners.js';
import { moveTableOf } from '../search/move-table.js';
import { LatticePlanner, type Planner } from '../search/planner.js';
import type { PathResult, PathStatus } from '../search/result.js';
import { withPointAsDisc, type ResolvedProfile } from '../unit/profile.js';
import type { WallDistanceMap } from '../curves/footprint.js';
import { erosionFor, legClear, polylineClear, pushCorners } from './disc-room.js';
import { nearestGoalWork } from './curve-nearest.js';
import { cellCentreNear } from './nearest.js';
import { MIN_DIRECTIONAL_WIDTH, type RouteContext } from './route-context.js';
import { buildWork, chargeWork, searchWork, type Work, type WorkBudget } from './work.js';

/** A search's failure, in the shape of a route without its goal. */
export interface SearchFailure {
  status: Exclude<PathStatus, 'found'>;
  waypoints: number[];
  message: string;
}

/**
 * An any-angle polyline from start to goal that a disc of radius r can follow: the planner's path
 * with its corners pushed out by r when that is clear, else a cell-centre path on the grid shrunk
 * by the unit's radius, pulled taut with exact sweep checks.
 *
 * On a grid with tile costs the planner's path is the cheap one; its pushed corners are checked
 * for room only (they move each corner at most about r, so the path keeps to the same ground but
 * for its edges). The shrunk grid carries the costs, its search prefers cheap cells, and the taut
 * pull takes a shortcut only where it costs no more than the cell path it replaces.
 */
export function* polylineWork(
  ctx: RouteContext,
  start: Point,
  goal: Point,
  r: number,
  plannerName: string,
  budget: WorkBudget,
): Work<Point[] | SearchFailure> {
  const grid = ctx.grid;
  const first = yield* leasedSearchWork(ctx, budget, plannerName, 0, 'corner', start.x, start.y, goal.x, goal.y);
  if (first.status !== 'found') return { status: first.status, waypoints: [], message: first.message ?? `no path (${first.status})` };
  if (r <= 0) return first.points;
  const map = ctx.eroded.map;
  yield* buildWork(budget, map.refreshWork());
  // The map only skips open ground: one made stale by a grid change while the work was paused
  // is left out, and the checks look at every cell.
  const walls = (): WallDistanceMap | undefined => (map.fresh ? map : undefined);
  const pushed = pushCorners(first.points, r);
  yield* chargeWork(budget, pushed.length);
  if (polylineClear(grid, pushed, r, walls())) return pushed;

  const k = erosionFor(r);
  const shrunk = ctx.eroded.get(k);
  const [sx, sy] = cellCentreNear(shrunk, start);
  const [gx, gy] = cellCentreNear(shrunk, goal);
  const second = yield* leasedSearchWork(ctx, budget, CELL_PLANNER, k, 'cell', sx, sy, gx, gy);
  if (second.status !== 'found') {
    return { status: 'no-path', waypoints: [], message: `no path wide enough for a unit ${2 * r} tiles wide` };
  }
  const lattice = [{ x: start.x, y: start.y }, ...second.points, { x: goal.x, y: goal.y }];
  // The cost of the cell path up to each of its points, on a weighted grid.
  const along = grid.weighted ? costsAlong(grid, lattice) : undefined;
  const cheap = (i: number, j: number): boolean =>
    along === undefined || segmentCost(grid, lattice[i]!.x, lattice[i]!.y, lattice[j]!.x, lattice[j]!.y) <= (along[j]! - along[i]!) * (1 + COST_SLACK);
  const taut: Point[] = [lattice[0]!];
  for (let i = 0; i < lattice.length - 1; ) {
    // Moves between free centres of the shrunk grid are clear; the legs joining the exact start
    // and goal to them must be checked.
    yield* chargeWork(budget, 1);
    if (!legClear(grid, lattice[i]!, lattice[i + 1]!, r, walls())) {
      return { status: 'no-path', waypoints: [], message: `no path wide enough for a unit ${2 * r} tiles wide` };
    }
    let j = i + 1;
    while (j + 1 < lattice.length) {
      yield* chargeWork(budget, 1);
      if (!legClear(grid, lattice[i]!, lattice[j + 1]!, r, walls()) || !cheap(i, j + 1)) break;
      j++;
    }
    taut.push(lattice[j]!);
    i = j;
  }
  return taut;
}

/** Relative rounding allowance when a shortcut's cost is compared with the path's: a tie is taken. */
const COST_SLACK = 1e-9;

/** The weighted cost of a polyline from its first point to each point (a prefix sum). */
function costsAlong(grid: Grid, points: readonly Point[]): Float64Array {
  const along = new Float64Array(points.length);
  for (let i = 1; i < points.length; i++) {
    along[i] = along[i - 1]! + segmentCost(grid, points[i - 1]!.x, points[i - 1]!.y, points[i]!.x, points[i]!.y);
  }
  return along;
}

/**
 * A search of the polyline planner `name` (on the grid shrunk by `k`, on `lattice`) from (sx, sy)
 * to (gx, gy), on an instance leased for it: while the search is under way the work is
 * `pausable` (another job's search takes another instance), and a job set aside pauses once the
 * search has ended, before it does anything else.
 */
function* leasedSearchWork(
  ctx: RouteContext,
  budget: WorkBudget,
  name: string,
  k: number,
  lattice: 'corner' | 'cell',
  sx: number,
  sy: number,
  gx: number,
  gy: number,
): Work<PathResult> {
  const planner = ctx.lease(name, k, lattice);
  let result: PathResult;
  try {
    yield* gridTablesWork(planner, budget);
    const search = planner.createSearch(sx, sy, gx, gy);
    budget.pausable = true;
    try {
      result = yield* searchWork(budget, search);
    } finally {
      budget.pausable = false;
    }
    ctx.searchFinished(name, planner);
  } finally {
    ctx.release(planner);
  }
  if (budget.aside) yield;
  return result;
}

/**
 * Brings the tables of `planner`'s grid that its search reads (the region table, a lattice
 * planner's move table, Theta*'s free runs) up to date as resumable work, so that a first query
 * on a map, or the first after a large change, spreads their building over frames instead of
 * doing it all in its first step. What a grid change makes stale afterwards, the search brings
 * up to date itself (near the change, cheap).
 */
export function* gridTablesWork(planner: Planner, budget: WorkBudget): Work<void> {
  yield* buildWork(budget, componentsOf(planner.grid).refreshWork());
  if (planner instanceof LatticePlanner) yield* buildWork(budget, moveTableOf(planner.lattice).refreshWork());
  if (planner instanceof ThetaStar) yield* buildWork(budget, freeRunsOf(planner.grid).refreshWork());
}

/**
 * The planner of the fallback for sized units: A* over the cell centres of the shrunk grid, whose
 * moves between free centres are clear for the unit by construction.
 */
const CELL_PLANNER = 'astar';

/**
 * The curve planner's drivable path from the exact pose `start` to `goal` (with `goalHeading`
 * when given); its segment junctions are the waypoints. The planner's first search builds its
 * tables within the same allowance (the session's `prepare` phase).
 */
export function* curveWork(
  ctx: RouteContext,
  entry: CurvePlannerEntry,
  profile: ResolvedProfile,
  start: Pose,
  goal: Point,
  goalHeading: number | undefined,
  budget: WorkBudget,
): Work<{ status: 'found'; path: SegmentPath; waypoints: number[] } | SearchFailure> {
  let planner;
  try {
    planner = ctx.curvePlanner(entry, profile);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return { status: 'invalid', waypoints: [], message: error.message };
    throw error;
  }
  const target = { x: goal.x, y: goal.y, heading: goalHeading ?? null };
  const result = yield* searchWork(budget, planner.createSearch(start, target, entry.query));
  ctx.searchFinished(entry.name, planner);
  if (result.status !== 'found') {
    return { status: result.status, waypoints: [], message: result.message ?? `no drivable path (${result.status})` };
  }
  return foundCurve(result.segments);
}

/** A found curve route: the path and its segment junctions as waypoints. */
function foundCurve(path: SegmentPath): { status: 'found'; path: SegmentPath; waypoints: number[] } {
  const waypoints: number[] = [];
  let at = 0;
  for (let i = 0; i + 1 < path.segments.length; i++) waypoints.push((at += path.segments[i]!.length));
  return { status: 'found', path, waypoints };
}

/**
 * The curve planner's drivable path to the cell centre nearest `goal` that the unit can reach
 * (see {@link nearestGoalWork}: Euclidean distance, within `NEAREST_GOAL_RADIUS` tiles, any
 * heading at the end), or undefined when no candidate was reached within the search's bounds.
 * Run after the query to `goal` itself failed; when that query asked for a heading
 * (`headingAsked`), the goal itself with any heading is the first candidate.
 */
export function* curveNearestWork(
  ctx: RouteContext,
  entry: CurvePlannerEntry,
  profile: ResolvedProfile,
  start: Pose,
  goal: Point,
  headingAsked: boolean,
  budget: WorkBudget,
): Work<{ status: 'found'; path: SegmentPath; waypoints: number[]; goal: Point } | undefined> {
  const disc = withPointAsDisc(profile, MIN_DIRECTIONAL_WIDTH);
  // The planner exists: the query to the goal itself made it.
  const planner = ctx.curvePlanner(entry, profile);
  const options = { clearance: disc.sweepRadius, includeTarget: headingAsked, ...(entry.query ? { query: entry.query } : {}) };
  const near = yield* nearestGoalWork(planner, start, goal, options, budget);
  if (near.tried > 0) ctx.searchFinished(entry.name, planner);
  if (near.outcome !== 'found') return undefined;
  return { ...foundCurve(near.result!.segments), goal: near.goal! };
}
