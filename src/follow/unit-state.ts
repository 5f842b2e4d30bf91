/**
 * What a navigator keeps about each unit, shared by the navigator and its crowd driver, and the
 * small helpers both use. Tile units and seconds.
 */
import type { Point } from '../grid/point.js';
import type { Pose } from '../curves/segment.js';
import type { ResolvedProfile, UnitProfile } from '../unit/profile.js';
import type { Follower, MotionOptions } from './follower.js';
import type { Move } from './move.js';
import type { PlanJob } from './plan-queue.js';
import type { Rider } from './crowd-steering.js';

/** Options of one move order; profile fields override the unit's profile for this move. */
export interface MoveOptions extends UnitProfile {
  /**
   * `theta` (default for units that turn on the spot), `anya`, `astar`, any other name
   * `plannerNames()` lists, `directional`, or `directional-hybrid` (default for units with a turning radius).
   */
  planner?: string;
  /** Heading to end in, radians (0 = +x, clockwise on screen). */
  heading?: number;
  /** A unit already this close to the target arrives without moving. Default 0. */
  tolerance?: number;
  /** On a target outside the map, in a wall or out of reach, go to the nearest reachable point instead of failing. */
  nearest?: boolean;
}

/** Reads and writes a unit's pose (tile units) for the navigator. */
export interface UnitAdapter<T> {
  read(unit: T): Pose;
  write(unit: T, pose: Readonly<Pose>): void;
}

/** One unit of a navigator. */
export interface UnitState<T> {
  unit: T;
  profile: UnitProfile;
  /** `profile` with the current order's options over it, resolved once per order (and per `addUnit`). */
  resolved: ResolvedProfile;
  move: Move<T> | undefined;
  /** Motion for the move's route (while planning: the run-out to the point the replan starts from). */
  follower: Follower | undefined;
  /** True when `follower` drives the move's route to its goal, not a run-out. */
  routed: boolean;
  job: PlanJob | undefined;
  /** Options of the current move. */
  options: MoveOptions;
  /** Where the current move goes (tile units; the move's own target may be in the caller's units). */
  goal: Point;
  /** Waypoints passed by the current move. */
  passed: number;
  /** The unit in the crowd, with avoidance on (made on its first step). */
  rider: Rider | undefined;
  /** Order of addition: ties of right of way go to the older unit. */
  serial: number;
  /** The group order the current move belongs to, if any. */
  group: number | undefined;
}

/** True when the unit has no move under way. */
export function atRest<T>(s: UnitState<T>): boolean {
  return s.move === undefined || s.move.ended;
}

/** The motion limits of a profile, for a {@link Follower} (one without a speed refuses to build). */
export function motionOf(p: ResolvedProfile): MotionOptions {
  return definedFields({
    speed: p.speed,
    acceleration: p.acceleration,
    deceleration: p.deceleration,
    lateralAcceleration: p.lateralAcceleration,
    slowAtCorners: p.slowAtCorners,
  }) as MotionOptions;
}

/** `o` without its undefined fields, so spreading it never erases a default. */
export function definedFields<O extends object>(o: O): Partial<O> {
  const out: Partial<O> = {};
  for (const key of Object.keys(o) as (keyof O)[]) if (o[key] !== undefined) out[key] = o[key];
  return out;
}
