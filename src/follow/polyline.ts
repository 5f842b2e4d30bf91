/**
 * Paths in the form the follower drives: polylines from the any-angle planners become chains of
 * straight segments (a unit without a turning radius turns on the spot at each corner).
 */
import type { Point } from '../grid/point.js';
import { SegmentPath } from '../curves/segment-path.js';
import { lineSegment, type Segment } from '../curves/segment.js';
import { snapPoint } from './path-check.js';

/**
 * The straight-segment path through `points`, and the distances of its interior vertices (the
 * waypoints). Repeated points are skipped. A path of one point stays put facing `startHeading`.
 *
 * @example polylinePath([{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 3, y: 4 }]).waypoints // [3]
 * @throws RangeError when `points` is empty or holds a non-finite coordinate.
 */
export function polylinePath(points: readonly Point[], startHeading = 0): { path: SegmentPath; waypoints: number[] } {
  const first = points[0];
  if (first === undefined) throw new RangeError('a polyline needs at least one point');
  const segments: Segment[] = [];
  const waypoints: number[] = [];
  let distance = 0;
  let from = first;
  for (let i = 1; i < points.length; i++) {
    const to = points[i]!;
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    if (length === 0) continue;
    if (segments.length > 0) waypoints.push(distance);
    segments.push(lineSegment({ x: from.x, y: from.y, heading: Math.atan2(to.y - from.y, to.x - from.x) }, length));
    distance += length;
    from = to;
  }
  return { path: new SegmentPath(segments, { x: first.x, y: first.y, heading: segments[0]?.heading ?? startHeading }), waypoints };
}

/**
 * `a` followed by `b`; `b` must start where `a` ends.
 * @throws RangeError when it does not.
 */
export function concatPaths(a: SegmentPath, b: SegmentPath): SegmentPath {
  return new SegmentPath([...a.segments, ...b.segments], a.start);
}

/**
 * The part of `path` between distances `from` and `to` (clamped to the path). `to` past the end
 * (Infinity, or a distance measured on a longer path) keeps the whole rest.
 *
 * The rest after a cut is measured anew: its length may differ from `path.length - from` in the
 * last bit, so the second cut is clamped to it rather than trusting the difference. A straight
 * segment cut in the middle starts at the cut point snapped to the grid lines it lies on up to
 * rounding (`LATTICE_SNAP`), so a cut along a wall does not start inside it.
 * @throws RangeError when `from` or `to` is NaN.
 */
export function slicePath(path: SegmentPath, from: number, to: number): SegmentPath {
  if (Number.isNaN(from) || Number.isNaN(to)) throw new RangeError(`slice distances must be numbers, got ${from} and ${to}`);
  const a = Math.min(Math.max(from, 0), path.length);
  const b = Math.min(Math.max(to, a), path.length);
  const tail = a > 0 ? snapStart(path.split(a)[1]) : path;
  if (b >= path.length) return tail;
  return tail.split(Math.min(b - a, tail.length))[0];
}

/** `path` with a straight first segment starting on the grid lines its start lies on up to rounding. */
function snapStart(path: SegmentPath): SegmentPath {
  const first = path.segments[0];
  if (first === undefined || first.kind !== 'line') return path;
  const p = snapPoint(first);
  if (p.x === first.x && p.y === first.y) return path;
  const start = { x: p.x, y: p.y, heading: first.heading };
  return new SegmentPath([lineSegment(start, first.length, first.reverse), ...path.segments.slice(1)], start);
}
