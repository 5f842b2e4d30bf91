/** Choosing a sprite frame from a heading, for art drawn at a fixed set of angles. */
import { TWO_PI, mod2pi } from '../curves/angle.js';

/**
 * The index, in [0, count), of the frame drawn nearest to `heading` when frame i faces
 * i × 2π / count (frame 0 faces +x, indices increase clockwise on screen, like headings).
 *
 * @example frameForHeading(Math.PI / 2, 8) // 2: facing down
 * @throws RangeError when count is not a positive integer.
 */
export function frameForHeading(heading: number, count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`frame count must be a positive integer, got ${count}`);
  if (!Number.isFinite(heading)) return 0;
  return Math.round(mod2pi(heading) / (TWO_PI / count)) % count;
}
