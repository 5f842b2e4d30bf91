/**
 * Independent reference for the weighted lattice planners: the cheapest lattice path under tile
 * costs by plain dense Dijkstra, written from the definitions and sharing no code with
 * `src/search` or `src/grid/segment-cost.ts` (only the Grid's size, cells and public `cost` are read;
 * legs to points off the lattice use the brute-force line of sight).
 *
 * Every edge's cost is found by sampling ({@link sampledCost}): the segment is cut into `n` equal
 * steps, each charged its length times the cost at its midpoint: the cell holding the midpoint, or,
 * for a segment lying on a row or column line, the cheaper free cell beside it. A lattice move or a
 * leg from a point to a corner of its cell changes cell only at its middle (a cell-lattice move) or
 * never, so an even `n` is exact for them; a long start-goal leg is sampled finely instead and is
 * off by at most ~1e-3 per tile.
 *
 * Move rules as in `dijkstra.ts`: corner lattice (edges legal unless both cells beside are
 * blocked, diagonals cross one free cell, double corners are dead ends), cell lattice (Moving AI,
 * no corner cutting).
 */
import type { Grid } from '../../src/grid/grid.js';
import type { Point } from '../../src/grid/point.js';
import { bruteLineOfSight } from './brute-los.js';
import type { LatticeSpec } from './dijkstra.js';

/** Samples per lattice move or short leg: even, so a cell change at the middle falls between samples. */
const SHORT_SAMPLES = 4;
/** Samples per tile on a long leg. */
const LONG_SAMPLES_PER_TILE = 4000;

function blocked(grid: Grid, x: number, y: number): boolean {
  return x < 0 || y < 0 || x >= grid.width || y >= grid.height || grid.cells[y * grid.width + x] !== 0;
}

function doubleCorner(grid: Grid, x: number, y: number): boolean {
  const a = blocked(grid, x - 1, y - 1);
  const b = blocked(grid, x, y - 1);
  const c = blocked(grid, x - 1, y);
  const d = blocked(grid, x, y);
  return (a && d && !b && !c) || (b && c && !a && !d);
}

/** The cheaper cost of the free cells among two (the outside of the map is blocked). */
function cheaperFree(grid: Grid, ax: number, ay: number, bx: number, by: number): number {
  const options: number[] = [];
  if (!blocked(grid, ax, ay)) options.push(grid.cost(ax, ay));
  if (!blocked(grid, bx, by)) options.push(grid.cost(bx, by));
  if (options.length === 0) throw new Error(`no free cell beside the edge between (${ax}, ${ay}) and (${bx}, ${by})`);
  return Math.min(...options);
}

/** The cost of segment (x0, y0)-(x1, y1) by midpoint sampling with `n` steps. */
export function sampledCost(grid: Grid, x0: number, y0: number, x1: number, y1: number, n = SHORT_SAMPLES): number {
  const length = Math.hypot(x1 - x0, y1 - y0);
  if (length === 0) return 0;
  const onRow = y0 === y1 && Number.isInteger(y0);
  const onColumn = x0 === x1 && Number.isInteger(x0);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t;
    if (onRow) total += cheaperFree(grid, Math.floor(x), y0 - 1, Math.floor(x), y0);
    else if (onColumn) total += cheaperFree(grid, x0 - 1, Math.floor(y), x0, Math.floor(y));
    else total += grid.cost(Math.floor(x), Math.floor(y));
  }
  return (total * length) / n;
}

/** The cost of a polyline, each leg sampled finely. */
export function sampledPolylineCost(grid: Grid, points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const n = 2 * Math.ceil((Math.hypot(b.x - a.x, b.y - a.y) * LONG_SAMPLES_PER_TILE) / 2) || 2;
    total += sampledCost(grid, a.x, a.y, b.x, b.y, n);
  }
  return total;
}

type Neighbours = (id: number, visit: (to: number, cost: number) => void) => void;

/** Dense Dijkstra: an O(V²) scan for the cheapest open node, no heap (as unlike the planners as can be). */
function dijkstra(size: number, neighbours: Neighbours, sources: [number, number][], targets: Map<number, number>): number {
  const dist = new Float64Array(size).fill(Infinity);
  const done = new Uint8Array(size);
  for (const [id, d] of sources) dist[id] = Math.min(dist[id]!, d);
  let best = Infinity;
  for (;;) {
    let u = -1;
    for (let i = 0; i < size; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0 || dist[u]! >= best) return best;
    done[u] = 1;
    const leg = targets.get(u);
    if (leg !== undefined) best = Math.min(best, dist[u]! + leg);
    neighbours(u, (to, cost) => {
      if (dist[u]! + cost < dist[to]!) dist[to] = dist[u]! + cost;
    });
  }
}

/**
 * The cost of the cheapest lattice path from (sx, sy) to (gx, gy) under the grid's tile costs, or
 * Infinity when there is none. Points must be free and inside the map. On the cell lattice the
 * path runs between the centres of the cells holding the points.
 */
export function weightedDijkstraCost(grid: Grid, spec: LatticeSpec, sx: number, sy: number, gx: number, gy: number): number {
  return spec.lattice === 'corner' ? cornerCost(grid, spec.connectivity, sx, sy, gx, gy) : cellCost(grid, spec.connectivity, sx, sy, gx, gy);
}

function cornerCost(grid: Grid, connectivity: 4 | 8, sx: number, sy: number, gx: number, gy: number): number {
  const W = grid.width;
  const H = grid.height;
  const S = W + 1;
  const isCorner = (x: number, y: number): boolean => Number.isInteger(x) && Number.isInteger(y);
  const joins = (x: number, y: number): [number, number][] => {
    if (isCorner(x, y)) return [[y * S + x, 0]];
    const out: [number, number][] = [];
    const xs = Number.isInteger(x) ? [x - 1, x, x + 1] : [Math.floor(x), Math.ceil(x)];
    const ys = Number.isInteger(y) ? [y - 1, y, y + 1] : [Math.floor(y), Math.ceil(y)];
    for (const cy of ys) {
      for (const cx of xs) {
        if (cx < 0 || cy < 0 || cx > W || cy > H) continue;
        if (bruteLineOfSight(grid, x, y, cx, cy)) out.push([cy * S + cx, sampledCost(grid, x, y, cx, cy)]);
      }
    }
    return out;
  };
  if (sx === gx && sy === gy) return 0;
  const startCorner = isCorner(sx, sy) ? sy * S + sx : -1;
  const targets = new Map(joins(gx, gy));
  let direct = Infinity;
  if (!isCorner(sx, sy) && !isCorner(gx, gy) && bruteLineOfSight(grid, sx, sy, gx, gy)) direct = sampledPolylineCost(grid, [{ x: sx, y: sy }, { x: gx, y: gy }]);
  const move = (visit: (to: number, cost: number) => void, x: number, y: number, tx: number, ty: number): void => visit(ty * S + tx, sampledCost(grid, x, y, tx, ty));
  const neighbours: Neighbours = (id, visit) => {
    const x = id % S;
    const y = (id - x) / S;
    if (id !== startCorner && doubleCorner(grid, x, y)) return;
    if (x < W && !(blocked(grid, x, y - 1) && blocked(grid, x, y))) move(visit, x, y, x + 1, y);
    if (x > 0 && !(blocked(grid, x - 1, y - 1) && blocked(grid, x - 1, y))) move(visit, x, y, x - 1, y);
    if (y < H && !(blocked(grid, x - 1, y) && blocked(grid, x, y))) move(visit, x, y, x, y + 1);
    if (y > 0 && !(blocked(grid, x - 1, y - 1) && blocked(grid, x, y - 1))) move(visit, x, y, x, y - 1);
    if (connectivity === 8) {
      if (!blocked(grid, x, y)) move(visit, x, y, x + 1, y + 1);
      if (!blocked(grid, x - 1, y)) move(visit, x, y, x - 1, y + 1);
      if (!blocked(grid, x, y - 1)) move(visit, x, y, x + 1, y - 1);
      if (!blocked(grid, x - 1, y - 1)) move(visit, x, y, x - 1, y - 1);
    }
  };
  const goalIsCorner = isCorner(gx, gy);
  for (const id of [...targets.keys()]) {
    if (!goalIsCorner && id !== startCorner && doubleCorner(grid, id % S, Math.floor(id / S))) targets.delete(id);
  }
  return Math.min(direct, dijkstra(S * (H + 1), neighbours, joins(sx, sy), targets));
}

function cellCost(grid: Grid, connectivity: 4 | 8, sx: number, sy: number, gx: number, gy: number): number {
  const W = grid.width;
  const H = grid.height;
  const cellOf = (x: number, y: number): number => Math.min(Math.floor(y), H - 1) * W + Math.min(Math.floor(x), W - 1);
  const free = (x: number, y: number): boolean => !blocked(grid, x, y);
  const neighbours: Neighbours = (id, visit) => {
    const x = id % W;
    const y = (id - x) / W;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const diagonal = dx !== 0 && dy !== 0;
        if (diagonal && (connectivity === 4 || !free(x + dx, y) || !free(x, y + dy))) continue;
        if (!free(x + dx, y + dy)) continue;
        visit(id + dy * W + dx, sampledCost(grid, x + 0.5, y + 0.5, x + dx + 0.5, y + dy + 0.5));
      }
    }
  };
  const s = cellOf(sx, sy);
  const g = cellOf(gx, gy);
  if (s === g) return 0;
  return dijkstra(W * H, neighbours, [[s, 0]], new Map([[g, 0]]));
}
