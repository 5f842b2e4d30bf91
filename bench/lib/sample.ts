import type { Scenario } from '../../src/grid/scenario.js';
import { makeRng } from '../../test/support/rng.js';

/**
 * A fixed sample of `n` scenarios spread over the buckets (bucket = optimal length / 4), so short
 * and long queries weigh alike. When there are at least as many slots as buckets every bucket gets
 * floor(n / buckets) or one more query (fewer if the bucket holds fewer); when there are more buckets than slots (the mazes have
 * over a thousand), `n` buckets evenly spaced from the shortest to the longest get one each.
 * Within a bucket the queries are drawn without replacement by a generator seeded with `seed`, so
 * a run is repeatable. The result keeps the file's order.
 */
export function sampleScenarios(scenarios: readonly Scenario[], n: number, seed: number): Scenario[] {
  const byBucket = new Map<number, number[]>();
  scenarios.forEach((s, i) => {
    const list = byBucket.get(s.bucket);
    if (list) list.push(i);
    else byBucket.set(s.bucket, [i]);
  });
  const buckets = [...byBucket.keys()].sort((a, b) => a - b);
  const quota = new Map<number, number>();
  if (n >= buckets.length) {
    const base = Math.floor(n / buckets.length);
    const extra = n - base * buckets.length;
    for (const b of buckets) quota.set(b, base);
    // The extra slots go to evenly spaced buckets too, not to the shortest ones.
    for (let j = 0; j < extra; j++) {
      const b = buckets[Math.floor((j * buckets.length) / extra)]!;
      quota.set(b, base + 1);
    }
  } else if (n > 0) {
    for (let k = 0; k < n; k++) {
      const at = n === 1 ? 0 : Math.round((k * (buckets.length - 1)) / (n - 1));
      quota.set(buckets[at]!, 1);
    }
  }
  const rng = makeRng(seed);
  const chosen: number[] = [];
  for (const b of buckets) {
    const pool = [...byBucket.get(b)!];
    const take = Math.min(quota.get(b) ?? 0, pool.length);
    for (let k = 0; k < take; k++) {
      const j = k + rng.int(pool.length - k);
      [pool[k], pool[j]] = [pool[j]!, pool[k]!];
      chosen.push(pool[k]!);
    }
  }
  return chosen.sort((a, b) => a - b).map((i) => scenarios[i]!);
}
