/**
 * What every curve planner offers: drivable paths for a unit with a turning radius, from an exact
 * pose to a point (and optionally a heading), as a one-shot query or a {@link SearchSession}.
 * The directional planner is one; the planner registry (`src/planners.ts`) knows them by name.
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import type { PathStatus } from '../search/result.js';
import type { SearchSession } from '../search/session.js';
import type { Pose } from './segment.js';
import type { SegmentPath } from './segment-path.js';

/** Where the unit must end: a point in tile units, and optionally the heading it must face there. */
export interface CurveGoal {
  x: number;
  y: number;
  /** Radians (0 = +x, clockwise on screen); null or omitted: any heading. */
  heading?: number | null;
}

/** Options every curve planner takes for one query. */
export interface CurveQueryOptions {
  /** Stop with status `budget` after this many expansions. Default: no cap. */
  maxExpansions?: number;
  /**
   * Heuristic weight, >= 0 (0 is Dijkstra). Above 1 the search is faster and paths may cost up to
   * that factor more.
   */
  weight?: number;
}

/**
 * What a curve query returns. Its `status` is one of {@link PathStatus}: `no-path` when the goal
 * is in another region or no gap on the way is wide enough for the footprint, `no-room-to-turn`
 * when the footprint fits everywhere on the way but no drivable path exists with the unit's
 * turning radius.
 */
export interface CurveResult {
  status: PathStatus;
  /** The path from the start pose; a path that stays at the start unless `status` is `found`. */
  segments: SegmentPath;
  /** Distance travelled, tiles; Infinity unless found. */
  length: number;
  /** What the search minimised: length, reverse distance weighted, plus turn penalties; Infinity unless found. */
  cost: number;
  /** States expanded by this search. */
  expanded: number;
  /** A sentence saying what was wrong, for `invalid` and the blocked statuses. */
  message?: string;
}

/**
 * A planner for one grid and one unit profile that returns curves. Like the polyline planners it
 * runs one search at a time: starting another cancels the previous one.
 */
export interface CurvePlanner<O extends CurveQueryOptions = CurveQueryOptions> {
  /** The name the registry knows it by, e.g. `directional`. */
  readonly name: string;
  readonly grid: Grid;
  /** Plans from the exact pose `start` to `goal` in one call. Never throws for a bad query: see the status. */
  findPath(start: Pose, goal: CurveGoal, options?: O): CurveResult;
  /** Starts a search that runs in slices (it may build its tables in those slices too). */
  createSearch(start: Pose, goal: CurveGoal, options?: O): SearchSession<CurveResult>;
  /**
   * Where the states the most recent search closed sit (tile units; one point per cell however
   * many headings closed there), for debug views. O(states): call it when a search ends, not every
   * frame. Empty before the first search.
   */
  expandedPoints(): Point[];
  /**
   * Lets go of the grid: removes every watcher the planner registered on it (`Grid.watch`,
   * `Grid.watchLayout`), so that a dropped planner costs the grid's edits nothing and can be
   * collected. Its owner calls it when it drops the planner (a route context, a navigator, a
   * scene's shutdown). The search in progress ends `cancelled`; later queries end `invalid`, saying
   * the planner was destroyed. Calling it again does nothing.
   */
  destroy(): void;
}
