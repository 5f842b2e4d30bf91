/**
 * The cost of a drivable curve on a grid with tile costs, found independently of the directional
 * planner's cell walk (`src/grid/cell-pieces.ts`): each segment is sampled every
 * {@link BRACKET} tiles to bracket each change of cell, each change is bisected to
 * {@link BISECT}, and each piece costs its length times its cell's cost (times `reverseCost` when
 * driven backwards). The same method as test/core/directional/tile-costs.test.ts.
 */
import { segmentPoseAt, type Pose, type Segment } from '../../src/curves/segment.js';
import type { Grid } from '../../src/grid/grid.js';

/** Sampling step that brackets each crossing of a grid line, tiles: a curve spends longer in any cell it enters except at a corner graze. */
const BRACKET = 1e-3;
/** Bisection width of a crossing, tiles: far below the 1e-6 the benchmark checks. */
const BISECT = 1e-13;
/** Cell key stride: wider than any map. */
const ROW = 100_000;

/** The integral of cell cost along `segments` (tile units times cost). */
export function integrateCurveCost(grid: Grid, segments: readonly Segment[], reverseCost: number): number {
  const at: Pose = { x: 0, y: 0, heading: 0 };
  const cellAt = (seg: Segment, d: number): number => {
    segmentPoseAt(seg, d, at);
    return Math.floor(at.y) * ROW + Math.floor(at.x);
  };
  const costOf = (cell: number): number => grid.cost(cell % ROW, Math.floor(cell / ROW));
  let total = 0;
  for (const seg of segments) {
    const factor = seg.reverse ? reverseCost : 1;
    let from = 0;
    // Just after the start: a curve may leave its first cell within the first bracket.
    let cell = cellAt(seg, Math.min(seg.length, 1e-12));
    const steps = Math.ceil(seg.length / BRACKET);
    for (let i = 1; i <= steps; i++) {
      const d = Math.min(seg.length, i * BRACKET);
      const next = cellAt(seg, d === seg.length ? d - 1e-12 : d);
      if (next === cell) continue;
      let lo = (i - 1) * BRACKET;
      let hi = d;
      while (hi - lo > BISECT) {
        const mid = (lo + hi) / 2;
        if (cellAt(seg, mid) === cell) lo = mid;
        else hi = mid;
      }
      total += (hi - from) * factor * costOf(cell);
      from = hi;
      cell = next;
    }
    total += (seg.length - from) * factor * costOf(cell);
  }
  return total;
}
