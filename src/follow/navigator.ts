/**
 * Units on a grid: move orders, planning within a per-frame budget, driving along the planned
 * paths, replanning when the grid changes under a path. Phaser-free; the plugin adapts sprites
 * to it. Everything here is in tile units and seconds.
 */
import type { Grid, GridArea } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { pathHitsBlocked } from '../curves/footprint.js';
import { checkPosition, PositionError, resolveProfile, type ResolvedProfile, type UnitProfile } from '../unit/profile.js';
import type { SegmentPath } from '../curves/segment-path.js';
import type { Pose } from '../curves/segment.js';
import { Follower } from './follower.js';
import { Move } from './move.js';
import { polylineBlocked, snapPoint } from './path-check.js';
import { PlanQueue, type PlanBudget, type PlanFrameStats, type PlanJob } from './plan-queue.js';
import { concatPaths, slicePath } from './polyline.js';
import { planRoute, RouteContext, type Route, type RouteRequest } from './route.js';
import type { SearchRecord } from './route-context.js';
import { WorkJob } from './work.js';
import type { PlanWorkerClient } from '../worker/client.js';
import { TerrainSpeed } from './terrain-speed.js';
import { groupSlots, type SlotUnit } from '../crowd/slots.js';
import { CrowdDriver } from './crowd-driver.js';
import { joinTrunk, sharedLeader } from './group-route.js';
import type { AvoidanceOptions } from './crowd-steering.js';
import { restateReason, TILE_UNITS, type CallerUnits } from './caller-units.js';
import { PathQueries, queryStart, type PathQueryResult, type QueryStart } from './path-query.js';
import { atRest, definedFields, motionOf, type MoveOptions, type UnitAdapter, type UnitState } from './unit-state.js';

export type { MoveOptions, UnitAdapter } from './unit-state.js';
export type { PathQueryResult, PathQueryStatus, QueryStart } from './path-query.js';

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
  /**
   * Plans the routes of units with a turning radius in a worker (see `PlanWorkerClient`), off the
   * main thread; the other plans, and crowd detours, stay within the frame budget here. The
   * navigator mirrors its grid to it; the owner destroys it.
   */
  planWorker?: PlanWorkerClient;
  /**
   * The units of the caller, in which every reason a move ends with (and a path query answers
   * with) is phrased: tile points and lengths converted, numbers rounded (see `restateReason`).
   * Default: tiles, rounded.
   */
  callerUnits?: CallerUnits;
  /**
   * Converts a point in tile units to the units of the moves' `target` (the plugin: to world
   * pixels), for `move.goal`. Default: tile units as they are.
   */
  toTarget?: (tile: Readonly<Point>) => Point;
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
  /**
   * With avoidance on, for a unit with a turning radius on its way: the cells (x, y) its footprint
   * sweeps over the next seconds of its path at top speed, the stretch others are kept out of.
   */
  readonly predicted?: readonly { readonly x: number; readonly y: number }[];
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
  /** The units among each other, with avoidance on. */
  private readonly crowd: CrowdDriver<T> | undefined;
  private serials = 0;
  private groups = 0;
  private readonly planWorker: PlanWorkerClient | undefined;
  /** The crowd's detour grid, once mirrored to the plan worker. */
  private detourGrid: Grid | undefined;
  /** The caller's adapter, its reads checked (see {@link checkedReads}). */
  private readonly adapter: UnitAdapter<T>;
  private readonly callerUnits: CallerUnits;
  private readonly queries: PathQueries;
  /** The group's target (tile units) of each group member's move that goes to a slot round it. */
  private readonly groupTargets = new WeakMap<Move<T>, Point>();
  private readonly toTarget: (tile: Readonly<Point>) => Point;

  /**
   * @param adapter reads and writes a unit's pose, tile units. A read position that no map can
   *   hold (|x| or |y| beyond `MAX_POSITION`, 2^24 tiles) is refused: the order fails `invalid`
   *   naming the value, and an idle unit of the crowd (avoidance) that the game put there is put
   *   back where it stood.
   */
  constructor(
    readonly grid: Grid,
    adapter: UnitAdapter<T>,
    options: NavigatorOptions = {},
  ) {
    this.adapter = checkedReads(adapter);
    this.queue = options.queue ?? new PlanQueue(options.budget, options.clock);
    this.ownsQueue = options.queue === undefined;
    this.onError = options.onError;
    this.terrain = checkTerrain(options.terrain, grid);
    const avoidance = checkAvoidance(options.avoidance);
    if (avoidance) {
      const host = {
        units: this.units,
        adapter: this.adapter,
        plan: (state: UnitState<T>, move: Move<T>, replan: boolean, from?: Pose, detour?: boolean) => this.plan(state, move, replan, from, detour),
        guard: (state: UnitState<T>, work: () => void) => this.guard(state, work),
        drive: (state: UnitState<T>, h: number) => this.drive(state, h),
        brake: (state: UnitState<T>) => this.brake(state),
      };
      this.crowd = new CrowdDriver(grid, host, avoidance, this.terrain);
    }
    this.routes = new RouteContext(grid);
    this.unsubscribe = grid.watch((area) => this.changes.push(area));
    this.planWorker = options.planWorker;
    this.planWorker?.attach(grid);
    this.callerUnits = options.callerUnits ?? TILE_UNITS;
    this.queries = new PathQueries(this.routes, this.queue, (reason) => this.phrase(reason));
    const toTarget = options.toTarget;
    if (toTarget !== undefined && typeof toTarget !== 'function') throw new TypeError(`toTarget must be a function, got ${typeof toTarget}`);
    this.toTarget = toTarget ?? ((p) => ({ x: p.x, y: p.y }));
  }

  /**
   * Gives `unit` a profile that every later move uses (a move's options may override it). For a
   * unit with a turning radius this also makes its directional planner (cheap: the first order builds the tables, within the frame budget).
   * @throws RangeError naming a bad field (`speed` is required); TypeError when `profile` is not an object.
   */
  addUnit(unit: T, profile: UnitProfile): void {
    const resolved = this.resolveUnit(profile);
    if (resolved.turningRadius > 0) {
      this.routes.prepareCurvePlanner(resolved);
      this.planWorker?.prepare(resolved);
    }
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
    this.crowd?.leave(state);
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
    return this.order(unit, goal, options, target, true);
  }

  /**
   * An order; `planNow` false leaves its planning to the caller (a group's shared search).
   * `asked`: the group's target (tile units) when `goal` is a member's slot round it.
   */
  private order(unit: T, goal: Point, options: MoveOptions, target: Point, planNow: boolean, asked?: Point): Move<T> {
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
    if (asked) this.groupTargets.set(move, { x: asked.x, y: asked.y });
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
    if (!planNow) return move;
    try {
      this.plan(state, move, false);
    } catch (error) {
      // E.g. the adapter could not read the unit's pose, or read one no map can hold.
      state.follower = undefined;
      this.failSoon(state, move, messageOf(error), error instanceof PositionError ? 'invalid' : 'error');
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
   * The goal is judged for each unit as a single order's is: when it is outside the map, inside
   * a wall, has no room for the unit or is out of its reach, the unit's move fails with that
   * status, unless `options.nearest`, which sends it to its slot round the nearest reachable
   * point with `move.retargeted` set and the `retarget` event.
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
    // A unit read where no map can be takes no slot and holds none: its own order fails `invalid`.
    const slotUnits: SlotUnit[] = [];
    const placed: number[] = [];
    members.forEach((u, i) => {
      const state = this.units.get(u);
      const at = onMap(() => (state ? this.whereIs(state) : this.adapter.read(u)));
      if (!at) return;
      placed.push(i);
      slotUnits.push({ x: at.x, y: at.y, radius: state?.resolved.sweepRadius ?? 0 });
    });
    const occupied: SlotUnit[] = [];
    for (const s of this.units.values()) {
      if (inGroup.has(s.unit) || !atRest(s)) continue;
      const at = onMap(() => this.whereIs(s));
      if (at) occupied.push({ x: at.x, y: at.y, radius: s.resolved.sweepRadius });
    }
    const slots: (Point | undefined)[] = [];
    try {
      checkOrder(goal, options);
      const states = members.map((u) => this.units.get(u)).filter((x): x is UnitState<T> => x !== undefined);
      const gap = this.crowd?.slotGap(states);
      const found = groupSlots(this.grid, slotUnits, goal, gap === undefined ? { occupied } : { occupied, gap });
      placed.forEach((m, k) => (slots[m] = found[k]));
    } catch {
      // A bad goal fails each unit's move from moveTo, with the reason.
    }
    const group = this.groups++;
    const share = this.shareable(members, slots, goal, options);
    const moves = members.map((u, i) => {
      const slot = slots[i];
      const move = this.order(u, slot ?? goal, options, target, share < 0, slot ? goal : undefined);
      this.units.get(u)!.group = group;
      return move;
    });
    if (share >= 0) this.planShared(members, moves, share, goal);
    return moves;
  }

  /**
   * The member a group's one shared search starts from, or -1 when each plans its own: the
   * group must move alike (one profile, turning on the spot, no nearest or tolerance), stand
   * close together, be sent far, and every member have a spot (see `group-route`).
   */
  private shareable(members: readonly T[], slots: readonly (Point | undefined)[], goal: Point, options: MoveOptions): number {
    if (options.nearest !== undefined || options.tolerance !== undefined || members.length === 0) return -1;
    const states = members.map((u) => this.units.get(u));
    const first = states[0];
    if (!first || first.resolved.turningRadius > 0) return -1;
    for (let i = 0; i < states.length; i++) {
      const s = states[i];
      if (!s || s.resolved.key !== first.resolved.key || s.resolved.turningRadius > 0 || slots[i] === undefined) return -1;
    }
    try {
      return sharedLeader(states.map((s) => this.whereIs(s!)), goal);
    } catch {
      return -1;
    }
  }

  /**
   * Plans a group's moves with one search from its leader to the goal; each member joins that
   * path where it can see it. A member that cannot join, or a search that fails, falls back to
   * the member's own plan.
   */
  private planShared(members: readonly T[], moves: readonly Move<T>[], leader: number, target: Point): void {
    const states = members.map((u) => this.units.get(u)!);
    const lead = states[leader]!;
    const starts: Pose[] = [];
    for (let i = 0; i < states.length; i++) {
      try {
        starts.push(this.runOut(states[i]!));
      } catch (error) {
        starts.push({ x: NaN, y: NaN, heading: 0 });
        this.failSoon(states[i]!, moves[i]!, messageOf(error), 'error');
      }
    }
    const request = {
      start: starts[leader]!,
      goal: lead.goal,
      profile: lead.resolved,
      target,
      ...definedFields({ goalHeading: lead.options.heading, planner: lead.options.planner }),
    };
    const version = this.grid.layoutVersion;
    const own = (i: number): void => {
      const s = states[i]!;
      if (s.move === moves[i] && !moves[i]!.ended) this.plan(s, moves[i]!, false, starts[i]);
    };
    const job = new WorkJob(
      (budget) => planRoute(this.routes, request, budget),
      (route) => {
        for (let i = 0; i < states.length; i++) {
          const s = states[i]!;
          const move = moves[i]!;
          if (s.move !== move || move.ended || s.job !== tickets[i]) continue;
          s.job = undefined;
          const joined = route.status === 'found' && route.path ? joinTrunk(this.grid, route.path, starts[i]!, s.goal, s.resolved.sweepRadius) : undefined;
          if (!joined) {
            own(i);
            continue;
          }
          this.adopt(s, move, { status: 'found', path: joined.path, waypoints: joined.waypoints, goal: s.goal, ...definedFields({ finalHeading: route.finalHeading, retargeted: route.retargeted }) }, false, version);
        }
      },
      () => {
        for (let i = 0; i < states.length; i++) {
          if (states[i]!.job !== tickets[i]) continue;
          states[i]!.job = undefined;
          own(i);
        }
      },
    );
    // Each member holds a ticket for the shared search: cancelling one (a new order, a stop)
    // drops that member only; the search stops when every ticket is gone.
    let held = 0;
    const tickets: PlanJob[] = states.map(() => {
      let cancelled = false;
      held++;
      return {
        step: () => 0,
        get done() {
          return cancelled || job.done;
        },
        cancel() {
          if (cancelled) return;
          cancelled = true;
          if (--held === 0) job.cancel();
        },
      };
    });
    for (let i = 0; i < states.length; i++) {
      if (states[i]!.move === moves[i] && !moves[i]!.ended && !Number.isNaN(starts[i]!.x)) states[i]!.job = tickets[i];
      else tickets[i]!.cancel();
    }
    if (!job.done) this.queue.add(job);
  }

  /**
   * The path a unit would take to `goal` (tile units), or why there is none, without moving
   * anything: planned like a move (same planners, checks and statuses) on the plan queue, within
   * the frame budget, so the answer comes from a later {@link update}. `from` is a unit of the
   * navigator (from where it is now, with its profile under `options`) or a point or pose, with
   * the profile in `options` (`speed` is not needed). Never rejects: bad input answers `invalid`,
   * {@link destroy} answers `cancelled`.
   *
   * @example
   * ```ts
   * const { status, points, length } = await nav.findPath({ x: 1.5, y: 1.5 }, { x: 20.5, y: 4.5 }, { width: 0.8 });
   * ```
   */
  findPath(from: T | QueryStart, goal: Point, options: MoveOptions = {}): Promise<PathQueryResult> {
    return this.queries.ask(() => {
      const state = this.units.get(from as T);
      const start = state ? this.whereIs(state) : queryStart(from);
      checkOrder(goal, options);
      const { heading: goalHeading, planner, nearest, tolerance } = options;
      const profile = this.resolveUnit({ ...state?.profile, ...definedFields(options) }, false);
      return { start, goal: { x: goal.x, y: goal.y }, profile, ...definedFields({ goalHeading, planner, nearest, tolerance }) };
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
      if (this.crowd) this.crowd.frame(step);
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
      const seen = this.crowd?.debug(s);
      units.push({
        unit: s.unit,
        path: s.follower?.path,
        distance: s.follower?.distance ?? 0,
        footprint,
        width,
        length,
        ...(seen ?? {}),
      });
    }
    return { units, lastSearch: this.routes.lastSearch(expanded), queued: this.queue.size };
  }

  /** Cancels every move, forgets every unit and lets go of the grid. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.queries.cancelAll('the navigator was destroyed', true);
    for (const unit of [...this.units.keys()]) this.removeUnit(unit);
    if (this.ownsQueue) this.queue.clear();
    this.unsubscribe();
    this.planWorker?.release(this.grid);
    if (this.detourGrid) this.planWorker?.release(this.detourGrid);
    this.detourGrid = undefined;
    this.routes.destroy();
    this.crowd?.destroy();
    this.changes.length = 0;
  }

  /**
   * Resolves the profile a unit moves with: the one check of its fields, plus what moving needs
   * (a speed, which a path query does without: `moving` false), and a footprint that fits
   * somewhere on the map (touching the border counts as hitting it), refused before any search
   * looks for room for it cell by cell.
   * @throws RangeError naming the bad field; TypeError when `profile` is not an object.
   */
  private resolveUnit(profile: UnitProfile, moving = true): ResolvedProfile {
    const resolved = resolveProfile(profile);
    if (moving && resolved.speed === undefined) throw new RangeError('speed is required (give it to addUnit or moveTo)');
    const size = 2 * resolved.sweepRadius;
    if (size >= Math.min(this.grid.width, this.grid.height)) {
      const what = resolved.footprint === 'rectangle' ? `footprint ${resolved.width} tiles x ${resolved.length} tiles (diagonal ${size} tiles)` : `width ${resolved.width} tiles`;
      throw new RangeError(`${what} does not fit anywhere on the ${this.grid.width}x${this.grid.height} map`);
    }
    return resolved;
  }

  /** A reason of the core (tiles) as the caller reads it: in its units, rounded. */
  private phrase(reason: string): string {
    return restateReason(reason, this.callerUnits);
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
    this.crowd?.standStill(state);
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

  /** Where the unit is now (tile units). */
  private whereIs(state: UnitState<T>): Pose {
    return this.crowd?.whereIs(state) ?? (state.follower ? { ...state.follower.pose } : this.adapter.read(state.unit));
  }

  /** Queues a plan for `move` from the unit's pose, or from a little ahead when it is moving. */
  private plan(state: UnitState<T>, move: Move<T>, replan: boolean, from?: Pose, detour = false): void {
    state.job?.cancel();
    const start = from ?? this.runOut(state);
    const crowd = detour ? this.crowd : undefined;
    const request = {
      start,
      goal: state.goal,
      profile: state.resolved,
      ...definedFields({
        goalHeading: state.options.heading,
        planner: state.options.planner,
        nearest: state.options.nearest,
        tolerance: state.options.tolerance,
        // A detour's grid blocks the standing units' cells: the group's target is judged on the map itself.
        target: crowd ? undefined : this.groupTargets.get(move),
      }),
    };
    const version = this.grid.layoutVersion;
    const onDone = (route: Route): void => {
      if (state.job === job) state.job = undefined;
      // No way round the standing units to the goal itself (or the unit touches one): the usual plan.
      const end = route.path?.end;
      const reaches = route.status === 'found' && end !== undefined && Math.hypot(end.x - request.goal.x, end.y - request.goal.y) <= DETOUR_END;
      if (crowd && !reaches && !move.ended && state.move === move) this.plan(state, move, replan, start);
      // A detour that reaches the goal leaves the target's verdict as it was.
      else this.adopt(state, move, crowd && route.status === 'found' ? { ...route, retargeted: move.retargeted } : route, replan, version);
    };
    const onError = (error: unknown): void => {
      if (state.job === job) state.job = undefined;
      if (state.move === move) this.failUnit(state, error);
    };
    const remote = this.remotePlan(state, request, crowd, replan, onDone, onError);
    const job: PlanJob = remote ?? new WorkJob((budget) => (crowd ? crowd.detourRoute(state, request, budget) : planRoute(this.routes, request, budget)), onDone, onError);
    state.job = job;
    if (!remote) this.queue.add(job, replan);
  }

  /**
   * A vehicle's plan sent to the worker, which delivers it through the queue when it is in; a
   * detour's on the detour grid with the standing units' cells blocked now, which the worker
   * mirrors too. Undefined when the plan is to run in-thread (no worker alive, a unit that turns
   * on the spot).
   */
  private remotePlan(state: UnitState<T>, request: RouteRequest, crowd: CrowdDriver<T> | undefined, urgent: boolean, onDone: (route: Route) => void, onError: (error: unknown) => void): PlanJob | undefined {
    const worker = this.planWorker;
    if (!worker || state.resolved.turningRadius <= 0) return undefined;
    // Starts a worker given on demand (once per profile), which may not be there yet.
    worker.prepare(state.resolved);
    if (!worker.alive) return undefined;
    const routes = crowd ? crowd.detourRoutes(state, request) : this.routes;
    if (routes.grid !== this.grid && routes.grid !== this.detourGrid) {
      if (this.detourGrid) worker.release(this.detourGrid);
      this.detourGrid = routes.grid;
      worker.attach(routes.grid);
    }
    return worker.job(routes.grid, request, { queue: this.queue, routes, urgent }, onDone, onError);
  }

  /**
   * Cuts the unit's current motion short so it stops smoothly at a point ahead (its braking
   * distance, plus a moment of driving for units with a turning radius unless `ahead` is false)
   * and returns the pose there: where the new path will start.
   */
  private runOut(state: UnitState<T>, ahead = state.resolved.turningRadius > 0): Pose {
    const profile = state.resolved;
    const f = state.follower;
    const steered = this.crowd?.stopSteering(state);
    if (steered) return steered;
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
      move.end('failed', this.phrase(route.message ?? `no path (${route.status})`), route.status === 'found' ? 'no-path' : route.status);
      return;
    }
    const profile = state.resolved;
    if (version !== this.grid.layoutVersion && this.restBlocked(route.path, profile.sweepRadius)) {
      this.plan(state, move, replan);
      return;
    }
    const goal = this.toTarget(route.goal);
    const retargeted = route.retargeted === true;
    const moved = retargeted && (!move.retargeted || move.goal === undefined || move.goal.x !== goal.x || move.goal.y !== goal.y);
    move.goal = goal;
    move.retargeted = retargeted;
    if (moved) {
      move.emit('retarget', state.unit, move);
      // A listener may have cancelled the move or given a new order.
      if (move.ended || state.move !== move) return;
    }
    // A unit that steers plans from where it stands (its old path is only what it chased).
    const steering = this.crowd?.speedOf(state);
    const live = steering === undefined && state.follower !== undefined && !state.follower.done;
    const runOut = live ? slicePath(state.follower!.path, state.follower!.distance, Infinity) : undefined;
    const speed = steering !== undefined ? Math.min(steering, profile.speed ?? 0) : live ? state.follower!.speed : 0;
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
    this.crowd?.adopted(state, route, offset, replan);
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
        move.end('failed', this.phrase(message), failure);
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

/** Tiles from the goal within which a detour's path counts as ending on it (else the usual plan is taken). */
const DETOUR_END = 0.05;

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

/**
 * `adapter` with each read's x and y checked by `checkPosition`: far off any map x + 1 === x,
 * and the loops over the cells round a unit would never end.
 */
function checkedReads<T>(adapter: UnitAdapter<T>): UnitAdapter<T> {
  return {
    read: (unit) => {
      const pose = adapter.read(unit);
      checkPosition('unit position x', pose.x);
      checkPosition('unit position y', pose.y);
      return pose;
    },
    write: (unit, pose) => adapter.write(unit, pose),
  };
}

/** What `read` reads, or undefined when it is a position no map can hold (a `PositionError`). */
function onMap(read: () => Pose): Pose | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof PositionError) return undefined;
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
