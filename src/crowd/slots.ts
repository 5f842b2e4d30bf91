/**
 * Slots for a group order: one free, reachable place per unit around a target, none overlapping,
 * the group's arrangement kept where the ground allows. Phaser-free; the navigator calls it once
 * per group order.
 *
 * How: a square lattice of slot candidates, anchored at the target and as fine as the widest unit
 * needs, grows outward from the target by a shortest walk (Dijkstra over the eight lattice
 * neighbours, each step a straight slide the widest disc makes without touching a wall, see
 * `legClear`). The n candidates nearest by that walk that keep clear of the standing discs are the
 * slots, so slots flow around walls and along corridors and never appear behind a wall. Then the
 * units are matched to the slots so that each keeps its place relative to the group
 * (`assignSlots`).
 *
 * A square lattice rather than a hexagonal one: grid maps have corridors along both axes, and a
 * lattice anchored at a target in a one-tile corridor must have a line of points along it, which
 * a hexagonal lattice has along one axis only.
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { IndexedHeap } from '../search/heap.js';
import { legClear, pointClear } from '../follow/disc-room.js';
import { assignSlots } from './slot-assignment.js';
import { SlotBlockers } from './slot-blockers.js';
import { onDoubleCorner, slotStart } from './slot-start.js';

/** A unit of a group, or a standing disc: centre in tile units, radius in tiles (>= 0). */
export interface SlotUnit {
  x: number;
  y: number;
  radius: number;
}

/** Options of {@link groupSlots}. */
export interface SlotOptions {
  /** Extra gap between neighbouring slots, tiles (finite, >= 0). Default {@link DEFAULT_SLOT_GAP}. */
  gap?: number;
  /** Discs that are not in the group and stand still (idle units): no slot overlaps them. */
  occupied?: readonly SlotUnit[];
}

/** Default gap between slots (tiles): units that arrive a little off their slot still do not touch. */
export const DEFAULT_SLOT_GAP = 0.1;

/** Smallest lattice spacing (tiles): point units (radius 0) still spread out instead of sharing a pixel. */
export const MIN_SLOT_SPACING = 0.25;

/** Largest group: the walk and the matching stay within a few tens of milliseconds. */
export const MAX_GROUP_SIZE = 10_000;

/** Most standing discs: each is bucketed once, and no game has more idle units on one map. */
export const MAX_OCCUPIED = 100_000;

/**
 * Most lattice points the walk settles: candidates covered by standing discs are walked through
 * without becoming slots, so a group among very many or very large ones stops here (about a
 * quarter of a second of work, six times the largest group) and the units it found no slot for
 * get `undefined`.
 */
export const MAX_WALK_POINTS = 1 << 16;

/** Largest |coordinate| of a unit (tiles): far beyond any map, and keeps squared offsets exact enough. */
export const MAX_UNIT_COORDINATE = 1e9;

/** Spacing is widened by this share so that rounding in lattice coordinates never brings two slots closer than the rule. */
const SPACING_SLACK = 1e-9;

/**
 * Among points as near by the walk, the walk prefers the nearer in a straight line, and among
 * those the ones along the group's long axis: distances along it count this much less. Small, so
 * that it only settles near-ties; it makes a row of units take a row of slots on open ground.
 */
const ALONG_AXIS_DISCOUNT = 0.01;

/** Lattice indices are packed into one key as (i + KEY_OFFSET) * KEY_SPAN + (j + KEY_OFFSET); |i|, |j| stay below 2^17 on the largest map. */
const KEY_OFFSET = 2 ** 20;
const KEY_SPAN = 2 ** 21;

/** The eight lattice neighbours (di, dj) and their step lengths in spacings. */
const STEPS_I = [1, -1, 0, 0, 1, 1, -1, -1] as const;
const STEPS_J = [0, 0, 1, -1, 1, -1, 1, -1] as const;
const STEP_LENGTH = [1, 1, 1, 1, Math.SQRT2, Math.SQRT2, Math.SQRT2, Math.SQRT2] as const;

/**
 * The lattice spacing for a group (tiles): the widest diameter plus the gap, at least
 * {@link MIN_SLOT_SPACING} (and a hair more, see the module). Units of different radii all get
 * slots as wide as the widest: simple, and any unit fits any slot, so the matching is free to
 * keep the arrangement.
 */
export function slotSpacing(maxRadius: number, gap: number): number {
  return Math.max(2 * maxRadius + gap, MIN_SLOT_SPACING) * (1 + SPACING_SLACK);
}

/**
 * One free, reachable slot per unit around `target`, in the units' order; `undefined` for a unit
 * with no slot anywhere reachable. All in tile units.
 *
 * - **Free:** the widest unit's disc fits at every slot (`pointClear`), and slot centres are at
 *   least the widest diameter plus `gap` apart, and the widest radius plus `gap` plus their radius
 *   from every `occupied` disc.
 * - **Reachable:** every slot is joined to the start by lattice steps the widest disc slides along
 *   without touching a wall, and the slots are the n points nearest the start by that walk (ties
 *   to the nearer in a straight line, measured 1% shorter along the group's long axis, so a row
 *   takes a row of slots on open ground). A target in a one-tile corridor gives a line of slots along
 *   it; a target beside a wall puts nothing behind the wall.
 * - **Start:** the target when the widest disc fits there; otherwise (in a wall, off the map, too
 *   near a wall) the nearest point where it fits that the target sees, or failing that that shares
 *   its region, or for a target in a wall or off the map, in a region one of the units is in (see
 *   `slotStart`). All `undefined` when the disc fits nowhere.
 * - **Arrangement:** units are matched to slots minimising the sum of squared differences between
 *   each unit's offset from the units' centroid and its slot's offset from the slots' centroid:
 *   exactly up to 64 units, greedily above (see `assignSlots`). A row stays a row-ish; the unit on
 *   the left ends on the left. With fewer slots than units (a closed pocket), the matching picks
 *   which units go without.
 *
 * @throws RangeError naming the bad value: more than {@link MAX_GROUP_SIZE} units or
 *   {@link MAX_OCCUPIED} standing discs, a coordinate that is not finite (or beyond
 *   {@link MAX_UNIT_COORDINATE} for a unit), a radius that is not a finite number >= 0, a gap that is
 *   not a finite number >= 0.
 * @throws TypeError when `units` or `occupied` is not an array or `target` not a point.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['........', '........', '........']);
 * const units = [{ x: 1, y: 1, radius: 0.3 }, { x: 2, y: 1, radius: 0.3 }, { x: 3, y: 1, radius: 0.3 }];
 * groupSlots(grid, units, { x: 4.5, y: 1.5 }); // [{ x: 3.8, y: 1.5 }, { x: 4.5, y: 1.5 }, { x: 5.2, y: 1.5 }] (to a hair)
 * ```
 */
export function groupSlots(grid: Grid, units: readonly SlotUnit[], target: Point, options: SlotOptions = {}): (Point | undefined)[] {
  const n = checkDiscs('units', units, MAX_GROUP_SIZE, MAX_UNIT_COORDINATE);
  const occupied = options.occupied ?? [];
  checkDiscs('occupied', occupied, MAX_OCCUPIED, Infinity);
  const gap = options.gap ?? DEFAULT_SLOT_GAP;
  if (typeof gap !== 'number' || !(gap >= 0) || !Number.isFinite(gap)) throw new RangeError(`groupSlots: gap must be a finite number >= 0, got ${describe(gap)}`);
  if (typeof target !== 'object' || target === null) throw new TypeError(`groupSlots: target must be a point {x, y}, got ${describe(target)}`);
  checkCoordinate('target.x', target.x, Infinity);
  checkCoordinate('target.y', target.y, Infinity);
  const slots: (Point | undefined)[] = new Array<Point | undefined>(n).fill(undefined);
  if (n === 0) return slots;
  let maxRadius = 0;
  for (const u of units) maxRadius = Math.max(maxRadius, u.radius);
  const start = slotStart(grid, target, maxRadius, units);
  if (start === undefined) return slots;
  const spacing = slotSpacing(maxRadius, gap);
  const blockers = new SlotBlockers(occupied, maxRadius + gap, grid, spacing);
  const [sx, sy] = walkSlots(grid, start, spacing, maxRadius, n, blockers, longAxis(units));
  const ux = new Float64Array(n);
  const uy = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    ux[k] = units[k]!.x;
    uy[k] = units[k]!.y;
  }
  const unitSlot = assignSlots(ux, uy, sx, sy);
  for (let k = 0; k < n; k++) {
    const s = unitSlot[k]!;
    if (s >= 0) slots[k] = { x: sx[s]!, y: sy[s]! };
  }
  return slots;
}

/**
 * Up to `n` slot positions, nearest first by the lattice walk from `start`: Dijkstra over the
 * square lattice of the given spacing anchored at `start`, steps to the eight neighbours, each
 * step a leg the disc of radius `r` slides along clear of walls. A settled point not covered by a
 * standing disc is a slot. Points are kept in flat arrays and a key map; no object per point.
 * `axis` (a unit vector) is the group's long axis, for ties.
 */
function walkSlots(grid: Grid, start: Point, spacing: number, r: number, n: number, blockers: SlotBlockers, axis: Point): [Float64Array, Float64Array] {
  const idOf = new Map<number, number>(); // key -> point id, or -1: the disc does not fit there
  const pi: number[] = [0];
  const pj: number[] = [0];
  const walked: number[] = [0];
  const settled: number[] = [0];
  idOf.set(KEY_OFFSET * KEY_SPAN + KEY_OFFSET, 0);
  const heap = new IndexedHeap(64);
  heap.push(0, 0, 0);
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  let found = 0;
  let visits = 0;
  const from = { x: 0, y: 0 };
  const to = { x: 0, y: 0 };
  while (heap.size > 0 && found < n && visits < MAX_WALK_POINTS) {
    const id = heap.pop();
    settled[id] = 1;
    visits++;
    from.x = start.x + pi[id]! * spacing;
    from.y = start.y + pj[id]! * spacing;
    if (!blockers.blocks(from.x, from.y)) {
      sx[found] = from.x;
      sy[found] = from.y;
      found++;
    }
    // A point unit may stand on a double corner but never pass through it (the start is never one).
    if (r === 0 && onDoubleCorner(grid, from.x, from.y)) continue;
    for (let s = 0; s < 8; s++) {
      const i = pi[id]! + STEPS_I[s]!;
      const j = pj[id]! + STEPS_J[s]!;
      const key = (i + KEY_OFFSET) * KEY_SPAN + (j + KEY_OFFSET);
      const known = idOf.get(key);
      if (known === -1 || (known !== undefined && settled[known])) continue;
      const g = walked[id]! + STEP_LENGTH[s]!;
      if (known !== undefined && g >= walked[known]!) continue;
      to.x = start.x + i * spacing;
      to.y = start.y + j * spacing;
      if (known === undefined && !(to.x >= 0 && to.y >= 0 && to.x <= grid.width && to.y <= grid.height && pointClear(grid, to.x, to.y, r))) {
        idOf.set(key, -1);
        continue;
      }
      // A blocked leg may still be reached from another side: the point stays unknown.
      if (!legClear(grid, from, to, r)) continue;
      // Ties in walk length go to the point nearer the start in a straight line (the heap's g).
      const along = i * axis.x + j * axis.y;
      const straight = -Math.hypot(along * (1 - ALONG_AXIS_DISCOUNT), j * axis.x - i * axis.y);
      if (known === undefined) {
        const next = pi.length;
        pi.push(i);
        pj.push(j);
        walked.push(g);
        settled.push(0);
        idOf.set(key, next);
        heap.push(next, g, straight);
      } else {
        walked[known] = g;
        heap.decrease(known, g, straight);
      }
    }
  }
  return [sx.subarray(0, found), sy.subarray(0, found)];
}

/** The unit vector along which the units spread most (the principal axis of their positions); +x for a round group. */
function longAxis(units: readonly SlotUnit[]): Point {
  const n = units.length;
  let mx = 0;
  let my = 0;
  for (const u of units) {
    mx += u.x / n;
    my += u.y / n;
  }
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (const u of units) {
    const dx = u.x - mx;
    const dy = u.y - my;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  return { x: Math.cos(angle), y: Math.sin(angle) };
}

/**
 * Throws unless `discs` is an array of at most `max` discs with finite centres within `limit`
 * and finite radii >= 0; returns its length.
 */
function checkDiscs(name: string, discs: readonly SlotUnit[], max: number, limit: number): number {
  if (!Array.isArray(discs)) throw new TypeError(`groupSlots: ${name} must be an array, got ${describe(discs)}`);
  const n = discs.length;
  if (n > max) throw new RangeError(`groupSlots: ${name} holds ${n} discs, more than the ${max} allowed`);
  for (let k = 0; k < n; k++) {
    const d = discs[k] as SlotUnit | undefined;
    if (typeof d !== 'object' || d === null) throw new TypeError(`groupSlots: ${name}[${k}] must be {x, y, radius}, got ${describe(d)}`);
    checkCoordinate(`${name}[${k}].x`, d.x, limit);
    checkCoordinate(`${name}[${k}].y`, d.y, limit);
    if (typeof d.radius !== 'number' || !(d.radius >= 0) || !Number.isFinite(d.radius)) {
      throw new RangeError(`groupSlots: ${name}[${k}].radius must be a finite number >= 0, got ${describe(d.radius)}`);
    }
  }
  return n;
}

/** Throws unless `v` is a finite number within `limit` of 0. */
function checkCoordinate(name: string, v: unknown, limit: number): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > limit) {
    const range = limit === Infinity ? 'a finite number' : `a finite number within ${limit} of 0`;
    throw new RangeError(`groupSlots: ${name} must be ${range}, got ${describe(v)}`);
  }
}

/** A short text for a bad value in a message. */
function describe(v: unknown): string {
  return typeof v === 'number' ? String(v) : v === null ? 'null' : typeof v;
}
