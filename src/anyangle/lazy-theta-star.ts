import { segmentCost } from '../grid/segment-cost.js';
import { CLOSED } from '../search/memory.js';
import { MOVE_COST, MOVE_DX, MOVE_DY } from '../search/move-table.js';
import type { RunState } from '../search/session.js';
import { ThetaStar } from './theta-star.js';

/**
 * Lazy Theta* (Nash, Koenig and Tovey, AAAI 2010): Theta* that assumes every successor sees the
 * expanded node's parent and checks that once, when the successor is itself expanded. If the
 * check fails, the node takes the best of its already expanded neighbours as parent instead. One
 * line-of-sight check per expansion instead of one per successor: faster than Theta*, paths a
 * little longer on average. Same lattice, neighbours, cell-centre snapping and grid rule as
 * {@link ThetaStar}. Unlike Theta*, its length is not bounded by A*'s: the fallback neighbour need
 * not lie on a shortest lattice path, so in rare cases (3 in about 48,000 random queries) the
 * path is slightly longer than A*'s.
 *
 * On a grid with tile costs (`grid.weighted`), as {@link ThetaStar}: g-values are weighted costs, a
 * successor takes the assumed shortcut from the parent (its exact {@link segmentCost}) only when
 * that costs no more than the lattice move (`Lattice.moveCost`), else the lattice move, which
 * needs no check. A hidden parent is replaced by the expanded neighbour with the cheapest g plus
 * weighted move. As on uniform grids, the cost is not bounded by A*'s, though rarely above it.
 *
 * @example
 * ```ts
 * const lazy = new LazyThetaStar(grid, { connectivity: 4 });
 * const { points, length } = lazy.findPath(2, 3, 60, 41);
 * ```
 */
export class LazyThetaStar extends ThetaStar {
  override readonly name: string = 'lazy-theta';

  /**
   * The in-place loop with {@link settle}'s check and {@link move} written inline, for queries
   * between corners; the rare failed check still goes through {@link settle}'s fallback.
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
      const x = id % stride;
      const y = (id - x) / stride;
      this.reach(x, y);
      let p = parent[id]!;
      if (p >= 0) {
        const px = p % stride;
        if (!runs.sight(px, (p - px) / stride, x, y)) {
          p = this.reparentInPlace(id, bits[id] || this.moves.exits(id));
        }
      }
      if (id === goal) return 'found';
      // Successors take this node's parent on trust, or this node itself when it has none.
      const via = p >= 0 ? p : id;
      const vx = via % stride;
      const vy = (via - vx) / stride;
      const gv = g[via]!;
      for (let k = 0, b = id === start ? this.moves.exits(id) : bits[id]!; b !== 0; k++, b >>= 1) {
        if ((b & 1) === 0) continue;
        const to = id + offsets[k]!;
        const s = stamp[to]!;
        if (s === open + 1) continue;
        const tx = x + MOVE_DX[k]!;
        const ty = y + MOVE_DY[k]!;
        const dx = tx - vx;
        const dy = ty - vy;
        const gt = gv + Math.sqrt(dx * dx + dy * dy);
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

  protected override settle(id: number): void {
    const m = this.memory;
    const parent = m.parent[id]!;
    if (parent < 0 || this.visible(parent, id)) return;
    this.reparent(id);
  }

  /**
   * {@link reparent} for the in-place loop: lattice moves are symmetric, so the neighbours that
   * reach `id` are those its direction bits `exits` lead to. Returns the new parent.
   */
  private reparentInPlace(id: number, exits: number): number {
    const { g, stamp } = this.memory;
    const closed = this.memory.openStamp + 1;
    const offsets = this.moves.offsets;
    let best = Infinity;
    let via = -1;
    for (let k = 0, b = exits; b !== 0; k++, b >>= 1) {
      if ((b & 1) === 0) continue;
      const q = id + offsets[k]!;
      if (stamp[q] !== closed || (q !== this.startId && !this.lattice.passable(q))) continue;
      const gq = g[q]! + MOVE_COST[k]!;
      if (gq < best) {
        best = gq;
        via = q;
      }
    }
    g[id] = best;
    this.memory.parent[id] = via;
    return via;
  }

  /** Gives node `id`, whose assumed parent turned out hidden, its cheapest expanded neighbour as parent. */
  private reparent(id: number): void {
    const m = this.memory;
    // The assumed parent is hidden: take the cheapest expanded neighbour. The node that opened
    // `id` is one, so there is always a candidate. Double corners were never expanded.
    const n = this.predecessorsOf(id);
    let best = Infinity;
    let via = -1;
    for (let i = 0; i < n; i++) {
      const q = this.succIds[i]!;
      if (m.stateOf(q) !== CLOSED || (q !== this.startId && q < this.lattice.nodeCount && !this.lattice.passable(q))) continue;
      const g = m.g[q]! + this.succCosts[i]!;
      if (g < best) {
        best = g;
        via = q;
      }
    }
    m.g[id] = best;
    m.parent[id] = via;
  }

  /** A successor takes the expanded node's parent on trust; {@link settle} checks it later. */
  override move(from: number, s: number, x: number, y: number, cost: number): void {
    const m = this.memory;
    const state = m.stateOf(s);
    if (state === CLOSED) return;
    const parent = m.parent[from]!;
    if (parent < 0) {
      this.update(s, state, m.g[from]! + cost, from, x, y);
      return;
    }
    this.place(parent);
    const dx = x - this.parentX;
    const dy = y - this.parentY;
    const length = Math.sqrt(dx * dx + dy * dy);
    if (!this.weighted) {
      this.update(s, state, m.g[parent]! + length, parent, x, y);
      return;
    }
    // Weighted: the shortcut (assumed visible) only when it costs no more than the lattice move.
    // Costs are >= 1, so its length bounds its cost from below and often spares the walk.
    const viaLattice = m.g[from]! + cost;
    const gp = m.g[parent]!;
    const shortcut = gp + length <= viaLattice ? gp + segmentCost(this.grid, this.parentX, this.parentY, x, y) : Infinity;
    if (shortcut <= viaLattice) this.update(s, state, shortcut, parent, x, y);
    else this.update(s, state, viaLattice, from, x, y);
  }
}
