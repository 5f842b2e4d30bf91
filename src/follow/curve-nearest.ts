/**
 * The drivable point nearest a goal a curve planner cannot reach: cell centres around the goal,
 * nearest first, each asked of the planner with any heading; the first it finds wins. The
 * directional planner's verdicts are exact (its reachability proof ends a query with no path
 * within milliseconds), so the answer is the nearest of the candidates the unit can drive to.
 */
import { componentsOf } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import type { CurvePlanner, CurveQueryOptions, CurveResult } from '../curves/curve-planner.js';
import type { Pose } from '../curves/segment.js';
import type { PathStatus } from '../search/result.js';
import { pointClear } from './disc-room.js';
import { chargeWork, searchWork, type Work, type WorkBudget } from './work.js';

/**
 * Default of {@link NearestGoalOptions.radius}, tiles: a pocket the unit cannot turn into is a
 * few turning radii deep at most on game maps, and beyond this a player would call the answer
 * somewhere else rather than near the goal.
 */
export const NEAREST_GOAL_RADIUS = 12;

/**
 * Default of {@link NearestGoalOptions.maxCandidates}: a pocket of this many cells is searched
 * through, one query a cell, before the answer gives up. A unit that cannot leave where it stands
 * pays a query per candidate (about 800 work units with the query's opening, 1 to 2 ms, on the
 * shared steering maps at r = 2): 64 of them are about 0.1 s of planning spread over frames.
 */
export const NEAREST_GOAL_CANDIDATES = 64;

/**
 * Default of {@link NearestGoalOptions.maxWork}, work units (about 1 µs each): about 25 frames of
 * the plugin's default budget of 4 ms spent on refusals, so a unit that cannot get near its goal
 * hears so within about half a second (plus one last query). Every nearest answer found on the
 * shared steering queries (r = 2, hybrid) cost under 50,000.
 */
export const NEAREST_GOAL_WORK = 100_000;

/** Cells whose bounds and region test cost about one work unit when the candidates are listed. */
const CELLS_PER_WORK = 16;

/** Work units one footprint test of a candidate costs (as in the ring searches of `nearest.ts`). */
const ROOM_CHECK_WORK = 4;

/** The candidate statuses that say "not this one": the next candidate may still be reached. */
const REFUSED: ReadonlySet<PathStatus> = new Set<PathStatus>(['no-room-to-turn', 'no-path', 'goal-blocked', 'out-of-bounds']);

/** Bounds and options of a nearest-goal search. */
export interface NearestGoalOptions<O extends CurveQueryOptions = CurveQueryOptions> {
  /** Candidates are cell centres within this Euclidean distance of the target, tiles, >= 0. Default {@link NEAREST_GOAL_RADIUS}. */
  radius?: number;
  /** At most this many candidate queries, >= 0. Default {@link NEAREST_GOAL_CANDIDATES}. */
  maxCandidates?: number;
  /**
   * No candidate query starts once the work units spent (listing, queries, and the planner's
   * tables if they are not built yet: the query to the target itself builds them) and the query's
   * opening would pass this, >= 0. A query that has started runs to its end, as any order does:
   * cut, its work would be lost, and a found path to a far candidate may cost more than a
   * refusal. Default {@link NEAREST_GOAL_WORK}.
   */
  maxWork?: number;
  /**
   * The footprint's radius, tiles (the profile's `sweepRadius`): cells where the footprint does
   * not fit are skipped without a query. Default 0 (the planner refuses them itself, as a query).
   */
  clearance?: number;
  /** Options of every candidate query (e.g. `{ mode: 'hybrid' }`). */
  query?: O;
  /**
   * Ask the target itself first, with any heading: for a caller whose own query asked for a
   * heading there. Default false (the target was asked with any heading already).
   */
  includeTarget?: boolean;
}

/** What a nearest-goal search found, and what it spent. */
export interface NearestGoal {
  /**
   * `found`: `goal` is the nearest candidate the planner reached and `result` its path.
   * `exhausted`: every candidate within the radius was refused. `candidates` or `work`: the
   * search stopped at that bound before any candidate was reached. `refused`: a candidate query
   * ended with a status that every other one would share (`invalid`, `budget`, `start-blocked`,
   * `cancelled`), given in `result`.
   */
  outcome: 'found' | 'exhausted' | 'candidates' | 'work' | 'refused';
  /** The candidate reached: a cell centre, tile units. Set when found. */
  goal?: Point;
  /** The planner's result for `goal` (found), or for the query that was refused. */
  result?: CurveResult;
  /** Candidate queries run. */
  tried: number;
  /** Work units spent (about 1 µs each): at most `maxWork` plus the last query's. */
  work: number;
}

/**
 * Searches for the cell centre nearest `target` (Euclidean distance, ties by row then column)
 * that the unit at `start` can drive to with `planner`, any heading at the end, as resumable work
 * charged to `budget`. Candidates are the centres within `radius` of the target, inside the map,
 * joined to the start on the grid (`componentsOf`) and, with `clearance`, with room for the
 * footprint; the target itself is skipped (call this after its own query failed) unless
 * `includeTarget`. Each candidate is one query of the planner, run in slices; the first found is
 * the answer. It is the nearest candidate the unit can reach because each refusal is exact for
 * the directional planner (its proof, docs/reachability.md), unless a query's own options cap it
 * (`maxExpansions`). Candidates are listed once: after a tile edit a cell newly joined to the
 * start may be missed, one newly blocked is refused by its query. Never throws for bad input: a
 * target that is not finite has no candidates (`exhausted`).
 * @throws RangeError when a bound or `clearance` is not a number >= 0.
 *
 * @example
 * ```ts
 * function* order(budget: WorkBudget) {
 *   const exact = yield* searchWork(budget, planner.createSearch(start, goal));
 *   if (exact.status === 'found') return exact;
 *   const near = yield* nearestGoalWork(planner, start, goal, { clearance: 0.4 }, budget);
 *   return near.outcome === 'found' ? near.result! : exact;
 * }
 * ```
 */
export function* nearestGoalWork<O extends CurveQueryOptions>(
  planner: CurvePlanner<O>,
  start: Pose,
  target: Point,
  options: NearestGoalOptions<O>,
  budget: WorkBudget,
): Work<NearestGoal> {
  const radius = bound(options.radius, NEAREST_GOAL_RADIUS, 'radius');
  const maxCandidates = bound(options.maxCandidates, NEAREST_GOAL_CANDIDATES, 'maxCandidates');
  const maxWork = bound(options.maxWork, NEAREST_GOAL_WORK, 'maxWork');
  const clearance = bound(options.clearance, 0, 'clearance');
  const outcome = { tried: 0, work: 0 };
  const charge = function* (cost: number): Work<void> {
    outcome.work += cost;
    yield* chargeWork(budget, cost);
  };
  const candidates = yield* listCandidates(planner.grid, start, target, radius, clearance, maxWork, charge);
  if (candidates === undefined) return { outcome: 'work', ...outcome };
  if (options.includeTarget && Number.isFinite(target.x) && Number.isFinite(target.y)) candidates.unshift({ x: target.x, y: target.y });
  for (const c of candidates) {
    if (outcome.tried >= maxCandidates) return { outcome: 'candidates', ...outcome };
    // The planner counts a query's opening (its distance field, heuristic entries, the start's joins) in its work.
    if (outcome.work >= maxWork) return { outcome: 'work', ...outcome };
    outcome.tried++;
    const search = planner.createSearch(start, { x: c.x, y: c.y, heading: null }, options.query);
    const result = yield* searchWork(budget, search, (units) => void (outcome.work += units));
    if (result.status === 'found') return { outcome: 'found', goal: c, result, ...outcome };
    if (!REFUSED.has(result.status)) return { outcome: 'refused', result, ...outcome };
  }
  return { outcome: 'exhausted', ...outcome };
}

/**
 * {@link nearestGoalWork} in one call, for a core caller without a frame budget (a tool, a
 * server, a Worker); bounded by the options' `maxWork` and `maxCandidates`.
 *
 * @example
 * ```ts
 * const planner = createCurvePlanner('directional', grid, { turningRadius: 2, width: 0.8 });
 * let r = planner.findPath(start, goal);
 * if (r.status !== 'found') {
 *   const near = nearestGoal(planner, start, goal, { clearance: 0.4 });
 *   if (near.outcome === 'found') r = near.result!; // ends at near.goal
 * }
 * ```
 */
export function nearestGoal<O extends CurveQueryOptions>(planner: CurvePlanner<O>, start: Pose, target: Point, options: NearestGoalOptions<O> = {}): NearestGoal {
  const work = nearestGoalWork(planner, start, target, options, { max: Infinity, used: 0 });
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
  }
}

/** `value` when it is a number >= 0 (Infinity allowed), `fallback` when undefined. @throws RangeError naming the option. */
function bound(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0)) throw new RangeError(`${name} must be a number >= 0, got ${String(value)}`);
  return value;
}

/**
 * The candidates, nearest `target` first; undefined when listing them would pass `maxWork`.
 * Cells are scanned in the box around the target clamped to the map.
 */
function* listCandidates(
  grid: Grid,
  start: Pose,
  target: Point,
  radius: number,
  clearance: number,
  maxWork: number,
  charge: (cost: number) => Work<void>,
): Work<Point[] | undefined> {
  const { width, height } = grid;
  if (!Number.isFinite(target.x) || !Number.isFinite(target.y) || !Number.isFinite(start.x) || !Number.isFinite(start.y) || width === 0 || height === 0) return [];
  const x0 = Math.max(0, Math.floor(target.x - radius));
  const x1 = Math.min(width - 1, Math.floor(target.x + radius));
  const y0 = Math.max(0, Math.floor(target.y - radius));
  const y1 = Math.min(height - 1, Math.floor(target.y + radius));
  if (x0 > x1 || y0 > y1) return [];
  if (((x1 - x0 + 1) * (y1 - y0 + 1)) / CELLS_PER_WORK > maxWork) return undefined;
  const components = componentsOf(grid);
  const found: { x: number; y: number; d: number }[] = [];
  let work = 0;
  for (let cy = y0; cy <= y1; cy++) {
    let checks = 0;
    for (let cx = x0; cx <= x1; cx++) {
      const x = cx + 0.5;
      const y = cy + 0.5;
      const d = Math.hypot(x - target.x, y - target.y);
      if (d > radius || d === 0 || grid.isBlocked(cx, cy) || !components.connected(start.x, start.y, x, y)) continue;
      if (clearance > 0) {
        checks++;
        if (!pointClear(grid, x, y, clearance)) continue;
      }
      found.push({ x, y, d });
    }
    const cost = Math.ceil((x1 - x0 + 1) / CELLS_PER_WORK) + checks * ROOM_CHECK_WORK;
    if ((work += cost) > maxWork) return undefined;
    yield* charge(cost);
  }
  // A stable sort keeps row-then-column order among equal distances.
  found.sort((a, b) => a.d - b.d);
  return found.map(({ x, y }) => ({ x, y }));
}
