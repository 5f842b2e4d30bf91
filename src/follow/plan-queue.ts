/**
 * Spreads planning over frames: requests wait in a queue and each frame works on them, oldest
 * first, until the frame's budget (milliseconds, expansions or both) is spent; an unfinished
 * search resumes next frame. So 200 units ordered at once cost a few frames of planning, not one
 * long stall.
 */

/** A piece of planning work that can run in slices. */
export interface PlanJob {
  /**
   * Does at most `maxExpansions` units of work (search expansions, or checks of similar cost) and
   * returns how many it did. Called again next time until `done`. Under a time budget `overdue`
   * tells when the frame's time is spent: a job should pause at its next small piece then, even
   * with units left (units are estimates, and the clock is the truth).
   */
  step(maxExpansions: number, overdue?: () => boolean): number;
  /** True once the job has finished (or was cancelled). */
  readonly done: boolean;
  /** Stops the job; it becomes `done` without finishing. */
  cancel(): void;
  /**
   * True while the job is paused at a point where other jobs may run before it resumes, without
   * touching what it holds (a `WorkJob` inside a search on a planner instance of its own).
   * Only such a job, when slow, is set aside (see {@link SLOW_JOB_FRAMES}). Default: never.
   */
  readonly pausable?: boolean;
  /**
   * Set by the queue while the job runs set aside: the job should pause (return from `step`) as
   * soon as it stops being {@link pausable}.
   */
  aside?: boolean;
}

/** How much planning one frame may do. Whichever limit is reached first ends the frame's work. */
export interface PlanBudget {
  /** Milliseconds of planning per frame. */
  milliseconds?: number;
  /** Expansions per frame. */
  expansions?: number;
}

/** What one {@link PlanQueue.run} did. */
export interface PlanFrameStats {
  /** Expansions (work units) done this frame. */
  expansions: number;
  /** Milliseconds spent, by the queue's clock. */
  milliseconds: number;
  /** Jobs finished this frame. */
  finished: number;
  /** Jobs still waiting afterwards. */
  pending: number;
}

/** The default budget: a quarter of a 60 Hz frame. */
export const DEFAULT_PLAN_BUDGET: Readonly<PlanBudget> = { milliseconds: 4 };

/**
 * Expansions between two reads of the clock under a time budget, at most: small enough that one
 * slice stays well under a millisecond, large enough that reading the clock costs nothing. Once
 * the queue has timed a few slices it cuts the frame's last ones to the time left (see
 * {@link PlanQueue.run}).
 */
export const SLICE_EXPANSIONS = 256;

/**
 * How fast the estimate of a unit's time falls back after a dear slice (the share of the gap
 * closed per slice); it rises at once, so the slices after a dear one are cut short. A slice cut
 * short does its units in less time, so the estimate always comes back down.
 */
const COST_EASING = 0.25;

/**
 * Frames a job may have steps in before it counts as slow and is set aside while other jobs wait
 * (see {@link PlanQueue.run}): ordinary orders end in a frame or two, so they run first come,
 * first served as ever; a sixth of a second at 60 Hz is about where a player sees a unit ignore
 * its order.
 */
export const SLOW_JOB_FRAMES = 10;

/**
 * The share of each frame's budget a slow job set aside keeps at least while other jobs wait:
 * half, so the slow one still ends in at most twice its time alone and the others go on.
 */
export const SLOW_JOB_SHARE = 0.5;

/**
 * A first-come, first-served queue of {@link PlanJob}s run within a per-frame budget, where one
 * slow job cannot hold the others (see {@link PlanQueue.run}).
 *
 * @example
 * ```ts
 * const queue = new PlanQueue({ expansions: 5000 });
 * queue.add(job);
 * // once a frame:
 * queue.run();
 * ```
 */
export class PlanQueue {
  /** What the last {@link run} did. */
  readonly lastFrame: PlanFrameStats = { expansions: 0, milliseconds: 0, finished: 0, pending: 0 };
  private jobs: PlanJob[] = [];
  /** Jobs that have had at least one step. */
  private readonly started = new WeakSet<PlanJob>();
  /** Per job, how many frames it has had a step in, and the last such frame. */
  private readonly held = new WeakMap<PlanJob, { frames: number; last: number }>();
  /** Frames run. */
  private frame = 0;
  /** The slow job set aside (out of {@link jobs}), if any. */
  private slow: PlanJob | undefined;
  private budget: Required<PlanBudget>;
  /** Milliseconds per work unit as timed on recent slices; 0 until one has been timed. */
  private msPerUnit = 0;

  /**
   * @param budget - per-frame limits; default {@link DEFAULT_PLAN_BUDGET}.
   * @param clock - milliseconds now; `performance.now` by default.
   * @throws RangeError when a limit is not a number > 0.
   */
  constructor(
    budget: PlanBudget = DEFAULT_PLAN_BUDGET,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.budget = checkBudget(budget);
  }

  /** Changes the per-frame limits. @throws RangeError when a limit is not a number > 0. */
  setBudget(budget: PlanBudget): void {
    this.budget = checkBudget(budget);
  }

  /** The current per-frame limits (Infinity where there is none). */
  getBudget(): Readonly<Required<PlanBudget>> {
    return this.budget;
  }

  /**
   * Queues a job; `urgent` jobs (replans of moving units) go ahead of the waiting ones, but never
   * ahead of a job already under way: jobs share planners, and a search begun on a planner
   * replaces the paused search of the job it jumped, which would then fail as cancelled.
   */
  add(job: PlanJob, urgent = false): void {
    const at = urgent ? this.waiting() : -1;
    if (at < 0) this.jobs.push(job);
    else this.jobs.splice(at, 0, job);
  }

  /** Jobs waiting or running. */
  get size(): number {
    this.compact();
    return this.jobs.length + (this.slow ? 1 : 0);
  }

  /** Cancels every job and empties the queue. */
  clear(): void {
    const jobs = this.jobs;
    const slow = this.slow;
    this.jobs = [];
    this.slow = undefined;
    if (slow) jobs.unshift(slow);
    for (const job of jobs) job.cancel();
  }

  /**
   * Works on the queue until the frame's budget is spent or the queue is empty. A job that throws
   * is cancelled and dropped, and the others go on; the error is rethrown once the frame's work
   * is done (several as an `AggregateError`), with the queue in order.
   *
   * Jobs run first come, first served, but for a slow one: a job that has had steps in more than
   * {@link SLOW_JOB_FRAMES} frames and is paused where others may run first ({@link PlanJob.pausable})
   * is set aside, while other jobs wait. Each frame the others then run first within
   * 1 - {@link SLOW_JOB_SHARE} of the budget, and the slow job has the rest; once its search ends
   * it goes back in line ahead of the jobs not yet begun. At most one job is set aside at a time.
   *
   * Under a time budget a slice is {@link SLICE_EXPANSIONS} units at most, and no more than the
   * time left is worth at the time per unit of recent slices: where units cost more than the
   * microsecond they stand for (a slow machine, a busy one, a browser), a full last slice would
   * overrun the budget by a slice's time.
   */
  run(): PlanFrameStats {
    const stats = this.lastFrame;
    const { milliseconds, expansions } = this.budget;
    const frame: FrameWork = { start: this.clock(), used: 0, finished: 0, elapsed: 0, errors: undefined };
    this.frame++;
    if (this.slow?.done) this.slow = undefined;
    if (this.slow === undefined) this.setAside();
    const slow = this.slow;
    if (slow === undefined) {
      this.work(frame, expansions, milliseconds, () => this.jobs.find((j) => !j.done));
    } else {
      const others = 1 - SLOW_JOB_SHARE;
      this.work(frame, Math.max(1, Math.floor(expansions * others)), milliseconds * others, () => this.jobs.find((j) => !j.done));
      this.work(frame, expansions, milliseconds, () => (this.slow === slow && !slow.done && slow.pausable === true ? slow : undefined));
      if (this.slow === slow) this.putBack(slow);
    }
    this.compact();
    stats.expansions = frame.used;
    stats.milliseconds = frame.elapsed;
    stats.finished = frame.finished;
    stats.pending = this.jobs.length + (this.slow ? 1 : 0);
    const errors = frame.errors;
    if (errors) throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} planning jobs threw`);
    return stats;
  }

  /**
   * Steps the jobs `next` names until the frame has used `expansions` units or `milliseconds`, or
   * `next` names none.
   */
  private work(frame: FrameWork, expansions: number, milliseconds: number, next: () => PlanJob | undefined): void {
    const overdue = milliseconds === Infinity ? undefined : (): boolean => this.clock() - frame.start >= milliseconds;
    // A job may queue or cancel jobs from its completion callbacks, so the list is re-read each turn.
    while (frame.used < expansions && frame.elapsed < milliseconds) {
      const job = next();
      if (job === undefined) break;
      const slice = Math.min(expansions - frame.used, milliseconds === Infinity ? Infinity : this.timeSlice(milliseconds - frame.elapsed));
      this.started.add(job);
      this.count(job);
      const before = frame.elapsed;
      let reported = 0;
      try {
        reported = job.step(slice, overdue);
        // What the job did, overrun included (a step may pass its slice by up to a piece): the
        // frame's count and its stats tell the truth, and the next slice is smaller for it.
        const n = Number.isFinite(reported) ? Math.max(0, reported) : slice;
        // A job that did nothing and is not done still counts one, so the loop always ends.
        frame.used += job.done ? n : Math.max(1, n);
        if (job.done) frame.finished++;
      } catch (error) {
        (frame.errors ??= []).push(error);
        this.drop(job, frame.errors);
        // What it did before throwing is unknown: it counts one, like a job that did nothing.
        frame.used += 1;
      }
      this.compact();
      frame.elapsed = this.clock() - frame.start;
      if (reported >= 1) this.timed(frame.elapsed - before, reported);
    }
  }

  /** Notes that `job` has a step this frame. */
  private count(job: PlanJob): void {
    const held = this.held.get(job);
    if (held === undefined) this.held.set(job, { frames: 1, last: this.frame });
    else if (held.last !== this.frame) {
      held.frames++;
      held.last = this.frame;
    }
  }

  /** Sets the head job aside when it is slow, pausable and other jobs wait behind it. */
  private setAside(): void {
    this.compact();
    const head = this.jobs[0];
    if (head === undefined || this.jobs.length < 2 || head.pausable !== true) return;
    if ((this.held.get(head)?.frames ?? 0) <= SLOW_JOB_FRAMES) return;
    this.jobs.shift();
    this.slow = head;
    head.aside = true;
  }

  /**
   * Puts the slow job back in line once it is no longer pausable (its search ended): ahead of
   * the jobs not yet begun, behind the one under way (which may hold what the slow job would need).
   */
  private putBack(slow: PlanJob): void {
    if (slow.done) {
      this.slow = undefined;
      return;
    }
    if (slow.pausable === true) return;
    this.slow = undefined;
    slow.aside = false;
    const at = this.waiting();
    if (at < 0) this.jobs.push(slow);
    else this.jobs.splice(at, 0, slow);
  }

  /** The index of the first job not yet begun, or -1. */
  private waiting(): number {
    return this.jobs.findIndex((j) => !j.done && !this.started.has(j));
  }

  /** The units of the next slice with `left` milliseconds of the frame's budget left. */
  private timeSlice(left: number): number {
    if (this.msPerUnit === 0) return SLICE_EXPANSIONS;
    return Math.max(1, Math.min(SLICE_EXPANSIONS, Math.floor(left / this.msPerUnit)));
  }

  /** Takes in the time of a slice that did `units` units of work. */
  private timed(ms: number, units: number): void {
    const sample = ms / units;
    if (!(sample >= 0) || !Number.isFinite(sample)) return;
    this.msPerUnit = sample > this.msPerUnit ? sample : this.msPerUnit + COST_EASING * (sample - this.msPerUnit);
  }

  /** Takes a job that threw off the queue, even when its own cancel throws too. */
  private drop(job: PlanJob, errors: unknown[]): void {
    try {
      job.cancel();
    } catch (error) {
      errors.push(error);
    }
    this.jobs = this.jobs.filter((j) => j !== job);
  }

  private compact(): void {
    if (this.jobs.some((j) => j.done)) this.jobs = this.jobs.filter((j) => !j.done);
    if (this.slow?.done) this.slow = undefined;
  }
}

/** What the current frame has done so far. */
interface FrameWork {
  start: number;
  used: number;
  finished: number;
  elapsed: number;
  errors: unknown[] | undefined;
}

function checkBudget(budget: PlanBudget): Required<PlanBudget> {
  const milliseconds = budget.milliseconds ?? Infinity;
  const expansions = budget.expansions ?? Infinity;
  for (const [name, v] of [['milliseconds', milliseconds], ['expansions', expansions]] as const) {
    if (typeof v !== 'number' || !(v > 0)) throw new RangeError(`plan budget ${name} must be a number > 0, got ${String(v)}`);
  }
  if (milliseconds === Infinity && expansions === Infinity) throw new RangeError('plan budget needs milliseconds or expansions');
  return { milliseconds, expansions };
}
