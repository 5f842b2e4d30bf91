/**
 * The messages between the main thread and a plan worker, and the serialization of what a plan
 * needs (a grid and its edits, the unit profile, the request) and returns (a {@link Route}).
 * Plain data and typed arrays only, so they cross any `postMessage` (a browser Worker, Node's
 * `worker_threads`, a `MessageChannel`); the grid's arrays are copies the sender transfers.
 */
import { Grid, type GridArea } from '../grid/grid.js';
import { excerpt } from '../grid/excerpt.js';
import type { Point } from '../grid/point.js';
import { SegmentPath } from '../curves/segment-path.js';
import { segmentToJSON, type Pose, type SegmentJSON } from '../curves/segment.js';
import type { PathStatus } from '../search/result.js';
import { profileFields, resolveProfile, type ResolvedProfile, type UnitProfile } from '../unit/profile.js';
import type { Route, RouteRequest } from '../follow/route.js';

/**
 * The protocol's version: a worker answers a message of another version with an error reply, so a
 * game that ships a stale worker file learns why instead of getting wrong routes.
 */
export const PROTOCOL_VERSION = 3;

/** Cells and costs of a rectangle of a grid, row-major over the rectangle. */
export interface GridPatch {
  x: number;
  y: number;
  width: number;
  height: number;
  /** 1 = blocked, 0 = free. */
  cells: Uint8Array;
  /** Cost multipliers; null when the source grid has never had a cost other than 1. */
  costs: Float64Array | null;
}

/** A route request as it crosses: the profile as its unit-profile fields (resolved again by the worker). */
export interface WireRequest {
  start: Pose;
  goal: Point;
  goalHeading?: number;
  profile: UnitProfile;
  planner?: string;
  nearest?: boolean;
  tolerance?: number;
  target?: Point;
}

/** A {@link Route} as it crosses: the path as its segments and start pose. */
export interface WireRoute {
  status: PathStatus;
  path?: { start: Pose; segments: SegmentJSON[] };
  waypoints: number[];
  finalHeading?: number;
  goal: Point;
  message?: string;
  retargeted?: boolean;
}

/** Main thread to worker. `grid` ids are the client's, one per mirrored grid. */
export type ToWorker =
  | { v: number; type: 'grid'; grid: number; width: number; height: number; patch: GridPatch }
  | { v: number; type: 'edit'; grid: number; patch: GridPatch }
  | { v: number; type: 'drop-grid'; grid: number }
  | { v: number; type: 'plan'; id: number; grid: number; request: WireRequest; urgent?: boolean }
  | { v: number; type: 'cancel'; id: number }
  | { v: number; type: 'warm'; profiles: UnitProfile[]; plans?: number }
  /** A move-tables file loaded on the main thread (`loadMoveTables`), for the worker's planners. */
  | { v: number; type: 'tables'; bytes: Uint8Array };

/** Worker to main thread. An `error` without an id answers a message that named no plan. */
export type FromWorker =
  | { v: number; type: 'ready'; warmUpMs: number }
  | { v: number; type: 'busy' }
  | { v: number; type: 'route'; id: number; route: WireRoute }
  | { v: number; type: 'error'; id?: number; message: string };

/** The cells and costs of `area` of `grid` (clipped to the map). */
export function patchOf(grid: Grid, area: GridArea = { x: 0, y: 0, width: grid.width, height: grid.height }): GridPatch {
  const x0 = Math.max(0, area.x);
  const y0 = Math.max(0, area.y);
  const w = Math.max(0, Math.min(grid.width, area.x + area.width) - x0);
  const h = Math.max(0, Math.min(grid.height, area.y + area.height) - y0);
  const cells = new Uint8Array(w * h);
  const source = grid.costs;
  const costs = source === null ? null : new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    const from = (y0 + y) * grid.width + x0;
    cells.set(grid.cells.subarray(from, from + w), y * w);
    costs?.set(source!.subarray(from, from + w), y * w);
  }
  return { x: x0, y: y0, width: w, height: h, cells, costs };
}

/** The buffers of a patch, to transfer rather than copy. */
export function patchBuffers(patch: GridPatch): ArrayBuffer[] {
  const buffers = [patch.cells.buffer as ArrayBuffer];
  if (patch.costs) buffers.push(patch.costs.buffer as ArrayBuffer);
  return buffers;
}

/**
 * Writes `patch` into `grid` as one blocking change and one cost change (each skipped when it
 * changes nothing), so the mirror's caches hear of it as the source's did.
 * @throws TypeError or RangeError naming what is malformed; the grid is unchanged then.
 */
export function applyPatch(grid: Grid, patch: GridPatch): void {
  checkPatch(patch, grid.width, grid.height);
  const { x, y, width, cells, costs } = patch;
  grid.fill(x, y, width, patch.height, (cx, cy) => cells[(cy - y) * width + cx - x] === 1);
  if (costs !== null) grid.fillCosts(x, y, width, patch.height, (cx, cy) => costs[(cy - y) * width + cx - x]!);
  else if (grid.weighted) grid.fillCosts(x, y, width, patch.height, () => 1);
}

/** A new grid of `width` x `height` holding `patch` (the whole map). @throws as {@link applyPatch}. */
export function gridFromPatch(width: number, height: number, patch: GridPatch): Grid {
  const grid = new Grid(width, height);
  applyPatch(grid, patch);
  return grid;
}

function checkPatch(patch: GridPatch, width: number, height: number): void {
  if (typeof patch !== 'object' || patch === null) throw new TypeError(`grid patch must be an object, got ${String(patch)}`);
  const { x, y, cells, costs } = patch;
  const w = patch.width;
  const h = patch.height;
  for (const [name, v] of [['x', x], ['y', y], ['width', w], ['height', h]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`grid patch ${name} must be an integer >= 0, got ${String(v)}`);
  }
  if (x + w > width || y + h > height) throw new RangeError(`grid patch ${w}x${h} at (${x}, ${y}) does not fit the ${width}x${height} grid`);
  if (!(cells instanceof Uint8Array) || cells.length !== w * h) throw new TypeError(`grid patch cells must be a Uint8Array of ${w * h}`);
  if (costs !== null && (!(costs instanceof Float64Array) || costs.length !== w * h)) throw new TypeError(`grid patch costs must be null or a Float64Array of ${w * h}`);
}

// The profile crosses as its fields (resolving them again on the other side gives the same profile).
export { profileFields };

/** `request` as it crosses to the worker. */
export function requestToWire(request: RouteRequest): WireRequest {
  const { start, goal } = request;
  return {
    start: { x: start.x, y: start.y, heading: start.heading },
    goal: { x: goal.x, y: goal.y },
    profile: profileFields(request.profile),
    ...(request.goalHeading === undefined ? {} : { goalHeading: request.goalHeading }),
    ...(request.planner === undefined ? {} : { planner: request.planner }),
    ...(request.nearest === undefined ? {} : { nearest: request.nearest }),
    ...(request.tolerance === undefined ? {} : { tolerance: request.tolerance }),
    ...(request.target === undefined ? {} : { target: { x: request.target.x, y: request.target.y } }),
  };
}

/**
 * Why `request` cannot cross to a worker as it is: the first field not of the type the worker
 * reads, as a sentence (`request.goal.x must be a number, got the string "5"`), or undefined
 * when every one is (numbers for the poses and an optional `target` point, `goalHeading` and `tolerance`, a string `planner`, a
 * boolean `nearest`). Values are not checked: `planRoute` answers bad numbers with a status.
 */
export function mistyped(request: WireRequest | RouteRequest): string | undefined {
  if (typeof request !== 'object' || request === null) return `request must be an object, got ${typeName(request)}`;
  for (const [name, p, heading] of [['start', request.start, true], ['goal', request.goal, false], ['target', request.target, false]] as const) {
    if (name === 'target' && p === undefined) continue;
    if (typeof p !== 'object' || p === null) return `request.${name} must be an object, got ${typeName(p)}`;
    const o = p as unknown as Record<string, unknown>;
    for (const k of heading ? ['x', 'y', 'heading'] : ['x', 'y']) if (typeof o[k] !== 'number') return `request.${name}.${k} must be a number, got ${typeName(o[k])}`;
  }
  for (const [name, type] of [['goalHeading', 'number'], ['tolerance', 'number'], ['planner', 'string'], ['nearest', 'boolean']] as const) {
    if (request[name] !== undefined && typeof request[name] !== type) return `request.${name} must be a ${type}, got ${typeName(request[name])}`;
  }
  return undefined;
}

/**
 * The request a worker plans: the profile resolved again (its one check). Numbers are not checked
 * here: `planRoute` answers bad ones with a route whose status says why.
 * @throws TypeError naming a field of the wrong type (see {@link mistyped}), or what the
 *   profile's check throws.
 */
export function requestFromWire(wire: WireRequest): RouteRequest {
  const wrong = mistyped(wire);
  if (wrong !== undefined) throw new TypeError(wrong);
  const profile = resolveProfile(wire.profile);
  return {
    start: { x: wire.start.x, y: wire.start.y, heading: wire.start.heading },
    goal: { x: wire.goal.x, y: wire.goal.y },
    profile,
    ...(wire.goalHeading === undefined ? {} : { goalHeading: wire.goalHeading }),
    ...(wire.planner === undefined ? {} : { planner: wire.planner }),
    ...(wire.nearest === undefined ? {} : { nearest: wire.nearest }),
    ...(wire.tolerance === undefined ? {} : { tolerance: wire.tolerance }),
    ...(wire.target === undefined ? {} : { target: { x: wire.target.x, y: wire.target.y } }),
  };
}

/** `route` as it crosses back. */
export function routeToWire(route: Route): WireRoute {
  const { path } = route;
  return {
    status: route.status,
    waypoints: [...route.waypoints],
    goal: { x: route.goal.x, y: route.goal.y },
    ...(path === undefined ? {} : { path: { start: { ...path.start }, segments: path.segments.map(segmentToJSON) } }),
    ...(route.finalHeading === undefined ? {} : { finalHeading: route.finalHeading }),
    ...(route.message === undefined ? {} : { message: route.message }),
    ...(route.retargeted ? { retargeted: true } : {}),
  };
}

/**
 * The route a worker sent: its path rebuilt from the same segment fields, so it is the worker's
 * path exactly. @throws TypeError or RangeError when the path is malformed.
 */
export function routeFromWire(wire: WireRoute): Route {
  const path = wire.path === undefined ? undefined : SegmentPath.fromJSON(wire.path.segments, wire.path.start);
  return {
    status: wire.status,
    waypoints: wire.waypoints,
    goal: wire.goal,
    ...(path === undefined ? {} : { path }),
    ...(wire.finalHeading === undefined ? {} : { finalHeading: wire.finalHeading }),
    ...(wire.message === undefined ? {} : { message: wire.message }),
    ...(wire.retargeted === true ? { retargeted: true } : {}),
  };
}

/** What a value of the wrong type is, for a message: a string quoted short, else its kind (a symbol or an object has no safe string). */
function typeName(v: unknown): string {
  if (typeof v === 'string') return `the string ${excerpt(v)}`;
  if (typeof v === 'bigint') return `the bigint ${v}n`;
  if (v === null || v === undefined) return String(v);
  return Array.isArray(v) ? 'an array' : `a value of type ${typeof v}`;
}
