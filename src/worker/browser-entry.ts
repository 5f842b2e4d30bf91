/**
 * The plan worker's entry in a browser: the plugin loads it as an inline module worker (see
 * `browser-worker.ts`); a game may also start it itself and hand a `PlanWorkerClient` over
 * `webPort(worker)` to a `Navigator`.
 */
import { servePlans } from './host.js';
import { webPort, type WebEndpoint } from './port.js';
import type { FromWorker, ToWorker } from './protocol.js';

servePlans(webPort<ToWorker, FromWorker>(globalThis as unknown as WebEndpoint));
