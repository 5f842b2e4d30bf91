import { describe, expect, it } from 'vitest';
import { PlanQueue, SLICE_EXPANSIONS, type PlanJob } from '../../../src/follow/plan-queue.js';

/** A job that needs `work` units; `clock` advances by `cost` ms per unit. */
class FakeJob implements PlanJob {
  done = false;
  left: number;
  constructor(
    work: number,
    readonly log: string[],
    readonly name: string,
    readonly clock?: { now: number; cost: number },
  ) {
    this.left = work;
  }
  step(max: number): number {
    const n = Math.min(max, this.left);
    this.left -= n;
    if (this.clock) this.clock.now += n * this.clock.cost;
    if (this.left === 0) {
      this.done = true;
      this.log.push(this.name);
    }
    return n;
  }
  cancel(): void {
    this.done = true;
  }
}

describe('PlanQueue', () => {
  it('spends at most the expansion budget per frame, oldest job first, and resumes next frame', () => {
    const log: string[] = [];
    const queue = new PlanQueue({ expansions: 100 });
    const works = [30, 250, 10, 0, 75];
    works.forEach((w, i) => queue.add(new FakeJob(w, log, `job${i}`)));
    const used: number[] = [];
    while (queue.size > 0) used.push(queue.run().expansions);
    expect(used.every((n) => n <= 100)).toBe(true);
    expect(used.reduce((a, b) => a + b, 0)).toBe(365);
    expect(used).toEqual([100, 100, 100, 65]);
    expect(log).toEqual(['job0', 'job1', 'job2', 'job3', 'job4']);
  });

  it('stops a frame once the time budget is spent, overshooting by at most one slice', () => {
    const clock = { now: 0, cost: 0.001 };
    const queue = new PlanQueue({ milliseconds: 2 }, () => clock.now);
    const log: string[] = [];
    for (let i = 0; i < 50; i++) queue.add(new FakeJob(1000, log, `j${i}`, clock));
    let frames = 0;
    while (queue.size > 0) {
      const stats = queue.run();
      expect(stats.milliseconds).toBeLessThanOrEqual(2 + SLICE_EXPANSIONS * clock.cost + 1e-9);
      frames++;
    }
    expect(log).toHaveLength(50);
    expect(frames).toBeGreaterThanOrEqual(25);
  });

  it('cuts the last slices of a frame to the time left once it has timed a unit, so a dear unit overruns by less than 1 ms', () => {
    // 10 µs a unit: a full slice takes 2.56 ms, so a 4 ms frame of whole slices would end at 5.12 ms.
    const clock = { now: 0, cost: 0.01 };
    const queue = new PlanQueue({ milliseconds: 4 }, () => clock.now);
    const log: string[] = [];
    for (let i = 0; i < 20; i++) queue.add(new FakeJob(1000, log, `j${i}`, clock));
    const frames: number[] = [];
    while (queue.size > 0) frames.push(queue.run().milliseconds);
    expect(log).toHaveLength(20);
    // Hand-worked first frame: a full slice (2.56 ms) times the unit, then 144 units fill 1.44 ms.
    expect(frames[0]).toBeCloseTo(4, 9);
    expect(Math.max(...frames)).toBeLessThanOrEqual(4 + clock.cost + 1e-9);
    // Still about the budget's worth of work a frame: 20,000 units at 400 a frame.
    expect(frames.length).toBeLessThanOrEqual(51);
  });

  it('shrinks slices after a dear one and grows them back as units get cheap again', () => {
    const clock = { now: 0, cost: 0.1 };
    const queue = new PlanQueue({ milliseconds: 4 }, () => clock.now);
    const log: string[] = [];
    queue.add(new FakeJob(100_000, log, 'long', clock));
    const first = queue.run();
    // 256 units at 0.1 ms: one slice, 25.6 ms (the first slice has nothing to go by).
    expect(first.expansions).toBe(SLICE_EXPANSIONS);
    const dear = queue.run();
    expect(dear.milliseconds).toBeLessThanOrEqual(4 + clock.cost + 1e-9);
    clock.cost = 0.001;
    let last = queue.run();
    for (let i = 0; i < 20; i++) last = queue.run();
    // Back to full slices: about 4,000 units a frame at 1 µs a unit.
    expect(last.expansions).toBeGreaterThanOrEqual(3900);
    expect(last.milliseconds).toBeLessThanOrEqual(4 + SLICE_EXPANSIONS * clock.cost + 1e-9);
  });

  it('runs urgent jobs first and skips cancelled ones; clear cancels all', () => {
    const log: string[] = [];
    const queue = new PlanQueue({ expansions: 1000 });
    const a = new FakeJob(5, log, 'a');
    const b = new FakeJob(5, log, 'b');
    queue.add(a);
    queue.add(b);
    queue.add(new FakeJob(5, log, 'urgent'), true);
    b.cancel();
    queue.run();
    expect(log).toEqual(['urgent', 'a']);
    const c = new FakeJob(5, log, 'c');
    queue.add(c);
    queue.clear();
    expect(c.done).toBe(true);
    expect(queue.size).toBe(0);
  });

  it('an urgent job never jumps a job already under way (they share planners), only the waiting ones', () => {
    const log: string[] = [];
    const queue = new PlanQueue({ expansions: 10 });
    queue.add(new FakeJob(25, log, 'long'));
    queue.add(new FakeJob(5, log, 'waiting'));
    queue.run(); // 'long' is under way, paused after 10 units
    queue.add(new FakeJob(5, log, 'urgent'), true);
    for (let i = 0; i < 10 && queue.size > 0; i++) queue.run();
    expect(log).toEqual(['long', 'urgent', 'waiting']);
  });

  it('counts what a job reports beyond its slice: the frame stats show the overrun, and no later job gets the budget again', () => {
    const log: string[] = [];
    const queue = new PlanQueue({ expansions: 100 });
    // Overruns its slice by 40 units (as a step may, by up to a piece), then is done.
    class OverrunJob implements PlanJob {
      done = false;
      step(max: number): number {
        this.done = true;
        return max + 40;
      }
      cancel(): void {
        this.done = true;
      }
    }
    queue.add(new OverrunJob());
    const next = new FakeJob(50, log, 'next');
    queue.add(next);
    const frame = queue.run();
    expect(frame.expansions).toBe(140);
    // The budget was spent (overspent) by the first job: the second waits for the next frame.
    expect(next.left).toBe(50);
  });

  it('ends the frame even when a job never reports work', () => {
    const queue = new PlanQueue({ expansions: 50 }, () => 0);
    const lazy: PlanJob = { done: false, step: () => 0, cancel() {} };
    queue.add(lazy);
    expect(queue.run().expansions).toBe(50);
  });

  it('rejects a budget that is not a positive number', () => {
    expect(() => new PlanQueue({ expansions: 0 })).toThrow(/expansions/);
    expect(() => new PlanQueue({ milliseconds: Number.NaN })).toThrow(/milliseconds/);
    expect(() => new PlanQueue({})).toThrow(RangeError);
  });
});
