import { SQRT2 } from './lattice.js';
import { MOVE_COST, MOVE_DX, MOVE_DY } from './move-table.js';
import { LatticePlanner, type RunState } from './planner.js';

/**
 * A* on a lattice (corner points by default, or cell centres with `lattice: 'cell'`), with the
 * octile heuristic (Manhattan on 4-neighbour lattices). Paths follow lattice moves, so they bend
 * at 45° steps; the any-angle planners straighten them.
 *
 * When start and goal are lattice nodes (the usual case) moves come from the move table and the
 * heuristic from the known column and row of each node, in A*'s own loop.
 *
 * @example
 * ```ts
 * const astar = new AStar(grid);
 * const { status, points, length } = astar.findPath(1, 1, 30, 12);
 * ```
 */
export class AStar extends LatticePlanner {
  readonly name: string = 'astar';

  protected expand(id: number): void {
    const n = this.successorsOf(id);
    const g = this.memory.g[id]!;
    for (let i = 0; i < n; i++) this.relax(id, this.succIds[i]!, g + this.succCosts[i]!);
  }

  /**
   * For queries between lattice nodes, a loop with the relaxation written inline over the move
   * table: a call per move through a loop several planners share cannot be inlined, and A* is the
   * baseline everyone is timed against. Same order of moves and same ties as {@link expand}.
   */
  protected override run(budget: number): RunState {
    if (!this.endsOnLattice) return super.run(budget);
    const m = this.memory;
    const heap = m.heap;
    const { g, stamp } = m;
    const open = m.openStamp;
    const bits = this.moves.fresh();
    const offsets = this.moves.offsets;
    const stride = this.lattice.stride;
    const start = this.startId;
    const goal = this.goalId;
    const gc = this.goalColumn;
    const gr = this.goalRow;
    const w = this.weight;
    const octile = this.lattice.connectivity === 8;
    while (heap.size > 0) {
      if (budget <= 0) return 'pending';
      budget--;
      const id = heap.pop();
      stamp[id] = open + 1;
      this.expanded++;
      if (id === goal) return 'found';
      const x = id % stride;
      const y = (id - x) / stride;
      const base = g[id]!;
      for (let k = 0, b = id === start ? this.moves.exits(id) : bits[id]!; b !== 0; k++, b >>= 1) {
        if ((b & 1) === 0) continue;
        const to = id + offsets[k]!;
        const s = stamp[to]!;
        if (s === open + 1) continue;
        const gt = base + MOVE_COST[k]!;
        if (s === open && gt >= g[to]!) continue;
        const dx = Math.abs(x + MOVE_DX[k]! - gc);
        const dy = Math.abs(y + MOVE_DY[k]! - gr);
        const h = octile ? (dx > dy ? dx + (SQRT2 - 1) * dy : dy + (SQRT2 - 1) * dx) : dx + dy;
        if (s === open) m.improve(to, gt, gt + w * h, id);
        else m.open(to, gt, gt + w * h, id);
      }
    }
    return 'exhausted';
  }
}
