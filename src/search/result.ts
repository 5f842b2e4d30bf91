import type { Point } from '../grid/point.js';

/**
 * Why a search ended.
 * - `found`: `points` holds the path.
 * - `no-path`: start and goal are not connected.
 * - `start-blocked` / `goal-blocked`: the point is inside a wall (or sealed between walls).
 * - `out-of-bounds`: a point lies outside the map.
 * - `invalid`: a coordinate or option is not a usable number; `message` says which.
 * - `budget`: the expansion cap was reached before the goal.
 * - `cancelled`: the search was cancelled, or replaced by a newer search on the same planner.
 * - `no-room-to-turn` (curve planners only): the footprint fits everywhere on the way, but no
 *   drivable path exists with the unit's turning radius.
 */
export type PathStatus =
  | 'found'
  | 'no-path'
  | 'start-blocked'
  | 'goal-blocked'
  | 'out-of-bounds'
  | 'invalid'
  | 'budget'
  | 'cancelled'
  | 'no-room-to-turn';

/** What every planner returns. Lengths and points are in tile units. */
export interface PathResult {
  status: PathStatus;
  /** Waypoints from start to goal; empty unless `status` is `found`. */
  points: Point[];
  /** Euclidean length of the polyline through `points`; Infinity unless found. */
  length: number;
  /**
   * The path's weighted cost: the integral of cell cost (`Grid.cost`) along `points`, each
   * leg charged the length it runs inside each cell times that cell's cost (a leg along a cell edge
   * the cheaper free side). Equal to `length` on a uniform grid. Set on found paths by the lattice
   * planners (A*, Theta*, Lazy Theta* and the others built on `LatticePlanner`); a planner that
   * leaves it out plans on uniform grids only, where it is `length`.
   */
  cost?: number;
  /** Nodes expanded (taken off the open list) by this search. */
  expanded: number;
  /** A sentence saying what was wrong, for `invalid` and the blocked statuses. */
  message?: string;
}

/** Options of one query. */
export interface QueryOptions {
  /**
   * Heuristic weight, a finite number >= 0 (anything else is `invalid`). Default 1. Above 1 the
   * search expands fewer nodes and the path may be up to that factor longer; below 1 it expands
   * more and stays optimal (0 is Dijkstra's search).
   */
  weight?: number;
  /** Stop with status `budget` after this many expansions. Default: no cap. */
  maxExpansions?: number;
}

/** Builds a result that ends a search without a path. */
export function failure(status: Exclude<PathStatus, 'found'>, expanded = 0, message?: string): PathResult {
  return message === undefined
    ? { status, points: [], length: Infinity, expanded }
    : { status, points: [], length: Infinity, expanded, message };
}

/** Euclidean length of a polyline. */
export function polylineLength(points: readonly Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    length += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  }
  return length;
}
