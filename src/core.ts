/**
 * The Phaser-free core of Headway: grids, line of sight, planners and curves. Runs in Node, in a
 * Worker and in the browser.
 */
export { Grid, GridFormatError, MAX_GRID_SIDE, MAX_TILE_COST, type GridArea, type GridChangeListener } from './grid/grid.js';
export { segmentCost } from './grid/segment-cost.js';
export { eachCellPiece, pathCost, type CellPieceVisitor } from './curves/cell-pieces.js';
export { isPointFree, isDoubleCorner, type Point } from './grid/point.js';
export { lineOfSight, cornerLineOfSight } from './grid/line-of-sight.js';
export { Components, componentsOf } from './grid/components.js';
export { parseScenarios, type Scenario } from './grid/scenario.js';
export type { PathResult, PathStatus, QueryOptions } from './search/result.js';
export type { Planner, LatticeOptions } from './search/planner.js';
export { SearchSlot, type SearchSession, type SearchOutcome, type SearchPhases, type RunState } from './search/session.js';
export { LatticePlanner } from './search/planner.js';
export { AStar } from './search/astar.js';
export {
  createPlanner,
  createCurvePlanner,
  registerPlanner,
  plannerEntry,
  plannerEntries,
  plannerNames,
  unitPlannerNames,
  defaultPlanner,
  type PlannerOptions,
  type PlannerKind,
  type PlannerTraits,
  type PlannerEntry,
  type PolylinePlannerEntry,
  type CurvePlannerEntry,
} from './planners.js';
export { smoothPath } from './anyangle/smoothing.js';
export { AStarPS } from './anyangle/astar-ps.js';
export { JumpPointSearch, JumpPointSearchPS } from './anyangle/jps.js';
export { ThetaStar } from './anyangle/theta-star.js';
export { LazyThetaStar } from './anyangle/lazy-theta-star.js';
export * from './curves/index.js';
export * from './directional/index.js';
export {
  resolveProfile,
  directionalProfile,
  isResolvedProfile,
  MAX_MOTION_VALUE,
  MAX_POSITION,
  MAX_PROFILE_SIZE,
  MIN_TURNING_RADIUS,
  MAX_COST_FACTOR,
  DEFAULT_REVERSE_COST,
  type UnitProfile,
  type ResolvedProfile,
} from './unit/profile.js';
// Units on a grid without Phaser (the plugin's `navigator` is one), and what its API returns.
export {
  Navigator,
  REPLAN_LOOKAHEAD,
  type MoveOptions,
  type UnitAdapter,
  type NavigatorOptions,
  type UnitInfo,
  type UnitDebugInfo,
  type NavigatorDebugInfo,
} from './follow/navigator.js';
// One-off path queries (Navigator.findPath) and reasons in the caller's units (NavigatorOptions.callerUnits).
export type { PathQueryResult, PathQueryStatus, QueryStart } from './follow/path-query.js';
export { restateReason, formatNumber, TILE_UNITS, REASON_DECIMALS, type CallerUnits } from './follow/caller-units.js';
export { Move, type MoveEvents, type MoveStatus, type MoveState, type MoveFailure } from './follow/move.js';
export type { PlanQueue, PlanBudget, PlanFrameStats } from './follow/plan-queue.js';
export type { RouteContext, SearchRecord } from './follow/route-context.js';
// Terrain speed: per-cell factors on a unit's top speed (NavigatorOptions.terrain).
export { TerrainSpeed, TerrainSpeeds, terrainSpeedZones, MIN_SPEED_FACTOR, type SpeedRule } from './follow/terrain-speed.js';
export { SteppedBuild, runBuild, MAX_PIECE_UNITS, type BuildWork } from './search/stepped-build.js';
export { Anya } from './anyangle/anya.js';
export { VisibilityGraph, type VisibilityGraphOptions } from './anyangle/visibility-graph.js';
// The drivable point nearest a goal a curve planner cannot reach (what `nearest: true` does for vehicles).
export {
  nearestGoal,
  nearestGoalWork,
  NEAREST_GOAL_RADIUS,
  NEAREST_GOAL_CANDIDATES,
  NEAREST_GOAL_WORK,
  type NearestGoal,
  type NearestGoalOptions,
} from './follow/curve-nearest.js';
export type { Work, WorkBudget } from './follow/work.js';
// Vehicles' plans off the main thread (NavigatorOptions.planWorker): the client, the worker's host, the ports.
export { PlanWorkerClient, type PlanWorkerOptions, type PlanWorkerPort, type PlanDelivery } from './worker/client.js';
export { servePlans, WORKER_SLICE_MS, type ServeOptions, type PlanHost } from './worker/host.js';
export { webPort, nodePort, type PlanPort, type WebEndpoint, type NodeEndpoint } from './worker/port.js';
export { PROTOCOL_VERSION, type ToWorker, type FromWorker } from './worker/protocol.js';
