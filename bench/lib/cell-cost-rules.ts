/**
 * Two ways to price a path of cell-centre moves (8 neighbours, no corner cutting) on a grid with
 * tile costs, written independently of `src/search` so the weighted benchmark can check both
 * Headway and easystar.js against an optimum of their own rule:
 *
 * - `headway`: the integral of cell cost along the move. An orthogonal move runs half its length
 *   in each cell, so it costs ½·c(a) + ½·c(b); a diagonal crosses the shared corner and costs
 *   (√2/2)·(c(a) + c(b)). This is `CellLattice.moveCost`.
 * - `easystar`: easystar.js 0.4.4 (`src/easystar.js`, `calculate`): a move costs 1 (orthogonal)
 *   or 1.4 (diagonal, its DIAGONAL_COST, not √2) times the cost of the TARGET cell alone.
 *
 * The same path costs differently under the two rules, so the two planners' optima differ too;
 * each is compared with the optimum of its own rule ({@link cheapestCost}) and each path is
 * re-priced under the other rule ({@link pathCost}).
 */
import type { Grid } from '../../src/grid/grid.js';

/** Which planner's pricing of a cell move. */
export type CostRule = 'headway' | 'easystar';

/** easystar.js's price of a diagonal step (its DIAGONAL_COST constant). */
export const EASYSTAR_DIAGONAL = 1.4;

/** A cell, by column and row. */
export interface Cell {
  x: number;
  y: number;
}

function free(grid: Grid, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < grid.width && y < grid.height && grid.cells[y * grid.width + x] === 0;
}

/** The cost of one legal move between neighbouring cells a and b under `rule`. */
export function moveCost(rule: CostRule, grid: Grid, ax: number, ay: number, bx: number, by: number): number {
  const diagonal = ax !== bx && ay !== by;
  if (rule === 'easystar') return (diagonal ? EASYSTAR_DIAGONAL : 1) * grid.cost(bx, by);
  return ((diagonal ? Math.SQRT2 : 1) / 2) * (grid.cost(ax, ay) + grid.cost(bx, by));
}

/**
 * The unit moves of a polyline through cell centres (as our planners return it, collinear moves
 * merged into one leg; or every cell, as easystar.js returns it), as the list of cells visited.
 * Points are cell centres (`x + 0.5`) when `centres` is true, else cell indices.
 * @throws RangeError when a leg is not a whole number of orthogonal or diagonal unit moves.
 */
export function cellsOf(points: readonly Cell[], centres: boolean): Cell[] {
  const off = centres ? 0.5 : 0;
  const cells: Cell[] = [];
  for (const p of points) {
    const x = p.x - off;
    const y = p.y - off;
    if (!Number.isInteger(x) || !Number.isInteger(y)) throw new RangeError(`point (${p.x}, ${p.y}) is not a cell ${centres ? 'centre' : 'index'}`);
    const last = cells[cells.length - 1];
    if (!last) {
      cells.push({ x, y });
      continue;
    }
    const dx = x - last.x;
    const dy = y - last.y;
    if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) throw new RangeError(`leg (${last.x}, ${last.y}) -> (${x}, ${y}) is not octile`);
    const steps = Math.max(Math.abs(dx), Math.abs(dy));
    for (let i = 1; i <= steps; i++) cells.push({ x: last.x + (Math.sign(dx) * i), y: last.y + (Math.sign(dy) * i) });
  }
  return cells;
}

/**
 * The cost under `rule` of the path visiting `cells` in order (consecutive cells neighbours).
 * @throws RangeError when two consecutive cells are not neighbours, or a move is illegal (a blocked
 *   cell, or a diagonal cutting a blocked corner).
 */
export function pathCost(rule: CostRule, grid: Grid, cells: readonly Cell[]): number {
  let total = 0;
  for (let i = 1; i < cells.length; i++) {
    const a = cells[i - 1]!;
    const b = cells[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) throw new RangeError(`cells (${a.x}, ${a.y}) and (${b.x}, ${b.y}) are not neighbours`);
    const legal = free(grid, a.x, a.y) && free(grid, b.x, b.y) && (dx === 0 || dy === 0 || (free(grid, a.x + dx, a.y) && free(grid, a.x, a.y + dy)));
    if (!legal) throw new RangeError(`move (${a.x}, ${a.y}) -> (${b.x}, ${b.y}) crosses a blocked cell or corner`);
    total += moveCost(rule, grid, a.x, a.y, b.x, b.y);
  }
  return total;
}

/** The eight neighbour offsets. */
const DX = [1, -1, 0, 0, 1, 1, -1, -1];
const DY = [0, 0, 1, -1, 1, -1, 1, -1];

/**
 * Reusable Dijkstra over the cells of one grid: the cheapest cost under `rule` from cell (sx, sy)
 * to cell (gx, gy), 8 neighbours, no corner cutting, or Infinity when there is none. A plain
 * binary heap with lazy deletion (no heuristic, no decrease-key: unlike both planners), stopping
 * when the goal is popped.
 */
export class CellDijkstra {
  private readonly dist: Float64Array;
  private readonly done: Uint8Array;
  private heapCost = new Float64Array(1024);
  private heapId = new Int32Array(1024);
  private size = 0;

  constructor(private readonly grid: Grid) {
    this.dist = new Float64Array(grid.width * grid.height);
    this.done = new Uint8Array(grid.width * grid.height);
  }

  cheapestCost(rule: CostRule, sx: number, sy: number, gx: number, gy: number): number {
    const { grid, dist, done } = this;
    const w = grid.width;
    if (!free(grid, sx, sy) || !free(grid, gx, gy)) return Infinity;
    dist.fill(Infinity);
    done.fill(0);
    this.size = 0;
    const goal = gy * w + gx;
    dist[sy * w + sx] = 0;
    this.push(0, sy * w + sx);
    while (this.size > 0) {
      const d = this.heapCost[0]!;
      const u = this.pop();
      if (done[u]) continue;
      done[u] = 1;
      if (u === goal) return d;
      const x = u % w;
      const y = (u - x) / w;
      for (let k = 0; k < 8; k++) {
        const tx = x + DX[k]!;
        const ty = y + DY[k]!;
        if (!free(grid, tx, ty)) continue;
        if (k >= 4 && !(free(grid, tx, y) && free(grid, x, ty))) continue;
        const v = ty * w + tx;
        const nd = d + moveCost(rule, grid, x, y, tx, ty);
        if (nd < dist[v]!) {
          dist[v] = nd;
          this.push(nd, v);
        }
      }
    }
    return Infinity;
  }

  private push(cost: number, id: number): void {
    if (this.size === this.heapCost.length) {
      const c = new Float64Array(this.size * 2);
      c.set(this.heapCost);
      this.heapCost = c;
      const i = new Int32Array(this.size * 2);
      i.set(this.heapId);
      this.heapId = i;
    }
    const hc = this.heapCost;
    const hi = this.heapId;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (hc[parent]! <= cost) break;
      hc[at] = hc[parent]!;
      hi[at] = hi[parent]!;
      at = parent;
    }
    hc[at] = cost;
    hi[at] = id;
  }

  private pop(): number {
    const hc = this.heapCost;
    const hi = this.heapId;
    const top = hi[0]!;
    const n = --this.size;
    const cost = hc[n]!;
    const id = hi[n]!;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= n) break;
      if (child + 1 < n && hc[child + 1]! < hc[child]!) child++;
      if (hc[child]! >= cost) break;
      hc[at] = hc[child]!;
      hi[at] = hi[child]!;
      at = child;
    }
    hc[at] = cost;
    hi[at] = id;
    return top;
  }
}
