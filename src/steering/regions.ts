/**
 * Region labels of a grid's free cells (cells that share an edge are in one region, as
 * `componentsOf` has it), built as resumable work so a large map is labelled over several frames.
 * The directional planner labels its clearance-shrunk grid with it: a start and goal in different
 * regions have no path for the footprint.
 */
import type { Grid } from '../grid/grid.js';
import { MAX_PIECE_UNITS, unitsFor, type BuildWork } from './build.js';

/** Cells visited by the flood fill per microsecond. */
const CELLS_PER_UNIT = 16;

/** Region labels of one grid, relabelled by {@link labelWork} after a change. */
export class RegionLabels {
  private labels = new Int32Array(0);
  private stack = new Int32Array(0);

  /** True when the free cells i and j (indices y · width + x) are in one region. */
  same(i: number, j: number): boolean {
    const a = this.labels[i]!;
    return a >= 0 && a === this.labels[j];
  }

  /** Labels the free cells of `grid` (blocked cells get -1), a few hundred cells a piece. */
  *labelWork(grid: Grid): BuildWork<void> {
    const { width, cells } = grid;
    const n = cells.length;
    if (this.labels.length !== n) {
      this.labels = new Int32Array(n);
      this.stack = new Int32Array(n);
    }
    const labels = this.labels;
    const stack = this.stack;
    const chunk = MAX_PIECE_UNITS * CELLS_PER_UNIT;
    for (let i = 0; i < n; i += chunk) {
      yield unitsFor(Math.min(chunk, n - i), CELLS_PER_UNIT);
      labels.fill(-1, i, Math.min(n, i + chunk));
    }
    let count = 0;
    let top = 0;
    let work = 0;
    yield MAX_PIECE_UNITS;
    for (let start = 0; start < n; start++) {
      if (++work === chunk) {
        work = 0;
        yield MAX_PIECE_UNITS;
      }
      if (cells[start] === 1 || labels[start] !== -1) continue;
      labels[start] = count;
      stack[top++] = start;
      while (top > 0) {
        if (++work === chunk) {
          work = 0;
          yield MAX_PIECE_UNITS;
        }
        const i = stack[--top]!;
        const x = i % width;
        // Each neighbour is labelled when pushed, so it is pushed once.
        if (x > 0 && cells[i - 1] === 0 && labels[i - 1] === -1) {
          labels[i - 1] = count;
          stack[top++] = i - 1;
        }
        if (x < width - 1 && cells[i + 1] === 0 && labels[i + 1] === -1) {
          labels[i + 1] = count;
          stack[top++] = i + 1;
        }
        if (i >= width && cells[i - width] === 0 && labels[i - width] === -1) {
          labels[i - width] = count;
          stack[top++] = i - width;
        }
        if (i + width < n && cells[i + width] === 0 && labels[i + width] === -1) {
          labels[i + width] = count;
          stack[top++] = i + width;
        }
      }
      count++;
    }
  }
}
