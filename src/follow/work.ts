/**
 * Planning written as generators that pause when the frame's allowance is spent: a job runs
 * searches and checks one after another, and the {@link PlanQueue} resumes it next frame.
 */
import type { SearchOutcome, SearchSession } from '../search/session.js';
import type { BuildWork } from '../search/stepped-build.js';
import type { PlanJob } from './plan-queue.js';

/** The allowance of the current slice and what has been used of it. */
export interface WorkBudget {
  max: number;
  used: number;
  /**
   * True once the frame's time is spent: the work pauses at its next piece even with units left.
   * Units are estimates (about a microsecond each, warm, on a desktop); a piece whose code is still
   * cold, or that the estimate undercounts, can cost 10 to 50 times that, and only the clock sees it.
   */
  overdue?: () => boolean;
  /**
   * True while the work is paused inside a search on a planner instance of its own (leased from
   * the route context): other jobs may then run before it resumes without touching its search.
   */
  pausable?: boolean;
  /**
   * Set while the plan queue runs the job as a slow job set aside: the work pauses as soon as it
   * stops being {@link pausable}, so that it never holds anything else while other jobs run.
   */
  aside?: boolean;
}

/** A piece of planning that yields whenever the slice's allowance is spent. */
export type Work<R> = Generator<void, R, void>;

/**
 * Units a search runs between two looks at the clock when the budget has one: at the dearest
 * units measured (about 50 µs, cold code on a loaded machine) a frame then overruns by under a
 * millisecond, and a step's fixed cost (a few calls) stays far below the work it runs.
 */
export const CLOCK_CHECK_UNITS = 16;

/**
 * True when the slice is spent: its units are used, or the clock says the frame's time is, once
 * the slice has done something (a job always makes progress in the slices it is given).
 */
function spent(budget: WorkBudget): boolean {
  return budget.used >= budget.max || (budget.used > 0 && budget.overdue !== undefined && budget.overdue());
}

/**
 * Runs `search` to its end within the allowance, pausing between slices (and, under a clock,
 * between pieces of {@link CLOCK_CHECK_UNITS} once the frame's time is spent). Cancels the search
 * when the work is abandoned. `onSpent` hears the units each step is charged.
 */
export function* searchWork<R extends SearchOutcome>(budget: WorkBudget, search: SearchSession<R>, onSpent?: (units: number) => void): Work<R> {
  try {
    for (;;) {
      while (spent(budget)) yield;
      const left = budget.max - budget.used;
      const allowance = budget.overdue === undefined ? left : Math.min(left, CLOCK_CHECK_UNITS);
      const before = search.work;
      const result = search.step(allowance);
      // A step that did not finish has had its allowance, even if it reports less (it stopped early).
      const units = result ? search.work - before : Math.max(search.work - before, allowance);
      budget.used += units;
      onSpent?.(units);
      if (result) return result;
    }
  } finally {
    if (!search.result) search.cancel();
  }
}

/** Charges `cost` units of non-search work (checks), pausing first if the slice is spent. */
export function* chargeWork(budget: WorkBudget, cost: number): Work<void> {
  while (spent(budget)) yield;
  budget.used += cost;
}

/**
 * Runs table building (a {@link BuildWork}, which announces each piece's cost before doing it)
 * within the allowance: a piece that would pass the slice waits for the next one, unless it is
 * the slice's first (a piece is small, so a step passes its slice by less than a piece).
 */
export function* buildWork<R>(budget: WorkBudget, work: BuildWork<R>): Work<R> {
  for (let next = work.next(); ; next = work.next()) {
    if (next.done) return next.value;
    const cost = next.value;
    while (spent(budget) || (budget.used > 0 && budget.used + cost > budget.max)) yield;
    budget.used += cost;
  }
}

/**
 * A {@link PlanJob} that drives a generator and hands its result to `onDone`. When the work or
 * `onDone` throws, the job is done and the error goes to `onError` (without one, `step` rethrows
 * it, and the {@link PlanQueue} drops the job).
 *
 * @example
 * ```ts
 * const job = new WorkJob((budget) => myPlanning(budget), (route) => use(route), (error) => fail(error));
 * queue.add(job);
 * ```
 */
export class WorkJob<R> implements PlanJob {
  done = false;
  private readonly budget: WorkBudget = { max: 0, used: 0 };
  private readonly work: Work<R>;

  constructor(
    start: (budget: WorkBudget) => Work<R>,
    private readonly onDone: (result: R) => void,
    private readonly onError?: (error: unknown) => void,
  ) {
    this.work = start(this.budget);
  }

  step(maxExpansions: number, overdue?: () => boolean): number {
    if (this.done) return 0;
    this.budget.max = maxExpansions;
    this.budget.used = 0;
    this.budget.overdue = overdue;
    try {
      const next = this.work.next();
      if (next.done) {
        this.done = true;
        this.onDone(next.value);
      }
    } catch (error) {
      this.done = true;
      if (!this.onError) throw error;
      this.onError(error);
    }
    return this.budget.used;
  }

  /** See {@link PlanJob.pausable}: true while the work is paused in a search of its own. */
  get pausable(): boolean {
    return !this.done && this.budget.pausable === true;
  }

  /** See {@link PlanJob.aside}. */
  get aside(): boolean {
    return this.budget.aside === true;
  }

  set aside(aside: boolean) {
    this.budget.aside = aside;
  }

  cancel(): void {
    if (this.done) return;
    this.done = true;
    this.work.return(undefined as never);
  }
}
