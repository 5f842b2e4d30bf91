/**
 * The main side of off-thread planning: mirrors grids to a plan worker (see `host.ts`), sends it
 * vehicle plans, and hands the navigator a {@link PlanJob} per plan that does no work itself: it
 * joins the navigator's plan queue once the worker's answer is in, and delivers it there, inside
 * the frame, like a route planned in-thread. When the worker fails, errs or is destroyed, every
 * plan still waiting is planned in-thread instead, so no unit waits forever.
 */
import type { Grid } from '../grid/grid.js';
import type { PlanJob, PlanQueue } from '../follow/plan-queue.js';
import { planRoute, type Route, type RouteContext, type RouteRequest } from '../follow/route.js';
import { WorkJob, type Work, type WorkBudget } from '../follow/work.js';
import type { UnitProfile } from '../unit/profile.js';
import type { PlanPort } from './port.js';
import { patchBuffers, patchOf, PROTOCOL_VERSION, requestToWire, routeFromWire, type FromWorker, type ToWorker } from './protocol.js';

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
}

/**
 * A plan worker seen from the main thread. Give it to a `Navigator` (`planWorker` option): the
 * navigator's vehicle plans (units with a turning radius) then run in the worker, its other
 * plans in-thread within the frame budget.
 *
 * @example
 * ```ts
 * const worker = new PlanWorkerClient(nodePort(new Worker(entryUrl)));
 * const nav = new Navigator(grid, adapter, { planWorker: worker });
 * // ...
 * nav.destroy();
 * worker.destroy();
 * ```
 */
export class PlanWorkerClient {
  /** Resolves with the worker's warm-up time (ms) once it is ready; never rejects. */
  readonly ready: Promise<number>;
  private port: PlanWorkerPort | undefined;
  private failed = false;
  private destroyed = false;
  private nextGrid = 1;
  private nextPlan = 1;
  private readonly grids = new Map<Grid, { id: number; users: number; unwatch: () => void }>();
  private readonly pending = new Map<number, RemoteJob>();
  private readonly onError: ((error: Error) => void) | undefined;
  private resolveReady: (ms: number) => void = () => {};

  /**
   * @param port - the channel to a worker running `servePlans`, or a promise of it (a worker
   *   loaded lazily): until it comes, every plan runs in-thread.
   */
  constructor(port: PlanWorkerPort | Promise<PlanWorkerPort>, options: PlanWorkerOptions = {}) {
    this.onError = options.onError;
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
    if (port instanceof Promise) port.then((p) => this.connect(p), (error: unknown) => this.fail(asError(error)));
    else this.connect(port);
  }

  /** True while plans go to the worker: connected, and neither failed nor destroyed. */
  get alive(): boolean {
    return this.port !== undefined && !this.failed && !this.destroyed;
  }

  /** Plans sent to the worker and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * Starts mirroring `grid` to the worker (each call needs a {@link release}). The navigator
   * calls it; a grid attached before the worker is connected is sent once it is.
   */
  attach(grid: Grid): void {
    const known = this.grids.get(grid);
    if (known) {
      known.users++;
      return;
    }
    const entry = { id: this.nextGrid++, users: 1, unwatch: grid.watch((area) => this.send({ v: PROTOCOL_VERSION, type: 'edit', grid: entry.id, patch: patchOf(grid, area) })) };
    this.grids.set(grid, entry);
    if (this.alive) this.sendGrid(grid, entry.id);
  }

  /** Stops mirroring `grid` once every {@link attach} of it has been released. */
  release(grid: Grid): void {
    const entry = this.grids.get(grid);
    if (!entry || --entry.users > 0) return;
    entry.unwatch();
    this.grids.delete(grid);
    this.send({ v: PROTOCOL_VERSION, type: 'drop-grid', grid: entry.id });
  }

  /** Plans these profiles on the worker's tiny map, so their tables are built and the code warm before the game's orders. */
  warm(profiles: readonly UnitProfile[]): void {
    this.send({ v: PROTOCOL_VERSION, type: 'warm', profiles: [...profiles] });
  }

  /**
   * A job for the plan of `request` on `grid`, or undefined when it is to be planned in-thread:
   * the unit turns on the spot, the worker is not alive, or `grid` is not attached. The job
   * joins `delivery.queue` once the answer is in; cancelling it cancels the worker's search.
   */
  job(grid: Grid, request: RouteRequest, delivery: PlanDelivery, onDone: (route: Route) => void, onError: (error: unknown) => void): PlanJob | undefined {
    const entry = this.grids.get(grid);
    if (request.profile.turningRadius <= 0 || !this.alive || !entry) return undefined;
    const id = this.nextPlan++;
    const job = new RemoteJob(request, delivery, onDone, onError, () => {
      if (this.pending.delete(id)) this.send({ v: PROTOCOL_VERSION, type: 'cancel', id });
    });
    this.pending.set(id, job);
    this.send({ v: PROTOCOL_VERSION, type: 'plan', id, grid: entry.id, request: requestToWire(request) });
    return job;
  }

  /** Terminates the worker; the plans it had not answered are planned in-thread. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const entry of this.grids.values()) entry.unwatch();
    this.grids.clear();
    this.port?.close();
    this.resolveReady(0);
    this.fallBackAll();
  }

  private connect(port: PlanWorkerPort): void {
    if (this.destroyed) {
      port.close();
      return;
    }
    this.port = port;
    port.onMessage((message) => this.receive(message));
    port.onFailure?.((error) => this.fail(error));
    for (const [grid, entry] of this.grids) this.sendGrid(grid, entry.id);
  }

  private sendGrid(grid: Grid, id: number): void {
    const patch = patchOf(grid);
    this.send({ v: PROTOCOL_VERSION, type: 'grid', grid: id, width: grid.width, height: grid.height, patch }, patchBuffers(patch));
  }

  private send(message: ToWorker, transfer?: readonly ArrayBuffer[]): void {
    if (!this.alive) return;
    try {
      this.port!.post(message, transfer);
    } catch (error) {
      this.fail(asError(error));
    }
  }

  private receive(message: FromWorker): void {
    if (!this.alive) return;
    if (typeof message !== 'object' || message === null || message.v !== PROTOCOL_VERSION) {
      this.fail(new Error(`plan worker sent a message of another protocol: ${describe(message)}`));
      return;
    }
    if (message.type === 'ready') {
      this.resolveReady(message.warmUpMs);
      return;
    }
    if (message.id === undefined) {
      // An edit the mirror could not take leaves it unlike the grid: no later answer can be trusted.
      this.fail(new Error(`plan worker: ${message.type === 'error' ? message.message : describe(message)}`));
      return;
    }
    const job = this.pending.get(message.id);
    if (!job) return; // cancelled meanwhile
    this.pending.delete(message.id);
    if (message.type === 'route') {
      let route: Route;
      try {
        route = routeFromWire(message.route);
      } catch (error) {
        job.fallBack();
        this.onError?.(new Error(`plan worker sent a malformed route: ${asError(error).message}`));
        return;
      }
      job.arrive(route);
    } else {
      // The worker could not plan it (a bug, or a message it could not read): plan it here.
      job.fallBack();
      this.onError?.(new Error(`plan worker: ${message.message}`));
    }
  }

  private fail(error: Error): void {
    if (this.failed || this.destroyed) return;
    this.failed = true;
    for (const entry of this.grids.values()) entry.unwatch();
    this.grids.clear();
    try {
      this.port?.close();
    } catch {
      // The worker is gone either way.
    }
    this.resolveReady(0);
    this.fallBackAll();
    this.onError?.(error);
  }

  private fallBackAll(): void {
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) job.fallBack();
  }
}

/** A plan sent to the worker: joins its queue once the answer (or an in-thread fallback) is there to run. */
class RemoteJob implements PlanJob {
  private inner: WorkJob<Route> | undefined;
  private cancelled = false;

  constructor(
    private readonly request: RouteRequest,
    private readonly delivery: PlanDelivery,
    private readonly onDone: (route: Route) => void,
    private readonly onError: (error: unknown) => void,
    private readonly onCancel: () => void,
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
    this.onCancel();
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
