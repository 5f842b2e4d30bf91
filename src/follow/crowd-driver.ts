/**
 * A navigator's units among each other: each frame in fixed steps, units that turn on the spot
 * steer round each other through the crowd core (ORCA) while pursuing their paths, vehicles keep
 * to their curves and brake by {@link VehicleYield}, idle units step aside and come back, and
 * units held up plan round those that stand. The navigator owns the units and their orders; this
 * drives them. Tile units and seconds.
 */
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { forEachSweptCell, pointSquareDistance, segmentHitsBlocked } from '../curves/footprint.js';
import { arcSegment, segmentPoseAt, type Pose, type Segment, type Turn } from '../curves/segment.js';
import { SegmentPath } from '../curves/segment-path.js';
import { Crowd } from '../crowd/crowd.js';
import { LaneReservations, type LaneTraveller, type LaneWait } from '../crowd/lane-reservations.js';
import { OneLaneMap } from '../crowd/one-lane.js';
import { PassingLanes } from '../crowd/passing-lanes.js';
import { DEFAULT_HORIZON, DEFAULT_MARGIN, VehicleYield, type Traveller, type YieldDecision } from '../crowd/vehicle-yield.js';
import { legClear } from './disc-room.js';
import { Follower, type FollowerEvent } from './follower.js';
import type { Move } from './move.js';
import { slicePath } from './polyline.js';
import { DetourGrid } from './detour-grid.js';
import { planRoute, type Route, type RouteContext, type RouteRequest } from './route.js';
import type { Work, WorkBudget } from './work.js';
import type { TerrainSpeed } from './terrain-speed.js';
import { atRest, definedFields, motionOf, type UnitAdapter, type UnitState } from './unit-state.js';
import {
  allowedSpeed,
  ALONE_RANGE,
  ASIDE_ROOM,
  ASK_ASIDE_TIME,
  ASIDE_TIME,
  ARRIVE_DISTANCE,
  AVOIDANCE_TIME_HORIZON,
  avoidanceStep,
  CATCH_UP_TIME,
  CREEP_LOOKAHEAD,
  CREEP_SAMPLE,
  CREEP_SPEED,
  GIVE_WAY_AFTER,
  GIVE_WAY_TIME,
  HEADING_SPEED,
  HOME_TAKEN_TIME,
  IDLE_RADIUS_BOUND,
  KNOT_RETRY_TIME,
  LANE_MARGIN,
  LANE_STEERING_WAIT,
  LANE_VEHICLE_WAIT,
  LOOKAHEAD,
  MAX_STEPS_PER_FRAME,
  MOVING_SPEED,
  NARROW_TIME_HORIZON,
  newRider,
  noProgress,
  noProgressReason,
  nextWarp,
  type Rider,
  progressOn,
  PROGRESS_WINDOW,
  REJOIN_DISTANCE,
  REPLAN_DISTANCE,
  SETTLE_PROGRESS,
  SETTLE_TIME,
  STALL_REPLAN_TIME,
  STUCK_TIME,
  TOUCH_GAP,
  VEHICLE_SLOT_ROOM,
  YIELD_HOLD,
  type AvoidanceOptions,
} from './crowd-steering.js';

/** What the crowd driver needs of its navigator. */
export interface CrowdHost<T> {
  /** The navigator's units, by unit. */
  readonly units: ReadonlyMap<T, UnitState<T>>;
  readonly adapter: UnitAdapter<T>;
  /** Plans `state`'s move again (from `from`; with `detour`, round the units that stand). */
  plan(state: UnitState<T>, move: Move<T>, replan: boolean, from?: Pose, detour?: boolean): void;
  /** Runs `work` for one unit; if it throws, that unit's move fails. */
  guard(state: UnitState<T>, work: () => void): void;
  /** Drives a unit that is not in the crowd (a point) `h` seconds along its path. */
  drive(state: UnitState<T>, h: number): void;
  /** Drops a unit's planning and brakes it to a stop. */
  brake(state: UnitState<T>): void;
}

/** No unit waits at a one-lane run: the answer while no vehicle is among the units. */
const NO_LANE_WAITS: ReadonlyMap<number, LaneWait> = new Map();

/** The fraction of a step by which a frame's summed time may fall short and still run the step (rounding of sums). */
const STEP_ROUNDING = 1e-9;

/** Tiles an idle unit's drawn position may differ from where the navigator put it before it counts as moved by the game. */
const TELEPORT_TOLERANCE = 1e-6;

/** The crowd's top speed for a unit without a speed (it never moves; the crowd needs a number > 0). */
const IDLE_SPEED = 1;

/** Vehicles in a knot plan round each other after 1, 2 or 3 times the replan wait, by the order they were added in. */
const KNOT_STAGGER = 3;

/** Share of the way its speed allows, over a replan wait, below which a unit counts as crawling. */
const CRAWL_FRACTION = 0.25;

/** Below this difference two heading components count as equal, for the give-way rule. */
const RULE_EPSILON = 1e-6;

/** Tiles (between discs) within which vehicles count for the way out of a unit wedged between them: half a tile. */
const ESCAPE_RANGE = 0.5;

/**
 * Seconds a vehicle that may reverse waits head on with another before it backs out of its way
 * ({@link CrowdDriver.makesWayFor}). Crowd benchmark, 6 runs each with jittered starts: the bridge
 * 127 -> 136 of 144 units arrived, its 8 tanks alone 33 -> 45 of 48; 0.5 s and 1.5 s alike.
 */
const MAKE_WAY_TIME = 0.5;

/** Below this cosine of the angle between their headings two vehicles face each other (about 120° or more apart). */
const HEAD_ON_COS = -0.5;

/** Tiles of its path ahead within which a vehicle counts as heading into a one-lane run: about three of its lengths. */
const RUN_AHEAD = 4;

/** Tiles along its path by which a vehicle overlapping another looks whether driving on takes it out ({@link CrowdDriver.drivesApart}): a few steps' travel. */
const APART_PROBE = 0.1;

/** Lowers the priority of each later unit by a hair, so that equal priorities go to the older unit. */
const PRIORITY_TIE = 1e-9;

/** True when point `b` lies ahead of pose `a` (in front of the line through it across its heading). */
function ahead(a: Pose, b: Point): boolean {
  return (b.x - a.x) * Math.cos(a.heading) + (b.y - a.y) * Math.sin(a.heading) > 0;
}

/** Drives a navigator's units among each other (see the module comment). */
export class CrowdDriver<T> {
  private readonly crowd: Crowd;
  private readonly yielder: VehicleYield;
  /** The margin vehicles keep from each other, tiles, and how far ahead they look, seconds. */
  private readonly yieldMargin: number;
  private readonly horizon: number;
  /** The fixed step, seconds, and the frame time not yet stepped. */
  private readonly step: number;
  private pending = 0;
  /** Units by crowd id, for the vehicles' decisions. */
  private readonly byAgent = new Map<number, UnitState<T>>();
  /** Scratch: a pose on a path, and neighbours' crowd ids. */
  private readonly pose: Pose = { x: 0, y: 0, heading: 0 };
  private readonly near: number[] = [];
  /**
   * Scratch for {@link stepAside}'s own neighbour questions: it is called from loops over
   * {@link near} ({@link creepCap}), which sharing one list would overwrite mid-loop.
   */
  private readonly nearAside: number[] = [];
  /** One-way traffic on one-lane stretches, while vehicles are among the units. */
  private lanes: LaneReservations | undefined;
  /** The grid and planners of detours round units that stand, made at the first detour. */
  private detours: DetourGrid | undefined;
  /** The right-hand lanes of narrow passages, and scratch for a lane's point. */
  private readonly passing: PassingLanes;
  private readonly lane = { x: 0, y: 0 };
  /** Who waits short of a one-lane run this step, by crowd id. */
  private laneWaits: ReadonlyMap<number, LaneWait> = NO_LANE_WAITS;

  /** @throws RangeError naming a bad option. */
  constructor(
    private readonly grid: Grid,
    private readonly host: CrowdHost<T>,
    options: AvoidanceOptions,
    private readonly terrain: TerrainSpeed | undefined,
  ) {
    this.step = avoidanceStep(options);
    this.crowd = new Crowd(grid, { timeHorizon: AVOIDANCE_TIME_HORIZON, ...options });
    this.passing = new PassingLanes(grid);
    this.yielder = new VehicleYield(options.vehicles);
    this.yieldMargin = options.vehicles?.margin ?? DEFAULT_MARGIN;
    this.horizon = options.vehicles?.horizon ?? DEFAULT_HORIZON;
  }

  /**
   * Where a unit that steers stops when its order changes: where the crowd put it, off its path
   * by up to a few tiles; it stops there (the crowd brakes it) and plans from there. Undefined for
   * a unit that does not steer.
   */
  stopSteering(state: UnitState<T>): Pose | undefined {
    const r = state.rider;
    if (!r || !this.steers(state)) return undefined;
    state.follower = undefined;
    state.routed = false;
    r.homeX = this.crowd.x(r.agent);
    r.homeY = this.crowd.y(r.agent);
    return { x: r.homeX, y: r.homeY, heading: r.heading };
  }

  /** The speed a unit that steers moves at now, tiles per second; undefined for one that does not steer. */
  speedOf(state: UnitState<T>): number | undefined {
    const r = state.rider;
    if (!r || !this.steers(state)) return undefined;
    return Math.hypot(this.crowd.vx(r.agent), this.crowd.vy(r.agent));
  }

  /**
   * A unit was given a route (`waypoints` along its path from `offset`): its progress starts
   * again; a replan goes on judging progress from before it, so a unit held up plans again once,
   * not every few seconds.
   */
  adopted(state: UnitState<T>, route: Route, offset: number, replan: boolean): void {
    const rider = state.rider;
    if (!rider) return;
    if (!replan) {
      rider.best = Infinity;
      rider.idle = 0;
      rider.frozen = 0;
      rider.askedAside = false;
      rider.window = 0;
      rider.windowBest = Infinity;
      rider.crawling = false;
      rider.mark = Infinity;
      rider.sinceProgress = 0;
      rider.heldSinceProgress = 0;
    }
    rider.stall = 0;
    rider.progress = 0;
    rider.off = 0;
    rider.pursuing = false;
    rider.makingWay = false;
    rider.waypoints = route.waypoints.map((w) => w + offset);
    rider.nextWaypoint = 0;
  }

  /**
   * What a debug view shows of a unit in the crowd: its velocity, whether it waits, and for a
   * vehicle on its way the cells its footprint will sweep over the prediction horizon at its top
   * speed (what the others are kept out of). O(cells swept): for drawing, not for every frame of a game.
   */
  debug(state: UnitState<T>): { velocity: { x: number; y: number }; waiting: boolean; predicted?: readonly { x: number; y: number }[] } | undefined {
    const r = state.rider;
    if (!r) return undefined;
    const f = state.follower;
    const seen = { velocity: { x: this.crowd.vx(r.agent), y: this.crowd.vy(r.agent) }, waiting: f !== undefined && r.warp === 0 };
    if (!f || f.done || state.resolved.turningRadius === 0) return seen;
    const ahead = slicePath(f.path, f.distance, f.distance + (state.resolved.speed ?? 0) * this.horizon);
    const cells = new Map<number, { x: number; y: number }>();
    for (const seg of ahead.segments) {
      forEachSweptCell(seg, state.resolved.sweepRadius, (x, y) => {
        if (this.grid.inBounds(x, y)) cells.set(y * this.grid.width + x, { x, y });
      });
    }
    return { ...seen, predicted: [...cells.values()] };
  }

  /**
   * The gap between the spots of a group order: room for a vehicle to turn into its spot beside
   * another (its turning radius times {@link VEHICLE_SLOT_ROOM}); undefined (the slots' default)
   * for a group without vehicles.
   */
  slotGap(members: readonly UnitState<T>[]): number | undefined {
    const turning = Math.max(0, ...members.map((s) => s.resolved.turningRadius));
    return turning > 0 ? VEHICLE_SLOT_ROOM * turning : undefined;
  }

  /**
   * True when the unit steers around others: it turns on the spot, takes part in avoidance and
   * has a width (a point takes no room: it drives its path, and nobody has to keep off it).
   */
  steers(state: UnitState<T>): boolean {
    const p = state.resolved;
    return p.avoid && p.turningRadius === 0 && p.sweepRadius > 0 && p.speed !== undefined;
  }

  /** Where the unit is now (tile units). */
  whereIs(state: UnitState<T>): Pose {
    const r = state.rider;
    if (r && this.steers(state)) return { x: this.crowd.x(r.agent), y: this.crowd.y(r.agent), heading: r.heading };
    return state.follower ? { ...state.follower.pose } : this.host.adapter.read(state.unit);
  }

  /** An idle unit that steers comes back to where it stands now after stepping aside. */
  standStill(state: UnitState<T>): void {
    const r = state.rider;
    if (!r) return;
    r.homeX = this.crowd.x(r.agent);
    r.homeY = this.crowd.y(r.agent);
  }

  /** One frame with avoidance: as many fixed steps as the frame's time holds. */
  frame(dt: number): void {
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
    const crowd = this.crowd;
    const states = [...this.host.units.values()];
    for (const s of states) this.host.guard(s, () => this.join(s));
    const decisions = this.vehicleDecisions(states);
    this.laneWaits = this.reserveLanes(states, decisions);
    for (const s of states) {
      if (this.host.units.get(s.unit) !== s) continue;
      // A point takes no room: it drives its path as if alone, and is not in the crowd.
      if (!s.rider) this.host.guard(s, () => this.host.drive(s, h));
      else this.host.guard(s, () => (this.steers(s) ? this.chase(s, h) : this.driveBound(s, h, decisions?.get(s.rider!.agent))));
    }
    crowd.step(h);
    for (const s of states) {
      if (this.host.units.get(s.unit) !== s || !s.rider || !this.steers(s)) continue;
      this.host.guard(s, () => this.afterStep(s, h));
    }
  }

  /** Puts the unit in the crowd (a unit with a width), or updates its size, speed and mode there. */
  private join(s: UnitState<T>): void {
    const crowd = this.crowd;
    const radius = s.resolved.sweepRadius;
    if (radius === 0) {
      this.leave(s);
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
    const at = r ? this.whereIs(s) : s.follower ? { ...s.follower.pose } : this.host.adapter.read(s.unit);
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
   * Plans `request` for unit `s` round the units that stand (idle units, and vehicles waiting):
   * on the detour grid ({@link DetourGrid}) with their cells blocked, but for the cells of the
   * unit's own start and goal. Which units stand is read when the plan begins (the job runs after
   * those queued before it), and the detour grid is patched then.
   */
  *detourRoute(s: UnitState<T>, request: RouteRequest, budget: WorkBudget): Work<Route> {
    return yield* planRoute(this.detourRoutes(s, request), request, budget);
  }

  /**
   * The planners of the detour grid with the cells of the units that stand now blocked (see
   * {@link detourRoute}): for a plan made elsewhere (a vehicle's, in the plan worker, which
   * mirrors the detour grid).
   */
  detourRoutes(s: UnitState<T>, request: RouteRequest): RouteContext {
    const { start, goal } = request;
    const grid = this.grid;
    const crowd = this.crowd;
    const cells = new Set<number>();
    const keep = (cx: number, cy: number): boolean =>
      (cx === Math.floor(goal.x) && cy === Math.floor(goal.y)) || pointSquareDistance(start.x, start.y, cx, cy) < s.resolved.sweepRadius;
    for (const other of this.host.units.values()) {
      const r = other.rider;
      if (!r || other === s) continue;
      if (!this.standing(r.agent)) continue;
      const x = crowd.x(r.agent);
      const y = crowd.y(r.agent);
      const rad = other.resolved.sweepRadius;
      // Only the map's cells: far off it x + 1 === x, and a loop from x - rad to x + rad never ends.
      const x1 = Math.min(grid.width - 1, Math.floor(x + rad));
      const y1 = Math.min(grid.height - 1, Math.floor(y + rad));
      for (let cy = Math.max(0, Math.floor(y - rad)); cy <= y1; cy++) {
        for (let cx = Math.max(0, Math.floor(x - rad)); cx <= x1; cx++) {
          if (pointSquareDistance(x, y, cx, cy) < rad && !keep(cx, cy)) cells.add(cy * grid.width + cx);
        }
      }
    }
    this.detours ??= new DetourGrid(grid);
    return this.detours.routesWith(cells);
  }

  /** Lets go of the detour grid's planners, its watch on the navigator's grid and the crowd's. */
  destroy(): void {
    this.crowd.destroy();
    this.detours?.destroy();
    this.detours = undefined;
  }

  /** True when the unit of crowd id `agent` stands: idle, or a vehicle waiting. */
  private standing(agent: number | undefined): boolean {
    const other = agent === undefined ? undefined : this.byAgent.get(agent);
    if (!other || !other.rider) return false;
    return atRest(other) || (other.follower !== undefined && other.rider.warp === 0);
  }

  /** Takes the unit out of the crowd. */
  leave(s: UnitState<T>): void {
    if (!s.rider) return;
    this.crowd?.remove(s.rider.agent);
    this.byAgent.delete(s.rider.agent);
    s.rider = undefined;
  }

  /** An idle unit the game moved itself (a respawn, a teleport) is taken where the game put it. */
  private followTeleport(s: UnitState<T>): void {
    const r = s.rider!;
    const at = this.host.adapter.read(s.unit);
    if (Math.abs(at.x - r.lastX) <= TELEPORT_TOLERANCE && Math.abs(at.y - r.lastY) <= TELEPORT_TOLERANCE) return;
    this.crowd.setState(r.agent, at.x, at.y, 0, 0);
    r.homeX = r.lastX = at.x;
    r.homeY = r.lastY = at.y;
    r.heading = at.heading;
  }

  /** What every vehicle brakes for this step, by crowd id; undefined when no vehicle drives. */
  private vehicleDecisions(states: readonly UnitState<T>[]): Map<number, YieldDecision> | undefined {
    const crowd = this.crowd;
    let driving = false;
    for (const s of states) {
      if (s.rider && s.resolved.turningRadius > 0 && s.resolved.avoid && s.follower && !s.follower.done) driving = true;
    }
    if (!driving) return undefined;
    const travellers: Traveller[] = [];
    for (const s of states) {
      const r = s.rider;
      if (!r || this.host.units.get(s.unit) !== s) continue;
      // An idle unit that steps aside is not waited for: vehicles creep on until it has ({@link creepCap}).
      if (this.stepsAside(s)) continue;
      const a = r.agent;
      const f = s.follower;
      const vehicle = s.resolved.turningRadius > 0 && s.resolved.avoid;
      const onPath = vehicle && f !== undefined && !f.done;
      const vx = crowd.vx(a);
      const vy = crowd.vy(a);
      const traveller: Traveller = {
        id: a,
        x: crowd.x(a),
        y: crowd.y(a),
        // Units that steer keep clear of vehicles themselves (the crowd makes sure): a vehicle
        // drives past one beside it without the margin it keeps from other vehicles.
        radius: vehicle ? s.resolved.sweepRadius : Math.max(0, s.resolved.sweepRadius - this.yieldMargin),
        speed: onPath ? r.warp * f.speed : Math.hypot(vx, vy),
        maxSpeed: s.resolved.speed ?? IDLE_SPEED,
        vx,
        vy,
        yields: vehicle,
        // Equal priorities go to the older unit.
        priority: s.resolved.priority - s.serial * PRIORITY_TIE,
        deceleration: s.resolved.deceleration,
      };
      // Set after, not spread in: this runs every step for every unit.
      if (onPath) {
        traveller.path = f.path;
        traveller.distance = f.distance;
      }
      travellers.push(traveller);
    }
    const out = new Map<number, YieldDecision>();
    for (const d of this.yielder!.decide(travellers)) out.set(d.id, d);
    return out;
  }

  /**
   * True for a unit that steers and stands by: idle (it goes back to its spot after), waiting
   * its turn at a one-lane run (a vehicle coming out of the run must get past it), or giving way
   * to a vehicle (backing along its own path can lead into the vehicle: a path planned from where
   * it stood). It steps aside for vehicles.
   */
  private stepsAside(s: UnitState<T>): boolean {
    const r = s.rider;
    return this.steers(s) && (atRest(s) || (r !== undefined && (this.laneWaits.has(r.agent) || (r.clearsVehicle && r.backoff > 0))));
  }

  /**
   * The speed a vehicle may keep for the idle units near its way: {@link CREEP_SPEED} while one is
   * on its next stretch (the crowd moves it aside, as the vehicle comes on), 0 while one is within
   * touch of it (cornered, it could not get out of the way), else Infinity; and the nearest such unit.
   */
  private creepCap(s: UnitState<T>, f: Follower): { cap: number; blocker: number } | undefined {
    const crowd = this.crowd;
    const a = s.rider!.agent;
    const rv = s.resolved.sweepRadius;
    const reach = rv + IDLE_RADIUS_BOUND + CREEP_LOOKAHEAD;
    const count = crowd.neighbours(a, reach, this.near);
    let cap = Infinity;
    let blocker = -1;
    for (let i = 0; i < count; i++) {
      const other = this.byAgent.get(this.near[i]!);
      if (!other || !this.stepsAside(other)) continue;
      const b = other.rider!.agent;
      const bx = crowd.x(b);
      const by = crowd.y(b);
      const clear = rv + other.resolved.sweepRadius + this.yieldMargin;
      if (Math.hypot(bx - f.pose.x, by - f.pose.y) < clear + CREEP_SPEED * this.step) {
        this.stepAside(other, f.pose, clear);
        return { cap: 0, blocker: b };
      }
      const end = Math.min(f.path.length, f.distance + CREEP_LOOKAHEAD);
      for (let d = f.distance; d <= end; d += CREEP_SAMPLE) {
        const p = f.path.sampleInto(d, this.pose);
        if (Math.hypot(bx - p.x, by - p.y) < clear) {
          cap = CREEP_SPEED;
          blocker = b;
          this.stepAside(other, p, clear);
          break;
        }
      }
    }
    return blocker < 0 ? undefined : { cap, blocker };
  }

  /**
   * Sends idle unit `s` aside from a vehicle's way at `p` (a pose on its path): across the path,
   * to the side it stands on (the other where that is walled), to `clear` + {@link ASIDE_ROOM}
   * from the path; it goes back to its spot once the vehicle has passed.
   */
  private stepAside(s: UnitState<T>, p: Pose, clear: number): void {
    const r = s.rider!;
    const x = this.crowd.x(r.agent);
    const y = this.crowd.y(r.agent);
    const nx = -Math.sin(p.heading);
    const ny = Math.cos(p.heading);
    const side = (x - p.x) * nx + (y - p.y) * ny >= 0 ? 1 : -1;
    const reach = clear + ASIDE_ROOM;
    const radius = s.resolved.sweepRadius;
    for (const sign of [side, -side]) {
      const target = { x: p.x + sign * reach * nx, y: p.y + sign * reach * ny };
      if (legClear(this.grid, { x, y }, target, radius) && !this.throughVehicle(s, target.x, target.y)) {
        r.asideX = target.x;
        r.asideY = target.y;
        r.asideTime = ASIDE_TIME;
        return;
      }
    }
    // Both sides lead through vehicles (it is wedged between two): straight away from them.
    const away = this.awayFromVehicles(s);
    if (!away) return;
    const target = { x: x + reach * away.x, y: y + reach * away.y };
    if (!legClear(this.grid, { x, y }, target, radius)) return;
    r.asideX = target.x;
    r.asideY = target.y;
    r.asideTime = ASIDE_TIME;
  }

  /** True when unit `s`'s straight way to (tx, ty) passes through a vehicle's disc. */
  private throughVehicle(s: UnitState<T>, tx: number, ty: number): boolean {
    const crowd = this.crowd;
    const a = s.rider!.agent;
    const x = crowd.x(a);
    const y = crowd.y(a);
    const dx = tx - x;
    const dy = ty - y;
    const length2 = dx * dx + dy * dy;
    const count = crowd.neighbours(a, Math.sqrt(length2), this.nearAside);
    for (let i = 0; i < count; i++) {
      const b = this.nearAside[i]!;
      const other = this.byAgent.get(b);
      if (!other || other.resolved.turningRadius === 0) continue;
      const bx = crowd.x(b) - x;
      const by = crowd.y(b) - y;
      const t = length2 > 0 ? Math.max(0, Math.min(1, (bx * dx + by * dy) / length2)) : 0;
      if (Math.hypot(bx - t * dx, by - t * dy) < s.resolved.sweepRadius + other.resolved.sweepRadius) return true;
    }
    return false;
  }

  /** The unit vector away from the vehicles near unit `s` (the sum of their directions, reversed); undefined when none is near. */
  private awayFromVehicles(s: UnitState<T>): { x: number; y: number } | undefined {
    const crowd = this.crowd;
    const a = s.rider!.agent;
    const count = crowd.neighbours(a, ESCAPE_RANGE, this.nearAside);
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < count; i++) {
      const b = this.nearAside[i]!;
      if ((this.byAgent.get(b)?.resolved.turningRadius ?? 0) === 0) continue;
      const dx = crowd.x(b) - crowd.x(a);
      const dy = crowd.y(b) - crowd.y(a);
      const d = Math.hypot(dx, dy);
      if (d > 0) {
        sx -= dx / d;
        sy -= dy / d;
      }
    }
    const len = Math.hypot(sx, sy);
    return len > 0 ? { x: sx / len, y: sy / len } : undefined;
  }

  /**
   * Claims and grants the one-lane runs ahead of every unit on a path ({@link LaneReservations}),
   * while a vehicle is among the units: without one, units that turn on the spot pass each other
   * anywhere. One-lane means two of the widest vehicles cannot pass there.
   */
  private reserveLanes(states: readonly UnitState<T>[], decisions: ReadonlyMap<number, YieldDecision> | undefined): ReadonlyMap<number, LaneWait> {
    let widest = 0;
    for (const s of states) if (s.rider && s.resolved.turningRadius > 0 && s.resolved.avoid) widest = Math.max(widest, s.resolved.sweepRadius);
    if (widest === 0) {
      this.lanes = undefined;
      return NO_LANE_WAITS;
    }
    const reach = 2 * widest + LANE_MARGIN;
    if (this.lanes?.map.reach !== reach) this.lanes = new LaneReservations(new OneLaneMap(this.grid, reach));
    const travellers: LaneTraveller[] = [];
    const pausing = new Set<number>();
    const crowd = this.crowd;
    for (const s of states) {
      const r = s.rider;
      const f = s.follower;
      const move = s.move;
      if (!r || !move || move.ended || this.host.units.get(s.unit) !== s) continue;
      if (!f || f.done || !s.routed) {
        // Between two paths (a replan): what it holds, it keeps.
        if (s.job !== undefined) pausing.add(r.agent);
        continue;
      }
      const vehicle = s.resolved.turningRadius > 0;
      if (vehicle ? !s.resolved.avoid : !this.steers(s)) continue;
      const speed = vehicle ? r.warp * f.speed : Math.hypot(crowd.vx(r.agent), crowd.vy(r.agent));
      const decel = s.resolved.deceleration;
      const braking = decel === Infinity ? 0 : (speed * speed) / (2 * decel);
      const waitGap = vehicle ? LANE_VEHICLE_WAIT * s.resolved.turningRadius : LANE_STEERING_WAIT;
      travellers.push({ id: r.agent, vehicle, radius: s.resolved.sweepRadius, x: crowd.x(r.agent), y: crowd.y(r.agent), path: f.path, distance: f.distance, braking, waitGap });
    }
    const lanes = this.lanes;
    // A vehicle let in that brakes for one waiting its turn, nearer the run: that one goes first, if
    // nothing holds the run the other way.
    for (const d of decisions?.values() ?? []) {
      if (d.blocker !== undefined && lanes.holds(d.id)) lanes.promote(d.blocker);
    }
    return lanes.update(travellers, pausing);
  }

  /**
   * One step of a unit that keeps to its path (a vehicle, or a unit out of avoidance): a vehicle
   * slows, waits and speeds up again as its decision says; the crowd learns where it is.
   */
  private driveBound(s: UnitState<T>, h: number, yieldDecision: YieldDecision | undefined): void {
    const crowd = this.crowd;
    const r = s.rider!;
    const f = s.follower;
    // Backing out of a vehicle's way it does not wait for that vehicle: its way back was clear
    // when it set off, and it only grows the gap (that one waits for it, in its way).
    let decision = r.makingWay && yieldDecision?.blocker === r.wayFor ? undefined : yieldDecision;
    // Overlapping the vehicle it would wait for, it drives on when that takes it out of it.
    if (f && decision?.blocker !== undefined && this.drivesApart(s, f, decision.blocker)) decision = undefined;
    if (!f) {
      const at = this.host.adapter.read(s.unit);
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
      const lane = this.laneWaits.get(r.agent);
      const creep = this.creepCap(s, f);
      const allowed = Math.min(
        decision ? allowedSpeed(decision.cap, gap, p.deceleration) : Infinity,
        lane ? allowedSpeed(Infinity, lane.stopAt - f.distance, p.deceleration) : Infinity,
        creep?.cap ?? Infinity,
      );
      r.warp = nextWarp(r.warp, f.speed, allowed, p.acceleration, h);
      const blockerId = decision?.blocker ?? (creep?.cap === 0 ? creep.blocker : undefined);
      const blocker = blockerId === undefined ? undefined : this.byAgent.get(blockerId);
      // A decision that comes and goes from step to step is one yield, not many.
      const fresh = blocker !== undefined && blockerId !== r.yieldingTo && blockerId !== r.lastYield;
      if (fresh && move && !move.ended && s.routed) move.emit('yield', s.unit, move, blocker.unit);
      if (blocker) {
        r.lastYield = blockerId;
        r.yieldHold = YIELD_HOLD;
      } else if ((r.yieldHold -= h) <= 0) r.lastYield = undefined;
      r.yieldingTo = blocker ? blockerId : undefined;
      // Stopped a while for a unit that steers and is itself held up: it is moved off the way.
      if (blocker && r.warp === 0 && r.stall >= GIVE_WAY_AFTER) this.sendAside(s, blocker);
      if (r.warp === 0 && !f.done) {
        const waitingFor = blocker ?? (lane ? this.byAgent.get(lane.waitsFor) : undefined);
        if (r.stall === 0 && waitingFor && move && !move.ended && s.routed) move.emit('wait', s.unit, move, waitingFor.unit);
        r.stall += h;
        // Waiting for traffic that moves is not being stuck, nor is waiting for a one-lane run to clear.
        r.frozen = lane || this.crowdMoves(s) ? 0 : r.frozen + h;
      } else {
        r.stall = 0;
        r.frozen = 0;
        r.replanned = false;
        r.wayBlocked = false;
      }
    } else r.warp = 1;
    const events = f.advance(h * r.warp);
    crowd.setState(r.agent, f.pose.x, f.pose.y, (f.pose.x - x0) / h, (f.pose.y - y0) / h);
    this.host.adapter.write(s.unit, f.pose);
    r.lastX = f.pose.x;
    r.lastY = f.pose.y;
    // The end of a way made for another is no arrival: from there it plans its way again.
    this.followerEvents(s, f, events, !r.makingWay);
    if (s.follower === f && f.done) s.follower = undefined;
    if (!move || move.ended || s.move !== move || !s.routed) return;
    // Backing out of another's way is no progress (its path is not the route), nor is edging to
    // and fro; waiting for a plan is not counted, nor, but toward the longer limit, for its turn at
    // a one-lane run (a queue that moves, unless the run is held for ever).
    const waited = s.job === undefined ? h : 0;
    const laneWait = this.laneWaits.has(r.agent);
    if (noProgress(r, r.makingWay ? Infinity : f.path.length - f.distance, laneWait ? 0 : waited, p.speed ?? Infinity, laneWait ? waited : 0)) {
      this.giveUp(s, move, noProgressReason(r));
      return;
    }
    if (r.makingWay) {
      // Held up on the way out for long, it plans from where it got to.
      if (s.follower === f && r.stall < KNOT_RETRY_TIME) return;
      r.makingWay = false;
      s.routed = false;
      s.follower = undefined;
      this.host.plan(s, move, true, { ...f.pose });
      return;
    }
    if (p.reverse && r.stall >= MAKE_WAY_TIME && s.job === undefined && s.follower) {
      const forWhom = this.makesWayFor(s, r.yieldingTo) ? r.yieldingTo : this.waiterToMakeWayFor(s);
      if (forWhom !== undefined) {
        if (this.makeWay(s, forWhom)) return;
        r.wayBlocked = true;
      }
    }
    if (r.stall >= SETTLE_TIME && s.follower && this.behindArrived(s, r.yieldingTo)) {
      // Its group got there first and stands in the way: it has come as close as it can.
      this.settle(s, s.goal);
      move.end('arrived');
    } else if (r.frozen >= STUCK_TIME) this.giveUp(s, move, `held up by other units for ${STUCK_TIME} s while none of them moved`);
    else if (
      (!r.replanned || r.stall - r.replannedStall >= KNOT_RETRY_TIME) &&
      s.job === undefined &&
      s.follower &&
      ((decision?.blocked && r.stall >= STALL_REPLAN_TIME * (1 + (s.serial % KNOT_STAGGER))) || (this.standing(r.yieldingTo) && r.stall >= STALL_REPLAN_TIME))
    ) {
      // In a knot of vehicles waiting on each other, one at a time plans round the others (by
      // turns of the order they were added in), so that one moves off and unties it.
      // Waiting on units that stand, or on a knot of vehicles that waiting will not untie: plan round them.
      // Still stuck a while later (no way round then), it tries again: the others may have moved.
      r.replanned = true;
      r.replannedStall = r.stall;
      // It stands where it waits, and the new path starts there.
      const at = { ...s.follower.pose };
      s.follower = undefined;
      s.routed = false;
      this.host.plan(s, move, true, at, true);
    }
  }

  /**
   * True when vehicle `s` (on follower `f`) overlaps the vehicle of crowd id `agent` (or comes
   * within the margin vehicles keep) and driving {@link APART_PROBE} on along its path takes it
   * farther from that one: it drives on rather than wait for it. Two vehicles put on one point otherwise each waited for the other until both gave
   * up. Against an older vehicle on its way, the distance is taken from where that one gets to
   * when it drives on too, so of two on one point going the same way the older goes first and the
   * younger waits (both would drive on together, still on one point).
   */
  private drivesApart(s: UnitState<T>, f: Follower, agent: number): boolean {
    const other = this.byAgent.get(agent);
    if (!other || other === s || other.resolved.turningRadius === 0) return false;
    const crowd = this.crowd;
    let bx = crowd.x(agent);
    let by = crowd.y(agent);
    const reach = s.resolved.sweepRadius + other.resolved.sweepRadius + this.yieldMargin;
    if (!(Math.hypot(f.pose.x - bx, f.pose.y - by) < reach)) return false;
    const g = other.follower;
    if (g && !g.done && other.serial < s.serial) {
      const q = g.path.sampleInto(Math.min(g.path.length, g.distance + APART_PROBE), this.pose);
      bx = q.x;
      by = q.y;
    }
    const stay = Math.hypot(f.pose.x - bx, f.pose.y - by);
    const p = f.path.sampleInto(Math.min(f.path.length, f.distance + APART_PROBE), this.pose);
    return Math.hypot(p.x - bx, p.y - by) > stay;
  }

  /**
   * Vehicle `s` has waited {@link GIVE_WAY_AFTER} for `other`: when that is a unit that steers,
   * itself held up on its move as long, and within the creep rule's reach, it gives way to the
   * vehicle ({@link stepsAside}: the vehicle no longer brakes for it but creeps on, and
   * {@link creepCap} sends it across and off the vehicle's way). Else each waits for the other: a
   * soldier whose goal or way on lies behind the vehicle, or that can back no further, waits for
   * the vehicle to go, and the vehicle for it to move (the bridge's south bank, issue 19).
   */
  private sendAside(s: UnitState<T>, other: UnitState<T>): void {
    const o = other.rider;
    if (!o || !this.steers(other) || atRest(other) || o.idle < GIVE_WAY_AFTER) return;
    // Farther off, nothing would move it aside, and the vehicle would drive on as if it were not there.
    const crowd = this.crowd;
    const a = s.rider!.agent;
    const reach = s.resolved.sweepRadius + other.resolved.sweepRadius + CREEP_LOOKAHEAD;
    if (Math.hypot(crowd.x(o.agent) - crowd.x(a), crowd.y(o.agent) - crowd.y(a)) > reach) return;
    o.backoff = GIVE_WAY_TIME;
    o.clearsVehicle = true;
  }

  /**
   * True when vehicle `s`, waiting on the vehicle of crowd id `agent`, should back out of its way.
   * They meet head on (and the other waits on it too, or stands), or they wait on each other at
   * any angle with the other ahead of `s`. Of two that could back out (each ahead of the other),
   * `s` is the one heading into a one-lane run while the other is not (it came out, and cannot go
   * back in), else the younger; the other when that one found no clear side to back out to.
   */
  private makesWayFor(s: UnitState<T>, agent: number | undefined): boolean {
    const other = agent === undefined ? undefined : this.byAgent.get(agent);
    if (!other || !other.rider || other.resolved.turningRadius === 0 || !other.follower || !s.follower) return false;
    const mutual = other.rider.yieldingTo === s.rider!.agent;
    if (!mutual && !this.standing(agent)) return false;
    const a = s.follower.pose;
    const b = other.follower.pose;
    // Backing out helps only when the other is ahead of it.
    if (!ahead(a, b)) return false;
    // A vehicle that stands (in a queue, at a run) is backed away from only head on; one waiting on it, at any angle.
    const headOn = Math.cos(a.heading - b.heading) <= HEAD_ON_COS;
    if (!headOn && !mutual) return false;
    if (!ahead(b, a) || !other.resolved.reverse || other.rider.wayBlocked) return true;
    if (s.rider!.wayBlocked) return false;
    const mine = this.runAhead(s);
    const theirs = this.runAhead(other);
    if (mine !== theirs) return mine;
    return s.serial > other.serial;
  }

  /**
   * The crowd id of a vehicle stopped {@link MAKE_WAY_TIME} or more that waits on vehicle `s` and
   * that `s` should back out of the way of ({@link makesWayFor}), whoever `s` waits on itself;
   * undefined when there is none. Round a knot of three or more (a vehicle come out of a one-lane
   * run waits on one queued at the mouth, which waits on the one ahead of it in the queue, which
   * waits on the first) each waits on the next and no two on each other, so the rule for two
   * never fired: now the one in the way of a vehicle that came out of a run, or that found no
   * side to back out to, backs out for it.
   */
  private waiterToMakeWayFor(s: UnitState<T>): number | undefined {
    const a = s.rider!.agent;
    // Only stopped vehicles are asked, and a knot's vehicles may wait on one from farther than
    // any fixed radius (their predictions reach seconds ahead): every unit is looked at.
    for (const [b, w] of this.byAgent) {
      if (w.rider?.yieldingTo === a && w.rider.stall >= MAKE_WAY_TIME && this.makesWayFor(s, b)) return b;
    }
    return undefined;
  }

  /** True when the vehicle's path within {@link RUN_AHEAD} tiles ahead touches a one-lane cell. */
  private runAhead(s: UnitState<T>): boolean {
    const f = s.follower!;
    const map = this.lanes?.map;
    if (!map) return false;
    const end = Math.min(f.path.length, f.distance + RUN_AHEAD);
    for (let d = f.distance; d <= end; d += CREEP_SAMPLE) {
      const p = f.path.sampleInto(d, this.pose);
      if (map.isOneLane(Math.floor(p.x), Math.floor(p.y))) return true;
    }
    return false;
  }

  /**
   * Backs vehicle `s` out of the way of the vehicle of crowd id `agent`: a quarter turn in
   * reverse at its turning radius, to whichever side is clear of walls and of the other units,
   * which leaves it about a turning radius off the line it stood on; from there it plans again.
   * False when neither side is clear.
   */
  private makeWay(s: UnitState<T>, agent: number): boolean {
    const f = s.follower!;
    const r = s.rider!;
    const p = s.resolved;
    const crowd = this.crowd;
    const ox = crowd.x(agent);
    const oy = crowd.y(agent);
    const nx = -Math.sin(f.pose.heading);
    const ny = Math.cos(f.pose.heading);
    // Backing with the heading growing swings the tail to the unit's left: start with the side away from the other.
    const first: Turn = (ox - f.pose.x) * nx + (oy - f.pose.y) * ny > 0 ? 1 : -1;
    for (const turn of [first, -first as Turn]) {
      const arc = arcSegment({ ...f.pose }, p.turningRadius, turn, (Math.PI / 2) * p.turningRadius, true);
      if (segmentHitsBlocked(this.grid, arc, p.sweepRadius) || !this.arcClear(s, arc)) continue;
      const path = new SegmentPath([arc]);
      s.follower = new Follower(path, { ...motionOf(p) });
      r.makingWay = true;
      r.wayFor = agent;
      r.stall = 0;
      r.warp = 1;
      return true;
    }
    return false;
  }

  /** True when no other unit stands within reach of vehicle `s`'s disc anywhere along `arc`. */
  private arcClear(s: UnitState<T>, arc: Segment): boolean {
    const crowd = this.crowd;
    const a = s.rider!.agent;
    const rv = s.resolved.sweepRadius;
    const count = crowd.neighbours(a, arc.length + this.yieldMargin, this.near);
    for (let d = CREEP_SAMPLE; d <= arc.length; d += CREEP_SAMPLE) {
      const q = segmentPoseAt(arc, d, this.pose);
      for (let i = 0; i < count; i++) {
        const b = this.near[i]!;
        if (Math.hypot(crowd.x(b) - q.x, crowd.y(b) - q.y) < rv + crowd.radius(b) + this.yieldMargin) return false;
      }
    }
    return true;
  }

  /**
   * True when crowd id `agent` is a unit standing where it arrived from the same group order as
   * `s`'s move, or for about the same point.
   */
  private behindArrived(s: UnitState<T>, agent: number | undefined): boolean {
    const other = agent === undefined ? undefined : this.byAgent.get(agent);
    return other !== undefined && this.arrivedForSame(s, other, s.goal);
  }

  /**
   * True when `other` is at rest where it arrived from the same group order as `s`'s move, or
   * for about the same point as `goal`: `s` may queue behind it. One that stands there for its
   * own reasons, or was put there, is gone round instead.
   */
  private arrivedForSame(s: UnitState<T>, other: UnitState<T>, goal: Point): boolean {
    const o = other.rider;
    if (!o || other === s || !atRest(other)) return false;
    const reach = s.resolved.sweepRadius + other.resolved.sweepRadius + TOUCH_GAP;
    return (s.group !== undefined && o.settledGroup === s.group) || Math.hypot(goal.x - o.settledX, goal.y - o.settledY) <= reach;
  }

  /** Ends a unit's route where it arrived: it stands, and others of the same order may queue behind it. */
  private settle(s: UnitState<T>, goal: Point): void {
    s.follower = undefined;
    s.routed = false;
    const r = s.rider;
    if (!r) return;
    r.settledX = goal.x;
    r.settledY = goal.y;
    r.settledGroup = s.group;
  }

  /** Fires a follower's events on the unit's move; `arrive` ends the move when `arrives`. */
  private followerEvents(s: UnitState<T>, f: Follower, events: readonly FollowerEvent[], arrives: boolean): void {
    const move = s.move;
    for (const e of events) {
      if (!s.routed || !move || move.ended || s.follower !== f) break;
      if (e.type === 'waypoint') move.emit('waypoint', s.unit, move, s.passed++);
      else if (arrives) {
        this.settle(s, f.path.end);
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
    const crowd = this.crowd;
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
      this.setNarrow(r, false);
      this.goHome(s, px, py, max, h);
      return;
    }
    const stop = this.laneWaits.get(a)?.stopAt;
    if (!r.pursuing) {
      // Alone and on its path, it drives the path exactly. Off it (a path planned from where it
      // stood a few frames ago), it steers back onto it rather than jump there. Waiting short of
      // a one-lane run, it steers (to a stop).
      if (stop === undefined && this.alone(s) && Math.hypot(f.pose.x - px, f.pose.y - py) <= REJOIN_DISTANCE) {
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
    if (r.asideTime > 0) {
      this.headAside(r, px, py, max, h);
      return;
    }
    // The farthest of a few points ahead that the unit sees clearly; the point of its progress
    // itself when it sees none (it was pushed round a corner). A unit giving way heads back.
    let tx = near.x;
    let ty = near.y;
    let end = r.progress >= path.length;
    const back = r.backoff > 0;
    r.backoff -= h;
    for (let look = LOOKAHEAD; look >= LOOKAHEAD / 4; look /= 2) {
      const at = back ? Math.max(0, r.progress - look) : Math.min(path.length, r.progress + look, stop ?? Infinity);
      const target = path.sampleInto(at, this.pose);
      if (legClear(this.grid, { x: px, y: py }, target, radius)) {
        tx = target.x;
        ty = target.y;
        // Its path's end, or where it waits for a one-lane run: it slows onto the point.
        end = !back && (at >= path.length || (stop !== undefined && at >= stop));
        break;
      }
    }
    // In a narrow passage it keeps to its right-hand lane (not at its path's end).
    const narrow = this.laneShift(path, r.progress, radius);
    this.setNarrow(r, narrow);
    if (!end && !back && narrow) {
      const lx = tx + this.lane.x;
      const ly = ty + this.lane.y;
      if (legClear(this.grid, { x: px, y: py }, { x: lx, y: ly }, radius)) {
        tx = lx;
        ty = ly;
      }
    }
    const dx = tx - px;
    const dy = ty - py;
    const gap = Math.hypot(dx, dy);
    const speed = gap === 0 ? 0 : end ? Math.min(max, gap / CATCH_UP_TIME) : max;
    crowd.setPreferred(a, gap === 0 ? 0 : (dx / gap) * speed, gap === 0 ? 0 : (dy / gap) * speed);
  }

  /**
   * The shift into its right-hand lane (into {@link lane}) of a unit of radius `radius` at
   * `progress` along `path`, while that point lies in a narrow passage; false elsewhere. Read where
   * the unit is, not ahead: looking 1 to 3 tiles ahead (keeping right before the mouth) measured
   * worse over 24 seeded jittered corridors (mean 2.60 to 2.74x the slowest alone, against 2.52x)
   * and on the bridge with infantry (104 of 144 arrived over 6 runs, against 125).
   */
  private laneShift(path: SegmentPath, progress: number, radius: number): boolean {
    const p = path.sampleInto(progress, this.pose);
    if (!this.passing.laneTarget(p.x, p.y, p.heading, radius, this.lane)) return false;
    this.lane.x -= p.x;
    this.lane.y -= p.y;
    return true;
  }

  /** Gives the unit the short time horizon of narrow passages while it is in one, and the crowd's elsewhere. */
  private setNarrow(r: Rider, narrow: boolean): void {
    if (r.narrow === narrow) return;
    r.narrow = narrow;
    this.crowd.setTimeHorizon(r.agent, narrow ? NARROW_TIME_HORIZON : undefined);
  }

  /** Tells the crowd who moves the unit: the crowd ('avoid') or its follower ('fixed'). */
  private setMode(s: UnitState<T>, mode: 'avoid' | 'fixed'): void {
    const r = s.rider!;
    if (r.mode === mode) return;
    this.crowd.setMode(r.agent, mode);
    r.mode = mode;
  }

  /** True when no other unit is within {@link ALONE_RANGE} of the unit. */
  private alone(s: UnitState<T>): boolean {
    return this.crowd.neighboursAnyOrder(s.rider!.agent, ALONE_RANGE, this.near) === 0;
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
    this.crowd.setState(r.agent, f.pose.x, f.pose.y, (f.pose.x - x0) / h, (f.pose.y - y0) / h);
    r.heading = f.pose.heading;
    r.lastX = f.pose.x;
    r.lastY = f.pose.y;
    this.host.adapter.write(s.unit, f.pose);
    const move = s.move;
    for (const e of events) {
      if (!s.routed || !move || move.ended || s.follower !== f) break;
      if (e.type === 'waypoint') {
        r.nextWaypoint++;
        move.emit('waypoint', s.unit, move, s.passed++);
      } else {
        this.settle(s, f.path.end);
        this.standStill(s);
        r.homeBest = 0;
        r.homeIdle = 0;
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
    const speed = Math.min(Math.hypot(this.crowd.vx(r.agent), this.crowd.vy(r.agent)), s.resolved.speed!);
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

  /** A unit out of a vehicle's way first ({@link stepAside}): it heads to the point aside. */
  private headAside(r: Rider, px: number, py: number, max: number, h: number): void {
    r.asideTime -= h;
    this.steerTo(r.agent, px, py, r.asideX, r.asideY, max);
  }

  /** Asks the crowd to take crowd id `agent` from (px, py) toward (tx, ty): at most `max`, slowing onto the point. */
  private steerTo(agent: number, px: number, py: number, tx: number, ty: number, max: number): void {
    const gap = Math.hypot(tx - px, ty - py);
    const speed = Math.min(max, gap / CATCH_UP_TIME);
    this.crowd.setPreferred(agent, gap === 0 ? 0 : ((tx - px) / gap) * speed, gap === 0 ? 0 : ((ty - py) / gap) * speed);
  }

  /**
   * An idle unit that steers heads back to its spot; one that cannot get back for
   * {@link HOME_TAKEN_TIME} because another unit stands on the spot takes where it is as its spot.
   */
  private goHome(s: UnitState<T>, px: number, py: number, max: number, h: number): void {
    const r = s.rider!;
    if (r.asideTime > 0) {
      this.headAside(r, px, py, max, h);
      return;
    }
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
    this.steerTo(r.agent, px, py, r.homeX, r.homeY, max);
  }

  /**
   * After the crowd moved a unit that steers: draw it, and judge its move: arrived (on the goal,
   * or, when it cannot get closer, within its radius of it or queued behind units standing
   * nearer it), pushed too far off its path or held up (plan
   * again from where it is), or stuck.
   */
  private afterStep(s: UnitState<T>, h: number): void {
    const crowd = this.crowd;
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
    const laneWait = this.laneWaits.has(a);
    if (f && s.routed && move && !move.ended) {
      const end = f.path.end;
      const left = Math.hypot(end.x - x, end.y - y);
      const remaining = f.path.length - r.progress + r.off;
      if (remaining < r.best - SETTLE_PROGRESS) {
        r.best = remaining;
        r.idle = 0;
        r.frozen = 0;
        r.replanned = false;
        r.askedAside = false;
      } else {
        r.idle += h;
        // Held up by a crowd that moves is not stuck: it will pass; nor is waiting for a one-lane run.
        r.frozen = laneWait || this.crowdMoves(s) ? 0 : r.frozen + h;
      }
      // Crawling: over a window of the replan wait it made less than a quarter of the way its
      // speed allows (pushing through units at rest, which each give way only half).
      r.window += h;
      if (r.window >= STALL_REPLAN_TIME) {
        r.crawling = r.windowBest - r.best < CRAWL_FRACTION * s.resolved.speed! * r.window;
        r.window = 0;
        r.windowBest = r.best;
      }
      const there = r.progress >= f.path.length - ARRIVE_DISTANCE && left <= ARRIVE_DISTANCE;
      // queued() looks at the neighbours: asked only once the unit has been held long enough.
      if (there || (r.idle >= SETTLE_TIME && (left <= s.resolved.sweepRadius || this.queued(s, x, y, end)))) {
        if (there && crowd.neighboursAnyOrder(a, ARRIVE_DISTANCE, this.near) === 0) {
          // The last hair onto the goal itself, where nobody stands.
          crowd.setState(a, end.x, end.y, 0, 0);
          x = end.x;
          y = end.y;
        }
        this.settle(s, end);
        if (there) r.heading = f.options.finalHeading ?? (moving ? r.heading : end.heading);
        r.homeX = x;
        r.homeY = y;
        r.homeBest = 0;
        r.homeIdle = 0;
        this.host.adapter.write(s.unit, { x, y, heading: r.heading });
        r.lastX = x;
        r.lastY = y;
        move.end('arrived');
        return;
      }
    }
    this.host.adapter.write(s.unit, { x, y, heading: r.heading });
    r.lastX = x;
    r.lastY = y;
    if (!f || !s.routed || !move || move.ended) return;
    if (r.frozen >= STUCK_TIME) {
      this.giveUp(s, move, `held up by other units for ${STUCK_TIME} s while none of them moved`);
      return;
    }
    const waited = s.job === undefined ? h : 0;
    if (noProgress(r, f.path.length - r.progress + r.off, laneWait ? 0 : waited, s.resolved.speed!, laneWait ? waited : 0)) {
      this.giveUp(s, move, noProgressReason(r));
      return;
    }
    if (r.frozen >= ASK_ASIDE_TIME && !r.askedAside) {
      r.askedAside = true;
      this.askAside(s, f, x, y);
    }
    if (r.backoff > 0) {
      // Giving way to a vehicle lasts while it comes on: it cannot step round.
      if (this.mustGiveWay(s, x, y) === 'vehicle') r.backoff = GIVE_WAY_TIME;
    } else {
      const why = r.idle >= GIVE_WAY_AFTER && r.backoff <= -GIVE_WAY_TIME ? this.mustGiveWay(s, x, y) : false;
      if (why) r.backoff = GIVE_WAY_TIME;
      r.clearsVehicle = why === 'vehicle';
    }
    if (r.off <= REJOIN_DISTANCE && r.idle === 0 && this.alone(s) && legClear(this.grid, { x, y }, f.path.sampleInto(r.progress, this.pose), s.resolved.sweepRadius)) {
      this.rejoin(s, f);
      return;
    }
    const pushed = r.off > s.resolved.sweepRadius + REPLAN_DISTANCE;
    // A unit waiting its turn at a one-lane run would find the same way again.
    const held = !laneWait && !r.replanned && (r.idle >= STALL_REPLAN_TIME || (r.crawling && this.touchesStanding(s)));
    if (s.job === undefined && (pushed || held)) {
      r.replanned = true;
      this.host.plan(s, move, true, { x, y, heading: r.heading }, held);
    }
  }

  /**
   * True when the unit, held up, should give way: a unit comes toward it from ahead that goes
   * first by the fixed rule (a vehicle, else the one heading more toward +x, then more toward +y,
   * then the older), or a unit ahead going its way gives way (a queue backs up together);
   * `vehicle` when it gives way to a vehicle.
   */
  private mustGiveWay(s: UnitState<T>, px: number, py: number): 'vehicle' | boolean {
    const crowd = this.crowd;
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

  /**
   * Unit `s` at (x, y), held up while nothing near it moves, asks the idle units it touches on its
   * way (ahead of it, toward its path a little on) to step across that way and come back after
   * ({@link stepAside}), as RTS players expect. Pushed into, an idle unit gives way only half (it
   * also heads back to its spot), so a unit boxed in among units standing at their goals would
   * stay there and give up.
   */
  private askAside(s: UnitState<T>, f: Follower, x: number, y: number): void {
    const crowd = this.crowd;
    const r = s.rider!;
    const onward = f.path.sampleInto(Math.min(f.path.length, r.progress + LOOKAHEAD), this.pose);
    const length = Math.hypot(onward.x - x, onward.y - y);
    if (length === 0) return;
    const dx = (onward.x - x) / length;
    const dy = (onward.y - y) / length;
    const heading = Math.atan2(dy, dx);
    const count = crowd.neighbours(r.agent, TOUCH_GAP, this.near);
    for (let i = 0; i < count; i++) {
      const b = this.near[i]!;
      const other = this.byAgent.get(b);
      if (!other || other === s || !atRest(other) || !this.steers(other)) continue;
      const along = (crowd.x(b) - x) * dx + (crowd.y(b) - y) * dy;
      if (!(along > 0)) continue;
      this.stepAside(other, { x: x + along * dx, y: y + along * dy, heading }, s.resolved.sweepRadius + other.resolved.sweepRadius + TOUCH_GAP);
    }
  }

  /** The heading of the unit's path where it has got to. */
  private pathHeading(s: UnitState<T>): number {
    const f = s.follower!;
    const r = s.rider!;
    return r.pursuing ? f.path.sampleInto(Math.min(f.path.length, r.progress + ARRIVE_DISTANCE), this.pose).heading : f.pose.heading;
  }

  /** True when the unit touches a unit that stands (no move under way). */
  private touchesStanding(s: UnitState<T>): boolean {
    const count = this.crowd.neighboursAnyOrder(s.rider!.agent, TOUCH_GAP, this.near);
    for (let i = 0; i < count; i++) {
      const other = this.byAgent.get(this.near[i]!);
      if (other && other !== s && atRest(other)) return true;
    }
    return false;
  }

  /** True when a unit near this one (within {@link ALONE_RANGE}) moves. */
  private crowdMoves(s: UnitState<T>): boolean {
    const crowd = this.crowd;
    const count = crowd.neighboursAnyOrder(s.rider!.agent, ALONE_RANGE, this.near);
    for (let i = 0; i < count; i++) {
      const b = this.near[i]!;
      if (Math.hypot(crowd.vx(b), crowd.vy(b)) > MOVING_SPEED) return true;
    }
    return false;
  }

  /** True when another standing unit covers the idle unit's spot, `away` tiles from it. */
  private homeTaken(s: UnitState<T>, away: number): boolean {
    const crowd = this.crowd;
    const r = s.rider!;
    const count = crowd.neighboursAnyOrder(r.agent, away + TOUCH_GAP, this.near);
    for (let i = 0; i < count; i++) {
      const other = this.byAgent.get(this.near[i]!);
      if (!other || other === s || !atRest(other)) continue;
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
    const crowd = this.crowd;
    const a = s.rider!.agent;
    const mine = Math.hypot(goal.x - x, goal.y - y);
    const count = crowd.neighboursAnyOrder(a, TOUCH_GAP, this.near);
    for (let i = 0; i < count; i++) {
      const other = this.byAgent.get(this.near[i]!);
      if (!other || !this.arrivedForSame(s, other, goal)) continue;
      const b = other.rider!.agent;
      if (Math.hypot(goal.x - crowd.x(b), goal.y - crowd.y(b)) < mine) return true;
    }
    return false;
  }

  /**
   * Ends a move that others kept from its goal too long (while none of them moved, or while it
   * got no closer at all), `reason` saying which: `stuck`, then `fail`.
   */
  private giveUp(s: UnitState<T>, move: Move<T>, reason: string): void {
    s.job?.cancel();
    s.job = undefined;
    move.emit('stuck', s.unit, move);
    if (move.ended || s.move !== move) return;
    this.host.brake(s);
    move.end('failed', reason, 'stuck');
  }

}
