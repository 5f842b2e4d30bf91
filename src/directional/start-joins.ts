/**
 * The exact start's joins to the heading lattice: for each tile within the join rings of the
 * start's tile and each lattice heading (a slot), the shortest curve from the unit's pose to that
 * lattice state, legal when computable and clear of walls. The directional search and its
 * reachability proof both join the start through this one rule (the proof is exact only if they
 * agree); each asks for joins one at a time, so they are solved lazily and kept for the query.
 */
import type { Grid } from '../grid/grid.js';
import { pathHitsBlocked, type WallDistanceMap } from '../curves/footprint.js';
import type { Pose } from '../curves/segment.js';
import type { Curve } from '../curves/segment-path.js';
import type { ResolvedProfile } from '../unit/profile.js';
import { curveBetween, latticeHeading } from './hit-check.js';
import { curveCostOn } from './move-costs.js';
import { curveOrNull } from './lattice-rules.js';

/** The join slots of one query; see the file's comment. */
export class StartJoins {
  /** Per slot: the join's cost, Infinity when it is illegal, NaN before it is solved. */
  private costs = new Float64Array(0);
  private curves: (Curve | null)[] = [];
  private start: Pose = { x: 0, y: 0, heading: 0 };
  private sx = 0;
  private sy = 0;
  private ringCount = 1;
  /** Work units spent solving joins, over the object's life (it only grows). */
  work = 0;

  /** @param unitsPerJoin work units of one join: its curve and its sweep. */
  constructor(
    readonly grid: Grid,
    readonly profile: ResolvedProfile,
    readonly headings: number,
    readonly unitsPerJoin: number,
  ) {}

  /** Rings of tiles around the start's that it joins. */
  get rings(): number {
    return this.ringCount;
  }

  /** Forgets the previous query's joins: `start` lies in cell (sx, sy), joined within `rings` rings. */
  reset(start: Pose, sx: number, sy: number, rings: number): void {
    this.start = start;
    this.sx = sx;
    this.sy = sy;
    this.ringCount = rings;
    const slots = this.slots;
    if (this.costs.length < slots) {
      this.costs = new Float64Array(slots);
      this.curves.length = slots;
    }
    this.costs.fill(NaN, 0, slots);
  }

  /** Slots: slot = (row · side + column) · headings + heading index, side = 2 · rings + 1. */
  get slots(): number {
    const side = 2 * this.ringCount + 1;
    return side * side * this.headings;
  }

  /** Column (x) of the slot's cell; it may lie off the map. */
  x(slot: number): number {
    return this.sx + (((slot / this.headings) | 0) % (2 * this.ringCount + 1)) - this.ringCount;
  }

  /** Row (y) of the slot's cell; it may lie off the map. */
  y(slot: number): number {
    return this.sy + ((((slot / this.headings) | 0) / (2 * this.ringCount + 1)) | 0) - this.ringCount;
  }

  /** The lattice heading index of the slot. */
  heading(slot: number): number {
    return slot % this.headings;
  }

  /** True when the slot's cell is on the map and free: only such a slot has a join to solve. */
  free(slot: number): boolean {
    const x = this.x(slot);
    const y = this.y(slot);
    const { width, height } = this.grid;
    return x >= 0 && y >= 0 && x < width && y < height && this.grid.cells[y * width + x] !== 1;
  }

  /** The slot of lattice state `id`, or -1 when its cell is outside the join rings. */
  slotOf(id: number): number {
    const cell = (id / this.headings) | 0;
    const w = this.grid.width;
    const dx = (cell % w) - this.sx;
    const dy = ((cell / w) | 0) - this.sy;
    const r = this.ringCount;
    if (dx < -r || dx > r || dy < -r || dy > r) return -1;
    return ((dy + r) * (2 * r + 1) + dx + r) * this.headings + (id - cell * this.headings);
  }

  /** The pose the slot's join ends at: its cell's centre, at its lattice heading. */
  target(slot: number): Pose {
    return { x: this.x(slot) + 0.5, y: this.y(slot) + 0.5, heading: latticeHeading(this.heading(slot), this.headings) };
  }

  /** The lattice state of the slot (its cell on the map). */
  state(slot: number): number {
    return (this.y(slot) * this.grid.width + this.x(slot)) * this.headings + this.heading(slot);
  }

  /** True once the slot's join is solved. */
  solved(slot: number): boolean {
    return !Number.isNaN(this.costs[slot]!);
  }

  /** The solved join's cost (Infinity when illegal). */
  cost(slot: number): number {
    return this.costs[slot]!;
  }

  /** Records the slot's join as illegal without solving it (a caller's exact bound ruled it out). */
  ruleOut(slot: number): void {
    this.costs[slot] = Infinity;
    this.curves[slot] = null;
  }

  /** The solved join's curve, or null when illegal. */
  curve(slot: number): Curve | null {
    return this.curves[slot] ?? null;
  }

  /**
   * Solves the slot's join (its cell must be {@link free}); counts {@link unitsPerJoin}. `walls`,
   * when fresh, lets the sweep skip open ground.
   */
  solve(slot: number, walls?: WallDistanceMap): void {
    this.work += this.unitsPerJoin;
    const p = this.profile;
    const to = this.target(slot);
    const curve = curveOrNull(() => curveBetween(p, this.start, to));
    const legal = curve !== null && !pathHitsBlocked(this.grid, curve.path, p.sweepRadius, walls);
    this.costs[slot] = legal ? curveCostOn(this.grid, p, curve) : Infinity;
    this.curves[slot] = legal ? curve : null;
  }
}
