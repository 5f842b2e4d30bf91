/**
 * Units on a grid: move orders, planning within a per-frame budget, driving along the planned
 * paths, replanning when the grid changes under a path. Phaser-free; the plugin adapts sprites
 * to it. Everything here is in tile units and seconds.
 */
import type { Grid, GridArea } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { pathHitsBlocked, pointSquareDistance } from '../curves/footprint.js';
import { resolveProfile, type ResolvedProfile, type UnitProfile } from '../unit/profile.js';
import type { SegmentPath } from '../curves/segment-path.js';
import type { Pose } from '../curves/segment.js';
import { Follower, type FollowerEvent, type MotionOptions } from './follower.js';
import { Move } from './move.js';
import { polylineBlocked, snapPoint } from './path-check.js';
import { legClear } from './disc-room.js';
import { PlanQueue, type PlanBudget, type PlanFrameStats, type PlanJob } from './plan-queue.js';
import { concatPaths, slicePath } from './polyline.js';
import { planRoute, RouteContext, type Route } from './route.js';
import type { SearchRecord } from './route-context.js';
import { WorkJob } from './work.js';
import { TerrainSpeed } from './terrain-speed.js';
import { Crowd } from '../crowd/crowd.js';
import { DEFAULT_MARGIN, VehicleYield, type Traveller, type YieldDecision } from '../crowd/vehicle-yield.js';
import { groupSlots, type SlotUnit } from '../crowd/slots.js';
import {
  allowedSpeed,
  ARRIVE_DISTANCE,
  avoidanceStep,
  AVOIDANCE_TIME_HORIZON,
  CATCH_UP_TIME,
  HEADING_SPEED,
  LOOKAHEAD,
  MAX_STEPS_PER_FRAME,
  ALONE_RANGE,
  REJOIN_DISTANCE,
  newRider,
  nextWarp,
  progressOn,
  PROGRESS_WINDOW,
  REPLAN_DISTANCE,
  SETTLE_PROGRESS,
  SETTLE_TIME,
  STALL_REPLAN_TIME,
  STUCK_TIME,
  TOUCH_GAP,
  VEHICLE_SLOT_ROOM,
  YIELD_HOLD,
  HOME_TAKEN_TIME,
  MOVING_SPEED,
  GIVE_WAY_AFTER,
  GIVE_WAY_TIME,
  type AvoidanceOptions,
  type Rider,
} from './crowd-steering.js';

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

/** Options of a {@link Navigator}. */
export interface NavigatorOptions {
  /** Planning per frame; default 4 ms. */
  budget?: PlanBudget;
  /** Milliseconds now, for the time budget; `performance.now` by default. */
  clock?: () => number;
  /**
   * Gets each error a move's listener threw, once every unit has had its frame (or at once, for
   * events fired outside {@link Navigator.update}). Default: `update` rethrows them after the
   * frame (one as itself, several as an `AggregateError`), and other calls rethrow them after the
   * event's listeners all ran.
   */
  onError?: (error: unknown) => void;
  /**
   * A plan queue shared with other navigators (one per movement class), so that they all plan
   * within one budget; `budget` and `clock` are then the queue's own. The navigator adds its
   * jobs to it but leaves running it (`update`) and clearing it (`destroy`) to its owner.
   */
  queue?: PlanQueue;
  /**
   * Speed factors per cell ("slow in forest"): every path a unit is given from then on is driven
   * at its top speed times the factor of the cells it crosses. Default: full speed everywhere.
   */
  terrain?: TerrainSpeed;
  /**
   * Units see each other: units that turn on the spot steer around each other (reciprocal
   * velocity obstacles) and return to their paths, units with a turning radius keep to their
   * curves and brake for whoever is in the way, idle units step aside and come back. Units then
   * move in fixed steps ({@link AvoidanceOptions.step}). `true` for the defaults; default off
   * (the plugin turns it on). A unit's profile can leave it out (`avoid: false`).
   */
  avoidance?: boolean | AvoidanceOptions;
}

/** What the navigator knows about one unit, for drawing and inspection. */
export interface UnitInfo<T> {
  readonly unit: T;
  /** The profile given to {@link Navigator.addUnit} (the current order's options may override fields). */
  readonly profile: Readonly<UnitProfile>;
  /** The move in progress, if any. */
  readonly move: Move<T> | undefined;
  /** The path being driven (tile units), if any. */
  readonly path: SegmentPath | undefined;
  /** Distance travelled along `path`. */
  readonly distance: number;
}

/** What a debug view draws of one unit, in tile units (see {@link Navigator.debugInfo}). */
export interface UnitDebugInfo<T> {
  readonly unit: T;
  /** The path being driven, if any. */
  readonly path: SegmentPath | undefined;
  /** Distance travelled along `path`, tiles. */
  readonly distance: number;
  /** The footprint: `point`, `disc` (`width` across) or `rectangle` (`width` across, `length` along the heading). */
  readonly footprint: 'point' | 'disc' | 'rectangle';
  readonly width: number;
  readonly length: number;
  /** With avoidance on: the velocity the unit moves at now (tiles per second), its choice among the others. */
  readonly velocity?: { readonly x: number; readonly y: number };
  /** With avoidance on: true while a unit with a turning radius waits for another. */
  readonly waiting?: boolean;
}

/**
 * A snapshot of what the navigator is doing, for debug views; after Detour's
 * `dtCrowdAgentDebugInfo`. Tile units.
 */
export interface NavigatorDebugInfo<T> {
  readonly units: readonly UnitDebugInfo<T>[];
  /** The last finished search: its planner's name, where it expanded (empty unless asked for), and a counter of searches. */
  readonly lastSearch: SearchRecord | undefined;
  /** Planning jobs waiting or in progress. */
  readonly queued: number;
}

/**
 * Seconds of driving a unit with a turning radius keeps ahead of itself when it replans, so the
 * new path can start where the unit will be and it never has to stop.
 */
export const REPLAN_LOOKAHEAD = 0.25;

interface UnitState<T> {
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

/**
 * Moves units over a grid.
 *
 * @example
 * ```ts
 * const nav = new Navigator(grid, { read: (u) => u.pose, write: (u, p) => Object.assign(u.pose, p) });
 * nav.addUnit(tank, { speed: 3, acceleration: 6, width: 0.8 });
 * nav.moveTo(tank, { x: 20.5, y: 4.5 }).on('arrive', () => console.log('there'));
 * // once a frame:
 * nav.update(dtSeconds);
 * ```
 */
export class Navigator<T> {
  readonly queue: PlanQueue;
  readonly routes: RouteContext;
  private readonly units = new Map<T, UnitState<T>>();
  private readonly changes: GridArea[] = [];
  private readonly unsubscribe: () => void;
  private readonly onError: ((error: unknown) => void) | undefined;
  private readonly ownsQueue: boolean;
  private readonly terrain: TerrainSpeed | undefined;
  /** Listener errors of the frame in progress, reported once every unit has had its turn. */
  private frameErrors: unknown[] = [];
  private updating = false;
  private destroyed = false;
  private readonly crowd: Crowd | undefined;
  private readonly yielder: VehicleYield | undefined;
  /** The margin vehicles keep from each other, tiles. */
  private readonly yieldMargin: number = DEFAULT_MARGIN;
  /** The fixed step of avoidance, seconds, and the frame time not yet stepped. */
  private readonly step: number;
  private pending = 0;
  private serials = 0;
  private groups = 0;
  /** Units by crowd id, for the vehicles' decisions. */
  private readonly byAgent = new Map<number, UnitState<T>>();
  /** Scratch: a pose on a path, and neighbours' crowd ids. */
  private readonly pose: Pose = { x: 0, y: 0, heading: 0 };
  private readonly near: number[] = [];

  constructor(
    readonly grid: Grid,
    private readonly adapter: UnitAdapter<T>,
    options: NavigatorOptions = {},
  ) {
    this.queue = options.queue ?? new PlanQueue(options.budget, options.clock);
    this.ownsQueue = options.queue === undefined;
    this.onError = options.onError;
    this.terrain = checkTerrain(options.terrain, grid);
    const avoidance = checkAvoidance(options.avoidance);
    this.step = avoidance ? avoidanceStep(avoidance) : 0;
    if (avoidance) {
      this.crowd = new Crowd(grid, { timeHorizon: AVOIDANCE_TIME_HORIZON, ...avoidance });
      this.yielder = new VehicleYield(avoidance.vehicles);
      this.yieldMargin = avoidance.vehicles?.margin ?? DEFAULT_MARGIN;
    }
    this.routes = new RouteContext(grid);
    this.unsubscribe = grid.watch((area) => this.changes.push(area));
  }

  /**
   * Gives `unit` a profile that every later move uses (a move's options may override it). For a
   * unit with a turning radius this also makes its directional planner (cheap: the first order builds the tables, within the frame budget).
   * @throws RangeError naming a bad field (`speed` is required); TypeError when `profile` is not an object.
   */
  addUnit(unit: T, profile: UnitProfile): void {
    const resolved = this.resolveUnit(profile);
    if (resolved.turningRadius > 0) this.routes.prepareCurvePlanner(resolved);
    const state = this.units.get(unit);
    if (!state) {
      this.units.set(unit, this.newState(unit, { ...profile }, resolved));
      return;
    }
    // A move in progress keeps its options over the new profile (each field of both is valid).
    state.resolved = resolveProfile({ ...profile, ...definedFields(state.options) });
    state.profile = { ...profile };
  }

  /** Forgets `unit`, cancelling its move with `reason`. */
  removeUnit(unit: T, reason = 'the unit was removed'): void {
    const state = this.units.get(unit);
    if (!state) return;
    state.move?.cancel(reason);
    state.job?.cancel();
    this.units.delete(unit);
    this.leaveCrowd(state);
  }

  /** True when the navigator knows `unit`. */
  has(unit: T): boolean {
    return this.units.has(unit);
  }

  /**
   * Orders `unit` to `goal` (tile units). A unit already moving replans from where it will be a
   * moment later, without a jump (and, with a turning radius, without stopping). The returned
   * move fires its events from {@link update}; a bad order fails there with a reason.
   *
   * @param target - what `move.target` reports, e.g. the goal in world units; default `goal`.
   */
  moveTo(unit: T, goal: Point, options: MoveOptions = {}, target: Point = goal): Move<T> {
    let state = this.units.get(unit);
    if (!state) {
      state = this.newState(unit, {}, resolveProfile({}));
      this.units.set(unit, state);
    }
    const move: Move<T> = new Move(
      unit,
      { x: target?.x, y: target?.y },
      () => this.stopMove(state, move),
      (errors) => this.listenerErrors(errors),
    );
    // The old move ends without braking: the new plan takes over from the unit's motion.
    const old = state.move;
    state.move = move;
    state.group = undefined;
    old?.end('cancelled', 'replaced by a newer order');
    state.passed = 0;
    try {
      checkOrder(goal, options);
      state.options = options;
      state.goal = { x: goal.x, y: goal.y };
      state.resolved = this.resolveUnit({ ...state.profile, ...definedFields(options) });
    } catch (error) {
      state.options = {};
      state.resolved = resolveProfile(state.profile);
      this.brake(state);
      this.failSoon(state, move, messageOf(error), 'invalid');
      return move;
    }
    try {
      this.plan(state, move, false);
    } catch (error) {
      // E.g. the adapter could not read the unit's pose.
      state.follower = undefined;
      this.failSoon(state, move, messageOf(error), 'error');
    }
    return move;
  }

  /**
   * Orders a group to `goal` (tile units): each unit gets its own free slot around the goal that
   * it can reach, no two overlapping nor on an idle unit, keeping the group's arrangement where
   * the ground allows it (see `crowd/slots`), and is ordered there with `options`. A unit for
   * which no slot is found is ordered to `goal` itself. Returns the moves in the order of
   * `units` (a unit listed twice gets one move, listed once).
   *
   * @example
   * ```ts
   * const moves = nav.moveGroup([a, b, c], { x: 30.5, y: 12.5 });
   * await Promise.all(moves.map((m) => m.done));
   * ```
   * @throws TypeError when `units` is not an array.
   */
  moveGroup(units: readonly T[], goal: Point, options: MoveOptions = {}, target: Point = goal): Move<T>[] {
    if (!Array.isArray(units)) throw new TypeError(`units must be an array of units, got ${units === null ? 'null' : typeof units}`);
    const members = [...new Set(units)];
    const inGroup = new Set(members);
    const slotUnits: SlotUnit[] = members.map((u) => {
      const state = this.units.get(u);
      const at = state ? this.whereIs(state) : this.adapter.read(u);
      return { x: at.x, y: at.y, radius: state?.resolved.sweepRadius ?? 0 };
    });
    const occupied: SlotUnit[] = [];
    for (const s of this.units.values()) {
      if (inGroup.has(s.unit) || (s.move !== undefined && !s.move.ended)) continue;
      const at = this.whereIs(s);
      occupied.push({ x: at.x, y: at.y, radius: s.resolved.sweepRadius });
    }
    let slots: readonly (Point | undefined)[] = [];
    try {
      checkOrder(goal, options);
      // A vehicle turning into its spot beside another needs room beyond the margin vehicles keep.
      const turning = Math.max(0, ...members.map((u) => this.units.get(u)?.resolved.turningRadius ?? 0));
      slots = groupSlots(this.grid, slotUnits, goal, turning > 0 ? { occupied, gap: VEHICLE_SLOT_ROOM * turning } : { occupied });
    } catch {
      // A bad goal fails each unit's move from moveTo, with the reason.
    }
    const group = this.groups++;
    return members.map((u, i) => {
      const move = this.moveTo(u, slots[i] ?? goal, options, target);
      this.units.get(u)!.group = group;
      return move;
    });
  }

  /** Stops `unit` (braking if it can) and cancels its move. */
  stop(unit: T): void {
    this.units.get(unit)?.move?.cancel('stopped');
  }

  /** Changes the planning budget per frame. @throws RangeError on a bad limit. */
  setBudget(budget: PlanBudget): void {
    this.queue.setBudget(budget);
  }

  /**
   * One frame: reacts to grid changes, plans within the budget, then moves every unit `dt`
   * seconds on and fires the moves' events. Returns what the planning did.
   *
   * One unit's trouble stays with that unit: when planning, replanning or driving it throws,
   * its move fails with status `error` (the reason is the error's message), it stops where it
   * is, and every other unit plans and drives as usual. Errors thrown by the moves' listeners
   * go to `options.onError`, or are rethrown once every unit has had its frame.
   */
  update(dt: number): PlanFrameStats {
    this.updating = true;
    try {
      if (this.changes.length > 0) this.reactToChanges();
      if (this.ownsQueue) this.runQueue();
      const step = Number.isFinite(dt) && dt > 0 ? dt : 0;
      if (this.crowd) this.driveCrowd(step);
      else {
        for (const state of [...this.units.values()]) {
          if (this.units.get(state.unit) === state) this.guard(state, () => this.drive(state, step));
        }
      }
    } finally {
      this.updating = false;
    }
    const errors = this.frameErrors.splice(0);
    if (errors.length > 0) this.report(errors);
    return this.queue.lastFrame;
  }

  /** The units and what they are doing. */
  *unitInfos(): IterableIterator<UnitInfo<T>> {
    for (const s of this.units.values()) {
      yield { unit: s.unit, profile: s.profile, move: s.move, path: s.follower?.path, distance: s.follower?.distance ?? 0 };
    }
  }

  /**
   * What a debug view draws: each unit's path, progress and footprint, the last finished search
   * and the plan queue's size. With `expanded` (default true) the snapshot holds the points the
   * search expanded, and every later search reads them when it ends (O(nodes) a search), so that
   * the snapshot shows exactly that search: a cost only a game that draws its searches pays.
   */
  debugInfo(options: { expanded?: boolean } = {}): NavigatorDebugInfo<T> {
    const expanded = options.expanded ?? true;
    if (expanded) this.routes.captureExpanded = true;
    const units: UnitDebugInfo<T>[] = [];
    for (const s of this.units.values()) {
      const { footprint, width, length } = s.resolved;
      const r = s.rider;
      const crowd = this.crowd;
      units.push({
        unit: s.unit,
        path: s.follower?.path,
        distance: s.follower?.distance ?? 0,
        footprint,
        width,
        length,
        ...(r && crowd ? { velocity: { x: crowd.vx(r.agent), y: crowd.vy(r.agent) }, waiting: s.follower !== undefined && r.warp === 0 } : {}),
      });
    }
    return { units, lastSearch: this.routes.lastSearch(expanded), queued: this.queue.size };
  }

  /** Cancels every move, forgets every unit and lets go of the grid. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const unit of [...this.units.keys()]) this.removeUnit(unit);
    if (this.ownsQueue) this.queue.clear();
    this.unsubscribe();
    this.routes.destroy();
    this.changes.length = 0;
  }

  /**
   * Resolves the profile a unit moves with: the one check of its fields, plus what moving needs
   * (a speed), and a footprint that fits somewhere on the map (touching the border counts as
   * hitting it), refused before any search looks for room for it cell by cell.
   * @throws RangeError naming the bad field; TypeError when `profile` is not an object.
   */
  private resolveUnit(profile: UnitProfile): ResolvedProfile {
    const resolved = resolveProfile(profile);
    if (resolved.speed === undefined) throw new RangeError('speed is required (give it to addUnit or moveTo)');
    const size = 2 * resolved.sweepRadius;
    if (size >= Math.min(this.grid.width, this.grid.height)) {
      const what = resolved.footprint === 'rectangle' ? `footprint ${resolved.width} x ${resolved.length} (diagonal ${size})` : `width ${resolved.width}`;
      throw new RangeError(`${what} tiles does not fit anywhere on the ${this.grid.width}x${this.grid.height} map`);
    }
    return resolved;
  }

  /** Runs the planning queue; an error of a job that is not the navigator's is the frame's. */
  private runQueue(): void {
    try {
      this.queue.run();
    } catch (error) {
      this.frameErrors.push(error);
    }
  }

  /** Runs `work` for one unit; if it throws, the unit's move fails with `error`. */
  private guard(state: UnitState<T>, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.failUnit(state, error);
    }
  }

  /** Stops `state`'s unit where it is and fails its move with status `error`. */
  private failUnit(state: UnitState<T>, error: unknown): void {
    state.job?.cancel();
    state.job = undefined;
    // The follower may be what broke: no braking along it, the unit stays where it was drawn.
    state.follower = undefined;
    state.routed = false;
    this.standStill(state);
    const move = state.move;
    if (move && !move.ended) move.end('failed', `internal error: ${messageOf(error)}`, 'error');
  }

  /** Takes what a move's listeners threw: kept for the end of the frame, or reported now. */
  private listenerErrors(errors: readonly unknown[]): void {
    if (this.updating) this.frameErrors.push(...errors);
    else this.report(errors);
  }

  private report(errors: readonly unknown[]): void {
    if (this.onError) {
      for (const error of errors) this.onError(error);
      return;
    }
    throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} move listeners threw`);
  }

  private newState(unit: T, profile: UnitProfile, resolved: ResolvedProfile): UnitState<T> {
    return {
      unit,
      profile,
      resolved,
      move: undefined,
      follower: undefined,
      routed: false,
      job: undefined,
      options: {},
      goal: { x: 0, y: 0 },
      passed: 0,
      rider: undefined,
      serial: this.serials++,
      group: undefined,
    };
  }

  /** Queues a plan for `move` from the unit's pose, or from a little ahead when it is moving. */
  private plan(state: UnitState<T>, move: Move<T>, replan: boolean, from?: Pose, detour = false): void {
    state.job?.cancel();
    const start = from ?? this.runOut(state);
    const routes = detour ? this.detourRoutes(state, start, state.goal) : this.routes;
    const request = {
      start,
      goal: state.goal,
      profile: state.resolved,
      ...definedFields({
        goalHeading: state.options.heading,
        planner: state.options.planner,
        nearest: state.options.nearest,
        tolerance: state.options.tolerance,
      }),
    };
    const version = this.grid.layoutVersion;
    const job = new WorkJob(
      (budget) => planRoute(routes, request, budget),
      (route) => {
        if (state.job === job) state.job = undefined;
        // No way round the standing units to the goal itself (or the unit touches one): the usual plan.
        const end = route.path?.end;
        const reaches = route.status === 'found' && end !== undefined && Math.hypot(end.x - request.goal.x, end.y - request.goal.y) <= ARRIVE_DISTANCE;
        if (detour && !reaches && !move.ended && state.move === move) this.plan(state, move, replan, start);
        else this.adopt(state, move, route, replan, version);
      },
      (error) => {
        if (state.job === job) state.job = undefined;
        if (state.move === move) this.failUnit(state, error);
      },
    );
    state.job = job;
    this.queue.add(job, replan);
  }

  /**
   * Cuts the unit's current motion short so it stops smoothly at a point ahead (its braking
   * distance, plus a moment of driving for units with a turning radius unless `ahead` is false)
   * and returns the pose there: where the new path will start.
   */
  private runOut(state: UnitState<T>, ahead = state.resolved.turningRadius > 0): Pose {
    const profile = state.resolved;
    const f = state.follower;
    if (state.rider && this.steers(state)) {
      // A unit that steers is wherever the crowd put it, off its path by up to a leash: it
      // stops there (the crowd brakes it) and plans from there.
      const r = state.rider;
      state.follower = undefined;
      state.routed = false;
      r.homeX = this.crowd!.x(r.agent);
      r.homeY = this.crowd!.y(r.agent);
      return { x: r.homeX, y: r.homeY, heading: r.heading };
    }
    if (!f || f.done) {
      state.follower = undefined;
      return this.adapter.read(state.unit);
    }
    const v = f.speed;
    const decel = profile.deceleration;
    const braking = decel === Infinity ? 0 : (v * v) / (2 * decel);
    const end = Math.min(f.path.length, f.distance + braking + (ahead ? v * REPLAN_LOOKAHEAD : 0));
    const rest = slicePath(f.path, f.distance, end);
    state.follower = new Follower(rest, { ...motionOf(profile), startSpeed: v, ...definedFields({ terrain: this.terrain }) });
    state.routed = false;
    // Where the run-out stops, on the grid line it runs along (the follower stops there too).
    const stop = snapPoint(rest.end);
    return { x: stop.x, y: stop.y, heading: rest.end.heading };
  }

  /**
   * Takes a finished plan: drive it, or fail the move. A plan whose search began before the grid
   * last changed is checked against the grid as it is now, and planned again if it no longer fits
   * (a change between its stages can have missed the search).
   */
  private adopt(state: UnitState<T>, move: Move<T>, route: Route, replan: boolean, version: number): void {
    if (move.ended || state.move !== move) return;
    if (route.status !== 'found' || !route.path) {
      move.end('failed', route.message ?? `no path (${route.status})`, route.status === 'found' ? 'no-path' : route.status);
      return;
    }
    const profile = state.resolved;
    if (version !== this.grid.layoutVersion && this.restBlocked(route.path, profile.sweepRadius)) {
      this.plan(state, move, replan);
      return;
    }
    const rider = state.rider;
    // A unit that steers plans from where it stands (its old path is only what it chased).
    const steering = rider !== undefined && this.steers(state);
    const live = !steering && state.follower !== undefined && !state.follower.done;
    const runOut = live ? slicePath(state.follower!.path, state.follower!.distance, Infinity) : undefined;
    const speed = steering ? Math.min(Math.hypot(this.crowd!.vx(rider.agent), this.crowd!.vy(rider.agent)), profile.speed ?? 0) : live ? state.follower!.speed : 0;
    const path = runOut && runOut.length > 0 ? concatPaths(runOut, route.path) : route.path;
    // The joined path sums the run-out's segments first, in the same order: its own length is
    // exactly where the route begins (path.length - route.path.length may differ in the last bit).
    const offset = path === route.path ? 0 : runOut!.length;
    state.follower = new Follower(path, {
      ...motionOf(profile),
      startSpeed: speed,
      waypoints: route.waypoints.map((w) => w + offset),
      ...definedFields({ finalHeading: route.finalHeading, terrain: this.terrain }),
    });
    state.routed = true;
    if (rider) {
      // A replan goes on judging progress from before it: a unit held up plans again once, not every few seconds.
      if (!replan) {
        rider.best = Infinity;
        rider.idle = 0;
        rider.frozen = 0;
      }
      rider.stall = 0;
      rider.progress = 0;
      rider.off = 0;
      rider.pursuing = false;
      rider.waypoints = route.waypoints.map((w) => w + offset);
      rider.nextWaypoint = 0;
    }
    move.path = path;
    if (replan) move.emit('replan', state.unit, move);
    else {
      move.state = 'moving';
      move.emit('start', state.unit, move);
    }
  }

  private drive(state: UnitState<T>, dt: number): void {
    const f = state.follower;
    if (!f) return;
    const events = f.advance(dt);
    this.adapter.write(state.unit, f.pose);
    const move = state.move;
    for (const e of events) {
      if (!state.routed || !move || move.ended || state.follower !== f) break;
      if (e.type === 'waypoint') move.emit('waypoint', state.unit, move, state.passed++);
      else {
        state.follower = undefined;
        state.routed = false;
        move.end('arrived');
      }
    }
    if (f.done && state.follower === f) state.follower = undefined;
  }

  /**
   * True when the unit steers around others: it turns on the spot, takes part in avoidance and
   * has a width (a point takes no room: it drives its path, and nobody has to keep off it).
   */
  private steers(state: UnitState<T>): boolean {
    const p = state.resolved;
    return this.crowd !== undefined && p.avoid && p.turningRadius === 0 && p.sweepRadius > 0 && p.speed !== undefined;
  }

  /** Where the unit is now (tile units). */
  private whereIs(state: UnitState<T>): Pose {
    const r = state.rider;
    if (r && this.steers(state)) return { x: this.crowd!.x(r.agent), y: this.crowd!.y(r.agent), heading: r.heading };
    return state.follower ? { ...state.follower.pose } : this.adapter.read(state.unit);
  }

  /** An idle unit that steers comes back to where it stands now after stepping aside. */
  private standStill(state: UnitState<T>): void {
    const r = state.rider;
    if (!r || !this.crowd) return;
    r.homeX = this.crowd.x(r.agent);
    r.homeY = this.crowd.y(r.agent);
  }

  /** One frame with avoidance: as many fixed steps as the frame's time holds. */
  private driveCrowd(dt: number): void {
    const h = this.step;
    this.pending = Math.min(this.pending + dt, MAX_STEPS_PER_FRAME * h);
    while (this.pending >= h * (1 - STEP_ROUNDING)) {
      this.pending = Math.max(0, this.pending - h);
      this.crowdStep(h);
    }
  }

  /**
   * One fixed step of every unit: vehicles decide whom to brake for, units on paths advance
   * along them, units that steer choose where they would go, the crowd moves them around each
   * other, and every unit is drawn where it now is.
   */
  private crowdStep(h: number): void {
    const crowd = this.crowd!;
    const states = [...this.units.values()];
    for (const s of states) this.guard(s, () => this.join(s));
    const decisions = this.vehicleDecisions(states);
    for (const s of states) {
      if (this.units.get(s.unit) !== s) continue;
      // A point takes no room: it drives its path as if alone, and is not in the crowd.
      if (!s.rider) this.guard(s, () => this.drive(s, h));
      else this.guard(s, () => (this.steers(s) ? this.chase(s, h) : this.driveBound(s, h, decisions?.get(s.rider!.agent))));
    }
    crowd.step(h);
    for (const s of states) {
      if (this.units.get(s.unit) !== s || !s.rider || !this.steers(s)) continue;
      this.guard(s, () => this.afterStep(s, h));
    }
  }

  /** Puts the unit in the crowd (a unit with a width), or updates its size, speed and mode there. */
  private join(s: UnitState<T>): void {
    const crowd = this.crowd!;
    const radius = s.resolved.sweepRadius;
    if (radius === 0) {
      this.leaveCrowd(s);
      return;
    }
    const maxSpeed = s.resolved.speed ?? IDLE_SPEED;
    const steers = this.steers(s);
    const mode = steers ? 'avoid' : 'fixed';
    const r = s.rider;
    if (r && r.radius === radius && r.maxSpeed === maxSpeed) {
      // A unit that steers switches itself between the crowd and its follower (chase).
      if (!steers) this.setMode(s, 'fixed');
      if (steers && !s.follower) this.followTeleport(s);
      return;
    }
    const at = r ? this.whereIs(s) : s.follower ? { ...s.follower.pose } : this.adapter.read(s.unit);
    if (r) {
      crowd.remove(r.agent);
      this.byAgent.delete(r.agent);
    }
    const agent = crowd.add({ radius, maxSpeed, mode }, at.x, at.y);
    const rider = newRider(agent, at.x, at.y, at.heading);
    rider.radius = radius;
    rider.maxSpeed = maxSpeed;
    rider.mode = mode;
    s.rider = rider;
    this.byAgent.set(agent, s);
  }

  /**
   * A copy of the grid with the cells under standing units blocked (idle units, and vehicles
   * waiting), for a unit held up by them to plan round them; not the cells of its own start
   * and goal. Made anew for each such plan (rare: after seconds held up).
   */
  private detourRoutes(s: UnitState<T>, start: Point, goal: Point): RouteContext {
    const grid = this.grid.clone();
    const crowd = this.crowd!;
    const keep = (cx: number, cy: number): boolean =>
      (cx === Math.floor(goal.x) && cy === Math.floor(goal.y)) || pointSquareDistance(start.x, start.y, cx, cy) < s.resolved.sweepRadius;
    for (const other of this.units.values()) {
      const r = other.rider;
      if (!r || other === s) continue;
      if (!this.standing(r.agent)) continue;
      const x = crowd.x(r.agent);
      const y = crowd.y(r.agent);
      const rad = other.resolved.sweepRadius;
      for (let cy = Math.floor(y - rad); cy <= Math.floor(y + rad); cy++) {
        for (let cx = Math.floor(x - rad); cx <= Math.floor(x + rad); cx++) {
          if (grid.inBounds(cx, cy) && pointSquareDistance(x, y, cx, cy) < rad && !keep(cx, cy)) grid.setBlocked(cx, cy, true);
        }
      }
    }
    return new RouteContext(grid);
  }

  /** True when the unit of crowd id `agent` stands: idle, or a vehicle waiting. */
  private standing(agent: number | undefined): boolean {
    const other = agent === undefined ? undefined : this.byAgent.get(agent);
    if (!other || !other.rider) return false;
    return other.move === undefined || other.move.ended || (other.follower !== undefined && other.rider.warp === 0);
  }

  /** Takes the unit out of the crowd. */
  private leaveCrowd(s: UnitState<T>): void {
    if (!s.rider) return;
    this.crowd?.remove(s.rider.agent);
    this.byAgent.delete(s.rider.agent);
    s.rider = undefined;
  }

  /** An idle unit the game moved itself (a respawn, a teleport) is taken where the game put it. */
  private followTeleport(s: UnitState<T>): void {
    const r = s.rider!;
    const at = this.adapter.read(s.unit);
    if (Math.abs(at.x - r.lastX) <= TELEPORT_TOLERANCE && Math.abs(at.y - r.lastY) <= TELEPORT_TOLERANCE) return;
    this.crowd!.setState(r.agent, at.x, at.y, 0, 0);
    r.homeX = r.lastX = at.x;
    r.homeY = r.lastY = at.y;
    r.heading = at.heading;
  }

  /** What every vehicle brakes for this step, by crowd id; undefined when no vehicle drives. */
  private vehicleDecisions(states: readonly UnitState<T>[]): Map<number, YieldDecision> | undefined {
    const crowd = this.crowd!;
    let driving = false;
    for (const s of states) {
      if (s.rider && s.resolved.turningRadius > 0 && s.resolved.avoid && s.follower && !s.follower.done) driving = true;
    }
    if (!driving) return undefined;
    const travellers: Traveller[] = [];
    for (const s of states) {
      const r = s.rider;
      if (!r || this.units.get(s.unit) !== s) continue;
      const a = r.agent;
      const f = s.follower;
      const vehicle = s.resolved.turningRadius > 0 && s.resolved.avoid;
      const onPath = vehicle && f !== undefined && !f.done;
      const vx = crowd.vx(a);
      const vy = crowd.vy(a);
      travellers.push({
        id: a,
        x: crowd.x(a),
        y: crowd.y(a),
        // Units that steer keep clear of vehicles themselves (the crowd makes sure): a vehicle
        // drives past one beside it without the margin it keeps from other vehicles.
        radius: vehicle ? s.resolved.sweepRadius : Math.max(0, s.resolved.sweepRadius - this.yieldMargin),
        speed: onPath ? r.warp * f.speed : Math.hypot(vx, vy),
        maxSpeed: s.resolved.speed ?? IDLE_SPEED,
        ...(onPath ? { path: f.path, distance: f.distance } : {}),
        vx,
        vy,
        yields: vehicle,
        // Equal priorities go to the older unit.
        priority: s.resolved.priority - s.serial * PRIORITY_TIE,
        deceleration: s.resolved.deceleration,
      });
    }
    const out = new Map<number, YieldDecision>();
    for (const d of this.yielder!.decide(travellers)) out.set(d.id, d);
    return out;
  }

  /**
   * One step of a unit that keeps to its path (a vehicle, or a unit out of avoidance): a vehicle
   * slows, waits and speeds up again as its decision says; the crowd learns where it is.
   */
  private driveBound(s: UnitState<T>, h: number, decision: YieldDecision | undefined): void {
    const crowd = this.crowd!;
    const r = s.rider!;
    const f = s.follower;
    if (!f) {
      const at = this.adapter.read(s.unit);
      crowd.setState(r.agent, at.x, at.y, 0, 0);
      r.warp = 1;
      r.yieldingTo = undefined;
      return;
    }
    const move = s.move;
    const x0 = f.pose.x;
    const y0 = f.pose.y;
    const p = s.resolved;
    if (p.turningRadius > 0 && p.avoid) {
      const gap = decision?.stopAt === undefined ? undefined : decision.stopAt - f.distance;
      const allowed = decision ? allowedSpeed(decision.cap, gap, p.deceleration) : Infinity;
      r.warp = nextWarp(r.warp, f.speed, allowed, p.acceleration, h);
      const blocker = decision?.blocker === undefined ? undefined : this.byAgent.get(decision.blocker);
      // A decision that comes and goes from step to step is one yield, not many.
      const fresh = blocker !== undefined && decision!.blocker !== r.yieldingTo && decision!.blocker !== r.lastYield;
      if (fresh && move && !move.ended && s.routed) move.emit('yield', s.unit, move, blocker.unit);
      if (blocker) {
        r.lastYield = decision!.blocker;
        r.yieldHold = YIELD_HOLD;
      } else if ((r.yieldHold -= h) <= 0) r.lastYield = undefined;
      r.yieldingTo = blocker ? decision!.blocker : undefined;
      if (r.warp === 0 && !f.done) {
        if (r.stall === 0 && blocker && move && !move.ended && s.routed) move.emit('wait', s.unit, move, blocker.unit);
        r.stall += h;
        // Waiting for traffic that moves is not being stuck.
        r.frozen = this.crowdMoves(s) ? 0 : r.frozen + h;
      } else {
        r.stall = 0;
        r.frozen = 0;
        r.replanned = false;
      }
    } else r.warp = 1;
    const events = f.advance(h * r.warp);
    crowd.setState(r.agent, f.pose.x, f.pose.y, (f.pose.x - x0) / h, (f.pose.y - y0) / h);
    this.adapter.write(s.unit, f.pose);
    r.lastX = f.pose.x;
    r.lastY = f.pose.y;
    this.followerEvents(s, f, events, true);
    if (s.follower === f && f.done) s.follower = undefined;
    if (!move || move.ended || s.move !== move || !s.routed) return;
    if (r.stall >= SETTLE_TIME && s.follower && this.behindArrived(s, r.yieldingTo)) {
      // Its group got there first and stands in the way: it has come as close as it can.
      s.follower = undefined;
      s.routed = false;
      r.settledX = s.goal.x;
      r.settledY = s.goal.y;
      r.settledGroup = s.group;
      move.end('arrived');
    } else if (r.frozen >= STUCK_TIME) this.giveUp(s, move);
    else if (
      !r.replanned &&
      s.job === undefined &&
      s.follower &&
      ((decision?.blocked && r.stall >= STALL_REPLAN_TIME * (1 + (s.serial % KNOT_STAGGER))) || (this.standing(r.yieldingTo) && r.stall >= STALL_REPLAN_TIME))
    ) {
      // In a knot of vehicles waiting on each other, one at a time plans round the others (by
      // turns of the order they were added in), so that one moves off and unties it.
      // Waiting on units that stand, or on a knot of vehicles that waiting will not untie: plan round them.
      r.replanned = true;
      // It stands where it waits, and the new path starts there.
      const at = { ...s.follower.pose };
      s.follower = undefined;
      s.routed = false;
      this.plan(s, move, true, at, true);
    }
  }

  /**
   * True when crowd id `agent` is a unit standing where it arrived from the same group order as
   * `s`'s move, or for about the same point.
   */
  private behindArrived(s: UnitState<T>, agent: number | undefined): boolean {
    const other = agent === undefined ? undefined : this.byAgent.get(agent);
    if (!other || !other.rider || (other.move !== undefined && !other.move.ended)) return false;
    const o = other.rider;
    const reach = s.resolved.sweepRadius + other.resolved.sweepRadius + TOUCH_GAP;
    return (s.group !== undefined && o.settledGroup === s.group) || Math.hypot(s.goal.x - o.settledX, s.goal.y - o.settledY) <= reach;
  }

  /** Fires a follower's events on the unit's move; `arrive` ends the move when `arrives`. */
  private followerEvents(s: UnitState<T>, f: Follower, events: readonly FollowerEvent[], arrives: boolean): void {
    const move = s.move;
    for (const e of events) {
      if (!s.routed || !move || move.ended || s.follower !== f) break;
      if (e.type === 'waypoint') move.emit('waypoint', s.unit, move, s.passed++);
      else if (arrives) {
        if (s.rider) {
          s.rider.settledX = f.path.end.x;
          s.rider.settledY = f.path.end.y;
          s.rider.settledGroup = s.group;
        }
        s.follower = undefined;
        s.routed = false;
        move.end('arrived');
      }
    }
  }

  /**
   * A step of a unit that steers, before the crowd moves it: it heads for a point ahead of its
   * progress along its path that it can see (after Detour's steer target), at full speed and
   * slowing into the goal; an idle unit heads back to its spot.
   */
  private chase(s: UnitState<T>, h: number): void {
    const crowd = this.crowd!;
    const r = s.rider!;
    const a = r.agent;
    const px = crowd.x(a);
    const py = crowd.y(a);
    const radius = s.resolved.sweepRadius;
    const max = s.resolved.speed! * (this.terrain?.factorAt(px, py) ?? 1);
    const f = s.follower;
    r.driven = false;
    if (!f) {
      this.setMode(s, 'avoid');
      this.goHome(s, px, py, max, h);
      return;
    }
    if (!r.pursuing) {
      if (this.alone(s)) {
        this.followAlone(s, f, h);
        return;
      }
      // Others come near: from here the unit steers, from where its follower had got to.
      r.pursuing = true;
      r.progress = f.distance;
      r.nextWaypoint = r.waypoints.findIndex((w) => w > f.distance);
      if (r.nextWaypoint < 0) r.nextWaypoint = r.waypoints.length;
      this.setMode(s, 'avoid');
    }
    const path = f.path;
    r.progress = progressOn(path, r.progress, PROGRESS_WINDOW, px, py);
    f.distance = r.progress;
    const near = path.sampleInto(r.progress, this.pose);
    r.off = Math.hypot(near.x - px, near.y - py);
    const move = s.move;
    while (r.nextWaypoint < r.waypoints.length && r.waypoints[r.nextWaypoint]! <= r.progress) {
      r.nextWaypoint++;
      if (s.routed && move && !move.ended && s.follower === f) move.emit('waypoint', s.unit, move, s.passed++);
    }
    if (s.follower !== f) return;
    // The farthest of a few points ahead that the unit sees clearly; the point of its progress
    // itself when it sees none (it was pushed round a corner). A unit giving way heads back.
    let tx = near.x;
    let ty = near.y;
    let end = r.progress >= path.length;
    const back = r.backoff > 0;
    r.backoff -= h;
    for (let look = LOOKAHEAD; look >= LOOKAHEAD / 4; look /= 2) {
      const at = back ? Math.max(0, r.progress - look) : Math.min(path.length, r.progress + look);
      const target = path.sampleInto(at, this.pose);
      if (legClear(this.grid, { x: px, y: py }, target, radius)) {
        tx = target.x;
        ty = target.y;
        end = !back && at >= path.length;
        break;
      }
    }
    const dx = tx - px;
    const dy = ty - py;
    const gap = Math.hypot(dx, dy);
    const speed = gap === 0 ? 0 : end ? Math.min(max, gap / CATCH_UP_TIME) : max;
    crowd.setPreferred(a, gap === 0 ? 0 : (dx / gap) * speed, gap === 0 ? 0 : (dy / gap) * speed);
  }

  /** Tells the crowd who moves the unit: the crowd ('avoid') or its follower ('fixed'). */
  private setMode(s: UnitState<T>, mode: 'avoid' | 'fixed'): void {
    const r = s.rider!;
    if (r.mode === mode) return;
    this.crowd!.setMode(r.agent, mode);
    r.mode = mode;
  }

  /** True when no other unit is within {@link ALONE_RANGE} of the unit. */
  private alone(s: UnitState<T>): boolean {
    return this.crowd!.neighbours(s.rider!.agent, ALONE_RANGE, this.near) === 0;
  }

  /**
   * A step of a unit that steers but has nobody near: it drives its path exactly, as without
   * avoidance (speed profile, corners, terrain, waypoints, arrival on the goal).
   */
  private followAlone(s: UnitState<T>, f: Follower, h: number): void {
    const r = s.rider!;
    this.setMode(s, 'fixed');
    r.driven = true;
    const x0 = f.pose.x;
    const y0 = f.pose.y;
    const events = f.advance(h);
    this.crowd!.setState(r.agent, f.pose.x, f.pose.y, (f.pose.x - x0) / h, (f.pose.y - y0) / h);
    r.heading = f.pose.heading;
    r.lastX = f.pose.x;
    r.lastY = f.pose.y;
    this.adapter.write(s.unit, f.pose);
    const move = s.move;
    for (const e of events) {
      if (!s.routed || !move || move.ended || s.follower !== f) break;
      if (e.type === 'waypoint') {
        r.nextWaypoint++;
        move.emit('waypoint', s.unit, move, s.passed++);
      } else {
        s.follower = undefined;
        s.routed = false;
        this.standStill(s);
        r.homeBest = 0;
        r.homeIdle = 0;
        r.settledX = f.path.end.x;
        r.settledY = f.path.end.y;
        r.settledGroup = s.group;
        move.end('arrived');
      }
    }
    if (s.follower === f && f.done) s.follower = undefined;
  }

  /**
   * A unit that steered round others and is back on its path with nobody near drives its path
   * exactly again, from its progress on, at its speed now.
   */
  private rejoin(s: UnitState<T>, f: Follower): void {
    const r = s.rider!;
    const rest = slicePath(f.path, r.progress, Infinity);
    const speed = Math.min(Math.hypot(this.crowd!.vx(r.agent), this.crowd!.vy(r.agent)), s.resolved.speed!);
    const waypoints = r.waypoints.slice(r.nextWaypoint).map((w) => w - r.progress);
    s.follower = new Follower(rest, {
      ...motionOf(s.resolved),
      startSpeed: speed,
      waypoints,
      ...definedFields({ finalHeading: f.options.finalHeading, terrain: this.terrain }),
    });
    r.waypoints = waypoints;
    r.nextWaypoint = 0;
    r.progress = 0;
    r.pursuing = false;
  }

  /**
   * An idle unit that steers heads back to its spot; one that cannot get back for
   * {@link HOME_TAKEN_TIME} because another unit stands on the spot takes where it is as its spot.
   */
  private goHome(s: UnitState<T>, px: number, py: number, max: number, h: number): void {
    const r = s.rider!;
    const away = Math.hypot(r.homeX - px, r.homeY - py);
    if (away < r.homeBest - SETTLE_PROGRESS || away <= ARRIVE_DISTANCE) {
      r.homeBest = away;
      r.homeIdle = 0;
    } else if ((r.homeIdle += h) >= HOME_TAKEN_TIME && this.homeTaken(s, away)) {
      r.homeX = px;
      r.homeY = py;
      r.homeBest = 0;
      r.homeIdle = 0;
    }
    const speed = Math.min(max, away / CATCH_UP_TIME);
    const dx = r.homeX - px;
    const dy = r.homeY - py;
    this.crowd!.setPreferred(r.agent, away === 0 ? 0 : (dx / away) * speed, away === 0 ? 0 : (dy / away) * speed);
  }

  /**
   * After the crowd moved a unit that steers: draw it, and judge its move: arrived (on the goal,
   * or, when it cannot get closer, within its radius of it or queued behind units standing
   * nearer it), pushed too far off its path or held up (plan
   * again from where it is), or stuck.
   */
  private afterStep(s: UnitState<T>, h: number): void {
    const crowd = this.crowd!;
    const r = s.rider!;
    if (r.driven) return;
    const a = r.agent;
    let x = crowd.x(a);
    let y = crowd.y(a);
    const vx = crowd.vx(a);
    const vy = crowd.vy(a);
    const moving = Math.hypot(vx, vy) > HEADING_SPEED;
    if (moving) r.heading = Math.atan2(vy, vx);
    const f = s.follower;
    const move = s.move;
    if (f && s.routed && move && !move.ended) {
      const end = f.path.end;
      const left = Math.hypot(end.x - x, end.y - y);
      const remaining = f.path.length - r.progress + r.off;
      if (remaining < r.best - SETTLE_PROGRESS) {
        r.best = remaining;
        r.idle = 0;
        r.frozen = 0;
        r.replanned = false;
      } else {
        r.idle += h;
        // Held up by a crowd that moves is not stuck: it will pass.
        r.frozen = this.crowdMoves(s) ? 0 : r.frozen + h;
      }
      const there = r.progress >= f.path.length - ARRIVE_DISTANCE && left <= ARRIVE_DISTANCE;
      const close = left <= s.resolved.sweepRadius || this.queued(s, x, y, end);
      if (there || (r.idle >= SETTLE_TIME && close)) {
        if (there && crowd.neighbours(a, ARRIVE_DISTANCE, this.near) === 0) {
          // The last hair onto the goal itself, where nobody stands.
          crowd.setState(a, end.x, end.y, 0, 0);
          x = end.x;
          y = end.y;
        }
        s.follower = undefined;
        s.routed = false;
        if (there) r.heading = f.options.finalHeading ?? (moving ? r.heading : end.heading);
        r.homeX = x;
        r.homeY = y;
        r.homeBest = 0;
        r.homeIdle = 0;
        r.settledX = end.x;
        r.settledY = end.y;
        r.settledGroup = s.group;
        this.adapter.write(s.unit, { x, y, heading: r.heading });
        r.lastX = x;
        r.lastY = y;
        move.end('arrived');
        return;
      }
    }
    this.adapter.write(s.unit, { x, y, heading: r.heading });
    r.lastX = x;
    r.lastY = y;
    if (!f || !s.routed || !move || move.ended) return;
    if (r.frozen >= STUCK_TIME) {
      this.giveUp(s, move);
      return;
    }
    if (r.backoff > 0) {
      // Giving way to a vehicle lasts while it comes on: it cannot step round.
      if (this.mustGiveWay(s, x, y) === 'vehicle') r.backoff = GIVE_WAY_TIME;
    } else if (r.idle >= GIVE_WAY_AFTER && r.backoff <= -GIVE_WAY_TIME && this.mustGiveWay(s, x, y)) {
      r.backoff = GIVE_WAY_TIME;
    }
    if (r.off <= REJOIN_DISTANCE && r.idle === 0 && this.alone(s) && legClear(this.grid, { x, y }, f.path.sampleInto(r.progress, this.pose), s.resolved.sweepRadius)) {
      this.rejoin(s, f);
      return;
    }
    const pushed = r.off > s.resolved.sweepRadius + REPLAN_DISTANCE;
    const held = r.idle >= STALL_REPLAN_TIME && !r.replanned;
    if (s.job === undefined && (pushed || held)) {
      r.replanned = true;
      this.plan(s, move, true, { x, y, heading: r.heading }, held);
    }
  }

  /**
   * True when the unit, held up, should give way: a unit comes toward it from ahead that goes
   * first by the fixed rule (a vehicle, else the one heading more toward +x, then more toward +y,
   * then the older), or a unit ahead going its way gives way (a queue backs up together);
   * `vehicle` when it gives way to a vehicle.
   */
  private mustGiveWay(s: UnitState<T>, px: number, py: number): 'vehicle' | boolean {
    const crowd = this.crowd!;
    const heading = this.pathHeading(s);
    const hx = Math.cos(heading);
    const hy = Math.sin(heading);
    const count = crowd.neighbours(s.rider!.agent, TOUCH_GAP + LOOKAHEAD / 2, this.near);
    for (let i = 0; i < count; i++) {
      const other = this.byAgent.get(this.near[i]!);
      if (!other || !other.move || other.move.ended || !other.follower || !other.rider) continue;
      const b = other.rider.agent;
      const ahead = (crowd.x(b) - px) * hx + (crowd.y(b) - py) * hy;
      if (!(ahead > 0)) continue;
      const ob = this.pathHeading(other);
      const ox = Math.cos(ob);
      const oy = Math.sin(ob);
      const facing = ox * hx + oy * hy;
      // A vehicle cannot step aside: it always goes first.
      if (facing < 0 && other.resolved.turningRadius > 0) return 'vehicle';
      if (facing < 0 && (ox > hx + RULE_EPSILON || (Math.abs(ox - hx) <= RULE_EPSILON && (oy > hy + RULE_EPSILON || (Math.abs(oy - hy) <= RULE_EPSILON && other.serial < s.serial))))) return true;
      // One of its own way ahead that gives way: a queue backs up together.
      if (facing > 0 && other.rider.backoff > 0) return true;
    }
    return false;
  }

  /** The heading of the unit's path where it has got to. */
  private pathHeading(s: UnitState<T>): number {
    const f = s.follower!;
    const r = s.rider!;
    return r.pursuing ? f.path.sampleInto(Math.min(f.path.length, r.progress + ARRIVE_DISTANCE), this.pose).heading : f.pose.heading;
  }

  /** True when a unit near this one (within {@link ALONE_RANGE}) moves. */
  private crowdMoves(s: UnitState<T>): boolean {
    const crowd = this.crowd!;
    const count = crowd.neighbours(s.rider!.agent, ALONE_RANGE, this.near);
    for (let i = 0; i < count; i++) {
      const b = this.near[i]!;
      if (Math.hypot(crowd.vx(b), crowd.vy(b)) > MOVING_SPEED) return true;
    }
    return false;
  }

  /** True when another standing unit covers the idle unit's spot, `away` tiles from it. */
  private homeTaken(s: UnitState<T>, away: number): boolean {
    const crowd = this.crowd!;
    const r = s.rider!;
    const count = crowd.neighbours(r.agent, away + TOUCH_GAP, this.near);
    for (let i = 0; i < count; i++) {
      const other = this.byAgent.get(this.near[i]!);
      if (!other || other === s || (other.move !== undefined && !other.move.ended)) continue;
      const b = other.rider!.agent;
      if (Math.hypot(crowd.x(b) - r.homeX, crowd.y(b) - r.homeY) < s.resolved.sweepRadius + other.resolved.sweepRadius) return true;
    }
    return false;
  }

  /**
   * True when the unit at (x, y) touches a standing unit nearer `goal` than itself that arrived
   * there from the same group order, or for about the same point: it queues behind it.
   */
  private queued(s: UnitState<T>, x: number, y: number, goal: Point): boolean {
    const crowd = this.crowd!;
    const a = s.rider!.agent;
    const mine = Math.hypot(goal.x - x, goal.y - y);
    const count = crowd.neighbours(a, TOUCH_GAP, this.near);
    for (let i = 0; i < count; i++) {
      const other = this.byAgent.get(this.near[i]!);
      if (!other || other === s || (other.move !== undefined && !other.move.ended)) continue;
      const o = other.rider!;
      // Only behind units that came for the same: the same group order, or about the same point.
      // One that stands there for its own reasons, or was put there, is gone round instead.
      const reach = s.resolved.sweepRadius + other.resolved.sweepRadius + TOUCH_GAP;
      const same = (s.group !== undefined && o.settledGroup === s.group) || Math.hypot(goal.x - o.settledX, goal.y - o.settledY) <= reach;
      if (!same) continue;
      if (Math.hypot(goal.x - crowd.x(o.agent), goal.y - crowd.y(o.agent)) < mine) return true;
    }
    return false;
  }

  /** Ends a move that others kept from its goal too long, while none of them moved: `stuck`, then `fail`. */
  private giveUp(s: UnitState<T>, move: Move<T>): void {
    s.job?.cancel();
    s.job = undefined;
    move.emit('stuck', s.unit, move);
    if (move.ended || s.move !== move) return;
    this.brake(s);
    move.end('failed', `held up by other units for ${STUCK_TIME} s`, 'stuck');
  }

  /** Brakes a cancelled move's unit to a stop and drops its planning. */
  private stopMove(state: UnitState<T>, move: Move<T>): void {
    if (state.move === move) this.brake(state);
  }

  /** Drops the unit's planning and brakes it to a stop along its path. */
  private brake(state: UnitState<T>): void {
    state.job?.cancel();
    state.job = undefined;
    try {
      this.runOut(state, false);
    } catch {
      // Braking is a nicety; a cancel must not fail: the unit stops where it is instead.
      state.follower = undefined;
    }
  }

  /** Fails a move from the next update, once its listeners are attached. */
  private failSoon(state: UnitState<T>, move: Move<T>, message: string, failure: 'invalid' | 'error'): void {
    const job = new WorkJob<undefined>(
      function* () {
        return undefined;
      },
      () => {
        if (state.job === job) state.job = undefined;
        move.end('failed', message, failure);
      },
    );
    state.job = job;
    this.queue.add(job);
  }

  /**
   * Replans every moving unit whose remaining path runs over a changed area, and stops a unit
   * braking or running out (no route of its own yet) where a change blocked the way ahead.
   */
  private reactToChanges(): void {
    const areas = this.changes.splice(0);
    for (const state of [...this.units.values()]) {
      if (this.units.get(state.unit) === state) this.guard(state, () => this.reactTo(state, areas));
    }
  }

  private reactTo(state: UnitState<T>, areas: readonly GridArea[]): void {
    const f = state.follower;
    if (!f || f.done) return;
    const move = state.move;
    const r = state.resolved.sweepRadius;
    const rest = slicePath(f.path, f.distance, Infinity);
    if (!areas.some((a) => pathNearArea(rest, a, r))) return;
    if (!state.routed || !move || move.ended) {
      if (!this.restBlocked(f.path, r, f.distance)) return;
      // Stop at once; a plan that was to start where the run-out ends starts here instead.
      state.follower = undefined;
      if (move && !move.ended && state.job) this.plan(state, move, move.state === 'moving', { ...f.pose });
      return;
    }
    if (this.restBlocked(f.path, r, f.distance)) move.emit('blocked', state.unit, move);
    if (move.ended || state.move !== move || state.follower !== f) return;
    // Run out only as far as the path is still clear; stop at once if it is blocked right ahead.
    let start = this.runOut(state);
    const runOut = state.follower;
    if (runOut && this.restBlocked(runOut.path, r)) {
      start = { ...runOut.pose };
      state.follower = undefined;
    }
    this.plan(state, move, true, start);
  }

  /**
   * True when a unit of radius r cannot drive `path` from distance `from` on, on the grid as it
   * is now.
   */
  private restBlocked(path: SegmentPath, r: number, from = 0): boolean {
    if (r > 0 || path.segments.some((s) => s.kind === 'arc')) {
      return pathHitsBlocked(this.grid, from > 0 ? slicePath(path, from, Infinity) : path, r);
    }
    // A point unit's polyline may touch walls: the grid rule's line of sight decides.
    return polylineBlocked(this.grid, path, from);
  }
}

/** True when a disc of radius r moving along `path` comes within reach of the cells of `area`. */
export function pathNearArea(path: SegmentPath, area: GridArea, r: number): boolean {
  const x0 = area.x - r;
  const y0 = area.y - r;
  const x1 = area.x + area.width + r;
  const y1 = area.y + area.height + r;
  for (const seg of path.segments) {
    const reach = seg.kind === 'arc' ? seg.radius : 0;
    // A box around the piece: its end points, and for arcs the whole circle.
    const ex = seg.x + (seg.kind === 'line' ? (seg.reverse ? -1 : 1) * seg.length * Math.cos(seg.heading) : 0);
    const ey = seg.y + (seg.kind === 'line' ? (seg.reverse ? -1 : 1) * seg.length * Math.sin(seg.heading) : 0);
    const bx0 = seg.kind === 'arc' ? seg.cx - reach : Math.min(seg.x, ex);
    const by0 = seg.kind === 'arc' ? seg.cy - reach : Math.min(seg.y, ey);
    const bx1 = seg.kind === 'arc' ? seg.cx + reach : Math.max(seg.x, ex);
    const by1 = seg.kind === 'arc' ? seg.cy + reach : Math.max(seg.y, ey);
    if (bx1 < x0 || by1 < y0 || bx0 > x1 || by0 > y1) continue;
    if (seg.kind === 'arc') return true;
    if (segmentMeetsBox(seg.x, seg.y, ex, ey, x0, y0, x1, y1)) return true;
  }
  if (path.segments.length === 0) {
    const p = path.start;
    return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1;
  }
  return false;
}

function segmentMeetsBox(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  for (const [p, d, lo, hi] of [
    [ax, dx, x0, x1],
    [ay, dy, y0, y1],
  ] as const) {
    if (d === 0) {
      if (p < lo || p > hi) return false;
      continue;
    }
    const a = (lo - p) / d;
    const b = (hi - p) / d;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
    if (t0 > t1) return false;
  }
  return true;
}

/** The fraction of a step by which a frame's summed time may fall short and still run the step (rounding of sums). */
const STEP_ROUNDING = 1e-9;

/** Tiles an idle unit's drawn position may differ from where the navigator put it before it counts as moved by the game. */
const TELEPORT_TOLERANCE = 1e-6;

/** The crowd's top speed for a unit without a speed (it never moves; the crowd needs a number > 0). */
const IDLE_SPEED = 1;

/** Vehicles in a knot plan round each other after 1, 2 or 3 times the replan wait, by the order they were added in. */
const KNOT_STAGGER = 3;

/** Below this difference two heading components count as equal, for the give-way rule. */
const RULE_EPSILON = 1e-6;

/** Lowers the priority of each later unit by a hair, so that equal priorities go to the older unit. */
const PRIORITY_TIE = 1e-9;

/**
 * The navigator's avoidance options: undefined when off.
 * @throws TypeError when it is neither a boolean nor an object.
 */
function checkAvoidance(avoidance: boolean | AvoidanceOptions | undefined): AvoidanceOptions | undefined {
  if (avoidance === undefined || avoidance === false) return undefined;
  if (avoidance === true) return {};
  if (typeof avoidance !== 'object' || avoidance === null) throw new TypeError(`avoidance must be a boolean or an options object, got ${avoidance === null ? 'null' : typeof avoidance}`);
  return avoidance;
}

/**
 * The navigator's terrain, checked against its grid.
 * @throws TypeError when it is not a {@link TerrainSpeed}; RangeError when its size differs from the grid's.
 */
function checkTerrain(terrain: TerrainSpeed | undefined, grid: Grid): TerrainSpeed | undefined {
  if (terrain === undefined) return undefined;
  if (!(terrain instanceof TerrainSpeed)) throw new TypeError(`terrain must be a TerrainSpeed, got ${terrain === null ? 'null' : typeof terrain}`);
  if (terrain.width !== grid.width || terrain.height !== grid.height) {
    throw new RangeError(`terrain is ${terrain.width}x${terrain.height} cells but the grid is ${grid.width}x${grid.height}`);
  }
  return terrain;
}

/** The motion limits of a profile, for a {@link Follower} (one without a speed refuses to build). */
function motionOf(p: ResolvedProfile): MotionOptions {
  return definedFields({
    speed: p.speed,
    acceleration: p.acceleration,
    deceleration: p.deceleration,
    lateralAcceleration: p.lateralAcceleration,
    slowAtCorners: p.slowAtCorners,
  }) as MotionOptions;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `o` without its undefined fields, so spreading it never erases a default. */
function definedFields<O extends object>(o: O): Partial<O> {
  const out: Partial<O> = {};
  for (const key of Object.keys(o) as (keyof O)[]) if (o[key] !== undefined) out[key] = o[key];
  return out;
}

/**
 * Checks a move order's goal and options (the profile fields among them are checked by
 * {@link resolveProfile}).
 * @throws RangeError naming the bad field.
 */
export function checkOrder(goal: Point, options: MoveOptions): void {
  if (typeof goal !== 'object' || goal === null) throw new RangeError(`goal must be a point {x, y} in tile units, got ${String(goal)}`);
  if (typeof options !== 'object' || options === null) throw new RangeError(`move options must be an object, got ${String(options)}`);
  const { planner, heading, tolerance, nearest } = options;
  if (planner !== undefined && (typeof planner !== 'string' || planner === '')) throw new RangeError(`planner must be a planner name, got ${String(planner)}`);
  if (heading !== undefined && (typeof heading !== 'number' || !Number.isFinite(heading))) {
    throw new RangeError(`heading must be a finite number (radians), got ${String(heading)}`);
  }
  if (tolerance !== undefined && (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0)) {
    throw new RangeError(`tolerance must be a finite number >= 0, got ${String(tolerance)}`);
  }
  if (nearest !== undefined && typeof nearest !== 'boolean') throw new RangeError(`nearest must be a boolean, got ${String(nearest)}`);
}
