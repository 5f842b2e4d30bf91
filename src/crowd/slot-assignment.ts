/**
 * Which slot each unit of a group takes, so that the group keeps its arrangement: the sum over
 * units of |(unit - units' centroid) - (slot - slots' centroid)|² as small as possible. Small
 * groups get the exact optimum (Hungarian method); large ones a greedy match through a k-d tree.
 */

/**
 * Largest group solved exactly: the Hungarian method is O(n³), about 0.3 M steps at 64 units,
 * well under a millisecond for an order given once.
 */
export const EXACT_ASSIGNMENT_LIMIT = 64;

/**
 * The slot index of each unit, -1 for a unit left without one (only when there are fewer slots
 * than units). Offsets are taken from each set's own centroid.
 *
 * Up to {@link EXACT_ASSIGNMENT_LIMIT} units the sum of squared offset differences is minimal.
 * Above it, greedily: the members of the smaller set (the units, or the slots when they are
 * fewer), outermost offset first, each take the nearest free member of the other set. Outer
 * units have the fewest good choices, so they choose first; a row stays a row, left stays left.
 * O(n log n) for usual shapes (each choice is a k-d tree query).
 *
 * @param ux, uy unit positions (tiles), one entry per unit
 * @param sx, sy slot positions (tiles), one entry per slot
 */
export function assignSlots(ux: Float64Array, uy: Float64Array, sx: Float64Array, sy: Float64Array): Int32Array {
  const n = ux.length;
  const m = sx.length;
  const unitSlot = new Int32Array(n).fill(-1);
  if (n === 0 || m === 0) return unitSlot;
  const [uox, uoy] = offsets(ux, uy);
  const [sox, soy] = offsets(sx, sy);
  // Rows are the smaller set, so every row is matched.
  const slotsChoose = m < n;
  const rx = slotsChoose ? sox : uox;
  const ry = slotsChoose ? soy : uoy;
  const cx = slotsChoose ? uox : sox;
  const cy = slotsChoose ? uoy : soy;
  const match = n <= EXACT_ASSIGNMENT_LIMIT ? hungarian(rx, ry, cx, cy) : greedy(rx, ry, cx, cy);
  for (let row = 0; row < match.length; row++) {
    if (slotsChoose) unitSlot[match[row]!] = row;
    else unitSlot[row] = match[row]!;
  }
  return unitSlot;
}

/** Each point minus the points' centroid. */
function offsets(xs: Float64Array, ys: Float64Array): [Float64Array, Float64Array] {
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  const ox = new Float64Array(n);
  const oy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    ox[i] = xs[i]! - mx;
    oy[i] = ys[i]! - my;
  }
  return [ox, oy];
}

/**
 * The column of each row in a minimum-cost matching of a rows to b >= a columns, cost the squared
 * distance: the Hungarian method with potentials (Kuhn-Munkres, as in Jonker-Volgenant's
 * shortest augmenting paths), O(a² b).
 */
export function hungarian(rx: Float64Array, ry: Float64Array, cx: Float64Array, cy: Float64Array): Int32Array {
  const a = rx.length;
  const b = cx.length;
  const cost = new Float64Array(a * b);
  for (let i = 0; i < a; i++) {
    for (let j = 0; j < b; j++) {
      const dx = rx[i]! - cx[j]!;
      const dy = ry[i]! - cy[j]!;
      cost[i * b + j] = dx * dx + dy * dy;
    }
  }
  // 1-based with a virtual column 0, the usual shape of the algorithm.
  const u = new Float64Array(a + 1);
  const v = new Float64Array(b + 1);
  const rowOf = new Int32Array(b + 1);
  const way = new Int32Array(b + 1);
  const minv = new Float64Array(b + 1);
  const used = new Uint8Array(b + 1);
  for (let i = 1; i <= a; i++) {
    rowOf[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = rowOf[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= b; j++) {
        if (used[j]) continue;
        const cur = cost[(i0 - 1) * b + j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= b; j++) {
        if (used[j]) {
          u[rowOf[j]!]! += delta;
          v[j]! -= delta;
        } else {
          minv[j]! -= delta;
        }
      }
      j0 = j1;
    } while (rowOf[j0] !== 0);
    do {
      const j1 = way[j0]!;
      rowOf[j0] = rowOf[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const match = new Int32Array(a);
  for (let j = 1; j <= b; j++) if (rowOf[j] !== 0) match[rowOf[j]! - 1] = j - 1;
  return match;
}

/** Greedy matching of a rows to b >= a columns: outermost row first, each takes its nearest free column. */
function greedy(rx: Float64Array, ry: Float64Array, cx: Float64Array, cy: Float64Array): Int32Array {
  const a = rx.length;
  const order = new Int32Array(a);
  const reach = new Float64Array(a);
  for (let i = 0; i < a; i++) {
    order[i] = i;
    reach[i] = rx[i]! * rx[i]! + ry[i]! * ry[i]!;
  }
  order.sort((p, q) => reach[q]! - reach[p]! || p - q);
  const tree = new KdTree(cx, cy);
  const match = new Int32Array(a);
  for (const i of order) match[i] = tree.take(rx[i]!, ry[i]!);
  return match;
}

/**
 * A static 2-d tree over points whose members can be taken one by one: each node keeps how many
 * points of its subtree are left, so a query skips emptied subtrees. Implicit: the node of range
 * [lo, hi) of `perm` is its middle position.
 */
class KdTree {
  private readonly perm: Int32Array;
  private readonly splitY: Uint8Array;
  private readonly left: Int32Array;
  private readonly taken: Uint8Array;
  private bestD = Infinity;
  private bestPos = -1;

  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
  ) {
    const n = xs.length;
    this.perm = new Int32Array(n);
    for (let i = 0; i < n; i++) this.perm[i] = i;
    this.splitY = new Uint8Array(n);
    this.left = new Int32Array(n);
    this.taken = new Uint8Array(n);
    this.build(0, n);
  }

  /** Takes the free point nearest (qx, qy), the lowest index among equals, and returns its index. */
  take(qx: number, qy: number): number {
    this.bestD = Infinity;
    this.bestPos = -1;
    this.search(0, this.perm.length, qx, qy);
    const pos = this.bestPos;
    let lo = 0;
    let hi = this.perm.length;
    for (;;) {
      const mid = (lo + hi) >> 1;
      this.left[mid]!--;
      if (mid === pos) break;
      if (pos < mid) hi = mid;
      else lo = mid + 1;
    }
    this.taken[pos] = 1;
    return this.perm[pos]!;
  }

  private build(lo: number, hi: number): void {
    if (lo >= hi) return;
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (let k = lo; k < hi; k++) {
      const p = this.perm[k]!;
      x0 = Math.min(x0, this.xs[p]!);
      x1 = Math.max(x1, this.xs[p]!);
      y0 = Math.min(y0, this.ys[p]!);
      y1 = Math.max(y1, this.ys[p]!);
    }
    const byY = y1 - y0 > x1 - x0;
    const key = byY ? this.ys : this.xs;
    this.perm.subarray(lo, hi).sort((p, q) => key[p]! - key[q]! || p - q);
    const mid = (lo + hi) >> 1;
    this.splitY[mid] = byY ? 1 : 0;
    this.left[mid] = hi - lo;
    this.build(lo, mid);
    this.build(mid + 1, hi);
  }

  private search(lo: number, hi: number, qx: number, qy: number): void {
    if (lo >= hi) return;
    const mid = (lo + hi) >> 1;
    if (this.left[mid] === 0) return;
    const p = this.perm[mid]!;
    if (!this.taken[mid]) {
      const dx = this.xs[p]! - qx;
      const dy = this.ys[p]! - qy;
      const d = dx * dx + dy * dy;
      if (d < this.bestD || (d === this.bestD && p < this.perm[this.bestPos]!)) {
        this.bestD = d;
        this.bestPos = mid;
      }
    }
    const diff = this.splitY[mid] ? qy - this.ys[p]! : qx - this.xs[p]!;
    if (diff < 0) {
      this.search(lo, mid, qx, qy);
      if (diff * diff <= this.bestD) this.search(mid + 1, hi, qx, qy);
    } else {
      this.search(mid + 1, hi, qx, qy);
      if (diff * diff <= this.bestD) this.search(lo, mid, qx, qy);
    }
  }
}
