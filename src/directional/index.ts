/**
 * The directional planner for units with a turning radius (Pinter's directional A*, with the
 * analytic shot of Hybrid A*), and its move and heuristic tables.
 */
export {
  DEFAULT_PROOF_AFTER,
  DirectionalPlanner,
  HYBRID_WEIGHT,
  SHOT_INTERVAL,
  type DirectionalOptions,
  type DirectionalQueryOptions,
} from './directional-planner.js';
export { DEFAULT_MAX_MEMORY, directionalMemory } from './memory-size.js';
export type { Refusal } from './query-checks.js';
export { ReachabilityProof, type ReachabilityOptions, type ReachVerdict } from './reachability.js';
export { MoveSet, moveSetFor, moveSetWork, type HeadingCount, type Neighborhood } from './hit-check.js';
export { exportMoveTables, loadMoveTables, MoveTablesError, type MoveTablesFault, type MoveTablesInfo } from './move-tables.js';
