/**
 * Neighbour queries for a crowd: a uniform bucket grid over tile coordinates, rebuilt from the
 * agents' positions every step by a counting sort (O(n + buckets), no allocation once sized), and
 * queried for the agents within a radius of a point, nearest first and capped, as RVO2's kd-tree
 * query keeps an agent's nearest `maxNeighbors`.
 */

/** Buckets this many tiles wide: about one neighbour range in a few buckets, few agents in each. */
export const DEFAULT_BUCKET_SIZE = 2;

/**
 * A bucket grid of agents (indices 0 .. count - 1) over a map of `width` x `height` tiles.
 * Positions outside the map fall in the nearest border bucket, so any finite point is found.
 *
 * @example
 * ```ts
 * const hash = new NeighbourGrid(40, 40);
 * hash.rebuild(xs, ys, n);
 * const out: number[] = [];
 * const k = hash.query(10, 10, 3, out, 8); // out[0 .. k - 1]: the 8 nearest within 3 tiles
 * ```
 */
export class NeighbourGrid {
  /** Buckets across and down. */
  readonly columns: number;
  readonly rows: number;
  private readonly inverseSize: number;
  /** Agents sorted by bucket; bucket b holds sorted[start[b] .. start[b + 1] - 1]. */
  private start: Int32Array;
  private sorted = new Int32Array(0);
  private bucketOf = new Int32Array(0);
  /** The positions of the last rebuild (the caller's arrays, read during queries). */
  private xs: ArrayLike<number> = [];
  private ys: ArrayLike<number> = [];
  /** Squared distances of the current query's results, parallel to the caller's `out`. */
  private distances = new Float64Array(0);
  /** Agents filed at the last rebuild. */
  private filed = 0;

  /**
   * @param width map width in tiles (> 0)
   * @param height map height in tiles (> 0)
   * @param bucketSize bucket side in tiles (> 0)
   * @throws RangeError naming a bad size.
   */
  constructor(width: number, height: number, readonly bucketSize = DEFAULT_BUCKET_SIZE) {
    if (!(width > 0) || !Number.isFinite(width)) throw new RangeError(`neighbour grid width must be a finite number > 0, got ${String(width)}`);
    if (!(height > 0) || !Number.isFinite(height)) throw new RangeError(`neighbour grid height must be a finite number > 0, got ${String(height)}`);
    if (!(bucketSize > 0) || !Number.isFinite(bucketSize)) throw new RangeError(`neighbour bucket size must be a finite number > 0, got ${String(bucketSize)}`);
    this.columns = Math.max(1, Math.ceil(width / bucketSize));
    this.rows = Math.max(1, Math.ceil(height / bucketSize));
    this.inverseSize = 1 / bucketSize;
    this.start = new Int32Array(this.columns * this.rows + 1);
  }

  /** Agents filed at the last rebuild. */
  get size(): number {
    return this.filed;
  }

  /**
   * Files agents 0 .. count - 1 at (xs[i], ys[i]); with `active`, only those with active[i] !== 0.
   * An agent whose position is not finite is left out. The arrays are kept (not copied) for the
   * queries until the next rebuild, so the caller must not move agents in between.
   */
  rebuild(xs: ArrayLike<number>, ys: ArrayLike<number>, count: number, active?: ArrayLike<number>): void {
    if (this.bucketOf.length < count) {
      const capacity = Math.max(count, 2 * this.bucketOf.length);
      this.bucketOf = new Int32Array(capacity);
      this.sorted = new Int32Array(capacity);
      this.distances = new Float64Array(capacity);
    }
    this.xs = xs;
    this.ys = ys;
    const start = this.start;
    const buckets = this.columns * this.rows;
    start.fill(0);
    let filed = 0;
    for (let i = 0; i < count; i++) {
      const x = xs[i]!;
      const y = ys[i]!;
      if ((active !== undefined && active[i] === 0) || !Number.isFinite(x) || !Number.isFinite(y)) {
        this.bucketOf[i] = -1;
        continue;
      }
      const b = this.row(y) * this.columns + this.column(x);
      this.bucketOf[i] = b;
      start[b + 1]!++;
      filed++;
    }
    for (let b = 0; b < buckets; b++) start[b + 1]! += start[b]!;
    // Fill from each bucket's end so that start[] ends up unchanged: agents stay in index order.
    for (let i = count - 1; i >= 0; i--) {
      const b = this.bucketOf[i]!;
      if (b < 0) continue;
      const at = start[b + 1]! - 1;
      this.sorted[at] = i;
      start[b + 1] = at;
    }
    // start[b + 1] now holds bucket b's first slot; shift back to the usual layout.
    for (let b = 0; b < buckets; b++) start[b] = start[b + 1]!;
    start[buckets] = filed;
    this.filed = filed;
  }

  /**
   * Writes into out[0 .. k - 1] the agents whose centre lies within `radius` of (x, y), nearest
   * first (ties by index), at most `max` of them, and returns k. `exclude` (an agent index, or -1)
   * is skipped, so an agent can ask for its own neighbours. Allocates nothing beyond growing `out`.
   * @throws RangeError when x, y or radius is NaN, or max is negative.
   */
  query(x: number, y: number, radius: number, out: number[], max = Infinity, exclude = -1): number {
    checkQuery(x, y, radius);
    if (!(max >= 0)) throw new RangeError(`neighbour query cap must be a number >= 0, got ${String(max)}`);
    if (max === 0 || this.filed === 0) return 0;
    const c0 = this.column(x - radius);
    const c1 = this.column(x + radius);
    const r0 = this.row(y - radius);
    const r1 = this.row(y + radius);
    const xs = this.xs;
    const ys = this.ys;
    const start = this.start;
    const sorted = this.sorted;
    const distances = this.distances;
    let rangeSq = radius * radius;
    let k = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const b = r * this.columns + c;
        for (let s = start[b]!, end = start[b + 1]!; s < end; s++) {
          const i = sorted[s]!;
          if (i === exclude) continue;
          const dx = xs[i]! - x;
          const dy = ys[i]! - y;
          const d = dx * dx + dy * dy;
          if (d > rangeSq) continue;
          // Insertion into the sorted results; when full, the farthest falls off and the range shrinks.
          let j: number;
          if (k < max) {
            j = k++;
          } else {
            if (d > distances[k - 1]! || (d === distances[k - 1]! && i > out[k - 1]!)) continue;
            j = k - 1;
          }
          while (j > 0 && (distances[j - 1]! > d || (distances[j - 1]! === d && out[j - 1]! > i))) {
            distances[j] = distances[j - 1]!;
            out[j] = out[j - 1]!;
            j--;
          }
          distances[j] = d;
          out[j] = i;
          if (k === max) rangeSq = distances[k - 1]!;
        }
      }
    }
    return k;
  }

  /**
   * Like {@link query} without cap, but in no particular order (bucket by bucket): for callers
   * that only ask whether there is one, or test each, it saves the sort. Returns k.
   * @throws RangeError when x, y or radius is NaN.
   */
  collect(x: number, y: number, radius: number, out: number[], exclude = -1): number {
    checkQuery(x, y, radius);
    if (this.filed === 0) return 0;
    const c0 = this.column(x - radius);
    const c1 = this.column(x + radius);
    const r0 = this.row(y - radius);
    const r1 = this.row(y + radius);
    const xs = this.xs;
    const ys = this.ys;
    const start = this.start;
    const sorted = this.sorted;
    const rangeSq = radius * radius;
    let k = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const b = r * this.columns + c;
        for (let s = start[b]!, end = start[b + 1]!; s < end; s++) {
          const i = sorted[s]!;
          if (i === exclude) continue;
          const dx = xs[i]! - x;
          const dy = ys[i]! - y;
          if (dx * dx + dy * dy <= rangeSq) out[k++] = i;
        }
      }
    }
    return k;
  }

  private column(x: number): number {
    const c = Math.floor(x * this.inverseSize);
    return c < 0 ? 0 : c >= this.columns ? this.columns - 1 : c;
  }

  private row(y: number): number {
    const r = Math.floor(y * this.inverseSize);
    return r < 0 ? 0 : r >= this.rows ? this.rows - 1 : r;
  }
}

/** The checks {@link NeighbourGrid.query} and {@link NeighbourGrid.collect} share. @throws RangeError naming the bad value. */
function checkQuery(x: number, y: number, radius: number): void {
  if (Number.isNaN(x) || Number.isNaN(y)) throw new RangeError(`neighbour query point must be numbers, got (${x}, ${y})`);
  if (!(radius >= 0)) throw new RangeError(`neighbour query radius must be a number >= 0, got ${String(radius)}`);
}
