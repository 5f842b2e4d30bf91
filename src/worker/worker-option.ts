/**
 * The plugin's `worker` map option: off, Headway's own browser workers, or a game's own Worker.
 * The Phaser-free part of the plugin's handling of it, so the plugin only passes it through.
 */
import { PlanWorkerClient, type PlanWorkerPort } from './client.js';
import { webPort, type WebEndpoint } from './port.js';

/**
 * `'auto'` (the plugin's default): Headway's own worker, started when the first unit with a
 * turning radius is added or ordered, where the environment has Web Workers (on the main thread
 * elsewhere, and in a game without vehicles); `true`: Headway's own worker, started with the map
 * (inlined in the build, loaded on first use); a number: a pool of that many (1 to
 * {@link MAX_PLAN_WORKERS}), each plan to the least busy; a function: the Worker it returns (one
 * whose script runs `servePlans(webPort(self))`); `false`: on the main thread.
 */
export type PlanWorkerOption = boolean | number | 'auto' | (() => Worker);

/** The largest pool the option asks for: each worker holds a copy of the grids and its own tables. */
export const MAX_PLAN_WORKERS = 8;

/** What each client was made for, so the same option keeps it across maps. */
const madeFor = new WeakMap<PlanWorkerClient, PlanWorkerOption>();

/**
 * The plan workers for `option`: `current` kept when it was made for the same `true` or number and
 * still runs, else `current` destroyed and new ones made (undefined when off). A worker that
 * cannot start leaves planning on the main thread and reports why to `onError`.
 * @throws TypeError when `option` is not a boolean, a number or a function; RangeError for a
 *   number that is not an integer from 1 to {@link MAX_PLAN_WORKERS}.
 */
export function planWorkerFor(option: PlanWorkerOption | undefined, current: PlanWorkerClient | undefined, onError: (error: Error) => void): PlanWorkerClient | undefined {
  if (option !== undefined && option !== 'auto' && typeof option !== 'boolean' && typeof option !== 'number' && typeof option !== 'function') {
    throw new TypeError(`worker must be 'auto', a boolean, a number of workers or a function returning a Worker, got ${option === null ? 'null' : typeof option === 'string' ? `'${option}'` : typeof option}`);
  }
  if (typeof option === 'number' && !(Number.isInteger(option) && option >= 1 && option <= MAX_PLAN_WORKERS)) {
    throw new RangeError(`worker must be a number of workers from 1 to ${MAX_PLAN_WORKERS}, got ${option}`);
  }
  if (typeof option !== 'function' && option && current?.alive && madeFor.get(current) === option) return current;
  current?.destroy();
  if (!option) return undefined;
  let client: PlanWorkerClient;
  if (option === 'auto') {
    // One worker whatever the cores: it meets the crowd target alone, and a second costs its own
    // tables, warm-up and grid copies for a gain not measured (docs/plugin.md, "Vehicles' plans in a worker").
    if (typeof Worker !== 'function') return undefined;
    client = new PlanWorkerClient(() => import('./browser-worker.js').then((m) => m.startBrowserPlanWorker()), { onError });
  } else if (typeof option === 'function') {
    // The game's own Worker is there at once: the first orders already go to it.
    let port: PlanWorkerPort | Promise<PlanWorkerPort>;
    try {
      port = webPort(option() as unknown as WebEndpoint);
    } catch (error) {
      port = Promise.reject(error);
    }
    client = new PlanWorkerClient(port, { onError });
  } else {
    const start = import('./browser-worker.js');
    const ports = Array.from({ length: option === true ? 1 : option }, () => start.then((m) => m.startBrowserPlanWorker()));
    client = new PlanWorkerClient(ports, { onError });
  }
  madeFor.set(client, option);
  return client;
}
