/**
 * The crowd benchmark's metrics, read from a trace of positions, one frame at a time: the same
 * code for every driver, so a figure means the same for ours and for DetourCrowd. Each agent is a
 * disc of its kind's metric radius (scenarios.ts). Tile units, seconds.
 */
import type { Grid } from '../../src/grid/grid.js';
import { discHitsBlocked } from '../../src/curves/footprint.js';
import type { Point } from '../../src/grid/point.js';
import { STILL_SECONDS, STILL_SPEED, type Arrival } from './scenarios.js';

/** An overlap counts when it is deeper than this share of the smaller radius (the rule). */
export const OVERLAP_SHARE = 0.1;
/** No agent that has not arrived came this much closer to its goal for {@link DEADLOCK_SECONDS}: a deadlock. */
export const PROGRESS_STEP = 0.1;
/** The deadlock: no progress for 5 s while not all have arrived. */
export const DEADLOCK_SECONDS = 5;

/** What one run measured. */
export interface TraceSummary {
  agents: number;
  frames: number;
  /** Frames with at least one overlap deeper than {@link OVERLAP_SHARE} of the smaller radius. */
  overlapFrames: number;
  /** The most such pairs in one frame. */
  maxOverlapPairs: number;
  /** The deepest overlap of any pair in any frame, tiles (0 if none). */
  deepestOverlap: number;
  /** The smallest gap between two discs in any frame, tiles (negative: overlapping). */
  minGap: number;
  /** Agent-frames whose disc touched a blocked cell, and how many agents ever did. */
  wallFrames: number;
  wallAgents: number;
  /** Agents that arrived (see {@link Arrival}). */
  arrived: number;
  /** Seconds until each agent first arrived (undefined: never). */
  arrivalTimes: (number | undefined)[];
  /** Seconds until all had arrived, if they all did. */
  allArrivedAt: number | undefined;
  /** When a deadlock was detected, and how many agents had not arrived then. */
  deadlock: { at: number; waiting: number } | undefined;
  /** The agents that never arrived, with their last distance from their goals (tiles), farthest first. */
  stragglers: { agent: number; distance: number }[];
}

/** Accumulates the metrics of one run, one frame of positions at a time. */
export class TraceMetrics {
  private frames = 0;
  private overlapFrames = 0;
  private maxOverlapPairs = 0;
  private deepestOverlap = 0;
  private minGap = Infinity;
  private wallFrames = 0;
  private readonly touchedWall: Uint8Array;
  private readonly arrivedAt: (number | undefined)[];
  private readonly stillFrames: Uint32Array;
  private readonly best: Float64Array;
  private readonly lastX: Float64Array;
  private readonly lastY: Float64Array;
  private lastProgress = 0;
  private deadlock: { at: number; waiting: number } | undefined;
  private arrivedCount = 0;

  constructor(
    private readonly grid: Grid,
    private readonly radii: Float64Array,
    private readonly goals: readonly Point[],
    private readonly arrival: Arrival,
    private readonly dt: number,
  ) {
    const n = radii.length;
    this.touchedWall = new Uint8Array(n);
    this.arrivedAt = new Array<number | undefined>(n).fill(undefined);
    this.stillFrames = new Uint32Array(n);
    this.best = new Float64Array(n).fill(Infinity);
    this.lastX = new Float64Array(n).fill(NaN);
    this.lastY = new Float64Array(n).fill(NaN);
  }

  /** Takes the positions after one frame (`xs[i]`, `ys[i]`: agent i). */
  record(xs: Float64Array, ys: Float64Array): void {
    const n = this.radii.length;
    const frame = ++this.frames;
    const now = frame * this.dt;
    this.pairs(xs, ys);
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      const y = ys[i]!;
      const r = this.radii[i]!;
      if (discHitsBlocked(this.grid, x, y, r)) {
        this.wallFrames++;
        this.touchedWall[i] = 1;
      }
      const speed = Number.isNaN(this.lastX[i]!) ? Infinity : Math.hypot(x - this.lastX[i]!, y - this.lastY[i]!) / this.dt;
      this.lastX[i] = x;
      this.lastY[i] = y;
      this.stillFrames[i] = speed < STILL_SPEED ? this.stillFrames[i]! + 1 : 0;
      if (this.arrivedAt[i] !== undefined) continue;
      const goal = this.goals[i]!;
      const d = Math.hypot(x - goal.x, y - goal.y);
      if (d <= this.best[i]! - PROGRESS_STEP || (this.best[i] === Infinity)) {
        if (this.best[i] !== Infinity) this.lastProgress = frame;
        this.best[i] = d;
      }
      const arrived =
        this.arrival.rule === 'exact'
          ? d <= this.arrival.tolerance
          : d <= this.arrival.radius(i) && this.stillFrames[i]! * this.dt >= STILL_SECONDS;
      if (arrived) {
        // A group agent arrived when it came to rest, not when the rest was confirmed.
        this.arrivedAt[i] = this.arrival.rule === 'exact' ? now : now - (this.stillFrames[i]! - 1) * this.dt;
        this.arrivedCount++;
        this.lastProgress = frame;
      }
    }
    if (this.deadlock === undefined && this.arrivedCount < n && (frame - this.lastProgress) * this.dt >= DEADLOCK_SECONDS) {
      this.deadlock = { at: now, waiting: n - this.arrivedCount };
    }
  }

  /** Every pair's gap: overlaps and the smallest gap. All pairs: at most a few hundred agents. */
  private pairs(xs: Float64Array, ys: Float64Array): void {
    const n = this.radii.length;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const xi = xs[i]!;
      const yi = ys[i]!;
      const ri = this.radii[i]!;
      for (let j = i + 1; j < n; j++) {
        const rj = this.radii[j]!;
        const dx = xs[j]! - xi;
        const dy = ys[j]! - yi;
        const reach = ri + rj;
        // Most pairs are far apart: skip the square root for those that can neither overlap nor
        // lower the smallest gap.
        const d2 = dx * dx + dy * dy;
        const limit = reach + Math.max(this.minGap, 0);
        if (d2 > limit * limit) continue;
        const gap = Math.sqrt(d2) - reach;
        if (gap < this.minGap) this.minGap = gap;
        const depth = -gap;
        if (depth > OVERLAP_SHARE * Math.min(ri, rj)) {
          count++;
          if (depth > this.deepestOverlap) this.deepestOverlap = depth;
        }
      }
    }
    if (count > 0) this.overlapFrames++;
    if (count > this.maxOverlapPairs) this.maxOverlapPairs = count;
  }

  /** Agents arrived so far. */
  get arrived(): number {
    return this.arrivedCount;
  }

  get allArrived(): boolean {
    return this.arrivedCount === this.radii.length;
  }

  get deadlocked(): boolean {
    return this.deadlock !== undefined;
  }

  summary(): TraceSummary {
    let wallAgents = 0;
    for (const t of this.touchedWall) wallAgents += t;
    return {
      agents: this.radii.length,
      frames: this.frames,
      overlapFrames: this.overlapFrames,
      maxOverlapPairs: this.maxOverlapPairs,
      deepestOverlap: this.deepestOverlap,
      minGap: this.minGap,
      wallFrames: this.wallFrames,
      wallAgents,
      arrived: this.arrivedCount,
      arrivalTimes: [...this.arrivedAt],
      allArrivedAt: this.allArrived ? Math.max(0, ...this.arrivedAt.map((t) => t!)) : undefined,
      deadlock: this.deadlock,
      stragglers: this.arrivedAt
        .map((t, agent) => ({ agent, t, distance: Math.hypot(this.lastX[agent]! - this.goals[agent]!.x, this.lastY[agent]! - this.goals[agent]!.y) }))
        .filter((s) => s.t === undefined)
        .map(({ agent, distance }) => ({ agent, distance }))
        .sort((a, b) => b.distance - a.distance),
    };
  }
}
