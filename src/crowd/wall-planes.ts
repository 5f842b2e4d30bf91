/**
 * Conservative velocity half-planes from the blocked cells around an agent, so that ORCA chooses
 * velocities that slide along walls instead of running into them (the final move check then
 * rarely has anything to refuse).
 *
 * For a blocked cell, let q be the point of its square nearest the agent's centre p, at distance
 * d along the unit vector n. The whole square lies beyond the line through q normal to n (it is
 * convex and q is its nearest point), so while the centre advances at most d - r along n, the
 * disc of radius r stays off the square. Over the wall horizon T that is the half-plane
 * v · n <= (d - r) / T. Velocity 0 satisfies every such half-plane, so together they are never
 * infeasible, and ORCA's 3D fallback can keep them all as hard constraints.
 */
import type { Grid } from '../grid/grid.js';
import type { HalfPlanes } from './orca.js';

/**
 * Appends the wall half-planes of the blocked (and outside) cells within `reach` tiles of the
 * agent at (x, y) with radius r. Cells farther than `reach` are left out: choose reach =
 * r + maxSpeed * horizon, beyond which a half-plane cannot cut the speed circle.
 *
 * A blocked cell whose neighbour towards the agent (in x or in y) is blocked too is skipped: that
 * neighbour's square lies between, and its half-plane already keeps the disc off this one.
 * Whatever `reach` and the position, it reads no cell beyond the map's ring of outside cells.
 *
 * @param invHorizon 1 / the wall horizon in seconds.
 * @returns the number of half-planes appended.
 */
export function pushWallPlanes(grid: Grid, lines: HalfPlanes, x: number, y: number, r: number, reach: number, invHorizon: number): number {
  const before = lines.count;
  const reachSq = reach * reach;
  // Within the map and the ring of outside cells round it: for an agent on the map, a cell
  // farther out lies behind an outside cell nearer the agent and is skipped below anyway (an agent
  // off the map is never asked: it touches a wall). So the scan costs at most the map's cells and
  // the ring, whatever the reach or the position.
  const x0 = Math.max(-1, Math.floor(x - reach));
  const x1 = Math.min(grid.width, Math.floor(x + reach));
  const y0 = Math.max(-1, Math.floor(y - reach));
  const y1 = Math.min(grid.height, Math.floor(y + reach));
  for (let cy = y0; cy <= y1; cy++) {
    for (let cx = x0; cx <= x1; cx++) {
      if (!grid.isBlocked(cx, cy)) continue;
      const qx = x < cx ? cx : x > cx + 1 ? cx + 1 : x;
      const qy = y < cy ? cy : y > cy + 1 ? cy + 1 : y;
      const ex = qx - x;
      const ey = qy - y;
      const dSq = ex * ex + ey * ey;
      if (dSq >= reachSq) continue;
      if (x < cx && grid.isBlocked(cx - 1, cy)) continue;
      if (x > cx + 1 && grid.isBlocked(cx + 1, cy)) continue;
      if (y < cy && grid.isBlocked(cx, cy - 1)) continue;
      if (y > cy + 1 && grid.isBlocked(cx, cy + 1)) continue;
      const d = Math.sqrt(dSq);
      let nx: number;
      let ny: number;
      if (d > 0) {
        nx = ex / d;
        ny = ey / d;
      } else {
        // On the square's edge or inside it: keep out of its centre's direction.
        const cxm = cx + 0.5 - x;
        const cym = cy + 0.5 - y;
        const m = Math.sqrt(cxm * cxm + cym * cym);
        nx = m > 0 ? cxm / m : 1;
        ny = m > 0 ? cym / m : 0;
      }
      const limit = Math.max(0, d - r) * invHorizon;
      // Permitted: v · n <= limit. As a line: through limit * n, direction n turned by -90°.
      lines.push(limit * nx, limit * ny, -ny, nx);
    }
  }
  return lines.count - before;
}
