import type { Grid } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import { segmentCost } from '../grid/segment-cost.js';
import { CLOSED, OPEN, UNSEEN } from '../search/memory.js';
import { MOVE_COST, MOVE_DX, MOVE_DY } from '../search/move-table.js';
import { LatticePlanner, type LatticeOptions } from '../search/planner.js';
import type { RunState } from '../search/session.js';
import type { PathResult } from '../search/result.js';
import { freeRunsOf, type FreeRuns } from './free-runs.js';

/**
 * Theta* (Nash, Daniel, Koenig and Felner, AAAI 2007): A* on the corner lattice where a node's
 * parent may be any node that sees it, so paths bend only at obstacle corners. When a node is
 * expanded, each successor first tries the expanded node's own parent; it falls back to the
 * lattice move when that parent cannot see it. The heuristic is the straight-line distance, so
 * with weight 1 the result is never longer than the lattice A* path (though not always the
 * shortest any-angle path; Anya gives that).
 *
 * Line of sight between corners is read from the grid's {@link FreeRuns} table (exact, one lookup
 * per row or column crossed); checks from a start or to a goal that are not corners use the exact
 * {@link lineOfSight}. A segment never squeezes
 * through a double corner, and double corners stay dead ends, so paths obey the grid rule.
 *
 * With 4 neighbours the search moves along cell edges only, but parents still skip ahead by line
 * of sight, so paths are any-angle and the search memory is the same.
 *
 * On a grid with tile costs (`grid.weighted`) g-values are weighted costs: a lattice move costs
 * `Lattice.moveCost` (as in A*), and the shortcut from the parent costs the parent's g plus
 * the exact {@link segmentCost} of the straight segment. The shortcut is taken only when it is
 * visible and costs no more than the lattice move, so the path never costs more than A*'s on the
 * corner lattice; it is not the cheapest any-angle path (a straight segment through costly cells
 * can cost more than a bend around them, and parents are only tried one step back).
 *
 * With `lattice: 'cell'` the planner still searches the corner lattice; start and goal snap to the
 * centres of the cells that hold them (as the cell lattice maps points), so the result is an
 * any-angle path from cell centre to cell centre.
 *
 * @example
 * ```ts
 * const theta = new ThetaStar(grid);
 * const { points } = theta.findPath(sprite.x / tileSize, sprite.y / tileSize, 40, 12);
 * ```
 */
export class ThetaStar extends LatticePlanner {
  readonly name: string = 'theta';
  /** Snap start and goal to cell centres (the planner was asked for the cell lattice). */
  private readonly cellCentres: boolean;
  /** Line of sight between corners. */
  protected readonly runs: FreeRuns;

  constructor(grid: Grid, options: LatticeOptions = {}) {
    super(grid, options.lattice === 'cell' ? { ...options, lattice: 'corner' } : options);
    this.cellCentres = options.lattice === 'cell';
    this.runs = freeRunsOf(grid);
  }

  /** Both one-shot and resumable queries start here, so this is where cell-lattice points snap to cell centres. */
  protected override begin(sx: number, sy: number, gx: number, gy: number, weight: number, cap: number): PathResult | undefined {
    if (!this.cellCentres) return super.begin(sx, sy, gx, gy, weight, cap);
    const { width, height } = this.grid;
    return super.begin(cellCentre(sx, width), cellCentre(sy, height), cellCentre(gx, width), cellCentre(gy, height), weight, cap);
  }

  /**
   * Theta* reads the cells around the nodes it expands, their moves, and the lines of sight (and,
   * weighted, segment costs) from an expanded node's parent to a move's end: all within
   * `READ_MARGIN` of the box of expanded nodes. So does Lazy Theta*, whose deferred check runs from
   * a popped node's parent to the node.
   */
  protected override get localReads(): boolean {
    return true;
  }

  /** Weighted straight-line distance to the goal point: admissible for any-angle paths. */
  protected override heuristic(id: number): number {
    return this.estimateFrom(this.nodeX(id), this.nodeY(id));
  }

  /** The lattice node whose coordinates {@link parentX} and {@link parentY} hold (a lattice node never moves). */
  private placed = -1;
  protected parentX = 0;
  protected parentY = 0;

  /**
   * The in-place loop with {@link move} written inline, for queries between corners (the usual
   * case): a call per move through the shared loop cannot be inlined once several planners use
   * it. Same moves in the same order, same ties, same line-of-sight rule as {@link move}.
   */
  protected override run(budget: number): RunState {
    // One branch per slice: a weighted query takes the generic loop, whose moves cost their integral.
    if (!this.endsOnLattice || this.weighted) return this.runGeneric(budget);
    const m = this.memory;
    const heap = m.heap;
    const { g, parent, stamp } = m;
    const open = m.openStamp;
    const bits = this.moves.fresh();
    const offsets = this.moves.offsets;
    const stride = this.lattice.stride;
    const runs = this.runs;
    const start = this.startId;
    const goal = this.goalId;
    const { gx, gy, weight } = this;
    while (heap.size > 0) {
      if (budget <= 0) return 'pending';
      budget--;
      const id = heap.pop();
      stamp[id] = open + 1;
      this.expanded++;
      if (id === goal) return 'found';
      const x = id % stride;
      const y = (id - x) / stride;
      this.reach(x, y);
      const gid = g[id]!;
      const p = parent[id]!;
      const px = p >= 0 ? p % stride : 0;
      const py = p >= 0 ? (p - px) / stride : 0;
      const gp = p >= 0 ? g[p]! : 0;
      for (let k = 0, b = id === start ? this.moves.exits(id) : bits[id]!; b !== 0; k++, b >>= 1) {
        if ((b & 1) === 0) continue;
        const to = id + offsets[k]!;
        const s = stamp[to]!;
        if (s === open + 1) continue;
        const tx = x + MOVE_DX[k]!;
        const ty = y + MOVE_DY[k]!;
        let gt = gid + MOVE_COST[k]!;
        let via = id;
        if (p >= 0) {
          const dx = tx - px;
          const dy = ty - py;
          const shortcut = gp + Math.sqrt(dx * dx + dy * dy);
          // As in move(): the lattice move is never shorter than the shortcut.
          if (s === open && shortcut >= g[to]!) continue;
          if (runs.sight(px, py, tx, ty)) {
            gt = shortcut;
            via = p;
          }
        }
        if (s === open && gt >= g[to]!) continue;
        const ex = tx - gx;
        const ey = ty - gy;
        const f = gt + weight * Math.sqrt(ex * ex + ey * ey);
        if (s === open) m.improve(to, gt, f, via);
        else m.open(to, gt, f, via);
      }
    }
    return 'exhausted';
  }

  /** The shared loop of {@link LatticePlanner}, through {@link settle} and {@link expand}: for virtual start or goal, and weighted grids. */
  protected runGeneric(budget: number): RunState {
    return super.run(budget);
  }

  /** Every successor of `id`, through {@link move} (the generic path, for virtual start or goal, and weighted grids). */
  protected expand(id: number): void {
    const n = this.successorsOf(id);
    const count = this.lattice.nodeCount;
    const stride = this.lattice.stride;
    for (let i = 0; i < n; i++) {
      const s = this.succIds[i]!;
      const onLattice = s < count;
      this.move(id, s, onLattice ? s % stride : this.nodeX(s), onLattice ? (s / stride) | 0 : this.nodeY(s), this.succCosts[i]!);
    }
  }

  /** A successor first tries the shortcut from the expanded node's parent, then the lattice move. */
  protected move(from: number, s: number, x: number, y: number, cost: number): void {
    const m = this.memory;
    const state = m.stateOf(s);
    if (state === CLOSED) return;
    const parent = m.parent[from]!;
    if (this.weighted) {
      this.moveWeighted(from, s, state, parent, x, y, cost);
      return;
    }
    if (parent >= 0) {
      this.place(parent);
      const dx = x - this.parentX;
      const dy = y - this.parentY;
      const g = m.g[parent]! + Math.sqrt(dx * dx + dy * dy);
      // The lattice move is never shorter than the shortcut (triangle inequality), so an open
      // node the shortcut cannot improve needs no line-of-sight check at all.
      if (state === OPEN && g >= m.g[s]!) return;
      if (this.parentSees(parent, s, x, y)) {
        this.update(s, state, g, parent, x, y);
        return;
      }
    }
    this.update(s, state, m.g[from]! + cost, from, x, y);
  }

  /**
   * {@link move} on a weighted grid, where the lattice move (`cost`, its integral of cell cost) can
   * be cheaper than the shortcut: the shortcut is taken only when it costs no more than the
   * lattice move and the parent sees `s`. So g(s) <= g(from) + cost always, the property that keeps
   * the path's cost within A*'s.
   */
  private moveWeighted(from: number, s: number, state: number, parent: number, x: number, y: number, cost: number): void {
    const m = this.memory;
    const viaLattice = m.g[from]! + cost;
    if (parent >= 0) {
      this.place(parent);
      const dx = x - this.parentX;
      const dy = y - this.parentY;
      const gp = m.g[parent]!;
      // Costs are >= 1, so a segment costs at least its length: a bound that spares the walk and
      // the line of sight when the shortcut cannot win.
      const bound = gp + Math.sqrt(dx * dx + dy * dy);
      if (bound <= viaLattice && (state !== OPEN || bound < m.g[s]!)) {
        const shortcut = gp + segmentCost(this.grid, this.parentX, this.parentY, x, y);
        // Ties go to the shortcut: one waypoint fewer for the same cost.
        if (shortcut <= viaLattice && (state !== OPEN || shortcut < m.g[s]!) && this.parentSees(parent, s, x, y)) {
          this.update(s, state, shortcut, parent, x, y);
          return;
        }
      }
    }
    this.update(s, state, viaLattice, from, x, y);
  }

  /** True when node `parent`, placed by {@link place}, sees node `s` at (x, y). */
  private parentSees(parent: number, s: number, x: number, y: number): boolean {
    const count = this.lattice.nodeCount;
    return s < count && parent < count ? this.runs.sight(this.parentX, this.parentY, x, y) : lineOfSight(this.grid, this.parentX, this.parentY, x, y);
  }

  /** Loads the coordinates of node `id` into {@link parentX} and {@link parentY}. */
  protected place(id: number): void {
    // Virtual nodes move with every query, so only lattice nodes are remembered.
    if (id === this.placed) return;
    this.placed = id < this.lattice.nodeCount ? id : -1;
    this.parentX = this.nodeX(id);
    this.parentY = this.nodeY(id);
  }

  /** Opens node `s` at (x, y) or lowers its cost, when `g` is an improvement. */
  protected update(s: number, state: number, g: number, parent: number, x: number, y: number): void {
    const m = this.memory;
    if (state === UNSEEN) m.open(s, g, g + this.estimateFrom(x, y), parent);
    else if (g < m.g[s]!) m.improve(s, g, g + this.estimateFrom(x, y), parent);
  }

  /** The weighted straight-line distance from (x, y) to the goal (0 at the goal itself). */
  private estimateFrom(x: number, y: number): number {
    const dx = x - this.gx;
    const dy = y - this.gy;
    return this.weight * Math.sqrt(dx * dx + dy * dy);
  }

  /** True when nodes `a` and `b` see each other. */
  protected visible(a: number, b: number): boolean {
    const count = this.lattice.nodeCount;
    if (a < count && b < count) {
      const s = this.lattice.stride;
      return this.runs.sight(a % s, (a / s) | 0, b % s, (b / s) | 0);
    }
    return lineOfSight(this.grid, this.nodeX(a), this.nodeY(a), this.nodeX(b), this.nodeY(b));
  }
}

/**
 * The centre of the cell that holds coordinate `v` along a side of `size` cells (the far border
 * maps to the last cell, as the cell lattice does). Coordinates off the map, or on an empty side,
 * are returned as they are, so the query reports them.
 */
function cellCentre(v: number, size: number): number {
  if (!(v >= 0 && v <= size) || size === 0) return v;
  return Math.min(Math.floor(v), size - 1) + 0.5;
}
