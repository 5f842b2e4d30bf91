/**
 * Pinter's first leg ("Toward More Realistic Pathfinding", Game Developer 2001): when the
 * heading at the goal does not matter, the unit turns on one of its two turning circles until it
 * faces the goal point, then drives straight at it.
 */
import type { Point } from '../grid/point.js';
import { checkFinite, checkPose, checkRadius, type Pose } from './segment.js';
import { pathFromSteps, wordOfSteps, type Curve, type Step } from './segment-path.js';
import { FULL_TURN_EPSILON } from './dubins.js';
import { mod2pi, TWO_PI } from './angle.js';
import { checkCurveEnd, checkCurveRange } from './curve-range.js';

/** Options for {@link firstLeg}. */
export interface FirstLegOptions {
  /** Also consider backing up: reverse on a circle until the tail points at the goal, then back straight to it. */
  reverse?: boolean;
  /** Cost of a tile driven backwards relative to a forward one, >= 1 (default 1). */
  reverseCost?: number;
}

/**
 * A point this far inside a turning circle (in squared radii) is on it: the rounding of
 * x² + y² - 1 near the circle is a few 1e-16. Tighter than the Dubins tangent guard because the
 * point then lies that much off the path (5e-11 radii at 1e-10), and the other circle, which
 * always holds the point outside, gives a correct answer instead.
 */
export const ON_CIRCLE_EPSILON = 1e-14;

/**
 * The turn angle and straight length (in radii) of arc-then-line with `steer` from (0, 0, 0) to
 * (x, y), or null when the point lies inside that turning circle.
 */
function solve(steer: -1 | 1, x: number, y: number): [number, number] | null {
  // Circle centre (0, steer); w runs from it to the point.
  const wy = y - steer;
  const sq = x * x + wy * wy - 1;
  if (sq < -ON_CIRCLE_EPSILON) return null;
  const straight = Math.sqrt(Math.max(0, sq));
  const psi = Math.atan2(wy, x) + steer * Math.atan2(1, straight);
  const turn = mod2pi(steer * psi);
  return [turn > TWO_PI - FULL_TURN_EPSILON ? 0 : turn, straight];
}

/**
 * The shortest arc-then-line path from `from` to the point `to` for turning radius `radius`
 * (tile units); the final heading is whatever the line's is. Of the two turning circles, the one
 * on the goal's side is not always usable: a point inside a circle is reached from the other.
 *
 * @example
 * ```ts
 * firstLeg({ x: 0, y: 0, heading: 0 }, { x: 0, y: 2 }, 1); // word 'R': a half turn, length π
 * firstLeg({ x: 0, y: 0, heading: 0 }, { x: -3, y: 0 }, 1, { reverse: true }); // word 'S-': back up
 * ```
 * @throws RangeError naming a non-finite coordinate, a radius that is not > 0, a reverse cost
 *   below 1, or a radius outside the range in which the curve is computed to its documented
 *   precision (see `checkCurveRange`: the end lies within CURVE_TOLERANCE × scale of `to`).
 */
export function firstLeg(from: Pose, to: Point, radius: number, options: FirstLegOptions = {}): Curve {
  checkPose('from', from);
  if (typeof to !== 'object' || to === null) throw new TypeError(`to must be a point {x, y}, got ${String(to)}`);
  checkFinite('to.x', to.x);
  checkFinite('to.y', to.y);
  checkRadius(radius);
  const reverseCost = options.reverseCost ?? 1;
  if (typeof reverseCost !== 'number' || !(reverseCost >= 1) || !Number.isFinite(reverseCost)) {
    throw new RangeError(`reverse cost must be a finite number >= 1, got ${String(reverseCost)}`);
  }
  checkCurveRange(from, to, radius);
  const dx = (to.x - from.x) / radius;
  const dy = (to.y - from.y) / radius;
  const c = Math.cos(from.heading);
  const s = Math.sin(from.heading);
  const x = c * dx + s * dy;
  const y = -s * dx + c * dy;
  let best: Step[] = [];
  let bestCost = Infinity;
  // Backing up is driving forward with the pose turned around (the frame rotates by π) and the
  // steering mirrored, since the motion bends the opposite way to the heading.
  const directions = options.reverse === true ? [1, -1] : [1];
  for (const direction of directions) {
    for (const steer of [-1, 1] as const) {
      const found = solve(steer, direction * x, direction * y);
      if (found === null) continue;
      const cost = (found[0] + found[1]) * (direction < 0 ? reverseCost : 1);
      if (cost < bestCost) {
        bestCost = cost;
        best = [
          { steer: (direction * steer) as -1 | 1, distance: direction * found[0] * radius },
          { steer: 0, distance: direction * found[1] * radius },
        ];
      }
    }
  }
  // One circle always holds the point outside or on it, so best is set.
  const path = pathFromSteps(from, best, radius);
  checkCurveEnd(`first leg ${wordOfSteps(best)}`, from, { x: to.x, y: to.y }, radius, path.end);
  return { word: wordOfSteps(best), length: path.length, cost: path.cost(reverseCost), path };
}
