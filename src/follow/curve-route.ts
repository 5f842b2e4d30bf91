/**
 * Curves through an any-angle route for units with a turning radius: Dubins (or Reeds-Shepp, for
 * units that back up) pieces between the route's vertices, each checked with the exact swept
 * footprint, with legs cut in half where a piece hits a wall.
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { dubins } from '../curves/dubins.js';
import { pathHitsBlocked } from '../curves/footprint.js';
import { reedsShepp } from '../curves/reeds-shepp.js';
import { SegmentPath } from '../curves/segment-path.js';
import type { Pose, Segment } from '../curves/segment.js';
import type { ResolvedProfile } from '../unit/profile.js';
import { chargeWork, type Work, type WorkBudget } from './work.js';

/** How many times a leg may be halved when the curve along it hits a wall. */
export const MAX_LEG_SPLITS = 4;

/**
 * A curved path from `start` through `points` (points[0] is the start position) ending with
 * `goalHeading` (default: the last leg's direction), with curvature at most 1 / turningRadius and
 * the footprint (its sweep radius) clear of walls; undefined when no such chain of pieces was found.
 */
export function* curveThrough(
  grid: Grid,
  start: Pose,
  points: readonly Point[],
  goalHeading: number | undefined,
  profile: ResolvedProfile,
  budget: WorkBudget,
): Work<{ path: SegmentPath; waypoints: number[] } | undefined> {
  const n = points.length;
  const poses: Pose[] = [{ x: start.x, y: start.y, heading: start.heading }];
  for (let i = 1; i < n; i++) {
    const p = points[i]!;
    const a = points[i - 1]!;
    const inH = Math.atan2(p.y - a.y, p.x - a.x);
    let h = inH;
    if (i === n - 1) h = goalHeading ?? inH;
    else {
      const b = points[i + 1]!;
      const outH = Math.atan2(b.y - p.y, b.x - p.x);
      h = Math.atan2(Math.sin(inH) + Math.sin(outH), Math.cos(inH) + Math.cos(outH));
    }
    poses.push({ x: p.x, y: p.y, heading: h });
  }
  const segments: Segment[] = [];
  const waypoints: number[] = [];
  let length = 0;
  for (let i = 1; i < poses.length; i++) {
    const leg = yield* legCurve(grid, poses[i - 1]!, poses[i]!, profile, budget, 0);
    if (!leg) return undefined;
    segments.push(...leg.segments);
    length += leg.length;
    if (i < poses.length - 1) waypoints.push(length);
  }
  return { path: new SegmentPath(segments, poses[0]), waypoints };
}

/** The curve from a to b, halving the leg (recursively) while the direct curve hits a wall. */
function* legCurve(grid: Grid, a: Pose, b: Pose, profile: ResolvedProfile, budget: WorkBudget, depth: number): Work<SegmentPath | undefined> {
  const curve = profile.reverse ? reedsShepp(a, b, profile.turningRadius, { reverseCost: profile.reverseCost }).path : dubins(a, b, profile.turningRadius).path;
  yield* chargeWork(budget, 1 + Math.ceil(curve.length * (1 + 2 * profile.sweepRadius)));
  if (!pathHitsBlocked(grid, curve, profile.sweepRadius)) return curve;
  if (depth >= MAX_LEG_SPLITS) return undefined;
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, heading: Math.atan2(b.y - a.y, b.x - a.x) };
  const first = yield* legCurve(grid, a, mid, profile, budget, depth + 1);
  if (!first) return undefined;
  const second = yield* legCurve(grid, mid, b, profile, budget, depth + 1);
  if (!second) return undefined;
  return new SegmentPath([...first.segments, ...second.segments], a);
}
