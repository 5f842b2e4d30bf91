/**
 * The directional planner for units with a turning radius (Pinter's directional A*, with the
 * analytic shot of Hybrid A*), and its move and heuristic tables.
 */
export {
  DirectionalPlanner,
  DEFAULT_MAX_MEMORY,
  directionalMemory,
  HYBRID_WEIGHT,
  SHOT_INTERVAL,
  type DirectionalOptions,
  type DirectionalQueryOptions,
} from './directional-planner.js';
export { MoveSet, moveSetFor, moveSetWork, type HeadingCount, type Neighborhood } from './hit-check.js';
