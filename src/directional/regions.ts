/**
 * Region labels of a grid's free cells (cells that share an edge are in one region, as
 * `componentsOf` has it), brought up to date as resumable work so a large map is labelled over
 * several frames. The directional planner labels its eroded grid with it: a start and goal in
 * different regions have no path for the footprint.
 *
 * The labels are a `Components` table of that grid: after a change they are updated around the
 * changed cells (a freed cell merges the regions beside it; a blocked one splits its region only
 * where floods racing from its sides fail to meet), not by a flood of the map.
 */
import { Components } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import type { BuildWork } from '../search/stepped-build.js';

/** Region labels of one grid, brought up to date by {@link labelWork} after a change. */
export class RegionLabels {
  private table: Components | null = null;

  /** True when the free cells i and j (indices y · width + x) are in one region. */
  same(i: number, j: number): boolean {
    return this.table !== null && this.table.sameCell(i, j);
  }

  /** Labels the free cells of `grid` (the same grid every call), or brings the labels up to date with its changes. */
  *labelWork(grid: Grid): BuildWork<void> {
    if (this.table === null || this.table.grid !== grid) this.table = new Components(grid);
    yield* this.table.refreshWork();
  }
}
