/**
 * From an order to a drivable path: checks the target (outside the map, inside a wall, out of
 * reach, too close to walls for the unit's size), plans with the chosen planner within the frame
 * budget, keeps a sized unit's footprint off blocked tiles, and turns the result into the segment
 * path the follower drives.
 */
import { componentsOf } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import { isPointFree, type Point } from '../grid/point.js';
import { createPlanner, plannerNames } from '../planners.js';
import type { Planner } from '../search/planner.js';
import type { PathStatus } from '../search/result.js';
import type { SegmentPath } from '../curves/segment-path.js';
import { MAX_PIECE_UNITS } from '../search/stepped-build.js';
import { DirectionalPlanner } from '../directional/directional-planner.js';
import type { Pose } from '../curves/segment.js';
import { ErodedGrids, erosionFor, legClear, pointClear, polylineClear, pushCorners } from './disc-room.js';
import { curveThrough } from './curve-route.js';
import { polylinePath } from './polyline.js';
import { chargeWork, searchWork, type Work, type WorkBudget } from './work.js';

/** The shape and driving style of a unit, in tile units. */
export interface RouteProfile {
  /** Radius of the unit's footprint disc (half its width); 0 for a point. */
  radius: number;
  /** Tightest turning radius; 0 for a unit that turns on the spot. */
  turnRadius: number;
  /** May a unit with a turning radius back up? */
  reverse: boolean;
}

/** One planning request, in tile units. */
export interface RouteRequest {
  start: Pose;
  goal: Point;
  /** Heading to stand in at the goal (radians); default: the direction of the last leg. */
  goalHeading?: number;
  profile: RouteProfile;
  /**
   * A planner name from `plannerNames()` (`theta`, `anya`, `astar`, ...), or `directional` for
   * curves (`directional-hybrid` for the directional planner's fast corridor mode). Default:
   * {@link defaultPlanner}.
   */
  planner?: string;
  /** Go to the nearest reachable point instead of failing on a bad target. */
  nearest?: boolean;
  /** Within this distance of the goal the unit counts as there already. Default 0. */
  tolerance?: number;
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
}

/**
 * Least room (tile units) a unit with a turning radius keeps from walls when its route is
 * planned: curves through corners touched exactly would clip them.
 */
export const CURVE_ROOM = 0.25;

/**
 * Footprint width (tiles) given to the directional planner for a point unit: it needs a disc, and
 * one this small changes nothing a player could see.
 */
export const MIN_DIRECTIONAL_WIDTH = 0.02;

/** The planner units that turn on the spot use by default: Theta* when it is registered. */
export function defaultPlanner(): string {
  return plannerNames().includes('theta') ? 'theta' : 'astar';
}

/**
 * Planners and shrunk grids for one map, shared by all requests. Requests must run one at a
 * time (a planner runs one search at a time), which the {@link PlanQueue} guarantees.
 */
export class RouteContext {
  readonly eroded: ErodedGrids;
  /** The planner of the most recent search, and how many searches have started. */
  lastPlanner: Planner | undefined;
  searches = 0;
  private readonly planners = new Map<string, Planner>();
  private readonly directionals = new Map<string, DirectionalPlanner>();

  constructor(readonly grid: Grid) {
    this.eroded = new ErodedGrids(grid);
  }

  /** The planner `name` on the grid shrunk by `k` cells, on the corner or cell lattice, for a new search. */
  planner(name: string, k = 0, lattice: 'corner' | 'cell' = 'corner'): Planner {
    const key = `${name}|${k}|${lattice}`;
    let planner = this.planners.get(key);
    if (!planner) {
      planner = createPlanner(name, this.eroded.get(k), { lattice });
      this.planners.set(key, planner);
    }
    this.lastPlanner = planner;
    this.searches++;
    return planner;
  }

  /**
   * The directional planner for a unit's turning radius, footprint radius and reverse flag, for a
   * new search.
   * @throws RangeError when the profile is out of the planner's range.
   */
  directional(profile: RouteProfile): DirectionalPlanner {
    const planner = this.prepareDirectional(profile);
    this.lastPlanner = undefined;
    this.searches++;
    return planner;
  }

  /**
   * Finds or makes the directional planner for a profile. Cheap: it checks the profile and builds
   * no tables; the first order builds them in slices within the frame budget (see
   * {@link DirectionalPlanner.buildTables}).
   * @throws RangeError when the profile is out of the planner's range.
   */
  prepareDirectional(profile: RouteProfile): DirectionalPlanner {
    const width = Math.max(2 * profile.radius, MIN_DIRECTIONAL_WIDTH);
    const key = `directional|${profile.turnRadius}|${width}|${profile.reverse}`;
    let planner = this.directionals.get(key);
    if (!planner) {
      planner = new DirectionalPlanner(this.grid, { turningRadius: profile.turnRadius, width, reverse: profile.reverse });
      this.directionals.set(key, planner);
    }
    return planner;
  }

  /** Lets go of the grid. */
  destroy(): void {
    this.eroded.destroy();
    this.planners.clear();
    this.directionals.clear();
  }
}

/**
 * Planners `plannerNames()` lists that units may not use: they build whole-map structures in one
 * uncut step, so one order would stall a frame for up to a second.
 */
const REFERENCE_PLANNERS: ReadonlySet<string> = new Set(['vg']);

/** The polyline planners a unit may be ordered with. */
function unitPlannerNames(): string[] {
  return plannerNames().filter((name) => !REFERENCE_PLANNERS.has(name));
}

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
  const planner = request.planner ?? (profile.turnRadius > 0 ? 'directional' : defaultPlanner());
  const directional = planner === 'directional' || planner === 'directional-hybrid';
  if (REFERENCE_PLANNERS.has(planner)) {
    return fail('invalid', `planner "${planner}" is the brute-force reference for tests and the benchmark: one query can take a second; use "anya" for shortest paths`);
  }
  if (!directional && !plannerNames().includes(planner)) {
    return fail('invalid', `unknown planner "${planner}"; known: ${[...unitPlannerNames(), 'directional', 'directional-hybrid'].join(', ')}`);
  }
  const goal = yield* resolveGoal(ctx.grid, start, request, budget);
  if ('status' in goal) return goal;
  // A unit whose footprint already overlaps a wall first steps to the nearest point where it fits.
  const escape = escapeFrom(ctx.grid, start, profile.radius);
  if (escape === undefined) {
    return fail('start-blocked', `the unit at tile (${start.x}, ${start.y}) has no room around it for its width ${2 * profile.radius}`, goal);
  }
  const tolerance = request.tolerance ?? 0;
  if (Math.hypot(goal.x - start.x, goal.y - start.y) <= tolerance && (request.goalHeading === undefined || profile.turnRadius === 0)) {
    const here = polylinePath([start], start.heading);
    return { status: 'found', path: here.path, waypoints: [], goal, ...heading(request.goalHeading) };
  }
  if (profile.turnRadius > 0 && directional) {
    return yield* directionalWork(ctx, start, goal, request, planner === 'directional-hybrid' ? 'hybrid' : 'full', budget);
  }
  // A curve swings wide of the route's corners, so curving units keep some room from walls.
  const room = profile.turnRadius > 0 ? Math.max(profile.radius, CURVE_ROOM) : profile.radius;
  const from = escape ?? start;
  const found = yield* polylineWork(ctx, from, goal, room, directional ? defaultPlanner() : planner, budget);
  if (!Array.isArray(found)) return { ...found, goal };
  const points = escape ? [{ x: start.x, y: start.y }, ...found] : found;
  if (profile.turnRadius <= 0) {
    const { path, waypoints } = polylinePath(points, start.heading);
    return { status: 'found', path, waypoints, goal, ...heading(request.goalHeading) };
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
    return fail('no-path', `no drivable path for turning radius ${profile.turnRadius} tiles was found along the route`, goal);
  }
  return { status: 'found', path: curve.path, waypoints: curve.waypoints, goal };
}

/** The exact curved route from the directional planner; its segment junctions are the waypoints. */
function* directionalWork(
  ctx: RouteContext,
  start: Pose,
  goal: Point,
  request: RouteRequest,
  mode: 'full' | 'hybrid',
  budget: WorkBudget,
): Work<Route> {
  let planner: DirectionalPlanner;
  try {
    planner = ctx.directional(request.profile);
  } catch (error) {
    return { status: 'invalid', waypoints: [], goal, message: (error as Error).message };
  }
  const target = { x: goal.x, y: goal.y, heading: request.goalHeading ?? null };
  // The tables (built once per profile, refreshed after grid changes) cost work like the search.
  const hybrid = mode === 'hybrid';
  while (!planner.tablesReady(hybrid)) {
    // A piece may cost up to MAX_PIECE_UNITS: start one only where it fits, or in a fresh slice
    // (so that a budget smaller than a piece still makes progress).
    while (budget.used >= budget.max || (budget.used > 0 && budget.max - budget.used < MAX_PIECE_UNITS)) yield;
    budget.used += planner.buildTables(budget.max - budget.used, hybrid);
  }
  const result = yield* searchWork(budget, planner.createSearch(start, target, { mode }));
  if (result.status !== 'found') {
    return { status: result.status, waypoints: [], goal, message: result.message ?? `no drivable path (${result.status})` };
  }
  const path = result.segments;
  const waypoints: number[] = [];
  let at = 0;
  for (let i = 0; i + 1 < path.segments.length; i++) waypoints.push((at += path.segments[i]!.length));
  return { status: 'found', path, waypoints, goal };
}

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

/**
 * The goal the route will end at, or a failed route: outside the map, inside a wall, too close to
 * walls for the unit, or out of reach (each replaced by the nearest reachable point when the
 * request asks for it).
 */
function* resolveGoal(grid: Grid, start: Pose, request: RouteRequest, budget: WorkBudget): Work<Point | Route> {
  const { goal, profile } = request;
  const r = profile.radius;
  const failed = (status: Exclude<PathStatus, 'found'>, message: string): Route => ({ status, waypoints: [], goal, message });
  for (const [name, v] of [['start.x', start.x], ['start.y', start.y], ['start.heading', start.heading], ['x', goal.x], ['y', goal.y]] as const) {
    if (!Number.isFinite(v)) return failed('invalid', `${name} must be a finite number, got ${v}`);
  }
  const inside = goal.x >= 0 && goal.y >= 0 && goal.x <= grid.width && goal.y <= grid.height;
  const nearest = function* (): Work<Point | Route> {
    return (yield* nearestReachable(grid, start, goal, r, budget)) ?? failed('no-path', `no reachable point near tile (${goal.x}, ${goal.y})`);
  };
  if (!inside) {
    return request.nearest ? yield* nearest() : failed('out-of-bounds', `target at tile (${goal.x}, ${goal.y}) is outside the ${grid.width}x${grid.height} map`);
  }
  if (!isPointFree(grid, goal.x, goal.y)) {
    return request.nearest ? yield* nearest() : failed('goal-blocked', `target at tile (${goal.x}, ${goal.y}) is inside a wall`);
  }
  let target: Point = goal;
  if (!pointClear(grid, goal.x, goal.y, r)) {
    // Free but too close to a wall for the unit's size: stand as near as the footprint allows.
    const near = nearestClear(grid, goal, r, erosionFor(r) + 1);
    if (!near) {
      return request.nearest ? yield* nearest() : failed('goal-blocked', `target at tile (${goal.x}, ${goal.y}) has no room for a unit ${2 * r} tiles wide`);
    }
    target = near;
  }
  if (!componentsOf(grid).connected(start.x, start.y, target.x, target.y)) {
    return request.nearest ? yield* nearest() : failed('no-path', `target at tile (${goal.x}, ${goal.y}) cannot be reached from tile (${start.x}, ${start.y})`);
  }
  return target;
}

/**
 * The point nearest to `goal` where a disc of radius r fits, looking at cells within Chebyshev
 * distance `reach` of the goal's cell; undefined when there is none.
 */
function nearestClear(grid: Grid, goal: Point, r: number, reach: number): Point | undefined {
  const gx = Math.min(Math.floor(goal.x), grid.width - 1);
  const gy = Math.min(Math.floor(goal.y), grid.height - 1);
  let best: Point | undefined;
  let bestD = Infinity;
  for (let cy = gy - reach; cy <= gy + reach; cy++) {
    for (let cx = gx - reach; cx <= gx + reach; cx++) {
      const p = clearPointInCell(grid, cx, cy, goal, r);
      if (p === undefined) continue;
      const d = Math.hypot(p.x - goal.x, p.y - goal.y);
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
  }
  return best;
}

/**
 * Binary-search steps when sliding from a cell's centre toward the goal: 2^-20 tiles is far below
 * a pixel.
 */
const SLIDE_STEPS = 20;

/**
 * The point of cell (cx, cy) closest to `goal` on the way from the cell's centre where a disc of
 * radius r fits; undefined when not even the centre has room.
 */
function clearPointInCell(grid: Grid, cx: number, cy: number, goal: Point, r: number): Point | undefined {
  if (grid.isBlocked(cx, cy)) return undefined;
  const c = { x: cx + 0.5, y: cy + 0.5 };
  if (!pointClear(grid, c.x, c.y, r)) return undefined;
  const tx = Math.min(Math.max(goal.x, cx), cx + 1);
  const ty = Math.min(Math.max(goal.y, cy), cy + 1);
  if (pointClear(grid, tx, ty, r) && legClear(grid, c, { x: tx, y: ty }, r)) return { x: tx, y: ty };
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < SLIDE_STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (pointClear(grid, c.x + (tx - c.x) * mid, c.y + (ty - c.y) * mid, r)) lo = mid;
    else hi = mid;
  }
  return { x: c.x + (tx - c.x) * lo, y: c.y + (ty - c.y) * lo };
}

/**
 * The reachable point nearest to `goal` (clamped into the map) where a disc of radius r fits:
 * rings of cells around the goal, growing until one holds a candidate connected to the start.
 * Cells are first filtered by their region label (a few array reads), so only cells next to the
 * start's region are tried for room; the work is charged to `budget` ring by ring, since a unit
 * shut in a pocket far from the goal makes the rings cover much of the map.
 */
export function* nearestReachable(grid: Grid, start: Point, goal: Point, r: number, budget: WorkBudget): Work<Point | undefined> {
  const target = { x: Math.min(Math.max(goal.x, 0), grid.width), y: Math.min(Math.max(goal.y, 0), grid.height) };
  const gx = Math.min(Math.floor(target.x), grid.width - 1);
  const gy = Math.min(Math.floor(target.y), grid.height - 1);
  const components = componentsOf(grid);
  const touched = new Int32Array(4);
  const startLabels = new Set(touched.subarray(0, components.touchedLabels(start.x, start.y, touched)));
  // A candidate lies in the closure of its cell, so it can only join the start's region through
  // that cell or one around it.
  const nearStart = (cx: number, cy: number): boolean => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) if (startLabels.has(components.labelOfCell(cx + dx, cy + dy))) return true;
    }
    return false;
  };
  let best: Point | undefined;
  let bestD = Infinity;
  const maxRing = Math.max(grid.width, grid.height);
  for (let ring = 0; ring <= maxRing; ring++) {
    // A cell in ring k is at least k - 1 tiles away: once that exceeds the best, stop.
    if (ring - 1 > bestD) break;
    let tried = 0;
    for (let cy = gy - ring; cy <= gy + ring; cy++) {
      const edge = cy === gy - ring || cy === gy + ring;
      for (let cx = gx - ring; cx <= gx + ring; cx += edge ? 1 : 2 * ring) {
        if (!nearStart(cx, cy)) continue;
        tried++;
        const p = clearPointInCell(grid, cx, cy, target, r);
        if (p === undefined || !components.connected(start.x, start.y, p.x, p.y)) continue;
        const d = Math.hypot(p.x - target.x, p.y - target.y);
        if (d < bestD) {
          bestD = d;
          best = p;
        }
      }
    }
    yield* chargeWork(budget, Math.ceil((8 * ring + 1) / RING_CELLS_PER_WORK) + tried * ROOM_CHECK_WORK);
  }
  return best;
}

/** Ring cells whose label filter costs about one unit of planning work (~1 µs). */
const RING_CELLS_PER_WORK = 16;

/** Work units one room check (a footprint test and its slide toward the goal) costs. */
const ROOM_CHECK_WORK = 4;

/**
 * An any-angle polyline from start to goal that a disc of radius r can follow: the planner's path
 * with its corners pushed out by r when that is clear, else a cell-centre path on the grid shrunk
 * by the unit's radius, pulled taut with exact sweep checks.
 */
function* polylineWork(
  ctx: RouteContext,
  start: Point,
  goal: Point,
  r: number,
  plannerName: string,
  budget: WorkBudget,
): Work<Point[] | Omit<Route, 'goal'>> {
  const grid = ctx.grid;
  const first = yield* searchWork(budget, ctx.planner(plannerName).createSearch(start.x, start.y, goal.x, goal.y));
  if (first.status !== 'found') return { status: first.status, waypoints: [], message: first.message ?? `no path (${first.status})` };
  if (r <= 0) return first.points;
  const map = ctx.eroded.fresh();
  const pushed = pushCorners(first.points, r);
  yield* chargeWork(budget, pushed.length);
  if (polylineClear(grid, pushed, r, map)) return pushed;

  const k = erosionFor(r);
  const shrunk = ctx.eroded.get(k);
  const [sx, sy] = cellCentreNear(shrunk, start);
  const [gx, gy] = cellCentreNear(shrunk, goal);
  const second = yield* searchWork(budget, ctx.planner('astar', k, 'cell').createSearch(sx, sy, gx, gy));
  if (second.status !== 'found') {
    return { status: 'no-path', waypoints: [], message: `no path wide enough for a unit ${2 * r} tiles wide` };
  }
  const lattice = [{ x: start.x, y: start.y }, ...second.points, { x: goal.x, y: goal.y }];
  const taut: Point[] = [lattice[0]!];
  for (let i = 0; i < lattice.length - 1; ) {
    // Moves between free centres of the shrunk grid are clear; the legs joining the exact start
    // and goal to them must be checked.
    yield* chargeWork(budget, 1);
    if (!legClear(grid, lattice[i]!, lattice[i + 1]!, r, map)) {
      return { status: 'no-path', waypoints: [], message: `no path wide enough for a unit ${2 * r} tiles wide` };
    }
    let j = i + 1;
    while (j + 1 < lattice.length) {
      yield* chargeWork(budget, 1);
      if (!legClear(grid, lattice[i]!, lattice[j + 1]!, r, map)) break;
      j++;
    }
    taut.push(lattice[j]!);
    i = j;
  }
  return taut;
}

/** The centre of the free cell of `grid` nearest to p (p's own cell when free). */
function cellCentreNear(grid: Grid, p: Point): [number, number] {
  const px = Math.min(Math.floor(p.x), grid.width - 1);
  const py = Math.min(Math.floor(p.y), grid.height - 1);
  const maxRing = Math.max(grid.width, grid.height);
  for (let ring = 0; ring <= maxRing; ring++) {
    let best: [number, number] | undefined;
    let bestD = Infinity;
    for (let cy = py - ring; cy <= py + ring; cy++) {
      for (let cx = px - ring; cx <= px + ring; cx++) {
        if (Math.max(Math.abs(cx - px), Math.abs(cy - py)) !== ring || grid.isBlocked(cx, cy)) continue;
        const d = Math.hypot(cx + 0.5 - p.x, cy + 0.5 - p.y);
        if (d < bestD) {
          bestD = d;
          best = [cx + 0.5, cy + 0.5];
        }
      }
    }
    if (best) return best;
  }
  return [px + 0.5, py + 0.5];
}
