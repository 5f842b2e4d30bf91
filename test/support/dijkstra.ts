/**
 * Independent references for the lattice planners, written from the lattice definitions and
 * sharing no code with `src/search` (only the Grid's size and cells are read; legs to points off
 * the lattice use the brute-force line of sight).
 *
 * - {@link dijkstraLength}: the shortest path length over the lattice moves, by plain Dijkstra.
 *   Corner lattice: nodes at cell corners; a move along an edge is legal unless both cells beside
 *   it are blocked, a diagonal move crosses one cell and needs it free; a double corner may be
 *   reached but is never passed through (a dead end) unless the path starts there. A point that
 *   is not a corner joins the corners of the cells whose closure holds it that it sees, and the
 *   goal point directly when it sees it. Cell lattice: nodes at cell centres, a point maps to the
 *   cell holding it (the far borders to the last cell), Moving AI moves (a diagonal needs both
 *   orthogonal neighbours free).
 * - {@link floodComponents} / {@link pointsConnected}: components of free cells joined across
 *   shared edges, by flood fill.
 */
import type { Grid } from '../../src/grid/grid.js';
import { bruteLineOfSight } from './brute-los.js';

export interface LatticeSpec {
  lattice: 'corner' | 'cell';
  connectivity: 4 | 8;
}

/** Every lattice the lattice planners take: corner and cell, 8 and 4 neighbours. */
export const LATTICE_SPECS: readonly LatticeSpec[] = [
  { lattice: 'corner', connectivity: 8 },
  { lattice: 'corner', connectivity: 4 },
  { lattice: 'cell', connectivity: 8 },
  { lattice: 'cell', connectivity: 4 },
];

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

/** A graph given by a neighbour function over integer ids. */
type Neighbours = (id: number, visit: (to: number, cost: number) => void) => void;

/** Dijkstra from `sources` (id, initial cost) to the cheapest of `targets` (id, final leg cost). */
function dijkstra(
  size: number,
  neighbours: Neighbours,
  sources: [number, number][],
  targets: Map<number, number>,
): number {
  const dist = new Float64Array(size).fill(Infinity);
  const heap: [number, number][] = [];
  const push = (d: number, id: number): void => {
    heap.push([d, id]);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p]![0] <= heap[i]![0]) break;
      [heap[p], heap[i]] = [heap[i]!, heap[p]!];
      i = p;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && heap[l]![0] < heap[m]![0]) m = l;
        if (r < heap.length && heap[r]![0] < heap[m]![0]) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i]!, heap[m]!];
        i = m;
      }
    }
    return top;
  };
  for (const [id, d] of sources) {
    if (d < dist[id]!) {
      dist[id] = d;
      push(d, id);
    }
  }
  let best = Infinity;
  while (heap.length > 0) {
    const [d, id] = pop();
    if (d > dist[id]!) continue;
    if (d >= best) break;
    const leg = targets.get(id);
    if (leg !== undefined && d + leg < best) best = d + leg;
    neighbours(id, (to, cost) => {
      if (d + cost < dist[to]!) {
        dist[to] = d + cost;
        push(d + cost, to);
      }
    });
  }
  return best;
}

/**
 * Length of the shortest lattice path from (sx, sy) to (gx, gy), or Infinity when there is none.
 * The caller passes points that are free and inside the map.
 */
export function dijkstraLength(grid: Grid, spec: LatticeSpec, sx: number, sy: number, gx: number, gy: number): number {
  return spec.lattice === 'corner' ? cornerLength(grid, spec.connectivity, sx, sy, gx, gy) : cellLength(grid, spec.connectivity, sx, sy, gx, gy);
}

function cornerLength(grid: Grid, connectivity: 4 | 8, sx: number, sy: number, gx: number, gy: number): number {
  const W = grid.width;
  const H = grid.height;
  const S = W + 1;
  const isCorner = (x: number, y: number): boolean => Number.isInteger(x) && Number.isInteger(y);
  /** The corners a point joins, with the leg lengths. */
  const joins = (x: number, y: number): [number, number][] => {
    if (isCorner(x, y)) return [[y * S + x, 0]];
    const out: [number, number][] = [];
    const xs = Number.isInteger(x) ? [x - 1, x, x + 1] : [Math.floor(x), Math.ceil(x)];
    const ys = Number.isInteger(y) ? [y - 1, y, y + 1] : [Math.floor(y), Math.ceil(y)];
    for (const cy of ys) {
      for (const cx of xs) {
        if (cx < 0 || cy < 0 || cx > W || cy > H) continue;
        if (bruteLineOfSight(grid, x, y, cx, cy)) out.push([cy * S + cx, Math.hypot(cx - x, cy - y)]);
      }
    }
    return out;
  };
  if (sx === gx && sy === gy) return 0;
  const sources = joins(sx, sy);
  const startCorner = isCorner(sx, sy) ? sy * S + sx : -1;
  const targets = new Map(joins(gx, gy));
  let direct = Infinity;
  if (!isCorner(sx, sy) && !isCorner(gx, gy) && bruteLineOfSight(grid, sx, sy, gx, gy)) direct = Math.hypot(gx - sx, gy - sy);
  const neighbours: Neighbours = (id, visit) => {
    const x = id % S;
    const y = (id - x) / S;
    if (id !== startCorner && doubleCorner(grid, x, y)) return; // a dead end: reached, never left
    if (x < W && !(blocked(grid, x, y - 1) && blocked(grid, x, y))) visit(id + 1, 1);
    if (x > 0 && !(blocked(grid, x - 1, y - 1) && blocked(grid, x - 1, y))) visit(id - 1, 1);
    if (y < H && !(blocked(grid, x - 1, y) && blocked(grid, x, y))) visit(id + S, 1);
    if (y > 0 && !(blocked(grid, x - 1, y - 1) && blocked(grid, x, y - 1))) visit(id - S, 1);
    if (connectivity === 8) {
      if (!blocked(grid, x, y)) visit(id + S + 1, Math.SQRT2);
      if (!blocked(grid, x - 1, y)) visit(id + S - 1, Math.SQRT2);
      if (!blocked(grid, x, y - 1)) visit(id - S + 1, Math.SQRT2);
      if (!blocked(grid, x - 1, y - 1)) visit(id - S - 1, Math.SQRT2);
    }
  };
  // A goal corner that is a dead end still ends a path; the leg from a dead end to a goal point
  // would leave it, so it is not taken.
  const goalIsCorner = isCorner(gx, gy);
  const deadEndLeg = (id: number): boolean => !goalIsCorner && id !== startCorner && doubleCorner(grid, id % S, Math.floor(id / S));
  for (const id of [...targets.keys()]) if (deadEndLeg(id)) targets.delete(id);
  return Math.min(direct, dijkstra(S * (H + 1), neighbours, sources, targets));
}

function cellLength(grid: Grid, connectivity: 4 | 8, sx: number, sy: number, gx: number, gy: number): number {
  const W = grid.width;
  const H = grid.height;
  const cellOf = (x: number, y: number): number => Math.min(Math.floor(y), H - 1) * W + Math.min(Math.floor(x), W - 1);
  const free = (x: number, y: number): boolean => !blocked(grid, x, y);
  const neighbours: Neighbours = (id, visit) => {
    const x = id % W;
    const y = (id - x) / W;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      if (free(x + dx, y + dy)) visit(id + dy * W + dx, 1);
    }
    if (connectivity === 4) return;
    for (const [dx, dy] of [
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ] as const) {
      if (free(x + dx, y) && free(x, y + dy) && free(x + dx, y + dy)) visit(id + dy * W + dx, Math.SQRT2);
    }
  };
  const s = cellOf(sx, sy);
  const g = cellOf(gx, gy);
  if (s === g) return 0;
  return dijkstra(W * H, neighbours, [[s, 0]], new Map([[g, 0]]));
}

/** Labels of the free cells (row-major, -1 for blocked), joined across shared edges. */
export function floodComponents(grid: Grid): Int32Array {
  const W = grid.width;
  const labels = new Int32Array(W * grid.height).fill(-1);
  let next = 0;
  for (let start = 0; start < labels.length; start++) {
    if (grid.cells[start] !== 0 || labels[start] !== -1) continue;
    const stack = [start];
    labels[start] = next;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % W;
      const y = (i - x) / W;
      for (const [nx, ny] of [
        [x + 1, y],
        [x - 1, y],
        [x, y + 1],
        [x, y - 1],
      ] as const) {
        if (!blocked(grid, nx, ny) && labels[ny * W + nx] === -1) {
          labels[ny * W + nx] = next;
          stack.push(ny * W + nx);
        }
      }
    }
    next++;
  }
  return labels;
}

/** True when some free cell whose closure holds the first point shares a component with one holding the second. */
export function pointsConnected(grid: Grid, labels: Int32Array, x0: number, y0: number, x1: number, y1: number): boolean {
  const around = (x: number, y: number): Set<number> => {
    const out = new Set<number>();
    for (let cy = Math.ceil(y) - 1; cy <= Math.floor(y); cy++) {
      for (let cx = Math.ceil(x) - 1; cx <= Math.floor(x); cx++) {
        if (!blocked(grid, cx, cy)) out.add(labels[cy * grid.width + cx]!);
      }
    }
    return out;
  };
  const a = around(x0, y0);
  for (const label of around(x1, y1)) if (a.has(label)) return true;
  return false;
}

/**
 * Why a planner's result disagrees with a reference length (Infinity meaning no path), or
 * undefined when it agrees: status `no-path` for Infinity, else `found` within a relative tolerance.
 */
export function lengthMismatch(result: { status: string; length: number }, expected: number, tolerance = 1e-9): string | undefined {
  if (expected === Infinity) return result.status === 'no-path' ? undefined : `expected no-path, got ${result.status}`;
  if (result.status !== 'found') return `expected a path of length ${expected}, got ${result.status}`;
  if (Math.abs(result.length - expected) > tolerance * Math.max(1, expected)) return `expected length ${expected}, got ${result.length}`;
  return undefined;
}
