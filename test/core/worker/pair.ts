/**
 * Test plumbing for the plan worker: a host and a client joined by an in-process MessageChannel,
 * a port that never answers (to fail on demand), and planning a request to its end in-thread or
 * through a client.
 */
import { MessageChannel } from 'node:worker_threads';
import type { Grid } from '../../../src/grid/grid.js';
import { PlanQueue } from '../../../src/follow/plan-queue.js';
import { planRoute, RouteContext, type Route, type RouteRequest } from '../../../src/follow/route.js';
import type { WorkBudget } from '../../../src/follow/work.js';
import { segmentToJSON } from '../../../src/curves/segment.js';
import { PlanWorkerClient, type PlanWorkerOptions, type PlanWorkerPort } from '../../../src/worker/client.js';
import { servePlans, type PlanHost } from '../../../src/worker/host.js';
import { nodePort } from '../../../src/worker/port.js';
import type { FromWorker, ToWorker } from '../../../src/worker/protocol.js';

/** One turn of the event loop: the host plans a slice, messages cross. */
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface Pair {
  client: PlanWorkerClient;
  host: PlanHost;
  close(): void;
}

/** A host (no warm-up) and a client over an in-process MessageChannel. */
export function inProcessPair(options: PlanWorkerOptions = {}): Pair {
  const { port1, port2 } = new MessageChannel();
  const host = servePlans(nodePort<ToWorker, FromWorker>(port2), { warmUp: [] });
  const client = new PlanWorkerClient(nodePort<FromWorker, ToWorker>(port1), options);
  return {
    client,
    host,
    close: () => {
      client.destroy();
      host.close();
      port2.close();
    },
  };
}

/**
 * A host and a client whose messages from the host reach the client only while `held` is false;
 * `release()` delivers those held back, in order.
 */
export function heldPair(options: PlanWorkerOptions = {}): Pair & { held: FromWorker[]; hold(on: boolean): void; release(): void } {
  const { port1, port2 } = new MessageChannel();
  const host = servePlans(nodePort<ToWorker, FromWorker>(port2), { warmUp: [] });
  const real = nodePort<FromWorker, ToWorker>(port1);
  const held: FromWorker[] = [];
  let holding = false;
  let listener: (message: FromWorker) => void = () => {};
  real.onMessage((message) => (holding ? held.push(message) : listener(message)));
  const client = new PlanWorkerClient({ post: (m, t) => real.post(m, t), onMessage: (l) => void (listener = l), close: () => real.close() }, options);
  return {
    client,
    host,
    held,
    hold: (on) => void (holding = on),
    release: () => {
      for (const message of held.splice(0)) listener(message);
    },
    close: () => {
      client.destroy();
      host.close();
      port2.close();
    },
  };
}

/** A port that records what it is sent, never answers, and fails when told. */
export function silentPort(): { port: PlanWorkerPort; sent: ToWorker[]; fail(error: Error): void; closed: () => boolean } {
  const sent: ToWorker[] = [];
  let failure: ((error: Error) => void) | undefined;
  let closed = false;
  return {
    sent,
    port: {
      post: (message) => void sent.push(message),
      onMessage: () => {},
      onFailure: (listener) => void (failure = listener),
      close: () => void (closed = true),
    },
    fail: (error) => failure?.(error),
    closed: () => closed,
  };
}

/** `request` planned in-thread to its end, without a budget. */
export function planHere(grid: Grid, request: RouteRequest, ctx = new RouteContext(grid)): Route {
  const budget: WorkBudget = { max: Infinity, used: 0 };
  const work = planRoute(ctx, request, budget);
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
  }
}

/** `request` planned through `client` (the answer delivered through a plan queue, as the navigator's is). */
export async function planThrough(client: PlanWorkerClient, grid: Grid, request: RouteRequest, routes = new RouteContext(grid)): Promise<Route> {
  const queue = new PlanQueue({ expansions: 1e9 });
  let route: Route | undefined;
  let error: unknown;
  const job = client.job(grid, request, { queue, routes, urgent: false }, (r) => (route = r), (e) => (error = e ?? new Error('failed')));
  if (!job) throw new Error('the client refused the plan');
  while (route === undefined && error === undefined) {
    await turn();
    queue.run();
  }
  if (error !== undefined) throw error;
  return route!;
}

/** What two routes must agree on, as plain data. */
export function routeFacts(route: Route): unknown {
  return {
    status: route.status,
    message: route.message,
    goal: route.goal,
    waypoints: route.waypoints,
    finalHeading: route.finalHeading,
    start: route.path?.start,
    end: route.path?.end,
    segments: route.path?.segments.map(segmentToJSON),
  };
}
