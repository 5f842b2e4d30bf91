import type { Grid } from '../grid/grid.js';
import { Landmarks, MAX_LANDMARKS } from './landmarks.js';
import { SQRT2 } from './lattice.js';
import { MOVE_COST, MOVE_DX, MOVE_DY } from './move-table.js';
import { LatticePlanner, type LatticeOptions } from './planner.js';
import type { RunState } from './session.js';
import type { PathResult } from './result.js';

/**
 * A* on a lattice (corner points by default, or cell centres with `lattice: 'cell'`), with the
 * octile heuristic (Manhattan on 4-neighbour lattices). Paths follow lattice moves, so they bend
 * at 45° steps; the any-angle planners straighten them.
 *
 * When start and goal are lattice nodes (the usual case) moves come from the move table and the
 * heuristic from the known column and row of each node, in A*'s own loop.
 *
 * On a grid with tile costs (`Grid.weighted`) a move costs the exact integral of cell cost
 * along it (`Lattice.moveCost`) and a leg from a start or goal off the lattice the integral
 * along the leg, so the path is the cheapest lattice path; `cost` in the result is its cost and
 * `length` its Euclidean length. The octile heuristic stays admissible and consistent because
 * costs are >= 1. With weight 0 it is Dijkstra's search.
 *
 * With `landmarks: k` (k >= 1) a query on a weighted grid between lattice nodes estimates with
 * ALT as well ({@link Landmarks}): max(octile distance times the least free cell cost, the
 * landmark bound), both admissible and consistent, so paths stay optimal and far fewer nodes are
 * expanded (the octile estimate at cost 1 is weak where cells cost 5 on average). The table is
 * built at the first such query after any grid change (k + 1 Dijkstra passes; build it ahead over
 * frames with `planner.landmarks.step(units)`), and never read on a uniform grid.
 *
 * Ties among open nodes of equal f go to the larger g (see `IndexedHeap`). A subclass may set
 * {@link lineTies} to prefer, before that, the node nearer the straight line from start to goal:
 * of the many equally short lattice paths it then picks one that keeps close to that line, which
 * post-smoothing straightens best (A* PS does), for about 5% more time per expansion.
 *
 * @example
 * ```ts
 * const astar = new AStar(grid);
 * const { status, points, length } = astar.findPath(1, 1, 30, 12);
 * ```
 */
/** Options of {@link AStar}: the lattice's, and landmarks for weighted grids. */
export interface AStarOptions extends LatticeOptions {
  /**
   * Landmarks per region for the ALT estimate on weighted grids, 0 to {@link MAX_LANDMARKS};
   * 0 (default) for none. 8 (`DEFAULT_LANDMARKS`) is a good start: 64 bytes a node.
   */
  landmarks?: number;
}

export class AStar extends LatticePlanner {
  readonly name: string = 'astar';
  /** The ALT table of the `landmarks` option, or null without it. */
  readonly landmarks: Landmarks | null;
  /** This query's landmark distances when it uses them (weighted, lattice ends, a fresh table), else null. */
  private alt: Float64Array | null = null;
  /** Each landmark's distance to this query's goal. */
  private readonly goalDistances: Float64Array;
  /** The least free cell cost of the table's grid: the octile estimate's factor under ALT. */
  private altFloor = 1;

  /** Break ties of equal f toward the start-goal line first (see the class notes). */
  protected readonly lineTies: boolean = false;
  /** LINE_TIE over the length of this query's start-goal line; 0 when line ties are off. */
  private lineScale = 0;

  /** @throws RangeError when `landmarks` is not an integer from 0 to {@link MAX_LANDMARKS} (or the lattice options are bad) */
  constructor(grid: Grid, options: AStarOptions = {}) {
    super(grid, options);
    const k = options.landmarks ?? 0;
    if (!Number.isInteger(k) || k < 0 || k > MAX_LANDMARKS) throw new RangeError(`landmarks must be an integer from 0 to ${MAX_LANDMARKS}, got ${String(k)}`);
    this.landmarks = k > 0 ? new Landmarks(this.lattice, k) : null;
    this.goalDistances = new Float64Array(k);
  }

  protected override begin(sx: number, sy: number, gx: number, gy: number, weight: number, cap: number): PathResult | undefined {
    const length = Math.hypot(gx - sx, gy - sy);
    this.lineScale = this.lineTies && length > 0 && length < Infinity ? LINE_TIE / length : 0;
    this.alt = null;
    const early = super.begin(sx, sy, gx, gy, weight, cap);
    if (early === undefined && this.landmarks !== null && this.weighted && this.endsOnLattice && this.lineScale === 0) {
      // Built here when stale: the grid is the one this query searches (a change restarts it).
      const table = this.landmarks.ensure();
      const k = this.landmarks.count;
      for (let i = 0; i < k; i++) this.goalDistances[i] = table[this.goalId * k + i]!;
      this.altFloor = this.landmarks.minCost;
      this.alt = table;
    }
    return early;
  }

  /**
   * A* reads the cells around the nodes it expands and their moves; the landmark table is the
   * exception, a function of the whole map, so a query estimating with it restarts after any change.
   */
  protected override get localReads(): boolean {
    return this.alt === null;
  }

  /** The octile estimate, plus the tie-break term: LINE_TIE times the distance from the start-goal line. */
  protected override heuristic(id: number): number {
    if (this.lineScale === 0) return super.heuristic(id);
    const x = this.nodeX(id) - this.sx;
    const y = this.nodeY(id) - this.sy;
    return super.heuristic(id) + this.lineScale * Math.abs(x * (this.gy - this.sy) - y * (this.gx - this.sx));
  }

  protected expand(id: number): void {
    const n = this.successorsOf(id);
    const g = this.memory.g[id]!;
    for (let i = 0; i < n; i++) this.relax(id, this.succIds[i]!, g + this.succCosts[i]!);
  }

  /**
   * For queries between lattice nodes on a uniform grid, a loop with the relaxation written
   * inline over the move table: a call per move through a loop several planners share cannot be inlined, and A* is the
   * baseline everyone is timed against. Same order of moves and same ties as {@link expand}.
   */
  protected override run(budget: number): RunState {
    if (!this.endsOnLattice) return super.run(budget);
    if (this.alt !== null) {
      if (this.landmarks!.fresh) return this.runLandmarks(budget, this.alt);
      // A cost edit while the search was paused (it goes on, see Grid.setCost): the table is
      // stale, so the open nodes take the octile estimate again and the search finishes on it.
      this.alt = null;
      const { g, heap } = this.memory;
      heap.rekey(
        (id) => g[id]! + this.heuristic(id),
        (id) => g[id]!,
      );
    }
    // On a weighted grid a move costs its integral of cell cost (the lattice's moveCost): read per
    // move under a flag fixed for the query, in the same loop (the generic one took 2.5 times as
    // long per node).
    const lattice = this.lattice;
    const weighted = this.weighted;
    // On the cell lattice (node ids are cell indices) that integral is half the move in each cell.
    const cellCosts = weighted && lattice.kind === 'cell' ? this.grid.costs : null;
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
    // The start-goal line in column and row units (a cell lattice only shifts both by half a tile).
    const sc = start % stride;
    const sr = (start - sc) / stride;
    const lx = gc - sc;
    const ly = gr - sr;
    const lineScale = this.lineScale;
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
      const base = g[id]!;
      for (let k = 0, b = id === start ? this.moves.exits(id) : bits[id]!; b !== 0; k++, b >>= 1) {
        if ((b & 1) === 0) continue;
        const to = id + offsets[k]!;
        const s = stamp[to]!;
        if (s === open + 1) continue;
        const gt = base + (!weighted ? MOVE_COST[k]! : cellCosts !== null ? (MOVE_COST[k]! / 2) * (cellCosts[id]! + cellCosts[to]!) : lattice.moveCost(id, to));
        if (s === open && gt >= g[to]!) continue;
        const dx = Math.abs(x + MOVE_DX[k]! - gc);
        const dy = Math.abs(y + MOVE_DY[k]! - gr);
        const h = octile ? (dx > dy ? dx + (SQRT2 - 1) * dy : dy + (SQRT2 - 1) * dx) : dx + dy;
        const f = lineScale === 0 ? gt + w * h : gt + w * h + lineScale * Math.abs((x + MOVE_DX[k]! - sc) * ly - (y + MOVE_DY[k]! - sr) * lx);
        if (s === open) m.improve(to, gt, f, id);
        else m.open(to, gt, f, id);
      }
    }
    return 'exhausted';
  }

  /**
   * {@link run} for a weighted query with the landmark table: the estimate is the larger of the
   * octile distance times the least free cell cost and the ALT bound; no line ties (only a
   * uniform-grid subclass sets them). Every node the search meets is in the goal's region when a
   * path exists, so its landmark distances are finite.
   */
  private runLandmarks(budget: number, table: Float64Array): RunState {
    const lattice = this.lattice;
    const cellCosts = lattice.kind === 'cell' ? this.grid.costs : null;
    const m = this.memory;
    const heap = m.heap;
    const { g, stamp } = m;
    const open = m.openStamp;
    const bits = this.moves.fresh();
    const offsets = this.moves.offsets;
    const stride = lattice.stride;
    const start = this.startId;
    const goal = this.goalId;
    const gc = this.goalColumn;
    const gr = this.goalRow;
    const w = this.weight;
    const octile = lattice.connectivity === 8;
    const floor = this.altFloor;
    const goalDistances = this.goalDistances;
    const count = goalDistances.length;
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
      const base = g[id]!;
      for (let k = 0, b = id === start ? this.moves.exits(id) : bits[id]!; b !== 0; k++, b >>= 1) {
        if ((b & 1) === 0) continue;
        const to = id + offsets[k]!;
        const s = stamp[to]!;
        if (s === open + 1) continue;
        const gt = base + (cellCosts !== null ? (MOVE_COST[k]! / 2) * (cellCosts[id]! + cellCosts[to]!) : lattice.moveCost(id, to));
        if (s === open && gt >= g[to]!) continue;
        const dx = Math.abs(x + MOVE_DX[k]! - gc);
        const dy = Math.abs(y + MOVE_DY[k]! - gr);
        let h = floor * (octile ? (dx > dy ? dx + (SQRT2 - 1) * dy : dy + (SQRT2 - 1) * dx) : dx + dy);
        for (let i = 0, row = to * count; i < count; i++) {
          const d = Math.abs(goalDistances[i]! - table[row + i]!);
          if (d > h) h = d;
        }
        const f = gt + w * h;
        if (s === open) m.improve(to, gt, f, id);
        else m.open(to, gt, f, id);
      }
    }
    return 'exhausted';
  }
}

/**
 * Weight, per tile of distance from the start-goal line, of the tie-break term in a node's key.
 * Even 10,000 tiles from the line it adds 1e-6, while two different octile path lengths on a map
 * of up to 8192 tiles a side differ by more than 2e-5 (|a + b·sqrt 2| over whole a, b), so it
 * reorders only true ties and A* stays exactly optimal between lattice nodes; from a point off the
 * lattice a path may be longer than the optimum by at most that 1e-6 tile.
 */
const LINE_TIE = 1e-10;
