import { SQRT2 } from './lattice.js';
import { OPEN, UNSEEN } from './memory.js';
import { LatticePlanner } from './planner.js';

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
