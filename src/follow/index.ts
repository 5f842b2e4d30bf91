/** Driving units along planned paths: followers, move orders, per-frame planning budget. No Phaser. */
export { Follower, speedZones, checkFollowerOptions, CORNER_EPSILON, type FollowerOptions, type FollowerEvent, type MotionOptions } from './follower.js';
export { MotionProfile, MIN_ZONE_SPEED, type MotionLimits, type SpeedZone } from './motion-profile.js';
export { Move, type MoveEvents, type MoveStatus, type MoveState, type MoveFailure, type ListenerErrorSink } from './move.js';
export { polylineBlocked, snapToLattice, snapPoint, LATTICE_SNAP } from './path-check.js';
export { PlanQueue, DEFAULT_PLAN_BUDGET, SLICE_EXPANSIONS, type PlanJob, type PlanBudget, type PlanFrameStats } from './plan-queue.js';
export { polylinePath, concatPaths, slicePath } from './polyline.js';
export { frameForHeading } from './frames.js';
export { ErodedGrids, legClear, polylineClear, pointClear, pushCorners, erosionFor, PUSH_MARGIN } from './disc-room.js';
export { planRoute, RouteContext, nearestReachable, defaultPlanner, CURVE_ROOM, type Route, type RouteRequest, type RouteProfile } from './route.js';
export { curveThrough, MAX_LEG_SPLITS, type CurveProfile } from './curve-route.js';
export { WorkJob, searchWork, chargeWork, type Work, type WorkBudget } from './work.js';
export { expandedPoints } from './expanded.js';
export {
  Navigator,
  checkProfile,
  checkOrder,
  pathNearArea,
  REPLAN_LOOKAHEAD,
  type UnitProfile,
  type MoveOptions,
  type UnitAdapter,
  type NavigatorOptions,
  type UnitInfo,
} from './navigator.js';
