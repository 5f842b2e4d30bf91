/**
 * Exact orientation of three points given as doubles.
 *
 * Returns the sign of cross(b - a, c - a): in our y-down coordinates +1 means c lies clockwise of
 * the ray a→b (to its right on screen), -1 counter-clockwise, 0 exactly on the line. Doubles are
 * exact rationals, so the sign is decided exactly: a floating-point filter answers almost every
 * call, and the rare near-degenerate case is recomputed in integer BigInt arithmetic.
 */
export function orientation(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  if (!Number.isFinite(ax + ay + bx + by + cx + cy)) {
    throw new RangeError(`orientation needs finite coordinates, got (${ax}, ${ay}), (${bx}, ${by}), (${cx}, ${cy})`);
  }
  const detLeft = (ax - cx) * (by - cy);
  const detRight = (ay - cy) * (bx - cx);
  const det = detLeft - detRight;
  const bound = ORIENT_ERROR_BOUND * (Math.abs(detLeft) + Math.abs(detRight));
  if (det > bound) return 1;
  if (-det > bound) return -1;
  return exactOrientation(ax, ay, bx, by, cx, cy);
}

/**
 * Shewchuk's bound on the rounding error of the filter above, (3 + 16ε)ε with ε = 2^-53: past it
 * the floating sign is certain.
 */
const ORIENT_ERROR_BOUND = (3 + 16 * 2 ** -53) * 2 ** -53;

function exactOrientation(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const parts = [ax, ay, bx, by, cx, cy].map(toScaledInteger);
  let minExp = 0;
  for (const [, e] of parts) minExp = Math.min(minExp, e);
  const [axi, ayi, bxi, byi, cxi, cyi] = parts.map(([m, e]) => m << BigInt(e - minExp)) as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  const det = (axi - cxi) * (byi - cyi) - (ayi - cyi) * (bxi - cxi);
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

/** Writes a finite double as m·2^e with integer m; doubling is exact, so this is too. */
function toScaledInteger(value: number): [bigint, number] {
  let m = value;
  let e = 0;
  while (!Number.isInteger(m)) {
    m *= 2;
    e--;
  }
  return [BigInt(m), e];
}
