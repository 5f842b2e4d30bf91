import { componentsOf, type Components } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import { isPointFree, type Point } from '../grid/point.js';
import { IndexedHeap } from '../search/heap.js';
import { OCTILE_STRETCH } from '../search/lattice.js';
import { ResumablePlanner, type LatticeOptions } from '../search/planner.js';
import type { RunState } from '../search/session.js';
import { failure, polylineLength, type PathResult } from '../search/result.js';
import { cornerOnly, validateQuery } from '../search/validate.js';

/**
 * The stretch divided by in the lower bounds, a hair above the true one: the lattice distances are
 * sums of up to millions of 1s and √2s, rounded to about 1e-13 relative, and a lower bound must
 * never come out above the truth.
 */
const STRETCH_SAFE = OCTILE_STRETCH * (1 + 1e-9);

/**
 * Relative slack on the length bound in the pruning tests: g values are sums of rounded square
 * roots, so the optimum may come out an ulp or so above a bound computed along another order.
 */
const BOUND_SLACK = 1e-12;

/** The lattice moves: dx, dy, and which cells (offsets from the corner) make them legal. */
const STRAIGHT_MOVES: readonly (readonly [number, number, number, number, number, number])[] = [
  // dx, dy, then the two cells beside the edge: the move is legal when either is free.
  [1, 0, 0, -1, 0, 0],
  [-1, 0, -1, -1, -1, 0],
  [0, 1, -1, 0, 0, 0],
  [0, -1, -1, -1, 0, -1],
];
const DIAGONAL_MOVES: readonly (readonly [number, number, number, number])[] = [
  // dx, dy, then the cell the diagonal crosses: the move is legal when it is free.
  [1, 1, 0, 0],
  [1, -1, 0, -1],
  [-1, 1, -1, 0],
  [-1, -1, -1, -1],
];

/** Options of {@link VisibilityGraph}. */
export interface VisibilityGraphOptions extends LatticeOptions {
  /**
   * Prune (default true): keep only corners whose lattice distances to start and goal allow a
   * path within the bound, estimate with them, and skip edges that cannot lie on a taut path. The
   * result is the same optimum; `false` gives the plain graph, the reference for the pruning.
   */
  prune?: boolean;
}

/**
 * The brute-force reference for the optimal any-angle planners: a visibility graph searched with
 * A*. Its nodes are the convex corners of the blocked cells (corner points with exactly one
 * blocked cell around them), both free sides of every double corner, the start and the goal; an
 * edge joins two nodes when `lineOfSight` holds. A double corner's side joins only points in its
 * own closed quadrant, so a path may touch a double corner and turn back but never pass from one
 * free side to the other (the quadrant rule). Shortest paths among polygonal obstacles bend only
 * at convex corners, so this graph holds the optimum.
 *
 * Plain (`prune: false`), every expansion tests line of sight to every other node, O(n²) per
 * query: simple enough to trust, too slow for long queries on 512x512 maps. It shares no code with
 * the planners it checks beyond the grid's exact line of sight and the heap. Pruning (on by
 * default, see {@link VisibilityGraphOptions}) only drops nodes and edges that provably lie on no
 * shortest path within the bound, and every edge it keeps still passes the exact `lineOfSight`:
 *
 * - Lattice bound: every legal segment between two corners is followed by an 8-connected walk on
 *   the corner lattice at most {@link OCTILE_STRETCH} times as long (see `latticeDistances`), so
 *   the lattice distance D from start or goal, divided by the stretch, is a lower bound on the
 *   any-angle distance. A corner q with (D_s(q) + D_g(q)) / stretch above the bound lies on no
 *   path within it, and D_g / stretch (with the Euclidean distance, the larger of the two) is a
 *   consistent A* estimate. Used when start and goal are corners.
 * - Taut paths: a shortest path bends at a convex corner only round its blocked cell, so an edge
 *   is skipped when the turn from the parent at its tail does not wrap that cell (a shorter path
 *   cuts the bend), or when its line would enter the blocked cell of its head just past it (the
 *   path could neither go on nor bend tautly there).
 * - An edge u→v is skipped when g(u) + |uv| + estimate(v) exceeds the bound.
 * - Sight sweep: a corner node's candidates come from {@link forEachOpenCorner} and
 *   {@link forEachOnAxis}, a superset of the corners in its sight, instead of all n nodes.
 *
 * Use it on small grids, for tests; {@link solve} takes a length bound that limits it to paths
 * no longer than a known one, for checking a path on a large map.
 */
export class VisibilityGraph extends ResumablePlanner {
  readonly name: string = 'vg';
  private readonly components: Components;
  private readonly prune: boolean;
  private builtVersion = -1;
  /** Corner nodes: position and, for a double corner's side, its free quadrant (0 for none). */
  private cornerX = new Int32Array(0);
  private cornerY = new Int32Array(0);
  private cornerQx = new Int8Array(0);
  private cornerQy = new Int8Array(0);
  /** For a convex corner, the direction (±1, ±1) of its one blocked cell; 0 otherwise. */
  private cornerBx = new Int8Array(0);
  private cornerBy = new Int8Array(0);
  private cornerCount = 0;
  /** Lattice distances from the start and from the goal, per corner point (width + 1 per row). */
  private fromStart = new Float64Array(0);
  private fromGoal = new Float64Array(0);
  private latticeHeap = new IndexedHeap(16);
  /** The nodes of the current query: candidate corners, then the start, then the goal. */
  private nodes = new Int32Array(0);
  private x: Float64Array = new Float64Array(0);
  private y: Float64Array = new Float64Array(0);
  private g: Float64Array = new Float64Array(0);
  private h: Float64Array = new Float64Array(0);
  /** Per node: its blocked cell's direction when it is a convex corner (0 otherwise), and whether its coordinates are integers. */
  private bx = new Int8Array(0);
  private by = new Int8Array(0);
  private integral = new Uint8Array(0);
  private parent: Int32Array = new Int32Array(0);
  private closed: Uint8Array = new Uint8Array(0);
  private heap = new IndexedHeap(16);
  private count = 0;
  /** The length bound of {@link solve}; Infinity for the planner's own queries. */
  private bound = Infinity;
  /** The bound with its rounding slack, as the pruning tests use it. */
  private limit = Infinity;
  /** Per corner point (width + 1 per row), the candidate node there, or -1. */
  private nodeAt = new Int32Array(0);
  /** The expansion's taut-turn state (see prepareTurn). */
  private bends = false;
  private turnX = 0;
  private turnY = 0;

  /** @throws RangeError for `lattice: 'cell'`: the graph joins any points, on the corner semantics. */
  constructor(grid: Grid, options: VisibilityGraphOptions = {}) {
    super(grid);
    cornerOnly('vg', options);
    this.components = componentsOf(grid);
    this.prune = options.prune ?? true;
  }

  /**
   * The shortest path among those no longer than `bound` (tile units), in one call: corners that
   * cannot lie on a path that short are left out, so a known path length makes the check of a
   * long query on a large map affordable. Status `no-path` when none is that short (up to a
   * relative 1e-12 of rounding: a path that long may still be returned).
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
  /**
   * Empty: the reference planner is for tests and the benchmark, which count expansions; units may
   * not use it, so no debug view draws its search.
   */
  expandedPoints(): Point[] {
    return [];
  }

  protected begin(sx: number, sy: number, gx: number, gy: number, weight: number, cap: number): PathResult | undefined {
    const bound = this.bound;
    this.limit = bound * (1 + BOUND_SLACK);
    this.expanded = 0;
    const grid = this.grid;
    const invalid = validateQuery(grid, sx, sy, gx, gy, weight, cap, (px, py) => isPointFree(grid, px, py));
    if (invalid) return invalid;
    if (sx === gx && sy === gy) return { status: 'found', points: [{ x: sx, y: sy }], length: 0, expanded: 0 };
    if (!this.components.connected(sx, sy, gx, gy)) return failure('no-path');
    this.build();
    const useLattice = this.prune && Number.isInteger(sx) && Number.isInteger(sy) && Number.isInteger(gx) && Number.isInteger(gy);
    const stride = grid.width + 1;
    if (useLattice) {
      const size = stride * (grid.height + 1);
      if (this.fromStart.length !== size) {
        this.fromStart = new Float64Array(size);
        this.fromGoal = new Float64Array(size);
        this.latticeHeap = new IndexedHeap(size);
      }
      // A corner with D_s + D_g > stretch · bound is dropped, so neither search needs to go further.
      const reach = STRETCH_SAFE * this.limit;
      this.latticeDistances(sx, sy, reach, this.fromStart);
      this.latticeDistances(gx, gy, reach, this.fromGoal);
    }
    const maxNodes = this.cornerCount + 2;
    if (this.x.length < maxNodes) {
      this.nodes = new Int32Array(maxNodes);
      this.x = new Float64Array(maxNodes);
      this.y = new Float64Array(maxNodes);
      this.g = new Float64Array(maxNodes);
      this.h = new Float64Array(maxNodes);
      this.bx = new Int8Array(maxNodes);
      this.by = new Int8Array(maxNodes);
      this.integral = new Uint8Array(maxNodes);
      this.parent = new Int32Array(maxNodes);
      this.closed = new Uint8Array(maxNodes);
    }
    const { nodes, x, y, h, bx, by, integral } = this;
    if (this.prune) {
      const size = stride * (grid.height + 1);
      if (this.nodeAt.length !== size) this.nodeAt = new Int32Array(size);
      this.nodeAt.fill(-1);
    }
    let n = 0;
    for (let i = 0; i < this.cornerCount; i++) {
      const cx = this.cornerX[i]!;
      const cy = this.cornerY[i]!;
      const toGoal = Math.hypot(cx - gx, cy - gy);
      if (Math.hypot(cx - sx, cy - sy) + toGoal > bound) continue;
      let estimate = toGoal;
      if (useLattice) {
        const at = cy * stride + cx;
        const ds = this.fromStart[at]!;
        const dg = this.fromGoal[at]!;
        if ((ds + dg) / STRETCH_SAFE > this.limit || dg === Infinity || ds === Infinity) continue;
        estimate = Math.max(toGoal, dg / STRETCH_SAFE);
      }
      nodes[n] = i;
      x[n] = cx;
      y[n] = cy;
      h[n] = estimate;
      bx[n] = this.cornerBx[i]!;
      by[n] = this.cornerBy[i]!;
      integral[n] = 1;
      // A double corner's two sides are consecutive nodes; the table names the first.
      if (this.prune && (n === 0 || x[n - 1] !== cx || y[n - 1] !== cy)) this.nodeAt[cy * stride + cx] = n;
      n++;
    }
    n += 2;
    this.count = n;
    x[n - 2] = sx;
    y[n - 2] = sy;
    h[n - 2] = useLattice ? Math.max(Math.hypot(gx - sx, gy - sy), this.fromGoal[sy * stride + sx]! / STRETCH_SAFE) : Math.hypot(gx - sx, gy - sy);
    x[n - 1] = gx;
    y[n - 1] = gy;
    h[n - 1] = 0;
    for (const end of [n - 2, n - 1]) {
      bx[end] = 0;
      by[end] = 0;
      integral[end] = Number(Number.isInteger(x[end]!) && Number.isInteger(y[end]!));
    }
    this.g.fill(Infinity, 0, n);
    this.closed.fill(0, 0, n);
    this.heap = new IndexedHeap(n);
    this.g[n - 2] = 0;
    this.parent[n - 2] = -1;
    this.heap.push(n - 2, h[n - 2]!, 0);
    return undefined;
  }

  protected run(budget: number): RunState {
    const { heap, closed, integral } = this;
    const goal = this.count - 1;
    while (heap.size > 0) {
      if (budget <= 0) return 'pending';
      budget--;
      const u = heap.pop();
      if (closed[u]) continue;
      closed[u] = 1;
      this.expanded++;
      if (u === goal) return 'found';
      this.prepareTurn(u);
      if (this.prune && integral[u] === 1) {
        this.scanSight(u);
        this.consider(u, goal);
      } else {
        for (let v = 0; v <= goal; v++) this.consider(u, v);
      }
    }
    return 'exhausted';
  }

  /**
   * Sets the taut-turn state of an expansion: whether `u` is a convex corner reached from a
   * parent, with integer coordinates on both ends so that the cross products are exact, and the
   * vector back to that parent.
   */
  private prepareTurn(u: number): void {
    const p = this.parent[u]!;
    this.bends = this.prune && this.bx[u] !== 0 && p >= 0 && this.integral[p] === 1;
    this.turnX = this.bends ? this.x[p]! - this.x[u]! : 0;
    this.turnY = this.bends ? this.y[p]! - this.y[u]! : 0;
  }

  /** Relaxes the edge u→v when it passes every test, line of sight last. */
  private consider(u: number, v: number): void {
    const { x, y, g, h } = this;
    if (this.closed[v] || v === u) return;
    const ux = x[u]!;
    const uy = y[u]!;
    const cx = x[v]! - ux;
    const cy = y[v]! - uy;
    const d = g[u]! + Math.hypot(cx, cy);
    if (!(d < g[v]!)) return;
    if (!this.onSide(u, v) || !this.onSide(v, u)) return;
    if (this.prune) {
      if (d + h[v]! > this.limit) return;
      if (this.bends && this.integral[v] === 1 && !tautTurn(this.turnX, this.turnY, cx, cy, this.bx[u]!, this.by[u]!)) return;
      // Tangent at v (see tautTurn); the signs of the differences are exact even for real points.
      if (v !== this.count - 1 && cx * cy * this.bx[v]! * this.by[v]! > 0) return;
    }
    if (!lineOfSight(this.grid, ux, uy, x[v]!, y[v]!)) return;
    const fresh = g[v] === Infinity;
    g[v] = d;
    this.parent[v] = u;
    if (fresh) this.heap.push(v, d + h[v]!, d);
    else this.heap.decrease(v, d + h[v]!, d);
  }

  /**
   * Considers the corner nodes that may be in sight of corner node `u`, found by
   * {@link forEachOpenCorner} instead of trying all n: on a maze or a dense random map a corner
   * sees a few dozen others among tens of thousands. Rings beyond the length bound are skipped,
   * since a node m rings away is at least m away; quadrants that no taut or quadrant-respecting
   * edge leaves into are skipped too.
   */
  private scanSight(u: number): void {
    const ux = this.x[u]!;
    const uy = this.y[u]!;
    const maxRing = Math.floor(this.limit - this.g[u]!) + 1;
    const c = u < this.count - 2 ? this.nodes[u]! : -1;
    const qx = c >= 0 ? this.cornerQx[c]! : 0;
    const qy = c >= 0 ? this.cornerQy[c]! : 0;
    const nodeAt = this.nodeAt;
    const stride = this.grid.width + 1;
    const height = this.grid.height;
    const last = this.count - 3;
    const visit = (px: number, py: number): void => {
      if (px < 0 || py < 0 || px >= stride || py > height) return;
      const v = nodeAt[py * stride + px]!;
      if (v < 0) return;
      this.consider(u, v);
      // The second side of a double corner is the next node, at the same point.
      if (v < last && this.x[v + 1] === px && this.y[v + 1] === py) this.consider(u, v + 1);
    };
    for (const [sx, sy] of QUADRANTS) {
      if (qx !== 0 && (sx !== qx || sy !== qy)) continue;
      // A bend never leaves into the quadrant opposite its blocked cell: no line there is tangent.
      if (this.bends && sx === -this.bx[u]! && sy === -this.by[u]!) continue;
      forEachOpenCorner(this.grid, ux, uy, sx, sy, maxRing, visit);
    }
    for (const [dx, dy] of AXES) {
      if (qx !== 0 && dx !== qx && dy !== qy) continue;
      forEachOnAxis(this.grid, ux, uy, dx, dy, maxRing, visit);
    }
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

  /**
   * Dijkstra on the corner lattice from corner (ox, oy), settling distances up to `reach` into
   * `dist` (Infinity beyond). A straight move runs along a cell edge with a free cell beside it, a
   * diagonal one crosses a free cell; double corners are passed freely, which only shortens the
   * distances and so keeps them lower bounds.
   *
   * Why D / stretch bounds the any-angle distance from below: a shortest any-angle path between
   * corners is a chain of legal segments between corners. Take one from (x0, y0) to (x1, y1) with
   * |dy| <= |dx| (else swap the axes), and at each column line k between them the corner
   * (k, r_k) with r_k = floor(y(k) + 1/2), y(k) the segment's height there. Consecutive r_k differ
   * by 0 or 1 in the direction of dy. When they differ, the segment crosses the height r + 1/2
   * (r the lower of the two) inside column k, so it passes through the interior of cell (k, r),
   * which is therefore free: the diagonal move is legal. When they are equal, the segment stays
   * within half a cell of row line r across the column, so it runs through the interior of cell
   * (k, r - 1) or (k, r), or along the edge between them: one of them is free and the straight
   * move is legal. The walk makes |dx| − |dy| straight and |dy| diagonal moves, an octile length
   * of at most OCTILE_STRETCH times the segment's.
   */
  private latticeDistances(ox: number, oy: number, reach: number, dist: Float64Array): void {
    const grid = this.grid;
    const w = grid.width;
    const hgt = grid.height;
    const stride = w + 1;
    dist.fill(Infinity);
    const heap = this.latticeHeap;
    heap.clear();
    const free = (cx: number, cy: number): boolean => !grid.isBlocked(cx, cy);
    const origin = oy * stride + ox;
    dist[origin] = 0;
    heap.push(origin, 0, 0);
    while (heap.size > 0) {
      const id = heap.pop();
      const du = dist[id]!;
      if (du > reach) break;
      const cx = id % stride;
      const cy = (id - cx) / stride;
      for (const [dx, dy, ax, ay, bx, by] of STRAIGHT_MOVES) {
        const nx = cx + dx;
        const ny = cy + dy;
        if (nx < 0 || ny < 0 || nx > w || ny > hgt) continue;
        if (!free(cx + ax, cy + ay) && !free(cx + bx, cy + by)) continue;
        relax(dist, heap, ny * stride + nx, du + 1);
      }
      for (const [dx, dy, ax, ay] of DIAGONAL_MOVES) {
        const nx = cx + dx;
        const ny = cy + dy;
        if (nx < 0 || ny < 0 || nx > w || ny > hgt) continue;
        if (!free(cx + ax, cy + ay)) continue;
        relax(dist, heap, ny * stride + nx, du + Math.SQRT2);
      }
    }
  }

  /** Lists the corner nodes after a grid change. */
  private build(): void {
    const grid = this.grid;
    // The corner nodes depend on blocking alone.
    if (this.builtVersion === grid.layoutVersion) return;
    this.builtVersion = grid.layoutVersion;
    const xs: number[] = [];
    const ys: number[] = [];
    const qxs: number[] = [];
    const qys: number[] = [];
    const bxs: number[] = [];
    const bys: number[] = [];
    const add = (cx: number, cy: number, qx: number, qy: number, bx: number, by: number): void => {
      xs.push(cx);
      ys.push(cy);
      qxs.push(qx);
      qys.push(qy);
      bxs.push(bx);
      bys.push(by);
    };
    for (let cy = 1; cy < grid.height; cy++) {
      for (let cx = 1; cx < grid.width; cx++) {
        const nw = grid.isBlocked(cx - 1, cy - 1);
        const ne = grid.isBlocked(cx, cy - 1);
        const sw = grid.isBlocked(cx - 1, cy);
        const se = grid.isBlocked(cx, cy);
        const blocked = Number(nw) + Number(ne) + Number(sw) + Number(se);
        if (blocked === 1) add(cx, cy, 0, 0, ne || se ? 1 : -1, sw || se ? 1 : -1);
        else if (blocked === 2 && nw === se) {
          // A double corner: one node per free quadrant.
          if (nw) {
            add(cx, cy, 1, -1, 0, 0);
            add(cx, cy, -1, 1, 0, 0);
          } else {
            add(cx, cy, -1, -1, 0, 0);
            add(cx, cy, 1, 1, 0, 0);
          }
        }
      }
    }
    this.cornerCount = xs.length;
    this.cornerX = Int32Array.from(xs);
    this.cornerY = Int32Array.from(ys);
    this.cornerQx = Int8Array.from(qxs);
    this.cornerQy = Int8Array.from(qys);
    this.cornerBx = Int8Array.from(bxs);
    this.cornerBy = Int8Array.from(bys);
  }
}

/** Lowers a lattice node's distance when `d` is shorter. */
function relax(dist: Float64Array, heap: IndexedHeap, id: number, d: number): void {
  const old = dist[id]!;
  if (!(d < old)) return;
  dist[id] = d;
  if (old === Infinity) heap.push(id, d, d);
  else heap.decrease(id, d, d);
}

/**
 * Whether a path arriving at a convex corner from direction `a` (the vector from the corner back
 * to the parent) may leave along `c` and still be taut: the blocked cell, the quarter-plane
 * spanned by (wx, 0) and (0, wy) at the corner, must lie inside the angle between a and c. Both
 * rays are legal, so neither enters that quarter-plane, and it lies inside the angle exactly when
 * its diagonal w does. Otherwise the angle's inside is free next to the corner, and cutting the
 * bend there is a legal, strictly shorter path, so no shortest path takes this turn. Straight on
 * (a and c opposite) is allowed; turning back along a (same direction) never is, since going
 * straight from the parent is shorter. Integer vectors, so every product is exact.
 *
 * The line of an edge at a taut bend is therefore tangent to the blocked cell there (both of the
 * cell's edges on one side of it), i.e. cx·cy·wx·wy <= 0; the search uses that at an edge's head.
 */
function tautTurn(ax: number, ay: number, cx: number, cy: number, wx: number, wy: number): boolean {
  const ac = ax * cy - ay * cx;
  if (ac === 0) return ax * cx + ay * cy < 0;
  const aw = ax * wy - ay * wx;
  const wc = wx * cy - wy * cx;
  return ac > 0 ? aw >= 0 && wc >= 0 : aw <= 0 && wc <= 0;
}

/** The four open quadrants round a corner, as (x, y) signs. */
const QUADRANTS: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** The four axis directions from a corner. */
const AXES: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/**
 * Exported for its test. Calls `visit` with every corner point (px, py) of the open quadrant (sx, sy) of corner (ux, uy)
 * at most `maxRing` columns or rows away whose segment from (ux, uy) enters no blocked cell's
 * interior: a superset of the corners in sight there (the grid rule also forbids edges between
 * two blocked cells and double corners, which the caller's exact line of sight decides).
 *
 * In local coordinates (p, q) = (sx·(px − ux), sy·(py − uy)) > 0, local cell (i, j) covers
 * [i, i+1] x [j, j+1], and the segment to (p, q), of slope t = q/p, passes through its interior
 * exactly when j/(i+1) < t < (j+1)/i and the cell lies before the end, i + 1 <= p. Such a cell
 * has max(i, j) < m = max(p, q); conversely, a cell with max(i, j) < m whose open slope interval
 * holds q/p lies before the end (past it the segment's y would exceed q > j + 1, or its x p > i + 1,
 * within the cell). So a sweep over Chebyshev rings m = 1, 2, ... keeps the slopes still open
 * (open intervals and isolated slopes, the rays that graze two blocked cells between them) as
 * exact rationals, removes the open interval of every blocked cell of ring m − 1 that meets them,
 * then visits the points of ring m whose slope is still open. It touches only the cells and points
 * in the open slopes, so its cost follows the visible area, and it ends when nothing is open (at
 * the latest past the map edge, outside which every cell is blocked).
 */
export function forEachOpenCorner(
  grid: Grid,
  ux: number,
  uy: number,
  sx: number,
  sy: number,
  maxRing: number,
  visit: (px: number, py: number) => void,
): void {
  // Open slopes as [loN, loD, hiN, hiD] rationals, denominators >= 0, 1/0 standing for infinity;
  // lo = hi is an isolated slope, lo < hi an open interval.
  let open: number[] = [0, 1, 1, 0];
  const blocked = (i: number, j: number): boolean => grid.isBlocked(sx > 0 ? ux + i : ux - 1 - i, sy > 0 ? uy + j : uy - 1 - j);
  const cuts: number[] = [];
  for (let m = 1; m <= maxRing && open.length > 0; m++) {
    // The blocked cells of ring m − 1 whose interval meets an open slope.
    cuts.length = 0;
    const r = m - 1;
    for (let k = 0; k < open.length; k += 4) {
      const [ln, ld, hn, hd] = [open[k]!, open[k + 1]!, open[k + 2]!, open[k + 3]!];
      const lo = ln / ld;
      const hi = hd === 0 ? Infinity : hn / hd;
      // Cells (r, j), j = 0..r: interval (j/m, (j+1)/r). Float ranges, widened, then exact tests.
      const jFrom = Math.max(0, Math.floor(lo * r) - 2);
      const jTo = Math.min(r, hi === Infinity ? r : Math.ceil(hi * m) + 1);
      for (let j = jFrom; j <= jTo; j++) {
        if (meets(j, m, j + 1, r, ln, ld, hn, hd) && blocked(r, j)) cuts.push(j, m, j + 1, r);
      }
      // Cells (i, r), i = 0..r−1: interval (r/(i+1), m/i).
      const iFrom = Math.max(0, hi === Infinity ? 0 : Math.floor(r / hi) - 2);
      const iTo = Math.min(r - 1, lo === 0 ? r - 1 : Math.ceil(m / lo) + 1);
      for (let i = iFrom; i <= iTo; i++) {
        if (meets(r, i + 1, m, i, ln, ld, hn, hd) && blocked(i, r)) cuts.push(r, i + 1, m, i);
      }
    }
    for (let k = 0; k < cuts.length; k += 4) open = subtract(open, cuts[k]!, cuts[k + 1]!, cuts[k + 2]!, cuts[k + 3]!);
    // The points of ring m on open slopes: (m, q), q = 1..m, and (p, m), p = 1..m−1.
    for (let k = 0; k < open.length; k += 4) {
      const [ln, ld, hn, hd] = [open[k]!, open[k + 1]!, open[k + 2]!, open[k + 3]!];
      const lo = ln / ld;
      const hi = hd === 0 ? Infinity : hn / hd;
      const qFrom = Math.max(1, Math.ceil(lo * m) - 1);
      const qTo = Math.min(m, hi === Infinity ? m : Math.floor(hi * m) + 1);
      for (let q = qFrom; q <= qTo; q++) if (holds(q, m, ln, ld, hn, hd)) visit(ux + sx * m, uy + sy * q);
      const pFrom = Math.max(1, hi === Infinity ? 1 : Math.ceil(m / hi) - 1);
      const pTo = Math.min(m - 1, lo === 0 ? m - 1 : Math.floor(m / lo) + 1);
      for (let p = pFrom; p <= pTo; p++) if (holds(m, p, ln, ld, hn, hd)) visit(ux + sx * p, uy + sy * m);
    }
  }
}

/** a/b < c/d for denominators >= 0 (x/0 is infinity; never both infinite). */
function less(a: number, b: number, c: number, d: number): boolean {
  return a * d < c * b;
}

/** Whether the open interval (a/b, c/d) meets the open slopes [lo, hi] (an interval, or one slope). */
function meets(a: number, b: number, c: number, d: number, ln: number, ld: number, hn: number, hd: number): boolean {
  if (ln * hd === hn * ld) return less(a, b, ln, ld) && less(ln, ld, c, d);
  return less(a, b, hn, hd) && less(ln, ld, c, d);
}

/** Whether slope n/d is among the open slopes [lo, hi]. */
function holds(n: number, d: number, ln: number, ld: number, hn: number, hd: number): boolean {
  if (ln * hd === hn * ld) return n * ld === ln * d;
  return less(ln, ld, n, d) && less(n, d, hn, hd);
}

/**
 * The open slopes minus the open interval (a/b, c/d): an open interval loses what the cut covers
 * and keeps the cut's ends that fell inside it as isolated slopes (rays that graze the cell).
 */
function subtract(open: readonly number[], a: number, b: number, c: number, d: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < open.length; k += 4) {
    const [ln, ld, hn, hd] = [open[k]!, open[k + 1]!, open[k + 2]!, open[k + 3]!];
    if (!meets(a, b, c, d, ln, ld, hn, hd)) {
      out.push(ln, ld, hn, hd);
      continue;
    }
    if (ln * hd === hn * ld) continue;
    if (less(ln, ld, a, b)) out.push(ln, ld, a, b, a, b, a, b);
    if (less(c, d, hn, hd)) out.push(c, d, c, d, c, d, hn, hd);
  }
  return out;
}

/**
 * Exported for its test. Calls `visit` with the corner points along the axis ray (dx, dy) from corner (ux, uy), at most
 * `maxRing` away, until the ray would run between two blocked cells (which the grid rule forbids):
 * a superset of the corners in sight along it.
 */
export function forEachOnAxis(
  grid: Grid,
  ux: number,
  uy: number,
  dx: number,
  dy: number,
  maxRing: number,
  visit: (px: number, py: number) => void,
): void {
  for (let k = 1; k <= maxRing; k++) {
    // The unit edge from step k − 1 to k, and the two cells beside it.
    const ex = ux + dx * (k - 1) + Math.min(dx, 0);
    const ey = uy + dy * (k - 1) + Math.min(dy, 0);
    const before = dx !== 0 ? grid.isBlocked(ex, ey - 1) : grid.isBlocked(ex - 1, ey);
    if (before && grid.isBlocked(ex, ey)) return;
    visit(ux + dx * k, uy + dy * k);
  }
}
