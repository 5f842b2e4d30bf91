/**
 * The main thread's time on a CPU and waiting for one, from Linux's scheduler statistics
 * (`/proc/self/task/<pid>/schedstat`: nanoseconds run, nanoseconds runnable but waiting). On a
 * shared machine a frame's wall clock includes the time another process (or V8's own compiler
 * and collector threads, on 2 cores) held the CPU: the thread's run time is what the frame's
 * planning cost. Undefined where the file does not exist (not Linux).
 */
import { readFileSync } from 'node:fs';

/** Milliseconds the main thread has run, and waited runnable, since it started. */
export interface ThreadTimes {
  running: number;
  waiting: number;
}

const FILE = `/proc/self/task/${process.pid}/schedstat`;

/** The main thread's times now, or undefined where the system does not report them. */
export function threadTimes(): ThreadTimes | undefined {
  try {
    const [run, wait] = readFileSync(FILE, 'utf8').split(' ').map(Number);
    if (!Number.isFinite(run) || !Number.isFinite(wait)) return undefined;
    return { running: run! / 1e6, waiting: wait! / 1e6 };
  } catch {
    return undefined;
  }
}
