/**
 * The plan queue's rule for a slow job, with jobs whose work is counted: one that has had steps in
 * more than SLOW_JOB_FRAMES frames and says it may be paused is set aside while others wait; any
 * other job runs first come, first served, as ever.
 */
import { describe, expect, it } from 'vitest';
import { PlanQueue, SLOW_JOB_FRAMES, SLOW_JOB_SHARE, type PlanJob } from '../../../src/follow/plan-queue.js';

/** A job that needs `work` units; `pausable` while `pausableFor` says so of the units left. */
class CountedJob implements PlanJob {
  done = false;
  aside = false;
  left: number;
  doneAt = -1;
  constructor(
    work: number,
    private readonly frame: { now: number },
    private readonly pausableFor: (left: number) => boolean = () => false,
    readonly steps: [number, number][] = [],
  ) {
    this.left = work;
  }
  get pausable(): boolean {
    return !this.done && this.pausableFor(this.left);
  }
  step(max: number): number {
    const n = Math.min(max, this.left);
    this.left -= n;
    this.steps.push([this.frame.now, n]);
    if (this.left === 0) {
      this.done = true;
      this.doneAt = this.frame.now;
    }
    return n;
  }
  cancel(): void {
    this.done = true;
  }
}

const BUDGET = 100;

function runAll(queue: PlanQueue, frame: { now: number }, jobs: CountedJob[]): void {
  while (jobs.some((j) => !j.done) && frame.now < 100_000) {
    frame.now++;
    queue.run();
  }
}

describe('PlanQueue with a slow job', () => {
  it('short jobs behind a slow pausable one are answered within a bounded number of frames', () => {
    const frame = { now: 0 };
    const queue = new PlanQueue({ expansions: BUDGET });
    const slow = new CountedJob(100 * BUDGET, frame, () => true);
    const short = Array.from({ length: 20 }, () => new CountedJob(30, frame));
    queue.add(slow);
    for (const j of short) queue.add(j);
    runAll(queue, frame, [slow, ...short]);
    // Set aside after SLOW_JOB_FRAMES frames, then the others have half of each frame: 600 units.
    const othersPerFrame = BUDGET * (1 - SLOW_JOB_SHARE);
    const bound = SLOW_JOB_FRAMES + 1 + Math.ceil((20 * 30) / othersPerFrame) + 1;
    expect(Math.max(...short.map((j) => j.doneAt))).toBeLessThanOrEqual(bound);
    // The slow one still had at least its share of every frame, and the whole frame once alone.
    for (const [f, n] of slow.steps) if (f > SLOW_JOB_FRAMES) expect(n, `frame ${f}`).toBeGreaterThanOrEqual(BUDGET * SLOW_JOB_SHARE);
    expect(slow.doneAt).toBe(100 + Math.ceil((20 * 30) / BUDGET));
  });

  it('a slow job that may not be paused keeps the head: first come, first served as ever', () => {
    const frame = { now: 0 };
    const queue = new PlanQueue({ expansions: BUDGET });
    const slow = new CountedJob(40 * BUDGET, frame);
    const short = Array.from({ length: 5 }, () => new CountedJob(30, frame));
    queue.add(slow);
    for (const j of short) queue.add(j);
    runAll(queue, frame, [slow, ...short]);
    expect(slow.doneAt).toBe(40);
    expect(Math.min(...short.map((j) => j.doneAt))).toBe(41);
  });

  it('jobs that end within SLOW_JOB_FRAMES frames run first come, first served, slice for slice', () => {
    const frame = { now: 0 };
    const queue = new PlanQueue({ expansions: BUDGET });
    const log: [number, number][] = [];
    const jobs = [SLOW_JOB_FRAMES * BUDGET, 30, 250, 10, 75].map((w) => new CountedJob(w, frame, () => true, log));
    for (const j of jobs) queue.add(j);
    runAll(queue, frame, jobs);
    expect(jobs.map((j) => j.doneAt)).toEqual([SLOW_JOB_FRAMES, SLOW_JOB_FRAMES + 1, SLOW_JOB_FRAMES + 3, SLOW_JOB_FRAMES + 3, SLOW_JOB_FRAMES + 4]);
    expect(log.filter(([f]) => f <= SLOW_JOB_FRAMES).every(([, n]) => n === BUDGET)).toBe(true);
  });

  it('a slow job goes back in line once it stops being pausable, ahead of the jobs not begun', () => {
    const frame = { now: 0 };
    const queue = new PlanQueue({ expansions: BUDGET });
    // Pausable for its first 3000 units of work (a search), then not (checks after it).
    const slow = new CountedJob(40 * BUDGET, frame, (left) => left > 1000);
    const others = Array.from({ length: 200 }, () => new CountedJob(45, frame));
    queue.add(slow);
    for (const j of others) queue.add(j);
    runAll(queue, frame, [slow, ...others]);
    // The frame its search (its first 3000 units) ended in.
    let done = 0;
    const backAt = slow.steps.find(([, n]) => (done += n) >= 3000)![0];
    // It was set aside: others ended while its search went on.
    expect(others.filter((j) => j.doneAt < backAt).length).toBeGreaterThan(10);
    // Once back in line it runs to its end before any job not yet begun.
    const begunAfter = others.filter((j) => j.steps.length > 0 && j.steps[0]![0] > backAt && j.steps[0]![0] < slow.doneAt);
    expect(begunAfter).toHaveLength(0);
    expect(slow.doneAt).toBeGreaterThan(backAt);
    expect(others.every((j) => j.done)).toBe(true);
  });
});
