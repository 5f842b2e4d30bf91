/**
 * The browser plan worker as the plugin starts it: the worker's code (`browser-entry.ts` and the
 * planners it imports) is inlined into the build by Vite (`?worker&inline`), so a game bundles
 * nothing extra and configures nothing; this module is imported lazily, only by games that turn
 * the worker on.
 */
import PlanWorker from './browser-entry.js?worker&inline';
import { webPort } from './port.js';
import type { PlanWorkerPort } from './client.js';

/** A new plan worker and the port to it. @throws what `new Worker` throws (no Worker support, a blocking content policy). */
export function startBrowserPlanWorker(): PlanWorkerPort {
  return webPort(new PlanWorker());
}
