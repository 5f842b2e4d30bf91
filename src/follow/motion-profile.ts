/**
 * Time-optimal speed along a path under a top speed, an acceleration, a deceleration and speed
 * caps over parts of the path. Distance is a closed-form function of time (piecewise quadratic),
 * so the distance at time t is the same however the time was cut into frames.
 */

import { MAX_MOTION_VALUE } from '../unit/profile.js';

/** A cap on the speed over [from, to] (tile units along the path); from === to caps one point. */
export interface SpeedZone {
  from: number;
  to: number;
  /** Tile units per second, >= 0; 0 is allowed only at a point (a cusp). */
  speed: number;
}

/** The limits a profile obeys. Accelerations may be Infinity (instant speed changes). */
export interface MotionLimits {
  /** Top speed, tile units per second, > 0. */
  speed: number;
  /** Tile units per second², > 0. */
  acceleration: number;
  /** Tile units per second², > 0. */
  deceleration: number;
}

/**
 * The speed profile of one run along a path of `length`, from `startSpeed` to a stop at the end.
 *
 * @example
 * ```ts
 * const p = MotionProfile.build(10, { speed: 2, acceleration: 1, deceleration: 1 });
 * p.duration;        // 7: 2 s speeding up, 3 s cruising, 2 s braking
 * p.distanceAt(1);   // 0.5
 * ```
 */
export class MotionProfile {
  /** Seconds from start to stop. */
  readonly duration: number;
  private readonly t0: Float64Array;
  private readonly s0: Float64Array;
  private readonly v0: Float64Array;
  private readonly acc: Float64Array;
  private cursor = 0;

  private constructor(
    readonly length: number,
    phases: Phase[],
  ) {
    const n = phases.length;
    this.t0 = new Float64Array(n + 1);
    this.s0 = new Float64Array(n + 1);
    this.v0 = new Float64Array(n + 1);
    this.acc = new Float64Array(n + 1);
    let t = 0;
    for (let i = 0; i < n; i++) {
      const p = phases[i]!;
      this.t0[i] = t;
      this.s0[i] = p.s0;
      this.v0[i] = p.v0;
      this.acc[i] = p.acc;
      t += p.duration;
    }
    // A sentinel phase: standing at the end.
    this.t0[n] = t;
    this.s0[n] = length;
    this.duration = t;
  }

  /**
   * Builds the fastest profile that starts at `startSpeed`, stops exactly at `length`, and keeps
   * to the limits and zones. A start speed too high to stop in time brakes harder than
   * `deceleration` (the only way to end on the goal).
   * @throws RangeError when a limit is not a positive number, or length or a limit is negative or
   *   above {@link MAX_MOTION_VALUE}.
   */
  static build(length: number, limits: MotionLimits, startSpeed = 0, zones: readonly SpeedZone[] = []): MotionProfile {
    checkPositive('speed', limits.speed, false);
    checkPositive('acceleration', limits.acceleration, true);
    checkPositive('deceleration', limits.deceleration, true);
    if (!(length >= 0 && length <= MAX_MOTION_VALUE)) throw new RangeError(`path length must be a number in [0, ${MAX_MOTION_VALUE}], got ${length}`);
    if (!(startSpeed >= 0 && startSpeed <= MAX_MOTION_VALUE)) {
      throw new RangeError(`start speed must be a number in [0, ${MAX_MOTION_VALUE}], got ${startSpeed}`);
    }
    if (length === 0) return new MotionProfile(0, []);

    // Breakpoints: the ends of the path and of every zone inside it.
    const cuts = new Set<number>([0, length]);
    for (const z of zones) {
      if (z.from > 0 && z.from < length) cuts.add(z.from);
      if (z.to > 0 && z.to < length) cuts.add(z.to);
    }
    const s = [...cuts].sort((a, b) => a - b);
    const n = s.length - 1;
    const caps = new Float64Array(n).fill(limits.speed);
    const nodeCaps = new Float64Array(n + 1).fill(Infinity);
    // Each zone finds its first breakpoint by bisection and caps the intervals it covers: paths
    // through varied terrain carry a zone per run of cells, so a scan per zone would be quadratic.
    for (const z of zones) {
      const cap = Math.max(0, z.speed);
      const first = firstAtLeast(s, z.from);
      if (z.to <= z.from) {
        if (s[first] === z.from) nodeCaps[first] = Math.min(nodeCaps[first]!, cap);
        continue;
      }
      for (let i = first; i < n && s[i + 1]! <= z.to; i++) caps[i] = Math.min(caps[i]!, Math.max(cap, MIN_ZONE_SPEED));
    }
    const { acceleration: a, deceleration: d } = limits;
    const v = new Float64Array(n + 1);
    v[0] = startSpeed;
    for (let i = 1; i <= n; i++) {
      const cap = i === n ? 0 : Math.min(caps[i - 1]!, caps[i]!, nodeCaps[i]!);
      v[i] = Math.min(cap, reach(v[i - 1]!, a, s[i]! - s[i - 1]!));
    }
    for (let i = n - 1; i >= 1; i--) v[i] = Math.min(v[i]!, reach(v[i + 1]!, d, s[i + 1]! - s[i]!));

    const phases: Phase[] = [];
    for (let i = 0; i < n; i++) intervalPhases(phases, s[i]!, s[i + 1]!, v[i]!, v[i + 1]!, caps[i]!, a, d);
    return new MotionProfile(length, phases);
  }

  /** Distance travelled at time `t` seconds, clamped to [0, length]. Monotone in t. */
  distanceAt(t: number): number {
    if (!(t > 0)) return 0;
    const i = this.phaseAt(t);
    if (i === this.t0.length - 1) return this.length;
    const tau = t - this.t0[i]!;
    const s = this.s0[i]! + this.v0[i]! * tau + 0.5 * this.acc[i]! * tau * tau;
    // Within the phase's own stretch: with lengths and speeds near the largest doubles the
    // quadratic overflows (Infinity, or NaN from Infinity - Infinity).
    if (Number.isNaN(s)) return this.s0[i]!;
    return Math.min(Math.max(s, this.s0[i]!), this.s0[i + 1]!);
  }

  /** Speed at time `t` seconds, tile units per second. */
  speedAt(t: number): number {
    if (t < 0) return this.v0[0] ?? 0;
    const i = this.phaseAt(t);
    if (i === this.t0.length - 1) return 0;
    return Math.max(0, this.v0[i]! + this.acc[i]! * (t - this.t0[i]!));
  }

  /** The highest speed the profile reaches. */
  get peakSpeed(): number {
    let peak = 0;
    for (let i = 0; i < this.v0.length; i++) peak = Math.max(peak, this.v0[i]!);
    return peak;
  }

  /** Index of the phase that holds time t (the sentinel once t reaches the duration). */
  private phaseAt(t: number): number {
    const t0 = this.t0;
    const last = t0.length - 1;
    if (t >= this.duration) return last;
    let i = this.cursor;
    if (!(t0[i]! <= t && t < t0[i + 1]!)) {
      let lo = 0;
      let hi = last;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (t0[mid]! <= t) lo = mid;
        else hi = mid - 1;
      }
      i = lo;
    }
    this.cursor = i;
    return i;
  }
}

/**
 * The lowest cap a zone of positive length gets: a zone capped at 0 would never be crossed.
 * Slow enough to read as stopped, fast enough to finish.
 */
export const MIN_ZONE_SPEED = 1e-3;

interface Phase {
  s0: number;
  v0: number;
  acc: number;
  duration: number;
}

function checkPositive(name: string, value: number, infiniteOk: boolean): void {
  const inRange = value <= MAX_MOTION_VALUE || (infiniteOk && value === Infinity);
  if (typeof value !== 'number' || !(value > 0) || !inRange) {
    throw new RangeError(`${name} must be a number > 0 and at most ${MAX_MOTION_VALUE}${infiniteOk ? ' (or Infinity)' : ''}, got ${String(value)}`);
  }
}

/** The index of the first of the ascending `values` that is >= x (values.length when none is). */
function firstAtLeast(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The speed reached from v after `distance` at `rate` (Infinity when the rate is). */
function reach(v: number, rate: number, distance: number): number {
  return rate === Infinity ? Infinity : Math.sqrt(v * v + 2 * rate * distance);
}

/** Distance needed to change speed from v to w at `rate`. */
function rampDistance(v: number, w: number, rate: number): number {
  return rate === Infinity ? 0 : Math.abs(w * w - v * v) / (2 * rate);
}

/** Pushes a ramp from v to w over its natural distance, unless it is empty. */
function pushRamp(out: Phase[], s0: number, v: number, w: number, rate: number): number {
  const dist = rampDistance(v, w, rate);
  if (dist > 0 && v !== w) out.push({ s0, v0: v, acc: w > v ? rate : -rate, duration: Math.abs(w - v) / rate });
  return s0 + dist;
}

/**
 * The phases of one interval from speed vA to vB under cap V: speed up, cruise, slow down (or
 * brake from a start speed above the cap).
 */
function intervalPhases(out: Phase[], sA: number, sB: number, vA: number, vB: number, V: number, a: number, d: number): void {
  const len = sB - sA;
  if (vA * vA > vB * vB + (d === Infinity ? Infinity : 2 * d * len)) {
    // Only a start speed can be out of reach of the stop: brake just hard enough.
    const rate = (vA * vA - vB * vB) / (2 * len);
    out.push({ s0: sA, v0: vA, acc: -rate, duration: (vA - vB) / rate });
    return;
  }
  let peak: number;
  let s = sA;
  if (vA > V) {
    s = pushRamp(out, s, vA, V, d);
    peak = V;
  } else {
    peak = Math.min(V, peakSpeed(vA, vB, a, d, len));
    s = pushRamp(out, s, vA, peak, a);
  }
  const braking = rampDistance(peak, vB, d);
  const cruise = sB - braking - s;
  if (cruise > 0 && peak > 0) out.push({ s0: s, v0: peak, acc: 0, duration: cruise / peak });
  pushRamp(out, Math.max(s, sB - braking), peak, vB, d);
}

/** The highest speed of a speed-up-then-brake run from vA to vB over `len` with no cap. */
function peakSpeed(vA: number, vB: number, a: number, d: number, len: number): number {
  if (a === Infinity && d === Infinity) return Infinity;
  if (a === Infinity) return Math.sqrt(vB * vB + 2 * d * len);
  if (d === Infinity) return Math.sqrt(vA * vA + 2 * a * len);
  return Math.sqrt((2 * a * d * len + d * vA * vA + a * vB * vB) / (a + d));
}
