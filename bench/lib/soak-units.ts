/**
 * The units of the soak (`bench/soak.ts`): every profile the navigator offers (point units on
 * every planner units may use, sized units, vehicles with a turning radius driving forward only or reversing),
 * and what the soak remembers about each for its checks.
 */
import type { Move } from '../../src/follow/move.js';
import type { MoveOptions } from '../../src/follow/navigator.js';
import type { UnitProfile } from '../../src/unit/profile.js';
import type { Grid } from '../../src/grid/grid.js';
import type { Point } from '../../src/grid/point.js';
import { plannerNames } from '../../src/planners.js';
import type { Pose } from '../../src/curves/segment.js';
import type { Rng } from '../../test/support/rng.js';

/** One kind of unit: its shape, how it turns, and the planners its orders use. */
export interface UnitKind {
  /** Short name for the report, e.g. `point anya`, `sized theta`, `vehicle r=2 reverse`. */
  label: string;
  /** Footprint diameter (tiles); 0 is a point. */
  width: number;
  /** Tightest turning radius (tiles); 0 turns on the spot. */
  turningRadius: number;
  reverse: boolean;
  /** Planners an order picks from (the first most often). */
  planners: readonly string[];
}

/** The last order given to a unit, for failure reports. */
export interface OrderRecord {
  frame: number;
  goal: Point;
  options: MoveOptions;
  /** What kind of target it was (`near`, `far`, `blocked`, `off-map`, `corner`, `invalid`). */
  target: string;
}

/** A unit of the soak: its pose (what the navigator reads and writes) and the soak's notes on it. */
export interface SoakUnit {
  readonly id: number;
  readonly kind: UnitKind;
  readonly profile: UnitProfile;
  pose: Pose;
  /** The pose after the previous frame. */
  previous: Pose;
  /** The move in progress; undefined once it ended. */
  move: Move<SoakUnit> | undefined;
  order: OrderRecord | undefined;
  /** Simulated second the current move was ordered. */
  orderedAt: number;
  /** Simulated second before which an idle unit waits for its next order. */
  idleUntil: number;
  /** Cells blocked while the unit touched them (keys from {@link cellKey}): it may stand in them until it leaves. */
  excused: Set<number>;
  /** Cells the unit was found inside without excuse, so each incident counts once. */
  flagged: Set<number>;
  /** Where the unit last moved to, and since when (simulated seconds) it has stood there. */
  anchor: Pose;
  stillSince: number;
  /** True once the current move sat with no path while the plan queue was empty: nothing will plan for it. */
  orphan: boolean;
  /** The current move was already counted as stuck (or as starved of planning). */
  stuckCounted: boolean;
  starvedCounted: boolean;
}

/** Footprint of sized units (tiles), as the issue asks. */
export const SIZED_WIDTH = 0.8;
/** Turning radii of vehicles (tiles): the 1 to 2. Each radius, width and reverse flag builds its own tables, so few. */
export const VEHICLE_RADII = [1, 2] as const;
/** Shares of the unit mix: vehicles are a minority because their planning costs the most. */
const VEHICLE_SHARE = 0.1;
const SIZED_SHARE = 0.3;
/** The brute-force reference, which units may not be ordered with (the navigator fails such orders as `invalid`). */
export const REFERENCE_PLANNERS: ReadonlySet<string> = new Set(['vg']);

/** Every kind of unit, with the weight of each in a random pick. */
export function unitKinds(): { kind: UnitKind; weight: number }[] {
  const names = plannerNames().filter((n) => !REFERENCE_PLANNERS.has(n));
  const kinds: { kind: UnitKind; weight: number }[] = [];
  for (const name of names) {
    kinds.push({ kind: { label: `point ${name}`, width: 0, turningRadius: 0, reverse: false, planners: [name] }, weight: (1 - VEHICLE_SHARE - SIZED_SHARE) / names.length });
    kinds.push({ kind: { label: `sized ${name}`, width: SIZED_WIDTH, turningRadius: 0, reverse: false, planners: [name] }, weight: SIZED_SHARE / names.length });
  }
  const vehicles: UnitKind[] = [];
  for (const r of VEHICLE_RADII) {
    for (const reverse of [false, true]) {
      for (const width of [SIZED_WIDTH, 0]) {
        vehicles.push({
          label: `vehicle r=${r} ${reverse ? 'reverse' : 'forward'}${width > 0 ? '' : ' point'}`,
          width,
          turningRadius: r,
          reverse,
          planners: ['directional', 'directional', 'directional', 'directional-hybrid', 'theta'],
        });
      }
    }
  }
  for (const kind of vehicles) kinds.push({ kind, weight: VEHICLE_SHARE / vehicles.length });
  return kinds;
}

/** A kind drawn by weight. */
export function pickKind(rng: Rng, kinds: readonly { kind: UnitKind; weight: number }[]): UnitKind {
  let x = rng.next() * kinds.reduce((s, k) => s + k.weight, 0);
  for (const k of kinds) if ((x -= k.weight) < 0) return k.kind;
  return kinds[kinds.length - 1]!.kind;
}

/** A random profile for a unit of `kind`: speeds of a few tiles per second, some with acceleration. */
export function randomProfile(rng: Rng, kind: UnitKind): UnitProfile {
  const profile: UnitProfile = { speed: 2 + rng.next() * 4, width: kind.width };
  if (kind.turningRadius > 0) {
    profile.turningRadius = kind.turningRadius;
    profile.reverse = kind.reverse;
    profile.acceleration = 4 + rng.next() * 4;
    profile.lateralAcceleration = 6 + rng.next() * 6;
  } else if (rng.chance(0.5)) {
    profile.acceleration = 5 + rng.next() * 15;
  }
  return profile;
}

/** Key of cell (x, y) for sets; cells one outside the map (which count as blocked) get keys too. */
export function cellKey(grid: Grid, x: number, y: number): number {
  return (y + 1) * (grid.width + 2) + (x + 1);
}

/** The cell of a key made by {@link cellKey}. */
export function cellOfKey(grid: Grid, key: number): [number, number] {
  const w = grid.width + 2;
  return [(key % w) - 1, Math.floor(key / w) - 1];
}

/** A new unit's record at `pose`. */
export function newUnit(id: number, kind: UnitKind, profile: UnitProfile, pose: Pose, now: number): SoakUnit {
  return {
    id,
    kind,
    profile,
    pose,
    previous: { ...pose },
    move: undefined,
    order: undefined,
    orderedAt: now,
    idleUntil: now,
    excused: new Set(),
    flagged: new Set(),
    anchor: { ...pose },
    stillSince: now,
    orphan: false,
    stuckCounted: false,
    starvedCounted: false,
  };
}
