import { lineFloor, lineSide } from './lines.js';
import { NO_NEXT } from './row-changes.js';
import type { Successors } from './successors.js';

/**
 * Emits the intervals of the cone row (`s.row`) between its boundaries: the target test, then one
 * node per piece between consecutive corner points whose far strip is free (or one node for a
 * single point), made at the pool's top by `Successors.emitPiece`. Returns how many nodes, or -1
 * when the target is on the row between them (a goal node is pushed instead). The cone walk
 * (`Successors.cone`) uses it for rows of two or more pieces, `cone-general.ts` for every row.
 */
export function emitRow(s: Successors): number {
  const e = s.row;
  const l = e.left;
  const r = e.right;
  const y2 = e.y;
  const { tx, ty, tCorner } = s;
  if (ty === y2 && e.sideOfTarget(l, tx, tCorner) <= 0 && e.sideOfTarget(r, tx, tCorner) >= 0) {
    s.pushGoal(e.root, e.rx, e.ry, e.g);
    return -1;
  }
  // One point: the rays meet a corner exactly. Kept only for its turns (see `turnsOf`).
  let point = -1;
  if (l.int && r.int) point = l.x === r.x ? l.x : -1;
  else if (l.int) point = e.side(r, l.x) === 0 ? l.x : -1;
  else if (r.int) point = e.side(l, r.x) === 0 ? r.x : -1;
  if (point >= 0) {
    e.setInt(l, point);
    e.setInt(r, point);
    s.emitPiece(-1);
    return 1;
  }
  const far = e.dir > 0 ? y2 : y2 - 1;
  const rows = s.rows;
  const first = l.int || l.exact ? Math.floor(l.x) : lineFloor(e.rx, e.ry, l.ax, l.ay, false, y2);
  let i = rows.upperBound(far, first);
  // Change points alternate blocked-to-free and free-to-blocked, so the count at or left of the
  // cell says whether it is free.
  let free = ((i - rows.rowStart(far)) & 1) === 1;
  let count = 0;
  const end = rows.rowEnd(far);
  // The right boundary, kept while pieces move the left one along.
  const rInt = r.int;
  const rX = r.x;
  const rAx = r.ax;
  const rAy = r.ay;
  const rExact = r.exact;
  const rNumeric = rInt || rExact;
  for (; ; i++) {
    const c = i < end ? rows.at(i) : NO_NEXT;
    const inside =
      c !== NO_NEXT && (rNumeric ? c < rX : lineSide(e.rx, e.ry, rAx, rAy, false, c, y2) > 0);
    if (!inside) {
      if (free) {
        r.int = rInt;
        r.x = rX;
        r.ax = rAx;
        r.ay = rAy;
        r.exact = rExact;
        s.emitPiece(i);
        count++;
      }
      return count;
    }
    if (free) {
      e.setInt(r, c);
      s.emitPiece(i);
      count++;
    }
    e.setInt(l, c);
    free = !free;
  }
}
