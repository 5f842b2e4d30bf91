/**
 * The plan worker's entry for Node's `worker_threads` (tests, benchmarks, a server-side game):
 * `new Worker(new URL('./node-entry.js', import.meta.url))`, then a `PlanWorkerClient` over
 * `nodePort(worker)`.
 */
import { parentPort } from 'node:worker_threads';
import { servePlans } from './host.js';
import { nodePort } from './port.js';
import type { FromWorker, ToWorker } from './protocol.js';

if (!parentPort) throw new Error('the plan worker entry must run in a worker thread');
servePlans(nodePort<ToWorker, FromWorker>(parentPort));
