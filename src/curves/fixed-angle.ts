/**
 * Fixed-angle art (Pinter, "Toward More Realistic Pathfinding", 2001): sprites drawn at N fixed
 * angles look wrong gliding along a smooth arc, so the path is redrawn with straight legs at the
 * N legal headings only. Each legal heading the original path sweeps through becomes the line
 * tangent to the path at the point where it faces that way; consecutive tangent lines meet at the
 * corners of the new path. Around an arc these lines form the polygon circumscribing the circle,
 * so the turns stay just outside the arcs.
 *
 * Where the heading sweep changes direction (an S-bend) at a heading that is not legal, one extra
 * leg at the legal heading beyond it is laid through the bend (the middle of the straight, or the
 * point where the two arcs meet); likewise where the path starts or ends at a heading that is not
 * legal, a leg through the end point bridges to the nearest legal line.
 */
import { angleDifference, normalizeAngle, TWO_PI } from './angle.js';
import { lineSegment, segmentEnd, segmentPoseAt, type Pose, type Segment } from './segment.js';
import { SegmentPath } from './segment-path.js';

/** Headings within this many radians of a legal one count as legal: tile-aligned inputs carry rounding noise. */
export const LEGAL_HEADING_EPSILON = 1e-9;

/** A tangent point this close (tile units) to the previous line with the same heading lies on it. */
const SAME_LINE_EPSILON = 1e-9;

/** Legs shorter than this (tile units) are the zero-length legs between lines through one corner point. */
const EMPTY_LEG = 1e-12;

/**
 * How far (in units of the path's scale) the redrawn path may end from the original: the legs
 * are intersections of tangent lines, exact to ~1e-13 of the coordinates.
 */
const REDRAW_TOLERANCE = 1e-6;

/** The most legs a redrawn path may have, so a path looping many times cannot exhaust memory. */
export const MAX_LEGS = 100_000;

/** The largest number of directions accepted: finer than this is a smooth curve in all but name. */
export const MAX_DIRECTIONS = 4096;

/** A line the new path runs along: through (x, y) with motion heading k × step (k unwrapped). */
interface TangentLine {
  x: number;
  y: number;
  k: number;
}

/**
 * `path` redrawn with straight legs whose headings are multiples of 2π / `directions`; it starts
 * and ends at the same points, and cusps stay where they are.
 *
 * @param directions - the number of legal headings, an even whole number >= 4 (typically 8 or 16).
 * @example
 * ```ts
 * const turn = dubins({ x: 0, y: 0, heading: 0 }, { x: 1, y: 1, heading: Math.PI / 2 }, 1).path;
 * fixedAngle(turn, 8).segments.map((s) => s.heading); // [0, π/4, π/2]
 * ```
 * @throws RangeError for a bad `directions`, or a path whose legs cannot be intersected in
 *   doubles (lengths near the double range).
 */
export function fixedAngle(path: SegmentPath, directions: number): SegmentPath {
  if (!Number.isInteger(directions) || directions < 4 || directions % 2 !== 0 || directions > MAX_DIRECTIONS) {
    throw new RangeError(`directions must be an even whole number from 4 to ${MAX_DIRECTIONS}, got ${directions}`);
  }
  const step = TWO_PI / directions;
  let turning = 0;
  for (const seg of path.segments) if (seg.kind === 'arc') turning += seg.length / seg.radius;
  // Corners between segments add at most π each.
  const legs = (turning + Math.PI * path.segments.length) / step;
  if (!(legs <= MAX_LEGS)) {
    throw new RangeError(`redrawing a path that turns ${turning} rad at ${directions} headings would take ${Math.ceil(legs)} legs, more than ${MAX_LEGS}`);
  }
  const out: Segment[] = [];
  let runStart = 0;
  const segs = path.segments;
  for (let i = 1; i <= segs.length; i++) {
    if (i === segs.length || segs[i]!.reverse !== segs[runStart]!.reverse) {
      redrawRun(segs.slice(runStart, i), step, out);
      runStart = i;
    }
  }
  const redrawn = new SegmentPath(out, path.start);
  // Headings within LEGAL_HEADING_EPSILON count as legal, so a line that long drifts off its
  // legal line by length × epsilon; past the double range of the intersections that drift makes
  // parallel lines meet nowhere (NaN legs). Such a path is refused, never redrawn wrong.
  const scale = Math.max(1, Math.abs(path.end.x), Math.abs(path.end.y), path.length * LEGAL_HEADING_EPSILON);
  const miss = Math.hypot(redrawn.end.x - path.end.x, redrawn.end.y - path.end.y);
  if (!(miss <= REDRAW_TOLERANCE * scale)) {
    throw new RangeError(`a path of length ${path.length} ending at (${path.end.x}, ${path.end.y}) cannot be redrawn at ${directions} headings: the legs end ${miss} tiles away`);
  }
  return redrawn;
}

function redrawRun(run: readonly Segment[], step: number, out: Segment[]): void {
  const first = run[0]!;
  const reverse = first.reverse;
  // Work with the direction of motion, which is what the legs follow.
  const offset = reverse ? Math.PI : 0;
  const legal = (m: number): number | null => {
    const k = Math.round(m / step);
    return Math.abs(m - k * step) < LEGAL_HEADING_EPSILON ? k : null;
  };
  const lines: TangentLine[] = [];
  const emit = (x: number, y: number, k: number): void => {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.k === k) {
      const h = k * step;
      if (Math.abs((x - last.x) * Math.sin(h) - (y - last.y) * Math.cos(h)) < SAME_LINE_EPSILON) return;
    }
    lines.push({ x, y, k });
  };

  let m = first.heading + offset;
  let sweep = 0;
  const start = legal(m);
  if (start !== null) {
    emit(first.x, first.y, start);
  } else {
    sweep = initialSweep(run);
    emit(first.x, first.y, sweep > 0 ? Math.floor(m / step) : Math.ceil(m / step));
  }
  let bend: { x: number; y: number } | null = null;
  const turnTo = (direction: number, x: number, y: number): void => {
    if (sweep !== 0 && direction !== sweep && legal(m) === null) {
      const at = bend ?? { x, y };
      emit(at.x, at.y, sweep > 0 ? Math.ceil(m / step) : Math.floor(m / step));
    }
    sweep = direction;
    bend = null;
  };
  const pose: Pose = { x: 0, y: 0, heading: 0 };
  let prevEnd: Pose | null = null;
  for (const seg of run) {
    if (prevEnd !== null) {
      const jump = angleDifference(prevEnd.heading, seg.heading);
      if (Math.abs(jump) > LEGAL_HEADING_EPSILON) {
        // A corner: sweep through the headings in between without moving.
        const direction = jump > 0 ? 1 : -1;
        turnTo(direction, seg.x, seg.y);
        for (const k of crossed(m, m + jump, direction, step)) emit(seg.x, seg.y, k);
        m += jump;
      }
    }
    if (seg.kind === 'line') {
      const k = legal(m);
      if (k !== null) emit(seg.x, seg.y, k);
      else {
        const end = segmentEnd(seg);
        bend = { x: (seg.x + end.x) / 2, y: (seg.y + end.y) / 2 };
      }
    } else {
      turnTo(seg.turn, seg.x, seg.y);
      const to = m + (seg.turn * seg.length) / seg.radius;
      for (const k of crossed(m, to, seg.turn, step)) {
        const s = Math.min(seg.length, Math.abs(k * step - m) * seg.radius);
        segmentPoseAt(seg, s, pose);
        emit(pose.x, pose.y, k);
      }
      m = to;
    }
    prevEnd = segmentEnd(seg);
  }
  const end = prevEnd!;
  const last = legal(m);
  if (last !== null) emit(end.x, end.y, last);
  else {
    const direction = sweep === 0 ? 1 : sweep;
    emit(end.x, end.y, direction > 0 ? Math.ceil(m / step) : Math.floor(m / step));
  }

  let vx = first.x;
  let vy = first.y;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const h = line.k * step;
    const ux = Math.cos(h);
    const uy = Math.sin(h);
    let nx = end.x;
    let ny = end.y;
    const next = lines[i + 1];
    if (next !== undefined) {
      const h2 = next.k * step;
      const u2x = Math.cos(h2);
      const u2y = Math.sin(h2);
      const s = ((next.x - line.x) * u2y - (next.y - line.y) * u2x) / (ux * u2y - uy * u2x);
      nx = line.x + s * ux;
      ny = line.y + s * uy;
    }
    const length = (nx - vx) * ux + (ny - vy) * uy;
    if (length > EMPTY_LEG) out.push(lineSegment({ x: vx, y: vy, heading: normalizeAngle(h - offset) }, length, reverse));
    vx = nx;
    vy = ny;
  }
}

/** The direction of the first turn in `run` (+1 when it never turns). */
function initialSweep(run: readonly Segment[]): number {
  for (let i = 0; i < run.length; i++) {
    const seg = run[i]!;
    if (i > 0) {
      const jump = angleDifference(segmentEnd(run[i - 1]!).heading, seg.heading);
      if (Math.abs(jump) > LEGAL_HEADING_EPSILON) return jump > 0 ? 1 : -1;
    }
    if (seg.kind === 'arc') return seg.turn;
  }
  return 1;
}

/** The legal indices strictly after heading `from` up to and including `to`, in sweep order. */
function crossed(from: number, to: number, direction: number, step: number): number[] {
  const ks: number[] = [];
  const tol = LEGAL_HEADING_EPSILON / step;
  if (direction > 0) {
    for (let k = Math.floor(from / step + tol) + 1; k <= Math.floor(to / step + tol); k++) ks.push(k);
  } else {
    for (let k = Math.ceil(from / step - tol) - 1; k >= Math.ceil(to / step - tol); k--) ks.push(k);
  }
  return ks;
}
