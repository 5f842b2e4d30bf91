/**
 * How a navigator's units share the ground, step by step: the preferred velocity of a unit that
 * turns on the spot (chasing a point that drives its path), the speed factor of a unit with a
 * turning radius braking for others, and the per-unit state both keep. The navigator owns the
 * units; the crowd core (`crowd/crowd.ts`) does the avoiding. Tile units and seconds.
 */
import type { CrowdOptions } from '../crowd/crowd.js';
import type { YieldOptions } from '../crowd/vehicle-yield.js';
import type { SegmentPath } from '../curves/segment-path.js';

/**
 * Options of a navigator's avoidance (`NavigatorOptions.avoidance`): the crowd core's (its
 * `timeHorizon` defaults here to {@link AVOIDANCE_TIME_HORIZON}), the fixed step, and the
 * vehicles' prediction.
 */
export interface AvoidanceOptions extends CrowdOptions {
  /** The fixed step the units move in, seconds, > 0 and <= 0.1. Default {@link AVOIDANCE_STEP}. */
  step?: number;
  /** How vehicles (units with a turning radius) predict each other and brake. */
  vehicles?: YieldOptions;
}

/**
 * The fixed step of avoidance, seconds: units that see each other move in equal steps so that a
 * game at 30 fps and one at 144 fps see the same crowd (a frame runs as many steps as fit).
 */
export const AVOIDANCE_STEP = 1 / 60;

/**
 * The navigator's time horizon of avoidance, seconds (the crowd core's own default is 2): units
 * that look 3 s ahead start to sidestep earlier and spread more smoothly. On the crowd benchmark
 * (one run each): circle 1.44x its slowest unit alone at 3 s, 1.75x at 2 s, 2.18x at 1 s; the
 * corridor ends in one unit stuck at 2 s and takes 3.9x at 3 s, 3.5x at 1 s.
 */
export const AVOIDANCE_TIME_HORIZON = 3;

/**
 * The time horizon of avoidance, seconds, of a unit in a narrow passage (where it keeps to its
 * right-hand lane, `crowd/passing-lanes.ts`): with the long horizon units sidestep those far ahead
 * and spread over the whole width, and the two directions jam. Crowd benchmark's corridor, 24
 * runs with jittered starts, lanes alone (3 s here): mean 2.54x the slowest alone, 22 of 24 with
 * all arrived; 1 s: 2.38x, 21 of 24; 0.5 s: 2.25x, 23 of 24 (the other 31 of 32); and in a
 * corridor test where all start at once, 0.5 s makes all arrive in 12 runs of 12 (lanes alone:
 * 10 of 12).
 */
export const NARROW_TIME_HORIZON = 0.5;

/** The longest step accepted: longer steps let fast units pass through each other between steps. */
export const MAX_AVOIDANCE_STEP = 0.1;

/**
 * At most this many steps run in one frame; the time beyond is dropped (as Phaser's physics
 * does after a stall), so a frame after a long pause costs a bounded time and units do not jump.
 */
export const MAX_STEPS_PER_FRAME = 8;

/**
 * Seconds in which a unit that turns on the spot closes the gap to its goal at the end of its
 * path: it slows into the goal instead of overshooting it.
 */
export const CATCH_UP_TIME = 0.25;

/**
 * Tiles beyond two of the widest vehicles side by side that a passage needs for them to pass each
 * other: a vehicle keeps to its planned curve, and curves through a passage run near its middle.
 * Narrower passages (a bridge 3 tiles wide for tanks of sweep radius 0.72) are one-way at a time.
 */
export const LANE_MARGIN = 0.5;

/**
 * Tiles/s a vehicle keeps while an idle unit stands on its next stretch: the unit steps aside
 * (the crowd moves it off a vehicle that comes on), and at this speed it has seconds to.
 */
export const CREEP_SPEED = 0.5;

/** Tiles of a vehicle's path ahead on which idle units make it creep: about two of its lengths. */
export const CREEP_LOOKAHEAD = 2;

/** Spacing of the points that test that stretch, tiles: well under a unit's radius. */
export const CREEP_SAMPLE = 0.25;

/** Tiles beyond touching a vehicle's way that an idle unit steps aside: a visible gap. */
export const ASIDE_ROOM = 0.3;

/** Seconds an idle unit keeps heading aside after a vehicle last had it in its way. */
export const ASIDE_TIME = 1;

/** An upper bound on the radius of units that step aside, tiles, for the search of those near a vehicle: infantry are about 0.35. */
export const IDLE_RADIUS_BOUND = 1;

/**
 * Turning radii short of a one-lane run a vehicle waits for its turn: a vehicle coming out the
 * other way turns away from the mouth within about two radii, and a waiting vehicle there would
 * box it in.
 */
export const LANE_VEHICLE_WAIT = 2;

/** Tiles short of a one-lane run a unit that turns on the spot waits: it steps aside for what comes out. */
export const LANE_STEERING_WAIT = 0.5;

/**
 * Tiles ahead of its progress along the path that a unit that turns on the spot heads for, when
 * it has clear sight of that point: far enough to cut back to its path smoothly after stepping
 * aside, near enough to keep to the path's corners.
 */
export const LOOKAHEAD = 2;

/**
 * Tiles beyond its last progress in which a unit's progress along its path is looked for: more
 * than a step's travel plus the look ahead, so a unit never loses its place.
 */
export const PROGRESS_WINDOW = 4;

/**
 * Tiles (between discs) within which another unit makes a unit steer; beyond, a unit drives its
 * path exactly as it would alone. More than two steps of travel plus the crowd's caution.
 */
export const ALONE_RANGE = 2;

/** Tiles off its path within which a unit that steered and has nobody near drives its path exactly again. */
export const REJOIN_DISTANCE = 0.05;

/** Tiles off its path (beyond its radius) at which a unit that was pushed aside plans again from where it is. */
export const REPLAN_DISTANCE = 2;

/** A unit this close to its goal (tiles) has arrived. */
export const ARRIVE_DISTANCE = 0.05;

/**
 * Seconds a unit may fail to get closer to its goal (by {@link SETTLE_PROGRESS}) while it touches
 * a standing unit nearer the goal before it counts as arrived where it stands: it queues behind
 * those who got there first.
 */
export const SETTLE_TIME = 1;

/**
 * Seconds an idle unit pushed off its spot waits for another unit standing on it to leave before
 * it takes where it is as its spot: long enough for a chain of units pushed onto each other's
 * spots to unwind.
 */
export const HOME_TAKEN_TIME = 5;

/** Tiles of progress toward the goal that reset the settle, replan and stuck clocks. */
export const SETTLE_PROGRESS = 0.02;

/**
 * Gap between the spots of a group order with vehicles, in turning radii of its widest turner: a
 * vehicle turning into its spot beside another needs about that room. Three tanks (turning radius
 * 2) sent as a group to random points: 20 of 36 moves failed with spots 0.1 tiles apart, 13 with
 * 0.6, 10 with 1.5 (this factor).
 */
export const VEHICLE_SLOT_ROOM = 0.75;

/** Seconds a vehicle remembers whom it braked for: braking again for the same unit within them is the same `yield`. */
export const YIELD_HOLD = 0.5;

/** Tiles between two units' discs at which they touch, for settling. */
export const TOUCH_GAP = 0.1;

/** Seconds without progress after which a unit facing an older unit coming the other way gives way. */
export const GIVE_WAY_AFTER = 1;

/** Seconds a unit giving way backs along its path (it may give way again only after as long again). */
export const GIVE_WAY_TIME = 1.5;

/** Seconds without progress after which a unit plans again from where it is (once, until it progresses). */
export const STALL_REPLAN_TIME = 2;

/**
 * Seconds without progress, while no unit near it moves either (a deadlock, not a crowd passing),
 * after which a unit gives up its move (`stuck`).
 */
export const STUCK_TIME = 10;

/**
 * Seconds a unit on a move may go without getting {@link REAL_PROGRESS} closer to its goal along
 * its path before it gives up (`stuck`), whether or not the units round it move. The stuck clock
 * ({@link STUCK_TIME}) stops while a neighbour moves, so two vehicles edging round each other, or a
 * unit backing and coming on again for ever, kept it at 0 (issue 30: two vehicles on den011d moved
 * for over 60 s without getting anywhere). Three times the stuck time: a crowd passing lets a
 * unit on well within it (the crowd benchmark's longest run, the bridge, is 39 s for all 24
 * units). Waiting for a plan or for its turn at a one-lane run is not counted: those queues move,
 * and jittered bridge runs with it counted had 1 to 3 of 24 units give up at the bridge mouth.
 * A turn that never comes is caught by {@link DEADLOCK_TIME}.
 */
export const NO_PROGRESS_TIME = 30;

/**
 * Seconds a unit on a move may go without getting closer to its goal (as for
 * {@link NO_PROGRESS_TIME}) counting its waits for a turn at a one-lane run too, before it gives
 * up (`stuck`): a turn that never comes (a vehicle holding the run that never leaves it) is a
 * deadlock as well, and without this the unit waited for ever. Three times
 * {@link NO_PROGRESS_TIME}: the crowd benchmark's bridge queue lets all 24 units over in 39 s, so
 * an ordinary wait at a one-lane run is well within it. Plan waits are still not counted.
 */
export const DEADLOCK_TIME = 90;

/**
 * Tiles the distance left along a unit's path must shrink by to count as progress for
 * {@link NO_PROGRESS_TIME}: more than edging, backing and creeping to and fro add up to. A slow
 * unit needs less ({@link PROGRESS_SHARE}).
 */
export const REAL_PROGRESS = 1;

/**
 * At most this share of the way its top speed covers in {@link NO_PROGRESS_TIME} counts as
 * progress: a unit slower than 1/3 tile/s needs less than {@link REAL_PROGRESS} (one at 0.02 tiles/s
 * would need 50 s for a tile).
 */
export const PROGRESS_SHARE = 0.1;

/**
 * Seconds a vehicle still held up after planning round the units in its way waits before it
 * plans again: by then the others have often moved, and a way round that did not exist does.
 */
export const KNOT_RETRY_TIME = 4;

/**
 * Seconds a unit that steers is held up, while nobody near it moves, before it asks the idle
 * units it touches on its way to step aside: after its plan round the standing units
 * ({@link STALL_REPLAN_TIME}) had its chance, well before it gives up ({@link STUCK_TIME}).
 */
export const ASK_ASIDE_TIME = 4;

/** Tiles per second above which a unit counts as moving, for telling a crowd passing from a deadlock. */
export const MOVING_SPEED = 0.2;

/** Below this speed (tiles per second) a unit that turns on the spot keeps its heading. */
export const HEADING_SPEED = 0.05;

/** What a navigator keeps about one unit in the crowd. */
export interface Rider {
  /** The unit's id in the crowd core, and what it was added with. */
  agent: number;
  radius: number;
  maxSpeed: number;
  mode: 'avoid' | 'fixed';
  /** Where the unit was last drawn. */
  lastX: number;
  lastY: number;
  /** Where an idle unit returns to after stepping aside. */
  homeX: number;
  homeY: number;
  /** The heading shown (units that turn on the spot face where they go). */
  heading: number;
  /** How far along its path a unit that turns on the spot has come (tiles), and how far off the path it is. */
  progress: number;
  off: number;
  /** Distances along the path that fire `waypoint`, and the next one to pass. */
  waypoints: readonly number[];
  nextWaypoint: number;
  /** The goal of the move it last arrived with (NaN before any) and its group order: others of the same may queue behind it. */
  settledX: number;
  settledY: number;
  settledGroup: number | undefined;
  /** The best distance to its spot of an idle unit pushed aside, and the seconds since it improved. */
  homeBest: number;
  homeIdle: number;
  /** Speed factor of a vehicle along its path, 0 (waiting) to 1 (as planned). */
  warp: number;
  /** The unit it brakes for, if any (crowd id). */
  yieldingTo: number | undefined;
  /** The unit it last braked for, remembered for {@link YIELD_HOLD} seconds after. */
  lastYield: number | undefined;
  yieldHold: number;
  /** True while the unit steers along its path (others near); false while its follower drives it exactly. */
  pursuing: boolean;
  /** True when its follower drove it this step (the crowd did not). */
  driven: boolean;
  /** Seconds left of giving way (> 0), or since it ended (<= 0, counting down). */
  backoff: number;
  /** True when it began giving way for a vehicle: while it gives way it steps off the vehicle's way, as an idle unit does. */
  clearsVehicle: boolean;
  /** True while it steers in a narrow passage (with the crowd's short time horizon there). */
  narrow: boolean;
  /** Where an idle unit steps to, out of a vehicle's way, and for how many more seconds it heads there. */
  asideX: number;
  asideY: number;
  asideTime: number;
  /** True while a vehicle backs out of another's way (its follower drives that manoeuvre, not its route). */
  makingWay: boolean;
  /** Crowd id of the vehicle it backs out of the way of, while it does. */
  wayFor: number | undefined;
  /** True when, stopped in a knot, it found no clear side to back out to (the other vehicle of the knot tries then). */
  wayBlocked: boolean;
  /** Seconds a vehicle has been stopped, in a row. */
  stall: number;
  /** Seconds into the current crawl window, the best distance left at its start, and whether the last window crawled. */
  window: number;
  windowBest: number;
  crawling: boolean;
  /** Seconds since the move last made progress, and of those the seconds in which nobody near moved. */
  idle: number;
  frozen: number;
  /** The best distance to the goal (end of path) so far, for the settle and stuck clocks. */
  best: number;
  /**
   * The distance left along its path when the unit last got {@link REAL_PROGRESS} closer, and the
   * seconds it has driven since (for {@link NO_PROGRESS_TIME}; a replan keeps both), and the
   * seconds since counting its waits for a turn at a one-lane run too (for {@link DEADLOCK_TIME}).
   */
  mark: number;
  sinceProgress: number;
  heldSinceProgress: number;
  /** True once the unit replanned for a stall, until it makes progress again. */
  replanned: boolean;
  /** A vehicle's {@link stall} when it last replanned for it. */
  replannedStall: number;
  /** True once the unit asked the idle units in its way to step aside, until it makes progress again. */
  askedAside: boolean;
}

/** A new rider for crowd agent `agent`, standing at (x, y) facing `heading`. */
export function newRider(agent: number, x: number, y: number, heading: number): Rider {
  return { agent, radius: 0, maxSpeed: 0, mode: 'avoid', lastX: x, lastY: y, homeX: x, homeY: y, heading, pursuing: false, driven: false, backoff: -Infinity, makingWay: false, wayFor: undefined, wayBlocked: false, clearsVehicle: false, narrow: false, asideX: x, asideY: y, asideTime: 0, progress: 0, off: 0, waypoints: [], nextWaypoint: 0, settledX: NaN, settledY: NaN, settledGroup: undefined, homeBest: 0, homeIdle: 0, warp: 1, yieldingTo: undefined, lastYield: undefined, yieldHold: 0, stall: 0, window: 0, windowBest: Infinity, crawling: false, idle: 0, frozen: 0, best: Infinity, mark: Infinity, sinceProgress: 0, heldSinceProgress: 0, replanned: false, replannedStall: 0, askedAside: false };
}

/**
 * How far along `path` the point nearest to (x, y) is, looking from distance `from` to
 * `from + window` only (a unit's progress never goes back, and a path that passes near itself
 * later is not taken for now). Arcs are taken as their chords (the paths of units that turn on the
 * spot have none).
 */
export function progressOn(path: SegmentPath, from: number, window: number, x: number, y: number): number {
  let best = from;
  let bestD = Infinity;
  let offset = 0;
  const until = from + window;
  const segments = path.segments;
  for (let i = 0; i < segments.length && offset <= until; i++) {
    const seg = segments[i]!;
    const end = offset + seg.length;
    if (end >= from && seg.length > 0) {
      const ax = seg.x;
      const ay = seg.y;
      const b = i + 1 < segments.length ? segments[i + 1]! : path.end;
      const dx = b.x - ax;
      const dy = b.y - ay;
      const l2 = dx * dx + dy * dy;
      let t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
      t = Math.min(1, Math.max(t, (from - offset) / seg.length, 0), (until - offset) / seg.length);
      const px = ax + t * dx - x;
      const py = ay + t * dy - y;
      const d = px * px + py * py;
      if (d < bestD) {
        bestD = d;
        best = offset + t * seg.length;
      }
    }
    offset = end;
  }
  return Math.min(Math.max(best, from), path.length);
}

/**
 * Notes `h` seconds of a unit's move with `remaining` tiles left along its path, at top speed
 * `speed` tiles/s: progress when that is {@link REAL_PROGRESS} (or {@link PROGRESS_SHARE} of what
 * the speed covers in {@link NO_PROGRESS_TIME}, if less) below its mark; the first look at a
 * move (mark Infinity) sets the mark. `laneWait` more seconds it waited for its turn at a one-lane
 * run count only toward {@link DEADLOCK_TIME}. True when it has now gone {@link NO_PROGRESS_TIME}
 * without, or {@link DEADLOCK_TIME} with those waits (it gives up; {@link noProgressReason} says which).
 */
export function noProgress(rider: Rider, remaining: number, h: number, speed: number, laneWait = 0): boolean {
  if (remaining <= rider.mark - Math.min(REAL_PROGRESS, PROGRESS_SHARE * speed * NO_PROGRESS_TIME)) {
    rider.mark = remaining;
    rider.sinceProgress = 0;
    rider.heldSinceProgress = 0;
    return false;
  }
  rider.sinceProgress += h;
  rider.heldSinceProgress += h + laneWait;
  return rider.sinceProgress >= NO_PROGRESS_TIME || rider.heldSinceProgress >= DEADLOCK_TIME;
}

/** The reason a move ends with, once {@link noProgress} said its unit gives up. */
export function noProgressReason(rider: Rider): string {
  return rider.sinceProgress >= NO_PROGRESS_TIME
    ? `held up for ${NO_PROGRESS_TIME} s without getting closer to its goal`
    : `held up for ${DEADLOCK_TIME} s without getting closer to its goal, most of it waiting for a turn at a one-lane run that did not come`;
}

/**
 * The speed a vehicle may drive now: `cap`, and no faster than lets it stop `gap` tiles ahead
 * (v = sqrt(2 × deceleration × gap); any speed when it brakes at once, 0 with no gap left).
 */
export function allowedSpeed(cap: number, gap: number | undefined, deceleration: number): number {
  if (gap === undefined) return cap;
  if (!(gap > 0)) return 0;
  return Math.min(cap, deceleration === Infinity ? Infinity : Math.sqrt(2 * deceleration * gap));
}

/**
 * The next speed factor of a vehicle whose path is planned at `planned` tiles per second and may
 * go `allowed`: down at once (safety before comfort), up no faster than its acceleration.
 */
export function nextWarp(warp: number, planned: number, allowed: number, acceleration: number, h: number): number {
  if (!(planned > 0)) return allowed > 0 ? 1 : 0;
  const target = Math.min(1, allowed / planned);
  if (target <= warp) return target;
  const rise = acceleration === Infinity ? Infinity : (acceleration * h) / planned;
  return Math.min(target, warp + rise);
}

/**
 * Checks avoidance options.
 * @throws RangeError naming the bad step.
 */
export function avoidanceStep(options: AvoidanceOptions): number {
  const step = options.step ?? AVOIDANCE_STEP;
  if (typeof step !== 'number' || !(step > 0) || !(step <= MAX_AVOIDANCE_STEP)) {
    throw new RangeError(`avoidance.step must be a number of seconds > 0 and <= ${MAX_AVOIDANCE_STEP}, got ${String(step)}`);
  }
  return step;
}
