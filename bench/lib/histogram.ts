/**
 * Quantiles of a long stream of non-negative numbers in fixed memory: a soak records millions of
 * frame times, and an array of them would itself grow the heap the soak watches.
 */

/** Relative width of a bucket: quantiles come out at most 1% above the true value. */
const GROWTH = 1.01;
/** Smallest value told apart from zero (the unit is the caller's, e.g. 1e-4 ms = 0.1 µs). */
const FLOOR = 1e-4;
/** Buckets from FLOOR up to FLOOR · GROWTH^BUCKETS ≈ 2e5 units; larger values share the last. */
const BUCKETS = 2200;

/**
 * A log-bucket histogram: quantiles to within 1% (rounded up to the bucket's upper edge), exact
 * count, sum and maximum.
 *
 * @example
 * ```ts
 * const h = new Histogram();
 * for (const ms of frameTimes) h.add(ms);
 * h.quantile(0.99); // the 99th percentile, within 1%
 * ```
 */
export class Histogram {
  private readonly counts = new Float64Array(BUCKETS + 1);
  count = 0;
  sum = 0;
  max = 0;

  /** Records `value` (negative and NaN values count as 0). */
  add(value: number): void {
    const v = value > 0 ? value : 0;
    this.counts[bucketOf(v)]!++;
    this.count++;
    this.sum += v;
    if (v > this.max) this.max = v;
  }

  /** The q-quantile (0..1): the upper edge of the bucket holding it, capped at the maximum; NaN when empty. */
  quantile(q: number): number {
    if (this.count === 0) return NaN;
    const rank = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let i = 0; i <= BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(this.max, upperEdge(i));
    }
    return this.max;
  }

  /** Mean of the recorded values; NaN when empty. */
  get mean(): number {
    return this.count === 0 ? NaN : this.sum / this.count;
  }
}

function bucketOf(v: number): number {
  if (v < FLOOR) return 0;
  return Math.min(BUCKETS, 1 + Math.floor(Math.log(v / FLOOR) / Math.log(GROWTH)));
}

function upperEdge(bucket: number): number {
  return bucket === 0 ? FLOOR : FLOOR * GROWTH ** bucket;
}
