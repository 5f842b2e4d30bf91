/**
 * The directional planner's tables after tile edits (issue 17: a tile edit refreshes only what it
 * changed). After seeded random edit sequences (cells blocked and freed, rectangles filled, tile
 * costs, several edits between refreshes, edits in the middle of a sliced refresh), every table
 * equals a build from scratch on the final grid: wall distances, padded bitmaps, the shrunk grid
 * (cells and costs), its move bits, and its regions up to renaming (the same partition); and
 * queries (the reachability proof on from the first expansion, reading those tables) get the
 * status and cost of the exhaustive search on a copy of the final grid.
 */
import { describe, expect, it } from 'vitest';
import { WallDistanceMap } from '../../../src/curves/footprint.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { shrinkGrid } from '../../../src/directional/distance-field.js';
import { PaddedGrid } from '../../../src/directional/padded-grid.js';
import { RegionLabels } from '../../../src/directional/regions.js';
import type { Grid } from '../../../src/grid/grid.js';
import { CornerLattice } from '../../../src/search/lattice.js';
import { moveTableOf } from '../../../src/search/move-table.js';
import { runBuild } from '../../../src/search/stepped-build.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** The planner's private tables, as this test reads them. */
interface Tables {
  walls: WallDistanceMap;
  padded: PaddedGrid;
  shrunk: Grid;
  regions: RegionLabels;
  field: { moves: { bits: Uint8Array } };
}

function tablesOf(planner: DirectionalPlanner): Tables {
  return planner as unknown as Tables;
}

/** One random edit: a cell blocked or freed, a small rectangle filled, or a tile cost. */
function randomEdit(rng: Rng, grid: Grid): void {
  const x = rng.int(grid.width);
  const y = rng.int(grid.height);
  const roll = rng.next();
  if (roll < 0.35) grid.setBlocked(x, y, true);
  else if (roll < 0.7) grid.setBlocked(x, y, false);
  else if (roll < 0.85) {
    const blocked = rng.chance(0.5);
    grid.fill(x, y, rng.range(1, 3), rng.range(1, 3), () => blocked && rng.chance(0.7));
  } else grid.setCost(x, y, rng.chance(0.3) ? 1 : rng.range(1, 4));
}

/** The free cells' partition by `same`, as one representative cell per cell (-1 for blocked cells). */
function partition(grid: Grid, same: (i: number, j: number) => boolean): number[] {
  const reps: number[] = [];
  const out: number[] = [];
  for (let i = 0; i < grid.cells.length; i++) {
    if (grid.cells[i] === 1) {
      out.push(-1);
      continue;
    }
    let rep = reps.find((r) => same(i, r));
    if (rep === undefined) reps.push((rep = i));
    out.push(rep);
  }
  return out;
}

/** Every table of `planner` against a build from scratch on a copy of its grid. */
function expectTablesFresh(planner: DirectionalPlanner, grid: Grid, where: string): void {
  const t = tablesOf(planner);
  const copy = grid.clone();
  expect(Array.from(t.walls.values), `${where}: wall distances`).toEqual(Array.from(new WallDistanceMap(copy).refresh().values));
  const padded = new PaddedGrid();
  padded.padFor(copy, planner.moves);
  runBuild(padded.fillWork(copy));
  expect(t.padded.pad, where).toBe(padded.pad);
  expect(Array.from(t.padded.bytes), `${where}: padded bytes`).toEqual(Array.from(padded.bytes));
  expect(Array.from(t.padded.bits), `${where}: padded bits`).toEqual(Array.from(padded.bits));
  const shrunk = shrinkGrid(copy, planner.profile.sweepRadius);
  expect(t.shrunk.toAscii(), `${where}: shrunk cells`).toEqual(shrunk.toAscii());
  const costs = (g: Grid): number[] => Array.from({ length: g.cells.length }, (_, i) => g.cost(i % g.width, Math.floor(i / g.width)));
  expect(costs(t.shrunk), `${where}: shrunk costs`).toEqual(costs(shrunk));
  expect(Array.from(t.field.moves.bits), `${where}: move bits`).toEqual(Array.from(moveTableOf(new CornerLattice(shrunk, 8)).fresh()));
  const regions = new RegionLabels();
  runBuild(regions.labelWork(shrunk));
  expect(partition(shrunk, (i, j) => t.regions.same(i, j)), `${where}: regions`).toEqual(partition(shrunk, (i, j) => regions.same(i, j)));
}

const PROFILES: UnitProfile[] = [
  { turningRadius: 1, width: 0.8 },
  { turningRadius: 1.5, width: 1.6, reverse: true },
  { turningRadius: 1, width: 2.6 },
];

describe('directional tables after tile edits', () => {
  it('equal a build from scratch after random edit sequences, with edits in the middle of sliced refreshes', () => {
    let rounds = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const rng = makeRng(seed);
      const profile = PROFILES[seed % PROFILES.length]!;
      const grid = randomGrid(rng, { width: rng.range(18, 34), height: rng.range(18, 34), density: rng.next() * 0.2 });
      const planner = new DirectionalPlanner(grid, profile, { headings: 8 });
      planner.buildTables();
      for (let round = 0; round < 8; round++) {
        const edits = rng.range(1, 4);
        for (let e = 0; e < edits; e++) randomEdit(rng, grid);
        // Sliced as a frame budget would, with edits between slices now and then.
        for (let slices = 0; !planner.tablesReady(); slices++) {
          planner.buildTables(rng.range(1, 40));
          if (slices < 6 && rng.chance(0.15)) randomEdit(rng, grid);
        }
        expectTablesFresh(planner, grid, `seed ${seed} round ${round}`);
        rounds++;
      }
    }
    expect(rounds).toBe(960);
  });

  it('answers queries as the exhaustive search on the final grid does', () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rng = makeRng(1000 + seed);
      const profile = PROFILES[seed % PROFILES.length]!;
      const grid = randomGrid(rng, { width: rng.range(16, 24), height: rng.range(16, 24), density: rng.next() * 0.3 });
      const planner = new DirectionalPlanner(grid, profile, { headings: 8, proofAfter: 0 });
      planner.buildTables();
      for (let round = 0; round < 4; round++) {
        for (let e = rng.range(1, 5); e > 0; e--) randomEdit(rng, grid);
        for (let slices = 0; !planner.tablesReady(); slices++) {
          planner.buildTables(rng.range(1, 40));
          if (slices < 4 && rng.chance(0.2)) randomEdit(rng, grid);
        }
        // The proof off: the search expands every reachable state before it answers no.
        const exhaustive = new DirectionalPlanner(grid.clone(), profile, { headings: 8, proofAfter: Infinity });
        for (let q = 0; q < 3; q++) {
          const start = { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5, heading: (rng.int(8) * Math.PI) / 4 };
          const goal = { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5 };
          const a = planner.findPath(start, goal);
          const b = exhaustive.findPath(start, goal);
          expect(a.status, `seed ${seed} round ${round} query ${q}`).toBe(b.status);
          expect(a.cost, `seed ${seed} round ${round} query ${q}`).toBeCloseTo(b.cost, 9);
          compared++;
        }
      }
    }
    expect(compared).toBe(480);
  });
});
