/**
 * The range of numbers within which the curve planners (Dubins, Reeds-Shepp, first leg) give
 * their documented precision, and the checks that refuse everything outside it with a RangeError
 * naming the value and the reason, rather than a curve that silently misses its goal.
 *
 * The planners work in turning radii, so their rounding is a few ulps of the radius: measured
 * over seeded random poses it stays below 1e-14 × radius tiles (about 40 ulps). A radius far
 * above the coordinates therefore swamps the goal in rounding, and one far below them makes the
 * whole turning circle smaller than the precision promised.
 */
import { angleDifference, TWO_PI } from './angle.js';
import type { Pose } from './segment.js';
import type { Point } from '../grid/point.js';

/**
 * The documented precision: a returned curve ends within `CURVE_TOLERANCE × curveScale` tiles
 * of the goal and within `CURVE_TOLERANCE` radians of its heading.
 */
export const CURVE_TOLERANCE = 1e-9;

/**
 * The largest turning radius, in units of {@link curveScale}: the planners' rounding (below
 * 1e-14 radii, see the module comment) stays 10x within {@link CURVE_TOLERANCE} up to here.
 */
export const MAX_RADIUS_RATIO = 1e4;

/**
 * The smallest turning radius, in units of {@link curveScale}: below it a full turn (2π × radius)
 * is shorter than {@link CURVE_TOLERANCE} × scale, so the curve's turns are below the precision
 * promised and the unit is in effect turning on the spot.
 */
export const MIN_RADIUS_RATIO = CURVE_TOLERANCE / TWO_PI;

/**
 * The length scale of a curve query, tiles: the largest coordinate magnitude of the two ends, at
 * least 1 (doubles hold a coordinate to about 1e-16 of its magnitude, so precision is relative to it).
 */
export function curveScale(from: Point, to: Point): number {
  return Math.max(1, Math.abs(from.x), Math.abs(from.y), Math.abs(to.x), Math.abs(to.y));
}

/**
 * The largest heading magnitude, radians: the planners work with the difference of two headings,
 * and a double at 1e6 has an ulp of 1.2e-10 rad, within {@link CURVE_TOLERANCE}; beyond it the
 * smaller heading is lost in the rounding of the larger.
 */
export const MAX_HEADING = 1e6;

const fmt = (v: number): string => Number(v.toPrecision(6)).toString();

/**
 * Throws a RangeError unless `radius` lies within [MIN_RADIUS_RATIO, MAX_RADIUS_RATIO] ×
 * {@link curveScale}(from, to), the two ends are a finite distance apart and their headings are
 * within ±{@link MAX_HEADING}. `from`, `to` and
 * `radius` must already be finite, with radius > 0.
 */
export function checkCurveRange(from: Point | Pose, to: Point | Pose, radius: number): void {
  for (const [name, p] of [['from', from], ['to', to]] as const) {
    if (hasHeading(p) && !(Math.abs(p.heading) <= MAX_HEADING)) {
      throw new RangeError(`${name}.heading ${p.heading} is beyond ±${MAX_HEADING} rad: a heading difference cannot be computed to ${CURVE_TOLERANCE} there; reduce it modulo 2π`);
    }
  }
  const scale = curveScale(from, to);
  const distance = Math.hypot(to.x - from.x, to.y - from.y);
  if (radius > MAX_RADIUS_RATIO * scale) {
    throw new RangeError(
      `turning radius ${radius} is too large relative to the distance ${fmt(distance)} and coordinates up to ${fmt(scale)} ` +
        `to compute a curve to ${CURVE_TOLERANCE}: at most ${fmt(MAX_RADIUS_RATIO * scale)} (${MAX_RADIUS_RATIO} × the coordinate scale)`,
    );
  }
  if (radius < MIN_RADIUS_RATIO * scale) {
    throw new RangeError(
      `turning radius ${radius} is too small relative to the distance ${fmt(distance)} and coordinates up to ${fmt(scale)} ` +
        `to compute a curve to ${CURVE_TOLERANCE}: a full turn is below the tolerance; at least ${fmt(MIN_RADIUS_RATIO * scale)}, ` +
        'or plan without a turning radius',
    );
  }
  // A curve stays within the distance plus a few turning circles of its ends (the longest words
  // loop about 3π radii); all of it, with margin, must be a finite double.
  if (!Number.isFinite(scale + 2 * distance + 16 * radius)) {
    throw new RangeError(`a curve from (${from.x}, ${from.y}) to (${to.x}, ${to.y}) with turning radius ${radius} would leave the range of a double`);
  }
}

function hasHeading(p: Point | Pose): p is Pose {
  return typeof (p as Partial<Pose>).heading === 'number';
}

/**
 * Whether `end`, where a computed curve really ends, misses the goal `to` by more than the
 * documented precision (the heading is compared only when `to` has one). NaN misses.
 */
export function curveMisses(from: Point, to: Point | Pose, end: Pose): boolean {
  const miss = Math.hypot(end.x - to.x, end.y - to.y);
  const turn = hasHeading(to) ? Math.abs(angleDifference(end.heading, to.heading)) : 0;
  return !(miss <= CURVE_TOLERANCE * curveScale(from, to)) || !(turn <= CURVE_TOLERANCE);
}

/**
 * Throws a RangeError naming the query when `end` misses `to` (see {@link curveMisses}). This is
 * the last guard against a wrong answer: inside the checked range it fired on no measured case.
 */
export function checkCurveEnd(name: string, from: Pose, to: Point | Pose, radius: number, end: Pose): void {
  if (!curveMisses(from, to, end)) return;
  const miss = Math.hypot(end.x - to.x, end.y - to.y);
  const goal = hasHeading(to) ? `(${to.x}, ${to.y}, ${to.heading})` : `(${to.x}, ${to.y})`;
  throw new RangeError(
    `${name} from (${from.x}, ${from.y}, ${from.heading}) to ${goal} with turning radius ${radius} ` +
      `cannot be computed to ${CURVE_TOLERANCE}: it ends ${fmt(miss)} tiles from the goal, facing ${fmt(end.heading)}`,
  );
}
