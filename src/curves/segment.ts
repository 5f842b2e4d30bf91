/**
 * The two pieces every vehicle path is made of: straight lines and circular arcs, each of which
 * may be driven backwards. Coordinates are tile units with y growing downward; headings are
 * radians, 0 = +x, increasing clockwise on screen.
 */
import { normalizeAngle } from './angle.js';

/** A position and the way the unit faces there. */
export interface Pose {
  /** Tile units. */
  x: number;
  /** Tile units, growing downward. */
  y: number;
  /** Radians, 0 = +x, increasing clockwise on screen; the unit faces (cos heading, sin heading). */
  heading: number;
}

/** The sign of the heading change along an arc: +1 clockwise on screen, -1 counter-clockwise. */
export type Turn = 1 | -1;

interface SegmentStart {
  /** Where the segment starts, tile units. */
  readonly x: number;
  readonly y: number;
  /** The way the unit faces at the start, in (-π, π]. */
  readonly heading: number;
  /** Distance travelled along the segment, tile units, >= 0. */
  readonly length: number;
  /** True when the unit drives backwards: it faces `heading` but moves the other way. */
  readonly reverse: boolean;
}

/** A straight piece: the unit keeps its heading. */
export interface LineSegment extends SegmentStart {
  readonly kind: 'line';
}

/**
 * A circular piece. Along it the heading changes by `turn / radius` per unit of distance
 * travelled, whichever way the unit drives.
 */
export interface ArcSegment extends SegmentStart {
  readonly kind: 'arc';
  /** Tile units, > 0. */
  readonly radius: number;
  /** +1: the heading increases along the arc (clockwise on screen); -1: it decreases. */
  readonly turn: Turn;
  /** The centre of the circle, tile units. */
  readonly cx: number;
  readonly cy: number;
}

/** A line or an arc. */
export type Segment = LineSegment | ArcSegment;

/** The JSON form of a line, shared with the directional planners and the CLI. */
export interface LineSegmentJSON {
  kind: 'line';
  x: number;
  y: number;
  heading: number;
  length: number;
  reverse: boolean;
}

/** The JSON form of an arc: a line's fields plus `radius` and `turn`. */
export interface ArcSegmentJSON {
  kind: 'arc';
  x: number;
  y: number;
  heading: number;
  length: number;
  reverse: boolean;
  radius: number;
  turn: Turn;
}

/** The JSON form of a segment. */
export type SegmentJSON = LineSegmentJSON | ArcSegmentJSON;

/** Throws a RangeError naming `name` unless `value` is a finite number. */
export function checkFinite(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
  }
}

/** Throws a RangeError unless `pose` has finite x, y and heading; `name` prefixes the message. */
export function checkPose(name: string, pose: Pose): void {
  if (typeof pose !== 'object' || pose === null) throw new TypeError(`${name} must be a pose {x, y, heading}, got ${String(pose)}`);
  checkFinite(`${name}.x`, pose.x);
  checkFinite(`${name}.y`, pose.y);
  checkFinite(`${name}.heading`, pose.heading);
}

/** Throws a RangeError unless `radius` is a finite number > 0. */
export function checkRadius(radius: number): void {
  if (typeof radius !== 'number' || !(radius > 0) || !Number.isFinite(radius)) {
    throw new RangeError(`turning radius must be a finite number > 0, got ${String(radius)}`);
  }
}

function checkLength(length: number): void {
  if (typeof length !== 'number' || !(length >= 0) || !Number.isFinite(length)) {
    throw new RangeError(`segment length must be a finite number >= 0, got ${String(length)}`);
  }
}

/**
 * The most an arc may turn, radians (about 160,000 full turns). A heading is start + length /
 * radius in a double, whose ulp at 1e6 is 1.2e-10 rad, so up to here it stays within the curves'
 * 1e-9 precision; beyond it the heading, and every position sampled from it, is rounding noise.
 */
export const MAX_ARC_ANGLE = 1e6;

/** Throws a RangeError unless a segment from `start` reaching `reach` tiles stays inside the double range. */
function checkReach(start: Pose, reach: number): void {
  if (!Number.isFinite(Math.abs(start.x) + Math.abs(start.y) + reach)) {
    throw new RangeError(`a segment from (${start.x}, ${start.y}) reaching ${reach} tiles leaves the range of a double`);
  }
}

/**
 * A straight segment from `start`, `length` tile units long.
 *
 * @example lineSegment({ x: 0, y: 0, heading: 0 }, 3) // ends at (3, 0)
 * @example lineSegment({ x: 0, y: 0, heading: 0 }, 3, true) // backs up to (-3, 0), still facing +x
 */
export function lineSegment(start: Pose, length: number, reverse = false): LineSegment {
  checkPose('start', start);
  checkLength(length);
  checkReach(start, length);
  return { kind: 'line', x: start.x, y: start.y, heading: normalizeAngle(start.heading), length, reverse };
}

/**
 * An arc from `start` on a circle of `radius` tile units, `length` tile units long, along which
 * the heading changes by `turn * length / radius`.
 *
 * @example arcSegment({ x: 0, y: 0, heading: 0 }, 1, 1, Math.PI / 2) // quarter turn to (1, 1), facing +y
 */
export function arcSegment(start: Pose, radius: number, turn: Turn, length: number, reverse = false): ArcSegment {
  checkPose('start', start);
  checkRadius(radius);
  checkLength(length);
  if (turn !== 1 && turn !== -1) throw new RangeError(`arc turn must be 1 or -1, got ${String(turn)}`);
  if (!(length / radius <= MAX_ARC_ANGLE)) {
    throw new RangeError(`an arc of length ${length} on radius ${radius} turns ${length / radius} rad, more than ${MAX_ARC_ANGLE}: its heading would be rounding noise`);
  }
  // A full circle's reach: length is at most MAX_ARC_ANGLE radii, but the circle spans only 2r.
  checkReach(start, 2 * radius);
  const heading = normalizeAngle(start.heading);
  // The centre lies on the side the unit's motion bends toward.
  const side = (reverse ? -turn : turn) * radius;
  return {
    kind: 'arc',
    x: start.x,
    y: start.y,
    heading,
    length,
    reverse,
    radius,
    turn,
    cx: start.x - side * Math.sin(heading),
    cy: start.y + side * Math.cos(heading),
  };
}

/**
 * The pose `distance` tile units along `seg` (not clamped: callers keep it in [0, seg.length]),
 * written into `out` and returned. Allocates nothing.
 * @throws RangeError when `distance` is not finite.
 */
export function segmentPoseAt(seg: Segment, distance: number, out: Pose): Pose {
  if (!Number.isFinite(distance)) throw new RangeError(`segment distance must be a finite number, got ${distance}`);
  if (seg.kind === 'line') {
    const d = seg.reverse ? -distance : distance;
    out.x = seg.x + d * Math.cos(seg.heading);
    out.y = seg.y + d * Math.sin(seg.heading);
    out.heading = seg.heading;
    return out;
  }
  const h0 = seg.heading;
  const h = h0 + (seg.turn * distance) / seg.radius;
  // Relative to the start rather than the centre, so that distance 0 gives the start exactly.
  const k = (seg.reverse ? -seg.turn : seg.turn) * seg.radius;
  out.x = seg.x + k * (Math.sin(h) - Math.sin(h0));
  out.y = seg.y + k * (Math.cos(h0) - Math.cos(h));
  out.heading = normalizeAngle(h);
  return out;
}

/** The pose where `seg` ends. */
export function segmentEnd(seg: Segment): Pose {
  return segmentPoseAt(seg, seg.length, { x: 0, y: 0, heading: 0 });
}

/** `seg` with its start moved to `start` and its length changed, keeping kind, radius, turn and direction. */
export function resizeSegment(seg: Segment, start: Pose, length: number): Segment {
  return seg.kind === 'line'
    ? lineSegment(start, length, seg.reverse)
    : arcSegment(start, seg.radius, seg.turn, length, seg.reverse);
}

/** The JSON form of `seg` (the centre is left out: it follows from the other fields). */
export function segmentToJSON(seg: Segment): SegmentJSON {
  const { x, y, heading, length, reverse } = seg;
  if (seg.kind === 'line') return { kind: 'line', x, y, heading, length, reverse };
  return { kind: 'arc', x, y, heading, length, reverse, radius: seg.radius, turn: seg.turn };
}

/**
 * A segment from its JSON form.
 *
 * @throws TypeError when `json` is not a segment object; RangeError when a number is out of range.
 */
export function segmentFromJSON(json: unknown): Segment {
  if (typeof json !== 'object' || json === null) throw new TypeError(`segment must be an object, got ${String(json)}`);
  const o = json as Record<string, unknown>;
  const num = (name: string): number => {
    const v = o[name];
    if (typeof v !== 'number') throw new TypeError(`segment.${name} must be a number, got ${JSON.stringify(v)}`);
    return v;
  };
  const reverse = o['reverse'] ?? false;
  if (typeof reverse !== 'boolean') throw new TypeError(`segment.reverse must be a boolean, got ${JSON.stringify(reverse)}`);
  const start = { x: num('x'), y: num('y'), heading: num('heading') };
  if (o['kind'] === 'line') return lineSegment(start, num('length'), reverse);
  if (o['kind'] === 'arc') {
    const turn = num('turn');
    if (turn !== 1 && turn !== -1) throw new RangeError(`segment.turn must be 1 or -1, got ${turn}`);
    return arcSegment(start, num('radius'), turn, num('length'), reverse);
  }
  throw new TypeError(`segment.kind must be "line" or "arc", got ${JSON.stringify(o['kind'])}`);
}
