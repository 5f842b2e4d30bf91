/**
 * The one contract for a search that runs in slices, after Detour's sliced query
 * (`initSlicedFindPath` / `updateSlicedFindPath` / `finalizeSlicedFindPath`): a planner's
 * `createSearch` opens a {@link SearchSession}, and a scheduler calls `step(n)` once a frame until
 * it returns the result. Every planner, polyline or curve, runs its sessions through a
 * {@link SearchSlot}: one search at a time per planner, cancellation, the per-step checks, the
 * restart after a grid change and the expansion cap are written here once.
 */
import type { Grid } from '../grid/grid.js';
import type { PathStatus } from './result.js';
import { describeValue } from './validate.js';

/** What every search result has, whatever its path looks like. */
export interface SearchOutcome {
  readonly status: PathStatus;
  /** Nodes or states expanded by this search. */
  readonly expanded: number;
  /** A sentence saying why the search ended without a path. */
  readonly message?: string;
}

/**
 * A search in progress.
 *
 * @example
 * ```ts
 * const search = planner.createSearch(0, 0, 40, 25);
 * // once a frame:
 * const result = search.step(500);
 * if (result) use(result);
 * ```
 */
export interface SearchSession<R extends SearchOutcome> {
  /**
   * Does at most `maxWork` units of work (default: no limit): node expansions, and for planners
   * that build tables in slices, about a microsecond of building each. Returns the result once the
   * search has ended, or `undefined` while it still runs. After a change of blocking
   * (`Grid.layoutVersion`) the search starts over on the new grid, and so it does when a uniform
   * grid gets its first tile cost (which decides whether a planner takes the query and how it
   * charges moves). A cost edit alone does not restart it, so a game editing costs every frame
   * cannot starve a search: the path found is legal on the grid as it is, and its cost may be
   * slightly stale (cells read before the edit cost their old value, a directional search keeps
   * its distance field until it ends); the next search sees the new costs.
   */
  step(maxWork?: number): R | undefined;
  /** Ends the search; `step` then returns status `cancelled`. */
  cancel(): void;
  /** The final result, once there is one. */
  readonly result: R | undefined;
  /**
   * Work units spent so far (expansions, side work such as a proof, and table building), for a
   * scheduler's accounting. A step may overrun its allowance by up to `MAX_PIECE_UNITS`: a building
   * piece, or what one expansion needs done before it (the directional planner's field values and
   * heuristic entries, which it prepares within the allowance but in pieces of up to 17 curves).
   */
  readonly work: number;
}

/** How one expansion slice ended. */
export type RunState = 'found' | 'exhausted' | 'pending';

/**
 * The phases a planner supplies for one query. The session calls `check`, then `prepare` until
 * `ready`, then `begin`, then `run` slice by slice; it calls `check` again after a change of
 * blocking (see {@link SearchSession.step}), never after a cost edit alone.
 */
export interface SearchPhases<R extends SearchOutcome> {
  /** Expansions of the current search (`check` or `begin` resets them). */
  readonly expanded: number;
  /**
   * Work units of the current search besides its expansions (a proof run beside it), counted in
   * the session's `work` but not against the expansion cap (`begin` resets them). Default: none.
   */
  readonly sideWork?: number;
  /** The checks that need no tables (the query's numbers, the map's bounds); a result ends the search. */
  check?(): R | undefined;
  /** True when the tables the search needs are built for the grid as it is now. Default: always. */
  ready?(): boolean;
  /** Builds toward {@link ready} with about `allowance` units of work; returns the units done. */
  prepare?(allowance: number): number;
  /** Seeds the search on ready tables; a result when the query ends at once. */
  begin(): R | undefined;
  /** Expands at most `budget` nodes. */
  run(budget: number): RunState;
  /** The result, after `run` said `found`. */
  finish(): R;
  /** The result, after `run` said `exhausted`: why no path exists. */
  exhausted(): R;
  /** A result without a path. */
  fail(status: Exclude<PathStatus, 'found'>, expanded: number, message?: string): R;
}

/**
 * One search at a time for one planner: opening a session (or {@link supersede}, which a one-shot
 * query calls) ends the one before, whose next step returns `cancelled`.
 */
export class SearchSlot {
  private token = 0;

  /** Ends the session in progress, if any. */
  supersede(): void {
    this.token++;
  }

  /**
   * Opens a session for the query `phases` describe on `grid`, stopping with `budget` after `cap`
   * expansions.
   */
  open<R extends SearchOutcome>(grid: Grid, phases: SearchPhases<R>, cap: number): SearchSession<R> {
    const token = ++this.token;
    const slot = this;
    let result: R | undefined;
    // The blocking and the uniformity the search began on: a change of either begins it again.
    let layout = -1;
    let weighted = false;
    let work = 0;
    const end = (r: R): R => {
      result = r;
      if (token === slot.token) slot.token++;
      return r;
    };
    return {
      step(maxWork = Infinity): R | undefined {
        if (result) return result;
        if (token !== slot.token) return end(phases.fail('cancelled', 0, 'a newer search on this planner replaced this one'));
        if (typeof maxWork !== 'number' || !(maxWork >= 0)) return end(phases.fail('invalid', 0, `maxExpansions per step must be a number >= 0, got ${describeValue(maxWork)}`));
        let allowance = maxWork;
        if (layout !== grid.layoutVersion || (grid.weighted && !weighted)) {
          const early = phases.check?.();
          if (early) return end(early);
          if (phases.ready && !phases.ready()) {
            const used = phases.prepare!(allowance);
            work += used;
            allowance -= used;
            if (!phases.ready() || !(allowance > 0)) return undefined;
          }
          layout = grid.layoutVersion;
          weighted = grid.weighted;
          const begun = phases.begin();
          if (begun) return end(begun);
        }
        const before = phases.expanded;
        const sideBefore = phases.sideWork ?? 0;
        const state = phases.run(Math.min(allowance, cap - before));
        work += phases.expanded - before + (phases.sideWork ?? 0) - sideBefore;
        if (state === 'found') return end(phases.finish());
        if (state === 'exhausted') return end(phases.exhausted());
        if (phases.expanded >= cap) return end(phases.fail('budget', phases.expanded, `stopped after ${cap} expansions`));
        return undefined;
      },
      cancel(): void {
        if (!result) end(phases.fail('cancelled', phases.expanded));
      },
      get result() {
        return result;
      },
      get work() {
        return work;
      },
    };
  }
}
