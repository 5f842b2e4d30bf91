/**
 * Table building in slices: the directional planner's move tables, padded bitmaps and shrunk grid
 * are written as generators that announce the cost of each small piece of work before doing it,
 * so a frame's planning budget can stop between pieces and resume next frame.
 *
 * A work unit is about one microsecond of building on a desktop machine (the piece costs are
 * calibrated against that), no dearer than one of the search's expansions, so the plan queue's
 * slices of 256 units stay well under a millisecond.
 */

/**
 * Building work: before each piece it yields the piece's cost in work units (at most
 * {@link MAX_PIECE_UNITS}, but for allocating one large array); the piece runs when the generator
 * is resumed. It returns the result.
 */
export type BuildWork<R> = Generator<number, R, void>;

/**
 * No piece of building costs more than this many work units, the finest slice a step can stop at;
 * the one exception is the allocation of a single large array (the directional planner's search
 * memory: about 8,000 units for a 512 x 512 map at 16 headings), which cannot be split.
 */
export const MAX_PIECE_UNITS = 64;

/**
 * Runs a {@link BuildWork} in steps of a given allowance.
 *
 * @example
 * ```ts
 * const build = new SteppedBuild(buildMoveSet(profile, 16, 24));
 * while (!build.done) build.step(256); // one call a frame
 * use(build.result);
 * ```
 */
export class SteppedBuild<R> {
  private announced = false;
  private cost = 0;
  private finished = false;
  private value: R | undefined;

  constructor(private readonly work: BuildWork<R>) {}

  /** True once the work has returned its result. */
  get done(): boolean {
    return this.finished;
  }

  /** The result; undefined until {@link done}. */
  get result(): R | undefined {
    return this.value;
  }

  /**
   * Does pieces of work while their announced costs fit in `maxUnits`, at least one piece when
   * `maxUnits` >= 1 (so a step does no more than `maxUnits` or one piece); returns the units done.
   */
  step(maxUnits = Infinity): number {
    let used = 0;
    if (!(maxUnits >= 1)) return 0;
    while (!this.finished) {
      if (this.announced) {
        if (used > 0 && used + this.cost > maxUnits) break;
        used += this.cost;
        this.announced = false;
      }
      const next = this.work.next();
      if (next.done) {
        this.finished = true;
        this.value = next.value;
        break;
      }
      this.announced = true;
      this.cost = next.value;
    }
    return used;
  }

  /** Runs the work to its end and returns the result. */
  finish(): R {
    this.step(Infinity);
    return this.value as R;
  }
}

/** Runs a {@link BuildWork} to its end in one call. */
export function runBuild<R>(work: BuildWork<R>): R {
  return new SteppedBuild(work).finish();
}

/** The cost in work units (at least 1) of `count` operations of which `perUnit` take about a microsecond. */
export function unitsFor(count: number, perUnit: number): number {
  return Math.max(1, Math.ceil(count / perUnit));
}
