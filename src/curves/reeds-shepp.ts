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
import { mod2pi, normalizeAngle, TWO_PI } from './angle.js';
import { hypot } from './hypot.js';
import { checkPose, checkRadius, type Pose } from './segment.js';
import { pathFromSteps, wordOfSteps, type Curve, type Step } from './segment-path.js';
import { DUBINS_WORDS, dubinsSteers, SAME_CIRCLE_EPSILON, solveDubinsWord } from './dubins.js';
import { checkCurveEnd, checkCurveRange, curveMisses } from './curve-range.js';

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
/**
 * A base formula: offers (through `found`) each candidate word that reaches the goal (x, y, phi)
 * from the origin. It reads the goal's heading (PHI) and, for the goal circle it works with, that
 * circle's centre relative to the start's left circle ((SAME|OTHER)_XI, _ETA) and its distance
 * (_RHO) from the search's numbers, where the caller puts them once per symmetry for both goal
 * circles (read there rather than passed: a double passed to a call that is not inlined is boxed
 * into a heap number); the circle's bearing atan2(eta, xi) comes from {@link sameBearing} or
 * {@link otherBearing}, computed only when a formula gets that far.
 */
type BaseFormula = () => void;

// The steering of each base word, shared so a candidate allocates nothing.
const STEERS_LSL: Steers = [1, 0, 1];
const STEERS_LSR: Steers = [1, 0, -1];
const STEERS_LRL: Steers = [1, -1, 1];
const STEERS_LRLR: Steers = [1, -1, 1, -1];
const STEERS_LRSL: Steers = [1, -1, 0, 1];
const STEERS_LRSR: Steers = [1, -1, 0, -1];
const STEERS_LRSLR: Steers = [1, -1, 0, 1, -1];

/** The most pieces a word has. */
const MAX_PIECES = 5;

/*
 * The search keeps its state in module variables rather than closures and per-candidate arrays:
 * a solve runs hundreds of candidates and is the main cost of reversing vehicles, so they made
 * most of its garbage. A solve runs to completion without re-entering, so one set suffices.
 */
let searchFlip = false;
let searchReflect = false;
let searchBackwards = false;
let bestSteers: Steers = STEERS_LSL;
let bestCount = 0;
let bestFlip = false;
let bestReflect = false;
let bestBackwards = false;
const bestValues = new Float64Array(MAX_PIECES);
/**
 * The search's numbers, in one typed array: a module variable holding a double boxes every value
 * written to it (a heap number each), which made most of a solve's garbage.
 */
const num = new Float64Array(16);
/** The reverse cost factor of the solve. */
const SEARCH_REVERSE_COST = 0;
/** The best candidate's cost and length so far, radii. */
const BEST_COST = 1;
const BEST_LENGTH = 2;
/** What tauOmega computes. */
const TAU_OUT = 3;
const OMEGA_OUT = 4;
/** The current symmetry's goal circle centres, and their bearings once computed (NaN before). */
const SAME_XI = 5;
const SAME_ETA = 6;
const SAME_THETA = 7;
const OTHER_XI = 8;
const OTHER_ETA = 9;
const OTHER_THETA = 10;
/**
 * Lower bounds (radii) on the two arcs of the current symmetry's CSC words, from the goal heading
 * alone (see {@link arcBounds}): L+S+L+ turns its arcs one way, so they add up to the heading
 * change in [0, 2π); L+S+R+ turns them opposite ways, so they add up to at least its size.
 */
const SAME_ARCS = 11;
const OTHER_ARCS = 12;
/** The current symmetry's circle distances (rho) and goal heading, for the base formulas. */
const SAME_RHO = 13;
const OTHER_RHO = 14;
const PHI = 15;

/**
 * A candidate is skipped, unsolved, when a lower bound on its cost (the sum of its pieces'
 * lengths that the formula knows before its angles) exceeds the best cost so far by more than
 * this fraction: far above the bound's rounding (a few ulps), so a skipped candidate would have
 * lost, and the chosen word is the one the full enumeration chooses, bit for bit.
 */
const PRUNE_SLACK = 1e-9;

/** True when a candidate costing at least `bound` (radii) cannot beat the best so far. */
function beyondBest(bound: number): boolean {
  return bound > num[BEST_COST] * (1 + PRUNE_SLACK);
}

/**
 * How far (radians) a formula's arcs may fall short of the sum their headings imply: each may be
 * RS_ZERO below zero, and the headings carry a few ulps of rounding.
 */
const ARC_SLACK = 1e-9;

/** Sets the arcs' bounds (SAME_ARCS and OTHER_ARCS) for goal heading `phi`. */
function arcBounds(phi: number): void {
  const turn = mod2pi(phi);
  // A turn a hair under 2π is a zero turn plus rounding: t and v may both be (about) zero.
  num[SAME_ARCS] = turn > TWO_PI - ARC_SLACK ? 0 : Math.max(0, turn - ARC_SLACK);
  num[OTHER_ARCS] = Math.max(0, Math.abs(normalizeAngle(phi)) - ARC_SLACK);
}

/** atan2 of the same-side goal circle's centre, computed once per symmetry when first asked. */
function sameBearing(): number {
  if (Number.isNaN(num[SAME_THETA])) num[SAME_THETA] = Math.atan2(num[SAME_ETA], num[SAME_XI]);
  return num[SAME_THETA];
}

/** atan2 of the other-side goal circle's centre, computed once per symmetry when first asked. */
function otherBearing(): number {
  if (Number.isNaN(num[OTHER_THETA])) num[OTHER_THETA] = Math.atan2(num[OTHER_ETA], num[OTHER_XI]);
  return num[OTHER_THETA];
}


/** The cost of one piece under the current symmetries: backwards pieces cost `reverseCost` per radius. */
function pieceCost(v: number): number {
  return (searchFlip ? v > 0 : v < 0) ? Math.abs(v) * num[SEARCH_REVERSE_COST] : Math.abs(v);
}

/**
 * Keeps the candidate `steers` with pieces v0..v(count-1), as a base formula found it under the
 * current symmetries, if it is cheaper (then shorter) than the best so far. Only the raw values
 * and the symmetries are kept; the steps are built once, for the winner.
 */
function found(steers: Steers, count: number, v0: number, v1: number, v2: number, v3 = 0, v4 = 0): void {
  let cost = 0;
  let length = 0;
  length += Math.abs(v0);
  cost += pieceCost(v0);
  length += Math.abs(v1);
  cost += pieceCost(v1);
  length += Math.abs(v2);
  cost += pieceCost(v2);
  if (count > 3) {
    length += Math.abs(v3);
    cost += pieceCost(v3);
  }
  if (count > 4) {
    length += Math.abs(v4);
    cost += pieceCost(v4);
  }
  if (!(cost < num[BEST_COST] || (cost === num[BEST_COST] && length < num[BEST_LENGTH]))) return;
  num[BEST_COST] = cost;
  num[BEST_LENGTH] = length;
  bestSteers = steers;
  bestCount = count;
  bestFlip = searchFlip;
  bestReflect = searchReflect;
  bestBackwards = searchBackwards;
  bestValues[0] = v0;
  bestValues[1] = v1;
  bestValues[2] = v2;
  bestValues[3] = v3;
  bestValues[4] = v4;
}

/** Sets TAU_OUT and OMEGA_OUT for the CCCC formulas. */
function tauOmega(u: number, v: number, xi: number, eta: number, phi: number): void {
  const delta = normalizeAngle(u - v);
  const a = Math.sin(u) - Math.sin(delta);
  const b = Math.cos(u) - Math.cos(delta) - 1;
  const t1 = Math.atan2(eta * a - xi * b, xi * a + eta * b);
  const t2 = 2 * (Math.cos(delta) - Math.cos(v) - Math.cos(u)) + 3;
  const tau = t2 < 0 ? normalizeAngle(t1 + Math.PI) : normalizeAngle(t1);
  num[TAU_OUT] = tau;
  num[OMEGA_OUT] = normalizeAngle(tau - u + v - phi);
}

const nonNegative = (v: number): boolean => v >= -RS_ZERO;
const nonPositive = (v: number): boolean => v <= RS_ZERO;

/** 8.1: L+ S+ L+ (same-side goal circle). */
const lsl: BaseFormula = () => {
  const rho = num[SAME_RHO];
  const phi = num[PHI];
  if (rho < SAME_CIRCLE_EPSILON) {
    // Both circles are one: a single arc, not atan2 of rounding noise.
    const t = normalizeAngle(phi);
    if (nonNegative(t)) found(STEERS_LSL, 3, t, 0, 0);
    return;
  }
  // The straight runs between the circles' centres; the arcs turn the heading change.
  if (beyondBest(rho + num[SAME_ARCS])) return;
  const t = sameBearing();
  const v = normalizeAngle(phi - t);
  if (nonNegative(t) && nonNegative(v)) found(STEERS_LSL, 3, t, rho, v);
};

/** 8.2: L+ S+ R+ (other-side goal circle). */
const lsr: BaseFormula = () => {
  const xi = num[OTHER_XI];
  const eta = num[OTHER_ETA];
  const phi = num[PHI];
  const sq = xi * xi + eta * eta;
  if (sq < 4) return;
  const u = Math.sqrt(sq - 4);
  if (beyondBest(u + num[OTHER_ARCS])) return;
  const t = normalizeAngle(otherBearing() + Math.atan2(2, u));
  const v = normalizeAngle(t - phi);
  if (nonNegative(t) && nonNegative(v)) found(STEERS_LSR, 3, t, u, v);
};

/** 8.3/8.4: L+ R- L (C|C|C and C|CC; same-side goal circle). */
const lrl: BaseFormula = () => {
  const rho = num[SAME_RHO];
  const phi = num[PHI];
  if (rho > 4) return;
  const u = -2 * Math.asin(rho / 4);
  if (beyondBest(-u)) return;
  const t = normalizeAngle(sameBearing() + u / 2 + Math.PI);
  const v = normalizeAngle(phi - t + u);
  if (nonNegative(t) && nonPositive(u)) found(STEERS_LRL, 3, t, u, v);
};

/** 8.7: L+ R+ L- R- (other-side goal circle). */
const lrlrSame: BaseFormula = () => {
  const xi = num[OTHER_XI];
  const eta = num[OTHER_ETA];
  const rho = num[OTHER_RHO];
  const phi = num[PHI];
  const k = (2 + rho) / 4;
  if (k > 1) return;
  const u = Math.acos(k);
  if (beyondBest(2 * u)) return;
  tauOmega(u, -u, xi, eta, phi);
  const t = num[TAU_OUT];
  const v = num[OMEGA_OUT];
  if (nonNegative(t) && nonPositive(v)) found(STEERS_LRLR, 4, t, u, -u, v);
};

/** 8.8: L+ R- L- R+ (other-side goal circle). */
const lrlrOpposite: BaseFormula = () => {
  const xi = num[OTHER_XI];
  const eta = num[OTHER_ETA];
  const phi = num[PHI];
  const k = (20 - xi * xi - eta * eta) / 16;
  if (k < 0 || k > 1) return;
  const u = -Math.acos(k);
  if (u < -HALF_PI || beyondBest(-2 * u)) return;
  tauOmega(u, u, xi, eta, phi);
  const t = num[TAU_OUT];
  const v = num[OMEGA_OUT];
  if (nonNegative(t) && nonNegative(v)) found(STEERS_LRLR, 4, t, u, u, v);
};

/** 8.9: L+ R-(π/2) S- L- (same-side goal circle). */
const lrsl: BaseFormula = () => {
  const rho = num[SAME_RHO];
  const phi = num[PHI];
  if (rho < 2) return;
  const r = Math.sqrt(rho * rho - 4);
  const u = 2 - r;
  if (beyondBest(HALF_PI + Math.abs(u))) return;
  const t = normalizeAngle(sameBearing() + Math.atan2(r, -2));
  const v = normalizeAngle(phi - HALF_PI - t);
  if (nonNegative(t) && nonPositive(u) && nonPositive(v)) found(STEERS_LRSL, 4, t, -HALF_PI, u, v);
};

/** 8.10: L+ R-(π/2) S- R- (other-side goal circle). */
const lrsr: BaseFormula = () => {
  const xi = num[OTHER_XI];
  const eta = num[OTHER_ETA];
  const rho = num[OTHER_RHO];
  const phi = num[PHI];
  if (rho < 2) return;
  const u = 2 - rho;
  if (beyondBest(HALF_PI + Math.abs(u))) return;
  const t = Math.atan2(xi, -eta);
  const v = normalizeAngle(t + HALF_PI - phi);
  if (nonNegative(t) && nonPositive(u) && nonPositive(v)) found(STEERS_LRSR, 4, t, -HALF_PI, u, v);
};

/** 8.11: L+ R-(π/2) S- L-(π/2) R+ (other-side goal circle). */
const lrslr: BaseFormula = () => {
  const xi = num[OTHER_XI];
  const eta = num[OTHER_ETA];
  const rho = num[OTHER_RHO];
  const phi = num[PHI];
  if (rho < 2) return;
  const u = 4 - Math.sqrt(rho * rho - 4);
  if (!nonPositive(u) || beyondBest(Math.PI + Math.abs(u))) return;
  const t = normalizeAngle(Math.atan2((4 - u) * xi - 2 * eta, -2 * xi + (u - 4) * eta));
  const v = normalizeAngle(t - phi);
  if (nonNegative(t) && nonNegative(v)) found(STEERS_LRSLR, 5, t, -HALF_PI, u, -HALF_PI, v);
};

/**
 * Offers `found` every candidate that reaches (x, y, phi) from (0, 0, 0): each base formula
 * under the eight combinations of the three symmetries.
 */
function eachCandidate(x: number, y: number, phi: number): void {
  const sinPos = Math.sin(phi);
  const cosPos = Math.cos(phi);
  const sinNeg = Math.sin(-phi);
  const cosNeg = Math.cos(-phi);
  const xb = x * cosPos + y * sinPos;
  const yb = x * sinPos - y * cosPos;
  for (let b = 0; b < 2; b++) {
    const backwards = b === 1;
    const bx = backwards ? xb : x;
    const by = backwards ? yb : y;
    for (let f = 0; f < 2; f++) {
      const flip = f === 1;
      for (let r = 0; r < 2; r++) {
        const reflect = r === 1;
        searchFlip = flip;
        searchReflect = reflect;
        searchBackwards = backwards;
        const fx = flip ? -bx : bx;
        const fy = reflect ? -by : by;
        const negated = flip !== reflect;
        const fphi = negated ? -phi : phi;
        const sp = negated ? sinNeg : sinPos;
        const cp = negated ? cosNeg : cosPos;
        // The goal's same-side (left) and other-side (right) circle centres, from the start's left circle.
        const xiS = fx - sp;
        const etaS = fy - 1 + cp;
        const rhoS = hypot(xiS, etaS);
        const xiO = fx + sp;
        const etaO = fy - 1 - cp;
        const rhoO = hypot(xiO, etaO);
        num[SAME_XI] = xiS;
        num[SAME_ETA] = etaS;
        num[SAME_THETA] = NaN;
        num[OTHER_XI] = xiO;
        num[OTHER_ETA] = etaO;
        num[OTHER_THETA] = NaN;
        arcBounds(fphi);
        num[SAME_RHO] = rhoS;
        num[OTHER_RHO] = rhoO;
        num[PHI] = fphi;
        lsl();
        lsr();
        lrl();
        lrlrSame();
        lrlrOpposite();
        lrsl();
        lrsr();
        lrslr();
      }
    }
  }
}

/**
 * The straight piece (radii) of the Dubins CSC word that turns `k0` first and `k1` last to
 * (x, y, phi), as `solveDubinsWord` computes it: a lower bound on the word's length, as its arcs
 * are never negative.
 */
function dubinsStraight(k0: number, k1: number, x: number, y: number, sinPhi: number, cosPhi: number): number {
  const dist = hypot(x - k1 * sinPhi, y + k1 * cosPhi - k0);
  return k0 === k1 ? dist : Math.sqrt(Math.max(0, dist * dist - 4));
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

  num[SEARCH_REVERSE_COST] = reverseCost;
  num[BEST_COST] = Infinity;
  num[BEST_LENGTH] = Infinity;
  bestCount = 0;
  eachCandidate(x, y, phi);
  if (reverseCost > 1) {
    searchFlip = false;
    searchReflect = false;
    searchBackwards = false;
    const sinPhi = Math.sin(phi);
    const cosPhi = Math.cos(phi);
    for (const word of DUBINS_WORDS) {
      const steers = dubinsSteers(word);
      if (steers[1] === 0 && beyondBest(dubinsStraight(steers[0]!, steers[2]!, x, y, sinPhi, cosPhi))) continue;
      const parts = solveDubinsWord(word, x, y, phi);
      if (parts !== null) found(steers, 3, parts[0], parts[1], parts[2]);
    }
  }
  if (num[BEST_COST] === Infinity) {
    // The 48 words provably cover every goal; reaching this means a formula lost a case to rounding.
    throw new RangeError(`no Reeds-Shepp word found from (${from.x}, ${from.y}, ${from.heading}) to (${to.x}, ${to.y}, ${to.heading}) with turning radius ${radius}`);
  }
  // Timeflip drives every piece the other way, reflect swaps left and right, backwards reads the path from the end.
  const steps: Step[] = [];
  for (let i = 0; i < bestCount; i++) {
    const j = bestBackwards ? bestCount - 1 - i : i;
    const v = bestFlip ? -bestValues[j]! : bestValues[j]!;
    const k = bestSteers[j]!;
    if (Math.abs(v) >= RS_EMPTY_PIECE) steps.push({ steer: bestReflect ? (-k as -1 | 0 | 1) : k, distance: v * radius });
  }
  const path = pathFromSteps(from, steps, radius);
  const word = wordOfSteps(steps);
  // The check's message is built only for a miss.
  if (curveMisses(from, to, path.end)) checkCurveEnd(`Reeds-Shepp ${word}`, from, to, radius, path.end);
  return { word, length: path.length, cost: path.cost(reverseCost), steps, path };
}
