import { componentsOf, type Components } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import { isPointFree, type Point } from '../grid/point.js';
import { IndexedHeap } from '../search/heap.js';
import { ResumablePlanner, type LatticeOptions, type RunState } from '../search/planner.js';
import { failure, polylineLength, type PathResult } from '../search/result.js';
import { cornerOnly, validateQuery } from '../search/validate.js';

/**
 * The brute-force reference for the optimal any-angle planners: a visibility graph searched with
 * A* (Euclidean estimate, so still exact). Its nodes are the convex corners of the blocked cells
 * (corner points with exactly one blocked cell around them), both free sides of every double
 * corner, the start and the goal; an edge joins two nodes when `lineOfSight` holds. A double
 * corner's side joins only points in its own closed quadrant, so a path may touch a double corner
 * and turn back but never pass from one free side to the other (the quadrant rule). Shortest paths
 * among polygonal obstacles bend only at convex corners, so this graph holds the optimum.
 *
 * It is slow on purpose: every expansion tests line of sight to every other node, O(n²) per
 * query. Use it on small grids, for tests; {@link solve} takes a length bound that limits it to
 * the ellipse where a shorter path could lie, for checking a path on a large map.
 */
export class VisibilityGraph extends ResumablePlanner {
  readonly name: string = 'vg';
  private readonly components: Components;
  private builtVersion = -1;
  /** Corner nodes: position and, for a double corner's side, its free quadrant (0 for none). */
  private cornerX: number[] = [];
  private cornerY: number[] = [];
  private cornerQx: number[] = [];
  private cornerQy: number[] = [];
  /** The nodes of the current query: candidate corners, then the start, then the goal. */
  private nodes: number[] = [];
  private x: Float64Array = new Float64Array(0);
  private y: Float64Array = new Float64Array(0);
  private g: Float64Array = new Float64Array(0);
  private parent: Int32Array = new Int32Array(0);
  private closed: Uint8Array = new Uint8Array(0);
  private heap = new IndexedHeap(16);
  private count = 0;
  /** The length bound of {@link solve}; Infinity for the planner's own queries. */
  private bound = Infinity;

  /** @throws RangeError for `lattice: 'cell'`: the graph joins any points, on the corner semantics. */
  constructor(grid: Grid, options: LatticeOptions = {}) {
    super(grid);
    cornerOnly('vg', options);
    this.components = componentsOf(grid);
  }

  /**
   * The shortest path among those no longer than `bound` (tile units), in one call: corners
   * farther than `bound` from start plus goal are left out, so a known path length makes the
   * check of a long query on a large map affordable. Status `no-path` when none is that short.
   */
  solve(sx: number, sy: number, gx: number, gy: number, bound = Infinity): PathResult {
    this.bound = bound;
    try {
      return this.findPath(sx, sy, gx, gy);
    } finally {
      this.bound = Infinity;
    }
  }

  /** The weight option is ignored: this planner exists to be exact. */
  protected begin(sx: number, sy: number, gx: number, gy: number, weight: number, cap: number): PathResult | undefined {
    const bound = this.bound;
    this.expanded = 0;
    const grid = this.grid;
    const invalid = validateQuery(grid, sx, sy, gx, gy, weight, cap, (px, py) => isPointFree(grid, px, py));
    if (invalid) return invalid;
    if (sx === gx && sy === gy) return { status: 'found', points: [{ x: sx, y: sy }], length: 0, expanded: 0 };
    if (!this.components.connected(sx, sy, gx, gy)) return failure('no-path');
    this.build();
    const nodes: number[] = [];
    for (let i = 0; i < this.cornerX.length; i++) {
      const cx = this.cornerX[i]!;
      const cy = this.cornerY[i]!;
      if (Math.hypot(cx - sx, cy - sy) + Math.hypot(cx - gx, cy - gy) <= bound) nodes.push(i);
    }
    const n = nodes.length + 2;
    this.nodes = nodes;
    this.count = n;
    if (this.x.length < n) {
      this.x = new Float64Array(n);
      this.y = new Float64Array(n);
      this.g = new Float64Array(n);
      this.parent = new Int32Array(n);
      this.closed = new Uint8Array(n);
    }
    nodes.forEach((c, i) => {
      this.x[i] = this.cornerX[c]!;
      this.y[i] = this.cornerY[c]!;
    });
    this.x[n - 2] = sx;
    this.y[n - 2] = sy;
    this.x[n - 1] = gx;
    this.y[n - 1] = gy;
    this.g.fill(Infinity, 0, n);
    this.closed.fill(0, 0, n);
    this.heap = new IndexedHeap(n);
    this.g[n - 2] = 0;
    this.parent[n - 2] = -1;
    this.heap.push(n - 2, this.estimate(n - 2), 0);
    return undefined;
  }

  protected run(budget: number): RunState {
    const { heap, x, y, g, closed } = this;
    const n = this.count;
    const goal = n - 1;
    while (heap.size > 0) {
      if (budget <= 0) return 'pending';
      budget--;
      const u = heap.pop();
      if (closed[u]) continue;
      closed[u] = 1;
      this.expanded++;
      if (u === goal) return 'found';
      for (let v = 0; v < n; v++) {
        if (closed[v] || v === u) continue;
        const d = g[u]! + Math.hypot(x[v]! - x[u]!, y[v]! - y[u]!);
        if (!(d < g[v]!) || !this.onSide(u, v) || !this.onSide(v, u)) continue;
        if (!lineOfSight(this.grid, x[u]!, y[u]!, x[v]!, y[v]!)) continue;
        const fresh = g[v] === Infinity;
        g[v] = d;
        this.parent[v] = u;
        if (fresh) heap.push(v, d + this.estimate(v), d);
        else heap.decrease(v, d + this.estimate(v), d);
      }
    }
    return 'exhausted';
  }

  /**
   * True unless node `a` is a double corner's side and node `b` lies outside that side's quadrant,
   * or is the other side (the same point: a zero-length edge would cross from side to side).
   */
  private onSide(a: number, b: number): boolean {
    if (a >= this.count - 2) return true;
    const c = this.nodes[a]!;
    const qx = this.cornerQx[c]!;
    if (qx === 0) return true;
    const qy = this.cornerQy[c]!;
    const dx = this.x[b]! - this.x[a]!;
    const dy = this.y[b]! - this.y[a]!;
    if (dx === 0 && dy === 0) return b >= this.count - 2;
    return dx * qx >= 0 && dy * qy >= 0;
  }

  private estimate(v: number): number {
    const goal = this.count - 1;
    return Math.hypot(this.x[goal]! - this.x[v]!, this.y[goal]! - this.y[v]!);
  }

  protected finish(): PathResult {
    const points: Point[] = [];
    for (let v = this.count - 1; v !== -1; v = this.parent[v]!) {
      const p = { x: this.x[v]!, y: this.y[v]! };
      const last = points[points.length - 1];
      if (!last || last.x !== p.x || last.y !== p.y) points.push(p);
    }
    points.reverse();
    return { status: 'found', points, length: polylineLength(points), expanded: this.expanded };
  }

  /** Lists the corner nodes after a grid change. */
  private build(): void {
    const grid = this.grid;
    if (this.builtVersion === grid.version) return;
    this.builtVersion = grid.version;
    this.cornerX = [];
    this.cornerY = [];
    this.cornerQx = [];
    this.cornerQy = [];
    const add = (cx: number, cy: number, qx: number, qy: number): void => {
      this.cornerX.push(cx);
      this.cornerY.push(cy);
      this.cornerQx.push(qx);
      this.cornerQy.push(qy);
    };
    for (let cy = 1; cy < grid.height; cy++) {
      for (let cx = 1; cx < grid.width; cx++) {
        const nw = grid.isBlocked(cx - 1, cy - 1);
        const ne = grid.isBlocked(cx, cy - 1);
        const sw = grid.isBlocked(cx - 1, cy);
        const se = grid.isBlocked(cx, cy);
        const blocked = Number(nw) + Number(ne) + Number(sw) + Number(se);
        if (blocked === 1) add(cx, cy, 0, 0);
        else if (blocked === 2 && nw === se) {
          // A double corner: one node per free quadrant.
          if (nw) {
            add(cx, cy, 1, -1);
            add(cx, cy, -1, 1);
          } else {
            add(cx, cy, -1, -1);
            add(cx, cy, 1, 1);
          }
        }
      }
    }
  }
}
