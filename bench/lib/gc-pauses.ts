/**
 * The garbage collector's pauses during a synchronous run, to tell a frame that overran because
 * of planning work from one that overran because V8 collected in it.
 */
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** One pause, on `performance.now()`'s clock (ms). */
export interface GcPause {
  start: number;
  duration: number;
}

/** Starts recording; `stop` resolves with every pause since (entries reach the observer a tick late). */
export function recordGcPauses(): { stop(): Promise<GcPause[]> } {
  const pauses: GcPause[] = [];
  const take = (entries: readonly PerformanceEntry[]): void => {
    for (const e of entries) pauses.push({ start: e.startTime, duration: e.duration });
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop(): Promise<GcPause[]> {
      await new Promise((resolve) => setTimeout(resolve, 0));
      take(observer.takeRecords());
      observer.disconnect();
      return pauses.sort((a, b) => a.start - b.start);
    },
  };
}

/** Milliseconds of `pauses` that fall inside [from, to]. */
export function pausedWithin(pauses: readonly GcPause[], from: number, to: number): number {
  let ms = 0;
  for (const p of pauses) {
    const overlap = Math.min(to, p.start + p.duration) - Math.max(from, p.start);
    if (overlap > 0) ms += overlap;
  }
  return ms;
}
