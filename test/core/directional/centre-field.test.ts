/**
 * CentreField: the grid as the lattice's centres see it (a cell blocked where the unit's disc at
 * its centre touches a blocked or outside cell), against a point-to-square distance test of its
 * own; kept up to date through edits; and the planner's weighted search guided by it where a road
 * is too narrow for the centres.
 */
import { describe, expect, it } from 'vitest';
import { CentreField } from '../../../src/directional/centre-field.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { shrinkGrid } from '../../../src/directional/distance-field.js';
import { WallDistanceMap } from '../../../src/curves/footprint.js';
import { Grid } from '../../../src/grid/grid.js';
import { runBuild } from '../../../src/search/stepped-build.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Distance from point (px, py) to the square of cell (x, y). */
function squareDistance(px: number, py: number, x: number, y: number): number {
  const dx = Math.max(x - px, 0, px - (x + 1));
  const dy = Math.max(y - py, 0, py - (y + 1));
  return Math.hypot(dx, dy);
}

/** True when the disc of `radius` at the centre of (cx, cy) reaches a blocked or outside cell (radii chosen off every tangency). */
function centreBlocked(grid: Grid, cx: number, cy: number, radius: number): boolean {
  const reach = Math.ceil(radius) + 1;
  for (let y = cy - reach; y <= cy + reach; y++) {
    for (let x = cx - reach; x <= cx + reach; x++) {
      const blocked = x < 0 || y < 0 || x >= grid.width || y >= grid.height || grid.isBlocked(x, y);
      if (blocked && squareDistance(cx + 0.5, cy + 0.5, x, y) < radius) return true;
    }
  }
  return false;
}

function check(grid: Grid, field: CentreField, radius: number, label: string): void {
  let differs = false;
  const shrunk = shrinkGrid(grid, radius);
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      const blocked = centreBlocked(grid, x, y, radius);
      expect(field.centres.isBlocked(x, y), `${label}: cell (${x}, ${y})`).toBe(blocked);
      expect(field.centres.cost(x, y), `${label}: cost of (${x}, ${y})`).toBe(grid.cost(x, y));
      if (blocked && !shrunk.isBlocked(x, y)) differs = true;
    }
  }
  expect(field.differs, label).toBe(differs);
}

describe('CentreField', () => {
  it('blocks the cells whose centre the disc cannot take, keeps the costs, and says whether it differs from the eroded grid', () => {
    const rng = makeRng(2101);
    let blockedOnly = 0;
    for (let trial = 0; trial < 24; trial++) {
      const grid = randomGrid(rng, { width: 8 + rng.int(24), height: 8 + rng.int(24), density: 0.05 + 0.2 * rng.next() });
      grid.fillCosts(0, 0, grid.width, grid.height, () => 1 + rng.int(4));
      // Off every tangency (centre to a cell is 0.5, 0.707, 1.5, 1.58, ...).
      const radius = rng.pick([0.3, 0.45, 0.6, 0.75, 1.2, 1.9]);
      const walls = new WallDistanceMap(grid);
      const field = new CentreField(grid, radius);
      runBuild(field.refreshWork(walls, shrinkGrid(grid, radius, walls)));
      expect(field.fresh()).toBe(true);
      check(grid, field, radius, `trial ${trial}, radius ${radius}`);
      for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) if (field.centres.isBlocked(x, y) && !grid.isBlocked(x, y)) blockedOnly++;
      // Edits: a wall, a freed cell, a cost; the refresh writes what changed.
      grid.setBlocked(rng.int(grid.width), rng.int(grid.height), true);
      grid.setBlocked(rng.int(grid.width), rng.int(grid.height), false);
      grid.setCost(rng.int(grid.width), rng.int(grid.height), 7);
      expect(field.fresh()).toBe(false);
      runBuild(walls.refreshWork());
      runBuild(field.refreshWork(walls, shrinkGrid(grid, radius, walls)));
      check(grid, field, radius, `trial ${trial} after edits`);
    }
    // The discs blocked free cells, not only the walls.
    expect(blockedOnly).toBeGreaterThan(100);
  });

  it('guides the weighted search where the centres cannot use a road the eroded grid can', () => {
    // A road (cost 1) one cell wide beside a row of houses, grass (cost 2) above: a tank's disc
    // (radius 0.75) at a road cell's centre touches the houses, so no lattice path uses the road,
    // while the eroded grid keeps it (a pose a quarter tile off the centre fits). Without the
    // centres' field the search believed the road and closed 3,006 states (1,420 in hybrid mode)
    // before it drove straight along the grass.
    const grid = Grid.fromPredicate(48, 20, (x, y) => y === 12 && x % 6 !== 0);
    grid.fillCosts(0, 0, 48, 20, (_, y) => (y === 11 ? 1 : 2));
    const planner = new DirectionalPlanner(grid, { turningRadius: 2, width: 1.5, reverse: true });
    for (const mode of ['full', 'hybrid'] as const) {
      const r = planner.findPath({ x: 2.5, y: 6.5, heading: 0 }, { x: 45.5, y: 6.5 }, { mode });
      expect(r.status).toBe('found');
      expect(r.expanded, mode).toBeLessThan(20);
      // Straight along the grass: 43 tiles at cost 2.
      expect(r.cost).toBeCloseTo(86, 6);
    }
  });
  it('aims at the nearest centre the disc can take that the unit can drive to within the ring', () => {
    // Independent truth: the cells within the ring that the unit's centre reaches from the goal's
    // cell over free cells of the eroded grid (sharing an edge), grown to a fixed point by sweeps,
    // then the nearest free centre by a scan (first in row order on a tie).
    const rng = makeRng(2102);
    let found = 0;
    let acrossWall = 0;
    for (let trial = 0; trial < 40; trial++) {
      const grid = randomGrid(rng, { width: 6 + rng.int(20), height: 6 + rng.int(20), density: 0.1 + 0.3 * rng.next() });
      const radius = rng.pick([0.45, 0.6, 0.75, 1.2]);
      const walls = new WallDistanceMap(grid);
      const shrunk = shrinkGrid(grid, radius, walls);
      const field = new CentreField(grid, radius);
      runBuild(field.refreshWork(walls, shrunk));
      for (let q = 0; q < 30; q++) {
        const px = rng.next() * grid.width;
        const py = rng.next() * grid.height;
        const ring = 1 + rng.int(4);
        const gx = Math.floor(px);
        const gy = Math.floor(py);
        const inRing = (x: number, y: number): boolean => Math.abs(x - gx) <= ring && Math.abs(y - gy) <= ring && x >= 0 && y >= 0 && x < grid.width && y < grid.height;
        const reached = new Set<number>();
        if (!shrunk.isBlocked(gx, gy)) reached.add(gy * grid.width + gx);
        for (let grew = true; grew; ) {
          grew = false;
          for (let y = gy - ring; y <= gy + ring; y++) {
            for (let x = gx - ring; x <= gx + ring; x++) {
              const i = y * grid.width + x;
              if (!inRing(x, y) || reached.has(i) || shrunk.isBlocked(x, y)) continue;
              const near = [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => inRing(x + dx!, y + dy!) && reached.has((y + dy!) * grid.width + x + dx!));
              if (near) {
                reached.add(i);
                grew = true;
              }
            }
          }
        }
        let want = -1;
        let best = Infinity;
        for (let y = 0; y < grid.height; y++) {
          for (let x = 0; x < grid.width; x++) {
            const d = Math.hypot(x + 0.5 - px, y + 0.5 - py);
            if (reached.has(y * grid.width + x) && !field.centres.isBlocked(x, y) && d < best) {
              best = d;
              want = y * grid.width + x;
            }
            // A free centre in the ring the unit cannot drive to: the rule must skip it.
            if (inRing(x, y) && !field.centres.isBlocked(x, y) && !reached.has(y * grid.width + x)) acrossWall++;
          }
        }
        expect(field.approachCell(px, py, ring, shrunk), `trial ${trial}, point (${px}, ${py}), ring ${ring}`).toBe(want);
        if (want >= 0) found++;
      }
    }
    expect(found).toBeGreaterThan(300);
    expect(acrossWall).toBeGreaterThan(100);
  });

  it('guides the weighted search to a goal in a street too narrow for the centres, from the nearest centre they can take', () => {
    // A street two cells wide (cost 1) winds through a block of houses from the grass below
    // (cost 2) and opens at its east end; the goal is in it, two cells from that end. The tank's
    // disc (radius 0.75) takes no centre of the street, so the lattice drives round by the grass
    // and turns in at the end, while the eroded grid's field leads along the street. The goal's
    // cell is not a centre the disc takes: without aiming the centres' field at the nearest one
    // that is (east of the end, 3 cells away) the search closed 1,953 states (781 hybrid).
    const street = (x: number, y: number): boolean =>
      ((x === 2 || x === 3) && y >= 4 && y <= 13) ||
      ((y === 4 || y === 5) && x >= 2 && x <= 20) ||
      ((x === 19 || x === 20) && y >= 4 && y <= 11) ||
      ((y === 10 || y === 11) && x >= 19 && x <= 40);
    const grid = Grid.fromPredicate(48, 20, (x, y) => y >= 2 && y <= 13 && x <= 40 && !street(x, y));
    grid.fillCosts(0, 0, 48, 20, (x, y) => (street(x, y) ? 1 : 2));
    const planner = new DirectionalPlanner(grid, { turningRadius: 2, width: 1.5, reverse: true });
    for (const [mode, most] of [['full', 1000], ['hybrid', 100]] as const) {
      const r = planner.findPath({ x: 3.5, y: 17.5, heading: 0 }, { x: 39.5, y: 11 }, { mode });
      expect(r.status).toBe('found');
      expect(r.expanded, mode).toBeLessThan(most);
      // Round by the grass: about 40 tiles at cost 2, then the street's last tiles at 1.
      expect(r.cost, mode).toBeLessThan(95);
    }
  });
});
