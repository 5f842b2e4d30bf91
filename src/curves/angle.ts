/**
 * Angle helpers shared by the steering code. Headings are radians, 0 = +x, increasing clockwise on
 * screen (y grows downward), so a heading h faces the direction (cos h, sin h).
 *
 * These are plain math helpers: a non-finite input gives NaN, like `Math.sin`. Public entry points
 * validate their arguments before calling them.
 */

/** One full turn, 2π radians. */
export const TWO_PI = 2 * Math.PI;

/**
 * The angle `a` reduced to [0, 2π).
 *
 * @example mod2pi(-Math.PI / 2) === 3 * Math.PI / 2
 */
export function mod2pi(a: number): number {
  // Within a turn of zero the remainder is `a` itself: skipping the division (a call out of
  // compiled code, about half the function's time) changes no bit, -0 and NaN included.
  let r = a < TWO_PI && a > -TWO_PI ? a : a % TWO_PI;
  if (r < 0) r += TWO_PI;
  // -1e-17 + 2π rounds to exactly 2π, which is outside the half-open range.
  return r >= TWO_PI ? 0 : r;
}

/**
 * The angle `a` reduced to (-π, π], the form every heading in a segment or a sample takes.
 *
 * @example normalizeAngle(3 * Math.PI / 2) === -Math.PI / 2
 */
export function normalizeAngle(a: number): number {
  const r = mod2pi(a);
  return r > Math.PI ? r - TWO_PI : r;
}

/**
 * The signed smallest rotation that takes heading `from` to heading `to`, in (-π, π]. Positive
 * means clockwise on screen (the heading increases).
 *
 * @example angleDifference(0.1, -0.1) ≈ -0.2
 */
export function angleDifference(from: number, to: number): number {
  return normalizeAngle(to - from);
}
