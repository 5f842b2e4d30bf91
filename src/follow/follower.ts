/**
 * Drives a unit along a segment path in time: speeds up, cruises, slows for tight turns and
 * cusps, and stops exactly on the goal pose. Positions depend only on the time elapsed, never on
 * how it was cut into frames.
 */
import type { Point } from '../grid/point.js';
import type { SegmentPath } from '../curves/segment-path.js';
import { angleDifference } from '../curves/angle.js';
import { segmentEnd, segmentPoseAt, type Pose } from '../curves/segment.js';
import { MotionProfile, type SpeedZone } from './motion-profile.js';
import { snapPoint } from './path-check.js';
import type { UnitProfile } from '../unit/profile.js';
import { TerrainSpeed, terrainSpeedZones } from './terrain-speed.js';

/**
 * The motion limits of a {@link UnitProfile} a follower obeys (tile units, seconds; documented
 * with their limits there), with the speed required.
 */
export type MotionOptions = Required<Pick<UnitProfile, 'speed'>> & Pick<UnitProfile, 'acceleration' | 'deceleration' | 'lateralAcceleration' | 'slowAtCorners'>;

/** Options of one {@link Follower} run. */
export interface FollowerOptions extends MotionOptions {
  /** Speed at the start, tile units per second (a unit already moving). Default 0. */
  startSpeed?: number;
  /** Distances along the path (ascending, inside (0, length)) that fire `waypoint` when passed. */
  waypoints?: readonly number[];
  /** Heading at arrival, when it differs from the path's end (a unit that turns on the spot). */
  finalHeading?: number;
  /**
   * Speed factors per cell ("slow in forest"): over each cell the top speed is `speed` × the
   * cell's factor, read once when the follower is built. The unit brakes before it enters a
   * slow cell, so that it is at the cell's speed on entering, and speeds up after leaving it.
   */
  terrain?: TerrainSpeed;
}

/** What happened during one {@link Follower.advance}, in order. */
export type FollowerEvent = { type: 'waypoint'; index: number } | { type: 'arrive' };

/**
 * Corner turns below this (radians) are not corners: the heading change of joined segments that
 * are meant to be straight on is rounding noise.
 */
export const CORNER_EPSILON = 1e-9;

/**
 * Moves along a {@link SegmentPath} over time.
 *
 * Positions on straight segments are interpolated between the segment's stored start and the
 * next segment's stored start (for the last one, the path's end with coordinates within
 * `LATTICE_SNAP` of a grid line put on it), never rebuilt from start, heading and length: a unit
 * driving along a wall stays exactly on the wall's line instead of drifting up to 2e-15 tiles
 * into it. It arrives on that same snapped end.
 *
 * @example
 * ```ts
 * const follower = new Follower(path, { speed: 4, acceleration: 8 });
 * // each frame:
 * for (const e of follower.advance(dt)) if (e.type === 'arrive') console.log('there');
 * sprite.setPosition(follower.pose.x * 32, follower.pose.y * 32);
 * ```
 */
export class Follower {
  /** The current pose; updated in place by {@link advance}. */
  readonly pose: Pose;
  /** Seconds since the start. */
  time = 0;
  /** Distance travelled along the path, tile units. */
  distance = 0;
  readonly profile: MotionProfile;
  private nextWaypoint = 0;
  private arrived = false;
  private readonly waypoints: readonly number[];
  private readonly finalHeading: number | undefined;
  private readonly events: FollowerEvent[] = [];
  /** offsets[i]: where segment i starts (summed in the path's own order); offsets[n] = length. */
  private readonly offsets: Float64Array;
  /** ends[i]: the point segment i ends on, as stored (the next start) or snapped. */
  private readonly ends: Point[];
  /** The segment the unit is on: distances only grow. */
  private cursor = 0;

  /**
   * @throws RangeError naming the option when a motion limit is not a positive number, a speed,
   *   waypoint or heading is not a finite number, or `slowAtCorners` is not a boolean; TypeError
   *   when `terrain` is not a {@link TerrainSpeed}.
   */
  constructor(
    readonly path: SegmentPath,
    readonly options: FollowerOptions,
  ) {
    checkFollowerOptions(options);
    const acceleration = options.acceleration ?? Infinity;
    const limits = { speed: options.speed, acceleration, deceleration: options.deceleration ?? acceleration };
    let zones = speedZones(path, options);
    if (options.terrain) zones = zones.concat(terrainSpeedZones(path, options.speed, options.terrain));
    this.profile = MotionProfile.build(path.length, limits, options.startSpeed ?? 0, zones);
    this.waypoints = (options.waypoints ?? []).filter((w) => w > 0 && w < path.length);
    this.finalHeading = options.finalHeading;
    const segments = path.segments;
    this.offsets = new Float64Array(segments.length + 1);
    for (let i = 0; i < segments.length; i++) this.offsets[i + 1] = this.offsets[i]! + segments[i]!.length;
    this.ends = segments.map((_, i) => (i + 1 < segments.length ? { x: segments[i + 1]!.x, y: segments[i + 1]!.y } : snapPoint(path.end)));
    this.pose = path.sample(0);
  }

  /** Current speed, tile units per second. */
  get speed(): number {
    return this.arrived ? 0 : this.profile.speedAt(this.time);
  }

  /** True once the unit stands on the goal. */
  get done(): boolean {
    return this.arrived;
  }

  /** Seconds the whole run takes. */
  get duration(): number {
    return this.profile.duration;
  }

  /**
   * Moves `dt` seconds on and returns what happened on the way: every waypoint passed, in order,
   * then `arrive` once the goal is reached. The returned array is reused by the next call.
   */
  advance(dt: number): readonly FollowerEvent[] {
    const events = this.events;
    events.length = 0;
    if (this.arrived) return events;
    if (dt > 0) this.time += dt;
    this.distance = this.profile.distanceAt(this.time);
    while (this.nextWaypoint < this.waypoints.length && this.waypoints[this.nextWaypoint]! <= this.distance) {
      events.push({ type: 'waypoint', index: this.nextWaypoint++ });
    }
    if (this.time >= this.profile.duration) {
      this.arrived = true;
      const end = this.path.end;
      const at = this.ends[this.ends.length - 1] ?? end;
      this.pose.x = at.x;
      this.pose.y = at.y;
      this.pose.heading = this.finalHeading ?? end.heading;
      this.distance = this.path.length;
      events.push({ type: 'arrive' });
      return events;
    }
    this.place(this.distance);
    return events;
  }

  /** Puts `pose` at `distance` along the path (0 <= distance < length). */
  private place(distance: number): void {
    const segments = this.path.segments;
    if (segments.length === 0 || distance <= 0) {
      this.path.sampleInto(distance, this.pose);
      return;
    }
    let i = this.cursor;
    while (i + 1 < segments.length && this.offsets[i + 1]! <= distance) i++;
    this.cursor = i;
    const seg = segments[i]!;
    const local = distance - this.offsets[i]!;
    if (seg.kind !== 'line') {
      segmentPoseAt(seg, Math.min(local, seg.length), this.pose);
      return;
    }
    const end = this.ends[i]!;
    const t = Math.min(local / seg.length, 1);
    this.pose.x = seg.x + t * (end.x - seg.x);
    this.pose.y = seg.y + t * (end.y - seg.y);
    this.pose.heading = seg.heading;
  }
}

/**
 * Checks the options of a {@link Follower} (the motion limits are checked by the profile).
 * @throws RangeError naming the bad option.
 */
export function checkFollowerOptions(o: FollowerOptions): void {
  const finite = (name: string, v: unknown, ok: (n: number) => boolean, what: string): void => {
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || !ok(v))) throw new RangeError(`${name} must be ${what}, got ${String(v)}`);
  };
  finite('startSpeed', o.startSpeed, (n) => n >= 0, 'a finite number >= 0');
  finite('finalHeading', o.finalHeading, () => true, 'a finite number (radians)');
  if (o.lateralAcceleration !== undefined && !(typeof o.lateralAcceleration === 'number' && o.lateralAcceleration > 0)) {
    throw new RangeError(`lateralAcceleration must be a number > 0, got ${String(o.lateralAcceleration)}`);
  }
  if (o.slowAtCorners !== undefined && typeof o.slowAtCorners !== 'boolean') {
    throw new RangeError(`slowAtCorners must be a boolean, got ${String(o.slowAtCorners)}`);
  }
  if (o.terrain !== undefined && !(o.terrain instanceof TerrainSpeed)) {
    throw new TypeError(`terrain must be a TerrainSpeed, got ${o.terrain === null ? 'null' : typeof o.terrain}`);
  }
  if (o.waypoints !== undefined) {
    if (!Array.isArray(o.waypoints)) throw new RangeError(`waypoints must be an array of distances, got ${String(o.waypoints)}`);
    o.waypoints.forEach((w, i) => finite(`waypoints[${i}]`, w, () => true, 'a finite number'));
  }
}

/** The speed caps a path imposes: cusps stop, tight arcs and (optionally) corners slow down. */
export function speedZones(path: SegmentPath, options: MotionOptions): SpeedZone[] {
  const zones: SpeedZone[] = [];
  const segments = path.segments;
  let s = 0;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (i > 0) {
      const prev = segments[i - 1]!;
      if (prev.reverse !== seg.reverse) zones.push({ from: s, to: s, speed: 0 });
      else if (options.slowAtCorners) {
        const turn = Math.abs(angleDifference(segmentEnd(prev).heading, seg.heading));
        if (turn > CORNER_EPSILON) zones.push({ from: s, to: s, speed: options.speed * (1 - turn / Math.PI) });
      }
    }
    if (seg.kind === 'arc' && options.lateralAcceleration !== undefined && options.lateralAcceleration > 0) {
      zones.push({ from: s, to: s + seg.length, speed: Math.sqrt(options.lateralAcceleration * seg.radius) });
    }
    s += seg.length;
  }
  return zones;
}
