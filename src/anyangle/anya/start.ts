import { walkFlat } from './flats.js';
import type { Successors } from './successors.js';

/**
 * The start's successors: the flats along its row (when it is on one) and the cones through the
 * whole free run of the strips beside it (one strip when it lies inside a cell).
 */
export function expandStart(s: Successors): void {
  const { sx, sy } = s;
  const root = s.startRoot();
  const exact = root !== s.realStart;
  const c0 = Number.isInteger(sx) ? sx - 1 : Math.floor(sx);
  const c1 = Number.isInteger(sx) ? sx : c0;
  if (Number.isInteger(sy)) {
    const e = s.row;
    for (let dir = 1; dir >= -1; dir -= 2) {
      e.set(root, sx, sy, exact, sy, 0);
      e.g = 0;
      if (walkFlat(s, dir)) return;
    }
    for (let dir = -1; dir <= 1; dir += 2) {
      const strip = dir > 0 ? sy : sy - 1;
      // The cells of the strip beside the start: one run, or two when a wall cell sits between.
      for (let c = c0; c <= c1; c++) {
        if (s.blocked(c, strip) || (c === c1 && c1 !== c0 && !s.blocked(c0, strip))) continue;
        if (startCone(s, root, exact, strip, c, sy + dir, dir)) return;
      }
    }
    return;
  }
  const strip = Math.floor(sy);
  const c = s.blocked(c0, strip) ? c1 : c0;
  if (startCone(s, root, exact, strip, c, strip, -1)) return;
  startCone(s, root, exact, strip, c, strip + 1, 1);
}

/** The cone from the start through the whole free run of `strip` holding cell c, onto row y2. */
function startCone(
  s: Successors,
  root: number,
  exact: boolean,
  strip: number,
  c: number,
  y2: number,
  dir: number,
): boolean {
  const L = s.rows.runStart(strip, c);
  const R = s.rows.runEnd(strip, c);
  const { tx, ty } = s;
  if (ty > strip && ty < strip + 1 && tx >= L && tx <= R) {
    s.pushGoal(root, s.sx, s.sy, 0);
    return true;
  }
  const e = s.row;
  e.set(root, s.sx, s.sy, exact, y2, dir);
  e.g = 0;
  e.setInt(e.left, L);
  e.setInt(e.right, R);
  return s.emitAndAdmit();
}
