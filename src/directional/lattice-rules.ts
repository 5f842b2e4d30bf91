/**
 * The rules of the heading lattice that the directional planner and its reachability proof must
 * share to agree: which headings are lattice headings, how far the exact start is joined to the
 * lattice, where every expansion tries a shot, and how a refused curve counts.
 */
import { TWO_PI } from '../curves/angle.js';
import type { Curve } from '../curves/segment-path.js';

/** Headings within this (radians) of a lattice heading are that heading. */
export const HEADING_EPSILON = 1e-9;

/**
 * An exact start pose is joined to the lattice states of its own tile and the tiles around it
 * within this many rings (at most the neighbourhood's): 9 tiles × every heading. Farther states
 * are reached through these, and each join costs a curve and an exact sweep, so a wider ring
 * would dominate short queries.
 */
export const FIRST_LEG_RINGS = 1;

/** Rings of tiles around the start's that the exact start joins, for moves reaching `moveRings` rings. */
export function joinRings(moveRings: number): number {
  return Math.min(FIRST_LEG_RINGS, moveRings);
}

/** Within this many turning radii (plus the neighbourhood's rings) of the goal, every expansion tries a shot. */
export const SHOT_NEAR_RADII = 2;

/** The distance (tiles) from the goal within which every expanded state tries a shot. */
export function shotNearDistance(turningRadius: number, rings: number): number {
  return SHOT_NEAR_RADII * turningRadius + rings;
}

/** The lattice index of `heading` among `headings`, or -1 when it is not a lattice heading. */
export function latticeIndex(heading: number, headings: number): number {
  const f = (heading * headings) / TWO_PI;
  const k = Math.round(f);
  return Math.abs(f - k) * (TWO_PI / headings) < HEADING_EPSILON ? ((k % headings) + headings) % headings : -1;
}

/**
 * The curve `make` computes, or null when the curve code refuses it (a RangeError: outside the
 * range it computes to its precision). The planner's refusal rules keep queries inside that
 * range; this keeps a search from throwing if one slips through.
 */
export function curveOrNull<T = Curve>(make: () => T): T | null {
  try {
    return make();
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * Work units of the exact sweep per tile of a checked curve: measured 0.06 to 0.3 µs a tile (short
 * curves near walls cost the most), rounded up so a curve is never under-counted.
 */
export const SWEEP_WORK_PER_TILE = 0.3;

/**
 * Tiles of sweep that the fixed price of a shot or a join already covers (3 units, measured 3 to
 * 4 µs for a curve of a few tiles and its sweep).
 */
const PRICED_SWEEP_TILES = 10;

/**
 * Work units a shot or join of `length` tiles costs beyond its fixed price: a long curve (a loop
 * of a large radius, 25 tiles and more) took about 10 µs, where the fixed price says 3.
 */
export function longSweepWork(length: number): number {
  return length > PRICED_SWEEP_TILES ? Math.ceil((length - PRICED_SWEEP_TILES) * SWEEP_WORK_PER_TILE) : 0;
}
