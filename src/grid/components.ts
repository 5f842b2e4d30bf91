import type { Grid } from './grid.js';

/**
 * Connected components of the free space (Pinter's region table), so a query whose start and goal
 * lie in different components is answered `no-path` without searching.
 *
 * Under the grid rule two free cells connect when they share an edge: a segment between
 * diagonal neighbours whose other two cells are blocked would squeeze through a double corner.
 * Octile movement without corner cutting (the Moving AI cell semantics) connects the same cells.
 * A point joins the components of the free cells it touches.
 *
 * The table is rebuilt lazily on the first query after the grid changes, so it is always right
 * and a burst of tile changes costs one flood fill.
 */
export class Components {
  private readonly grid: Grid;
  private labels: Int32Array;
  private stack: Int32Array;
  private builtVersion = -1;
  private count = 0;

  constructor(grid: Grid) {
    this.grid = grid;
    this.labels = new Int32Array(grid.width * grid.height);
    this.stack = new Int32Array(grid.width * grid.height);
  }

  /** Number of components of free cells. */
  get size(): number {
    this.refresh();
    return this.count;
  }

  /** Component label of cell (x, y), or -1 for a blocked or outside cell. */
  labelOfCell(x: number, y: number): number {
    this.refresh();
    const g = this.grid;
    if (x < 0 || y < 0 || x >= g.width || y >= g.height) return -1;
    return this.labels[y * g.width + x]!;
  }

  /**
   * True when some free cell touched by point (x1, y1) is in the same component as some free cell
   * touched by point (x0, y0). Points may be anywhere (corners, edges, cell interiors).
   */
  connected(x0: number, y0: number, x1: number, y1: number): boolean {
    this.refresh();
    const a = this.touchedLabels(x0, y0, this.scratchA);
    const b = this.touchedLabels(x1, y1, this.scratchB);
    for (let i = 0; i < a; i++) {
      for (let j = 0; j < b; j++) if (this.scratchA[i] === this.scratchB[j]) return true;
    }
    return false;
  }

  private readonly scratchA = new Int32Array(4);
  private readonly scratchB = new Int32Array(4);

  /** Writes the labels of the free cells whose closure holds (x, y) into `out`; returns how many. */
  private touchedLabels(x: number, y: number, out: Int32Array): number {
    const fx = Math.floor(x);
    const fy = Math.floor(y);
    const xs = fx === x ? 2 : 1;
    const ys = fy === y ? 2 : 1;
    let n = 0;
    for (let j = 0; j < ys; j++) {
      for (let i = 0; i < xs; i++) {
        const label = this.labelOfCell(fx - (xs === 2 ? 1 - i : 0), fy - (ys === 2 ? 1 - j : 0));
        if (label >= 0) out[n++] = label;
      }
    }
    return n;
  }

  private refresh(): void {
    const g = this.grid;
    if (this.builtVersion === g.version) return;
    this.builtVersion = g.version;
    const { width, cells } = g;
    const labels = this.labels;
    const stack = this.stack;
    labels.fill(-1);
    let count = 0;
    let top = 0;
    const visit = (i: number): void => {
      if (cells[i] === 0 && labels[i] === -1) {
        labels[i] = count;
        stack[top++] = i;
      }
    };
    for (let start = 0; start < cells.length; start++) {
      if (cells[start] === 1 || labels[start] !== -1) continue;
      visit(start);
      while (top > 0) {
        const i = stack[--top]!;
        const x = i % width;
        if (x > 0) visit(i - 1);
        if (x < width - 1) visit(i + 1);
        if (i >= width) visit(i - width);
        if (i + width < cells.length) visit(i + width);
      }
      count++;
    }
    this.count = count;
  }
}

const shared = new WeakMap<Grid, Components>();

/** The one {@link Components} table of a grid, shared by every planner on it. */
export function componentsOf(grid: Grid): Components {
  let table = shared.get(grid);
  if (!table) {
    table = new Components(grid);
    shared.set(grid, table);
  }
  return table;
}
