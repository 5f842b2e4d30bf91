/**
 * `Math.hypot` of two numbers without its garbage: V8's builtin copies its arguments into a fresh
 * array on every call, which showed in the planner's hot loops. The same steps give the same bits.
 */
/**
 * `Math.hypot(a, b)`, computed as V8's builtin computes it (normalise by the larger, then add the
 * squares in order; its compensated sum adds nothing for two terms), so the result is the same
 * double, without the builtin's per-call array.
 *
 * @example hypot(3, 4) === 5
 */
export function hypot(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  if (!(x < Infinity && y < Infinity)) return Math.hypot(a, b);
  const max = x > y ? x : y;
  if (max === 0) return 0;
  const nx = x / max;
  const ny = y / max;
  return Math.sqrt(nx * nx + ny * ny) * max;
}
