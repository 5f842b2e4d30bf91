/**
 * The numbers that break numeric code, for fuzz tests: signs, zeros, infinities, NaN, the
 * smallest and largest doubles and an integer past exact precision. A test adds the values at
 * the edges of its own ranges.
 */
export const EXTREMES: readonly number[] = [
  Number.NaN,
  Infinity,
  -Infinity,
  0,
  -0,
  -1,
  1e-300,
  Number.MIN_VALUE,
  Number.EPSILON,
  0.5,
  1,
  3,
  1e300,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  2 ** 53 + 1,
];
