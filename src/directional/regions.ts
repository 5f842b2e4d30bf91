/**
 * Region labels of a grid's free cells (cells that share an edge are in one region, as
 * `componentsOf` has it), built as resumable work so a large map is labelled over several frames.
 * The directional planner labels its eroded grid with it: a start and goal in different
 * regions have no path for the footprint.
 */
import type { Grid } from '../grid/grid.js';
import { MAX_PIECE_UNITS, unitsFor, type BuildWork } from '../search/stepped-build.js';

/** Cells visited by the flood fill per microsecond. */
const CELLS_PER_UNIT = 160;

/** Region labels of one grid, relabelled by {@link labelWork} after a change. */
export class RegionLabels {
  private labels = new Int32Array(0);
  private stack = new Int32Array(0);
  // The fill in progress: the grid, the next cell to start a region from, the stack's top and the region count.
  private grid: Grid | null = null;
  private next = 0;
  private top = 0;
  private count = 0;

  /** True when the free cells i and j (indices y · width + x) are in one region. */
  same(i: number, j: number): boolean {
    const a = this.labels[i]!;
    return a >= 0 && a === this.labels[j];
  }

  /** Labels the free cells of `grid` (blocked cells get -1), a few hundred cells a piece. */
  *labelWork(grid: Grid): BuildWork<void> {
    const n = grid.cells.length;
    if (this.labels.length !== n) {
      this.labels = new Int32Array(n);
      this.stack = new Int32Array(n);
    }
    const labels = this.labels;
    const chunk = MAX_PIECE_UNITS * CELLS_PER_UNIT;
    for (let i = 0; i < n; i += chunk) {
      yield unitsFor(Math.min(chunk, n - i), CELLS_PER_UNIT);
      labels.fill(-1, i, Math.min(n, i + chunk));
    }
    this.count = 0;
    this.top = 0;
    this.next = 0;
    this.grid = grid;
    while (this.next < n || this.top > 0) {
      yield MAX_PIECE_UNITS;
      this.flood(chunk);
    }
  }

  /** Advances the flood fill by up to `steps` cells (a plain method: engines optimise loops in generators poorly). */
  private flood(steps: number): void {
    const { width, cells } = this.grid!;
    const n = cells.length;
    const labels = this.labels;
    const stack = this.stack;
    let top = this.top;
    let count = this.count;
    let next = this.next;
    while (steps-- > 0) {
      if (top === 0) {
        // Start the next region at the next unlabelled free cell.
        if (next >= n) break;
        const start = next++;
        if (cells[start] === 1 || labels[start] !== -1) continue;
        labels[start] = count++;
        stack[top++] = start;
        continue;
      }
      const i = stack[--top]!;
      const label = labels[i]!;
      const x = i % width;
      // Each neighbour is labelled when pushed, so it is pushed once.
      if (x > 0 && cells[i - 1] === 0 && labels[i - 1] === -1) {
        labels[i - 1] = label;
        stack[top++] = i - 1;
      }
      if (x < width - 1 && cells[i + 1] === 0 && labels[i + 1] === -1) {
        labels[i + 1] = label;
        stack[top++] = i + 1;
      }
      if (i >= width && cells[i - width] === 0 && labels[i - width] === -1) {
        labels[i - width] = label;
        stack[top++] = i - width;
      }
      if (i + width < n && cells[i + width] === 0 && labels[i + width] === -1) {
        labels[i + width] = label;
        stack[top++] = i + width;
      }
    }
    this.top = top;
    this.count = count;
    this.next = next;
  }
}
