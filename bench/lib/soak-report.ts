/**
 * What the soak counts and how it reports it: a progress line, the final summary (plain text)
 * and `bench/results/soak.md`.
 */
import { Histogram } from './histogram.js';

/** One heap reading after full collections. */
export interface HeapSample {
  /** Wall seconds since the soak started. */
  second: number;
  frame: number;
  /** heapUsed in MB. */
  mb: number;
}

/** A failure worth a line in the report: where and when it happened, and enough to replay it. */
export interface Incident {
  frame: number;
  /** Simulated seconds. */
  time: number;
  text: string;
}

/** Most incidents of one kind kept in full; the rest are only counted. */
export const KEPT_INCIDENTS = 8;
/** Most distinct keys in a count table (statuses, reasons, exception messages); the rest pool under `other`. */
const MAX_KEYS = 60;

/** Counts by key, with a bounded number of keys so a long run cannot grow it without end. */
export class Tally {
  readonly counts = new Map<string, number>();
  add(key: string, n = 1): void {
    const k = this.counts.has(key) || this.counts.size < MAX_KEYS ? key : 'other';
    this.counts.set(k, (this.counts.get(k) ?? 0) + n);
  }
  get total(): number {
    let s = 0;
    for (const v of this.counts.values()) s += v;
    return s;
  }
  /** `key n, key n, ...`, largest first. */
  format(): string {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  }
}

/** A count and the first few incidents behind it. */
export class Incidents {
  count = 0;
  readonly kept: Incident[] = [];
  add(incident: Incident): void {
    this.count++;
    if (this.kept.length < KEPT_INCIDENTS) this.kept.push(incident);
  }
}

/** One slow frame: when, how long its update took, and the planning part of that. */
export interface SlowFrame {
  frame: number;
  updateMs: number;
  planMs: number;
  pending: number;
}

/** One long stretch of planning between two reads of the plan queue's clock: work the budget could not cut. */
export interface SlowStep {
  frame: number;
  ms: number;
  /** The plan that finished in it (unit kind, planner, outcome), or that none did. */
  what: string;
}

/** Slow frames and steps kept for the report. */
const KEPT_SLOW = 6;

/** Keeps `item` in `list` (slowest first) when it is among the few with the largest `score`. */
export function keepSlowest<T>(list: T[], item: T, score: (t: T) => number): void {
  if (list.length === KEPT_SLOW && score(item) <= score(list[list.length - 1]!)) return;
  list.push(item);
  list.sort((a, b) => score(b) - score(a));
  if (list.length > KEPT_SLOW) list.pop();
}

/** Everything the soak measures. */
export interface SoakStats {
  frames: number;
  simSeconds: number;
  wallSeconds: number;
  orders: number;
  targets: Tally;
  edits: number;
  fills: number;
  heals: number;
  added: number;
  removed: number;
  stops: number;
  outcomes: Tally;
  /** First failure message seen for each failure status. */
  failureSamples: Map<string, string>;
  starts: number;
  blocked: number;
  replans: number;
  exceptions: Incidents;
  exceptionKinds: Tally;
  /** Moves failed with status `error`: the navigator caught a throw in planning or driving. */
  errors: Incidents;
  /** Frames after which the plan queue was empty (when a unit with no path can only be lost, not waiting). */
  drainedFrames: number;
  lulls: number;
  lullFrames: number;
  /** Lulls that ended at their time limit with jobs still queued. */
  lullsUndrained: number;
  nan: Incidents;
  walls: Incidents;
  wallFrames: number;
  grazeFrames: number;
  stuck: Incidents;
  starved: Incidents;
  planMs: Histogram;
  /** Frames whose planning took well over the millisecond budget. */
  overrunFrames: number;
  updateMs: Histogram;
  /** Simulated seconds from an order to its start or failure. */
  answerSeconds: Histogram;
  pendingMax: number;
  /** The slowest frames, slowest first. */
  slowest: SlowFrame[];
  /** The longest single planning steps, slowest first. */
  slowSteps: SlowStep[];
  oldestMoveSeconds: number;
  heap: HeapSample[];
}

export function newStats(): SoakStats {
  return {
    frames: 0,
    simSeconds: 0,
    wallSeconds: 0,
    orders: 0,
    targets: new Tally(),
    edits: 0,
    fills: 0,
    heals: 0,
    added: 0,
    removed: 0,
    stops: 0,
    outcomes: new Tally(),
    failureSamples: new Map(),
    starts: 0,
    blocked: 0,
    replans: 0,
    exceptions: new Incidents(),
    exceptionKinds: new Tally(),
    errors: new Incidents(),
    drainedFrames: 0,
    lulls: 0,
    lullFrames: 0,
    lullsUndrained: 0,
    nan: new Incidents(),
    walls: new Incidents(),
    wallFrames: 0,
    grazeFrames: 0,
    stuck: new Incidents(),
    starved: new Incidents(),
    planMs: new Histogram(),
    overrunFrames: 0,
    updateMs: new Histogram(),
    answerSeconds: new Histogram(),
    pendingMax: 0,
    slowest: [],
    slowSteps: [],
    oldestMoveSeconds: 0,
    heap: [],
  };
}

/** How the heap went: first, min, max, last (MB) and the least-squares slope over the second half of the run (MB per minute). */
export interface HeapFigures {
  first: number;
  min: number;
  max: number;
  last: number;
  slopePerMinute: number;
  /** Readings in the second half, the slope's basis. */
  secondHalf: number;
}

export function heapFigures(samples: readonly HeapSample[]): HeapFigures {
  const mbs = samples.map((s) => s.mb);
  const end = samples.length > 0 ? samples[samples.length - 1]!.second : 0;
  const half = samples.filter((s) => s.second >= end / 2);
  return {
    first: mbs[0] ?? NaN,
    min: Math.min(...mbs),
    max: Math.max(...mbs),
    last: mbs[mbs.length - 1] ?? NaN,
    slopePerMinute: slope(half.map((s) => s.second / 60), half.map((s) => s.mb)),
    secondHalf: half.length,
  };
}

/** Least-squares slope of y over x; NaN with fewer than two points. */
function slope(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  if (n < 2) return NaN;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (x[i]! - mx) * (y[i]! - my);
    den += (x[i]! - mx) ** 2;
  }
  return den > 0 ? num / den : NaN;
}

/** `p50 / p95 / p99 / max` of a histogram, in its unit. */
export function spread(h: Histogram, digits = 2): string {
  return [0.5, 0.95, 0.99].map((q) => h.quantile(q).toFixed(digits)).join(' / ') + ' / ' + h.max.toFixed(digits);
}

/** The one-line progress report. */
export function progressLine(s: SoakStats, units: number, pending: number): string {
  const heap = s.heap[s.heap.length - 1];
  const m = Math.floor(s.wallSeconds / 60);
  const sec = Math.floor(s.wallSeconds % 60);
  return (
    `[${m}:${String(sec).padStart(2, '0')}] frame ${s.frames} sim ${s.simSeconds.toFixed(0)} s, units ${units}, pending ${pending}, ` +
    `orders ${s.orders}, edits ${s.edits}, arrived ${s.outcomes.counts.get('arrived') ?? 0}, ` +
    `exceptions ${s.exceptions.count}, in walls ${s.walls.count}, stuck ${s.stuck.count}, ` +
    `update p99 ${s.updateMs.quantile(0.99).toFixed(1)} ms, heap ${heap ? heap.mb.toFixed(1) : '?'} MB`
  );
}
