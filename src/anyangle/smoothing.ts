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
  const n = points.length;
  if (n <= 2) return points.slice();
  const at = (i: number): Point => points[fromGoal ? n - 1 - i : i]!;
  let anchor = at(0);
  const kept: Point[] = [anchor];
  for (let i = 1; i < n - 1; i++) {
    const next = at(i + 1);
    if (!lineOfSight(grid, anchor.x, anchor.y, next.x, next.y)) {
      anchor = at(i);
      kept.push(anchor);
    }
  }
  kept.push(at(n - 1));
  if (fromGoal) kept.reverse();
  return kept;
}
