/**
 * Pinter's heuristic table: the length of the shortest curve, ignoring obstacles, from a lattice
 * state to a lattice goal state at a relative offset, by start heading, offset and goal heading.
 * It is a lower bound on any move chain's cost (a chain is itself a curve of bounded curvature,
 * and moves cost at least their length), so it is admissible and consistent.
 *
 * Entries are computed on first use and kept, so a search pays only for the offsets near its
 * goal; quarter-turn symmetry folds every heading onto the first quadrant.
 */
import { dubinsLength } from '../curves/dubins.js';
import { latticeHeading, type HeadingCount } from './hit-check.js';
import type { ResolvedProfile } from '../unit/profile.js';
import { reedsShepp } from '../curves/reeds-shepp.js';

/**
 * Table entries are lowered by this (tiles) so that a chain of moves whose length rounds a hair
 * below the closed-form curve length can never read as cheaper than the heuristic.
 */
const ROUNDING_SLACK = 1e-9;

/** Offsets up to this many turning radii (plus a few tiles) are tabulated; beyond, other bounds take over. */
const SPAN_RADII = 3;
const SPAN_TILES = 4;

/** The largest span (tiles each way) of a table. */
export const MAX_SPAN = 64;

/** Lazily filled shortest-curve lengths between lattice states, for one profile and heading count. */
export class KinematicTable {
  /** Offsets |dx|, |dy| <= span are tabulated. */
  readonly span: number;
  private readonly side: number;
  private readonly quarter: number;
  /** Index ((kc · side + dy + span) · side + dx + span) · (headings + 1) + k2; k2 = headings is the free-heading minimum. */
  private readonly values: Float64Array;
  /**
   * 1 where `values` holds an entry. A zeroed flag array instead of a NaN fill: allocating it costs
   * next to nothing, so a table for a large radius (a million entries) is not a stall.
   */
  private readonly known: Uint8Array;
  /** Entries computed since the table was made (a closed-form curve each): the work it has done. */
  computed = 0;

  constructor(
    readonly profile: ResolvedProfile,
    readonly headings: HeadingCount,
  ) {
    this.span = Math.min(MAX_SPAN, Math.ceil(SPAN_RADII * profile.turningRadius) + SPAN_TILES);
    this.side = 2 * this.span + 1;
    this.quarter = headings / 4;
    this.values = new Float64Array(this.quarter * this.side * this.side * (headings + 1));
    this.known = new Uint8Array(this.values.length);
  }

  /**
   * A lower bound on the cost from lattice state (cell offset 0, heading k) to the lattice state
   * at cell offset (dx, dy) with heading `goalK`, or with any heading when `goalK` is -1. Returns
   * 0 when the offset is outside the table.
   */
  lookup(k: number, dx: number, dy: number, goalK: number): number {
    const i = this.indexOf(k, dx, dy, goalK);
    if (i < 0) return 0;
    if (this.known[i] === 1) return this.values[i]!;
    return this.fill(i);
  }

  /**
   * The closed-form curves {@link lookup} would solve for this entry now (0 once it is known or
   * outside the table; up to `headings` + 1 for a free goal heading): a search reads this to do the
   * work before the expansion that needs it, within its allowance.
   */
  pending(k: number, dx: number, dy: number, goalK: number): number {
    const i = this.indexOf(k, dx, dy, goalK);
    if (i < 0 || this.known[i] === 1) return 0;
    if (goalK >= 0) return 1;
    const base = i - this.headings;
    let n = 0;
    // Every goal heading known, the free entry needs no curve more (it is their minimum).
    for (let j = 0; j < this.headings; j++) if (this.known[base + j] !== 1) n++;
    return n;
  }

  /**
   * Solves at most `maxCurves` of the curves the entry of {@link lookup}(k, dx, dy, goalK) needs,
   * and keeps them; returns the curves solved. The entry is known once {@link pending} says 0: a
   * search spreads a free-heading entry (one curve per goal heading) over its steps this way.
   */
  prepare(k: number, dx: number, dy: number, goalK: number, maxCurves: number): number {
    const i = this.indexOf(k, dx, dy, goalK);
    if (i < 0 || this.known[i] === 1) return 0;
    const h = this.headings;
    if (goalK >= 0) {
      this.fill(i);
      return 1;
    }
    const base = i - h;
    let solved = 0;
    for (let j = 0; j < h && solved < maxCurves; j++) {
      if (this.known[base + j] === 1) continue;
      this.fill(base + j);
      solved++;
    }
    // With every goal heading known the free entry is their minimum: no curve more.
    if (this.pending(k, dx, dy, goalK) === 0) this.fill(i);
    return solved;
  }

  /** The index of an entry, or -1 outside the table. */
  private indexOf(k: number, dx: number, dy: number, goalK: number): number {
    const span = this.span;
    if (dx > span || dx < -span || dy > span || dy < -span) return -1;
    // Turn the query back to the first quadrant: (x, y) → (y, -x) per quarter turn.
    const q = (k / this.quarter) | 0;
    let x = dx;
    let y = dy;
    for (let i = 0; i < q; i++) {
      const t = x;
      x = y;
      y = -t;
    }
    const kc = k - q * this.quarter;
    const h = this.headings;
    const k2 = goalK < 0 ? h : (goalK - q * this.quarter + h) % h;
    return ((kc * this.side + y + span) * this.side + x + span) * (h + 1) + k2;
  }

  /** Computes and keeps entry i. */
  private fill(i: number): number {
    const h = this.headings;
    const k2 = i % (h + 1);
    const rest = (i - k2) / (h + 1);
    const x = (rest % this.side) - this.span;
    const rest2 = (rest - x - this.span) / this.side;
    const y = (rest2 % this.side) - this.span;
    const kc = (rest2 - y - this.span) / this.side;
    return this.store(i, this.compute(kc, x, y, k2, i - k2));
  }

  private store(i: number, v: number): number {
    this.known[i] = 1;
    return (this.values[i] = v);
  }

  private compute(kc: number, dx: number, dy: number, k2: number, base: number): number {
    if (k2 === this.headings) {
      let best = Infinity;
      for (let j = 0; j < this.headings; j++) {
        const v = this.known[base + j] === 1 ? this.values[base + j]! : this.store(base + j, this.compute(kc, dx, dy, j, base));
        if (v < best) best = v;
      }
      return best;
    }
    const from = { x: 0, y: 0, heading: latticeHeading(kc, this.headings) };
    const to = { x: dx, y: dy, heading: latticeHeading(k2, this.headings) };
    const r = this.profile.turningRadius;
    // Backing up costs at least as much per tile as driving forward, so the shortest path bounds the cheapest.
    this.computed++;
    const length = this.profile.reverse ? reedsShepp(from, to, r).length : dubinsLength(from, to, r);
    return Math.max(0, length - ROUNDING_SLACK);
  }
}

const tables = new Map<string, KinematicTable>();
const CACHE_SIZE = 16;

/** The shared table of a profile and heading count. */
export function kinematicTableFor(profile: ResolvedProfile, headings: HeadingCount): KinematicTable {
  const key = `${profile.turningRadius}|${profile.reverse}|${headings}`;
  let table = tables.get(key);
  if (!table) {
    if (tables.size >= CACHE_SIZE) tables.delete(tables.keys().next().value!);
    table = new KinematicTable(profile, headings);
    tables.set(key, table);
  }
  return table;
}
