/**
 * Path quality measures of the directional benchmark (issue 17, "paths a player would call
 * natural"): how much a path turns, how far it reverses, whether it loops, and how it compares
 * with a reference path of higher resolution. Pure functions on segments in the shared JSON
 * schema (`SegmentPath.toJSON()`), sharing no geometry code with src/curves.
 */
import type { SegmentFields } from '../../test/support/footprint-sampler.js';
import { max, mean } from './stats.js';

/** A segment in the shared JSON schema (`SegmentPath.toJSON()`), as the independent sampler reads it. */
export type QualitySegment = SegmentFields;

/** The quality figures of one path. */
export interface PathQuality {
  /** Distance travelled, tiles. */
  length: number;
  /**
   * Total absolute heading change, radians: the sum over arcs of length / radius. Lines add 0, and
   * so does a cusp (a switch between forward and reverse): the body's heading does not jump
   * there, only the direction of motion does. Cusps are counted apart in {@link cusps}.
   */
  turning: number;
  /** Distance driven backwards, tiles. */
  reverseLength: number;
  /** reverseLength / length; 0 for a path of length 0. */
  reverseShare: number;
  /** Switches between forward and reverse. */
  cusps: number;
  /** See {@link hasLoop}. */
  loop: boolean;
}

/**
 * Sum of turns a run's heading may show before it counts as a loop: a full turn, less rounding
 * (a closed circle sums to 2π up to ~1e-15 per arc).
 */
const FULL_TURN = 2 * Math.PI - 1e-9;
/** Largest turn one chord of an arc stands for when the trace is drawn as a polyline, radians: 32 chords a circle, fine enough that chords of a smooth run never cross where the arcs do not. */
const CHORD_TURN = Math.PI / 16;
/** Cross products below this (tiles²) count as touching, not crossing: chords that meet end to end or graze. */
const CROSS_EPSILON = 1e-9;

/** Total absolute heading change of a path, radians (see {@link PathQuality.turning}). */
export function totalTurning(segments: readonly QualitySegment[]): number {
  let sum = 0;
  for (const s of segments) if (s.kind === 'arc') sum += s.length / s.radius!;
  return sum;
}

/** Distance driven backwards, tiles. */
export function reverseLength(segments: readonly QualitySegment[]): number {
  let sum = 0;
  for (const s of segments) if (s.reverse) sum += s.length;
  return sum;
}

/** Switches between forward and reverse along the path. */
export function cuspCount(segments: readonly QualitySegment[]): number {
  let n = 0;
  for (let i = 1; i < segments.length; i++) if (segments[i]!.reverse !== segments[i - 1]!.reverse) n++;
  return n;
}

/**
 * Whether the path has a loop. The path is cut at its cusps into runs, each driven in one
 * direction; a run loops when its heading's net signed change reaches a full turn (2π), or when
 * its trace (the unit's centre, arcs drawn as chords of at most π/16) crosses itself: two chords
 * that are not neighbours cross properly (touching end to end or grazing does not count).
 * Crossings between different runs are manoeuvres (forward, back, forward), counted by
 * {@link cuspCount}, not loops. Cost: quadratic in the chords of a run (tens to hundreds).
 *
 * @example a full circle of radius 2 is a loop; a quarter circle, or a straight line, is not.
 */
export function hasLoop(segments: readonly QualitySegment[]): boolean {
  let run: QualitySegment[] = [];
  for (const s of segments) {
    if (run.length > 0 && s.reverse !== run[0]!.reverse) {
      if (runLoops(run)) return true;
      run = [];
    }
    run.push(s);
  }
  return run.length > 0 && runLoops(run);
}

function runLoops(run: readonly QualitySegment[]): boolean {
  let net = 0;
  for (const s of run) if (s.kind === 'arc') net += (s.turn! * s.length) / s.radius!;
  if (Math.abs(net) >= FULL_TURN) return true;
  const pts = trace(run);
  const n = pts.length / 2 - 1;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (crosses(pts, i, j)) return true;
    }
  }
  return false;
}

/** The run's trace as a flat [x0, y0, x1, y1, ...] polyline: each line whole, each arc in chords. */
function trace(run: readonly QualitySegment[]): number[] {
  const pts: number[] = [run[0]!.x, run[0]!.y];
  for (const s of run) {
    const pieces = s.kind === 'arc' ? Math.max(1, Math.ceil(s.length / s.radius! / CHORD_TURN)) : 1;
    for (let k = 1; k <= pieces; k++) {
      const p = poseAlong(s, (s.length * k) / pieces);
      pts.push(p.x, p.y);
    }
  }
  return pts;
}

/** The position `d` tiles along a segment, from its fields alone. */
function poseAlong(s: QualitySegment, d: number): { x: number; y: number } {
  const m0 = s.heading + (s.reverse ? Math.PI : 0);
  if (s.kind === 'line') return { x: s.x + d * Math.cos(m0), y: s.y + d * Math.sin(m0) };
  const r = s.radius!;
  const t = s.turn!;
  // The centre sits a quarter turn toward the bend; the direction of motion turns with the heading.
  const cx = s.x - t * r * Math.sin(m0);
  const cy = s.y + t * r * Math.cos(m0);
  const m = m0 + (t * d) / r;
  return { x: cx + t * r * Math.sin(m), y: cy - t * r * Math.cos(m) };
}

/** Whether chords i and j of the polyline cross properly (each strictly separates the other's ends). */
function crosses(p: readonly number[], i: number, j: number): boolean {
  const ax = p[2 * i]!, ay = p[2 * i + 1]!, bx = p[2 * i + 2]!, by = p[2 * i + 3]!;
  const cx = p[2 * j]!, cy = p[2 * j + 1]!, dx = p[2 * j + 2]!, dy = p[2 * j + 3]!;
  if (Math.max(ax, bx) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(ax, bx)) return false;
  if (Math.max(ay, by) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(ay, by)) return false;
  const o1 = cross(ax, ay, bx, by, cx, cy);
  const o2 = cross(ax, ay, bx, by, dx, dy);
  const o3 = cross(cx, cy, dx, dy, ax, ay);
  const o4 = cross(cx, cy, dx, dy, bx, by);
  return strictlyOpposite(o1, o2) && strictlyOpposite(o3, o4);
}

const cross = (ax: number, ay: number, bx: number, by: number, px: number, py: number): number => (bx - ax) * (py - ay) - (by - ay) * (px - ax);
const strictlyOpposite = (a: number, b: number): boolean => (a > CROSS_EPSILON && b < -CROSS_EPSILON) || (a < -CROSS_EPSILON && b > CROSS_EPSILON);

/** All the figures of {@link PathQuality} for one path. */
export function pathQuality(segments: readonly QualitySegment[]): PathQuality {
  let length = 0;
  for (const s of segments) length += s.length;
  const back = reverseLength(segments);
  return { length, turning: totalTurning(segments), reverseLength: back, reverseShare: length > 0 ? back / length : 0, cusps: cuspCount(segments), loop: hasLoop(segments) };
}

/** A benchmarked path and the reference path of the same query (both found). */
export interface ReferencePair {
  path: PathQuality;
  reference: PathQuality;
}

/** A set of paths against their references. */
export interface ReferenceComparison {
  /** Queries compared (both found). */
  compared: number;
  /** Mean and largest of length / reference length, per query; NaN when none compared. */
  meanLengthRatio: number;
  maxLengthRatio: number;
  /**
   * Mean turning over mean reference turning (a ratio of means: a straight reference turns 0, so
   * per-query ratios can be infinite); NaN when the references do not turn at all.
   */
  turningRatio: number;
  /** Paths with a loop whose reference has none. */
  loopsWithout: number;
}

/** Compares benchmarked paths with their references (see {@link ReferenceComparison}). */
export function compareWithReference(pairs: readonly ReferencePair[]): ReferenceComparison {
  const lengthRatios = pairs.filter((p) => p.reference.length > 0).map((p) => p.path.length / p.reference.length);
  const refTurning = mean(pairs.map((p) => p.reference.turning));
  return {
    compared: pairs.length,
    meanLengthRatio: mean(lengthRatios),
    maxLengthRatio: max(lengthRatios),
    turningRatio: refTurning > 0 ? mean(pairs.map((p) => p.path.turning)) / refTurning : NaN,
    loopsWithout: pairs.filter((p) => p.path.loop && !p.reference.loop).length,
  };
}
