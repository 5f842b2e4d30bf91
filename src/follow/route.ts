/**
 * From an order to a drivable path: checks the start (off the map, inside a wall, a footprint
 * with no room close by: `start-blocked`), then the target (outside the map, inside a wall, out of
 * reach, too close to walls for the unit's size), asks the planner registry for the planner the
 * order names, plans with it within the frame budget, keeps a sized unit's footprint off blocked
 * tiles, and turns the result into the segment path the follower drives.
 */
import { componentsOf } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import { isPointFree, type Point } from '../grid/point.js';
import { defaultPlanner, plannerEntry, unitPlannerNames, type CurvePlannerEntry } from '../planners.js';
import type { PathStatus } from '../search/result.js';
import type { SegmentPath } from '../curves/segment-path.js';
import type { Pose } from '../curves/segment.js';
import type { ResolvedProfile } from '../unit/profile.js';
import { erosionFor, pointClear } from './disc-room.js';
import { curveThrough } from './curve-route.js';
import { nearestClear, nearestReachable } from './nearest.js';
import { polylinePath } from './polyline.js';
import type { RouteContext } from './route-context.js';
import { curveNearestWork, curveWork, polylineWork } from './route-search.js';
import { buildWork, type Work, type WorkBudget } from './work.js';

// The context every route is planned in, beside the function that takes it.
export { RouteContext } from './route-context.js';

/** One planning request, in tile units. */
export interface RouteRequest {
  start: Pose;
  goal: Point;
  /** Heading to stand in at the goal (radians); default: the direction of the last leg. */
  goalHeading?: number;
  /** The unit's profile, resolved once per order; curve planners get it unchanged. */
  profile: ResolvedProfile;
  /**
   * The registry name of a planner units may use (`unitPlannerNames()`): a polyline planner
   * (`theta`, `anya`, `astar`, ...) or a curve planner (`directional`, `directional-hybrid`).
   * Default: `defaultPlanner('curve')` for a unit with a turning radius, else
   * `defaultPlanner('polyline')`.
   */
  planner?: string;
  /**
   * Go to the nearest reachable point instead of failing on a bad target; with a curve planner,
   * also to the nearest drivable cell centre when the target cannot be driven to (see
   * `nearestGoalWork`).
   */
  nearest?: boolean;
  /** Within this distance of the goal the unit counts as there already. Default 0. */
  tolerance?: number;
  /**
   * The point the order asked for, when `goal` is a spot chosen near it (a group member's slot):
   * judged first as a single order's goal is (outside the map, inside a wall, no room, out of
   * reach), failing with that status, or with `nearest` given up for the goal (`retargeted`).
   * Default: `goal` is the point asked for.
   */
  target?: Point;
}

/** A planned route, or why there is none. */
export interface Route {
  /** `found`, a planner's failure status, or `no-room-to-turn` (a directional search found no drivable path). */
  status: PathStatus;
  /** The path to drive, starting at the request's start pose; set when `status` is `found`. */
  path?: SegmentPath;
  /** Distances along `path` of the corners or curve junctions, for `waypoint` events. */
  waypoints: number[];
  /** Heading to turn to on arrival (units that turn on the spot). */
  finalHeading?: number;
  /** The goal the route ends at: the request's, or the nearest reachable point. */
  goal: Point;
  /** Why there is no route, as a sentence. */
  message?: string;
  /**
   * True on a found route when the order's target (`RouteRequest.target`, else its goal) could
   * not be reached as asked, the order failing without `nearest`, and `nearest` sent the route to
   * the nearest point instead: `goal` is where it ends. Not set for a goal only nudged off a wall
   * to make room for the footprint.
   */
  retargeted?: boolean;
}

/**
 * Least room (tile units) a unit with a turning radius keeps from walls when its route is
 * planned: curves through corners touched exactly would clip them.
 */
export const CURVE_ROOM = 0.25;

/**
 * Plans `request` as resumable work: run it with a {@link WorkJob} on a {@link PlanQueue}.
 * Never throws for bad input: the route's status says what was wrong.
 */
export function* planRoute(ctx: RouteContext, request: RouteRequest, budget: WorkBudget): Work<Route> {
  const { start, profile } = request;
  const fail = (status: Exclude<PathStatus, 'found'>, message: string, goal = request.goal): Route => ({
    status,
    waypoints: [],
    goal,
    message,
  });
  const name = request.planner ?? defaultPlanner(profile.turningRadius > 0 ? 'curve' : 'polyline');
  const entry = plannerEntry(name);
  if (!entry) return fail('invalid', `unknown planner "${name}"; known: ${unitPlannerNames().join(', ')}`);
  if (!entry.traits.forUnits) return fail('invalid', `planner "${name}" ${entry.unitRefusal ?? 'may not be used by units'}`);
  const bad = badNumber(start, request.goal, request.target);
  if (bad) return fail('invalid', bad);
  // The start is judged before the goal: from inside a wall every goal looks out of reach, and
  // the unit, not the goal, is what is wrong.
  const grid = ctx.grid;
  if (!(start.x >= 0 && start.y >= 0 && start.x <= grid.width && start.y <= grid.height)) {
    return fail('start-blocked', `the unit at tile (${start.x}, ${start.y}) is outside the ${grid.width}x${grid.height} map`);
  }
  if (!isPointFree(grid, start.x, start.y)) {
    return fail('start-blocked', `the unit at tile (${start.x}, ${start.y}) stands inside a wall (a blocked tile)`);
  }
  // A unit whose footprint already overlaps a wall first steps to the nearest point where it fits.
  const escape = escapeFrom(grid, start, profile.sweepRadius);
  if (escape === undefined) {
    return fail('start-blocked', `the unit at tile (${start.x}, ${start.y}) has no room around it for its width ${2 * profile.sweepRadius}: its footprint overlaps a wall with no free spot close by`);
  }
  const resolved = yield* resolveGoal(grid, start, request, budget);
  if ('status' in resolved) return resolved;
  const { goal } = resolved;
  // Said on every route found from here: the order's target was given up for the nearest point.
  const moved = resolved.retargeted ? { retargeted: true as const } : {};
  const tolerance = request.tolerance ?? 0;
  if (Math.hypot(goal.x - start.x, goal.y - start.y) <= tolerance && (request.goalHeading === undefined || profile.turningRadius === 0)) {
    const here = polylinePath([start], start.heading);
    return { status: 'found', path: here.path, waypoints: [], goal, ...heading(request.goalHeading), ...moved };
  }
  if (profile.turningRadius > 0 && entry.kind === 'curve') {
    const curve = yield* curveRoute(ctx, entry, start, goal, request, budget);
    return curve.status === 'found' && resolved.retargeted ? { ...curve, retargeted: true } : curve;
  }
  // A curve swings wide of the route's corners, so curving units keep some room from walls.
  const room = profile.turningRadius > 0 ? Math.max(profile.sweepRadius, CURVE_ROOM) : profile.sweepRadius;
  const from = escape ?? start;
  // A curve planner asked for by a unit that turns on the spot: its paths are any-angle polylines.
  const polyline = entry.kind === 'polyline' ? name : defaultPlanner('polyline');
  const found = yield* polylineWork(ctx, from, goal, room, polyline, budget);
  if (!Array.isArray(found)) return { ...found, goal };
  const points = escape ? [{ x: start.x, y: start.y }, ...found] : found;
  if (profile.turningRadius <= 0) {
    const { path, waypoints } = polylinePath(points, start.heading);
    return { status: 'found', path, waypoints, goal, ...heading(request.goalHeading), ...moved };
  }
  let curve: Awaited<ReturnType<typeof curveThrough>> extends Generator<unknown, infer R> ? R : never;
  try {
    curve = yield* curveThrough(ctx.grid, start, points, request.goalHeading, profile, budget);
  } catch (error) {
    // The curve formulas refuse numbers they cannot compute to their precision (a turning
    // radius tiny or huge against the map's coordinates): the order is what is wrong.
    if (error instanceof RangeError) return fail('invalid', `no curve for this unit: ${error.message}`, goal);
    throw error;
  }
  if (!curve) {
    return fail('no-path', `no drivable path for turning radius ${profile.turningRadius} tiles was found along the route`, goal);
  }
  return { status: 'found', path: curve.path, waypoints: curve.waypoints, goal, ...moved };
}

/**
 * The exact curved route from a curve planner; with `nearest`, when the goal cannot be driven to,
 * the route to the nearest cell centre that can (the goal's failure when there is none).
 */
function* curveRoute(ctx: RouteContext, entry: CurvePlannerEntry, start: Pose, goal: Point, request: RouteRequest, budget: WorkBudget): Work<Route> {
  const found = yield* curveWork(ctx, entry, request.profile, start, goal, request.goalHeading, budget);
  if (found.status === 'found' || !request.nearest || !NEAREST_RETRIES.has(found.status)) return { ...found, goal };
  const near = yield* curveNearestWork(ctx, entry, request.profile, start, goal, request.goalHeading !== undefined, budget);
  return near ? { ...near, retargeted: true } : { ...found, goal };
}

/** Failures of a curve query that a nearer goal may avoid; the others (bad input, memory) it would share. */
const NEAREST_RETRIES: ReadonlySet<PathStatus> = new Set<PathStatus>(['no-room-to-turn', 'no-path', 'goal-blocked']);

function heading(h: number | undefined): { finalHeading?: number } {
  return h === undefined ? {} : { finalHeading: h };
}

/**
 * Where a unit of radius r standing at `start` begins its route: null when its footprint is clear
 * there, the nearest point where it fits when it overlaps a wall, undefined when there is none
 * close by.
 */
function escapeFrom(grid: Grid, start: Point, r: number): Point | null | undefined {
  if (r <= 0 || pointClear(grid, start.x, start.y, r)) return null;
  return nearestClear(grid, start, r, erosionFor(r) + 1);
}

/** The sentence naming the first coordinate of the start pose, the goal or the target that is not a finite number, or undefined. */
function badNumber(start: Pose, goal: Point, target: Point | undefined): string | undefined {
  const values = [['start.x', start.x], ['start.y', start.y], ['start.heading', start.heading], ['x', goal.x], ['y', goal.y]] as [string, number][];
  if (target !== undefined) values.push(['target.x', target.x], ['target.y', target.y]);
  for (const [name, v] of values) {
    if (!Number.isFinite(v)) return `${name} must be a finite number, got ${String(v)}`;
  }
  return undefined;
}

/** Where a point stands as a goal for a unit of radius r at `start`: the point to stand at (nudged off walls), or why there is none. */
type Verdict = { at: Point } | { status: 'out-of-bounds' | 'goal-blocked' | 'no-path'; message: string };

/**
 * Judges `p` as the target of an order of a unit of radius r standing at `start`, as a single
 * order without `nearest` would: outside the map, inside a wall, no room for the footprint close
 * by, or out of reach fail; free but too close to a wall, the nearest point where the footprint
 * fits. The region table must be fresh.
 */
function judge(grid: Grid, start: Point, p: Point, r: number): Verdict {
  if (!(p.x >= 0 && p.y >= 0 && p.x <= grid.width && p.y <= grid.height)) {
    return { status: 'out-of-bounds', message: `target at tile (${p.x}, ${p.y}) is outside the ${grid.width}x${grid.height} map` };
  }
  if (!isPointFree(grid, p.x, p.y)) return { status: 'goal-blocked', message: `target at tile (${p.x}, ${p.y}) is inside a wall` };
  let at: Point = p;
  if (!pointClear(grid, p.x, p.y, r)) {
    // Free but too close to a wall for the unit's size: stand as near as the footprint allows.
    const near = nearestClear(grid, p, r, erosionFor(r) + 1);
    if (!near) return { status: 'goal-blocked', message: `target at tile (${p.x}, ${p.y}) has no room for a unit ${2 * r} tiles wide` };
    at = near;
  }
  if (!componentsOf(grid).connected(start.x, start.y, at.x, at.y)) {
    return { status: 'no-path', message: `target at tile (${p.x}, ${p.y}) cannot be reached from tile (${start.x}, ${start.y})` };
  }
  return { at };
}

/**
 * The goal the route will end at, and whether the order's target was given up for it, or a
 * failed route (the start is known to be a free point). The target (the request's `target`, else
 * its goal) fails as {@link judge} says, or with `nearest` is given up (`retargeted`); then the
 * goal (a group member's slot, else the target) is judged the same way and, when it fails with
 * `nearest`, replaced by the nearest reachable point.
 */
function* resolveGoal(grid: Grid, start: Pose, request: RouteRequest, budget: WorkBudget): Work<{ goal: Point; retargeted: boolean } | Route> {
  const { goal, profile } = request;
  const r = profile.sweepRadius;
  const failed = (status: Exclude<PathStatus, 'found'>, message: string): Route => ({ status, waypoints: [], goal, message });
  // The region table answers below and in the nearest-point searches; a first build spreads over frames.
  yield* buildWork(budget, componentsOf(grid).refreshWork());
  let retargeted = false;
  const target = request.target;
  if (target !== undefined && (target.x !== goal.x || target.y !== goal.y)) {
    const verdict = judge(grid, start, target, r);
    if ('status' in verdict) {
      if (!request.nearest) return failed(verdict.status, verdict.message);
      retargeted = true;
    }
  }
  const verdict = judge(grid, start, goal, r);
  if ('at' in verdict) return { goal: verdict.at, retargeted };
  if (!request.nearest) return failed(verdict.status, verdict.message);
  const near = yield* nearestReachable(grid, start, goal, r, budget);
  return near ? { goal: near, retargeted: true } : failed('no-path', `no reachable point near tile (${goal.x}, ${goal.y})`);
}
