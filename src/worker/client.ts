/**
 * The main side of off-thread planning: mirrors grids to a plan worker (see `host.ts`), sends it
 * vehicle plans, and hands the navigator a {@link PlanJob} per plan that does no work itself: it
 * joins the navigator's plan queue once the worker's answer is in, and delivers it there, inside
 * the frame, like a route planned in-thread. When the worker fails, errs or is destroyed, every
 * plan still waiting is planned in-thread instead, so no unit waits forever.
 */
import type { Grid } from '../grid/grid.js';
import { excerpt } from '../grid/excerpt.js';
import { angleDifference } from '../curves/angle.js';
import { pathHitsBlocked } from '../curves/footprint.js';
import type { PlanJob, PlanQueue } from '../follow/plan-queue.js';
import { planRoute, type Route, type RouteContext, type RouteRequest } from '../follow/route.js';
import { WorkJob, type Work, type WorkBudget } from '../follow/work.js';
import type { PathStatus } from '../search/result.js';
import { isResolvedProfile, type ResolvedProfile, type UnitProfile } from '../unit/profile.js';
import type { PlanPort } from './port.js';
import { isBuiltInPlanner } from '../planners.js';
import { loadedMoveTables, loadedMoveTablesOf, onMoveTablesLoaded } from '../directional/move-tables.js';
import { mistyped, patchBuffers, patchOf, profileFields, PROTOCOL_VERSION, requestToWire, routeFromWire, type FromWorker, type ToWorker } from './protocol.js';

/** Synthetic plans that prepare a profile: one builds its move tables; a second runs on them warm. */
const PREPARE_PLANS = 2;

/**
 * A worker with plans waiting that has sent nothing for this long (ms) is taken as hung, and its
 * plans are made in-thread: ten times the interval at which a planning worker says it is busy
 * (`BUSY_EVERY_MS` in host.ts), so a collector pause or a loaded machine is not taken for a hang.
 */
export const SILENT_WORKER_MS = 5000;

/**
 * The same for a worker that has not said anything yet (ms): loading and compiling its code (about
 * 600 kB) takes seconds on a slow device.
 */
export const SILENT_STARTING_WORKER_MS = 20_000;

/**
 * Failures a worker may have answered from a grid older than the game's: its answer crossed an
 * edit that may have opened the way. Planned again on the grid as it is now (a found route is
 * checked by the navigator, which plans again if its rest is blocked; bad input, a position off
 * the map or a cap reached do not depend on walls).
 */
const LAYOUT_FAILURES: ReadonlySet<PathStatus> = new Set<PathStatus>(['no-path', 'no-room-to-turn', 'start-blocked', 'goal-blocked']);

/**
 * How many times in a row a failure answered across an edit is planned again before it is
 * delivered: a game that edits walls every frame still gets an answer, one frame late at worst.
 */
export const MAX_STALE_REPLANS = 3;

/**
 * Every status a route may carry, as a record so that the compiler asks for a status added to
 * `PathStatus`: an answer with another one (a worker of another release, or a bug) is refused.
 */
const ROUTE_STATUSES: Readonly<Record<PathStatus, true>> = {
  found: true,
  'no-path': true,
  'start-blocked': true,
  'goal-blocked': true,
  'out-of-bounds': true,
  invalid: true,
  budget: true,
  cancelled: true,
  'no-room-to-turn': true,
};

/**
 * How far (tiles, and radians for the heading) a found route may start from the pose it was asked
 * from: the pose crosses as the same doubles and the path starts at it exactly; this absorbs only
 * a heading the planner wrapped into (-π, π].
 */
export const ROUTE_START_TOLERANCE = 1e-9;

/** How often (ms) the client looks for silent workers, while plans wait. */
const WATCH_EVERY_MS = 1000;

/** The channel to a plan worker, seen from the main thread. */
export type PlanWorkerPort = PlanPort<FromWorker, ToWorker>;

/** Where a plan is delivered, and what plans it in-thread if the worker cannot. */
export interface PlanDelivery {
  /** The plan queue the answer is delivered through (the navigator's). */
  queue: PlanQueue;
  /** The route context an in-thread fallback plans in (the navigator's). */
  routes: RouteContext;
  /** Whether the answer goes ahead of waiting jobs (a replan of a moving unit). */
  urgent: boolean;
}

/** Options of a {@link PlanWorkerClient}. */
export interface PlanWorkerOptions {
  /** Gets the error when the worker fails and planning goes back to the main thread. */
  onError?: (error: Error) => void;
  /** Milliseconds now, for telling a hung worker; `performance.now` by default. */
  clock?: () => number;
}

/** One worker of a client: its port once connected, and the plans it has not answered. */
class Connection {
  port: PlanWorkerPort | undefined;
  /** When the worker was last heard from, or last given a plan while it had none (client clock, ms). */
  heard = 0;
  /** Whether the worker has sent anything yet. */
  spoke = false;
  /** Starts the worker when a vehicle first needs it (a port given as a function); cleared once called. */
  start: (() => PortOrPromise) | undefined;
  failed = false;
  readonly pending = new Map<number, RemoteJob>();
  resolveReady: (ms: number) => void = () => {};
  readonly ready = new Promise<number>((resolve) => (this.resolveReady = resolve));

  get live(): boolean {
    return this.port !== undefined && !this.failed;
  }
}

/**
 * Plan workers seen from the main thread: one, or a pool that shares the plans (each plan goes to
 * the worker with the fewest unanswered). Give it to a `Navigator` (`planWorker` option): the
 * navigator's vehicle plans (units with a turning radius) then run in the workers, its other
 * plans in-thread within the frame budget.
 *
 * @example
 * ```ts
 * const workers = new PlanWorkerClient([1, 2].map(() => nodePort(new Worker(entryUrl))));
 * const nav = new Navigator(grid, adapter, { planWorker: workers });
 * // ...
 * nav.destroy();
 * workers.destroy();
 * ```
 */
export class PlanWorkerClient {
  /**
   * Resolves once every worker has warmed up (or failed), with the longest warm-up's planning time
   * in ms; never rejects. A worker started on demand counts from when a vehicle first needs it.
   */
  readonly ready: Promise<number>;
  private readonly workers: Connection[];
  private destroyed = false;
  private nextGrid = 1;
  private nextPlan = 1;
  private readonly grids = new Map<Grid, { id: number; users: number; unwatch: () => void }>();
  /** Profiles prepared, by their tables' key: sent to each worker once, when it connects if not before. */
  private readonly prepared = new Map<string, UnitProfile>();
  private readonly onError: ((error: Error) => void) | undefined;
  private readonly clock: () => number;
  /** The timer looking for silent workers while plans wait, and when it last ran. */
  private watch: ReturnType<typeof setInterval> | undefined;
  private watched = 0;
  private refused = 0;
  /** Stops passing move tables loaded on this thread on to the workers. */
  private readonly unlistenTables: () => void;

  /**
   * @param ports - the channel to a worker running `servePlans` (or several, a pool), each maybe
   *   a promise (a worker loaded lazily), or a function that starts it, called when a vehicle first
   *   needs it (its profile prepared or its plan asked for), so a game without vehicles never
   *   starts one: until a worker is there, every plan runs in-thread.
   * @throws RangeError when `ports` is an empty list.
   */
  constructor(ports: PortSource | readonly PortSource[], options: PlanWorkerOptions = {}) {
    const list = Array.isArray(ports) ? (ports as readonly PortSource[]) : [ports as PortSource];
    if (list.length === 0) throw new RangeError('a plan worker client needs at least one port');
    this.onError = options.onError;
    this.clock = options.clock ?? (() => performance.now());
    this.workers = list.map(() => new Connection());
    // Tables a game loads later reach the workers too (those loaded before go when each connects).
    this.unlistenTables = onMoveTablesLoaded((key) => {
      for (const w of this.workers) if (w.live) this.sendTables(w, loadedMoveTablesOf(key));
    });
    this.ready = Promise.all(this.workers.map((w) => w.ready)).then((ms) => Math.max(...ms));
    list.forEach((port, i) => {
      const worker = this.workers[i]!;
      if (typeof port === 'function') worker.start = port;
      else this.take(worker, port);
    });
  }

  /** True while plans go to a worker: one is connected and has not failed, and the client is not destroyed. */
  get alive(): boolean {
    return !this.destroyed && this.workers.some((w) => w.live);
  }

  /**
   * Answers refused by the client's checks (a status it does not know, a found route that does
   * not start at the unit's pose or whose footprint enters a wall of the grid it was planned for,
   * a malformed route), each planned again in-thread and reported to `onError`. Always 0 with a
   * sound worker.
   */
  get rejected(): number {
    return this.refused;
  }

  /** Plans sent to the workers and not answered yet. */
  get waiting(): number {
    return this.workers.reduce((n, w) => n + w.pending.size, 0);
  }

  /**
   * Starts mirroring `grid` to the workers (each call needs a {@link release}). The navigator
   * calls it; a grid attached before a worker is connected is sent once it is.
   */
  attach(grid: Grid): void {
    const known = this.grids.get(grid);
    if (known) {
      known.users++;
      return;
    }
    const entry = { id: this.nextGrid++, users: 1, unwatch: () => {} };
    entry.unwatch = grid.watch((area) => {
      const patch = patchOf(grid, area);
      for (const w of this.workers) this.send(w, { v: PROTOCOL_VERSION, type: 'edit', grid: entry.id, patch });
    });
    this.grids.set(grid, entry);
    for (const w of this.workers) if (w.live) this.sendGrid(w, grid, entry.id);
  }

  /** Stops mirroring `grid` once every {@link attach} of it has been released. */
  release(grid: Grid): void {
    const entry = this.grids.get(grid);
    if (!entry || --entry.users > 0) return;
    entry.unwatch();
    this.grids.delete(grid);
    for (const w of this.workers) this.send(w, { v: PROTOCOL_VERSION, type: 'drop-grid', grid: entry.id });
  }

  /** Plans these profiles on the workers' warm-up map while they are idle, so their tables are built and the code warm before the game's orders. */
  warm(profiles: readonly UnitProfile[]): void {
    for (const w of this.workers) this.send(w, { v: PROTOCOL_VERSION, type: 'warm', profiles: [...profiles] });
  }

  /**
   * Has the workers build the tables of a vehicle's profile while idle (a couple of synthetic
   * plans), so the first order of a unit with it does not wait for them; once per profile. The
   * navigator calls it from `addUnit`. Profiles of units that turn on the spot are ignored.
   */
  prepare(profile: ResolvedProfile): void {
    if (profile.turningRadius <= 0 || this.prepared.has(profile.key)) return;
    this.startWorkers();
    const fields = profileFields(profile);
    this.prepared.set(profile.key, fields);
    for (const w of this.workers) this.send(w, { v: PROTOCOL_VERSION, type: 'warm', profiles: [fields], plans: PREPARE_PLANS });
  }

  /**
   * A job for the plan of `request` on `grid`, or undefined when it is to be planned in-thread:
   * the unit turns on the spot, it names a planner the game registered, a field is not of the
   * type the worker reads (a string for a number: in-thread, the route's checks answer it with a
   * status; sent, a symbol would not even clone), the profile did not come from `resolveProfile`
   * (the worker resolves its fields again, which could give another profile or refuse it), no
   * worker is alive, or `grid` is not attached.
   * The job joins `delivery.queue` once the answer is in; cancelling it cancels the worker's
   * search. A failure answered across an edit of the grid's walls is planned again (see
   * {@link MAX_STALE_REPLANS}).
   */
  job(grid: Grid, request: RouteRequest, delivery: PlanDelivery, onDone: (route: Route) => void, onError: (error: unknown) => void): PlanJob | undefined {
    const entry = this.grids.get(grid);
    if (request.profile.turningRadius <= 0 || this.destroyed || !entry) return undefined;
    // A planner the game registered lives on this thread only.
    if (request.planner !== undefined && !isBuiltInPlanner(request.planner)) return undefined;
    if (mistyped(request) !== undefined || !isResolvedProfile(request.profile)) return undefined;
    this.startWorkers();
    const job = new RemoteJob(grid, request, delivery, onDone, onError);
    return this.dispatch(job) ? job : undefined;
  }

  /** Sends `job` to the least busy live worker; false when there is none or its grid is no longer attached. */
  private dispatch(job: RemoteJob): boolean {
    const entry = this.grids.get(job.grid);
    let worker: Connection | undefined;
    for (const w of this.workers) if (w.live && (worker === undefined || w.pending.size < worker.pending.size)) worker = w;
    if (!worker || !entry || this.destroyed) return false;
    const id = this.nextPlan++;
    job.sent(job.grid.layoutVersion, () => {
      if (worker.pending.delete(id)) this.send(worker, { v: PROTOCOL_VERSION, type: 'cancel', id });
    });
    if (worker.pending.size === 0) worker.heard = this.clock();
    worker.pending.set(id, job);
    this.watchWorkers();
    this.send(worker, { v: PROTOCOL_VERSION, type: 'plan', id, grid: entry.id, request: requestToWire(job.request), ...(job.delivery.urgent ? { urgent: true } : {}) });
    return true;
  }

  /** Terminates the workers; the plans they had not answered are planned in-thread. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.unlistenTables();
    this.stopWatch();
    for (const entry of this.grids.values()) entry.unwatch();
    this.grids.clear();
    for (const w of this.workers) {
      w.port?.close();
      w.resolveReady(0);
      fallBackAll(w);
    }
  }

  /** Looks for silent workers every {@link WATCH_EVERY_MS} while plans wait (no timer otherwise). */
  private watchWorkers(): void {
    if (this.watch !== undefined || this.destroyed) return;
    this.watched = this.clock();
    this.watch = setInterval(() => this.lookForSilence(), WATCH_EVERY_MS);
  }

  private stopWatch(): void {
    if (this.watch !== undefined) clearInterval(this.watch);
    this.watch = undefined;
  }

  /** Fails each worker that has had plans waiting and said nothing for {@link SILENT_WORKER_MS} ({@link SILENT_STARTING_WORKER_MS} before its first word). */
  private lookForSilence(): void {
    const now = this.clock();
    // The look itself came late: the main thread was held up (a stall, a background tab), and the
    // workers' messages may be queued behind it: count their silence from now.
    const late = now - this.watched > 2 * WATCH_EVERY_MS;
    this.watched = now;
    for (const worker of this.workers) {
      if (!worker.live || worker.pending.size === 0) continue;
      if (late) worker.heard = now;
      else if (now - worker.heard > (worker.spoke ? SILENT_WORKER_MS : SILENT_STARTING_WORKER_MS)) {
        this.fail(worker, new Error(`plan worker silent for ${Math.round(now - worker.heard)} ms with ${worker.pending.size} plans waiting: taken as hung, its plans made in-thread`));
      }
    }
    if (!this.workers.some((w) => w.live && w.pending.size > 0)) this.stopWatch();
  }

  /** Takes a worker's port, or waits for it. */
  private take(worker: Connection, port: PortOrPromise): void {
    if (port instanceof Promise) port.then((p) => this.connect(worker, p), (error: unknown) => this.fail(worker, asError(error)));
    else this.connect(worker, port);
  }

  /** Starts the workers given as functions that have not been started yet. */
  private startWorkers(): void {
    if (this.destroyed) return;
    for (const worker of this.workers) {
      const start = worker.start;
      if (!start) continue;
      worker.start = undefined;
      let port: PortOrPromise;
      try {
        port = start();
      } catch (error) {
        this.fail(worker, asError(error));
        continue;
      }
      this.take(worker, port);
    }
  }

  private connect(worker: Connection, port: PlanWorkerPort): void {
    if (this.destroyed) {
      port.close();
      return;
    }
    worker.port = port;
    port.onMessage((message) => this.receive(worker, message));
    port.onFailure?.((error) => this.fail(worker, error));
    // The move tables first: the worker's planners then never build tables the game shipped.
    for (const bytes of loadedMoveTables()) this.sendTables(worker, bytes);
    for (const [grid, entry] of this.grids) this.sendGrid(worker, grid, entry.id);
    if (this.prepared.size > 0) this.send(worker, { v: PROTOCOL_VERSION, type: 'warm', profiles: [...this.prepared.values()], plans: PREPARE_PLANS });
  }

  private sendTables(worker: Connection, bytes: Uint8Array | undefined): void {
    if (bytes) this.send(worker, { v: PROTOCOL_VERSION, type: 'tables', bytes }, [bytes.buffer as ArrayBuffer]);
  }

  private sendGrid(worker: Connection, grid: Grid, id: number): void {
    const patch = patchOf(grid);
    this.send(worker, { v: PROTOCOL_VERSION, type: 'grid', grid: id, width: grid.width, height: grid.height, patch }, patchBuffers(patch));
  }

  private send(worker: Connection, message: ToWorker, transfer?: readonly ArrayBuffer[]): void {
    if (!worker.live || this.destroyed) return;
    try {
      worker.port!.post(message, transfer);
    } catch (error) {
      this.fail(worker, asError(error));
    }
  }

  private receive(worker: Connection, message: FromWorker): void {
    if (!worker.live || this.destroyed) return;
    worker.heard = this.clock();
    worker.spoke = true;
    if (typeof message !== 'object' || message === null || message.v !== PROTOCOL_VERSION) {
      this.fail(worker, new Error(`plan worker sent a message of another protocol: ${describe(message)}`));
      return;
    }
    if (message.type === 'ready') {
      worker.resolveReady(message.warmUpMs);
      return;
    }
    if (message.type === 'busy') return;
    if (message.id === undefined) {
      // An edit the mirror could not take leaves it unlike the grid: no later answer can be trusted.
      this.fail(worker, new Error(`plan worker: ${message.type === 'error' ? message.message : describe(message)}`));
      return;
    }
    const job = worker.pending.get(message.id);
    if (!job) return; // cancelled meanwhile
    worker.pending.delete(message.id);
    if (message.type === 'route') {
      let route: Route;
      try {
        route = routeFromWire(message.route);
      } catch (error) {
        this.reject(job, `a malformed route: ${asError(error).message}`);
        return;
      }
      const wrong = unsound(route, job.request);
      if (wrong !== undefined) {
        this.reject(job, wrong);
        return;
      }
      const hit = route.status === 'found' && hitsWall(route, job);
      if ((LAYOUT_FAILURES.has(route.status) || hit) && job.stale()) {
        // Answered from a grid the game has edited since: the edit may have opened the way, or
        // closed the route found.
        if (!this.dispatch(job)) job.fallBack();
        return;
      }
      if (hit) {
        // Not the worker's fault when the walls changed since it was sent (and it was sent again
        // as often as it may be): planned here, on the grid as it is now.
        if (job.edited()) job.fallBack();
        else this.reject(job, `a route whose footprint (radius ${job.request.profile.sweepRadius} tiles) enters a wall`);
        return;
      }
      job.arrive(route);
    } else {
      // The worker could not plan it (a bug, or a message it could not read): plan it here.
      job.fallBack();
      this.onError?.(new Error(`plan worker: ${message.message}`));
    }
  }

  /** Refuses a worker's answer: the plan is made in-thread, counted and reported. */
  private reject(job: RemoteJob, why: string): void {
    this.refused++;
    job.fallBack();
    this.onError?.(new Error(`plan worker sent ${why}; planned in-thread instead`));
  }

  private fail(worker: Connection, error: Error): void {
    if (worker.failed || this.destroyed) return;
    worker.failed = true;
    try {
      worker.port?.close();
    } catch {
      // The worker is gone either way.
    }
    worker.resolveReady(0);
    fallBackAll(worker);
    if (!this.workers.some((w) => !w.failed)) {
      for (const entry of this.grids.values()) entry.unwatch();
      this.grids.clear();
    }
    this.onError?.(error);
  }
}

/** A worker's port, or a promise of it. */
type PortOrPromise = PlanWorkerPort | Promise<PlanWorkerPort>;

/** A worker's port, a promise of it, or a function that starts the worker when a vehicle first needs it. */
export type PortSource = PortOrPromise | (() => PortOrPromise);

/** Plans `worker` had not answered, planned in-thread. */
function fallBackAll(worker: Connection): void {
  const jobs = [...worker.pending.values()];
  worker.pending.clear();
  for (const job of jobs) job.fallBack();
}

/** A plan sent to the worker: joins its queue once the answer (or an in-thread fallback) is there to run. */
class RemoteJob implements PlanJob {
  private inner: WorkJob<Route> | undefined;
  private cancelled = false;
  /** The grid's layout version when the plan was last sent, and how many times it was sent. */
  private sentVersion = 0;
  private sends = 0;
  /** Cancels the plan in the worker it was last sent to. */
  private cancelRemote: () => void = () => {};

  constructor(
    readonly grid: Grid,
    readonly request: RouteRequest,
    readonly delivery: PlanDelivery,
    private readonly onDone: (route: Route) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  get done(): boolean {
    return this.cancelled || (this.inner?.done ?? false);
  }

  step(maxExpansions: number, overdue?: () => boolean): number {
    return this.inner ? this.inner.step(maxExpansions, overdue) : 0;
  }

  cancel(): void {
    if (this.done) return;
    this.cancelled = true;
    this.inner?.cancel();
    this.cancelRemote();
  }

  /** The plan went to a worker while the grid's layout was at `version`; `cancel` cancels it there. */
  sent(version: number, cancel: () => void): void {
    this.sentVersion = version;
    this.sends++;
    this.cancelRemote = cancel;
  }

  /** Whether the grid's walls changed since the plan was sent, and it may be sent again for that. */
  stale(): boolean {
    return this.edited() && this.sends <= MAX_STALE_REPLANS;
  }

  /** Whether the grid's walls changed since the plan was last sent. */
  edited(): boolean {
    return this.grid.layoutVersion !== this.sentVersion;
  }

  /** The worker's answer: delivered at the queue's next run. */
  arrive(route: Route): void {
    this.start(() => answered(route));
  }

  /** Plans in-thread within the queue's budget. */
  fallBack(): void {
    const { routes } = this.delivery;
    const request = this.request;
    this.start((budget) => planRoute(routes, request, budget));
  }

  private start(work: (budget: WorkBudget) => Work<Route>): void {
    if (this.cancelled || this.inner) return;
    this.inner = new WorkJob(work, this.onDone, this.onError);
    this.delivery.queue.add(this, this.delivery.urgent);
  }
}

/**
 * What is wrong with a worker's route whatever the grid, as a phrase, or undefined: a status not
 * in {@link ROUTE_STATUSES}, waypoints that are not finite distances, a found route without a
 * path, not starting at the pose it was asked from, or ending at a goal that is not a finite point.
 */
function unsound(route: Route, request: RouteRequest): string | undefined {
  const status: unknown = route.status;
  if (typeof status !== 'string' || !Object.hasOwn(ROUTE_STATUSES, status)) {
    return `a route of unknown status ${typeof status === 'string' ? excerpt(status) : typeof status}`;
  }
  if (!Array.isArray(route.waypoints) || !route.waypoints.every((w) => Number.isFinite(w))) return 'a route whose waypoints are not finite distances';
  if (route.message !== undefined && typeof route.message !== 'string') return 'a route whose message is not a string';
  // A failure carries the goal it was asked for, whatever it was (NaN is answered `invalid`).
  if (status !== 'found') return undefined;
  const goal = route.goal as unknown as { x?: unknown; y?: unknown } | null;
  if (typeof goal !== 'object' || goal === null || !Number.isFinite(goal.x) || !Number.isFinite(goal.y)) return 'a found route whose goal is not a finite point';
  const path = route.path;
  if (path === undefined) return 'a found route without a path';
  const { start } = request;
  const p = path.start;
  if (Math.abs(p.x - start.x) > ROUTE_START_TOLERANCE || Math.abs(p.y - start.y) > ROUTE_START_TOLERANCE || !(Math.abs(angleDifference(start.heading, p.heading)) <= ROUTE_START_TOLERANCE)) {
    return `a route starting at (${p.x}, ${p.y}) heading ${p.heading}, not at the unit's pose (${start.x}, ${start.y}) heading ${start.heading}`;
  }
  return undefined;
}

/**
 * Whether the footprint of a found route enters a wall of the grid it was planned for, as it is
 * now: the exact swept disc the planners check their curves with. A route that does not move (the
 * unit already there) sweeps nothing and is not checked: a unit may stand against a wall.
 */
function hitsWall(route: Route, job: RemoteJob): boolean {
  const path = route.path!;
  return path.segments.length > 0 && pathHitsBlocked(job.grid, path, job.request.profile.sweepRadius);
}

/** Work that is done at once: a route already planned. */
function* answered(route: Route): Work<Route> {
  return route;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function describe(message: unknown): string {
  try {
    return JSON.stringify(message)?.slice(0, 80) ?? String(message);
  } catch {
    return String(message);
  }
}
