/**
 * A `worker_threads` Worker running a TypeScript module of this repository (benchmarks and tests
 * run the sources, not the build): the worker registers `tsx` first, then imports the module.
 * `--import tsx` in the worker's execArgv does not reach a worker's own entry file in Node 20.
 */
import { Worker } from 'node:worker_threads';

/** A worker running the TypeScript module at `url` (a file URL). */
export function tsWorker(url: URL): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(code, { eval: true });
}
