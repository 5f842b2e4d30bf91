/** The Phaser 4 plugin: the only part of Headway that imports Phaser. */
export {
  PathfindingPlugin,
  type PathfindingUnit,
  type PathfindingProfile,
  type PathfindingMoveOptions,
  type PathfindingMove,
  type PathfindingQueryOptions,
  type PathfindingPath,
  type PathfindingFrameStats,
} from './plugin.js';
export {
  TilemapGrid,
  DEFAULT_SCAN_PER_FRAME,
  type PathfindingLayer,
  type TilemapOptions,
  type MovementClass,
  type TilePredicate,
  type TileCost,
  type TileIndices,
  type TileIndexValues,
  type PlanFor,
} from './tilemap-grid.js';
export { DebugDraw, type DebugOptions } from './debug-draw.js';
export type { TileSpeed } from './tile-speed.js';
// The parts of the Phaser-free follow layer that appear in the plugin's API.
export { Move, type MoveEvents, type MoveStatus, type MoveState, type MoveFailure } from '../follow/move.js';
export type { PlanBudget, PlanFrameStats } from '../follow/plan-queue.js';
export type { PathQueryStatus } from '../follow/path-query.js';
export { MovementGrids, DEFAULT_MOVEMENT_CLASS, type CellRule, type CellCostRule } from '../follow/movement-grids.js';
