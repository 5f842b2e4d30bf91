/**
 * A unit's driving profile for the directional planners: how tight it turns, how much room it
 * takes, and whether and at what price it backs up. Everything is in tile units.
 */

/** What the caller describes. */
export interface UnitProfile {
  /** The tightest turning radius, tile units, at least {@link MIN_TURNING_RADIUS} and at most {@link MAX_PROFILE_SIZE}. */
  turningRadius: number;
  /**
   * Footprint width, tile units, > 0: the diameter of a disc, or with {@link length} the side of
   * a rectangle across the heading.
   */
  width: number;
  /**
   * With it the footprint is a `width` × `length` rectangle centred on the pose, `length` along
   * the heading. The planners check its circumscribing disc (diameter √(w² + l²)): sound, and
   * exact for a disc, but a rectangle may be refused a gap it would fit through sideways.
   */
  length?: number;
  /** May the unit drive backwards (Reeds-Shepp moves)? Default false (Dubins moves). */
  reverse?: boolean;
  /** Cost of a tile driven backwards relative to a forward one, >= 1 and <= {@link MAX_COST_FACTOR}. Default 1. */
  reverseCost?: number;
  /** Extra cost per radian of heading change, >= 0 and <= {@link MAX_COST_FACTOR}, for straighter paths. Default 0. */
  turnPenalty?: number;
}

/** A validated profile, with the radius of the disc the planners sweep. */
export interface ResolvedProfile {
  readonly turningRadius: number;
  readonly footprint: 'disc' | 'rectangle';
  readonly width: number;
  /** The rectangle's length; equal to `width` for a disc. */
  readonly length: number;
  /** Radius of the disc the planners sweep: w / 2, or √(w² + l²) / 2 for a rectangle. */
  readonly sweepRadius: number;
  readonly reverse: boolean;
  readonly reverseCost: number;
  readonly turnPenalty: number;
  /** A string that identifies the profile's geometry, for caches. */
  readonly key: string;
}

/** The largest turning radius or footprint accepted: tables grow with the square of the radius. */
export const MAX_PROFILE_SIZE = 64;

/**
 * The smallest turning radius accepted, tiles. A unit turning tighter than a millionth of a tile
 * turns on the spot for any purpose of a game (the plugin's turning radius 0), and the curve
 * formulas divide distances by the radius: far below this they overflow and lose the goal.
 */
export const MIN_TURNING_RADIUS = 1e-6;

/**
 * The largest reverse cost or turn penalty accepted: a million times the cost of driving forward
 * already forbids what it prices, and far larger factors overflow the search's path costs.
 */
export const MAX_COST_FACTOR = 1e6;

function positive(name: string, value: unknown, max = MAX_PROFILE_SIZE): number {
  if (typeof value !== 'number' || !(value > 0) || !(value <= max)) {
    throw new RangeError(`${name} must be a number > 0 and <= ${max}, got ${String(value)}`);
  }
  return value;
}

/**
 * Checks a profile and fills in the defaults.
 *
 * @example resolveProfile({ turningRadius: 2, width: 0.8 }).sweepRadius // 0.4
 * @throws RangeError naming the bad field; TypeError when `profile` is not an object.
 */
export function resolveProfile(profile: UnitProfile): ResolvedProfile {
  if (typeof profile !== 'object' || profile === null) throw new TypeError(`profile must be an object, got ${String(profile)}`);
  const turningRadius = positive('turningRadius', profile.turningRadius);
  if (turningRadius < MIN_TURNING_RADIUS) {
    throw new RangeError(`turningRadius must be >= ${MIN_TURNING_RADIUS} (a tighter turn is turning on the spot: use no turning radius), got ${turningRadius}`);
  }
  const width = positive('width', profile.width);
  const rectangle = profile.length !== undefined;
  const length = rectangle ? positive('length', profile.length) : width;
  const reverse = profile.reverse ?? false;
  if (typeof reverse !== 'boolean') throw new RangeError(`reverse must be a boolean, got ${String(reverse)}`);
  const reverseCost = profile.reverseCost ?? 1;
  if (typeof reverseCost !== 'number' || !(reverseCost >= 1) || !(reverseCost <= MAX_COST_FACTOR)) {
    throw new RangeError(`reverseCost must be a number >= 1 and <= ${MAX_COST_FACTOR}, got ${String(reverseCost)}`);
  }
  const turnPenalty = profile.turnPenalty ?? 0;
  if (typeof turnPenalty !== 'number' || !(turnPenalty >= 0) || !(turnPenalty <= MAX_COST_FACTOR)) {
    throw new RangeError(`turnPenalty must be a number >= 0 and <= ${MAX_COST_FACTOR}, got ${String(turnPenalty)}`);
  }
  const sweepRadius = rectangle ? Math.hypot(width, length) / 2 : width / 2;
  const key = [turningRadius, sweepRadius, reverse ? reverseCost : 'fwd', turnPenalty].join('|');
  return {
    turningRadius,
    footprint: rectangle ? 'rectangle' : 'disc',
    width,
    length,
    sweepRadius,
    reverse,
    reverseCost,
    turnPenalty,
    key,
  };
}
