/**
 * Grids without tile costs, a unit wider than a cell: the centres' field guides the search and the
 * hybrid corridor where the eroded grid's way runs through a street no lattice state fits in, and a
 * corridor that runs dry is widened (the centres' way, then around the states it cut) before the
 * search falls back to the whole lattice.
 */
import { describe, expect, it } from 'vitest';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { CentreField } from '../../../src/directional/centre-field.js';
import { WallDistanceMap } from '../../../src/curves/footprint.js';
import { shrinkGrid } from '../../../src/directional/distance-field.js';
import { runBuild } from '../../../src/search/stepped-build.js';
import { Grid } from '../../../src/grid/grid.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { pathProblem } from '../../support/footprint-sampler.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** The demo's tank in its comparison view: 1.5 tiles wide, so a lattice state needs a street three cells wide. */
const TANK: UnitProfile = { turningRadius: 2, width: 1.5, reverse: true };

describe('the centres guide on a grid without tile costs', () => {
  it('finds the way round a street two cells wide, which the eroded grid holds and the lattice cannot drive, in few expansions', () => {
    // A wall 8 rows thick across a 40 x 30 map with a street two cells wide through it (columns 19
    // and 20: the disc fits only on the line between them, no cell centre does) and an opening five
    // cells wide at its right end. Before, the hybrid corridor ran down the street and fell back to
    // the whole lattice: 3,056 expansions (full mode 3,568, its estimate 20 tiles short).
    const grid = Grid.fromPredicate(40, 30, (x, y) => y >= 11 && y <= 18 && !(x === 19 || x === 20) && !(x >= 34 && x <= 38));
    const planner = new DirectionalPlanner(grid, TANK);
    const start = { x: 12.5, y: 4.5, heading: Math.PI / 2 };
    const goal = { x: 26.5, y: 25.5 };
    const lengths: number[] = [];
    for (const [mode, most] of [['hybrid', 300], ['full', 1000]] as const) {
      const r = planner.findPath(start, goal, { mode });
      expect(r.status, mode).toBe('found');
      expect(r.expanded, mode).toBeLessThan(most);
      expect(pathProblem(grid, r.segments.toJSON(), { start, goal, turningRadius: 2, sweepRadius: 0.75 }), mode).toBeNull();
      // Through the opening on the right: the straight line is 22.8 tiles.
      expect(r.length, mode).toBeGreaterThan(40);
      lengths.push(r.length);
    }
    expect(lengths[0]! / lengths[1]!).toBeLessThan(1.1);
  });

  it('finds a path in hybrid mode whenever full mode does, on seeded random maps where corridors run dry', () => {
    // Cluttered maps: the corridor holds no path for a few queries, and is widened (the centres'
    // way, then around the states it cut) and at last given up for the whole lattice.
    const rng = makeRng(71);
    let found = 0;
    let queries = 0;
    for (let t = 0; t < 40; t++) {
      const grid = randomGrid(rng, { width: rng.range(20, 36), height: rng.range(20, 36), density: 0.1 + rng.next() * 0.15 });
      const profile = rng.next() < 0.5 ? TANK : { turningRadius: 2, width: 0.8 };
      const sweepRadius = (profile.width ?? 0) / 2;
      const planner = new DirectionalPlanner(grid, profile);
      const shrunk = shrinkGrid(grid, sweepRadius);
      const free: number[] = [];
      for (let c = 0; c < grid.width * grid.height; c++) if (shrunk.cells[c] === 0) free.push(c);
      if (free.length < 2) continue;
      for (let q = 0; q < 6; q++) {
        const a = rng.pick(free);
        const b = rng.pick(free);
        const start = { x: (a % grid.width) + 0.5, y: Math.floor(a / grid.width) + 0.5, heading: rng.next() * 2 * Math.PI - Math.PI };
        const goal = { x: (b % grid.width) + 0.5, y: Math.floor(b / grid.width) + 0.5 };
        const full = planner.findPath(start, goal, { mode: 'full' });
        const hybrid = planner.findPath(start, goal, { mode: 'hybrid' });
        queries++;
        if (full.status !== 'found') continue;
        found++;
        expect(hybrid.status, `map ${t}, query ${q}: (${start.x}, ${start.y}, ${start.heading}) -> (${goal.x}, ${goal.y})`).toBe('found');
        expect(pathProblem(grid, hybrid.segments.toJSON(), { start, goal, turningRadius: 2, sweepRadius })).toBeNull();
      }
    }
    expect(queries).toBeGreaterThan(200);
    expect(found).toBeGreaterThan(10);
  });
});

describe('CentreField.mayDiffer', () => {
  it('is false exactly where no grid can make the centres differ from the grid itself (a disc no wider than a cell)', () => {
    const rng = makeRng(72);
    let differing = 0;
    for (let t = 0; t < 60; t++) {
      const grid = randomGrid(rng, { width: rng.range(4, 20), height: rng.range(4, 20), density: rng.next() * 0.4 });
      const radius = rng.pick([0.3, 0.45, 0.5 - 1e-6, 0.5, 0.5 + 1e-6, 0.6, 0.75]);
      const field = new CentreField(grid, radius);
      const walls = new WallDistanceMap(grid);
      runBuild(field.refreshWork(walls, shrinkGrid(grid, radius, walls)));
      let same = true;
      for (let c = 0; c < grid.width * grid.height; c++) if (field.centres.cells[c] !== grid.cells[c]) same = false;
      if (!CentreField.mayDiffer(radius)) {
        expect(same, `radius ${radius}, map ${t}`).toBe(true);
        expect(field.differs).toBe(false);
      } else if (!same) differing++;
    }
    expect(differing).toBeGreaterThan(10);
  });
});
