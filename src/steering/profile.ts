/**
 * A unit's driving profile for the directional planners: how tight it turns, how much room it
 * takes, and whether and at what price it backs up. Everything is in tile units.
 */

/** What the caller describes. */
export interface UnitProfile {
  /** The tightest turning radius, tile units, > 0. */
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
  /** Cost of a tile driven backwards relative to a forward one, >= 1. Default 1. */
  reverseCost?: number;
  /** Extra cost per radian of heading change, >= 0, for straighter paths. Default 0. */
  turnPenalty?: number;
}

/** A validated profile, with the clearance radius the geometry uses. */
export interface ResolvedProfile {
  readonly turningRadius: number;
  readonly footprint: 'disc' | 'rectangle';
  readonly width: number;
  /** The rectangle's length; equal to `width` for a disc. */
  readonly length: number;
  /** Radius of the disc the planners sweep: w / 2, or √(w² + l²) / 2 for a rectangle. */
  readonly clearance: number;
  readonly reverse: boolean;
  readonly reverseCost: number;
  readonly turnPenalty: number;
  /** A string that identifies the profile's geometry, for caches. */
  readonly key: string;
}

/** The largest turning radius or footprint accepted: tables grow with the square of the radius. */
export const MAX_PROFILE_SIZE = 64;

function positive(name: string, value: unknown, max = MAX_PROFILE_SIZE): number {
  if (typeof value !== 'number' || !(value > 0) || !(value <= max)) {
    throw new RangeError(`${name} must be a number > 0 and <= ${max}, got ${String(value)}`);
  }
  return value;
}

/**
 * Checks a profile and fills in the defaults.
 *
 * @example resolveProfile({ turningRadius: 2, width: 0.8 }).clearance // 0.4
 * @throws RangeError naming the bad field; TypeError when `profile` is not an object.
 */
export function resolveProfile(profile: UnitProfile): ResolvedProfile {
  if (typeof profile !== 'object' || profile === null) throw new TypeError(`profile must be an object, got ${String(profile)}`);
  const turningRadius = positive('turningRadius', profile.turningRadius);
  const width = positive('width', profile.width);
  const rectangle = profile.length !== undefined;
  const length = rectangle ? positive('length', profile.length) : width;
  const reverse = profile.reverse ?? false;
  if (typeof reverse !== 'boolean') throw new RangeError(`reverse must be a boolean, got ${String(reverse)}`);
  const reverseCost = profile.reverseCost ?? 1;
  if (typeof reverseCost !== 'number' || !(reverseCost >= 1) || !Number.isFinite(reverseCost)) {
    throw new RangeError(`reverseCost must be a finite number >= 1, got ${String(reverseCost)}`);
  }
  const turnPenalty = profile.turnPenalty ?? 0;
  if (typeof turnPenalty !== 'number' || !(turnPenalty >= 0) || !Number.isFinite(turnPenalty)) {
    throw new RangeError(`turnPenalty must be a finite number >= 0, got ${String(turnPenalty)}`);
  }
  const clearance = rectangle ? Math.hypot(width, length) / 2 : width / 2;
  const key = [turningRadius, clearance, reverse ? reverseCost : 'fwd', turnPenalty].join('|');
  return {
    turningRadius,
    footprint: rectangle ? 'rectangle' : 'disc',
    width,
    length,
    clearance,
    reverse,
    reverseCost,
    turnPenalty,
    key,
  };
}
