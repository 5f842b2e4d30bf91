import { LatticePlanner } from './planner.js';

/**
 * A* on a lattice (corner points by default, or cell centres with `lattice: 'cell'`), with the
 * octile heuristic (Manhattan on 4-neighbour lattices). Paths follow lattice moves, so they bend
 * at 45° steps; the any-angle planners straighten them.
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
}
