/**
 * The moves of a heading as runs that share a target cell. A move set lists each heading's moves
 * grouped by target cell (about 15 end headings to each of the 24 cells of Directional-24), so
 * an expansion can test and index a target cell once per run instead of once per move, in the
 * same order.
 */
import type { MoveSet } from './hit-check.js';

/**
 * For each move m of `set`, one past the last move of its run: the moves from m on, within m's
 * heading, with m's target offset (dx, dy). Runs are maximal, so a set whose cells were not
 * grouped still gives correct (shorter) runs.
 *
 * @example runEnds[m] === m + 1 when move m + 1 starts another heading or goes to another cell.
 */
export function moveRunEnds(set: MoveSet): Int32Array {
  const size = set.first[set.headings]!;
  const ends = new Int32Array(size);
  for (let k = 0; k < set.headings; k++) {
    const first = set.first[k]!;
    let end = set.first[k + 1]!;
    for (let m = end - 1; m >= first; m--) {
      if (m + 1 < end && (set.dx[m + 1] !== set.dx[m] || set.dy[m + 1] !== set.dy[m])) end = m + 1;
      ends[m] = end;
    }
  }
  return ends;
}
