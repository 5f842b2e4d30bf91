import type { Grid } from './grid/grid.js';
import { Anya } from './anyangle/anya.js';
import { VisibilityGraph } from './anyangle/visibility-graph.js';
import { AStarPS } from './anyangle/astar-ps.js';
import { JumpPointSearch, JumpPointSearchPS } from './anyangle/jps.js';
import { LazyThetaStar } from './anyangle/lazy-theta-star.js';
import { ThetaStar } from './anyangle/theta-star.js';
import { AStar } from './search/astar.js';
import type { LatticeOptions, Planner } from './search/planner.js';

/** Options for {@link createPlanner}. */
export type PlannerOptions = LatticeOptions;

type PlannerFactory = (grid: Grid, options: PlannerOptions) => Planner;

/** Every planner by the name the CLI and the plugin use. A new algorithm adds one line here. */
const FACTORIES: Record<string, PlannerFactory> = {
  astar: (grid, options) => new AStar(grid, options),
  anya: (grid, options) => new Anya(grid, options),
  vg: (grid, options) => new VisibilityGraph(grid, options),
  'astar-ps': (grid, options) => new AStarPS(grid, options),
  jps: (grid, options) => new JumpPointSearch(grid, options),
  'jps-ps': (grid, options) => new JumpPointSearchPS(grid, options),
  theta: (grid, options) => new ThetaStar(grid, options),
  'lazy-theta': (grid, options) => new LazyThetaStar(grid, options),
};

/** The names {@link createPlanner} accepts. */
export function plannerNames(): string[] {
  return Object.keys(FACTORIES);
}

/**
 * Makes a planner by name for a grid.
 *
 * @example
 * ```ts
 * const planner = createPlanner('astar', Grid.fromAscii(['....', '.@..', '....']));
 * planner.findPath(0, 0, 4, 3);
 * ```
 * @throws RangeError naming the unknown planner and listing the known ones.
 */
export function createPlanner(name: string, grid: Grid, options: PlannerOptions = {}): Planner {
  const factory = Object.hasOwn(FACTORIES, name) ? FACTORIES[name] : undefined;
  if (!factory) throw new RangeError(`unknown planner "${name}"; known: ${plannerNames().join(', ')}`);
  return factory(grid, options);
}
