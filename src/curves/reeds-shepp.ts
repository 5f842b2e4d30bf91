/**
 * Reeds-Shepp paths: the shortest route between two poses for a unit with a minimum turning
 * radius that may also drive backwards (Reeds & Shepp 1990). The optimum is one of 48 words of up
 * to five pieces with at most two cusps; they all follow from eight base formulas (the paper's
 * 8.1-8.11, with the corrections OMPL's ReedsSheppStateSpace documents) by three symmetries:
 * timeflip (drive the path backwards), reflect (swap left and right) and backwards (read the
 * path from the goal).
 *
 * The formulas work in turning radii, in the start's frame, in the form where the positive
 * steer (+1, R here) increases the heading; each piece is a signed distance, negative backwards.
 */
import { normalizeAngle } from './angle.js';
import { checkPose, checkRadius, type Pose } from './segment.js';
import { pathFromSteps, wordOfSteps, type Curve, type Step } from './segment-path.js';
import { DUBINS_WORDS, dubinsSteers, SAME_CIRCLE_EPSILON, solveDubinsWord } from './dubins.js';
import { checkCurveEnd, checkCurveRange } from './curve-range.js';

/** A Reeds-Shepp path. */
export interface ReedsSheppCurve extends Curve {
  /** The pieces in driving order with their steering and signed distance (tile units). */
  readonly steps: readonly Step[];
}

/** Options for {@link reedsShepp}. */
export interface ReedsSheppOptions {
  /**
   * Cost of a tile driven backwards relative to one driven forwards, >= 1 (default 1: plain
   * shortest path). Above 1 the six forward-only Dubins words compete too, so a large factor
   * gives the Dubins path; in between the result is the cheapest of those 54 words, which is the
   * true optimum at 1 and in the limit but may miss a cheaper exotic path for other factors.
   */
  reverseCost?: number;
}

/**
 * How far a base formula's piece may fall on the wrong side of zero (in radii) and still count:
 * tile-aligned goals put pieces at exactly 0, where rounding gives either sign.
 */
export const RS_ZERO = 1e-10;

/** Pieces shorter than this (in radii) are dropped: they are the rounding noise of a zero piece. */
export const RS_EMPTY_PIECE = 1e-12;

const HALF_PI = Math.PI / 2;

type Steers = readonly (-1 | 0 | 1)[];
type Found = (steers: Steers, values: readonly number[]) => void;
type BaseFormula = (x: number, y: number, phi: number, found: Found) => void;

function tauOmega(u: number, v: number, xi: number, eta: number, phi: number): [number, number] {
  const delta = normalizeAngle(u - v);
  const a = Math.sin(u) - Math.sin(delta);
  const b = Math.cos(u) - Math.cos(delta) - 1;
  const t1 = Math.atan2(eta * a - xi * b, xi * a + eta * b);
  const t2 = 2 * (Math.cos(delta) - Math.cos(v) - Math.cos(u)) + 3;
  const tau = t2 < 0 ? normalizeAngle(t1 + Math.PI) : normalizeAngle(t1);
  return [tau, normalizeAngle(tau - u + v - phi)];
}

const nonNegative = (v: number): boolean => v >= -RS_ZERO;
const nonPositive = (v: number): boolean => v <= RS_ZERO;

/** 8.1: L+ S+ L+. */
const lsl: BaseFormula = (x, y, phi, found) => {
  const xi = x - Math.sin(phi);
  const eta = y - 1 + Math.cos(phi);
  const u = Math.hypot(xi, eta);
  if (u < SAME_CIRCLE_EPSILON) {
    // Both circles are one: a single arc, not atan2 of rounding noise.
    const t = normalizeAngle(phi);
    if (nonNegative(t)) found([1, 0, 1], [t, 0, 0]);
    return;
  }
  const t = Math.atan2(eta, xi);
  const v = normalizeAngle(phi - t);
  if (nonNegative(t) && nonNegative(v)) found([1, 0, 1], [t, u, v]);
};

/** 8.2: L+ S+ R+. */
const lsr: BaseFormula = (x, y, phi, found) => {
  const xi = x + Math.sin(phi);
  const eta = y - 1 - Math.cos(phi);
  const sq = xi * xi + eta * eta;
  if (sq < 4) return;
  const u = Math.sqrt(sq - 4);
  const t = normalizeAngle(Math.atan2(eta, xi) + Math.atan2(2, u));
  const v = normalizeAngle(t - phi);
  if (nonNegative(t) && nonNegative(v)) found([1, 0, -1], [t, u, v]);
};

/** 8.3/8.4: L+ R- L (C|C|C and C|CC). */
const lrl: BaseFormula = (x, y, phi, found) => {
  const xi = x - Math.sin(phi);
  const eta = y - 1 + Math.cos(phi);
  const rho = Math.hypot(xi, eta);
  if (rho > 4) return;
  const u = -2 * Math.asin(rho / 4);
  const t = normalizeAngle(Math.atan2(eta, xi) + u / 2 + Math.PI);
  const v = normalizeAngle(phi - t + u);
  if (nonNegative(t) && nonPositive(u)) found([1, -1, 1], [t, u, v]);
};

/** 8.7: L+ R+ L- R-. */
const lrlrSame: BaseFormula = (x, y, phi, found) => {
  const xi = x + Math.sin(phi);
  const eta = y - 1 - Math.cos(phi);
  const rho = (2 + Math.hypot(xi, eta)) / 4;
  if (rho > 1) return;
  const u = Math.acos(rho);
  const [t, v] = tauOmega(u, -u, xi, eta, phi);
  if (nonNegative(t) && nonPositive(v)) found([1, -1, 1, -1], [t, u, -u, v]);
};

/** 8.8: L+ R- L- R+. */
const lrlrOpposite: BaseFormula = (x, y, phi, found) => {
  const xi = x + Math.sin(phi);
  const eta = y - 1 - Math.cos(phi);
  const rho = (20 - xi * xi - eta * eta) / 16;
  if (rho < 0 || rho > 1) return;
  const u = -Math.acos(rho);
  if (u < -HALF_PI) return;
  const [t, v] = tauOmega(u, u, xi, eta, phi);
  if (nonNegative(t) && nonNegative(v)) found([1, -1, 1, -1], [t, u, u, v]);
};

/** 8.9: L+ R-(π/2) S- L-. */
const lrsl: BaseFormula = (x, y, phi, found) => {
  const xi = x - Math.sin(phi);
  const eta = y - 1 + Math.cos(phi);
  const rho = Math.hypot(xi, eta);
  if (rho < 2) return;
  const r = Math.sqrt(rho * rho - 4);
  const u = 2 - r;
  const t = normalizeAngle(Math.atan2(eta, xi) + Math.atan2(r, -2));
  const v = normalizeAngle(phi - HALF_PI - t);
  if (nonNegative(t) && nonPositive(u) && nonPositive(v)) found([1, -1, 0, 1], [t, -HALF_PI, u, v]);
};

/** 8.10: L+ R-(π/2) S- R-. */
const lrsr: BaseFormula = (x, y, phi, found) => {
  const xi = x + Math.sin(phi);
  const eta = y - 1 - Math.cos(phi);
  const rho = Math.hypot(eta, xi);
  if (rho < 2) return;
  const t = Math.atan2(xi, -eta);
  const u = 2 - rho;
  const v = normalizeAngle(t + HALF_PI - phi);
  if (nonNegative(t) && nonPositive(u) && nonPositive(v)) found([1, -1, 0, -1], [t, -HALF_PI, u, v]);
};

/** 8.11: L+ R-(π/2) S- L-(π/2) R+. */
const lrslr: BaseFormula = (x, y, phi, found) => {
  const xi = x + Math.sin(phi);
  const eta = y - 1 - Math.cos(phi);
  const rho = Math.hypot(xi, eta);
  if (rho < 2) return;
  const u = 4 - Math.sqrt(rho * rho - 4);
  if (!nonPositive(u)) return;
  const t = normalizeAngle(Math.atan2((4 - u) * xi - 2 * eta, -2 * xi + (u - 4) * eta));
  const v = normalizeAngle(t - phi);
  if (nonNegative(t) && nonNegative(v)) found([1, -1, 0, 1, -1], [t, -HALF_PI, u, -HALF_PI, v]);
};

const BASE_FORMULAS: readonly BaseFormula[] = [lsl, lsr, lrl, lrlrSame, lrlrOpposite, lrsl, lrsr, lrslr];

/** Receives a candidate as a base formula found it, plus the symmetries that map it to the real goal. */
type Consider = (steers: Steers, values: readonly number[], flip: boolean, reflect: boolean, backwards: boolean) => void;

/**
 * Calls `consider` with every candidate that reaches (x, y, phi) from (0, 0, 0): each base
 * formula under the eight combinations of the three symmetries.
 */
function eachCandidate(x: number, y: number, phi: number, consider: Consider): void {
  const xb = x * Math.cos(phi) + y * Math.sin(phi);
  const yb = x * Math.sin(phi) - y * Math.cos(phi);
  for (const backwards of [false, true]) {
    const bx = backwards ? xb : x;
    const by = backwards ? yb : y;
    for (const flip of [false, true]) {
      for (const reflect of [false, true]) {
        const found: Found = (steers, values) => consider(steers, values, flip, reflect, backwards);
        const fphi = flip !== reflect ? -phi : phi;
        for (const formula of BASE_FORMULAS) formula(flip ? -bx : bx, reflect ? -by : by, fphi, found);
      }
    }
  }
}

function checkReverseCost(reverseCost: number): void {
  if (typeof reverseCost !== 'number' || !(reverseCost >= 1) || !Number.isFinite(reverseCost)) {
    throw new RangeError(`reverse cost must be a finite number >= 1, got ${String(reverseCost)}`);
  }
}

/**
 * The shortest (or, with `reverseCost` > 1, the cheapest) path from `from` to `to` for turning
 * radius `radius` when the unit may drive backwards.
 *
 * @example
 * ```ts
 * const c = reedsShepp({ x: 0, y: 0, heading: 0 }, { x: -3, y: 0, heading: 0 }, 1);
 * c.word;   // 'S-': back up three tiles
 * c.length; // 3
 * reedsShepp({ x: 0, y: 0, heading: 0 }, { x: -3, y: 0, heading: 0 }, 1, { reverseCost: 100 }).word; // a forward loop
 * ```
 * @throws RangeError naming a non-finite coordinate, a radius that is not > 0, a reverse cost
 *   below 1, or a radius outside the range in which the curve is computed to its documented
 *   precision (see `checkCurveRange`: the end lies within CURVE_TOLERANCE × scale of `to`).
 */
export function reedsShepp(from: Pose, to: Pose, radius: number, options: ReedsSheppOptions = {}): ReedsSheppCurve {
  checkPose('from', from);
  checkPose('to', to);
  checkRadius(radius);
  const reverseCost = options.reverseCost ?? 1;
  checkReverseCost(reverseCost);
  checkCurveRange(from, to, radius);
  const dx = (to.x - from.x) / radius;
  const dy = (to.y - from.y) / radius;
  const c = Math.cos(from.heading);
  const s = Math.sin(from.heading);
  const x = c * dx + s * dy;
  const y = -s * dx + c * dy;
  const phi = to.heading - from.heading;

  let bestSteers: Steers = [];
  let bestValues: readonly number[] = [];
  let bestCost = Infinity;
  let bestLength = Infinity;
  const consider: Consider = (steers, values, flip, reflect, backwards) => {
    let cost = 0;
    let length = 0;
    for (const v of values) {
      length += Math.abs(v);
      cost += (flip ? v > 0 : v < 0) ? Math.abs(v) * reverseCost : Math.abs(v);
    }
    if (!(cost < bestCost || (cost === bestCost && length < bestLength))) return;
    bestCost = cost;
    bestLength = length;
    // Timeflip drives every piece the other way, reflect swaps left and right, backwards reads the path from the end.
    const s = reflect ? steers.map((k) => -k as -1 | 0 | 1) : [...steers];
    const v = flip ? values.map((d) => -d) : [...values];
    bestSteers = backwards ? s.reverse() : s;
    bestValues = backwards ? v.reverse() : v;
  };
  eachCandidate(x, y, phi, consider);
  if (reverseCost > 1) {
    for (const word of DUBINS_WORDS) {
      const parts = solveDubinsWord(word, x, y, phi);
      if (parts !== null) consider(dubinsSteers(word), parts, false, false, false);
    }
  }
  if (bestCost === Infinity) {
    // The 48 words provably cover every goal; reaching this means a formula lost a case to rounding.
    throw new RangeError(`no Reeds-Shepp word found from (${from.x}, ${from.y}, ${from.heading}) to (${to.x}, ${to.y}, ${to.heading}) with turning radius ${radius}`);
  }
  const steps: Step[] = [];
  for (let i = 0; i < bestValues.length; i++) {
    const v = bestValues[i]!;
    if (Math.abs(v) >= RS_EMPTY_PIECE) steps.push({ steer: bestSteers[i]!, distance: v * radius });
  }
  const path = pathFromSteps(from, steps, radius);
  checkCurveEnd(`Reeds-Shepp ${wordOfSteps(steps)}`, from, to, radius, path.end);
  return { word: wordOfSteps(steps), length: path.length, cost: path.cost(reverseCost), steps, path };
}
