/**
 * What the routes on one map share: planners made once and reused, the grid shrunk for sized
 * units, and a record of the last finished search for debug views.
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import type { CurvePlanner } from '../curves/curve-planner.js';
import { createPlanner, defaultPlanner, plannerEntry, type CurvePlannerEntry } from '../planners.js';
import type { Planner } from '../search/planner.js';
import { withPointAsDisc, type ResolvedProfile } from '../unit/profile.js';
import { ErodedGrids } from './disc-room.js';

/**
 * Footprint width (tiles) given to a curve planner for a point unit: the directional planner
 * sweeps a disc, and one this small changes nothing a player could see.
 */
export const MIN_DIRECTIONAL_WIDTH = 0.02;

/**
 * Instances of one polyline planner (name, shrink, lattice) a context keeps at most: the plan
 * queue runs at most two searches at once (the slow job it sets aside and the job running at the
 * head, see `SLOW_JOB_FRAMES` in plan-queue.ts), and each instance holds a few typed arrays of
 * the map's size, so no more are made.
 */
export const PLANNER_POOL = 2;

/** The last finished search of a map's routes, for debug views. */
export interface SearchRecord {
  /** The registry name of the planner that ran it. */
  readonly planner: string;
  /** How many searches had finished with this one: changes when another finishes. */
  readonly searches: number;
  /** Where the nodes or states it closed sit (tile units); see `Planner.expandedPoints`. */
  readonly expanded: readonly Point[];
}

/** What can say where its last search's closed nodes sit: a polyline or a curve planner. */
interface Expanding {
  expandedPoints(): Point[];
}

/**
 * Planners and shrunk grids for one map, shared by all requests. A planner runs one search at a
 * time: polyline searches {@link lease} an instance no other search holds; curve planners (whose
 * tables can be large) are one per profile, so their searches run one at a time, which the
 * {@link PlanQueue} guarantees (it never sets aside a job in a curve search).
 */
export class RouteContext {
  readonly eroded: ErodedGrids;
  /**
   * Read the expanded points when a search finishes rather than when {@link lastSearch} is
   * asked: exact even when another search on the same planner has begun since, at O(nodes) a
   * search. A debug view turns it on; games leave it off.
   */
  captureExpanded = false;
  /** Instances by planner key, the first made on first use, the others when one is leased. */
  private readonly planners = new Map<string, Planner[]>();
  /** Instances lent to a search in progress (see {@link lease}). */
  private readonly leased = new Set<Planner>();
  /** Curve planners by factory, then by profile key: entries that share a factory share tables. */
  private readonly curves = new Map<CurvePlannerEntry['create'], Map<string, CurvePlanner>>();
  private finished = 0;
  private last: { planner: string; source: Expanding; expanded: Point[] | undefined } | undefined;

  constructor(readonly grid: Grid) {
    this.eroded = new ErodedGrids(grid);
  }

  /** The polyline planner `name` on the grid shrunk by `k` cells, on the corner or cell lattice. */
  planner(name: string, k = 0, lattice: 'corner' | 'cell' = 'corner'): Planner {
    return this.pool(name, k, lattice)[0]!;
  }

  /**
   * An instance of the polyline planner `name` (as {@link planner}) that no search in progress
   * holds, lent until {@link release}: a search begun on a planner ends the one before, so two
   * jobs whose searches are both under way (the plan queue sets a slow one aside) each need their
   * own. When all {@link PLANNER_POOL} instances are lent, the first is (its search is replaced,
   * as when every job shared one planner). The same instance is lent whenever none is out, so
   * jobs run one after another search exactly as on one planner.
   */
  lease(name: string, k = 0, lattice: 'corner' | 'cell' = 'corner'): Planner {
    // Through `planner`, the one door to a context's planners (the first instance is its answer).
    const first = this.planner(name, k, lattice);
    const pool = this.pool(name, k, lattice);
    let planner = this.leased.has(first) ? pool.find((p) => !this.leased.has(p)) : first;
    if (!planner && pool.length < PLANNER_POOL) {
      planner = createPlanner(name, this.eroded.get(k), { lattice });
      pool.push(planner);
    }
    planner ??= pool[0]!;
    this.leased.add(planner);
    return planner;
  }

  /** Gives back an instance from {@link lease}. */
  release(planner: Planner): void {
    this.leased.delete(planner);
  }

  private pool(name: string, k: number, lattice: 'corner' | 'cell'): Planner[] {
    const key = `${name}|${k}|${lattice}`;
    let pool = this.planners.get(key);
    if (!pool) {
      pool = [createPlanner(name, this.eroded.get(k), { lattice })];
      this.planners.set(key, pool);
    }
    return pool;
  }

  /**
   * The curve planner of `entry` for a unit's resolved profile (a point unit gets a disc
   * {@link MIN_DIRECTIONAL_WIDTH} wide), made on first use. Cheap for the directional planner: it
   * checks the profile and builds no tables (its first search builds them in slices).
   * @throws RangeError or TypeError when the planner refuses the profile.
   */
  curvePlanner(entry: CurvePlannerEntry, unitProfile: ResolvedProfile): CurvePlanner {
    const profile = withPointAsDisc(unitProfile, MIN_DIRECTIONAL_WIDTH);
    let byProfile = this.curves.get(entry.create);
    if (!byProfile) {
      byProfile = new Map();
      this.curves.set(entry.create, byProfile);
    }
    let planner = byProfile.get(profile.key);
    if (!planner) {
      planner = entry.create(this.grid, profile);
      byProfile.set(profile.key, planner);
    }
    return planner;
  }

  /**
   * Makes the curve planner a unit with this profile is ordered with by default (or the curve
   * planner `name`), so that its first order only has tables to build.
   * @throws RangeError or TypeError when the planner refuses the profile.
   */
  prepareCurvePlanner(profile: ResolvedProfile, name = defaultPlanner('curve')): void {
    const entry = plannerEntry(name);
    if (entry?.kind === 'curve') this.curvePlanner(entry, profile);
  }

  /** Notes that a search of `planner` (registered as `name`) has finished. */
  searchFinished(name: string, planner: Expanding): void {
    this.finished++;
    this.last = { planner: name, source: planner, expanded: this.captureExpanded ? planner.expandedPoints() : undefined };
  }

  /** How many searches have finished. */
  get searches(): number {
    return this.finished;
  }

  /**
   * The last finished search, or undefined before the first; its points only `withPoints`. They
   * are read once (O(nodes)): without {@link captureExpanded}, at the first call that asks, from
   * the planner's memory, which a search begun since on the same planner has overwritten.
   */
  lastSearch(withPoints = true): SearchRecord | undefined {
    const last = this.last;
    if (!last) return undefined;
    if (withPoints) last.expanded ??= last.source.expandedPoints();
    return { planner: last.planner, searches: this.finished, expanded: withPoints ? last.expanded! : [] };
  }

  /**
   * Lets go of the grid: destroys its planners (a curve planner's watchers on the grid go with
   * it) and its eroded grids. A search still running on one of them ends `cancelled`.
   */
  destroy(): void {
    for (const pool of this.planners.values()) for (const planner of pool) planner.destroy?.();
    for (const byProfile of this.curves.values()) for (const planner of byProfile.values()) planner.destroy();
    this.eroded.destroy();
    this.planners.clear();
    this.leased.clear();
    this.curves.clear();
    this.last = undefined;
  }
}
