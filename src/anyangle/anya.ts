import { componentsOf, type Components } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import { isPointFree, type Point } from '../grid/point.js';
import { ResumablePlanner, type LatticeOptions } from '../search/planner.js';
import type { RunState } from '../search/session.js';
import { failure, polylineLength, type PathResult } from '../search/result.js';
import { cornerOnly, validateQuery } from '../search/validate.js';
import { FLAGS, G, GOAL, NODE, NODE_INTS, NodePool, ROOT, START } from './anya/nodes.js';
import { OpenList } from './anya/open-list.js';
import { RootHistory } from './anya/roots.js';
import { rowChangesOf, type RowChanges } from './anya/row-changes.js';
import { Successors } from './anya/successors.js';

/**
 * Anya (Harabor, Grastien, Öz and Aksakalli, "Optimal Any-Angle Pathfinding In Practice", JAIR 56,
 * 2016): the shortest any-angle path under the grid rule, found by searching over intervals of row
 * lines seen from a root corner instead of over grid points. Paths bend only at obstacle corners
 * and never at a double corner.
 *
 * - Exact: interval endpoints are kept as lines through two corners and compared in exact integer
 *   arithmetic (or the exact orientation predicate, for a start off the corners); see
 *   `anya/lines.ts`. The length is the optimum up to the rounding of summing its legs.
 * - Any real start and target (a sprite's exact position) are handled exactly, not snapped: the
 *   start is a root like any other, and a target inside a cell is found in the strip of the cone
 *   that sees it.
 * - `weight` multiplies the heuristic: above 1 the path may be up to that factor longer.
 * - Memory is reused across queries (node pool, root history, open list); a search allocates no
 *   object per node. The row table of `anya/row-changes.ts` is rebuilt after a grid change.
 *
 * @example
 * ```ts
 * const anya = new Anya(Grid.fromAscii(['......', '..@@..', '......']));
 * anya.findPath(0.5, 2.5, 5.25, 0.75).points; // the optimal path between exact positions
 * ```
 */
export class Anya extends ResumablePlanner {
  readonly name: string = 'anya';
  private readonly components: Components;
  private readonly rows: RowChanges;
  private readonly pool = new NodePool();
  private readonly heap = new OpenList();
  private readonly roots = new RootHistory();
  private readonly successors: Successors;
  private goal = -1;

  /** @throws RangeError for `lattice: 'cell'`: Anya plans between any points, on the corner semantics. */
  constructor(grid: Grid, options: LatticeOptions = {}) {
    super(grid);
    cornerOnly('anya', options);
    this.components = componentsOf(grid);
    this.rows = rowChangesOf(grid);
    this.successors = new Successors(grid, this.rows, this.pool, this.heap, this.roots);
  }

  /**
   * Empty: Anya's nodes are intervals of row lines seen from a root corner, not points, so there
   * is no set of points that honestly shows what it expanded.
   */
  expandedPoints(): Point[] {
    return [];
  }

  protected begin(sx: number, sy: number, gx: number, gy: number, weight: number, cap: number): PathResult | undefined {
    this.expanded = 0;
    this.goal = -1;
    const grid = this.grid;
    const invalid = validateQuery(grid, sx, sy, gx, gy, weight, cap, (x, y) => isPointFree(grid, x, y));
    if (invalid) return invalid;
    if (sx === gx && sy === gy) return { status: 'found', points: [{ x: sx, y: sy }], length: 0, expanded: 0 };
    if (!this.components.connected(sx, sy, gx, gy)) return failure('no-path');
    this.rows.refresh();
    const s = this.successors;
    s.setQuery(sx, sy, gx, gy, weight);
    this.pool.reset();
    this.heap.clear();
    this.roots.reset();
    const root = s.startRoot();
    this.roots.g = 0;
    this.roots.offer(root, -1);
    const p = this.pool;
    const id = p.alloc();
    p.ints[id * NODE_INTS + FLAGS] = START;
    p.ints[id * NODE_INTS + ROOT] = root;
    p.data[id * NODE + G] = 0;
    this.heap.push(id, 0, 0);
    return undefined;
  }

  protected run(budget: number): RunState {
    const heap = this.heap;
    const p = this.pool;
    // Counting up, not `budget` down: the budget is often Infinity, and a loop variable holding a
    // fraction or an infinity is boxed on every change.
    for (let done = 0; heap.size > 0; done++) {
      if (done >= budget) return 'pending';
      const id = heap.pop();
      this.expanded++;
      if (p.ints[id * NODE_INTS + FLAGS]! & GOAL) {
        this.goal = id;
        return 'found';
      }
      if (!this.roots.current(p.ints[id * NODE_INTS + ROOT]!, p.data, id * NODE + G)) continue;
      this.successors.expand(id);
    }
    return 'exhausted';
  }

  protected finish(): PathResult {
    const p = this.pool;
    const s = this.successors;
    const points: Point[] = [{ x: s.tx, y: s.ty }];
    const stride = this.grid.width + 1;
    for (let r = p.ints[this.goal * NODE_INTS + ROOT]!; r !== -1; r = this.roots.parent(r)) {
      const point = r === s.realStart ? { x: s.sx, y: s.sy } : { x: r % stride, y: Math.floor(r / stride) };
      const last = points[points.length - 1]!;
      if (point.x !== last.x || point.y !== last.y) points.push(point);
    }
    points.reverse();
    return { status: 'found', points, length: polylineLength(points), expanded: this.expanded };
  }
}
