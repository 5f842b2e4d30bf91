/**
 * The one thing the plan worker's code needs of a message channel, with adapters for a browser
 * `Worker` (or any `MessagePort`-like event target) and for Node's `worker_threads`, so the same
 * client and host run in a game, in tests and in the benchmark.
 */

/** One end of a channel carrying plan messages. */
export interface PlanPort<In, Out> {
  /** Sends `message`, moving the `transfer` buffers rather than copying them. */
  post(message: Out, transfer?: readonly ArrayBuffer[]): void;
  /** Calls `listener` with every message that arrives. */
  onMessage(listener: (message: In) => void): void;
  /**
   * Calls `listener` once when the other end can no longer answer: the worker threw an uncaught
   * error, exited or could not start. Optional: a worker's own end has nothing to watch.
   */
  onFailure?(listener: (error: Error) => void): void;
  /** Closes the channel (terminates the worker on the main side). */
  close(): void;
}

/** What a browser `Worker`, a `MessagePort` or a worker's global scope offers. */
export interface WebEndpoint {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message' | 'messageerror' | 'error', listener: (event: Event) => void): void;
  terminate?(): void;
  close?(): void;
  start?(): void;
}

/** What Node's `worker_threads` `Worker`, `parentPort` or `MessagePort` offers. */
export interface NodeEndpoint {
  postMessage(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  on(event: 'messageerror', listener: (error: unknown) => void): unknown;
  terminate?(): unknown;
  close?(): void;
}

/**
 * A port over a browser `Worker` (main side) or `self` / a `MessagePort` (either side).
 *
 * @example
 * ```ts
 * const port = webPort<FromWorker, ToWorker>(new Worker(url, { type: 'module' }));
 * ```
 */
export function webPort<In, Out>(endpoint: WebEndpoint): PlanPort<In, Out> {
  endpoint.start?.();
  return {
    post: (message, transfer = []) => endpoint.postMessage(message, [...transfer]),
    onMessage: (listener) => endpoint.addEventListener('message', (event) => listener((event as MessageEvent<In>).data)),
    onFailure: (listener) => {
      const fail = (event: Event): void => listener(new Error(`plan worker failed: ${(event as ErrorEvent).message ?? event.type}`));
      endpoint.addEventListener('error', fail);
      endpoint.addEventListener('messageerror', fail);
    },
    close: () => (endpoint.terminate ? endpoint.terminate() : endpoint.close?.()),
  };
}

/**
 * A port over Node's `worker_threads`: a `Worker` (main side; its exit counts as a failure) or
 * `parentPort` (worker side).
 *
 * @example
 * ```ts
 * const port = nodePort<FromWorker, ToWorker>(new Worker(new URL('./node-entry.js', import.meta.url)));
 * ```
 */
export function nodePort<In, Out>(endpoint: NodeEndpoint): PlanPort<In, Out> {
  return {
    post: (message, transfer) => endpoint.postMessage(message, transfer),
    onMessage: (listener) => void endpoint.on('message', (message) => listener(message as In)),
    onFailure: (listener) => {
      endpoint.on('error', (error) => listener(error instanceof Error ? error : new Error(`plan worker failed: ${String(error)}`)));
      endpoint.on('messageerror', (error) => listener(new Error(`plan worker message could not be read: ${String(error)}`)));
      endpoint.on('exit', (code) => listener(new Error(`plan worker exited with code ${code}`)));
    },
    close: () => void (endpoint.terminate ? endpoint.terminate() : endpoint.close?.()),
  };
}
