/** Order statistics and ratios for the benchmark. Every function ignores nothing: callers filter. */

/**
 * The q-quantile (0..1) of `values` by linear interpolation between closest ranks (the same rule as
 * numpy's default), NaN for an empty list. `quantile(v, 0.5)` is the median.
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The 95th percentile. */
export function p95(values: readonly number[]): number {
  return quantile(values, 0.95);
}

/** Arithmetic mean, NaN for an empty list. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Largest value, NaN for an empty list. */
export function max(values: readonly number[]): number {
  return values.length === 0 ? NaN : values.reduce((a, b) => (b > a ? b : a), -Infinity);
}

/**
 * How a slower series compares with a faster one on the same queries: the ratio of their medians,
 * and the median of the per-query ratios. `theirs[i]` and `ours[i]` time the same query.
 */
export function timeRatios(theirs: readonly number[], ours: readonly number[]): { ofMedians: number; medianOfRatios: number } {
  if (theirs.length !== ours.length) throw new RangeError(`ratio of ${theirs.length} against ${ours.length} timings`);
  return {
    ofMedians: median(theirs) / median(ours),
    medianOfRatios: median(theirs.map((t, i) => t / ours[i]!)),
  };
}
