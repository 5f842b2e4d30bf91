import { emitRow } from './emit-row.js';
import { DIR, FLAGS, G, HAX, HAY, HI_EXACT, LAX, LAY, LO_EXACT, NODE, NODE_INTS, ROOT, ROW, RUN, RX, RY } from './nodes.js';
import type { Successors } from './successors.js';

/**
 * The cone walk for cones with a boundary through a start off the corners (or such a root), whose
 * comparisons need the orientation predicate: the steps of `Successors.cone` on stored nodes and
 * the cone row, a handful of cones per query (none when the start is a corner).
 */

/** Emits the cone row and admits every piece; true when the target is on it. */
export function emitGeneral(s: Successors): boolean {
  return admitAll(s, emitRow(s));
}

/** Projects node `id` and admits every piece of the row; true when the target was found. */
export function expandGeneral(s: Successors, id: number): boolean {
  return admitAll(s, project(s, id));
}

/**
 * Projects node `id`, which has no turning endpoint, for as long as its projection is one piece
 * without one (intermediate pruning); pushes the last node when the projection branches or turns,
 * drops it when it is empty (cul-de-sac pruning).
 */
export function admitGeneral(s: Successors, id: number): boolean {
  const p = s.pool;
  for (;;) {
    const mark = p.top;
    const count = project(s, id);
    if (count < 0) return false;
    if (count === 1) {
      id = mark;
      if (s.turnsOf(id) === 0) continue;
    } else p.top = mark;
    if (count > 0) s.push(id);
    return false;
  }
}

/** Admits the `count` nodes at the pool's top; true when count is -1 (the target was found instead). */
function admitAll(s: Successors, count: number): boolean {
  if (count < 0) return true;
  const top = s.pool.top;
  for (let k = top - count; k < top; k++) s.admit(k);
  return false;
}

/**
 * Writes the observable successors of cone node `id` at the pool's top and returns how many, or
 * -1 when the target lies in the projected region (a goal node is pushed instead).
 */
function project(s: Successors, id: number): number {
  const e = s.row;
  const l = e.left;
  const r = e.right;
  const d = s.pool.data;
  const o = id * NODE;
  const n = s.pool.ints;
  const oi = id * NODE_INTS;
  const run = n[oi + RUN]!;
  if (run < 0) return 0;
  const y = n[oi + ROW]!;
  const dir = n[oi + DIR]!;
  const rows = s.rows;
  const L = rows.at(run - 1);
  const R = rows.at(run);
  const y2 = y + (rows.sameRows(run, dir) + 1) * dir;
  const root = n[oi + ROOT]!;
  const f = n[oi + FLAGS]!;
  e.set(root, d[o + RX]!, d[o + RY]!, root !== s.realStart, y2, dir);
  e.g = d[o + G]!;
  l.ax = d[o + LAX]!;
  l.ay = d[o + LAY]!;
  l.exact = (f & LO_EXACT) !== 0;
  r.ax = d[o + HAX]!;
  r.ay = d[o + HAY]!;
  r.exact = (f & HI_EXACT) !== 0;
  const { tx, ty } = s;
  if ((ty - y) * dir > 0 && (y2 - ty) * dir > 0 && tx >= L && tx <= R && s.targetInCone()) {
    s.pushCurrentGoal();
    return -1;
  }
  // Each side: the ray, or the wall of the free run when the ray runs past it.
  e.setLine(l, l.ax, l.ay, l.exact);
  if (e.side(l, L) <= 0) e.setInt(l, L);
  e.setLine(r, r.ax, r.ay, r.exact);
  if (e.side(r, R) >= 0) e.setInt(r, R);
  if (l.int && !r.int && e.side(r, L) < 0) return 0;
  if (r.int && !l.int && e.side(l, R) > 0) return 0;
  return emitRow(s);
}
