/**
 * `npm run soak`: a long simulated game on the Phaser-free core (issue 15). 200 units of every
 * profile (point units on every planner units may use, units 0.8 tiles wide, vehicles with a turning radius,
 * forward only or reversing) get random orders (free, blocked and off-map targets, some with
 * `nearest`), while tiles are blocked and freed every frame (on and beside the units' paths, under
 * the units, anywhere, small fills) and units come and go. Frames advance simulated time by a
 * fixed step and run as fast as they can; the wall clock ends the run. Once a simulated minute
 * the orders and edits pause until the plan queue drains, so that a unit the navigator lost can be
 * told from one still waiting for its plan.
 *
 * It fails (exit 1) on any exception, any unit inside a wall it walked into (a cell blocked under
 * a unit excuses it until it leaves that cell), any NaN pose, any unit standing still on a move
 * that never ends while nothing is planning for it, or a heap that keeps growing. The summary goes
 * to stdout and to bench/results/soak.md.
 *
 * `npm run soak -- [--minutes 10] [--units 200] [--seed 1] [--map PATH] [--dt 0.016667]
 * [--report-every 30] [--edits 1] [--interrupts 1] [--patience 30] [--expansions N] [--frames N]
 * [--out PATH] [--costs] [--avoidance] [--worker]`. With --worker the vehicles plan in a plan
 * worker (`worker_threads`, as the plugin's default `worker: 'auto'` does in a browser) that gets
 * every tile edit, and frames are paced at 1 / dt by the wall clock (the worker plans beside
 * them, so simulated time must keep to real time). With --avoidance the units see each other (crowds,
 * one-lane stretches, detours round units that stand). With --costs the map has tile costs in patches and each tile edit comes
 * with a cost edit; orders by planners that assume uniform costs then fail as `invalid`. With --expansions the planning budget is counted in expansions instead of
 * milliseconds, so a seed replays exactly, frame for frame (use --frames to stop at a frame).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integerOption, numberOption, parseArgs, UsageError, type ParsedArgs } from '../src/cli/args.js';
import { pointClear } from '../src/follow/disc-room.js';
import { Navigator, type MoveOptions, type UnitInfo } from '../src/follow/navigator.js';
import { DEFAULT_PLAN_BUDGET, type PlanFrameStats } from '../src/follow/plan-queue.js';
import { PlanWorkerClient } from '../src/worker/client.js';
import { nodePort } from '../src/worker/port.js';
import type { FromWorker, ToWorker } from '../src/worker/protocol.js';
import { tsWorker } from './lib/ts-worker.js';
import { Grid } from '../src/grid/grid.js';
import type { Point } from '../src/grid/point.js';
import type { SegmentPath } from '../src/curves/segment-path.js';
import { makeRng, type Rng } from '../test/support/rng.js';
import { collectGarbage } from './lib/measure.js';
import { checkProgress, checkWalls, excuseBlocked, radiusOf } from './lib/soak-checks.js';
import { heapFigures, keepSlowest, newStats, progressLine, spread, type HeapFigures, type SlowStep, type SoakStats } from './lib/soak-report.js';
import { cellKey, newUnit, pickKind, randomProfile, REFERENCE_PLANNERS, unitKinds, type OrderRecord, type SoakUnit } from './lib/soak-units.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The default map: a 256 x 257 game map (Dragon Age) from the benchmark set, when it is there. */
const DEFAULT_MAP = join(root, '../shared/benchmarks/maps/den520d.map');
/** Side of the generated map used when the benchmark maps are missing: the size of den520d. */
const GENERATED_SIDE = 256;
/** Orders within this many tiles of the unit for most targets: moves that can end within a minute or so. */
const NEAR = 24;
/** Tile edits per frame (mean): 60 a second, far more than a game makes, so paths are hit all the time. */
const DEFAULT_EDITS = 1;
/** Orders per simulated second to units already on a move (idle units get orders anyway). */
const DEFAULT_INTERRUPTS = 1;
/**
 * Every this many simulated seconds the game pauses its orders and edits until the plan queue
 * drains (at most {@link LULL_MAX} s): under a steady load the queue never empties, and only an
 * empty queue tells a unit lost by the navigator (no path, no plan coming) from one still waiting.
 */
const LULL_EVERY = 60;
const LULL_MAX = 30;
/** The warm-up's order: this many tiles to the right (with `nearest`), planned over at most this many frames. */
const WARM_UP_DISTANCE = 20;
const WARM_UP_FRAMES = 10_000;
/** A frame whose planning took more than this many times the millisecond budget overran it. */
const OVERRUN = 2;
/** Random edits kept off the original map at once; older ones are undone, so the map stays near its original. */
const EDIT_LIMIT = 400;
/** Room (tiles) a new unit has around its footprint, so it starts clear of walls; and random cells tried to find it. */
const SPAWN_ROOM = 0.05;
const SPAWN_TRIES = 1000;
/** Idle seconds (simulated) before an idle unit gets its next order: up to this. */
const MAX_IDLE = 3;
/** Units removed (and one added for each) and units stopped, per simulated second. */
const CHURN_RATE = 0.5;
const STOP_RATE = 0.3;
/**
 * Heap growth (MB per minute, least squares over the second half of the run) above which memory
 * is not flat: a leak of 1 KB per order at a few orders per second shows as about 0.2 MB/min, and
 * collected readings wobble by a few MB at most.
 */
const HEAP_SLOPE_LIMIT = 0.5;

interface Settings {
  minutes: number;
  units: number;
  seed: number;
  map: string | undefined;
  dt: number;
  reportEvery: number;
  edits: number;
  interrupts: number;
  patience: number;
  expansions: number | undefined;
  frames: number;
  out: string;
  /** Tile costs: patches of costs 1 to {@link MAX_SOAK_COST} from the start, and a cell's cost changed with each tile edit. */
  costs: boolean;
  /** Units see each other (`NavigatorOptions.avoidance`: local avoidance, vehicles yielding, one-lane stretches, detours). */
  avoidance: boolean;
  /** Vehicles plan in a plan worker, frames paced by the wall clock. */
  worker: boolean;
}

function settingsOf(parsed: ParsedArgs): Settings {
  const positive = (name: string, fallback: number): number => {
    const v = numberOption(parsed, name, fallback);
    if (!(v > 0)) throw new UsageError(`--${name} must be a number > 0, got "${parsed.options.get(name)}"`);
    return v;
  };
  const nonNegative = (name: string, fallback: number): number => {
    const v = numberOption(parsed, name, fallback);
    if (!(v >= 0)) throw new UsageError(`--${name} must be a number >= 0, got "${parsed.options.get(name)}"`);
    return v;
  };
  const given = parsed.options.get('map');
  const map = given === 'none' ? undefined : (given ?? (existsSync(DEFAULT_MAP) ? DEFAULT_MAP : undefined));
  return {
    minutes: positive('minutes', 10),
    units: integerOption(parsed, 'units', 200, 1, 100_000),
    seed: integerOption(parsed, 'seed', 1, 0, 2 ** 32 - 1),
    map: map === undefined ? undefined : resolve(map),
    dt: positive('dt', 1 / 60),
    reportEvery: positive('report-every', 30),
    edits: nonNegative('edits', DEFAULT_EDITS),
    interrupts: nonNegative('interrupts', DEFAULT_INTERRUPTS),
    patience: positive('patience', 30),
    expansions: parsed.options.has('expansions') ? integerOption(parsed, 'expansions', 0, 1, 1e9) : undefined,
    frames: integerOption(parsed, 'frames', Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER),
    out: resolve(parsed.options.get('out') ?? join(root, 'bench/results/soak.md')),
    costs: parsed.flags.has('costs'),
    avoidance: parsed.flags.has('avoidance'),
    worker: parsed.flags.has('worker'),
  };
}

/** The generated map: this share of cells blocked at random, plus this many walls 8 to 40 tiles long with a door every 9 tiles (rooms and corridors of a sort). */
const GENERATED_DENSITY = 0.08;

/** With --costs, cell costs run from 1 to this: a road against dense forest. */
const MAX_SOAK_COST = 5;
const GENERATED_WALLS = 120;
const DOOR_EVERY = 9;

/** A 256 x 256 map of scattered blocks and wall segments with gaps, for when no benchmark map is at hand. */
function generatedMap(rng: Rng): Grid {
  const n = GENERATED_SIDE;
  const grid = Grid.fromPredicate(n, n, () => rng.chance(GENERATED_DENSITY));
  for (let w = 0; w < GENERATED_WALLS; w++) {
    const horizontal = rng.chance(0.5);
    const x = rng.int(n);
    const y = rng.int(n);
    const len = rng.range(8, 40);
    grid.fill(x, y, horizontal ? len : 1, horizontal ? 1 : len, (cx, cy) => (horizontal ? cx : cy) % DOOR_EVERY !== 0);
  }
  return grid;
}

/** The soak itself: world, loop, checks. */
class Soak {
  readonly stats: SoakStats = newStats();
  readonly rng: Rng;
  readonly grid: Grid;
  readonly mapName: string;
  readonly nav: Navigator<SoakUnit>;
  readonly units = new Map<number, SoakUnit>();
  private readonly original: Uint8Array;
  /** Frame of each cell's last edit (-1: as on the original map), for failure reports. */
  private readonly lastEdit: Int32Array;
  /** Cells (index y·width + x) edited away from the original map, oldest first. */
  private readonly edited: number[] = [];
  /** Last frame's paths, for edits on and beside them. */
  private paths: { unit: SoakUnit; path: SegmentPath; distance: number }[] = [];
  private readonly kinds = unitKinds();
  private clockPrevious: number | undefined;
  /** The kind and planner being warmed up, while the warm-up runs. */
  private warming: string | undefined;
  /** What the plan that finished since the clock was last read did. */
  private lastAnswer: string | undefined;
  /** Units already reported with a NaN pose. */
  private readonly nanUnits = new Set<number>();
  private nextId = 0;
  time = 0;
  frame = 0;
  /** When the lull in progress ends at the latest (simulated seconds), and when the next one starts. */
  private lullEnd: number | undefined;
  private nextLull = LULL_EVERY;
  setupSeconds = 0;
  /** The longest planning steps of the warm-up (first use of each kind and planner). */
  warmUpSteps: SlowStep[] = [];

  constructor(
    readonly settings: Settings,
    planWorker?: PlanWorkerClient,
  ) {
    this.rng = makeRng(settings.seed);
    if (settings.map) {
      this.grid = Grid.fromMovingAi(readFileSync(settings.map, 'utf8'));
      this.mapName = settings.map.replace(/^.*\//, '').replace(/\.map$/, '');
    } else {
      this.grid = generatedMap(this.rng);
      this.mapName = `generated ${GENERATED_SIDE}x${GENERATED_SIDE} (seed ${settings.seed})`;
    }
    if (settings.costs) {
      // Patches of terrain, as a game's roads, grass and forest make: one cost per 8 x 8 block.
      const block = new Map<number, number>();
      this.grid.fillCosts(0, 0, this.grid.width, this.grid.height, (x, y) => {
        const key = (y >> 3) * 4096 + (x >> 3);
        if (!block.has(key)) block.set(key, 1 + this.rng.int(MAX_SOAK_COST));
        return block.get(key)!;
      });
    }
    this.original = Uint8Array.from(this.grid.cells);
    this.lastEdit = new Int32Array(this.original.length).fill(-1);
    const budget = settings.expansions === undefined ? undefined : { expansions: settings.expansions };
    this.nav = new Navigator<SoakUnit>(
      this.grid,
      { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) },
      { clock: () => this.clock(), ...(budget ? { budget } : {}), ...(settings.avoidance ? { avoidance: true } : {}), ...(planWorker ? { planWorker } : {}) },
    );
  }

  /**
   * Plans once with every kind of unit and every planner its orders use, the way a game's loading
   * screen would, so that the tables built on first use are built before the heap is watched;
   * then adds the starting units. Not part of the frames.
   */
  populate(): void {
    const t0 = performance.now();
    this.guard('warm-up', () => this.warmUp());
    this.warmUpSteps = this.stats.slowSteps.splice(0);
    for (let i = 0; i < this.settings.units; i++) this.guard('addUnit', () => this.addRandomUnit());
    this.setupSeconds = (performance.now() - t0) / 1000;
  }

  private warmUp(): void {
    for (const { kind } of this.kinds) {
      for (const planner of new Set(kind.planners)) {
        const profile = randomProfile(this.rng, kind);
        const spot = this.freeSpot(kind.width / 2);
        if (!spot) continue;
        const unit = newUnit(-1, kind, profile, { x: spot.x, y: spot.y, heading: 0 }, 0);
        this.nav.addUnit(unit, profile);
        const move = this.nav.moveTo(unit, { x: spot.x + WARM_UP_DISTANCE, y: spot.y }, { planner, nearest: true });
        const label = `${kind.label} (${planner})`;
        this.warming = label;
        move.on('start', () => (this.lastAnswer = `warm-up ${label}: started`));
        move.on('fail', () => (this.lastAnswer = `warm-up ${label}: failed ${move.failure}`));
        for (let f = 0; f < WARM_UP_FRAMES && move.state === 'planning'; f++) {
          this.clockPrevious = undefined;
          this.nav.update(0);
        }
        this.nav.removeUnit(unit);
      }
    }
    this.warming = undefined;
  }

  /** One frame: edits, orders, update, checks. */
  step(): PlanFrameStats | undefined {
    this.frame++;
    this.time += this.settings.dt;
    const s = this.stats;
    if (!this.lullEnd && this.time >= this.nextLull) {
      this.lullEnd = this.time + LULL_MAX;
      s.lulls++;
    }
    if (!this.lullEnd) {
      this.guard('edits', () => this.edit());
      this.guard('orders', () => this.giveOrders());
    }
    let frameStats: PlanFrameStats | undefined;
    this.clockPrevious = undefined;
    const t0 = performance.now();
    try {
      frameStats = this.nav.update(this.settings.dt);
    } catch (error) {
      this.exception('update', error);
    }
    const updateMs = performance.now() - t0;
    s.updateMs.add(updateMs);
    if (frameStats) {
      s.planMs.add(frameStats.milliseconds);
      if (this.settings.expansions === undefined && frameStats.milliseconds > OVERRUN * DEFAULT_PLAN_BUDGET.milliseconds!) s.overrunFrames++;
    }
    s.frames = this.frame;
    s.simSeconds = this.time;
    const pending = frameStats?.pending ?? this.nav.queue.size;
    keepSlowest(s.slowest, { frame: this.frame, updateMs, planMs: frameStats?.milliseconds ?? NaN, pending }, (f) => f.updateMs);
    if (pending > s.pendingMax) s.pendingMax = pending;
    if (pending === 0) s.drainedFrames++;
    if (this.lullEnd) {
      s.lullFrames++;
      if (pending === 0 || this.time >= this.lullEnd) {
        if (pending > 0) s.lullsUndrained++;
        this.lullEnd = undefined;
        this.nextLull = this.time + LULL_EVERY;
      }
    }
    this.guard('checks', () => this.check(pending === 0));
    return frameStats;
  }

  /**
   * The plan queue's clock: it reads it between steps, so the time between two reads is one step
   * of planning that the budget could not cut; the longest are kept with the plan that finished.
   */
  private clock(): number {
    const now = performance.now();
    if (this.clockPrevious !== undefined) {
      const ms = now - this.clockPrevious;
      keepSlowest(this.stats.slowSteps, { frame: this.frame, ms, what: this.lastAnswer ?? (this.warming ? `warm-up ${this.warming}: a step of its plan` : 'no plan finished (a step of a longer one)') }, (x) => x.ms);
    }
    this.clockPrevious = now;
    this.lastAnswer = undefined;
    return now;
  }

  private guard(where: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.exception(where, error);
    }
  }

  private exception(where: string, error: unknown): void {
    const e = error instanceof Error ? error : new Error(String(error));
    this.stats.exceptionKinds.add(`${where}: ${e.name}: ${e.message.replace(/-?\d+(\.\d+)?(e-?\d+)?/g, '#')}`);
    this.stats.exceptions.add({ frame: this.frame, time: this.time, text: `${where}: ${e.stack ?? e.message}` });
  }

  // ---- units and orders ----

  private addRandomUnit(): void {
    const kind = pickKind(this.rng, this.kinds);
    const profile = randomProfile(this.rng, kind);
    const spot = this.freeSpot(kind.width / 2);
    if (!spot) return;
    const unit = newUnit(this.nextId++, kind, profile, { x: spot.x, y: spot.y, heading: (this.rng.next() * 2 - 1) * Math.PI }, this.time);
    unit.idleUntil = this.time + this.rng.next() * MAX_IDLE;
    this.nav.addUnit(unit, profile);
    this.units.set(unit.id, unit);
    this.stats.added++;
  }

  /** A random cell centre where a unit of radius r fits with {@link SPAWN_ROOM} to spare. */
  private freeSpot(r: number): Point | undefined {
    for (let tries = 0; tries < SPAWN_TRIES; tries++) {
      const x = this.rng.int(this.grid.width) + 0.5;
      const y = this.rng.int(this.grid.height) + 0.5;
      if (pointClear(this.grid, x, y, r + SPAWN_ROOM)) return { x, y };
    }
    return undefined;
  }

  private randomUnit(): SoakUnit | undefined {
    if (this.units.size === 0) return undefined;
    const ids = [...this.units.keys()];
    return this.units.get(this.rng.pick(ids));
  }

  private giveOrders(): void {
    const { dt, interrupts } = this.settings;
    for (const u of this.units.values()) if (!u.move && this.time >= u.idleUntil) this.order(u);
    if (this.rng.chance(interrupts * dt)) {
      const u = this.randomUnit();
      if (u) this.order(u);
    }
    if (this.rng.chance(STOP_RATE * dt)) {
      const u = this.randomUnit();
      if (u) {
        this.stats.stops++;
        this.nav.stop(u);
      }
    }
    if (this.rng.chance(CHURN_RATE * dt)) {
      const u = this.randomUnit();
      if (u) {
        this.units.delete(u.id);
        this.nav.removeUnit(u);
        this.stats.removed++;
        this.addRandomUnit();
      }
    }
  }

  private order(u: SoakUnit): void {
    const record = this.randomOrder(u);
    const s = this.stats;
    u.order = record;
    u.orderedAt = this.time;
    u.stuckCounted = false;
    u.starvedCounted = false;
    u.orphan = false;
    u.anchor = { ...u.pose };
    u.stillSince = this.time;
    s.orders++;
    s.targets.add(record.target);
    const orderedAt = this.time;
    let answered = false;
    const move = this.nav.moveTo(u, record.goal, record.options);
    u.move = move;
    const label = `${u.kind.label} (${record.options.planner}, ${record.target} target${record.options.nearest ? ', nearest' : ''})`;
    move.on('start', () => {
      this.lastAnswer = `${label}: started`;
      s.starts++;
      answered = true;
      s.answerSeconds.add(this.time - orderedAt);
    });
    move.on('blocked', () => s.blocked++);
    move.on('replan', () => {
      this.lastAnswer = `${label}: replanned`;
      s.replans++;
    });
    const ended = (): void => {
      const key =
        move.state === 'failed' ? `failed ${move.failure}` : move.state === 'cancelled' ? `cancelled (${move.reason ?? 'no reason'})` : move.state;
      s.outcomes.add(key);
      if (move.state === 'failed') this.lastAnswer = `${label}: ${key}`;
      if (move.state === 'failed') {
        if (!s.failureSamples.has(key)) s.failureSamples.set(key, move.reason ?? '');
        if (move.failure === 'error') s.errors.add(this.incident(u, `move failed with status error: ${move.reason}`));
        if (!answered) s.answerSeconds.add(this.time - orderedAt);
      }
      if (u.move === move) {
        u.move = undefined;
        u.idleUntil = this.time + this.rng.next() * MAX_IDLE;
      }
    };
    move.on('arrive', ended);
    move.on('fail', ended);
    move.on('cancel', ended);
  }

  private randomOrder(u: SoakUnit): OrderRecord {
    const rng = this.rng;
    const { width, height } = this.grid;
    const options: MoveOptions = { planner: rng.pick(u.kind.planners) };
    const cx = Math.floor(u.pose.x);
    const cy = Math.floor(u.pose.y);
    const cellNear = (blocked: boolean): [number, number] | undefined => {
      for (let tries = 0; tries < 30; tries++) {
        const x = cx + rng.range(-NEAR, NEAR);
        const y = cy + rng.range(-NEAR, NEAR);
        if (x >= 0 && y >= 0 && x < width && y < height && this.grid.isBlocked(x, y) === blocked) return [x, y];
      }
      return undefined;
    };
    const inCell = ([x, y]: [number, number]): Point => (rng.chance(0.3) ? { x: x + 0.5, y: y + 0.5 } : { x: x + rng.next(), y: y + rng.next() });
    let goal: Point | undefined;
    let target = 'near';
    const roll = rng.next();
    if (roll < 0.6) {
      const c = cellNear(false);
      if (c) goal = inCell(c);
    } else if (roll < 0.72) {
      target = 'blocked';
      const c = cellNear(true);
      if (c) goal = inCell(c);
    } else if (roll < 0.8) {
      target = 'off-map';
      goal = rng.chance(0.5)
        ? { x: rng.chance(0.5) ? -rng.next() * 10 : width + rng.next() * 10, y: rng.next() * height }
        : { x: rng.next() * width, y: rng.chance(0.5) ? -rng.next() * 10 : height + rng.next() * 10 };
    } else if (roll < 0.88) {
      target = 'corner';
      goal = { x: cx + rng.range(-NEAR, NEAR), y: cy + rng.range(-NEAR, NEAR) };
    } else if (roll < 0.98) {
      target = 'far';
    } else {
      target = 'invalid';
      const bad = rng.int(3);
      goal = bad === 0 ? { x: Number.NaN, y: u.pose.y } : { x: u.pose.x + 1, y: u.pose.y };
      if (bad === 1) options.speed = -1;
      if (bad === 2) options.planner = rng.pick(['nope', ...REFERENCE_PLANNERS]);
    }
    if (goal === undefined) {
      if (target !== 'far') target = `${target}->far`;
      goal = { x: rng.next() * width, y: rng.next() * height };
      for (let tries = 0; tries < 50 && this.grid.isBlocked(Math.floor(goal.x), Math.floor(goal.y)); tries++) {
        goal = { x: rng.next() * width, y: rng.next() * height };
      }
    }
    if (rng.chance(0.3)) options.nearest = true;
    if (rng.chance(u.kind.turningRadius > 0 ? 0.3 : 0.1)) options.heading = (rng.next() * 2 - 1) * Math.PI;
    if (rng.chance(0.1)) options.tolerance = rng.next();
    if (target !== 'invalid' && rng.chance(0.05)) options.speed = 1 + rng.next() * 6;
    return { frame: this.frame, goal, options, target };
  }

  // ---- tile edits ----

  private edit(): void {
    const rng = this.rng;
    const mean = this.settings.edits;
    const n = Math.floor(mean) + (rng.chance(mean - Math.floor(mean)) ? 1 : 0);
    for (let i = 0; i < n; i++) {
      const roll = rng.next();
      if (roll < 0.35) this.editOnPath(true);
      else if (roll < 0.55) this.editOnPath(false);
      else if (roll < 0.7) this.blockUnderUnit();
      else if (roll < 0.93) {
        const x = rng.int(this.grid.width);
        const y = rng.int(this.grid.height);
        this.setCell(x, y, !this.grid.isBlocked(x, y));
      } else this.smallFill();
      // A cost edit beside each tile edit: cheap ground turns dear under the units and back.
      if (this.settings.costs) this.grid.setCost(rng.int(this.grid.width), rng.int(this.grid.height), 1 + rng.int(MAX_SOAK_COST));
    }
    while (this.edited.length > EDIT_LIMIT) {
      const index = this.edited.shift()!;
      const x = index % this.grid.width;
      const y = Math.floor(index / this.grid.width);
      if (this.setCell(x, y, this.original[index] === 1, false)) this.stats.heals++;
    }
  }

  /** Blocks a cell on a moving unit's path a little ahead of it, or frees a blocked cell beside it. */
  private editOnPath(block: boolean): void {
    if (this.paths.length === 0) return;
    const { path, distance } = this.rng.pick(this.paths);
    const d = Math.min(path.length, distance + 0.3 + this.rng.next() * 6);
    const p = path.sample(d);
    const px = Math.floor(p.x);
    const py = Math.floor(p.y);
    if (block) {
      this.setCell(px, py, true);
      return;
    }
    const walls: [number, number][] = [];
    for (let y = py - 2; y <= py + 2; y++) for (let x = px - 2; x <= px + 2; x++) if (this.inMap(x, y) && this.grid.isBlocked(x, y)) walls.push([x, y]);
    if (walls.length > 0) {
      const [x, y] = this.rng.pick(walls);
      this.setCell(x, y, false);
    }
  }

  private blockUnderUnit(): void {
    const u = this.randomUnit();
    if (!u) return;
    const r = radiusOf(u);
    const x = Math.floor(u.pose.x + (this.rng.next() * 2 - 1) * r);
    const y = Math.floor(u.pose.y + (this.rng.next() * 2 - 1) * r);
    this.setCell(x, y, true);
  }

  private smallFill(): void {
    const u = this.randomUnit();
    if (!u) return;
    const rng = this.rng;
    const x0 = Math.floor(u.pose.x) + rng.range(-5, 5);
    const y0 = Math.floor(u.pose.y) + rng.range(-5, 5);
    const w = rng.range(1, 4);
    const h = rng.range(1, 4);
    const mode = rng.int(3);
    const before: [number, number, boolean][] = [];
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (this.inMap(x, y)) before.push([x, y, this.grid.isBlocked(x, y)]);
    if (before.length === 0) return;
    const pattern = before.map(() => (mode === 0 ? true : mode === 1 ? false : rng.chance(0.5)));
    let i = 0;
    const values = new Map(before.map(([x, y]) => [cellKey(this.grid, x, y), pattern[i++]!]));
    this.grid.fill(x0, y0, w, h, (x, y) => values.get(cellKey(this.grid, x, y)) ?? this.grid.isBlocked(x, y));
    this.stats.fills++;
    const newlyBlocked: [number, number][] = [];
    for (const [x, y, was] of before) {
      const now = this.grid.isBlocked(x, y);
      if (now === was) continue;
      this.lastEdit[y * this.grid.width + x] = this.frame;
      this.stats.edits++;
      this.edited.push(y * this.grid.width + x);
      if (now) newlyBlocked.push([x, y]);
    }
    excuseBlocked(this.grid, this.units.values(), newlyBlocked);
  }

  /** Sets one cell (inside the map); returns true when it changed. */
  private setCell(x: number, y: number, blocked: boolean, record = true): boolean {
    if (!this.inMap(x, y) || this.grid.isBlocked(x, y) === blocked) return false;
    this.grid.setBlocked(x, y, blocked);
    this.lastEdit[y * this.grid.width + x] = this.frame;
    if (record) {
      this.stats.edits++;
      this.edited.push(y * this.grid.width + x);
    }
    if (blocked) excuseBlocked(this.grid, this.units.values(), [[x, y]]);
    return true;
  }

  private inMap(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.grid.width && y < this.grid.height;
  }

  // ---- checks ----

  private check(queueEmpty: boolean): void {
    const s = this.stats;
    const { patience } = this.settings;
    const infos = new Map<SoakUnit, UnitInfo<SoakUnit>>();
    for (const info of this.nav.unitInfos()) infos.set(info.unit, info);
    this.paths = [];
    for (const u of this.units.values()) {
      const info = infos.get(u);
      if (info?.path && info.move && !info.move.ended) this.paths.push({ unit: u, path: info.path, distance: info.distance });
      const { x, y, heading } = u.pose;
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(heading)) {
        if (!this.nanUnits.has(u.id)) s.nan.add(this.incident(u, `pose (${x}, ${y}, ${heading})`));
        this.nanUnits.add(u.id);
        continue;
      }
      const walls = checkWalls(this.grid, u);
      if (walls.inside) s.wallFrames++;
      if (walls.graze) s.grazeFrames++;
      if (walls.fresh.length > 0) {
        const cells = walls.fresh.map(([cx, cy]) => {
          const edit = this.inMap(cx, cy) ? this.lastEdit[cy * this.grid.width + cx]! : -1;
          return `(${cx}, ${cy}) ${edit < 0 ? 'blocked on the original map' : `blocked at frame ${edit}`}`;
        });
        const p = u.previous;
        const path = info?.path ? `driving a ${info.path.length.toFixed(3)}-tile path (${info.path.segments.map((g) => g.kind).join(' ')}) at ${info.distance.toFixed(3)}` : 'no path';
        s.walls.add(this.incident(u, `inside ${cells.join(', ')}; came from (${p.x}, ${p.y}, ${p.heading}); move ${u.move?.state ?? 'ended'}, ${path}`));
      }
      const progress = checkProgress(u, info, this.time, queueEmpty, patience);
      if (progress !== 'ok') {
        const what = info?.path ? `has a path (${info.path.length.toFixed(2)} tiles, at ${info.distance.toFixed(2)})` : 'has no path, plan queue empty';
        (progress === 'stuck' ? s.stuck : s.starved).add(this.incident(u, `still for ${(this.time - u.stillSince).toFixed(1)} s, move ${u.move?.state}, ${progress === 'stuck' ? what : 'waiting behind a busy plan queue'}`));
      }
      Object.assign(u.previous, u.pose);
      if (u.move && !u.move.ended) s.oldestMoveSeconds = Math.max(s.oldestMoveSeconds, this.time - u.orderedAt);
    }
  }

  private incident(u: SoakUnit, what: string): { frame: number; time: number; text: string } {
    const o = u.order;
    const order = o ? `order at frame ${o.frame} (${o.target}) to (${o.goal.x}, ${o.goal.y}) ${JSON.stringify(o.options)}` : 'no order yet';
    const p = u.pose;
    return {
      frame: this.frame,
      time: this.time,
      text: `unit ${u.id} (${u.kind.label}, ${JSON.stringify(u.profile)}) at (${p.x}, ${p.y}, ${p.heading}): ${what}; ${order}`,
    };
  }
}

/** Heap in use (MB) after two full collections. */
function settledHeapMb(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** The commit measured: SOAK_COMMIT when the soak runs on a copy of the tree (see the report), else git's HEAD. */
function gitState(): string {
  if (process.env.SOAK_COMMIT) return process.env.SOAK_COMMIT;
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${head} with uncommitted changes in src/` : head;
  } catch {
    return 'unknown';
  }
}

interface Verdict {
  name: string;
  ok: boolean;
  detail: string;
}

function verdicts(s: SoakStats, heap: HeapFigures): Verdict[] {
  return [
    {
      name: 'no exception',
      ok: s.exceptions.count === 0 && s.errors.count === 0,
      detail: `${s.exceptions.count} thrown to the game; ${s.errors.count} caught by the navigator (moves failed with status error)`,
    },
    { name: 'no unit inside a wall', ok: s.walls.count === 0, detail: `${s.walls.count} incidents (${s.wallFrames} unit-frames); ${s.grazeFrames} unit-frames grazing a wall by < 1e-9 tiles (rounding, not counted)` },
    { name: 'no NaN pose', ok: s.nan.count === 0, detail: `${s.nan.count} units` },
    { name: 'no stuck unit left unreported', ok: s.stuck.count === 0, detail: `${s.stuck.count} stuck; ${s.starved.count} waited longer behind a busy plan queue (not failures)` },
    {
      name: 'flat memory',
      ok: heap.secondHalf >= 2 && heap.slopePerMinute <= HEAP_SLOPE_LIMIT,
      detail:
        heap.secondHalf >= 2
          ? `second-half slope ${heap.slopePerMinute.toFixed(3)} MB/min over ${heap.secondHalf} readings (limit ${HEAP_SLOPE_LIMIT})`
          : `too few heap readings to tell (${heap.secondHalf} in the second half): run longer or lower --report-every`,
    },
  ];
}

/** What the figures show that the invariants do not fail on. */
function warningsOf(s: SoakStats, st: Settings): string[] {
  const out: string[] = [];
  const preempted = s.outcomes.counts.get('failed cancelled') ?? 0;
  if (preempted > 0) {
    out.push(
      `${preempted} moves failed with status \`cancelled\` ("${s.failureSamples.get('failed cancelled')}"): a unit's paused search on a planner that units share was replaced by another unit's search, so a good order failed.`,
    );
  }
  if (st.expansions === undefined && s.overrunFrames > 0) {
    const longest = s.slowSteps[0];
    out.push(
      `Planning took more than ${OVERRUN}x the ${DEFAULT_PLAN_BUDGET.milliseconds} ms budget in ${s.overrunFrames} frames (${((100 * s.overrunFrames) / Math.max(1, s.frames)).toFixed(1)}%)` +
        (longest ? `; the longest step the budget could not cut took ${longest.ms.toFixed(0)} ms (${longest.what}).` : '.'),
    );
  }
  if (s.starved.count > 0) {
    out.push(`${s.starved.count} units stood ${st.patience} s or more waiting for a plan behind a busy queue (replans go first); orders waited up to ${s.answerSeconds.max.toFixed(1)} s for an answer.`);
  }
  return out;
}

function summary(soak: Soak, s: SoakStats, heap: HeapFigures, verdictList: readonly Verdict[], git: string): string[] {
  const st = soak.settings;
  const lines: string[] = [];
  lines.push(`# Soak: ${s.wallSeconds >= 60 ? (s.wallSeconds / 60).toFixed(1) + ' minutes' : s.wallSeconds.toFixed(0) + ' s'} of a simulated game`);
  lines.push('');
  lines.push(`Run ${new Date().toISOString()} on node ${process.version}, commit ${git}.`);
  lines.push(
    `Map ${soak.mapName} (${soak.grid.width}x${soak.grid.height}), ${st.units} units, seed ${st.seed}, dt ${st.dt.toFixed(6)} s, ` +
      `${st.edits} edits/frame, ${st.interrupts} interrupting orders/s, planning budget ${st.expansions === undefined ? 'default (4 ms)' : `${st.expansions} expansions`}, stuck after ${st.patience} s still${soak.settings.costs ? '; tile costs 1 to ' + MAX_SOAK_COST + ' in 8 x 8 patches, a cost edit with each tile edit' : ''}.`,
  );
  lines.push(
    `Setup (one plan per kind of unit and planner, so tables built on first use are built before the heap is watched; then the units): ${soak.setupSeconds.toFixed(1)} s. ` +
      `Its longest planning steps, which no frame budget cut: ${soak.warmUpSteps.map((x) => `${x.ms.toFixed(0)} ms (${x.what})`).join('; ')}.`,
  );
  lines.push('');
  lines.push('## Invariants');
  lines.push('');
  for (const v of verdictList) lines.push(`- ${v.ok ? 'PASS' : 'FAIL'} ${v.name}: ${v.detail}`);
  lines.push('');
  lines.push('## Figures');
  lines.push('');
  lines.push('| what | value |');
  lines.push('| --- | --- |');
  const row = (k: string, v: string): void => void lines.push(`| ${k} | ${v} |`);
  row('frames', String(s.frames));
  row('simulated seconds', s.simSeconds.toFixed(0));
  row('wall seconds', s.wallSeconds.toFixed(0));
  row('orders', `${s.orders} (${s.targets.format()})`);
  row('tile edits', `${s.edits} (${s.fills} fills; ${s.heals} undone to keep the map near its original)`);
  row('units added / removed / stopped', `${s.added} / ${s.removed} / ${s.stops}`);
  row('moves started / blocked events / replans', `${s.starts} / ${s.blocked} / ${s.replans}`);
  row('moves ended', s.outcomes.format());
  row('order to start or failure, simulated s (p50 / p95 / p99 / max)', spread(s.answerSeconds, 3));
  row('oldest unended move, simulated s', s.oldestMoveSeconds.toFixed(1));
  row('plan queue: most jobs pending; frames it ended empty', `${s.pendingMax}; ${s.drainedFrames} (${((100 * s.drainedFrames) / Math.max(1, s.frames)).toFixed(1)}%)`);
  row(`lulls (no orders or edits until the queue drains, every ${LULL_EVERY} s)`, `${s.lulls}, ${s.lullFrames} frames; ${s.lullsUndrained} did not drain in ${LULL_MAX} s`);
  row('planning ms per frame (p50 / p95 / p99 / max)', spread(s.planMs));
  row('update ms per frame (p50 / p95 / p99 / max)', spread(s.updateMs));
  row('slowest frames (update ms, of which planning)', s.slowest.map((f) => `frame ${f.frame}: ${f.updateMs.toFixed(1)} (${f.planMs.toFixed(1)})`).join(', '));
  row('longest planning steps the budget could not cut, ms', s.slowSteps.map((x) => `${x.ms.toFixed(0)} (frame ${x.frame}, ${x.what})`).join('; '));
  row('heap MB after GC (first / min / max / last)', [heap.first, heap.min, heap.max, heap.last].map((v) => v.toFixed(1)).join(' / '));
  row('heap slope over the second half, MB/min', heap.slopePerMinute.toFixed(3));
  lines.push('');
  const warnings = warningsOf(s, st);
  if (warnings.length > 0) {
    lines.push('## Warnings (not invariants of the issue, but worth fixing)');
    lines.push('');
    for (const w of warnings) lines.push(`- ${w}`);
    lines.push('');
  }
  if (s.failureSamples.size > 0) {
    lines.push('## A reason for each failure status');
    lines.push('');
    for (const [k, v] of s.failureSamples) lines.push(`- ${k}: ${v}`);
    lines.push('');
  }
  const sections: [string, SoakStats['exceptions']][] = [
    ['Exceptions', s.exceptions],
    ['Moves failed with status error', s.errors],
    ['Units inside walls', s.walls],
    ['NaN poses', s.nan],
    ['Stuck units', s.stuck],
    ['Units waiting long for a plan (not failures)', s.starved],
  ];
  for (const [title, incidents] of sections) {
    if (incidents.count === 0) continue;
    lines.push(`## ${title}: ${incidents.count} (first ${incidents.kept.length})`);
    lines.push('');
    if (incidents === s.exceptions) lines.push(`By kind: ${s.exceptionKinds.format()}`, '');
    for (const i of incidents.kept) {
      lines.push(`- frame ${i.frame} (${i.time.toFixed(2)} s):`);
      lines.push('  ```');
      for (const l of i.text.split('\n').slice(0, 12)) lines.push(`  ${l}`);
      lines.push('  ```');
    }
    lines.push('');
  }
  lines.push('## Heap readings (MB after GC)');
  lines.push('');
  lines.push(s.heap.map((h) => `${h.second.toFixed(0)} s: ${h.mb.toFixed(1)}`).join(', '));
  lines.push('');
  const replay = `npm run soak -- --seed ${st.seed} --units ${st.units}${st.map ? '' : ' --map none'} --edits ${st.edits} --interrupts ${st.interrupts}`;
  lines.push(
    `Replay: \`${replay}${st.expansions === undefined ? ' --expansions N' : ` --expansions ${st.expansions}`} --frames F\` replays a run frame for frame when the budget is in expansions (a millisecond budget depends on the machine).`,
  );
  return lines;
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(argv, ['minutes', 'units', 'seed', 'map', 'dt', 'report-every', 'edits', 'interrupts', 'patience', 'expansions', 'frames', 'out'], ['costs', 'avoidance', 'worker']);
  const settings = settingsOf(parsed);
  if (!(globalThis as { gc?: unknown }).gc) console.warn('warning: run with node --expose-gc (npm run soak does) for meaningful heap figures');
  const planWorker = settings.worker
    ? new PlanWorkerClient(nodePort<FromWorker, ToWorker>(tsWorker(new URL('../src/worker/node-entry.ts', import.meta.url))), {
        onError: (error) => console.error(`plan worker: ${error.message}`),
      })
    : undefined;
  const warmUpMs = planWorker ? await planWorker.ready : 0;
  const soak = new Soak(settings, planWorker);
  console.log(
    `soak: map ${soak.mapName}, ${settings.units} units, seed ${settings.seed}, ${settings.minutes} min${settings.costs ? ', tile costs' : ''}${settings.avoidance ? ', avoidance' : ''}${planWorker ? `, plan worker (warm-up ${warmUpMs.toFixed(0)} ms)` : ''}`,
  );
  soak.populate();
  const s = soak.stats;
  const start = performance.now();
  const wall = (): number => (performance.now() - start) / 1000;
  s.heap.push({ second: 0, frame: 0, mb: settledHeapMb() });
  let nextReport = settings.reportEvery;
  const end = settings.minutes * 60;
  while (wall() < end && soak.frame < settings.frames) {
    soak.step();
    if (planWorker) {
      // The worker's answers cross between frames; a frame waits for its time, as a game's does.
      const ahead = soak.frame * settings.dt - wall();
      await new Promise((r) => (ahead > 0 ? setTimeout(r, ahead * 1000) : setImmediate(r)));
    }
    s.wallSeconds = wall();
    if (s.wallSeconds >= nextReport) {
      nextReport += settings.reportEvery;
      s.heap.push({ second: s.wallSeconds, frame: soak.frame, mb: settledHeapMb() });
      console.log(progressLine(s, soak.units.size, soak.nav.queue.size));
      // Let the event loop breathe (stdout, timers) as a game's frames would.
      await new Promise((r) => setImmediate(r));
    }
  }
  s.wallSeconds = wall();
  s.heap.push({ second: s.wallSeconds, frame: soak.frame, mb: settledHeapMb() });
  const heap = heapFigures(s.heap);
  const verdictList = verdicts(s, heap);
  const lines = summary(soak, s, heap, verdictList, gitState());
  console.log(lines.join('\n'));
  mkdirSync(dirname(settings.out), { recursive: true });
  writeFileSync(settings.out, lines.join('\n') + '\n');
  console.log(`\nwrote ${settings.out}`);
  try {
    soak.nav.destroy();
    planWorker?.destroy();
  } catch (error) {
    console.error(`destroy threw: ${(error as Error).stack}`);
    return 1;
  }
  return verdictList.every((v) => v.ok) ? 0 : 1;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`soak: ${error.message}`);
        process.exit(2);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
