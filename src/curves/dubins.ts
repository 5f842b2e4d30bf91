/**
 * Dubins paths: the shortest forward-only route between two poses for a unit that cannot turn
 * tighter than a given radius (Dubins 1957). It is always one of six words of at most three
 * pieces: CSC (LSL, LSR, RSL, RSR) or CCC (RLR, LRL).
 *
 * L turns counter-clockwise on screen (the heading decreases; a left turn for the driver, since
 * y grows downward), R clockwise, S is straight.
 *
 * The words are solved geometrically from the turning circles rather than with the usual
 * closed forms in (d, α, β): those take atan2 of two rounding-noise values when both circles
 * coincide, and return a full extra loop for moves such as a quarter turn between tile centres.
 */
import { mod2pi, TWO_PI } from './angle.js';
import { checkPose, checkRadius, type Pose } from './segment.js';
import { pathFromSteps, type Curve, type Step } from './segment-path.js';
import { checkCurveEnd, checkCurveRange, curveMisses } from './curve-range.js';

/** The six Dubins words. */
export type DubinsWord = 'LSL' | 'LSR' | 'RSL' | 'RSR' | 'RLR' | 'LRL';

/** All six words, in the order ties are broken (same-side words first, so a lone turn reads LSL or RSR). */
export const DUBINS_WORDS: readonly DubinsWord[] = ['LSL', 'RSR', 'LSR', 'RSL', 'RLR', 'LRL'];

/** A Dubins path. */
export interface DubinsCurve extends Curve {
  readonly word: DubinsWord;
  /** The lengths of the three pieces in tile units, in driving order; a piece may be 0. */
  readonly parts: readonly [number, number, number];
}

/**
 * Circle centres closer than this (in turning radii) are one circle: the straight between them
 * is below the rounding noise of the centres and its direction is meaningless.
 */
export const SAME_CIRCLE_EPSILON = 1e-10;

/**
 * An arc within this many radians of a full turn is zero plus rounding noise: an optimal piece
 * never turns a full circle, and an angle a hair below zero wraps to just under 2π.
 */
export const FULL_TURN_EPSILON = 1e-10;

/**
 * Circles that overlap by less than this (in radii) are tangent: the overlap is rounding noise
 * when the path really has two arcs meeting with no straight between them.
 */
export const TANGENT_EPSILON = 1e-10;

const STEERS: Record<DubinsWord, readonly [-1 | 1, -1 | 0 | 1, -1 | 1]> = {
  LSL: [-1, 0, -1],
  LSR: [-1, 0, 1],
  RSL: [1, 0, -1],
  RSR: [1, 0, 1],
  RLR: [1, -1, 1],
  LRL: [-1, 1, -1],
};

/** An arc angle in [0, 2π) with a near-full turn read as the zero it stands for. */
function arcAngle(a: number): number {
  const m = mod2pi(a);
  return m > TWO_PI - FULL_TURN_EPSILON ? 0 : m;
}

/** The heading at point offset (dx, dy) from the centre of a circle driven with `steer`. */
function tangentHeading(steer: number, dx: number, dy: number): number {
  return Math.atan2(steer * dx, -steer * dy);
}

/**
 * The three piece lengths (in radii) of `word` from (0, 0, heading 0) to (x, y, phi), all in
 * turning radii, or null when the word cannot reach the goal.
 */
export function solveDubinsWord(word: DubinsWord, x: number, y: number, phi: number): [number, number, number] | null {
  const [k0, mid, k1] = STEERS[word];
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  // Start circle centre is (0, k0); goal circle centre:
  const vx = x - k1 * sinPhi;
  const vy = y + k1 * cosPhi - k0;
  const dist = Math.hypot(vx, vy);
  const theta = Math.atan2(vy, vx);
  const ok = mid === 0 ? solveCsc(k0, k1, vx, vy, dist, theta, phi, scratch, 0) : solveCcc(k0, dist, vx, vy, theta, phi, scratch, 0);
  return ok ? [scratch[0]!, scratch[1]!, scratch[2]!] : null;
}

/** Pieces of one word, written by the solvers below (the solve allocates nothing). */
const scratch = new Float64Array(3);

/**
 * A CSC word (first turn `k0`, last `k1`) to the goal circle centred at (vx, vy), `dist` from the
 * start circle's and in direction `theta` (atan2(vy, vx)): writes its three pieces (radii) at
 * `out[at..]`; false when it cannot reach.
 */
function solveCsc(k0: number, k1: number, vx: number, vy: number, dist: number, theta: number, phi: number, out: Float64Array, at: number): boolean {
  let psi: number;
  let straight: number;
  if (k0 === k1) {
    if (dist < SAME_CIRCLE_EPSILON) {
      out[at] = arcAngle(k0 * phi);
      out[at + 1] = 0;
      out[at + 2] = 0;
      return true;
    }
    psi = theta;
    straight = dist;
  } else {
    const sq = dist * dist - 4;
    if (sq < -TANGENT_EPSILON) return false;
    straight = Math.sqrt(Math.max(0, sq));
    psi = theta + k0 * Math.atan2(2, straight);
  }
  out[at] = arcAngle(k0 * psi);
  out[at + 1] = straight;
  out[at + 2] = arcAngle(k1 * (phi - psi));
  return true;
}

/** A CCC word turning `k` first and last, as {@link solveCsc}. */
function solveCcc(k: number, dist: number, vx: number, vy: number, theta: number, phi: number, out: Float64Array, at: number): boolean {
  if (dist > 4 + TANGENT_EPSILON || dist < SAME_CIRCLE_EPSILON) return false;
  const spread = Math.acos(Math.min(1, dist / 4));
  let found = false;
  // Two middle circles touch both end circles, one on each side of the line between them.
  for (let side = 1; side >= -1; side -= 2) {
    const a = theta + side * spread;
    const wx = Math.cos(a);
    const wy = Math.sin(a);
    // Middle centre c2 = c0 + 2w; the goal circle sees it at offset c2 - c1.
    const ux = 2 * wx - vx;
    const uy = 2 * wy - vy;
    const h1 = tangentHeading(k, wx, wy);
    const h2 = tangentHeading(k, ux, uy);
    const t = arcAngle(k * h1);
    const p = mod2pi(-k * (h2 - h1));
    const q = arcAngle(k * (phi - h2));
    if (!found || t + p + q < out[at]! + out[at + 1]! + out[at + 2]!) {
      out[at] = t;
      out[at + 1] = p;
      out[at + 2] = q;
      found = true;
    }
  }
  return found;
}

/**
 * Every word's pieces (radii) to (x, y, phi) at once, three per word in {@link DUBINS_WORDS}
 * order, NaN for a word that cannot reach: the same numbers as {@link solveDubinsWord} word by
 * word, with the goal's sine and cosine, and each pair of words' circle centres, computed once.
 */
function solveAllWords(x: number, y: number, phi: number, out: Float64Array): void {
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  for (let w = 0; w < 4; w++) {
    // DUBINS_WORDS order: LSL, RSR, LSR, RSL.
    const k0 = w === 0 || w === 2 ? -1 : 1;
    const k1 = w === 0 || w === 3 ? -1 : 1;
    const vx = x - k1 * sinPhi;
    const vy = y + k1 * cosPhi - k0;
    const dist = Math.hypot(vx, vy);
    const theta = Math.atan2(vy, vx);
    if (!solveCsc(k0, k1, vx, vy, dist, theta, phi, out, 3 * w)) out.fill(NaN, 3 * w, 3 * w + 3);
    if (w < 2) {
      // RLR shares RSR's circles (word 4 after word 1), LRL shares LSL's (word 5 after word 0).
      const ccc = w === 0 ? 5 : 4;
      if (!solveCcc(k0, dist, vx, vy, theta, phi, out, 3 * ccc)) out.fill(NaN, 3 * ccc, 3 * ccc + 3);
    }
  }
}

/**
 * The index in {@link DUBINS_WORDS} of the word {@link dubins} takes to (x, y, phi), its pieces
 * written at `out[3 · index ..]` (other words' entries are left undefined): the same choice as
 * comparing all six by `better`, in order, but a word that cannot beat the best so far is not
 * solved:
 * - a CSC word whose straight alone (a lower bound on its length: its arcs are never negative) is
 *   longer than the best by more than a tie;
 * - both CCC words once a CSC word is at most a half turn long: an optimal CCC path's middle arc
 *   exceeds a half turn (Dubins 1957), so a CCC path no longer than that is not optimal, and one
 *   that ties with a CSC path is the same path with an empty piece, which the tie rule names by
 *   its CSC word.
 */
function chooseWord(x: number, y: number, phi: number, out: Float64Array): number {
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  let best = -1;
  let bestLength = Infinity;
  for (let w = 0; w < 4; w++) {
    // DUBINS_WORDS order: LSL, RSR, LSR, RSL.
    const k0 = w === 0 || w === 2 ? -1 : 1;
    const k1 = w === 0 || w === 3 ? -1 : 1;
    const vx = x - k1 * sinPhi;
    const vy = y + k1 * cosPhi - k0;
    const dist = Math.hypot(vx, vy);
    const sameSide = k0 === k1;
    if (best >= 0) {
      const straight = sameSide ? dist : Math.sqrt(Math.max(0, dist * dist - 4));
      if (straight - bestLength > TIE_EPSILON * (1 + bestLength)) continue;
    }
    if (solveCsc(k0, k1, vx, vy, dist, Math.atan2(vy, vx), phi, out, 3 * w) && (best < 0 || better(out, 3 * w, 3 * best))) {
      best = w;
      bestLength = out[3 * w]! + out[3 * w + 1]! + out[3 * w + 2]!;
    }
  }
  if (bestLength <= Math.PI * (1 - CCC_SKIP_MARGIN)) return best;
  for (let w = 4; w < 6; w++) {
    // RLR turns as RSR does first and last, LRL as LSL.
    const k = w === 4 ? 1 : -1;
    const vx = x - k * sinPhi;
    const vy = y + k * cosPhi - k;
    const dist = Math.hypot(vx, vy);
    if (solveCcc(k, dist, vx, vy, Math.atan2(vy, vx), phi, out, 3 * w) && better(out, 3 * w, 3 * best)) best = w;
  }
  return best;
}

/**
 * Relative margin under a half turn below which the CCC words are not solved ({@link chooseWord}):
 * far above the rounding of a length, so a path the rounding puts on the wrong side of the half
 * turn is still solved.
 */
const CCC_SKIP_MARGIN = 1e-9;

/** Every word's pieces, written by {@link solveAllWords}. */
const allWords = new Float64Array(3 * DUBINS_WORDS.length);

/**
 * Relative length difference below which two words are the same path (a quarter turn is RSR
 * with empty second and third pieces, and LSR with empty first and second ones).
 */
const TIE_EPSILON = 1e-12;

/**
 * Whether the pieces at `a` beat those at `b` (offsets into `parts`): shorter, or as long but with
 * the driven pieces first, so that a lone right turn is named RSR rather than LSR with an empty L.
 */
function better(parts: Float64Array, a: number, b: number): boolean {
  const la = parts[a]! + parts[a + 1]! + parts[a + 2]!;
  const lb = parts[b]! + parts[b + 1]! + parts[b + 2]!;
  if (Math.abs(la - lb) > TIE_EPSILON * (1 + lb)) return la < lb;
  const fa = firstDriven(parts, a);
  return fa >= 0 && fa < firstDriven(parts, b);
}

/** The index (0 to 2) of the first non-empty piece at `at`, or -1 when all are empty. */
function firstDriven(parts: Float64Array, at: number): number {
  for (let i = 0; i < 3; i++) if (parts[at + i]! > 0) return i;
  return -1;
}

function toLocal(from: Pose, to: Pose, radius: number): [number, number, number] {
  const dx = (to.x - from.x) / radius;
  const dy = (to.y - from.y) / radius;
  const c = Math.cos(from.heading);
  const s = Math.sin(from.heading);
  return [c * dx + s * dy, -s * dx + c * dy, to.heading - from.heading];
}

function checkArgs(from: Pose, to: Pose, radius: number): void {
  checkPose('from', from);
  checkPose('to', to);
  checkRadius(radius);
  checkCurveRange(from, to, radius);
}

function curveOf(word: DubinsWord, parts: [number, number, number], from: Pose, radius: number): DubinsCurve {
  const [s0, s1, s2] = STEERS[word];
  const scaled: [number, number, number] = [parts[0] * radius, parts[1] * radius, parts[2] * radius];
  const steps: Step[] = [
    { steer: s0, distance: scaled[0] },
    { steer: s1, distance: scaled[1] },
    { steer: s2, distance: scaled[2] },
  ];
  const length = scaled[0] + scaled[1] + scaled[2];
  return { word, parts: scaled, length, cost: length, path: pathFromSteps(from, steps, radius) };
}

/** `curve` once its end is checked against `to` (see {@link checkCurveEnd}). */
function checked(curve: DubinsCurve, from: Pose, to: Pose, radius: number): DubinsCurve {
  checkCurveEnd(`Dubins ${curve.word}`, from, to, radius, curve.path.end);
  return curve;
}

/**
 * The shortest forward-only path from `from` to `to` for turning radius `radius` (tile units).
 *
 * @example
 * ```ts
 * const c = dubins({ x: 0.5, y: 0.5, heading: 0 }, { x: 1.5, y: 1.5, heading: Math.PI / 2 }, 1);
 * c.word;   // 'RSR' (a quarter turn clockwise on screen: the straight and the second arc are empty)
 * c.length; // π/2
 * ```
 * @throws RangeError naming a non-finite coordinate, a radius that is not > 0, or a radius
 *   outside the range in which the curve is computed to its documented precision (see
 *   `checkCurveRange`: the end lies within CURVE_TOLERANCE × scale of `to`).
 */
export function dubins(from: Pose, to: Pose, radius: number): DubinsCurve {
  return dubinsOf(from, to, radius, dubinsChoice(from, to, radius));
}

/**
 * The word of {@link dubins} and its pieces' lengths in turning radii (each >= 0), solved without
 * building the path: a caller that can reject the curve from its pieces alone (a search's shot
 * whose last piece is known to hit) saves the path and its check.
 * @throws RangeError as {@link dubins}.
 */
export function dubinsChoice(from: Pose, to: Pose, radius: number): DubinsChoice {
  checkArgs(from, to, radius);
  const [x, y, phi] = toLocal(from, to, radius);
  const parts = allWords;
  const best = chooseWord(x, y, phi, parts);
  return { word: DUBINS_WORDS[best]!, parts: [parts[3 * best]!, parts[3 * best + 1]!, parts[3 * best + 2]!] };
}

/** A word of {@link dubins} and its pieces' lengths, in turning radii. */
export interface DubinsChoice {
  readonly word: DubinsWord;
  readonly parts: [number, number, number];
}

/**
 * The curve of a {@link dubinsChoice} for the same poses and radius: what {@link dubins} returns.
 * @throws RangeError when its end misses `to` (see {@link dubins}).
 */
export function dubinsOf(from: Pose, to: Pose, radius: number, choice: DubinsChoice): DubinsCurve {
  return checked(curveOf(choice.word, choice.parts, from, radius), from, to, radius);
}

/**
 * The length of {@link dubins} without building the path: a cheap heuristic for planners.
 * @throws RangeError as {@link dubins}.
 */
export function dubinsLength(from: Pose, to: Pose, radius: number): number {
  checkArgs(from, to, radius);
  const [x, y, phi] = toLocal(from, to, radius);
  const parts = allWords;
  solveAllWords(x, y, phi, parts);
  let best = Infinity;
  // A word that cannot reach has NaN pieces, which never compare below the best.
  for (let w = 0; w < DUBINS_WORDS.length; w++) {
    const length = parts[3 * w]! + parts[3 * w + 1]! + parts[3 * w + 2]!;
    if (length < best) best = length;
  }
  return best * radius;
}

/**
 * The shortest path of one given word, or null when that word cannot reach `to` (CCC words need
 * the turning circles within four radii, LSR and RSL need them two radii apart) to the
 * documented precision.
 *
 * @example dubinsWord(from, to, 1, 'LSL')?.length
 * @throws RangeError as {@link dubins}, or for an unknown word.
 */
export function dubinsWord(from: Pose, to: Pose, radius: number, word: DubinsWord): DubinsCurve | null {
  checkArgs(from, to, radius);
  if (!Object.hasOwn(STEERS, word)) throw new RangeError(`unknown Dubins word "${String(word)}"; known: ${DUBINS_WORDS.join(', ')}`);
  const [x, y, phi] = toLocal(from, to, radius);
  const parts = solveDubinsWord(word, x, y, phi);
  if (parts === null) return null;
  const curve = curveOf(word, parts, from, radius);
  // A word whose snapped pieces (circles just short of tangent) miss the goal does not reach it.
  return curveMisses(from, to, curve.path.end) ? null : curve;
}

/** The steering of each piece of `word`: -1 left, 0 straight, +1 right. */
export function dubinsSteers(word: DubinsWord): readonly [-1 | 1, -1 | 0 | 1, -1 | 1] {
  return STEERS[word];
}
