/**
 * The soak's invariants, checked after every frame: no unit inside a wall it walked into, no NaN
 * pose, no unit left standing on a move that never ends. Cheap enough for 200 units a frame.
 */
import type { UnitInfo } from '../../src/follow/navigator.js';
import type { Grid } from '../../src/grid/grid.js';
import { isPointFree } from '../../src/grid/point.js';
import { pointSquareDistance } from '../../src/curves/footprint.js';
import { cellKey, cellOfKey, type SoakUnit } from './soak-units.js';

/**
 * Depth (tiles) a unit must reach into a blocked cell to count as inside it. Poses rebuilt from
 * start + heading + length drift by ~1e-15 across a wall edge (issue 15, point 3); those are
 * counted apart as grazes, not as units in walls.
 */
export const WALL_DEPTH = 1e-9;

/** A unit that has not moved more than this (tiles, or radians of heading) has stood still. */
export const STILL_EPSILON = 1e-6;

/** Radius of a unit's footprint disc; 0 for a point. */
export function radiusOf(unit: SoakUnit): number {
  return (unit.profile.width ?? 0) / 2;
}

/** Calls `visit` with the distance for every blocked cell (outside the map counts) within `reach` of (x, y). */
function forBlockedNear(grid: Grid, x: number, y: number, reach: number, visit: (cx: number, cy: number, d: number) => void): void {
  for (let cy = Math.floor(y - reach); cy <= Math.floor(y + reach); cy++) {
    for (let cx = Math.floor(x - reach); cx <= Math.floor(x + reach); cx++) {
      if (!grid.isBlocked(cx, cy)) continue;
      const d = pointSquareDistance(x, y, cx, cy);
      if (d <= reach) visit(cx, cy, d);
    }
  }
}

/**
 * Marks the cells just blocked that a unit touches: it may stand in them (they came to it) until
 * it leaves them. Call after every edit that blocks cells, with the cells it blocked.
 */
export function excuseBlocked(grid: Grid, units: Iterable<SoakUnit>, cells: readonly (readonly [number, number])[]): void {
  if (cells.length === 0) return;
  for (const u of units) {
    const reach = radiusOf(u) + WALL_DEPTH;
    for (const [cx, cy] of cells) {
      if (pointSquareDistance(u.pose.x, u.pose.y, cx, cy) <= reach) u.excused.add(cellKey(grid, cx, cy));
    }
  }
}

/** What {@link checkWalls} found for one unit this frame. */
export interface WallCheck {
  /** Blocked cells the unit is inside (deeper than {@link WALL_DEPTH}) without excuse, not reported before. */
  fresh: [number, number][];
  /** True while the unit is inside an unexcused blocked cell (reported or not). */
  inside: boolean;
  /** True when the unit overlaps a wall by less than {@link WALL_DEPTH} (rounding), without excuse. */
  graze: boolean;
}

/**
 * Checks one unit against the walls and forgets excuses for cells it has left (or that were
 * freed). A point unit is inside a wall when no point within {@link WALL_DEPTH} of it is free by
 * the grid rule (so standing on a wall's edge is fine, running along an edge between two blocked
 * cells is not); a sized unit when its disc reaches deeper than that into a blocked cell.
 */
export function checkWalls(grid: Grid, u: SoakUnit): WallCheck {
  const { x, y } = u.pose;
  const r = radiusOf(u);
  for (const key of u.excused) {
    const [cx, cy] = cellOfKey(grid, key);
    if (!grid.isBlocked(cx, cy) || pointSquareDistance(x, y, cx, cy) > r + WALL_DEPTH) u.excused.delete(key);
  }
  const deep: [number, number][] = [];
  let touching = false;
  let excusedNear = false;
  if (r > 0) {
    forBlockedNear(grid, x, y, r, (cx, cy, d) => {
      if (d >= r) return;
      if (u.excused.has(cellKey(grid, cx, cy))) return;
      touching = true;
      if (d < r - WALL_DEPTH) deep.push([cx, cy]);
    });
  } else if (!isPointFree(grid, x, y)) {
    forBlockedNear(grid, x, y, WALL_DEPTH, (cx, cy) => {
      if (u.excused.has(cellKey(grid, cx, cy))) excusedNear = true;
    });
    if (!excusedNear) {
      touching = true;
      if (!freeWithin(grid, x, y, WALL_DEPTH)) forBlockedNear(grid, x, y, WALL_DEPTH, (cx, cy) => deep.push([cx, cy]));
    }
  }
  const fresh: [number, number][] = [];
  const now = new Set<number>();
  for (const [cx, cy] of deep) {
    const key = cellKey(grid, cx, cy);
    now.add(key);
    if (!u.flagged.has(key)) fresh.push([cx, cy]);
  }
  // An incident ends when the unit leaves the cell; walking in again is a new one.
  for (const key of u.flagged) if (!now.has(key)) u.flagged.delete(key);
  for (const key of now) u.flagged.add(key);
  return { fresh, inside: deep.length > 0, graze: touching && deep.length === 0 };
}

/** True when some point within `eps` of (x, y) (the point and its eight nudges) is free. */
function freeWithin(grid: Grid, x: number, y: number, eps: number): boolean {
  for (const dy of [0, -eps, eps]) for (const dx of [0, -eps, eps]) if (isPointFree(grid, x + dx, y + dy)) return true;
  return false;
}

/** What {@link checkProgress} found for one unit this frame. */
export type ProgressCheck = 'ok' | 'stuck' | 'starved';

/**
 * Watches a unit with a move in progress. `stuck`: it has stood still for `patience` simulated
 * seconds although nothing keeps it waiting: it has a path, or it has none while the plan queue
 * has been empty (no planning for it is left to do). `starved`: it stood that long waiting for a
 * plan behind a busy queue (slow, not lost). Each is returned once per move.
 *
 * @param queueEmpty - the plan queue had no pending job after this frame's update.
 */
export function checkProgress(u: SoakUnit, info: UnitInfo<SoakUnit> | undefined, now: number, queueEmpty: boolean, patience: number): ProgressCheck {
  const move = u.move;
  const { x, y, heading } = u.pose;
  const a = u.anchor;
  if (!move || move.ended || Math.hypot(x - a.x, y - a.y) > STILL_EPSILON || Math.abs(heading - a.heading) > STILL_EPSILON) {
    u.anchor = { x, y, heading };
    u.stillSince = now;
    u.orphan = false;
    return 'ok';
  }
  const pathless = info?.path === undefined;
  if (!pathless) u.orphan = false;
  else if (queueEmpty) u.orphan = true;
  if (now - u.stillSince < patience) return 'ok';
  if (!pathless || u.orphan) {
    if (u.stuckCounted) return 'ok';
    u.stuckCounted = true;
    return 'stuck';
  }
  if (u.starvedCounted) return 'ok';
  u.starvedCounted = true;
  return 'starved';
}
