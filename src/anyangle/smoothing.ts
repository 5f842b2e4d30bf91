import type { Grid } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import type { Point } from '../grid/point.js';
import { polylineLength } from '../search/result.js';

/**
 * Post-smoothing by line of sight (the "A* PS" of Nash et al., AAAI 2007): walking from the
 * start, a waypoint is kept only when the last kept one cannot see the next; then the same pass
 * from the goal end. Both orders are tried and the shorter result is returned (the forward one on
 * a tie). Every kept segment has line of sight under the grid rule, so a legal path stays legal,
 * and by the triangle inequality it never gets longer. Points may be any real points.
 *
 * @example
 * ```ts
 * const lattice = new AStar(grid).findPath(0, 0, 9, 4);
 * const smooth = smoothPath(grid, lattice.points);
 * ```
 */
export function smoothPath(grid: Grid, points: readonly Point[]): Point[] {
  if (points.length <= 2) return points.slice();
  const forward = stringPull(grid, stringPull(grid, points, false), true);
  const backward = stringPull(grid, stringPull(grid, points, true), false);
  return polylineLength(backward) < polylineLength(forward) ? backward : forward;
}

/**
 * String pulling, one greedy pass in the given direction: from the first point (the last, when
 * `fromGoal`), keep a point only when the last kept one cannot see the point after it (line of
 * sight on `grid`). Returns the points in the input's order. {@link smoothPath} runs it both
 * ways; the directional planner's hybrid corridor runs it once, forward.
 *
 * @example
 * ```ts
 * stringPull(grid, [{ x: 0, y: 1 }, { x: 1, y: 1 }, { x: 2, y: 1 }]); // the middle point goes on open ground
 * ```
 */
export function stringPull(grid: Grid, points: readonly Point[], fromGoal = false): Point[] {
  const pull = new StringPull(grid, points, fromGoal);
  while (!pull.done) pull.step();
  return pull.result();
}

/**
 * {@link stringPull} one line of sight at a time, for a caller that spreads it over steps (the
 * directional planner's hybrid corridor marks its band in slices of a frame's budget).
 *
 * @example
 * ```ts
 * const pull = new StringPull(grid, points);
 * while (!pull.done) pull.step(); // or a few a frame, weighing pull.nextCells()
 * const kept = pull.result();
 * ```
 */
export class StringPull {
  private anchor: Point;
  private readonly kept: Point[];
  private i = 1;

  constructor(
    readonly grid: Grid,
    readonly points: readonly Point[],
    readonly fromGoal = false,
  ) {
    this.anchor = this.at(0);
    this.kept = [this.anchor];
  }

  /** True when every line of sight has been checked. */
  get done(): boolean {
    return this.i >= this.points.length - 1;
  }

  /** About how many cells the next line of sight visits: its taxicab length, plus one. */
  nextCells(): number {
    const next = this.at(this.i + 1);
    return Math.abs(next.x - this.anchor.x) + Math.abs(next.y - this.anchor.y) + 1;
  }

  /** Checks the next line of sight: from the last kept point past the current one. */
  step(): void {
    const next = this.at(this.i + 1);
    if (!lineOfSight(this.grid, this.anchor.x, this.anchor.y, next.x, next.y)) {
      this.anchor = this.at(this.i);
      this.kept.push(this.anchor);
    }
    this.i++;
  }

  /** The kept points, in the input's order (call when {@link done}). */
  result(): Point[] {
    const n = this.points.length;
    if (n <= 2) return this.points.slice();
    const kept = [...this.kept, this.at(n - 1)];
    if (this.fromGoal) kept.reverse();
    return kept;
  }

  private at(i: number): Point {
    return this.points[this.fromGoal ? this.points.length - 1 - i : i]!;
  }
}
