/**
 * The one description of a unit: how it moves, how much room it takes, how it turns and what its
 * paths cost. Tile units and seconds. Like Detour's `dtCrowdAgentParams` it is one struct, each
 * field documented with its limits; a caller gives it once (`Navigator.addUnit`, or the plugin's
 * `addUnit` in pixels, which converts it), and each order resolves it once into a
 * {@link ResolvedProfile} that the route, the curve builder and the planners take unchanged.
 */

/**
 * The largest path length, speed or finite acceleration a profile takes (tile units, seconds):
 * nothing on a map comes near it, and squares and products of such numbers stay far inside the
 * range of doubles, so no distance overflows to Infinity or NaN.
 */
export const MAX_MOTION_VALUE = 1e15;

/**
 * The largest |x| or |y| of a unit's position accepted, tiles: 2^24, a thousand times the widest
 * map (MAX_GRID_SIDE, 2^14), so a unit there is on no map. Below it a double still resolves a
 * few billionths of a tile and x + 1 > x; from 2^53 on x + 1 === x, and a loop over the cells
 * round a unit would never end.
 */
export const MAX_POSITION = 2 ** 24;

/** A unit position no map can hold: not a finite number from -{@link MAX_POSITION} to {@link MAX_POSITION}. */
export class PositionError extends RangeError {
  override name = 'PositionError';
}

/**
 * Returns `value` when it is a position coordinate a map can hold (see {@link MAX_POSITION}).
 * @throws PositionError (a RangeError) naming `name` and the value.
 */
export function checkPosition(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(Math.abs(value) <= MAX_POSITION)) {
    // Every number with its unit, so a caller in other units (the plugin's pixels) reads them converted.
    const got = typeof value === 'number' && Number.isFinite(value) ? `${value} tiles` : String(value);
    throw new PositionError(`${name} must be a finite number from -${MAX_POSITION} tiles to ${MAX_POSITION} tiles, got ${got}`);
  }
  return value;
}

/** The largest turning radius (and directional footprint side) accepted: tables grow with the square of the radius. */
export const MAX_PROFILE_SIZE = 64;

/**
 * The smallest turning radius accepted, tiles. A unit turning tighter than a millionth of a tile
 * turns on the spot for any purpose of a game (turning radius 0), and the curve formulas divide
 * distances by the radius: far below this they overflow and lose the goal.
 */
export const MIN_TURNING_RADIUS = 1e-6;

/**
 * The largest reverse cost or turn penalty accepted: a million times the cost of driving forward
 * already forbids what it prices, and far larger factors overflow the search's path costs.
 */
export const MAX_COST_FACTOR = 1e6;

/**
 * The default reverse cost: at 1, a tank that may reverse drove whole routes backwards (backing
 * costs no more than driving forward, so either way ties); 2 keeps reversing for the manoeuvres
 * where it pays off, as Nav2's Smac planner does by default.
 */
export const DEFAULT_REVERSE_COST = 2;

/**
 * How a unit moves and how big it is, in tile units and seconds. Every field is optional here;
 * what a consumer needs is checked where it is used (the navigator needs `speed`, the directional
 * planner a turning radius and a footprint).
 *
 * @example
 * ```ts
 * nav.addUnit(tank, { speed: 3, acceleration: 6, width: 0.8, length: 1.2, turningRadius: 1.5, reverse: true, reverseCost: 2 });
 * ```
 */
export interface UnitProfile {
  // Motion limits: how the follower drives a path.
  /** Top speed, tiles per second, > 0 and <= {@link MAX_MOTION_VALUE}. Required by the navigator (at `addUnit` or in the order). */
  speed?: number;
  /** Tiles per second², > 0 and <= {@link MAX_MOTION_VALUE}, or Infinity. Default Infinity (full speed at once). */
  acceleration?: number;
  /** Braking, tiles per second², > 0 and <= {@link MAX_MOTION_VALUE}, or Infinity. Default `acceleration`. */
  deceleration?: number;
  /**
   * The highest sideways acceleration, tiles per second², > 0: arcs are driven no faster than
   * sqrt(this × arc radius), so a unit slows before turns too tight for its speed. Default: no
   * turn slowdown.
   */
  lateralAcceleration?: number;
  /**
   * Slow down for corners of polyline paths (where the unit turns on the spot): the speed at a
   * corner is capped at speed × (1 − turn/π), full speed straight on, a stop for a U-turn.
   * Default false.
   */
  slowAtCorners?: boolean;

  // Footprint: the whole of it stays off blocked tiles along the path.
  /**
   * Footprint width, tiles, finite and >= 0: the diameter of a disc, or with {@link length} the
   * rectangle's side across the heading. 0 (default) is a point. The directional planner takes
   * at most {@link MAX_PROFILE_SIZE}.
   */
  width?: number;
  /**
   * With it the footprint is a `width` × `length` rectangle centred on the pose, `length` along
   * the heading; finite and > 0 (at most {@link MAX_PROFILE_SIZE} for the directional planner).
   * Route checks and planners sweep its circumscribing disc (diameter √(w² + l²)): sound, and exact
   * for a disc, but a rectangle may be refused a gap it would fit through lengthwise.
   */
  length?: number;

  // Turning and reversing.
  /**
   * The tightest turning radius, tiles: 0 (default) turns on the spot (polyline planners), else
   * from {@link MIN_TURNING_RADIUS} to {@link MAX_PROFILE_SIZE} (curves; the directional planner
   * by default).
   */
  turningRadius?: number;
  /** May a unit with a turning radius drive backwards (Reeds-Shepp moves)? Default false (Dubins moves). */
  reverse?: boolean;

  // Path costs (the directional planner).
  /**
   * Cost of a tile driven backwards relative to a forward one, >= 1 and <= {@link MAX_COST_FACTOR}.
   * Default {@link DEFAULT_REVERSE_COST}: a unit backs up where that saves a turn, not for whole routes.
   */
  reverseCost?: number;
  /** Extra cost per radian of heading change, >= 0 and <= {@link MAX_COST_FACTOR}, for straighter paths. Default 0. */
  turnPenalty?: number;

  // Sharing the ground with other units (when the navigator's avoidance is on).
  /**
   * Steer around other units (units that turn on the spot) or brake for them (units with a
   * turning radius). Default true; false drives the path as if alone, and the others keep clear.
   */
  avoid?: boolean;
  /**
   * Right of way among units with a turning radius, a finite number: on a conflict the lower
   * priority brakes and waits (ties go to the unit added first). Default 0.
   */
  priority?: number;

  // Movement class: reserved. The later movement classes (which terrain a unit may enter, and at
  // what cost) get their field here, documented with its limits like the others.
}

/** A {@link UnitProfile} checked once, with every default filled in and the sizes the planners use. */
export interface ResolvedProfile {
  /** Top speed, tiles per second; undefined when the profile gave none (the navigator refuses to move such a unit). */
  readonly speed: number | undefined;
  readonly acceleration: number;
  readonly deceleration: number;
  /** Undefined: no turn slowdown. */
  readonly lateralAcceleration: number | undefined;
  readonly slowAtCorners: boolean;
  /** `point` for width 0 without a length, `rectangle` with a length, else `disc`. */
  readonly footprint: 'point' | 'disc' | 'rectangle';
  readonly width: number;
  /** The rectangle's length; equal to `width` for a disc or a point. */
  readonly length: number;
  /** Radius of the disc the footprint sweeps: 0 for a point, w / 2 for a disc, √(w² + l²) / 2 for a rectangle. */
  readonly sweepRadius: number;
  /** 0 for a unit that turns on the spot. */
  readonly turningRadius: number;
  readonly reverse: boolean;
  readonly reverseCost: number;
  readonly turnPenalty: number;
  readonly avoid: boolean;
  readonly priority: number;
  /** Identifies what the planners' tables depend on (turning radius, sweep radius, reversing and costs), for caches. */
  readonly key: string;
}

/** Profiles made by {@link resolveProfile}: a look-alike object built by hand is resolved again. */
const resolvedProfiles = new WeakSet<ResolvedProfile>();

/**
 * A bad value as a message quotes it: a finite number with its unit (so that a caller in other
 * units reads it converted, see `follow/caller-units`), anything else as it is.
 */
function withUnit(v: unknown, unit: string): string {
  return typeof v === 'number' && Number.isFinite(v) ? `${v} ${unit}` : String(v);
}

/** True when `profile` came from {@link resolveProfile}. */
export function isResolvedProfile(profile: UnitProfile | ResolvedProfile): profile is ResolvedProfile {
  return resolvedProfiles.has(profile as ResolvedProfile);
}

/**
 * Checks a profile and fills in the defaults: the one check of every profile field.
 *
 * @example resolveProfile({ turningRadius: 2, width: 0.8 }).sweepRadius // 0.4
 * @throws RangeError naming the bad field (also for `turnRadius`, the field's old name); TypeError
 *   when `profile` is not an object.
 */
export function resolveProfile(profile: UnitProfile): ResolvedProfile {
  if (typeof profile !== 'object' || profile === null) throw new TypeError(`profile must be an object, got ${String(profile)}`);
  const renamed = (profile as { turnRadius?: unknown }).turnRadius;
  if (renamed !== undefined) {
    throw new RangeError(`turnRadius was renamed turningRadius (0 turns on the spot): give turningRadius instead, got turnRadius ${String(renamed)}`);
  }
  const motion = (name: string, v: unknown, infinite: boolean, unit: string): void => {
    if (v === undefined) return;
    if (typeof v !== 'number' || !(v > 0) || !(v <= MAX_MOTION_VALUE || (infinite && v === Infinity))) {
      throw new RangeError(`${name} must be a number > 0 and at most ${MAX_MOTION_VALUE} ${unit}${infinite ? ' (or Infinity)' : ''}, got ${withUnit(v, unit)}`);
    }
  };
  const flag = (name: string, v: unknown): boolean => {
    if (v !== undefined && typeof v !== 'boolean') throw new RangeError(`${name} must be a boolean, got ${String(v)}`);
    return v ?? false;
  };
  motion('speed', profile.speed, false, 'tiles/s');
  motion('acceleration', profile.acceleration, true, 'tiles/s²');
  motion('deceleration', profile.deceleration, true, 'tiles/s²');
  const lateral = profile.lateralAcceleration;
  if (lateral !== undefined && (typeof lateral !== 'number' || !(lateral > 0))) throw new RangeError(`lateralAcceleration must be a number > 0, got ${withUnit(lateral, 'tiles/s²')}`);
  const slowAtCorners = flag('slowAtCorners', profile.slowAtCorners);

  const turningRadius = profile.turningRadius ?? 0;
  if (typeof turningRadius !== 'number' || !(turningRadius === 0 || (turningRadius >= MIN_TURNING_RADIUS && turningRadius <= MAX_PROFILE_SIZE))) {
    throw new RangeError(`turningRadius must be 0 (turning on the spot) or from ${MIN_TURNING_RADIUS} tiles to ${MAX_PROFILE_SIZE} tiles, got ${withUnit(turningRadius, 'tiles')}`);
  }
  const width = profile.width ?? 0;
  if (typeof width !== 'number' || !(width >= 0) || !Number.isFinite(width)) throw new RangeError(`width must be a finite number >= 0, got ${withUnit(width, 'tiles')}`);
  const rectangle = profile.length !== undefined;
  const length = profile.length ?? width;
  if (rectangle && (typeof length !== 'number' || !(length > 0) || !Number.isFinite(length))) {
    throw new RangeError(`length must be a finite number > 0, got ${withUnit(length, 'tiles')}`);
  }
  const reverse = flag('reverse', profile.reverse);
  const reverseCost = profile.reverseCost ?? DEFAULT_REVERSE_COST;
  if (typeof reverseCost !== 'number' || !(reverseCost >= 1) || !(reverseCost <= MAX_COST_FACTOR)) {
    throw new RangeError(`reverseCost must be a number >= 1 and <= ${MAX_COST_FACTOR}, got ${String(reverseCost)}`);
  }
  const turnPenalty = profile.turnPenalty ?? 0;
  if (typeof turnPenalty !== 'number' || !(turnPenalty >= 0) || !(turnPenalty <= MAX_COST_FACTOR)) {
    throw new RangeError(`turnPenalty must be a number >= 0 and <= ${MAX_COST_FACTOR}, got ${String(turnPenalty)}`);
  }
  const avoid = profile.avoid === undefined ? true : flag('avoid', profile.avoid);
  const priority = profile.priority ?? 0;
  if (typeof priority !== 'number' || !Number.isFinite(priority)) throw new RangeError(`priority must be a finite number, got ${String(priority)}`);
  // -0 is a point like 0 (and must print as one in the key).
  const sweepRadius = rectangle ? Math.hypot(width, length) / 2 : width / 2 + 0;
  const acceleration = profile.acceleration ?? Infinity;
  const resolved: ResolvedProfile = Object.freeze({
    speed: profile.speed,
    acceleration,
    deceleration: profile.deceleration ?? acceleration,
    lateralAcceleration: lateral,
    slowAtCorners,
    footprint: rectangle ? 'rectangle' : width > 0 ? 'disc' : 'point',
    width,
    length,
    sweepRadius,
    turningRadius: turningRadius + 0,
    reverse,
    reverseCost,
    turnPenalty,
    avoid,
    priority,
    key: [turningRadius + 0, sweepRadius, reverse ? reverseCost : 'fwd', turnPenalty].join('|'),
  });
  resolvedProfiles.add(resolved);
  return resolved;
}

/**
 * The fields of a resolved profile as a {@link UnitProfile}: resolving them again gives the same
 * profile (to resolve again with changes, or to send the profile to a plan worker).
 */
export function profileFields(p: ResolvedProfile): UnitProfile {
  return {
    ...(p.speed === undefined ? {} : { speed: p.speed }),
    acceleration: p.acceleration,
    deceleration: p.deceleration,
    ...(p.lateralAcceleration === undefined ? {} : { lateralAcceleration: p.lateralAcceleration }),
    slowAtCorners: p.slowAtCorners,
    width: p.width,
    ...(p.footprint === 'rectangle' ? { length: p.length } : {}),
    turningRadius: p.turningRadius,
    reverse: p.reverse,
    reverseCost: p.reverseCost,
    turnPenalty: p.turnPenalty,
    avoid: p.avoid,
    priority: p.priority,
  };
}

/**
 * `profile` with a point footprint replaced by a disc `width` wide (any other profile as it is),
 * for a planner that needs a footprint to sweep.
 */
export function withPointAsDisc(profile: ResolvedProfile, width: number): ResolvedProfile {
  return profile.footprint === 'point' ? resolveProfile({ ...profileFields(profile), width }) : profile;
}

/**
 * The profile as the directional planner takes it: resolved (once: a profile from
 * {@link resolveProfile} is taken as it is), with a turning radius, and a footprint within
 * {@link MAX_PROFILE_SIZE} that is not a point.
 * @throws RangeError naming the bad field; TypeError when `profile` is not an object.
 */
export function directionalProfile(profile: UnitProfile | ResolvedProfile): ResolvedProfile {
  const p = isResolvedProfile(profile) ? profile : resolveProfile(profile);
  const inRange = (name: string, v: number): void => {
    if (!(v > 0 && v <= MAX_PROFILE_SIZE)) throw new RangeError(`${name} must be a number > 0 and <= ${MAX_PROFILE_SIZE}, got ${v}`);
  };
  inRange('turningRadius', p.turningRadius);
  inRange('width', p.width);
  if (p.footprint === 'rectangle') inRange('length', p.length);
  return p;
}
