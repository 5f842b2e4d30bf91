import { SQRT2 } from './lattice.js';
import { OPEN, UNSEEN } from './memory.js';
import { MOVE_COST, MOVE_DX, MOVE_DY } from './move-table.js';
import { LatticePlanner, type RunState } from './planner.js';

/**
 * A* on a lattice (corner points by default, or cell centres with `lattice: 'cell'`), with the
 * octile heuristic (Manhattan on 4-neighbour lattices). Paths follow lattice moves, so they bend
 * at 45° steps; the any-angle planners straighten them.
 *
 * When start and goal are lattice nodes (the usual case) moves come from the in-place loop of
 * {@link LatticePlanner} and the heuristic from the known column and row of each node.
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

  protected override readonly movesInPlace = true;

  /**
   * The in-place loop with the relaxation written inline: the generic loop's call per move
   * cannot be inlined once several planners share it, and A* is the baseline everyone is timed
   * against, so it gets its own copy of the few lines. Same order of moves, same ties.
   */
  protected override run(budget: number): RunState {
    if (!this.inPlace) return super.run(budget);
    const m = this.memory;
    const heap = m.heap;
    const { g, parent, stamp } = m;
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
        g[to] = gt;
        parent[to] = id;
        if (s === open) heap.decrease(to, gt + w * h, gt);
        else {
          stamp[to] = open;
          heap.push(to, gt + w * h, gt);
        }
      }
    }
    return 'exhausted';
  }

  override move(from: number, to: number, tx: number, ty: number, cost: number): void {
    const m = this.memory;
    const g = m.g[from]! + cost;
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
