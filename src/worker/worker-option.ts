/**
 * The plugin's `worker` map option: off, the built-in browser worker, or a game's own Worker. The
 * Phaser-free part of the plugin's handling of it, so the plugin only passes it through.
 */
import { PlanWorkerClient, type PlanWorkerPort } from './client.js';
import { webPort, type WebEndpoint } from './port.js';

/**
 * `true`: vehicles plan in Headway's own worker (inlined in the build, loaded on first use);
 * a function: in the Worker it returns (one running `servePlans`, e.g. started from
 * `phaser-headway`'s `browser-entry`); `false`: on the main thread.
 */
export type PlanWorkerOption = boolean | (() => Worker);

/**
 * The plan worker for `option`: `current` kept when the option is `true` and one is running,
 * else `current` destroyed and a new one made (undefined when off). A worker that cannot start
 * leaves planning on the main thread and reports why to `onError`.
 * @throws TypeError when `option` is neither a boolean nor a function.
 */
export function planWorkerFor(option: PlanWorkerOption | undefined, current: PlanWorkerClient | undefined, onError: (error: Error) => void): PlanWorkerClient | undefined {
  if (option !== undefined && typeof option !== 'boolean' && typeof option !== 'function') {
    throw new TypeError(`worker must be a boolean or a function returning a Worker, got ${option === null ? 'null' : typeof option}`);
  }
  if (option === true && current?.alive) return current;
  current?.destroy();
  if (!option) return undefined;
  if (option === true) return new PlanWorkerClient(import('./browser-worker.js').then((m) => m.startBrowserPlanWorker()), { onError });
  // The game's own Worker is there at once: the first orders already go to it.
  let port: PlanWorkerPort | Promise<PlanWorkerPort>;
  try {
    port = webPort(option() as unknown as WebEndpoint);
  } catch (error) {
    port = Promise.reject(error);
  }
  return new PlanWorkerClient(port, { onError });
}
