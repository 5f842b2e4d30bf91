/**
 * The one planner registry: every planner, polyline or curve, by the name the CLI, the route code
 * and the plugin use, with what it supports. Code outside the package adds its own planners with
 * {@link registerPlanner}; the route code asks the registry, never a name string.
 */
import type { Grid } from './grid/grid.js';
import { Anya } from './anyangle/anya.js';
import { VisibilityGraph } from './anyangle/visibility-graph.js';
import { AStarPS } from './anyangle/astar-ps.js';
import { JumpPointSearch, JumpPointSearchPS } from './anyangle/jps.js';
import { LazyThetaStar } from './anyangle/lazy-theta-star.js';
import { ThetaStar } from './anyangle/theta-star.js';
import type { CurvePlanner, CurveQueryOptions } from './curves/curve-planner.js';
import { DirectionalPlanner, type DirectionalQueryOptions } from './directional/directional-planner.js';
import { AStar } from './search/astar.js';
import type { Connectivity } from './search/lattice.js';
import type { LatticeOptions, Planner } from './search/planner.js';
import { isResolvedProfile, resolveProfile, type ResolvedProfile, type UnitProfile } from './unit/profile.js';

/** Options for {@link createPlanner}: the lattice's, and for `astar` its landmarks. */
export interface PlannerOptions extends LatticeOptions {
  /**
   * `astar` only: landmarks per region for the ALT estimate on weighted grids (see
   * docs/planners.md, Landmarks), 0 (default) for none. Built on the first weighted query and
   * again after each tile edit (a fraction of a second on a 512x512 map): for maps whose costs
   * stay put. Other planners ignore it.
   */
  landmarks?: number;
}

/** What a planner returns: waypoints joined by straight legs, or drivable curves for a unit profile. */
export type PlannerKind = 'polyline' | 'curve';

/** What a planner supports, for callers that choose one (the route code, the CLI, a game's menu). */
export interface PlannerTraits {
  /**
   * The `lattice` options it accepts (`corner`, `cell`); empty for a planner that takes no lattice
   * option (a curve planner).
   */
  readonly lattices: readonly ('corner' | 'cell')[];
  /**
   * The `connectivity` options it honours (4, 8); empty for a planner whose moves are not lattice
   * neighbours (any-angle searches over intervals or visibility, curve planners).
   */
  readonly connectivity: readonly Connectivity[];
  /** Plans between any real points (a sprite's exact position), not only lattice nodes. */
  readonly realPoints: boolean;
  /**
   * Honours per-tile movement costs (`Grid.cost`): its paths are cheapest under them and its
   * results carry their `cost`. A polyline planner without it returns `invalid` on a weighted grid
   * (the search layer's `TILE_COST_PLANNERS` names the built-in ones that have it).
   */
  readonly tileCosts: boolean;
  /** Plans reversing (backing up) for a unit that may. */
  readonly reversing: boolean;
  /**
   * Units may be ordered with it. False for a planner that builds whole-map structures in one
   * uncut step (a brute-force reference): one order would stall a frame.
   */
  readonly forUnits: boolean;
}

/** Fields every registry entry has. */
interface EntryBase {
  /** The name orders, the CLI and {@link createPlanner} use: lowercase letters, digits and dashes. */
  readonly name: string;
  readonly traits: PlannerTraits;
  /**
   * When {@link PlannerTraits.forUnits} is false: why, as the end of a sentence that starts with
   * the planner's name, for the order's failure message.
   */
  readonly unitRefusal?: string;
}

/** A planner that returns polylines: {@link Planner}. */
export interface PolylinePlannerEntry extends EntryBase {
  readonly kind: 'polyline';
  /**
   * Makes the planner for a grid.
   * @throws RangeError for options it does not support.
   */
  create(grid: Grid, options: PlannerOptions): Planner;
}

/** A planner that returns curves for one unit profile: {@link CurvePlanner}. */
export interface CurvePlannerEntry extends EntryBase {
  readonly kind: 'curve';
  /**
   * Makes the planner for a grid and a resolved unit profile (tile units). Two entries may share
   * one `create` function with different {@link query} options: a cache keyed by the function and
   * the profile's `key` then builds the planner's tables once for both.
   * @throws RangeError naming a profile field the planner cannot take.
   */
  create(grid: Grid, profile: ResolvedProfile): CurvePlanner;
  /** Query options every search of this entry uses (e.g. `{ mode: 'hybrid' }`). */
  readonly query?: Readonly<CurveQueryOptions>;
}

/** One planner the registry knows. */
export type PlannerEntry = PolylinePlannerEntry | CurvePlannerEntry;

/** The lattice planners: both lattices, both neighbour counts, any real start and goal. */
const LATTICE_TRAITS: PlannerTraits = {
  lattices: ['corner', 'cell'],
  connectivity: [4, 8],
  realPoints: true,
  tileCosts: false,
  reversing: false,
  forUnits: true,
};

/** The lattice planners that integrate tile costs exactly along their moves and segments. */
const WEIGHTED_LATTICE_TRAITS: PlannerTraits = { ...LATTICE_TRAITS, tileCosts: true };

/** The any-angle planners that search intervals or visibility: corner semantics only. */
const ANY_ANGLE_TRAITS: PlannerTraits = { ...LATTICE_TRAITS, lattices: ['corner'], connectivity: [] };

const DIRECTIONAL_TRAITS: PlannerTraits = {
  lattices: [],
  connectivity: [],
  realPoints: true,
  tileCosts: true,
  reversing: true,
  forUnits: true,
};

/** Shared by both directional entries, so that a cache keyed by it builds one planner per profile. */
const createDirectional = (grid: Grid, profile: ResolvedProfile): CurvePlanner => new DirectionalPlanner(grid, profile);

const HYBRID_QUERY: DirectionalQueryOptions = { mode: 'hybrid' };

const BUILT_IN: readonly PlannerEntry[] = [
  { name: 'astar', kind: 'polyline', traits: WEIGHTED_LATTICE_TRAITS, create: (grid, options) => new AStar(grid, options) },
  { name: 'anya', kind: 'polyline', traits: ANY_ANGLE_TRAITS, create: (grid, options) => new Anya(grid, options) },
  {
    name: 'vg',
    kind: 'polyline',
    traits: { ...ANY_ANGLE_TRAITS, forUnits: false },
    unitRefusal: 'is the brute-force reference for tests and the benchmark: one query can take a second; use "anya" for shortest paths',
    create: (grid, options) => new VisibilityGraph(grid, options),
  },
  { name: 'astar-ps', kind: 'polyline', traits: LATTICE_TRAITS, create: (grid, options) => new AStarPS(grid, options) },
  { name: 'jps', kind: 'polyline', traits: LATTICE_TRAITS, create: (grid, options) => new JumpPointSearch(grid, options) },
  { name: 'jps-ps', kind: 'polyline', traits: LATTICE_TRAITS, create: (grid, options) => new JumpPointSearchPS(grid, options) },
  { name: 'theta', kind: 'polyline', traits: WEIGHTED_LATTICE_TRAITS, create: (grid, options) => new ThetaStar(grid, options) },
  { name: 'lazy-theta', kind: 'polyline', traits: WEIGHTED_LATTICE_TRAITS, create: (grid, options) => new LazyThetaStar(grid, options) },
  { name: 'directional', kind: 'curve', traits: DIRECTIONAL_TRAITS, create: createDirectional },
  { name: 'directional-hybrid', kind: 'curve', traits: DIRECTIONAL_TRAITS, create: createDirectional, query: HYBRID_QUERY },
];

/** Every entry by name, in the order registered. */
const REGISTRY = new Map<string, PlannerEntry>();

/** The names of the library's own planners, which every thread that imports this module has. */
const BUILT_IN_NAMES: ReadonlySet<string> = new Set(BUILT_IN.map((e) => e.name));

/**
 * True for the library's own planners; false for one a game registered ({@link registerPlanner}),
 * which exists only on the thread that registered it (a plan worker does not have it).
 */
export function isBuiltInPlanner(name: string): boolean {
  return BUILT_IN_NAMES.has(name);
}

/** A planner name: lowercase letters and digits, words joined by dashes (`lazy-theta`). */
const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Adds a planner to the registry: from then on orders, {@link createPlanner} and
 * {@link createCurvePlanner} know it by name.
 *
 * @example
 * ```ts
 * registerPlanner({
 *   name: 'my-planner',
 *   kind: 'polyline',
 *   traits: { lattices: ['corner'], connectivity: [], realPoints: true, tileCosts: false, reversing: false, forUnits: true },
 *   create: (grid) => new MyPlanner(grid),
 * });
 * plugin.moveTo(sprite, x, y, { planner: 'my-planner' });
 * ```
 * @throws TypeError when the entry or a field has the wrong type; RangeError when the name is taken
 *   or malformed, or a trait holds a value no planner option has.
 */
export function registerPlanner(entry: PlannerEntry): void {
  const checked = checkEntry(entry);
  if (REGISTRY.has(checked.name)) throw new RangeError(`a planner named "${checked.name}" is already registered`);
  REGISTRY.set(checked.name, checked);
}

function checkEntry(entry: PlannerEntry): PlannerEntry {
  if (typeof entry !== 'object' || entry === null) throw new TypeError(`a planner entry must be an object, got ${String(entry)}`);
  const { name, kind, traits, create, unitRefusal } = entry;
  if (typeof name !== 'string') throw new TypeError(`a planner's name must be a string, got ${String(name)}`);
  if (!NAME_PATTERN.test(name)) throw new RangeError(`planner name must be lowercase letters and digits joined by dashes, got "${name}"`);
  if (kind !== 'polyline' && kind !== 'curve') throw new RangeError(`planner "${name}": kind must be 'polyline' or 'curve', got ${String(kind)}`);
  if (typeof create !== 'function') throw new TypeError(`planner "${name}": create must be a function, got ${typeof create}`);
  if (unitRefusal !== undefined && typeof unitRefusal !== 'string') throw new TypeError(`planner "${name}": unitRefusal must be a string, got ${typeof unitRefusal}`);
  if (typeof traits !== 'object' || traits === null) throw new TypeError(`planner "${name}": traits must be an object, got ${String(traits)}`);
  const lattices = checkList(name, 'lattices', traits.lattices, ['corner', 'cell'] as const);
  const connectivity = checkList(name, 'connectivity', traits.connectivity, [4, 8] as const);
  const flags = {} as Record<'realPoints' | 'tileCosts' | 'reversing' | 'forUnits', boolean>;
  for (const flag of ['realPoints', 'tileCosts', 'reversing', 'forUnits'] as const) {
    if (typeof traits[flag] !== 'boolean') throw new TypeError(`planner "${name}": traits.${flag} must be a boolean, got ${String(traits[flag])}`);
    flags[flag] = traits[flag];
  }
  const frozenTraits: PlannerTraits = Object.freeze({ lattices: Object.freeze(lattices), connectivity: Object.freeze(connectivity), ...flags });
  if (kind === 'polyline') return Object.freeze({ name, kind, traits: frozenTraits, create, ...(unitRefusal === undefined ? {} : { unitRefusal }) });
  const query = (entry as CurvePlannerEntry).query;
  if (query !== undefined && (typeof query !== 'object' || query === null)) throw new TypeError(`planner "${name}": query must be an object, got ${String(query)}`);
  return Object.freeze({
    name,
    kind,
    traits: frozenTraits,
    create: create as CurvePlannerEntry['create'],
    ...(unitRefusal === undefined ? {} : { unitRefusal }),
    ...(query === undefined ? {} : { query: Object.freeze({ ...query }) }),
  });
}

/** A trait list, checked against the values it may hold. */
function checkList<V>(name: string, field: string, list: unknown, allowed: readonly V[]): V[] {
  if (!Array.isArray(list)) throw new TypeError(`planner "${name}": traits.${field} must be an array, got ${String(list)}`);
  for (const v of list) {
    if (!allowed.includes(v as V)) throw new RangeError(`planner "${name}": traits.${field} may hold ${allowed.join(', ')}, got ${String(v)}`);
  }
  return [...(list as V[])];
}

for (const entry of BUILT_IN) registerPlanner(entry);

/** The entry registered as `name`, or undefined. */
export function plannerEntry(name: string): PlannerEntry | undefined {
  return REGISTRY.get(name);
}

/** Every registered entry, in the order registered (built-in planners first). */
export function plannerEntries(): PlannerEntry[] {
  return [...REGISTRY.values()];
}

/**
 * The names of the registered planners of one kind (default: the polyline planners
 * {@link createPlanner} accepts), in the order registered.
 */
export function plannerNames(kind: PlannerKind = 'polyline'): string[] {
  return plannerEntries()
    .filter((entry) => entry.kind === kind)
    .map((entry) => entry.name);
}

/**
 * The planner a unit is ordered with when its order names none, by kind: Theta* for units that
 * turn on the spot (any-angle paths at a fraction of Anya's cost per query), the directional
 * planner's hybrid (corridor) mode for units with a turning radius: on the shared steering
 * queries (r = 2) it found a path wherever the full mode did, 1.000 times as long on average, at
 * p95 15 ms against 464 ms, and a crowd of 100 tanks had its paths in 3.8 s of game time against
 * 27 s. Both are built in, so always registered.
 */
export function defaultPlanner(kind: PlannerKind = 'polyline'): string {
  return kind === 'polyline' ? 'theta' : 'directional-hybrid';
}

/** The names units may be ordered with, polyline planners first. */
export function unitPlannerNames(): string[] {
  const usable = plannerEntries().filter((entry) => entry.traits.forUnits);
  return [...usable.filter((e) => e.kind === 'polyline'), ...usable.filter((e) => e.kind === 'curve')].map((e) => e.name);
}

/**
 * Makes a polyline planner by name for a grid.
 *
 * @example
 * ```ts
 * const planner = createPlanner('astar', Grid.fromAscii(['....', '.@..', '....']));
 * planner.findPath(0, 0, 4, 3);
 * ```
 * @throws RangeError naming the unknown planner and listing the known ones, or naming a curve
 *   planner (which needs a unit profile: {@link createCurvePlanner}).
 */
export function createPlanner(name: string, grid: Grid, options: PlannerOptions = {}): Planner {
  const entry = plannerEntry(name);
  if (!entry) throw new RangeError(`unknown planner "${name}"; known: ${plannerNames().join(', ')}`);
  if (entry.kind !== 'polyline') {
    throw new RangeError(`planner "${name}" is a curve planner: make it with createCurvePlanner(name, grid, profile); polyline planners: ${plannerNames().join(', ')}`);
  }
  return entry.create(grid, options);
}

/**
 * Makes a curve planner by name for a grid and a unit profile (tile units); its searches use the
 * entry's query options (`directional-hybrid`: `{ mode: 'hybrid' }`) unless a query overrides them.
 *
 * @example
 * ```ts
 * const planner = createCurvePlanner('directional', grid, { turningRadius: 2, width: 0.8 });
 * planner.findPath({ x: 2.5, y: 2.5, heading: 0 }, { x: 20.5, y: 9.5 });
 * ```
 * @throws RangeError naming an unknown planner or a polyline one; RangeError or TypeError naming
 *   a bad profile field.
 */
export function createCurvePlanner(name: string, grid: Grid, profile: UnitProfile | ResolvedProfile): CurvePlanner {
  const entry = plannerEntry(name);
  if (!entry) throw new RangeError(`unknown curve planner "${name}"; known: ${plannerNames('curve').join(', ')}`);
  if (entry.kind !== 'curve') {
    throw new RangeError(`planner "${name}" is a polyline planner: make it with createPlanner(name, grid); curve planners: ${plannerNames('curve').join(', ')}`);
  }
  const resolved = isResolvedProfile(profile) ? profile : resolveProfile(profile);
  return withQuery(entry.name, entry.create(grid, resolved), entry.query);
}

/** `planner` under the entry's `name`, with `query` as the default options of its searches. */
function withQuery(name: string, planner: CurvePlanner, query: Readonly<CurveQueryOptions> | undefined): CurvePlanner {
  if (!query) return planner;
  return {
    name,
    grid: planner.grid,
    findPath: (start, goal, options) => planner.findPath(start, goal, { ...query, ...options }),
    createSearch: (start, goal, options) => planner.createSearch(start, goal, { ...query, ...options }),
    expandedPoints: () => planner.expandedPoints(),
    destroy: () => planner.destroy(),
  };
}
