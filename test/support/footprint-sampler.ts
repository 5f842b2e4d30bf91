/**
 * An independent checker for steering paths, sharing no code with src/curves' geometry: it
 * re-derives every pose from the segments' JSON fields, walks each segment in steps of at most
 * `step` tiles, and at every pose measures the exact distance from the footprint's centre to each
 * blocked square (cells outside the map are blocked) with its own point-to-square distance.
 */
import type { Grid } from '../../src/grid/grid.js';

/** A segment in the shared JSON schema. */
export interface SegmentFields {
  kind: 'line' | 'arc';
  x: number;
  y: number;
  heading: number;
  length: number;
  reverse: boolean;
  radius?: number;
  turn?: number;
}

export interface SampledPose {
  x: number;
  y: number;
  heading: number;
}

/** The pose `s` tiles along a segment, from its fields alone. */
export function poseAlong(seg: SegmentFields, s: number): SampledPose {
  const flip = seg.reverse ? Math.PI : 0;
  if (seg.kind === 'line') {
    const m = seg.heading + flip;
    return { x: seg.x + s * Math.cos(m), y: seg.y + s * Math.sin(m), heading: seg.heading };
  }
  const r = seg.radius!;
  const turn = seg.turn!;
  // The direction of motion turns with the heading; the centre sits a quarter turn toward the bend.
  const m0 = seg.heading + flip;
  const cx = seg.x - turn * r * Math.sin(m0);
  const cy = seg.y + turn * r * Math.cos(m0);
  const h = seg.heading + (turn * s) / r;
  const m = h + flip;
  return { x: cx + turn * r * Math.sin(m), y: cy - turn * r * Math.cos(m), heading: h };
}

/** Smallest signed difference between two angles, in (-π, π]. */
export function angleGap(a: number, b: number): number {
  let d = (b - a) % (2 * Math.PI);
  if (d <= -Math.PI) d += 2 * Math.PI;
  if (d > Math.PI) d -= 2 * Math.PI;
  return d;
}

/** Distance from a point to the closed unit square with top-left (cx, cy). */
export function squareDistance(px: number, py: number, cx: number, cy: number): number {
  const dx = Math.max(cx - px, 0, px - cx - 1);
  const dy = Math.max(cy - py, 0, py - cy - 1);
  return Math.sqrt(dx * dx + dy * dy);
}

/** The blocked cells (x, y) a disc of radius `rho` at (px, py) overlaps (distance < rho). */
export function overlappedCells(grid: Grid, px: number, py: number, rho: number): [number, number][] {
  const out: [number, number][] = [];
  for (let y = Math.floor(py - rho) - 1; y <= Math.floor(py + rho) + 1; y++) {
    for (let x = Math.floor(px - rho) - 1; x <= Math.floor(px + rho) + 1; x++) {
      const outside = x < 0 || y < 0 || x >= grid.width || y >= grid.height;
      if ((outside || grid.cells[y * grid.width + x] === 1) && squareDistance(px, py, x, y) < rho) out.push([x, y]);
    }
  }
  return out;
}

/** Every pose at most `step` apart along the segments, both ends of each segment included. */
export function samplePoses(segments: readonly SegmentFields[], step: number): SampledPose[] {
  const poses: SampledPose[] = [];
  for (const seg of segments) {
    const n = Math.max(1, Math.ceil(seg.length / step));
    for (let i = 0; i <= n; i++) poses.push(poseAlong(seg, (seg.length * i) / n));
  }
  return poses;
}

export interface PathExpectation {
  start: SampledPose;
  goal: { x: number; y: number; heading?: number | null };
  turningRadius: number;
  /** Radius of the disc the footprint must keep off walls. */
  sweepRadius: number;
  /** Sampling step, tiles (default 0.01). */
  step?: number;
}

/**
 * The first thing wrong with `segments` as a legal path for the expectation, or null when it is
 * legal: starts at the start pose, ends at the goal (with its heading), continuous in position and
 * heading, no arc tighter than the turning radius, footprint clear of every blocked cell.
 */
export function pathProblem(grid: Grid, segments: readonly SegmentFields[], e: PathExpectation): string | null {
  const step = e.step ?? 0.01;
  const tol = 1e-6;
  const first = segments[0];
  const startPose = first ? { x: first.x, y: first.y, heading: first.heading } : e.start;
  if (Math.hypot(startPose.x - e.start.x, startPose.y - e.start.y) > tol) return `starts at (${startPose.x}, ${startPose.y}), not at the start`;
  if (Math.abs(angleGap(startPose.heading, e.start.heading)) > tol) return `starts facing ${startPose.heading}, not ${e.start.heading}`;
  let pose = startPose;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (!(seg.length >= 0)) return `segment ${i} has length ${seg.length}`;
    if (Math.hypot(seg.x - pose.x, seg.y - pose.y) > tol) return `segment ${i} starts ${Math.hypot(seg.x - pose.x, seg.y - pose.y)} away from the previous end`;
    if (Math.abs(angleGap(pose.heading, seg.heading)) > tol) return `segment ${i} turns on the spot by ${angleGap(pose.heading, seg.heading)}`;
    if (seg.kind === 'arc' && !(seg.radius! >= e.turningRadius - 1e-9)) return `segment ${i} has radius ${seg.radius} < ${e.turningRadius}`;
    if (seg.kind === 'arc' && seg.turn !== 1 && seg.turn !== -1) return `segment ${i} has turn ${seg.turn}`;
    pose = poseAlong(seg, seg.length);
  }
  if (Math.hypot(pose.x - e.goal.x, pose.y - e.goal.y) > tol) return `ends at (${pose.x}, ${pose.y}), not at the goal (${e.goal.x}, ${e.goal.y})`;
  if (e.goal.heading !== undefined && e.goal.heading !== null && Math.abs(angleGap(pose.heading, e.goal.heading)) > tol) {
    return `ends facing ${pose.heading}, not ${e.goal.heading}`;
  }
  const poses = segments.length === 0 ? [e.start] : samplePoses(segments, step);
  for (let i = 0; i < poses.length; i++) {
    const p = poses[i]!;
    if (i > 0 && Math.hypot(p.x - poses[i - 1]!.x, p.y - poses[i - 1]!.y) > step + 1e-9) return `jump of ${Math.hypot(p.x - poses[i - 1]!.x, p.y - poses[i - 1]!.y)} near (${p.x}, ${p.y})`;
    const hit = overlappedCells(grid, p.x, p.y, e.sweepRadius);
    if (hit.length > 0) return `footprint at (${p.x.toFixed(4)}, ${p.y.toFixed(4)}) overlaps cell (${hit[0]![0]}, ${hit[0]![1]})`;
  }
  return null;
}
