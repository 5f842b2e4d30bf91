/** Pose helpers for the steering tests: random poses, y-up conversion and pose distances. */
import type { Rng } from './rng.js';
import type { Pose } from '../../src/curves/segment.js';

/** A pose given in y-up coordinates with counter-clockwise headings, converted to ours (y down, clockwise). */
export function yUp(x: number, y: number, heading: number): Pose {
  return { x, y: -y, heading: -heading };
}

/** Position distance plus the absolute heading difference (radians) of two poses. */
export function poseError(a: Pose, b: Pose): number {
  const dh = Math.atan2(Math.sin(a.heading - b.heading), Math.cos(a.heading - b.heading));
  return Math.hypot(a.x - b.x, a.y - b.y) + Math.abs(dh);
}

/**
 * A random pose: with `tiles`, a tile centre with a heading that is a multiple of π/4 (the
 * tile-to-tile moves where rounding puts pieces at exactly zero); otherwise anywhere in the box.
 */
export function randomPose(rng: Rng, tiles: boolean, span = 6): Pose {
  if (tiles) {
    return { x: rng.range(-span, span) + 0.5, y: rng.range(-span, span) + 0.5, heading: (rng.int(8) * Math.PI) / 4 };
  }
  return { x: (rng.next() * 2 - 1) * span, y: (rng.next() * 2 - 1) * span, heading: (rng.next() * 2 - 1) * 4 };
}

/** Rotates `p` by `angle` about the origin and then moves it by (dx, dy). */
export function moved(p: Pose, angle: number, dx: number, dy: number): Pose {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c * p.x - s * p.y + dx, y: s * p.x + c * p.y + dy, heading: p.heading + angle };
}

/**
 * The textbook closed forms for the six Dubins words (Shkel & Lumelsky 2001), in the usual
 * normalised (d, α, β) form with L = heading increasing. Written independently of the library as
 * a reference for generic (non-degenerate) cases, where its known rounding trouble does not bite.
 * Returns the lengths in tile units keyed by the textbook word, NaN when the word does not exist.
 */
export function textbookDubins(from: Pose, to: Pose, radius: number): Record<string, number> {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const d = Math.hypot(dx, dy) / radius;
  const theta = Math.atan2(dy, dx);
  const m = (a: number): number => ((a % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  const a = m(from.heading - theta);
  const b = m(to.heading - theta);
  const sa = Math.sin(a);
  const sb = Math.sin(b);
  const ca = Math.cos(a);
  const cb = Math.cos(b);
  const cab = Math.cos(a - b);
  const out: Record<string, number> = {};
  {
    const p2 = 2 + d * d - 2 * cab + 2 * d * (sa - sb);
    const t1 = Math.atan2(cb - ca, d + sa - sb);
    out['LSL'] = p2 < 0 ? NaN : m(t1 - a) + Math.sqrt(p2) + m(b - t1);
  }
  {
    const p2 = 2 + d * d - 2 * cab + 2 * d * (sb - sa);
    const t1 = Math.atan2(ca - cb, d - sa + sb);
    out['RSR'] = p2 < 0 ? NaN : m(a - t1) + Math.sqrt(p2) + m(t1 - b);
  }
  {
    const p2 = -2 + d * d + 2 * cab + 2 * d * (sa + sb);
    if (p2 < 0) out['LSR'] = NaN;
    else {
      const p = Math.sqrt(p2);
      const t2 = Math.atan2(-ca - cb, d + sa + sb) - Math.atan2(-2, p);
      out['LSR'] = m(t2 - a) + p + m(t2 - b);
    }
  }
  {
    const p2 = -2 + d * d + 2 * cab - 2 * d * (sa + sb);
    if (p2 < 0) out['RSL'] = NaN;
    else {
      const p = Math.sqrt(p2);
      const t2 = Math.atan2(ca + cb, d - sa - sb) - Math.atan2(2, p);
      out['RSL'] = m(a - t2) + p + m(b - t2);
    }
  }
  {
    const c = (6 - d * d + 2 * cab + 2 * d * (sa - sb)) / 8;
    const phi = Math.atan2(ca - cb, d - sa + sb);
    if (Math.abs(c) > 1) out['RLR'] = NaN;
    else {
      const p = m(2 * Math.PI - Math.acos(c));
      const t = m(a - phi + p / 2);
      out['RLR'] = t + p + m(a - b - t + p);
    }
  }
  {
    const c = (6 - d * d + 2 * cab + 2 * d * (sb - sa)) / 8;
    const phi = Math.atan2(ca - cb, d + sa - sb);
    if (Math.abs(c) > 1) out['LRL'] = NaN;
    else {
      const p = m(2 * Math.PI - Math.acos(c));
      const t = m(-a - phi + p / 2);
      out['LRL'] = t + p + m(b - a - t + p);
    }
  }
  for (const word of Object.keys(out)) out[word] = out[word]! * radius;
  return out;
}
