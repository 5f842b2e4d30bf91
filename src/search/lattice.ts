import type { Grid } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import { isDoubleCorner, isPointFree } from '../grid/point.js';

/** Cost of a diagonal step. */
export const SQRT2 = Math.SQRT2;

/**
 * How much longer an octile (8-connected lattice) walk can be than the straight segment it
 * follows: the maximum over 0 <= θ <= 45° of cos θ + (√2 − 1) sin θ, √(4 − 2√2), reached at 22.5°.
 */
export const OCTILE_STRETCH = Math.sqrt(4 - 2 * SQRT2);

/** How many neighbours a lattice node has: 4 (orthogonal moves) or 8 (with diagonals). */
export type Connectivity = 4 | 8;

/**
 * The graph a lattice planner searches: node ids 0..nodeCount-1 placed at points of the map, with
 * legal unit moves between them. Two lattices exist: {@link CornerLattice} (cell corners, any-angle
 * semantics) and {@link CellLattice} (cell centres, Moving AI semantics).
 */
export interface Lattice {
  readonly grid: Grid;
  readonly kind: 'corner' | 'cell';
  readonly connectivity: Connectivity;
  readonly nodeCount: number;
  /** Columns of nodes: ids are `y * stride + x` for node column x and row y. */
  readonly stride: number;
  /** Where node `id` sits, in tile units. */
  x(id: number): number;
  y(id: number): number;
  /**
   * Writes the legal moves out of `id` (target ids and lengths); returns how many. The lengths are
   * the moves' costs on a uniform grid; on a weighted one, {@link moveCost} gives each move's cost.
   */
  successors(id: number, ids: Int32Array, costs: Float64Array): number;
  /**
   * Hands every legal move out of `id` to `visitor`, with the target's lattice column and row and
   * the move's length: the one place each lattice's move rule is written ({@link successors}
   * collects from it).
   */
  forEachMove(id: number, visitor: MoveVisitor): void;
  /**
   * The cost of the legal unit move from node `from` to its neighbour `to` under the grid's tile
   * costs ({@link Grid.cost}): the exact integral of cell cost along the move, that is the length
   * inside each cell times the cell's cost. A move along a cell edge takes the cheaper of the free
   * cells beside it. Equal to the move's length on a uniform grid; symmetric in `from` and `to`.
   * Undefined for nodes that are not neighbours or a move the lattice does not hand out.
   */
  moveCost(from: number, to: number): number;
  /** False for nodes a path may reach but never pass through (double corners). */
  passable(id: number): boolean;
  /** True when a unit may stand at point (x, y) under this lattice's semantics. */
  isFree(x: number, y: number): boolean;
  /**
   * The nodes a point connects to by a straight leg, with the leg's length: the point's own node
   * when it sits on one, else the visible corners of the cells it touches. Returns how many.
   */
  entries(x: number, y: number, ids: Int32Array, costs: Float64Array): number;
  /** Admissible, consistent estimate of the cost from node `id` to point (x, y). */
  estimate(id: number, x: number, y: number): number;
}

/** Receives lattice moves from {@link Lattice.forEachMove}. */
export interface MoveVisitor {
  /** A move from node `from` to node `to`, which sits at lattice column `tx` and row `ty`, of length `cost`. */
  move(from: number, to: number, tx: number, ty: number, cost: number): void;
}

/** Collects moves into id and cost buffers, for {@link Lattice.successors}. */
class MoveCollector implements MoveVisitor {
  ids: Int32Array = new Int32Array(0);
  costs: Float64Array = new Float64Array(0);
  count = 0;

  move(_from: number, to: number, _tx: number, _ty: number, cost: number): void {
    this.ids[this.count] = to;
    this.costs[this.count++] = cost;
  }
}

/** Fills `ids` and `costs` with the moves `lattice` hands out of `id`; returns how many. */
function collectMoves(lattice: Lattice, collector: MoveCollector, id: number, ids: Int32Array, costs: Float64Array): number {
  collector.ids = ids;
  collector.costs = costs;
  collector.count = 0;
  lattice.forEachMove(id, collector);
  return collector.count;
}

/**
 * The cost of running along the edge between cells a and b: the cheaper of the free ones. A unit
 * on the edge may lean to either side, and never into a blocked cell.
 */
function edgeCost(grid: Grid, ax: number, ay: number, bx: number, by: number): number {
  const aFree = !grid.isBlocked(ax, ay);
  const bFree = !grid.isBlocked(bx, by);
  if (aFree && bFree) return Math.min(grid.cost(ax, ay), grid.cost(bx, by));
  return aFree ? grid.cost(ax, ay) : grid.cost(bx, by);
}

/** Most entries a point can have: the nine corners of the up-to-four cells it touches. */
export const MAX_ENTRIES = 9;

/**
 * The corner lattice: nodes at the (width+1)·(height+1) cell corners. An orthogonal move runs
 * along a cell edge and is legal unless both cells beside it are blocked; a diagonal move crosses
 * one cell and is legal when that cell is free. Double corners are dead ends: a path through one
 * would squeeze between its two blocked cells, and a path that touches one and turns back to the
 * same side is never shortest (the free cell beside it offers a strictly shorter move).
 */
export class CornerLattice implements Lattice {
  readonly kind = 'corner';
  readonly nodeCount: number;
  readonly stride: number;

  constructor(
    readonly grid: Grid,
    readonly connectivity: Connectivity = 8,
  ) {
    this.stride = grid.width + 1;
    this.nodeCount = this.stride * (grid.height + 1);
  }

  x(id: number): number {
    return id % this.stride;
  }

  y(id: number): number {
    return (id / this.stride) | 0;
  }

  private readonly collector = new MoveCollector();

  successors(id: number, ids: Int32Array, costs: Float64Array): number {
    return collectMoves(this, this.collector, id, ids, costs);
  }

  forEachMove(id: number, v: MoveVisitor): void {
    const g = this.grid;
    const s = this.stride;
    const x = id % s;
    const y = (id / s) | 0;
    const nw = g.isBlocked(x - 1, y - 1);
    const ne = g.isBlocked(x, y - 1);
    const sw = g.isBlocked(x - 1, y);
    const se = g.isBlocked(x, y);
    if (x < g.width && !(ne && se)) v.move(id, id + 1, x + 1, y, 1);
    if (x > 0 && !(nw && sw)) v.move(id, id - 1, x - 1, y, 1);
    if (y < g.height && !(sw && se)) v.move(id, id + s, x, y + 1, 1);
    if (y > 0 && !(nw && ne)) v.move(id, id - s, x, y - 1, 1);
    if (this.connectivity === 4) return;
    if (!se) v.move(id, id + s + 1, x + 1, y + 1, SQRT2);
    if (!ne) v.move(id, id - s + 1, x + 1, y - 1, SQRT2);
    if (!sw) v.move(id, id + s - 1, x - 1, y + 1, SQRT2);
    if (!nw) v.move(id, id - s - 1, x - 1, y - 1, SQRT2);
  }

  /**
   * A diagonal move crosses one cell, √2 times its cost; an orthogonal move runs along the edge
   * between two cells and takes the cheaper free one (the move rule guarantees one is free).
   */
  moveCost(from: number, to: number): number {
    const g = this.grid;
    const s = this.stride;
    const x = from % s;
    const y = (from / s) | 0;
    const tx = to % s;
    const ty = (to / s) | 0;
    const cx = Math.min(x, tx);
    const cy = Math.min(y, ty);
    if (tx !== x && ty !== y) return SQRT2 * g.cost(cx, cy);
    return ty === y ? edgeCost(g, cx, y - 1, cx, y) : edgeCost(g, x - 1, cy, x, cy);
  }

  passable(id: number): boolean {
    return !isDoubleCorner(this.grid, this.x(id), this.y(id));
  }

  isFree(x: number, y: number): boolean {
    return isPointFree(this.grid, x, y);
  }

  entries(x: number, y: number, ids: Int32Array, costs: Float64Array): number {
    if (Number.isInteger(x) && Number.isInteger(y)) {
      ids[0] = y * this.stride + x;
      costs[0] = 0;
      return 1;
    }
    // The corners of the cells whose closure holds the point: a 2x2 block of corners for a point
    // inside a cell, 2x3 or 3x2 on an edge.
    const x0 = Math.floor(x) - (Number.isInteger(x) ? 1 : 0);
    const y0 = Math.floor(y) - (Number.isInteger(y) ? 1 : 0);
    const x1 = Math.ceil(x) + (Number.isInteger(x) ? 1 : 0);
    const y1 = Math.ceil(y) + (Number.isInteger(y) ? 1 : 0);
    let n = 0;
    for (let cy = Math.max(0, y0); cy <= Math.min(this.grid.height, y1); cy++) {
      for (let cx = Math.max(0, x0); cx <= Math.min(this.grid.width, x1); cx++) {
        if (lineOfSight(this.grid, x, y, cx, cy)) {
          ids[n] = cy * this.stride + cx;
          costs[n++] = Math.hypot(cx - x, cy - y);
        }
      }
    }
    return n;
  }

  estimate(id: number, x: number, y: number): number {
    const dx = Math.abs(id % this.stride - x);
    const dy = Math.abs(((id / this.stride) | 0) - y);
    if (this.connectivity === 4) return dx + dy;
    return dx > dy ? dx + (SQRT2 - 1) * dy : dy + (SQRT2 - 1) * dx;
  }
}

/**
 * The cell lattice of the Moving AI benchmarks: a node at the centre of each cell, 8-connected,
 * a diagonal move only when both orthogonal neighbours are free (no corner cutting). A point maps
 * to the cell that contains it (the right or bottom map border to the last cell), and paths run
 * between cell centres.
 */
export class CellLattice implements Lattice {
  readonly kind = 'cell';
  readonly nodeCount: number;
  readonly stride: number;

  constructor(
    readonly grid: Grid,
    readonly connectivity: Connectivity = 8,
  ) {
    this.stride = grid.width;
    this.nodeCount = grid.width * grid.height;
  }

  x(id: number): number {
    return (id % this.stride) + 0.5;
  }

  y(id: number): number {
    return ((id / this.stride) | 0) + 0.5;
  }

  private readonly collector = new MoveCollector();

  successors(id: number, ids: Int32Array, costs: Float64Array): number {
    return collectMoves(this, this.collector, id, ids, costs);
  }

  forEachMove(id: number, v: MoveVisitor): void {
    const { width: w, height: h, cells } = this.grid;
    const x = id % w;
    const y = (id / w) | 0;
    const e = x + 1 < w && cells[id + 1] === 0;
    const west = x > 0 && cells[id - 1] === 0;
    const s = y + 1 < h && cells[id + w] === 0;
    const n = y > 0 && cells[id - w] === 0;
    if (e) v.move(id, id + 1, x + 1, y, 1);
    if (west) v.move(id, id - 1, x - 1, y, 1);
    if (s) v.move(id, id + w, x, y + 1, 1);
    if (n) v.move(id, id - w, x, y - 1, 1);
    if (this.connectivity === 4) return;
    if (s && e && cells[id + w + 1] === 0) v.move(id, id + w + 1, x + 1, y + 1, SQRT2);
    if (n && e && cells[id - w + 1] === 0) v.move(id, id - w + 1, x + 1, y - 1, SQRT2);
    if (s && west && cells[id + w - 1] === 0) v.move(id, id + w - 1, x - 1, y + 1, SQRT2);
    if (n && west && cells[id - w - 1] === 0) v.move(id, id - w - 1, x - 1, y - 1, SQRT2);
  }

  /**
   * Half the move runs in each end's cell: an orthogonal move ½·c(a) + ½·c(b), a diagonal one
   * (through the corner the two cells share) √2/2·c(a) + √2/2·c(b).
   */
  moveCost(from: number, to: number): number {
    const w = this.stride;
    const length = from % w === to % w || ((from / w) | 0) === ((to / w) | 0) ? 1 : SQRT2;
    const costs = this.grid.costs;
    return costs === null ? length : (length / 2) * (costs[from]! + costs[to]!);
  }

  passable(): boolean {
    return true;
  }

  isFree(x: number, y: number): boolean {
    return !this.grid.isBlocked(this.column(x), this.row(y));
  }

  entries(x: number, y: number, ids: Int32Array, costs: Float64Array): number {
    ids[0] = this.row(y) * this.stride + this.column(x);
    costs[0] = 0;
    return 1;
  }

  estimate(id: number, x: number, y: number): number {
    const dx = Math.abs(this.x(id) - (this.column(x) + 0.5));
    const dy = Math.abs(this.y(id) - (this.row(y) + 0.5));
    if (this.connectivity === 4) return dx + dy;
    return dx > dy ? dx + (SQRT2 - 1) * dy : dy + (SQRT2 - 1) * dx;
  }

  /** The cell column holding x, with the right border mapped to the last column. */
  column(x: number): number {
    return Math.min(Math.floor(x), this.grid.width - 1);
  }

  /** The cell row holding y, with the bottom border mapped to the last row. */
  row(y: number): number {
    return Math.min(Math.floor(y), this.grid.height - 1);
  }
}
