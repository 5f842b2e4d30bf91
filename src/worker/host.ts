/**
 * The worker side of off-thread planning: mirrors of the main thread's grids, and the same
 * `planRoute` the navigator runs, planned in slices of a few milliseconds with the event loop
 * free between them, so grid edits and cancels arrive mid-search (the planners survive grid
 * changes between slices as they do between frames on the main thread).
 */
import type { Grid } from '../grid/grid.js';
import { PlanQueue } from '../follow/plan-queue.js';
import { planRoute, RouteContext, type Route } from '../follow/route.js';
import { WorkJob } from '../follow/work.js';
import type { UnitProfile } from '../unit/profile.js';
import { receiveMoveTables } from '../directional/move-tables.js';
import type { PlanPort } from './port.js';
import { applyPatch, gridFromPatch, PROTOCOL_VERSION, requestFromWire, routeToWire, type FromWorker, type ToWorker } from './protocol.js';
import { DEFAULT_WARM_PROFILES, WARM_PLANS, warmUpWork } from './warm-up.js';

/**
 * Milliseconds the worker plans before it lets messages in: short enough that an edit or a cancel
 * waits little, long enough that yielding (microseconds) costs nothing.
 */
export const WORKER_SLICE_MS = 4;

/**
 * While it plans, the worker says so at least this often (ms), so that the main thread can tell
 * a long search from a worker that hangs (see `SILENT_WORKER_MS` in client.ts).
 */
export const BUSY_EVERY_MS = 500;

/** Options of {@link servePlans}. */
export interface ServeOptions {
  /** Profiles planned on the warm-up map at start, as idle work, so the code is warm; `[]` for none. Default: a typical tank. */
  warmUp?: readonly UnitProfile[];
  /** Milliseconds now; `performance.now` by default. */
  clock?: () => number;
}

/** A running host; `close` stops its planning (the port's owner closes the port). */
export interface PlanHost {
  close(): void;
}

/** Runs `fn` after the event loop has had a turn: `setImmediate` in Node, a message to itself in a browser worker. */
function laterFn(): (fn: () => void) => void {
  if (typeof setImmediate === 'function') return (fn) => void setImmediate(fn);
  // A browser worker has no setImmediate, and setTimeout(0) waits 4 ms once nested.
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (fn) => {
    queue.push(fn);
    channel.port2.postMessage(0);
  };
}

/**
 * Answers plan requests arriving on `port` (see {@link ToWorker}). Warms up while no plan waits
 * (see `warmUpWork`), then posts `ready` with the milliseconds the warm-up took. A message that
 * cannot be read gets an error reply; a plan that throws fails alone.
 *
 * @example
 * ```ts
 * // the worker's entry file
 * servePlans(webPort(self));
 * ```
 */
export function servePlans(port: PlanPort<ToWorker, FromWorker>, options: ServeOptions = {}): PlanHost {
  const clock = options.clock ?? (() => performance.now());
  const grids = new Map<number, { grid: Grid; ctx: RouteContext }>();
  const jobs = new Map<number, WorkJob<Route>>();
  const queue = new PlanQueue({ milliseconds: WORKER_SLICE_MS }, clock);
  // Warm-up plans run only while no real plan waits: they never delay an order.
  const idle = new PlanQueue({ milliseconds: WORKER_SLICE_MS }, clock);
  // The game's own profiles (the client's prepare) warm before the generic warm-up: their tables
  // are what a first order waits for, and the generic warm-up takes a second or two.
  const preparing = new PlanQueue({ milliseconds: WORKER_SLICE_MS }, clock);
  let warmUpMs = 0;
  const later = laterFn();
  let scheduled = false;
  let closed = false;
  let saidBusy = -Infinity;
  const send = (message: FromWorker): void => {
    if (!closed) port.post(message);
  };

  const loop = (): void => {
    scheduled = false;
    if (closed) return;
    try {
      if (queue.size > 0) {
        queue.run();
        const now = clock();
        if (queue.size > 0 && now - saidBusy >= BUSY_EVERY_MS) {
          saidBusy = now;
          send({ v: PROTOCOL_VERSION, type: 'busy' });
        }
      } else if (preparing.size > 0) warmUpMs += preparing.run().milliseconds;
      else warmUpMs += idle.run().milliseconds;
    } catch (error) {
      // Every job has its own error handler; this is a bug of the queue itself: report, go on.
      send({ v: PROTOCOL_VERSION, type: 'error', message: `plan loop: ${messageOf(error)}` });
    }
    if (queue.size > 0 || preparing.size > 0 || idle.size > 0) schedule();
  };
  const warm = (profiles: readonly UnitProfile[], plans: number, onDone: () => void, first = false): void => {
    // Warming is an optimisation: a failure leaves the code cold, never the worker unusable.
    (first ? preparing : idle).add(new WorkJob((budget) => warmUpWork(budget, profiles, plans), onDone, onDone));
    schedule();
  };
  const schedule = (): void => {
    if (scheduled || closed) return;
    scheduled = true;
    later(loop);
  };

  const handle = (message: ToWorker): void => {
    switch (message.type) {
      case 'grid': {
        const { width, height, patch } = message;
        if (patch?.x !== 0 || patch.y !== 0 || patch.width !== width || patch.height !== height) {
          throw new RangeError(`grid ${message.grid}: the first patch must cover the whole ${String(width)}x${String(height)} map`);
        }
        const grid = gridFromPatch(width, height, patch);
        grids.get(message.grid)?.ctx.destroy();
        grids.set(message.grid, { grid, ctx: new RouteContext(grid) });
        return;
      }
      case 'edit':
        return applyPatch(mirror(message.grid).grid, message.patch);
      case 'drop-grid':
        grids.get(message.grid)?.ctx.destroy();
        grids.delete(message.grid);
        return;
      case 'plan': {
        const { id } = message;
        if (!Number.isInteger(id)) throw new TypeError(`plan id must be an integer, got ${String(id)}`);
        const { ctx } = mirror(message.grid);
        const request = requestFromWire(message.request);
        const job = new WorkJob(
          (budget) => planRoute(ctx, request, budget),
          (route) => {
            jobs.delete(id);
            send({ v: PROTOCOL_VERSION, type: 'route', id, route: routeToWire(route) });
          },
          (error) => {
            jobs.delete(id);
            send({ v: PROTOCOL_VERSION, type: 'error', id, message: messageOf(error) });
          },
        );
        jobs.get(id)?.cancel();
        jobs.set(id, job);
        // A moving unit's replan goes ahead of the orders still waiting, as on the main thread.
        queue.add(job, message.urgent === true);
        schedule();
        return;
      }
      case 'cancel':
        jobs.get(message.id)?.cancel();
        jobs.delete(message.id);
        return;
      case 'warm':
        if (!Array.isArray(message.profiles)) throw new TypeError(`warm needs an array of profiles, got ${String(message.profiles)}`);
        if (message.plans !== undefined && !(Number.isInteger(message.plans) && message.plans >= 1 && message.plans <= WARM_PLANS)) {
          throw new RangeError(`warm plans must be an integer from 1 to ${WARM_PLANS}, got ${String(message.plans)}`);
        }
        warm(message.profiles, message.plans ?? WARM_PLANS, () => {}, message.plans !== undefined);
        return;
      case 'tables':
        if (!(message.bytes instanceof Uint8Array)) throw new TypeError(`tables needs a Uint8Array, got ${String(message.bytes)}`);
        try {
          receiveMoveTables(message.bytes);
        } catch {
          // Tables are an optimisation, as the warm-up is: refused bytes leave them to be built.
        }
        return;
      default:
        throw new TypeError(`unknown message type ${JSON.stringify((message as { type?: unknown }).type)}`);
    }
  };
  const mirror = (id: number): { grid: Grid; ctx: RouteContext } => {
    const found = grids.get(id);
    if (!found) throw new RangeError(`unknown grid ${String(id)}`);
    return found;
  };

  port.onMessage((message) => {
    if (closed) return;
    const id = typeof message === 'object' && message !== null && message.type === 'plan' && Number.isInteger(message.id) ? message.id : undefined;
    try {
      if (typeof message !== 'object' || message === null) throw new TypeError(`a message must be an object, got ${String(message)}`);
      if (message.v !== PROTOCOL_VERSION) throw new RangeError(`protocol version ${String(message.v)} is not this worker's ${PROTOCOL_VERSION}`);
      handle(message);
    } catch (error) {
      send({ v: PROTOCOL_VERSION, type: 'error', ...(id === undefined ? {} : { id }), message: messageOf(error) });
    }
  });

  warm(options.warmUp ?? DEFAULT_WARM_PROFILES, WARM_PLANS, () => send({ v: PROTOCOL_VERSION, type: 'ready', warmUpMs }));

  return {
    close: () => {
      if (closed) return;
      closed = true;
      queue.clear();
      preparing.clear();
      idle.clear();
      jobs.clear();
      for (const { ctx } of grids.values()) ctx.destroy();
      grids.clear();
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
