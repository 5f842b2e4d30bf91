/**
 * One path for a group order: units that stand close together and move alike share one search
 * from the group to its target, and each joins that path (the trunk) where it sees it and leaves
 * it where it sees its own spot. Tile units.
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import type { SegmentPath } from '../curves/segment-path.js';
import { legClear } from './disc-room.js';
import { polylinePath } from './polyline.js';

/**
 * Fewest units for which a group shares one search. Sharing saves searches but sends the group
 * off at once along one path, and it arrives a little slower: on the crowd benchmark's demo map
 * (groups of 12) all arrived after 2.74x the slowest unit's time alone when shared, 2.01x when
 * each planned its own. So only groups whose searches would cost more than a frame share.
 */
export const SHARED_GROUP_MIN = 16;

/** Tiles from the group's centre within which every unit must stand for the group to share a path. */
export const SHARED_GROUP_SPREAD = 4;

/**
 * Tiles the target must lie from the group's centre: nearer, the units' own short searches cost
 * little and a shared path would bend them more than it saves.
 */
export const SHARED_MIN_TRIP = 8;

/** Corners of the trunk, from its start, at which a unit may join it (and from its end, leave it). */
export const JOIN_CORNERS = 4;

/** The corners of a polyline path, start and end included. */
function cornersOf(path: SegmentPath): Point[] {
  const points: Point[] = path.segments.map((s) => ({ x: s.x, y: s.y }));
  points.push({ x: path.end.x, y: path.end.y });
  return points;
}

/**
 * A unit's path from `from` to `to` along `trunk` (a polyline path planned for a unit of the
 * same size): straight to the farthest of the trunk's first corners that a disc of radius `r`
 * can slide to, along the trunk, and straight from the first of its last corners that sees `to`.
 * Undefined when no such joins are clear (the unit then plans its own path).
 */
export function joinTrunk(grid: Grid, trunk: SegmentPath, from: Point, to: Point, r: number): { path: SegmentPath; waypoints: number[] } | undefined {
  if (trunk.segments.some((s) => s.kind !== 'line')) return undefined;
  const corners = cornersOf(trunk);
  const n = corners.length;
  let enter = -1;
  for (let i = 0; i < Math.min(n, JOIN_CORNERS); i++) if (legClear(grid, from, corners[i]!, r)) enter = i;
  if (enter < 0) return undefined;
  let leave = -1;
  for (let j = n - 1; j >= Math.max(enter, n - JOIN_CORNERS); j--) if (legClear(grid, corners[j]!, to, r)) leave = j;
  if (leave < 0) return undefined;
  return polylinePath([from, ...corners.slice(enter, leave + 1), to]);
}

/**
 * The index of the unit a group's shared search starts from (the one nearest the group's
 * centre), or -1 when the group does not share: fewer than {@link SHARED_GROUP_MIN} units, one
 * farther than {@link SHARED_GROUP_SPREAD} from the centre, or a target nearer than
 * {@link SHARED_MIN_TRIP}.
 */
export function sharedLeader(positions: readonly Point[], target: Point): number {
  const n = positions.length;
  if (n < SHARED_GROUP_MIN) return -1;
  let cx = 0;
  let cy = 0;
  for (const p of positions) {
    cx += p.x / n;
    cy += p.y / n;
  }
  if (Math.hypot(target.x - cx, target.y - cy) < SHARED_MIN_TRIP) return -1;
  let leader = -1;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const d = Math.hypot(positions[i]!.x - cx, positions[i]!.y - cy);
    if (d > SHARED_GROUP_SPREAD) return -1;
    if (d < best) {
      best = d;
      leader = i;
    }
  }
  return leader;
}
