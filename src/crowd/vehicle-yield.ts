/**
 * Friendly-collision avoidance for vehicles: units with a turning radius keep exactly to their
 * planned curves and avoid each other by speed alone, after Pinter ("Toward More Realistic
 * Pathfinding", Game Developer 2001, "Friendly-collision avoidance"). Each frame every unit's
 * next seconds are predicted as discs along its path; on a conflict one vehicle, chosen by a fixed
 * rule, brakes so as to wait off the other's lane, and the other goes on. The rules and what is
 * left to the caller are in docs/vehicle-yield.md.
 */
import { SegmentPath } from '../curves/segment-path.js';
import { segmentEnd, type Pose } from '../curves/segment.js';

/** One unit as the yield rule sees it this frame. Tile units and seconds. */
export interface Traveller {
  /** The caller's id, unique among the travellers of one call. */
  id: number;
  /** Where the unit is now, tiles (the prediction of a unit with a path uses the path instead). */
  x: number;
  y: number;
  /** Sweep radius: the disc circumscribing the unit at any heading, tiles >= 0. */
  radius: number;
  /** Current speed along its path (or over the ground), tiles/s >= 0. */
  speed: number;
  /** Top speed, tiles/s > 0. */
  maxSpeed: number;
  /** The path it drives; undefined for a standing or free-moving unit. */
  path?: SegmentPath;
  /** How far along `path` it is, tiles (clamped to [0, path.length]); required with `path`. */
  distance?: number;
  /** Velocity of a unit without a path, tiles/s: it is predicted on a straight line. Default 0. */
  vx?: number;
  vy?: number;
  /**
   * True for vehicles: they brake for others and get a decision. False for units that avoid by
   * steering (infantry): they never brake here, and vehicles always yield to them.
   */
  yields: boolean;
  /** Larger goes first; between equal priorities the smaller id goes first. */
  priority: number;
  /** Braking deceleration, tiles/s² > 0. Default Infinity (stops at once). */
  deceleration?: number;
}

/** Options of a {@link VehicleYield}. */
export interface YieldOptions {
  /** How far ahead units are predicted, s > 0. Default {@link DEFAULT_HORIZON}. */
  horizon?: number;
  /** Clearance kept between two units' discs, tiles >= 0. Default {@link DEFAULT_MARGIN}. */
  margin?: number;
  /**
   * Seconds between predicted samples at top speed, > 0 and <= horizon; samples are never more
   * than {@link MAX_SPACING} tiles apart whatever the speed. Default {@link DEFAULT_STEP}.
   */
  step?: number;
  /**
   * Two predicted discs that overlap in space conflict when the times the units may be there are
   * within this many seconds of each other, s >= 0; it must exceed the frame time. Default
   * {@link DEFAULT_WINDOW}.
   */
  window?: number;
}

/** What one yielding traveller does this frame. */
export interface YieldDecision {
  /** The traveller's id. */
  id: number;
  /**
   * Speed cap this frame, tiles/s: `maxSpeed` when clear, lower to brake, 0 to wait. With a finite
   * deceleration it is the speed from which the unit can still stop at `stopAt`.
   */
  cap: number;
  /** The traveller it yields to (the one that sets `stopAt`), if any. */
  blocker?: number;
  /**
   * Distance along its path it must not drive past this frame, tiles, present whenever it yields.
   * With an infinite deceleration `cap` stays `maxSpeed` until the unit is there: the caller
   * clamps the distance it drives to `stopAt`.
   */
  stopAt?: number;
  /**
   * True when it waits (cap 0) on a unit that itself waits on it, directly or round a cycle, and
   * releasing the cycle's first unit by priority did not help: two vehicles nose to nose on paths
   * through each other. Waiting will not resolve it; the caller backs one up or replans.
   */
  blocked?: boolean;
}

/** Seconds of prediction: about the time a vehicle at top speed needs to cover its own length twice. */
export const DEFAULT_HORIZON = 2;
/** A tenth of a tile: a gap the eye sees, well within the 10%-of-radius overlap target. */
export const DEFAULT_MARGIN = 0.1;
/** Ten samples a second: spacing well under a unit radius at usual speeds. */
export const DEFAULT_STEP = 0.1;
/** Half a second: several frames at any frame rate, so a conflict is seen before it is a frame away. */
export const DEFAULT_WINDOW = 0.5;
/** Samples at most a quarter tile apart: each is inflated by half the spacing, so caution stays small. */
export const MAX_SPACING = 0.25;
/** Bounds the work per traveller when horizon / step or a long braking stretch asks for more. */
export const MAX_SAMPLES_PER_TRAVELLER = 512;
/** stopAt is refined to a spacing of 1/8 between two samples: accurate to a few hundredths of a tile. */
const REFINE_DIVISIONS = 8;
/** Rounding allowance on distances, tiles: a stop this close to where it is counts as waiting. */
const STOP_EPSILON = 1e-9;

/** A constraint found for one vehicle: the other traveller and where it must stop for it. */
interface Constraint {
  other: number;
  /** True when it yields (stays out of the other's whole prediction), false for the hard rule. */
  yields: boolean;
  stopAt: number;
}

/** The constraints of a traveller the rule does not brake. */
const NO_CONSTRAINTS: readonly Constraint[] = [];

/**
 * Decides, each frame, which vehicles brake for which. See docs/vehicle-yield.md for the rules.
 *
 * @example
 * ```ts
 * const yieldRule = new VehicleYield();
 * // each frame:
 * for (const d of yieldRule.decide(travellers)) {
 *   const unit = units.get(d.id)!;
 *   unit.speed = Math.min(unit.speed, d.cap);
 *   if (d.stopAt !== undefined) unit.distance = Math.min(unit.distance + unit.speed * dt, d.stopAt);
 *   if (d.blocked) replanOrBackUp(unit);
 * }
 * ```
 */
export class VehicleYield {
  readonly horizon: number;
  readonly margin: number;
  readonly step: number;
  readonly window: number;

  // Samples of all travellers, flat: position, time interval [te, tl] in which the unit may be
  // there, and the owner (index into the travellers array).
  private sx = new Float64Array(0);
  private sy = new Float64Array(0);
  private te = new Float64Array(0);
  private tl = new Float64Array(0);
  /** Distance ahead of the unit along its path (0 for units without one). */
  private so = new Float64Array(0);
  /**
   * Inflation: half the gap to the neighbouring samples, so the discs of radius `sh` about the
   * samples cover the predicted stretch; 0 for the sample where a unit is now.
   */
  private sh = new Float64Array(0);
  private owner = new Int32Array(0);
  private used = 0;
  // Per traveller: first sample, count, how many leading samples form the unavoidable part,
  // the largest inflation, distance along the path at sample 0 and the spacing, and how it is
  // predicted.
  private first = new Int32Array(0);
  private count = new Int32Array(0);
  private uCount = new Int32Array(0);
  private half = new Float64Array(0);
  private d0 = new Float64Array(0);
  private spacing = new Float64Array(0);
  /** 1 when the traveller is predicted along its path (it has path left to drive). */
  private onPath = new Uint8Array(0);
  private seen = new Int32Array(0);
  // The spatial hash over samples: bucket heads, next links, and the last candidates() call
  // (its traveller index + 1) that scanned each bucket.
  private head = new Int32Array(0);
  private bucketSeen = new Int32Array(0);
  /** Per traveller: the bounding box of its samples, minX, minY, maxX, maxY. */
  private boxes = new Float64Array(0);
  private next = new Int32Array(0);
  // The region a vehicle stops before: points with their inflation.
  private rx = new Float64Array(0);
  private ry = new Float64Array(0);
  private rh = new Float64Array(0);
  private regionSize = 0;
  /**
   * What the region holds: lane(b, a) as `b * n + a`, or -1 (samples, or nothing yet). Filling a
   * lane is the rule's dearest step and {@link evaluate} asks for the same one up to three times.
   */
  private regionKey = -1;
  /** onLane(t, o) this frame, by `t * n + o` (only pairs near each other are ever asked). */
  private readonly laneMemo = new Map<number, boolean>();
  /** The travellers {@link candidates} found last. */
  private readonly found: number[] = [];
  /** Width of a hash cell, tiles. */
  private cell = 1;
  private readonly pose: Pose = { x: 0, y: 0, heading: 0 };
  /** The result of {@link binding}. */
  private boundStop = Infinity;
  private boundBy = -1;
  /** The part of a line inside a box, from {@link clipToBox}. */
  private readonly clip = new Float64Array(2);
  private list: readonly Traveller[] = [];
  /** The ids seen by the last input check. */
  private readonly ids = new Set<number>();

  /** @throws RangeError naming the bad option. */
  constructor(options: YieldOptions = {}) {
    this.horizon = option('horizon', options.horizon, DEFAULT_HORIZON, (v) => v > 0, '> 0');
    this.margin = option('margin', options.margin, DEFAULT_MARGIN, (v) => v >= 0, '>= 0');
    this.step = option('step', options.step, DEFAULT_STEP, (v) => v > 0 && v <= this.horizon, `> 0 and <= horizon (${this.horizon})`);
    this.window = option('window', options.window, DEFAULT_WINDOW, (v) => v >= 0, '>= 0');
  }

  /**
   * Decisions for every yielding traveller (`yields: true`), in input order, given everyone.
   * Candidate pairs come from a spatial hash over the predicted samples, never from all pairs.
   * @throws RangeError or TypeError naming the bad traveller field.
   */
  decide(travellers: readonly Traveller[]): YieldDecision[] {
    if (!Array.isArray(travellers)) throw new TypeError(`travellers must be an array, got ${String(travellers)}`);
    checkTravellers(travellers, this.ids);
    this.list = travellers;
    const n = travellers.length;
    this.predictAll();
    this.buildHash();
    this.regionKey = -1;
    this.laneMemo.clear();

    const constraints: (readonly Constraint[])[] = [];
    const stopAt = new Float64Array(n).fill(Infinity);
    const blocker = new Int32Array(n).fill(-1);
    for (let a = 0; a < n; a++) {
      // Only vehicles that drive get constraints: the others share one empty list.
      if (!this.drives(a)) {
        constraints.push(NO_CONSTRAINTS);
        continue;
      }
      const found: Constraint[] = [];
      constraints.push(found);
      const k = this.candidates(a);
      for (let i = 0; i < k; i++) {
        const c = this.evaluate(a, this.found[i]!);
        if (c !== undefined) found.push(c);
      }
      this.binding(found);
      stopAt[a] = this.boundStop;
      blocker[a] = this.boundBy;
    }
    const blocked = this.resolveCycles(constraints, stopAt, blocker);

    const out: YieldDecision[] = [];
    for (let a = 0; a < n; a++) {
      const t = travellers[a]!;
      if (!t.yields) continue;
      const decision: YieldDecision = { id: t.id, cap: this.capFor(a, stopAt[a]!) };
      if (blocker[a]! >= 0) {
        decision.blocker = travellers[blocker[a]!]!.id;
        decision.stopAt = stopAt[a]!;
      }
      if (blocked[a] === 1) decision.blocked = true;
      out.push(decision);
    }
    return out;
  }

  /** True for a vehicle this rule may brake: it yields and has path left to drive. */
  private drives(a: number): boolean {
    return this.list[a]!.yields && this.onPath[a] === 1;
  }

  /** The speed from which `a` can still stop at `stop`. */
  private capFor(a: number, stop: number): number {
    const t = this.list[a]!;
    if (stop === Infinity) return t.maxSpeed;
    const gap = stop - this.d0[a]!;
    if (!(gap > STOP_EPSILON)) return 0;
    return Math.min(t.maxSpeed, Math.sqrt(2 * (t.deceleration ?? Infinity) * gap));
  }

  /**
   * The smallest stop among `found` into {@link boundStop}, and the traveller that sets it into
   * {@link boundBy} (ties: the smaller id); fields, not a tuple: once per vehicle per frame.
   */
  private binding(found: readonly Constraint[]): void {
    let stop = Infinity;
    let by = -1;
    for (const c of found) {
      if (c.stopAt < stop || (c.stopAt === stop && by >= 0 && this.list[c.other]!.id < this.list[by]!.id)) {
        stop = c.stopAt;
        by = c.other;
      }
    }
    this.boundStop = stop;
    this.boundBy = by;
  }

  /**
   * The pair rule, from vehicle `a`'s side; it agrees with the rule from `b`'s side, so exactly
   * one of two conflicting vehicles yields.
   */
  private evaluate(a: number, b: number): Constraint | undefined {
    // b is in a's way: the part of b that cannot get out of the way (a non-braking unit's whole
    // prediction, a vehicle's current disc and braking stretch) lies on a's stretch.
    const wayA = this.near(b, this.uCount[b]!, a);
    // Infantry, standing units and units off a path do not brake along a path for a: a yields
    // whenever one is in its way.
    if (!this.drives(b)) return wayA ? this.yieldTo(a, b) : undefined;
    const wayB = this.near(a, this.uCount[a]!, b);
    if (!wayA && !wayB && !this.timedConflict(a, b)) return undefined;
    let yields: boolean;
    if (wayA !== wayB) {
      // Following and crossing: the one whose way is blocked yields to the one already in it (the
      // rear to the front, never the front).
      yields = wayA;
    } else {
      // A unit standing on the other's lane further ahead must not wait there: the other yields.
      const onA = this.onLane(b, a);
      const onB = this.onLane(a, b);
      yields = onA !== onB ? onA : !this.precedes(a, b);
    }
    if (yields) return this.yieldTo(a, b);
    // Both in each other's way and a goes first: it still never drives into b's unavoidable part.
    if (wayA) return { other: b, yields: false, stopAt: this.stopBeforeUnavoidable(a, b) };
    return undefined;
  }

  /**
   * a yields to b: it stops clear of b's lane (b's whole remaining path near a), so that b can
   * pass, or, when a already stands on that lane, clear of b's prediction.
   */
  private yieldTo(a: number, b: number): Constraint {
    if (this.drives(b) && !this.onLane(a, b)) this.fillLane(b, a);
    else this.fillSamples(b, this.count[b]!);
    return { other: b, yields: true, stopAt: this.stopBefore(a, b) };
  }

  /** The hard rule: where a must stop so as never to drive into b's unavoidable part. */
  private stopBeforeUnavoidable(a: number, b: number): number {
    this.fillSamples(b, this.uCount[b]!);
    return this.stopBefore(a, b);
  }

  /** True when a goes before b by the fixed rule: larger priority, then smaller id. */
  private precedes(a: number, b: number): boolean {
    const pa = this.list[a]!.priority;
    const pb = this.list[b]!.priority;
    return pa > pb || (pa === pb && this.list[a]!.id < this.list[b]!.id);
  }

  /** True when any of the first `m` samples of `b` (its unavoidable part) comes within clearance of `a`'s stretch. */
  private near(b: number, m: number, a: number): boolean {
    const base = this.list[a]!.radius + this.list[b]!.radius + this.margin;
    const fa = this.first[a]!;
    const la = fa + this.count[a]!;
    const fb = this.first[b]!;
    const k = 4 * a;
    const box = this.boxes;
    for (let j = fb; j < fb + m; j++) {
      const x = this.sx[j]!;
      const y = this.sy[j]!;
      const bj = base + this.sh[j]!;
      // Skip samples farther from a's whole prediction than any of its samples reaches (as in
      // timedConflict; the epsilon keeps the filter on the safe side of rounding in the inflations).
      const pad = bj + this.half[a]! + STOP_EPSILON;
      if (x < box[k]! - pad || x > box[k + 2]! + pad || y < box[k + 1]! - pad || y > box[k + 3]! + pad) continue;
      for (let i = fa; i < la; i++) {
        const reach = bj + this.sh[i]!;
        const dx = this.sx[i]! - x;
        const dy = this.sy[i]! - y;
        if (dx * dx + dy * dy < reach * reach) return true;
      }
    }
    return false;
  }

  /** True when a's and b's predicted discs overlap at times within `window` of each other. */
  private timedConflict(a: number, b: number): boolean {
    const base = this.list[a]!.radius + this.list[b]!.radius + this.margin;
    const w = this.window;
    const fa = this.first[a]!;
    const la = fa + this.count[a]!;
    const fb = this.first[b]!;
    const lb = fb + this.count[b]!;
    const k = 4 * b;
    const box = this.boxes;
    for (let i = fa; i < la; i++) {
      const x = this.sx[i]!;
      const y = this.sy[i]!;
      const e = this.te[i]! - w;
      const l = this.tl[i]! + w;
      const bi = base + this.sh[i]!;
      // Skip samples farther from b's whole prediction than any of its samples can matter.
      const pad = bi + this.half[b]!;
      if (x < box[k]! - pad || x > box[k + 2]! + pad || y < box[k + 1]! - pad || y > box[k + 3]! + pad) continue;
      for (let j = fb; j < lb; j++) {
        if (this.te[j]! > l || this.tl[j]! < e) continue;
        const reach = bi + this.sh[j]!;
        const dx = this.sx[j]! - x;
        const dy = this.sy[j]! - y;
        if (dx * dx + dy * dy < reach * reach) return true;
      }
    }
    return false;
  }

  /**
   * The farthest distance along a's path such that a's disc, anywhere from where it is to there,
   * keeps clear of the region (filled from b). The clearance is the sum of radii plus margin plus
   * twice each region sample's inflation: once covers b's path between samples, the other keeps a
   * unit stopped there outside that path next frame, when b's samples have moved along it (so the
   * roles of two units do not flip when one has stopped for the other).
   */
  private stopBefore(a: number, b: number): number {
    const ta = this.list[a]!;
    const path = ta.path!;
    const base = ta.radius + this.list[b]!.radius + this.margin;
    const fa = this.first[a]!;
    const d = this.d0[a]!;
    // Coarse walk over a's own samples with their inflation; sample 0 is exact.
    let hit = -1;
    for (let i = fa; i < fa + this.count[a]! && hit < 0; i++) {
      if (this.hits(this.sx[i]!, this.sy[i]!, this.sh[i]!, base)) hit = i;
    }
    if (hit < 0) return Infinity;
    if (hit === fa) return d;
    let clear = Math.min(path.length, d + this.so[hit - 1]! + this.sh[hit - 1]!);
    const end = Math.min(path.length, d + this.so[hit]! + this.sh[hit]!);
    // Fine walk from the last point known clear: each sub-point inflated by half the sub-spacing.
    const h = this.spacing[a]! / REFINE_DIVISIONS;
    for (let s = clear + h / 2; s - h / 2 < end; s += h) {
      path.sampleInto(Math.min(s, path.length), this.pose);
      if (this.hits(this.pose.x, this.pose.y, h / 2, base)) break;
      clear = Math.min(s + h / 2, path.length);
    }
    return clear;
  }

  /** True when a disc at (x, y) inflated by `own` comes within stop clearance of the region. */
  private hits(x: number, y: number, own: number, base: number): boolean {
    for (let j = 0; j < this.regionSize; j++) {
      const reach = base + own + 2 * this.rh[j]! + STOP_EPSILON;
      const dx = this.rx[j]! - x;
      const dy = this.ry[j]! - y;
      if (dx * dx + dy * dy < reach * reach) return true;
    }
    return false;
  }

  /** The region: the first m samples of t, with their inflation. */
  private fillSamples(t: number, m: number): void {
    this.regionSize = 0;
    this.regionKey = -1;
    this.growRegion(m);
    const f = this.first[t]!;
    for (let j = f; j < f + m; j++) this.pushRegion(this.sx[j]!, this.sy[j]!, this.sh[j]!);
  }

  /**
   * The region: samples of b's remaining path, every {@link MAX_SPACING} at most, on the
   * segments that come near a's stretch (a bounding-box test per segment).
   */
  private fillLane(b: number, a: number): void {
    const key = b * this.list.length + a;
    if (this.regionKey === key) return;
    this.regionKey = key;
    this.regionSize = 0;
    const path = this.list[b]!.path!;
    const geometry = pathGeometry(path);
    const pad = this.list[a]!.radius + this.list[b]!.radius + this.margin + this.half[a]! + MAX_SPACING + STOP_EPSILON;
    // a's samples' bounding box, grown by pad.
    const ka = 4 * a;
    const x0 = this.boxes[ka]! - pad;
    const y0 = this.boxes[ka + 1]! - pad;
    const x1 = this.boxes[ka + 2]! + pad;
    const y1 = this.boxes[ka + 3]! + pad;
    const from = this.d0[b]!;
    const segs = path.segments;
    for (let i = 0; i < segs.length; i++) {
      const s0 = geometry.offsets[i]!;
      const s1 = geometry.offsets[i + 1]!;
      if (s1 <= from) continue;
      const k = 4 * i;
      const box = geometry.boxes;
      if (box[k]! > x1 || box[k + 2]! < x0 || box[k + 1]! > y1 || box[k + 3]! < y0) continue;
      let lo = Math.max(s0, from);
      let hi = s1;
      if (segs[i]!.kind === 'line') {
        // Only the part of a line inside the box matters (the box is padded by the farthest
        // distance at which two samples interact).
        const start = path.sampleInto(lo, this.pose);
        const sx = start.x;
        const sy = start.y;
        const end = path.sampleInto(hi, this.pose);
        const range = this.clip;
        if (!clipToBox(sx, sy, end.x, end.y, x0, y0, x1, y1, range)) continue;
        const clippedLo = lo + range[0]! * (hi - lo);
        hi = lo + range[1]! * (hi - lo);
        lo = clippedLo;
      }
      // Discs of radius h/2 at the middles of pieces h long cover [lo, hi] and reach no further
      // back than where the lane starts.
      const pieces = Math.max(1, Math.ceil((hi - lo) / MAX_SPACING));
      const h = (hi - lo) / pieces;
      this.growRegion(this.regionSize + pieces);
      for (let p = 0; p < pieces; p++) {
        path.sampleInto(Math.min(lo + (p + 0.5) * h, s1), this.pose);
        this.pushRegion(this.pose.x, this.pose.y, h / 2);
      }
    }
  }

  /** True when t's unavoidable part lies on o's lane (o's whole remaining path). */
  private onLane(t: number, o: number): boolean {
    const memo = t * this.list.length + o;
    let on = this.laneMemo.get(memo);
    if (on === undefined) {
      on = this.judgeOnLane(t, o);
      this.laneMemo.set(memo, on);
    }
    return on;
  }

  private judgeOnLane(t: number, o: number): boolean {
    this.fillLane(o, t);
    const base = this.list[t]!.radius + this.list[o]!.radius + this.margin;
    const f = this.first[t]!;
    for (let j = f; j < f + this.uCount[t]!; j++) {
      const own = this.sh[j]!;
      for (let k = 0; k < this.regionSize; k++) {
        const reach = base + own + this.rh[k]!;
        const dx = this.rx[k]! - this.sx[j]!;
        const dy = this.ry[k]! - this.sy[j]!;
        if (dx * dx + dy * dy < reach * reach) return true;
      }
    }
    return false;
  }

  private growRegion(size: number): void {
    if (size <= this.rx.length) return;
    const cap = Math.max(size, 2 * this.rx.length, 256);
    const grow = (old: Float64Array): Float64Array<ArrayBuffer> => {
      const fresh = new Float64Array(cap);
      fresh.set(old);
      return fresh;
    };
    this.rx = grow(this.rx);
    this.ry = grow(this.ry);
    this.rh = grow(this.rh);
  }

  private pushRegion(x: number, y: number, inflation: number): void {
    const j = this.regionSize++;
    this.rx[j] = x;
    this.ry[j] = y;
    this.rh[j] = inflation;
  }

  /**
   * Waiting vehicles whose blockers wait on them round a cycle: the cycle's first unit by
   * precedence that can cross the lanes of the others it yields to without touching them keeps
   * only the hard rule towards them (they stand still this frame, so it may drive up to them);
   * if none can, every unit of the cycle is blocked.
   */
  private resolveCycles(constraints: (readonly Constraint[])[], stopAt: Float64Array, blocker: Int32Array): Uint8Array {
    const n = this.list.length;
    const waiting = (a: number): boolean => blocker[a]! >= 0 && this.capFor(a, stopAt[a]!) === 0;
    const state = new Uint8Array(n); // 0 unvisited, 1 on the current walk, 2 done
    const blocked = new Uint8Array(n);
    for (let s = 0; s < n; s++) {
      if (state[s] !== 0 || !waiting(s)) continue;
      const walk: number[] = [];
      let v = s;
      while (v >= 0 && state[v] === 0 && waiting(v)) {
        state[v] = 1;
        walk.push(v);
        v = blocker[v]!;
      }
      if (v >= 0 && state[v] === 1) {
        const cycle = walk.slice(walk.indexOf(v));
        this.release(cycle, constraints, stopAt, blocker, blocked);
      }
      for (const w of walk) state[w] = 2;
    }
    return blocked;
  }

  private release(cycle: readonly number[], constraints: (readonly Constraint[])[], stopAt: Float64Array, blocker: Int32Array, blocked: Uint8Array): void {
    const inCycle = new Set(cycle);
    const order = [...cycle].sort((a, b) => (this.precedes(a, b) ? -1 : 1));
    for (const lead of order) {
      const relaxed = this.relax(lead, constraints[lead]!, inCycle);
      if (relaxed === undefined) continue;
      this.binding(relaxed);
      const stop = this.boundStop;
      const by = this.boundBy;
      if (this.capFor(lead, stop) === 0) continue;
      constraints[lead] = relaxed;
      stopAt[lead] = stop;
      blocker[lead] = by;
      return;
    }
    for (const c of cycle) blocked[c] = 1;
  }

  /**
   * `lead`'s constraints with its yields to the (standing) cycle members turned into the hard
   * rule, or undefined when that would not help: when, driving up to a member, it could not get
   * off that member's lane, it would only block the member in turn.
   */
  private relax(lead: number, found: readonly Constraint[], inCycle: ReadonlySet<number>): Constraint[] | undefined {
    const relaxed: Constraint[] = [];
    for (const c of found) {
      if (!c.yields || !inCycle.has(c.other)) {
        relaxed.push(c);
        continue;
      }
      const hard = this.near(c.other, this.uCount[c.other]!, lead) ? this.stopBeforeUnavoidable(lead, c.other) : Infinity;
      if (!this.getsOffLane(lead, c.other, hard)) return undefined;
      if (hard < Infinity) relaxed.push({ other: c.other, yields: false, stopAt: hard });
    }
    return relaxed;
  }

  /** True when `a`, driving no further than `limit`, is (or gets) off `b`'s lane. */
  private getsOffLane(a: number, b: number, limit: number): boolean {
    this.fillLane(b, a);
    const base = this.list[a]!.radius + this.list[b]!.radius + this.margin;
    const fa = this.first[a]!;
    const d = this.d0[a]!;
    let entered = false;
    for (let i = fa; i < fa + this.count[a]! && d + this.so[i]! + this.sh[i]! <= limit; i++) {
      const on = this.hits(this.sx[i]!, this.sy[i]!, this.sh[i]!, base);
      if (on) entered = true;
      else if (entered) return true;
    }
    return !entered;
  }

  /** Travellers with a sample near any of a's samples, from the spatial hash, into {@link found}; returns how many. */
  private candidates(a: number): number {
    const out = this.found;
    let k = 0;
    const stamp = a + 1;
    this.seen[a] = stamp;
    const cell = this.cell;
    const mask = this.head.length - 1;
    const fa = this.first[a]!;
    for (let i = fa; i < fa + this.count[a]!; i++) {
      const cx = Math.floor(this.sx[i]! / cell);
      const cy = Math.floor(this.sy[i]! / cell);
      for (let gx = cx - 1; gx <= cx + 1; gx++) {
        for (let gy = cy - 1; gy <= cy + 1; gy++) {
          // Neighbouring samples share buckets: scan each bucket once per call.
          const bucket = hashCell(gx, gy) & mask;
          if (this.bucketSeen[bucket] === stamp) continue;
          this.bucketSeen[bucket] = stamp;
          for (let j = this.head[bucket]!; j >= 0; j = this.next[j]!) {
            const b = this.owner[j]!;
            if (this.seen[b] === stamp) continue;
            this.seen[b] = stamp;
            out[k++] = b;
          }
        }
      }
    }
    return k;
  }

  /** Buckets every sample by a cell as wide as the largest distance two samples can matter at. */
  private buildHash(): void {
    const n = this.list.length;
    let rMax = 0;
    let hMax = 0;
    for (let t = 0; t < n; t++) {
      rMax = Math.max(rMax, this.list[t]!.radius);
      hMax = Math.max(hMax, this.half[t]!);
    }
    // The widest test: stop clearance (radii, margin, twice b's inflation, a's own inflation).
    this.cell = Math.max(2 * rMax + this.margin + 4 * hMax + 2 * STOP_EPSILON, MAX_SPACING);
    let size = 16;
    while (size < 2 * this.used) size *= 2;
    if (this.head.length !== size) {
      this.head = new Int32Array(size);
      this.bucketSeen = new Int32Array(size);
    }
    this.head.fill(-1);
    this.bucketSeen.fill(0);
    if (this.next.length < this.used) this.next = new Int32Array(this.sx.length);
    const mask = size - 1;
    for (let j = 0; j < this.used; j++) {
      const k = hashCell(Math.floor(this.sx[j]! / this.cell), Math.floor(this.sy[j]! / this.cell)) & mask;
      this.next[j] = this.head[k]!;
      this.head[k] = j;
    }
    if (this.seen.length < n) this.seen = new Int32Array(n);
    this.seen.fill(0, 0, n);
  }

  /** Samples every traveller's next `horizon` seconds. */
  private predictAll(): void {
    const n = this.list.length;
    if (this.first.length < n) {
      this.first = new Int32Array(n);
      this.count = new Int32Array(n);
      this.uCount = new Int32Array(n);
      this.half = new Float64Array(n);
      this.d0 = new Float64Array(n);
      this.spacing = new Float64Array(n);
      this.onPath = new Uint8Array(n);
      this.boxes = new Float64Array(4 * n);
    }
    this.used = 0;
    for (let t = 0; t < n; t++) {
      const u = this.list[t]!;
      this.first[t] = this.used;
      if (u.path !== undefined && clampDistance(u) < u.path.length) this.predictPath(t, u, u.path);
      else if (u.path === undefined && ((u.vx ?? 0) !== 0 || (u.vy ?? 0) !== 0)) this.predictLine(t, u);
      else this.predictStanding(t, u);
      this.count[t] = this.used - this.first[t]!;
      let x0 = Infinity;
      let y0 = Infinity;
      let x1 = -Infinity;
      let y1 = -Infinity;
      for (let j = this.first[t]!; j < this.used; j++) {
        x0 = Math.min(x0, this.sx[j]!);
        x1 = Math.max(x1, this.sx[j]!);
        y0 = Math.min(y0, this.sy[j]!);
        y1 = Math.max(y1, this.sy[j]!);
      }
      const k = 4 * t;
      this.boxes[k] = x0;
      this.boxes[k + 1] = y0;
      this.boxes[k + 2] = x1;
      this.boxes[k + 3] = y1;
    }
  }

  /**
   * Along the path from where it is: the stretch it could reach in `horizon` at top speed plus
   * the braking stretch from top speed. A sample `o` tiles ahead may be occupied from the time
   * it takes at top speed until the time it takes at the current speed (forever when it stands,
   * and at the path's end, where it stays).
   */
  private predictPath(t: number, u: Traveller, path: SegmentPath): void {
    const d = clampDistance(u);
    const decel = u.deceleration ?? Infinity;
    const vHi = Math.max(u.maxSpeed, u.speed);
    const vLo = Math.min(u.speed, u.maxSpeed);
    const extent = Math.min(path.length - d, vHi * this.horizon + (vHi * vHi) / (2 * decel));
    let spacing = Math.min(vHi * this.step, MAX_SPACING);
    if (extent / spacing > MAX_SAMPLES_PER_TRAVELLER - 2) spacing = extent / (MAX_SAMPLES_PER_TRAVELLER - 2);
    const brake = Math.min((u.speed * u.speed) / (2 * decel), extent);
    // Sample 0 exactly where it is, then the middles of pieces at most `spacing` long, one piece
    // ending exactly at the braking distance and the last one at `extent`: the discs of radius
    // half a piece cover the stretch and nothing behind, and the unavoidable part (the braking
    // stretch) no more than itself.
    const braking = Math.ceil(brake / spacing - 1e-12);
    const rest = Math.ceil((extent - brake) / spacing - 1e-12);
    this.ensure(this.used + braking + rest + 1);
    this.putSample(t, path, d, 0, 0, vHi, vLo);
    for (let i = 0; i < braking; i++) this.putSample(t, path, d, (i * brake) / braking, ((i + 1) * brake) / braking, vHi, vLo);
    for (let i = 0; i < rest; i++) this.putSample(t, path, d, brake + (i * (extent - brake)) / rest, brake + ((i + 1) * (extent - brake)) / rest, vHi, vLo);
    this.onPath[t] = 1;
    this.d0[t] = d;
    this.spacing[t] = spacing;
    this.half[t] = spacing / 2;
    // A unit that brakes for others cannot avoid its current disc and braking stretch; one that
    // does not brake (infantry on a path) cannot avoid any of its prediction.
    this.uCount[t] = u.yields ? braking + 1 : braking + rest + 1;
  }

  /**
   * The sample of traveller t for the stretch [lo, hi] ahead of distance d along its path, at
   * its middle; from top speed vHi, until current speed vLo gets past it.
   */
  private putSample(t: number, path: SegmentPath, d: number, lo: number, hi: number, vHi: number, vLo: number): void {
    const o = (lo + hi) / 2;
    path.sampleInto(d + o, this.pose);
    const j = this.used++;
    this.sx[j] = this.pose.x;
    this.sy[j] = this.pose.y;
    this.so[j] = o;
    this.sh[j] = (hi - lo) / 2;
    this.te[j] = Math.min(this.horizon, lo / vHi);
    // At the path's end it stays for good.
    this.tl[j] = d + hi >= path.length || vLo === 0 ? Infinity : hi / vLo;
    this.owner[j] = t;
  }

  /** A straight line by (vx, vy) from where it is. */
  private predictLine(t: number, u: Traveller): void {
    const vx = u.vx ?? 0;
    const vy = u.vy ?? 0;
    const v = Math.hypot(vx, vy);
    let dt = Math.min(this.step, MAX_SPACING / v);
    let k = Math.ceil(this.horizon / dt - 1e-12);
    if (k > MAX_SAMPLES_PER_TRAVELLER - 1) k = MAX_SAMPLES_PER_TRAVELLER - 1;
    dt = this.horizon / k;
    this.ensure(this.used + k + 1);
    for (let i = 0; i <= k; i++) {
      const time = i * dt;
      const j = this.used++;
      this.sx[j] = u.x + vx * time;
      this.sy[j] = u.y + vy * time;
      this.te[j] = Math.max(0, time - dt / 2);
      this.tl[j] = time + dt / 2;
      this.so[j] = 0;
      this.sh[j] = (v * dt) / 2;
      this.owner[j] = t;
    }
    this.onPath[t] = 0;
    this.d0[t] = 0;
    this.spacing[t] = v * dt;
    this.half[t] = (v * dt) / 2;
    this.uCount[t] = k + 1;
  }

  /** One disc where it is, for the whole horizon and after. */
  private predictStanding(t: number, u: Traveller): void {
    this.ensure(this.used + 1);
    const j = this.used++;
    const at = u.path !== undefined ? u.path.sampleInto(clampDistance(u), this.pose) : u;
    this.sx[j] = at.x;
    this.sy[j] = at.y;
    this.te[j] = 0;
    this.tl[j] = Infinity;
    this.so[j] = 0;
    this.sh[j] = 0;
    this.owner[j] = t;
    this.onPath[t] = 0;
    this.d0[t] = u.path !== undefined ? clampDistance(u) : 0;
    this.spacing[t] = 0;
    this.half[t] = 0;
    this.uCount[t] = 1;
  }

  /** Grows the sample arrays to hold `size` samples. */
  private ensure(size: number): void {
    if (size <= this.sx.length) return;
    const cap = Math.max(size, 2 * this.sx.length, 256);
    const grow = <T extends Float64Array | Int32Array>(old: T, make: (n: number) => T): T => {
      const fresh = make(cap);
      fresh.set(old);
      return fresh;
    };
    this.sx = grow(this.sx, (c) => new Float64Array(c));
    this.sy = grow(this.sy, (c) => new Float64Array(c));
    this.te = grow(this.te, (c) => new Float64Array(c));
    this.tl = grow(this.tl, (c) => new Float64Array(c));
    this.so = grow(this.so, (c) => new Float64Array(c));
    this.sh = grow(this.sh, (c) => new Float64Array(c));
    this.owner = grow(this.owner, (c) => new Int32Array(c));
  }
}

/** Per path: where each segment starts, and each segment's bounding box. */
interface PathGeometry {
  offsets: Float64Array;
  /** minX, minY, maxX, maxY per segment (an arc's whole circle: cheap and enough for a filter). */
  boxes: Float64Array;
}

/** Paths are immutable, so their geometry is computed once per path. */
const geometries = new WeakMap<SegmentPath, PathGeometry>();

function pathGeometry(path: SegmentPath): PathGeometry {
  let g = geometries.get(path);
  if (g !== undefined) return g;
  const segs = path.segments;
  const offsets = new Float64Array(segs.length + 1);
  const boxes = new Float64Array(4 * segs.length);
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    offsets[i + 1] = offsets[i]! + seg.length;
    if (seg.kind === 'arc') {
      boxes.set([seg.cx - seg.radius, seg.cy - seg.radius, seg.cx + seg.radius, seg.cy + seg.radius], 4 * i);
    } else {
      const end = segmentEnd(seg);
      boxes.set([Math.min(seg.x, end.x), Math.min(seg.y, end.y), Math.max(seg.x, end.x), Math.max(seg.y, end.y)], 4 * i);
    }
  }
  g = { offsets, boxes };
  geometries.set(path, g);
  return g;
}

/**
 * The parameter range [t0, t1] of the segment from (ax, ay) to (bx, by) inside the box
 * [x0, x1] × [y0, y1] (Liang and Barsky), or undefined when it misses the box.
 */
function clipToBox(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number, out: Float64Array): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  // Liang-Barsky over the edges left, right, bottom, top; no array: this runs for many segments a frame.
  for (let e = 0; e < 4; e++) {
    const p = e === 0 ? -dx : e === 1 ? dx : e === 2 ? -dy : dy;
    const q = e === 0 ? ax - x0 : e === 1 ? x1 - ax : e === 2 ? ay - y0 : y1 - ay;
    if (p === 0) {
      if (q < 0) return false;
    } else if (p < 0) {
      t0 = Math.max(t0, q / p);
    } else {
      t1 = Math.min(t1, q / p);
    }
  }
  if (!(t0 <= t1)) return false;
  out[0] = t0;
  out[1] = t1;
  return true;
}

/** A bucket index for cell (x, y); different cells may share one, which only adds candidates. */
function hashCell(x: number, y: number): number {
  return (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77)) >>> 0;
}

function clampDistance(u: Traveller): number {
  return Math.min(Math.max(u.distance ?? 0, 0), u.path!.length);
}

function option(name: string, value: number | undefined, fallback: number, ok: (v: number) => boolean, what: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || !ok(value)) throw new RangeError(`${name} must be a finite number ${what}, got ${String(value)}`);
  return value;
}

/** @throws RangeError or TypeError naming the traveller and the bad field. */
function checkTravellers(travellers: readonly Traveller[], ids: Set<number>): void {
  // Runs every frame over every unit: no closure nor message is made unless a field is bad.
  ids.clear();
  for (let i = 0; i < travellers.length; i++) {
    const t = travellers[i]!;
    if (typeof t !== 'object' || t === null) throw new TypeError(`travellers[${i}] must be an object, got ${String(t)}`);
    checkNumber(i, 'id', t.id, NO_BOUND);
    if (ids.has(t.id)) throw new RangeError(`travellers[${i}].id ${t.id} is not unique`);
    ids.add(t.id);
    checkNumber(i, 'x', t.x, NO_BOUND);
    checkNumber(i, 'y', t.y, NO_BOUND);
    checkNumber(i, 'radius', t.radius, AT_LEAST_ZERO);
    checkNumber(i, 'speed', t.speed, AT_LEAST_ZERO);
    checkNumber(i, 'maxSpeed', t.maxSpeed, ABOVE_ZERO);
    checkNumber(i, 'priority', t.priority, NO_BOUND);
    if (typeof t.yields !== 'boolean') throw new TypeError(`travellers[${i}].yields must be a boolean, got ${String(t.yields)}`);
    if (t.vx !== undefined) checkNumber(i, 'vx', t.vx, NO_BOUND);
    if (t.vy !== undefined) checkNumber(i, 'vy', t.vy, NO_BOUND);
    if (t.deceleration !== undefined && !(typeof t.deceleration === 'number' && t.deceleration > 0)) {
      throw new RangeError(`travellers[${i}].deceleration must be a number > 0 (Infinity allowed), got ${String(t.deceleration)}`);
    }
    if (t.path !== undefined) {
      if (!(t.path instanceof SegmentPath)) throw new TypeError(`travellers[${i}].path must be a SegmentPath, got ${typeof t.path}`);
      checkNumber(i, 'distance', t.distance, NO_BOUND);
    }
  }
}

/** The bounds {@link checkNumber} knows. */
const NO_BOUND = 0;
const AT_LEAST_ZERO = 1;
const ABOVE_ZERO = 2;

/** Throws a RangeError naming travellers[i].field unless `v` is a finite number within `bound`. */
function checkNumber(i: number, field: string, v: unknown, bound: number): void {
  if (typeof v === 'number' && Number.isFinite(v) && (bound === NO_BOUND || (bound === AT_LEAST_ZERO ? v >= 0 : v > 0))) return;
  const what = bound === NO_BOUND ? 'a finite number' : bound === AT_LEAST_ZERO ? 'a finite number >= 0' : 'a finite number > 0';
  throw new RangeError(`travellers[${i}].${field} must be ${what}, got ${String(v)}`);
}
