/**
 * Run time of the threads a piece of code started (Linux only): the process's threads are listed
 * before and after, and the new ones' scheduler statistics summed. For a `worker_threads` Worker
 * that is its own thread (Node names every thread `node`, so the list is the only way to tell
 * them), whose run time is its planning cost whatever else the machine's CPUs were doing.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TASKS = '/proc/self/task';

/** The ids of the process's threads now (empty where the system does not list them). */
export function threadIds(): Set<string> {
  try {
    return new Set(readdirSync(TASKS));
  } catch {
    return new Set();
  }
}

/** Milliseconds the threads `ids` have run and waited runnable, summed (threads that ended count 0). */
export function threadsTime(ids: Iterable<string>): { running: number; waiting: number } {
  let running = 0;
  let waiting = 0;
  for (const id of ids) {
    try {
      const [run, wait] = readFileSync(`${TASKS}/${id}/schedstat`, 'utf8').split(' ').map(Number);
      if (Number.isFinite(run) && Number.isFinite(wait)) {
        running += run! / 1e6;
        waiting += wait! / 1e6;
      }
    } catch {
      // The thread ended.
    }
  }
  return { running, waiting };
}

/** The threads in `after` that were not in `before`. */
export function newThreads(before: ReadonlySet<string>, after: ReadonlySet<string>): string[] {
  return [...after].filter((id) => !before.has(id));
}
