/**
 * One-way traffic on one-lane stretches (bridges, doors, narrow roads), after Pinter's cell
 * reservation ("Toward More Realistic Pathfinding", 2001): a unit about to drive into a run of
 * one-lane cells claims the run's cells for its way through; it may enter when no unit holding
 * one of them goes the other way, else it waits short of the run. Vehicles go one way at a
 * time, and only while no unit that turns on the spot is on the run (the vehicle would stop for
 * it there); units that turn on the spot pass each other, and wait only for vehicles coming the
 * other way. Who waited first goes first, and a unit that comes later the way the stretch is open
 * waits behind anyone waiting for the other way, so both directions get their turn. Vehicles go
 * in batches: when a vehicle is let in with no vehicle holding the run its way, every vehicle
 * already waiting to go that way goes with it, before those waiting for the other way (each turn
 * of the run costs a whole crossing of clearing it); one that comes later waits for the next turn.
 * A vehicle let in that plans a new path the same way through keeps its turn. A waiting vehicle
 * stops short of the ways out of the vehicles that go the other way before it (their paths for
 * their wait gap past the run): where they come out they cannot get round it.
 */
import type { SegmentPath } from '../curves/segment-path.js';
import type { Pose } from '../curves/segment.js';
import { pointSquareDistance } from '../curves/footprint.js';
import type { OneLaneMap } from './one-lane.js';

/** A unit on a path, as the reservations see it this step. Tile units. */
export interface LaneTraveller {
  /** The caller's id, unique among the travellers of one call. */
  id: number;
  /** True for a vehicle (it cannot step aside); false for a unit that turns on the spot. */
  vehicle: boolean;
  /** Sweep radius, tiles > 0. */
  radius: number;
  /** Where the unit is, tiles: pushed off its path, it may have left the run before its progress says so. */
  x: number;
  y: number;
  path: SegmentPath;
  /** How far along `path` the unit is, tiles. */
  distance: number;
  /** Tiles it needs to stop from its speed now (0 for a unit that stops at once). */
  braking: number;
  /**
   * How far short of the run it waits, tiles >= 0: room for those coming out to pass it (a
   * vehicle coming out needs room to turn away).
   */
  waitGap: number;
}

/** What a traveller that may not go on yet must do. */
export interface LaneWait {
  /** Distance along its path it must not pass: short of the run it waits for, tiles. */
  stopAt: number;
  /** A unit it waits for (one holding the run the other way, or waiting for it longer). */
  waitsFor: number;
}

/** Samples along a path, tiles apart: a quarter tile misses no cell a unit's disc touches by much. */
const SAMPLE_SPACING = 0.25;
/** Tiles a unit claims ahead of where it must stop: a few samples' notice before it has to brake. */
const CLAIM_NOTICE = 1;
/** Runs this close together along a path are one claim: a unit may not wait in a gap it does not fit. */
const MERGE_GAP = 2;
/** A claim covers at most this much path at once; the rest is claimed when the unit gets there. */
const MAX_RUN = 256;
/** Cells within the unit's radius plus this of its path are its: a small unit beside a big one on a narrow deck is seen. */
const SIDE_ROOM = 0.25;
/** Two units go the same way through a run when the lines from where they enter it to where they leave are within 60°. */
const SAME_WAY = 0.5;

const NONE: ReadonlySet<number> = new Set();

interface Claim {
  path: SegmentPath;
  vehicle: boolean;
  /** The unit's sweep radius, its wait gap, and how far along its path it was when it claimed, tiles. */
  radius: number;
  waitGap: number;
  from: number;
  /** First distance at which the unit's disc touches the run, and the last. */
  entry: number;
  exit: number;
  /** The run's cells. */
  cells: number[];
  /** The way it goes through the run: from where it enters to where it leaves (unit vector). */
  ux: number;
  uy: number;
  granted: boolean;
  /** Order of the claim: an earlier claim waited longer. */
  seq: number;
  /**
   * For a vehicle let in: the batch it went with, as the first sequence number after it opened.
   * Claims made before then (seq below it) going the same way join the batch.
   */
  batch: number;
  /**
   * Points of its path past the run, x then y, for its wait gap (made when first asked): where it
   * drives on after the run before it can turn away (a vehicle's gap is two turning radii).
   */
  beyond: Float64Array | undefined;
  /** Per vehicle claim the other way that goes first: how far this one may drive and stay off its way beyond the run. */
  clearOf: WeakMap<Claim, number>;
}

/**
 * The reservations of one crowd. Call {@link update} once a step with every unit on a path.
 *
 * @example
 * ```ts
 * const lanes = new LaneReservations(new OneLaneMap(grid, 2 * tankRadius + 0.5));
 * // each step:
 * for (const [id, wait] of lanes.update(travellers)) holdShortOf(id, wait.stopAt);
 * ```
 */
export class LaneReservations {
  private readonly claims = new Map<number, Claim>();
  /** Per traveller: the path scanned for runs, and how far along it nothing one-lane was seen. */
  private readonly scanned = new Map<number, { path: SegmentPath; upTo: number }>();
  /** Granted claims by cell. */
  private readonly holders = new Map<number, Set<number>>();
  /** Claims not granted yet, by cell. */
  private readonly waiters = new Map<number, Set<number>>();
  private nextSeq = 0;
  private readonly pose: Pose = { x: 0, y: 0, heading: 0 };
  private readonly ahead: Pose = { x: 0, y: 0, heading: 0 };
  private readonly waits = new Map<number, LaneWait>();

  constructor(readonly map: OneLaneMap) {}

  /**
   * Claims, grants and releases for this step, in the travellers' order (earlier ones claim
   * first); returns the travellers that must wait, by id. Travellers missing from the call give
   * up what they held, but for those `pausing` (between two paths: a replan): they keep it.
   */
  update(travellers: readonly LaneTraveller[], pausing: ReadonlySet<number> = NONE): ReadonlyMap<number, LaneWait> {
    const present = new Set<number>(pausing);
    for (const t of travellers) present.add(t.id);
    for (const id of [...this.claims.keys()]) if (!present.has(id)) this.drop(id);
    for (const id of [...this.scanned.keys()]) if (!present.has(id)) this.scanned.delete(id);
    this.waits.clear();
    for (const t of travellers) {
      let claim = this.claims.get(t.id);
      let seq: number | undefined;
      let held: Claim | undefined;
      if (claim && (claim.path !== t.path || (claim.granted && this.leftRun(t, claim)))) {
        // A new path for the same way keeps its place in the queue, and its turn if it had it.
        if (claim.path !== t.path) {
          seq = claim.seq;
          if (claim.granted) held = claim;
        }
        this.drop(t.id);
        claim = undefined;
      }
      claim ??= this.claimAhead(t, seq);
      if (!claim || claim.granted) continue;
      const stopAt = claim.vehicle ? Math.min(claim.entry - t.waitGap, this.clearOfExits(t.id, claim)) : claim.entry - t.waitGap;
      const blocker = held && sameRun(held, claim) ? this.holderAgainst(t.id, claim) : this.blocker(t.id, claim);
      // A unit that could not stop short of the run is in it: it holds it.
      if (blocker === undefined || t.distance >= claim.entry) this.grant(t.id, claim);
      else this.waits.set(t.id, { stopAt, waitsFor: blocker });
    }
    return this.waits;
  }

  /**
   * Lets a waiting traveller in now if only its place in the queue holds it back (no unit holds
   * the run the other way): for one that stands in the way of a unit already let in, going the
   * same way (it claimed later, but is nearer the run). True when it now holds the run.
   */
  promote(id: number): boolean {
    const claim = this.claims.get(id);
    if (!claim) return false;
    if (claim.granted) return true;
    for (const cell of claim.cells) {
      for (const other of this.holders.get(cell) ?? NONE) if (other !== id && this.against(claim, other)) return false;
    }
    this.grant(id, claim);
    return true;
  }

  /** Gives up whatever the traveller holds or waits for. */
  release(id: number): void {
    this.drop(id);
    this.scanned.delete(id);
  }

  /** True when traveller `id` holds a run (for tests and debug views). */
  holds(id: number): boolean {
    return this.claims.get(id)?.granted === true;
  }

  /** True when a unit holding `claim` is through the run: past its exit, or in past its entry and touching none of its cells. */
  private leftRun(t: LaneTraveller, claim: Claim): boolean {
    if (t.distance > claim.exit + SAMPLE_SPACING) return true;
    if (t.distance < claim.entry) return false;
    const width = this.map.grid.width;
    const reach = t.radius + SIDE_ROOM;
    for (const cell of claim.cells) {
      if (pointSquareDistance(t.x, t.y, cell % width, Math.floor(cell / width)) < reach) return false;
    }
    return true;
  }

  /** The next run within notice ahead of the traveller, claimed (not granted); undefined when there is none. */
  private claimAhead(t: LaneTraveller, seq?: number): Claim | undefined {
    const path = t.path;
    const reach = t.distance + t.braking + t.waitGap + CLAIM_NOTICE + t.radius;
    let scan = this.scanned.get(t.id);
    if (!scan || scan.path !== path) {
      scan = { path, upTo: t.distance };
      this.scanned.set(t.id, scan);
    }
    let s = Math.max(scan.upTo, t.distance);
    const end = Math.min(path.length, reach);
    for (; s <= end; s += SAMPLE_SPACING) {
      if (this.touchesRun(path, s, t.radius)) return this.claimFrom(t, s, seq);
    }
    scan.upTo = s;
    return undefined;
  }

  /** The claim of the run whose first touching sample is at distance `entry`. */
  private claimFrom(t: LaneTraveller, entry: number, seq = this.nextSeq++): Claim {
    const path = t.path;
    const claim: Claim = { path, vehicle: t.vehicle, radius: t.radius, waitGap: t.waitGap, from: t.distance, entry, exit: entry, cells: [], ux: 0, uy: 0, granted: false, seq, batch: 0, beyond: undefined, clearOf: new WeakMap() };
    const seen = new Set<number>();
    const last = Math.min(path.length, entry + MAX_RUN);
    for (let s = entry; s <= last; s += SAMPLE_SPACING) {
      if (s > claim.exit + MERGE_GAP) break;
      const p = path.sampleInto(s, this.pose);
      const touched = this.eachRunCell(p.x, p.y, t.radius, (cell) => {
        if (seen.has(cell)) return;
        seen.add(cell);
        claim.cells.push(cell);
      });
      if (touched) claim.exit = s;
    }
    const a = path.sampleInto(entry, this.pose);
    const b = path.sampleInto(claim.exit, this.ahead);
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    // A run entered and left at one point (a unit that turns inside it) goes every way.
    if (len > 0) {
      claim.ux = (b.x - a.x) / len;
      claim.uy = (b.y - a.y) / len;
    }
    this.claims.set(t.id, claim);
    for (const cell of claim.cells) add(this.waiters, cell, t.id);
    const scan = this.scanned.get(t.id)!;
    scan.upTo = claim.exit + SAMPLE_SPACING;
    return claim;
  }

  /** True when the disc of radius r (plus side room) at distance s along `path` touches a one-lane cell. */
  private touchesRun(path: SegmentPath, s: number, r: number): boolean {
    const p = path.sampleInto(s, this.pose);
    return this.eachRunCell(p.x, p.y, r, ignore);
  }

  /** Calls `visit` with every one-lane cell the disc at (x, y) touches; true when there was one. */
  private eachRunCell(x: number, y: number, r: number, visit: (cell: number) => void): boolean {
    const map = this.map;
    const reach = r + SIDE_ROOM;
    const width = map.grid.width;
    let any = false;
    for (let cy = Math.floor(y - reach); cy <= Math.floor(y + reach); cy++) {
      for (let cx = Math.floor(x - reach); cx <= Math.floor(x + reach); cx++) {
        // The cell's judgement is a table look-up once made: cheaper than the distance, and most cells are not one-lane.
        if (!map.isOneLane(cx, cy) || pointSquareDistance(x, y, cx, cy) >= reach) continue;
        any = true;
        visit(cy * width + cx);
      }
    }
    return any;
  }

  /**
   * A unit the claim must wait for: one holding a cell of it the other way, or (for a vehicle not
   * in the batch going its way now) waiting for one longer; else undefined.
   */
  private blocker(id: number, claim: Claim): number | undefined {
    const holder = this.holderAgainst(id, claim);
    if (holder !== undefined) return holder;
    // A unit that turns on the spot does not queue: it may stand in the mouth before a vehicle going its way.
    if (!claim.vehicle || claim.seq < this.openBatch(id, claim)) return undefined;
    for (const cell of claim.cells) {
      for (const other of this.waiters.get(cell) ?? NONE) {
        if (other !== id && this.claims.get(other)!.seq < claim.seq && this.against(claim, other)) return other;
      }
    }
    return undefined;
  }

  /**
   * How far along its path a waiting vehicle may drive and keep its disc off the ways out of the
   * run of the vehicles going the other way before it (holding the run, or waiting longer), for
   * their wait gap past the run: waiting in front of the run's far mouth, it would stand where
   * they come out before they can turn away (Infinity when no such way comes near its path).
   */
  private clearOfExits(id: number, claim: Claim): number {
    let stop = Infinity;
    // A unit met twice (on several cells) gives the same distance again, from the cache.
    for (const cell of claim.cells) {
      for (const other of this.holders.get(cell) ?? NONE) stop = Math.min(stop, this.clearOf(id, claim, other));
      for (const other of this.waiters.get(cell) ?? NONE) stop = Math.min(stop, this.clearOf(id, claim, other));
    }
    return stop;
  }

  /** {@link clearDistance} from `other`'s way out, when `other` is a vehicle going the other way before `claim`; else Infinity. */
  private clearOf(id: number, claim: Claim, other: number): number {
    if (other === id) return Infinity;
    const o = this.claims.get(other)!;
    if (!o.vehicle || (!o.granted && o.seq > claim.seq) || !this.against(claim, other)) return Infinity;
    let d = claim.clearOf.get(o);
    if (d === undefined) {
      d = this.clearDistance(claim, o);
      claim.clearOf.set(o, d);
    }
    return d;
  }

  /** The farthest distance along `claim`'s path, from where it claimed, up to which its disc stays off `o`'s path past the run. */
  private clearDistance(claim: Claim, o: Claim): number {
    const beyond = (o.beyond ??= this.pathBeyond(o));
    const reach = claim.radius + o.radius + SIDE_ROOM;
    const reach2 = reach * reach;
    for (let s = claim.from; s <= claim.entry; s += SAMPLE_SPACING) {
      const p = claim.path.sampleInto(s, this.pose);
      for (let i = 0; i < beyond.length; i += 2) {
        const dx = beyond[i]! - p.x;
        const dy = beyond[i + 1]! - p.y;
        if (dx * dx + dy * dy < reach2) return s - SAMPLE_SPACING;
      }
    }
    return Infinity;
  }

  /** Samples of a claim's path from its run's exit on, for its wait gap. */
  private pathBeyond(o: Claim): Float64Array {
    const end = Math.min(o.path.length, o.exit + o.waitGap);
    const n = Math.max(0, Math.floor((end - o.exit) / SAMPLE_SPACING) + 1);
    const out = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const p = o.path.sampleInto(o.exit + i * SAMPLE_SPACING, this.ahead);
      out[2 * i] = p.x;
      out[2 * i + 1] = p.y;
    }
    return out;
  }

  /** A unit holding a cell of the claim the other way; undefined when there is none. */
  private holderAgainst(id: number, claim: Claim): number | undefined {
    for (const cell of claim.cells) {
      for (const other of this.holders.get(cell) ?? NONE) {
        if (other !== id && this.against(claim, other)) return other;
      }
    }
    return undefined;
  }

  /** The batch of vehicles going the claim's way on its run now (0 when none holds it that way): see {@link Claim.batch}. */
  private openBatch(id: number, claim: Claim): number {
    let batch = 0;
    for (const cell of claim.cells) {
      for (const other of this.holders.get(cell) ?? NONE) {
        const o = this.claims.get(other)!;
        if (other !== id && o.vehicle && !this.against(claim, other)) batch = Math.max(batch, o.batch);
      }
    }
    return batch;
  }

  /**
   * True when the claim must wait for `other`, which holds or waits for the same run: a vehicle
   * waits for any unit that turns on the spot (on a one-lane deck a vehicle stops for such a unit
   * and it cannot always get round), and for a vehicle going another way; a unit that turns on
   * the spot waits only for a vehicle coming the other way (or across), and passes its like.
   */
  private against(claim: Claim, other: number): boolean {
    const o = this.claims.get(other)!;
    if (!o.vehicle) return claim.vehicle;
    return claim.ux * o.ux + claim.uy * o.uy < SAME_WAY;
  }

  private grant(id: number, claim: Claim): void {
    // A vehicle let in while none holds the run its way opens a batch; one let in behind them goes with theirs.
    if (claim.vehicle) claim.batch = this.openBatch(id, claim) || this.nextSeq;
    claim.granted = true;
    for (const cell of claim.cells) {
      remove(this.waiters, cell, id);
      add(this.holders, cell, id);
    }
  }

  private drop(id: number): void {
    const claim = this.claims.get(id);
    if (!claim) return;
    this.claims.delete(id);
    for (const cell of claim.cells) remove(claim.granted ? this.holders : this.waiters, cell, id);
  }
}

/** True when two claims cross the same run the same way: a new path's claim that may keep the old one's turn. */
function sameRun(a: Claim, b: Claim): boolean {
  if (a.ux * b.ux + a.uy * b.uy < SAME_WAY) return false;
  return a.cells.some((cell) => b.cells.includes(cell));
}

/** A visitor that wants only to know whether there is a cell. */
function ignore(): void {}

function add(map: Map<number, Set<number>>, cell: number, id: number): void {
  let set = map.get(cell);
  if (!set) map.set(cell, (set = new Set()));
  set.add(id);
}

function remove(map: Map<number, Set<number>>, cell: number, id: number): void {
  const set = map.get(cell);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) map.delete(cell);
}
