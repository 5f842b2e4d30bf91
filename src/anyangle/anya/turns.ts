import { walkFlat } from './flats.js';
import { distance, lineSide } from './lines.js';
import { DIR, G, HI, LO, NODE, NODE_INTS, ROOT, ROW, RX, RY } from './nodes.js';
import type { Successors } from './successors.js';

/**
 * The successors of node `id` that turn at its left (`side` -1) or right (+1) endpoint, a corner
 * that becomes their root when the root history takes it. When the corner's one blocked cell is
 * the near one (`near`: the ray from the old root grazed it), they are the flat beyond the
 * endpoint and the strip beyond, past the ray, to the wall of its free run; when it is the far
 * one, the sliver of the strip beyond between the ray and that cell's wall.
 */
export function turnAt(s: Successors, id: number, side: number, near: boolean): void {
  const d = s.pool.data;
  const o = id * NODE;
  const n = s.pool.ints;
  const oi = id * NODE_INTS;
  const y = n[oi + ROW]!;
  const dir = n[oi + DIR]!;
  const rx = d[o + RX]!;
  const ry = d[o + RY]!;
  const parent = n[oi + ROOT]!;
  const k = d[o + (side < 0 ? LO : HI)]!;
  const g = d[o + G]! + distance(k - rx, y - ry);
  const corner = y * (s.W + 1) + k;
  s.roots.g = g;
  if (!s.roots.offer(corner, parent)) return;
  const e = s.row;
  if (near) {
    e.set(corner, k, y, true, y, 0);
    e.g = g;
    if (walkFlat(s, side)) return;
  }
  const strip = dir > 0 ? y : y - 1;
  // The free run of the strip beyond that the region lies in: beside the corner, past the ray.
  const c = near === (side < 0) ? k - 1 : k;
  const L = s.rows.runStart(strip, c);
  const R = s.rows.runEnd(strip, c);
  e.set(corner, k, y, true, y + dir, dir);
  e.g = g;
  e.setInt(side < 0 ? e.left : e.right, near ? (side < 0 ? L : R) : k);
  e.setLine(side < 0 ? e.right : e.left, rx, ry, parent !== s.realStart);
  shadowCone(s, strip, L, R, side);
}

/**
 * Emits a cone whose root sits on the row it starts from (the cone row set by {@link turnAt}):
 * the boundary on the other side from `side` is the shadow line through the root and the old
 * root, the one on `side` is a column line. The region it covers inside the first strip is the
 * free run [L, R] of the strip, on the shadow side of the line; the run's wall clips the line's
 * end on the new row.
 */
function shadowCone(s: Successors, strip: number, L: number, R: number, side: number): void {
  const { tx, ty } = s;
  const e = s.row;
  const ray = side < 0 ? e.right : e.left;
  const wall = side < 0 ? e.left : e.right;
  if (ty > strip && ty < strip + 1 && tx >= L && tx <= R) {
    // The target is in the region when it lies on the wall's side of the ray (or on it).
    const t = lineSide(e.rx, e.ry, ray.ax, ray.ay, ray.exact && s.tCorner, tx, ty);
    if (t * side <= 0) {
      s.pushCurrentGoal();
      return;
    }
  }
  // Nothing when the ray has crossed the wall; else the ray, or the run's far wall where the ray
  // runs past it.
  if (e.side(ray, wall.x) * side > 0) return;
  const end = side > 0 ? L : R;
  if (e.side(ray, end) * side <= 0) e.setInt(ray, end);
  s.emitAndAdmit();
}
