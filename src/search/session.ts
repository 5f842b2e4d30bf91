/**
 * The one contract for a search that runs in slices, after Detour's sliced query
 * (`initSlicedFindPath` / `updateSlicedFindPath` / `finalizeSlicedFindPath`): a planner's
 * `createSearch` opens a {@link SearchSession}, and a scheduler calls `step(n)` once a frame until
 * it returns the result. Every planner, polyline or curve, runs its sessions through a
 * {@link SearchSlot}: one search at a time per planner, cancellation, the per-step checks, the
 * restart after a grid change and the expansion cap are written here once.
 */
import { ChangeBoxes } from '../grid/change-boxes.js';
import type { Grid, GridArea } from '../grid/grid.js';
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
   * (`Grid.layoutVersion`) the search starts over on the new grid, unless its planner bounds what
   * it has read ({@link SearchPhases.readBox}) and every changed cell lies outside that box: then
   * it goes on, and ends as a search begun on the new grid would. It starts over too when a uniform
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
 * blocking that may touch what the search read (see {@link SearchSession.step} and
 * {@link SearchPhases.readBox}), never after a cost edit alone.
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
  /**
   * The box of cells (tile units, whole cells) holding every cell whose blocking the current
   * search has read since `begin`: its start and goal checks, every move, line of sight, jump or
   * table entry it looked at. Undefined (or no method) when the planner cannot bound its reads:
   * then any change of blocking starts the search over.
   *
   * Why a change outside the box cannot matter: the search is deterministic, and each of its steps
   * so far read only cells inside the box, whose blocking is what it was when read. A search begun
   * on the new grid would so read the same values, make the same moves in the same order and stand
   * exactly where this one stands; going on from here is going on from there. (A freed cell
   * outside the box cannot shorten the path to a closed node either: any path to it through that
   * cell crosses the open frontier, inside the box.) The one read that is not local, a region
   * table's verdict that start and goal are connected, can only have turned false: the search
   * then exhausts its region and answers `no-path`, as the new search would at once.
   */
  readBox?(): GridArea | undefined;
}

/** True when boxes of cells a and b share a cell. */
function overlaps(a: GridArea, b: GridArea): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * One search at a time for one planner: opening a session (or {@link supersede}, which a one-shot
 * query calls) ends the one before, whose next step returns `cancelled`.
 */
export class SearchSlot {
  private token = 0;
  /**
   * The cells whose blocking changed since the session in progress last looked, collected while
   * a session whose planner bounds its reads runs, by a watcher removed when it ends (a slot
   * holds at most one, so a planner left idle leaves nothing registered on its grid).
   */
  private readonly changes = new ChangeBoxes();
  private unwatch: (() => void) | null = null;

  /** Ends the session in progress, if any. */
  supersede(): void {
    this.token++;
    this.quiet();
  }

  /** Collects `grid`'s changes of blocking from now on, forgetting those before. */
  private listen(grid: Grid): void {
    this.changes.take();
    this.unwatch ??= grid.watchLayout((area) => this.changes.add(area));
  }

  /** Stops collecting changes. */
  private quiet(): void {
    this.unwatch?.();
    this.unwatch = null;
    this.changes.take();
  }

  /**
   * True when every change of blocking since the last look lies outside the box the search has
   * read (see {@link SearchPhases.readBox}), so the search may go on; the changes are forgotten.
   */
  private unaffected(phases: SearchPhases<SearchOutcome>): boolean {
    if (this.unwatch === null) return false;
    const read = phases.readBox?.();
    if (read === undefined) return false;
    for (const box of this.changes.take()) if (overlaps(box, read)) return false;
    return true;
  }

  /**
   * Opens a session for the query `phases` describe on `grid`, stopping with `budget` after `cap`
   * expansions.
   */
  open<R extends SearchOutcome>(grid: Grid, phases: SearchPhases<R>, cap: number): SearchSession<R> {
    const token = ++this.token;
    this.quiet();
    const slot = this;
    let result: R | undefined;
    // The blocking and the uniformity the search began on: a change of either begins it again.
    let layout = -1;
    let weighted = false;
    let work = 0;
    const end = (r: R): R => {
      result = r;
      if (token === slot.token) {
        slot.token++;
        slot.quiet();
      }
      return r;
    };
    return {
      step(maxWork = Infinity): R | undefined {
        if (result) return result;
        if (token !== slot.token) return end(phases.fail('cancelled', 0, 'a newer search on this planner replaced this one'));
        if (typeof maxWork !== 'number' || !(maxWork >= 0)) return end(phases.fail('invalid', 0, `maxExpansions per step must be a number >= 0, got ${describeValue(maxWork)}`));
        let allowance = maxWork;
        if (layout !== grid.layoutVersion && layout >= 0 && !(grid.weighted && !weighted) && slot.unaffected(phases)) layout = grid.layoutVersion;
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
          if (phases.readBox?.() !== undefined) slot.listen(grid);
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
