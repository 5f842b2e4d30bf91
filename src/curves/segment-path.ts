/**
 * An ordered chain of lines and arcs with fast sampling by distance travelled, the form every
 * curve planner returns and the path follower consumes.
 */
import {
  arcSegment,
  checkFinite,
  checkPose,
  checkRadius,
  lineSegment,
  resizeSegment,
  segmentEnd,
  segmentFromJSON,
  segmentPoseAt,
  segmentToJSON,
  type Pose,
  type Segment,
  type SegmentJSON,
} from './segment.js';

/**
 * How far apart one segment's end and the next one's start may be, in units of the larger of 1
 * tile, the coordinates there and the arc's radius (rounding grows with all three). Chained
 * closed-form segments agree to ~1e-13 of that; anything beyond this is a construction error.
 */
export const CONTINUITY_TOLERANCE = 1e-6;

/** The size rounding at a joint is relative to: 1 tile, the coordinates there, an arc's radius. */
function jointScale(seg: Segment): number {
  return Math.max(1, Math.abs(seg.x), Math.abs(seg.y), seg.kind === 'arc' ? seg.radius : 0);
}

/**
 * The end pose of the segments pathFromSteps has just built, handed to the SegmentPath it
 * constructs from them (and cleared by that constructor): each of those segments has a length
 * > 0 and starts at the pose where the one before ends, computed by segmentEnd as the
 * constructor's checks would compute it, so they would only repeat the work (about a third of a
 * Reeds-Shepp solve's path building, for every curve a planner solves).
 */
let builtChainEnd: Pose | null = null;

/** sampleEvery refuses to build more poses than this, so a tiny step cannot exhaust memory. */
export const MAX_SAMPLES = 10_000_000;

/** A planned curve: the path plus how it was chosen. */
export interface Curve {
  /**
   * The word naming the pieces, L = turning counter-clockwise on screen (the heading decreases,
   * a left turn for the driver), R = clockwise, S = straight; `+`/`-` mark forward/backward pieces
   * in paths that reverse.
   */
  readonly word: string;
  /** Total distance travelled, tile units. */
  readonly length: number;
  /** `length` with the distance driven backwards multiplied by the reverse cost factor. */
  readonly cost: number;
  /** The segments. */
  readonly path: SegmentPath;
}

/**
 * An immutable chain of segments, each starting where the previous one ends.
 *
 * @example
 * ```ts
 * const path = new SegmentPath([arcSegment({ x: 0, y: 0, heading: 0 }, 1, 1, Math.PI / 2)]);
 * path.sample(path.length); // { x: 1, y: 1, heading: π/2 }
 * ```
 */
export class SegmentPath {
  /** The segments in driving order (none has length 0). */
  readonly segments: readonly Segment[];
  /** Total distance travelled, tile units. */
  readonly length: number;
  /** The pose at distance 0. */
  readonly start: Readonly<Pose>;
  /** The pose at distance `length`, exactly as the last segment ends. */
  readonly end: Readonly<Pose>;
  /** offsets[i] is the distance at which segment i starts; offsets[n] = length. */
  private readonly offsets: Float64Array;
  /** The segment the last sample fell in: the follower samples increasing distances. */
  private cursor = 0;

  /**
   * @param segments - the chain; zero-length segments are dropped.
   * @param start - the start pose; required when there are no segments (a path that stays put).
   * @throws RangeError when a segment does not start where the previous one ends, or `start`
   *   disagrees with the first segment (beyond CONTINUITY_TOLERANCE), or the total length overflows.
   */
  constructor(segments: readonly Segment[], start?: Pose) {
    const chainEnd = builtChainEnd;
    builtChainEnd = null;
    // A chain pathFromSteps built is checked by construction (see builtChainEnd).
    const kept = chainEnd === null ? segments.filter((s) => s.length > 0) : segments;
    if (start !== undefined && chainEnd === null) checkPose('start', start);
    const first = kept[0];
    if (first === undefined) {
      if (start === undefined) throw new RangeError('a path without segments needs a start pose');
    } else if (chainEnd === null && start !== undefined && !(Math.hypot(start.x - first.x, start.y - first.y) <= CONTINUITY_TOLERANCE * jointScale(first))) {
      throw new RangeError(`start (${start.x}, ${start.y}) is not where the first segment starts (${first.x}, ${first.y})`);
    }
    this.offsets = new Float64Array(kept.length + 1);
    let total = 0;
    for (let i = 0; i < kept.length; i++) {
      const seg = kept[i]!;
      if (i > 0 && chainEnd === null) {
        const prev = kept[i - 1]!;
        const prevEnd = segmentEnd(prev);
        const gap = Math.hypot(prevEnd.x - seg.x, prevEnd.y - seg.y);
        if (!(gap <= CONTINUITY_TOLERANCE * Math.max(jointScale(prev), jointScale(seg)))) {
          throw new RangeError(`segment ${i} starts ${gap} tiles away from where segment ${i - 1} ends`);
        }
      }
      this.offsets[i] = total;
      total += seg.length;
    }
    if (!Number.isFinite(total)) throw new RangeError(`the segments' total length overflows a double (${kept.length} segments)`);
    this.offsets[kept.length] = total;
    this.segments = kept;
    this.length = total;
    const s = start ?? first!;
    this.start = { x: s.x, y: s.y, heading: start?.heading ?? first!.heading };
    const last = kept[kept.length - 1];
    this.end = last === undefined ? { ...this.start } : (chainEnd ?? segmentEnd(last));
  }

  /**
   * A path from JSON segments (the schema of `toJSON`).
   * @throws TypeError or RangeError naming the bad field.
   */
  static fromJSON(json: unknown, start?: Pose): SegmentPath {
    if (!Array.isArray(json)) throw new TypeError(`segments must be an array, got ${String(json)}`);
    return new SegmentPath(json.map(segmentFromJSON), start);
  }

  /**
   * The pose `distance` tile units along the path; distances outside [0, length] are clamped.
   * O(log n), and O(1) when distances increase from call to call.
   * @throws RangeError when `distance` is NaN.
   */
  sample(distance: number): Pose {
    return this.sampleInto(distance, { x: 0, y: 0, heading: 0 });
  }

  /** Like {@link sample} but writes into `out` and returns it, allocating nothing. */
  sampleInto(distance: number, out: Pose): Pose {
    if (Number.isNaN(distance)) throw new RangeError('sample distance must be a number, got NaN');
    if (distance >= this.length) return copyPose(this.end, out);
    if (distance <= 0) return copyPose(this.start, out);
    const i = this.segmentIndexAt(distance);
    return segmentPoseAt(this.segments[i]!, distance - this.offsets[i]!, out);
  }

  /**
   * Poses every `step` tile units from the start, always ending with the exact end pose, so no
   * two consecutive poses are more than `step` apart along the path.
   * @throws RangeError when `step` is not > 0 or would give more than MAX_SAMPLES poses.
   */
  sampleEvery(step: number): Pose[] {
    if (!(step > 0) || !Number.isFinite(step)) throw new RangeError(`sample step must be a finite number > 0, got ${step}`);
    if (this.length / step > MAX_SAMPLES) {
      throw new RangeError(`sample step ${step} gives more than ${MAX_SAMPLES} poses over length ${this.length}`);
    }
    const poses: Pose[] = [];
    for (let i = 0; i * step < this.length; i++) poses.push(this.sample(i * step));
    poses.push({ ...this.end });
    return poses;
  }

  /**
   * The path cut at `distance`: the part before and the part after, the second starting at
   * `sample(distance)`.
   * @throws RangeError when `distance` is outside [0, length].
   */
  split(distance: number): [SegmentPath, SegmentPath] {
    if (!(distance >= 0 && distance <= this.length)) {
      throw new RangeError(`split distance must be within [0, ${this.length}], got ${distance}`);
    }
    if (distance === 0) return [new SegmentPath([], this.start), this];
    if (distance === this.length) return [this, new SegmentPath([], this.end)];
    const i = this.segmentIndexAt(distance);
    const seg = this.segments[i]!;
    const local = distance - this.offsets[i]!;
    const cut = segmentPoseAt(seg, local, { x: 0, y: 0, heading: 0 });
    const before = this.segments.slice(0, i);
    if (local > 0) before.push(resizeSegment(seg, seg, local));
    const after = [resizeSegment(seg, cut, seg.length - local), ...this.segments.slice(i + 1)];
    return [new SegmentPath(before, this.start), new SegmentPath(after, cut)];
  }

  /**
   * The length with backward distance weighted: forward distance + `reverseCost` × backward distance.
   * @throws RangeError when `reverseCost` is not a finite number >= 0.
   */
  cost(reverseCost = 1): number {
    if (!(reverseCost >= 0) || !Number.isFinite(reverseCost)) throw new RangeError(`reverse cost must be a finite number >= 0, got ${reverseCost}`);
    let total = 0;
    for (const s of this.segments) total += s.reverse ? reverseCost * s.length : s.length;
    return total;
  }

  /** The segments in the shared JSON schema. */
  toJSON(): SegmentJSON[] {
    return this.segments.map(segmentToJSON);
  }

  /** The index of the segment containing `distance`, for 0 < distance < length. */
  private segmentIndexAt(distance: number): number {
    const offsets = this.offsets;
    let i = this.cursor;
    if (offsets[i]! <= distance && distance < offsets[i + 1]!) return i;
    if (distance >= offsets[i + 1]! && distance < offsets[i + 2]!) {
      this.cursor = i + 1;
      return i + 1;
    }
    let lo = 0;
    let hi = this.segments.length - 1;
    // Largest i with offsets[i] <= distance.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (offsets[mid]! <= distance) lo = mid;
      else hi = mid - 1;
    }
    this.cursor = lo;
    return lo;
  }
}

function copyPose(from: Readonly<Pose>, out: Pose): Pose {
  out.x = from.x;
  out.y = from.y;
  out.heading = from.heading;
  return out;
}

/**
 * One piece of a maneuver in the steering form the planners compute: which way the wheel points
 * and how far to drive.
 */
export interface Step {
  /** -1: steer left (L, counter-clockwise on screen), +1: steer right (R), 0: straight (S). */
  readonly steer: -1 | 0 | 1;
  /** Tile units; negative means driving backwards. */
  readonly distance: number;
}

/**
 * The path that drives `steps` from `start` on circles of `radius`; zero-length steps are
 * dropped.
 *
 * @example pathFromSteps({ x: 0, y: 0, heading: 0 }, [{ steer: 1, distance: Math.PI / 2 }], 1) // quarter turn right
 */
export function pathFromSteps(start: Pose, steps: readonly Step[], radius: number): SegmentPath {
  checkPose('start', start);
  checkRadius(radius);
  const segments: Segment[] = [];
  let pose: Pose = { x: start.x, y: start.y, heading: start.heading };
  for (const step of steps) {
    checkFinite('step distance', step.distance);
    if (step.distance === 0) continue;
    const reverse = step.distance < 0;
    const length = Math.abs(step.distance);
    // Steering right bends the motion clockwise; backwards that turns the heading the other way.
    const seg =
      step.steer === 0
        ? lineSegment(pose, length, reverse)
        : arcSegment(pose, radius, reverse ? (-step.steer as -1 | 1) : step.steer, length, reverse);
    segments.push(seg);
    pose = segmentEnd(seg);
  }
  builtChainEnd = segments.length > 0 ? pose : null;
  return new SegmentPath(segments, start);
}

/**
 * The word of a step list, skipping empty steps: "LSR" when every step goes forward, otherwise
 * every letter carries its direction, as in "L+R-L+".
 */
export function wordOfSteps(steps: readonly Step[]): string {
  // Plain loops: every curve a planner solves is named, and the array methods' copies showed in profiles.
  let signed = false;
  for (const s of steps) if (s.distance < 0) signed = true;
  let word = '';
  for (const s of steps) {
    if (s.distance === 0) continue;
    word += s.steer === 0 ? 'S' : s.steer < 0 ? 'L' : 'R';
    if (signed) word += s.distance < 0 ? '-' : '+';
  }
  return word;
}
