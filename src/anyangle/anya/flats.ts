import type { Successors } from './successors.js';

/**
 * Walks the flat of the cone row's root along the root's own row (the cone row's root at (rx, y),
 * reached with path length g; `set` by the caller with the row y the root's own) in direction `sx`
 * (+1 right, -1 left), as far as the row stays passable: checks the target on it, and at every
 * corner where the cell behind on one side is the only blocked one, turns into the strip on that
 * side (the region the root cannot see past that cell). Returns true when the target lies on the
 * flat. The cone row is overwritten by the cones it emits.
 *
 * The row is read from `y`, not `ry`: `ry` holds fractions elsewhere, so V8 reads it as a double,
 * and every cell index and root id of the walk computed from it would be one (`y` is always an
 * integer, read as one).
 */
export function walkFlat(s: Successors, sx: number): boolean {
  const e = s.row;
  const root = e.root;
  const x0 = e.rx;
  const y = e.y;
  const g = e.g;
  const rows = s.rows;
  const { tx, ty } = s;
  const stride = s.W + 1;
  let x = x0;
  for (;;) {
    const col = sx > 0 ? Math.floor(x) : Math.ceil(x) - 1;
    if (s.blocked(col, y - 1) && s.blocked(col, y)) return false;
    const k =
      sx > 0 ? Math.min(rows.next(y - 1, x), rows.next(y, x)) : Math.max(rows.previous(y - 1, x), rows.previous(y, x));
    if (ty === y && (sx > 0 ? tx > x && tx <= k : tx < x && tx >= k)) {
      s.pushGoal(root, x0, y, g);
      return true;
    }
    const behind = sx > 0 ? k - 1 : k;
    const ahead = sx > 0 ? k : k - 1;
    const bu = s.blocked(behind, y - 1);
    const bd = s.blocked(behind, y);
    const au = s.blocked(ahead, y - 1);
    const ad = s.blocked(ahead, y);
    if ((bu && ad && !bd && !au) || (bd && au && !bu && !ad)) return false;
    if (!au && !ad && bu !== bd) {
      const gk = g + Math.abs(k - x0);
      const corner = y * stride + k;
      s.roots.g = gk;
      if (s.roots.offer(corner, root)) {
        const strip = bu ? y - 1 : y;
        const run = sx > 0 ? rows.runEnd(strip, ahead) : rows.runStart(strip, ahead);
        const L = sx > 0 ? k : run;
        const R = sx > 0 ? run : k;
        if (ty > strip && ty < strip + 1 && tx >= L && tx <= R) {
          s.pushGoal(corner, k, y, gk);
        } else {
          e.set(corner, k, y, true, bu ? y - 1 : y + 1, bu ? -1 : 1);
          e.g = gk;
          e.setInt(e.left, L);
          e.setInt(e.right, R);
          s.emitAndAdmit();
        }
      }
    }
    if (au && ad) return false;
    x = k;
  }
}
