/**
 * A planner written the way a game outside the package would write one, with only the public
 * exports of `src/core.ts`: the straight line when the grid rule allows it, else `no-path`. Its
 * sessions run through the package's SearchSlot, so the navigator schedules it like any planner.
 */
import {
  isPointFree,
  lineOfSight,
  SearchSlot,
  type Grid,
  type PathResult,
  type PathStatus,
  type Planner,
  type Point,
  type PlannerEntry,
  type QueryOptions,
  type SearchSession,
} from '../../src/core.js';

export const STRAIGHT_LINE_MESSAGE = 'the straight line is blocked';

function failed(status: Exclude<PathStatus, 'found'>, expanded: number, message?: string): PathResult {
  return { status, points: [], length: Infinity, expanded, ...(message === undefined ? {} : { message }) };
}

export class StraightLinePlanner implements Planner {
  readonly name = 'toy';
  private readonly slot = new SearchSlot();
  private closed: Point[] = [];

  constructor(readonly grid: Grid) {}

  findPath(sx: number, sy: number, gx: number, gy: number, options?: QueryOptions): PathResult {
    return this.createSearch(sx, sy, gx, gy, options).step()!;
  }

  createSearch(sx: number, sy: number, gx: number, gy: number, options: QueryOptions = {}): SearchSession<PathResult> {
    const grid = this.grid;
    let expanded = 0;
    return this.slot.open(
      grid,
      {
        get expanded() {
          return expanded;
        },
        begin: () => {
          expanded = 0;
          this.closed = [];
          if (![sx, sy, gx, gy].every(Number.isFinite)) return failed('invalid', 0, 'coordinates must be finite');
          const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x <= grid.width && y <= grid.height;
          if (!inside(sx, sy) || !inside(gx, gy)) return failed('out-of-bounds', 0);
          if (!isPointFree(grid, sx, sy)) return failed('start-blocked', 0);
          if (!isPointFree(grid, gx, gy)) return failed('goal-blocked', 0);
          return undefined;
        },
        // One expansion: the start, which sees the goal or not.
        run: (budget) => {
          if (budget < 1) return 'pending';
          expanded = 1;
          this.closed = [{ x: sx, y: sy }];
          return lineOfSight(grid, sx, sy, gx, gy) ? 'found' : 'exhausted';
        },
        finish: () => ({ status: 'found', points: [{ x: sx, y: sy }, { x: gx, y: gy }], length: Math.hypot(gx - sx, gy - sy), expanded }),
        exhausted: () => failed('no-path', expanded, STRAIGHT_LINE_MESSAGE),
        fail: failed,
      },
      options.maxExpansions ?? Infinity,
    );
  }

  expandedPoints(): Point[] {
    return this.closed;
  }
}

/** The registry entry a game would pass to `registerPlanner`. */
export const STRAIGHT_LINE_ENTRY: PlannerEntry = {
  name: 'toy',
  kind: 'polyline',
  traits: { lattices: ['corner'], connectivity: [], realPoints: true, tileCosts: false, reversing: false, forUnits: true },
  create: (grid) => new StraightLinePlanner(grid),
};
