import { SQRT2 } from './lattice.js';
import { OPEN, UNSEEN } from './memory.js';
import { LatticePlanner, type RunState } from './planner.js';

/**
 * A* on a lattice (corner points by default, or cell centres with `lattice: 'cell'`), with the
 * octile heuristic (Manhattan on 4-neighbour lattices). Paths follow lattice moves, so they bend
 * at 45° steps; the any-angle planners straighten them.
 *
 * When start and goal are lattice nodes (the usual case) the expansion loop reads the cells and
 * computes the heuristic in place, without the generic successor buffers: A* is the baseline the
 * benchmark compares with other libraries, and this loop is most of its time.
 *
 * @example
 * ```ts
 * const astar = new AStar(grid);
 * const { status, points, length } = astar.findPath(1, 1, 30, 12);
 * ```
 */
export class AStar extends LatticePlanner {
  readonly name: string = 'astar';
  private goalColumn = 0;
  private goalRow = 0;

  protected expand(id: number): void {
    const n = this.successorsOf(id);
    const g = this.memory.g[id]!;
    for (let i = 0; i < n; i++) this.relax(id, this.succIds[i]!, g + this.succCosts[i]!);
  }

  protected override run(budget: number): RunState {
    if (this.startId === this.virtualStart || this.goalId === this.virtualGoal) return super.run(budget);
    this.goalColumn = this.goalId % this.lattice.stride;
    this.goalRow = (this.goalId / this.lattice.stride) | 0;
    const m = this.memory;
    const heap = m.heap;
    const cells = this.lattice.kind === 'cell';
    while (heap.size > 0) {
      if (budget <= 0) return 'pending';
      budget--;
      const id = heap.pop();
      m.close(id);
      this.expanded++;
      if (id === this.goalId) return 'found';
      if (cells) this.expandCell(id);
      else this.expandCorner(id);
    }
    return 'exhausted';
  }

  /** Expands a cell centre: node ids are the grid's own cell indices. */
  private expandCell(id: number): void {
    const { width: w, height: h, cells } = this.grid;
    const x = id % w;
    const y = (id / w) | 0;
    const g = this.memory.g[id]!;
    const e = x + 1 < w && cells[id + 1] === 0;
    const west = x > 0 && cells[id - 1] === 0;
    const s = y + 1 < h && cells[id + w] === 0;
    const n = y > 0 && cells[id - w] === 0;
    if (e) this.visit(id, id + 1, x + 1, y, g + 1);
    if (west) this.visit(id, id - 1, x - 1, y, g + 1);
    if (s) this.visit(id, id + w, x, y + 1, g + 1);
    if (n) this.visit(id, id - w, x, y - 1, g + 1);
    if (this.lattice.connectivity === 4) return;
    if (s && e && cells[id + w + 1] === 0) this.visit(id, id + w + 1, x + 1, y + 1, g + SQRT2);
    if (n && e && cells[id - w + 1] === 0) this.visit(id, id - w + 1, x + 1, y - 1, g + SQRT2);
    if (s && west && cells[id + w - 1] === 0) this.visit(id, id + w - 1, x - 1, y + 1, g + SQRT2);
    if (n && west && cells[id - w - 1] === 0) this.visit(id, id - w - 1, x - 1, y - 1, g + SQRT2);
  }

  /** Expands a cell corner: the four cells around it decide its eight moves. */
  private expandCorner(id: number): void {
    const grid = this.grid;
    const w = grid.width;
    const h = grid.height;
    const s = w + 1;
    const x = id % s;
    const y = (id / s) | 0;
    const nw = grid.isBlocked(x - 1, y - 1);
    const ne = grid.isBlocked(x, y - 1);
    const sw = grid.isBlocked(x - 1, y);
    const se = grid.isBlocked(x, y);
    // A double corner is a dead end (see CornerLattice).
    if (nw === se && ne === sw && nw !== ne && id !== this.startId) return;
    const g = this.memory.g[id]!;
    if (x < w && !(ne && se)) this.visit(id, id + 1, x + 1, y, g + 1);
    if (x > 0 && !(nw && sw)) this.visit(id, id - 1, x - 1, y, g + 1);
    if (y < h && !(sw && se)) this.visit(id, id + s, x, y + 1, g + 1);
    if (y > 0 && !(nw && ne)) this.visit(id, id - s, x, y - 1, g + 1);
    if (this.lattice.connectivity === 4) return;
    if (!se) this.visit(id, id + s + 1, x + 1, y + 1, g + SQRT2);
    if (!ne) this.visit(id, id - s + 1, x + 1, y - 1, g + SQRT2);
    if (!sw) this.visit(id, id + s - 1, x - 1, y + 1, g + SQRT2);
    if (!nw) this.visit(id, id - s - 1, x - 1, y - 1, g + SQRT2);
  }

  /** Relaxes the move from `from` to node `to` at lattice column `tx`, row `ty`, reaching it with cost `g`. */
  private visit(from: number, to: number, tx: number, ty: number, g: number): void {
    const m = this.memory;
    const state = m.stateOf(to);
    if (state === UNSEEN) m.open(to, g, g + this.estimate(tx, ty), from);
    else if (state === OPEN && g < m.g[to]!) m.improve(to, g, g + this.estimate(tx, ty), from);
  }

  /** The weighted octile (or Manhattan) distance from lattice column `tx`, row `ty` to the goal node. */
  private estimate(tx: number, ty: number): number {
    const dx = Math.abs(tx - this.goalColumn);
    const dy = Math.abs(ty - this.goalRow);
    if (this.lattice.connectivity === 4) return this.weight * (dx + dy);
    return this.weight * (dx > dy ? dx + (SQRT2 - 1) * dy : dy + (SQRT2 - 1) * dx);
  }
}
