/**
 * Is the rest of a point unit's straight-segment path still legal on the grid as it is now?
 * Checked on the points the planner checked, so that rounding never reads as a wall.
 */
import type { Grid } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import type { Point } from '../grid/point.js';
import type { SegmentPath } from '../curves/segment-path.js';

/**
 * A coordinate this close (tiles) to a grid line is taken to lie on it. A point rebuilt from a
 * start, a heading and a length (cos(π/2) is 6e-17, not 0) lands up to ~1e-14 tiles off the line
 * it was meant to be on, which is enough to enter a wall it runs along; a real position this
 * close to a grid line differs from one on it by nothing a player could see.
 */
export const LATTICE_SNAP = 1e-9;

/** `v`, or the grid line it lies within {@link LATTICE_SNAP} of. */
export function snapToLattice(v: number): number {
  const n = Math.round(v);
  return Math.abs(v - n) <= LATTICE_SNAP ? n : v;
}

/** `p` with each coordinate snapped to a grid line it lies on up to rounding. */
export function snapPoint(p: Readonly<Point>): Point {
  return { x: snapToLattice(p.x), y: snapToLattice(p.y) };
}

/**
 * True when a point unit at distance `from` along `path` cannot drive the rest of it on `grid`
 * (the grid rule's line of sight, segment by segment).
 *
 * Each segment is checked between its stored start and the next segment's stored start (the last
 * one to the path's end snapped to the grid lines): the points the planner checked, not ends
 * rebuilt from heading and length. The segment the unit is on is blocked only when both the
 * whole segment and the part ahead of the unit are: the unit's own position is rebuilt and may
 * graze a wall the segment only touches, and a wall on the whole segment may lie behind the unit.
 * A real block ahead fails both checks (rounding cannot carry a path out of a wall it crosses).
 */
export function polylineBlocked(grid: Grid, path: SegmentPath, from = 0): boolean {
  const segments = path.segments;
  let at = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const next = at + s.length;
    if (next > from) {
      const b = i + 1 < segments.length ? segments[i + 1]! : snapPoint(path.end);
      if (!lineOfSight(grid, s.x, s.y, b.x, b.y)) {
        if (from <= at) return true;
        const p = snapPoint(path.sample(from));
        if (!lineOfSight(grid, p.x, p.y, b.x, b.y)) return true;
      }
    }
    at = next;
  }
  return false;
}
