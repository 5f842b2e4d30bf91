/**
 * The plan worker's entry for Node's `worker_threads` (tests, benchmarks, a server-side game),
 * shipped as `phaser-headway/worker-node`: `new Worker(require.resolve('phaser-headway/worker-node'))`
 * (in a module, `new Worker(new URL(import.meta.resolve('phaser-headway/worker-node')))`), then
 * a `PlanWorkerClient` over `nodePort(worker)`.
 */
import { parentPort } from 'node:worker_threads';
import { servePlans } from './host.js';
import { nodePort } from './port.js';
import type { FromWorker, ToWorker } from './protocol.js';

if (!parentPort) throw new Error('the plan worker entry must run in a worker thread');
servePlans(nodePort<ToWorker, FromWorker>(parentPort));
