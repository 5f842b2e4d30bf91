/**
 * The grid tables an infantry order reads (region table, move table, free runs, wall distances)
 * built as resumable work: stepped in small slices, with tile edits and queries while a build is
 * paused, they end equal to the truth; through the navigator, a first order on a large map
 * spreads them over frames within the budget and waits for them.
 */
import { describe, expect, it } from 'vitest';
import { Components } from '../../../src/grid/components.js';
import { Grid } from '../../../src/grid/grid.js';
import { cornerLineOfSight } from '../../../src/grid/line-of-sight.js';
import { FreeRuns } from '../../../src/anyangle/free-runs.js';
import { CornerLattice } from '../../../src/search/lattice.js';
import { MoveTable } from '../../../src/search/move-table.js';
import { MAX_PIECE_UNITS, SteppedBuild } from '../../../src/search/stepped-build.js';
import { componentsOf } from '../../../src/grid/components.js';
import { pathHitsBlocked } from '../../../src/curves/footprint.js';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Pose } from '../../../src/curves/segment.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** 4-connected labels of the free cells by breadth-first search: the truth for the region table. */
function bruteLabels(grid: Grid): Int32Array {
  const { width, height, cells } = grid;
  const labels = new Int32Array(cells.length).fill(-1);
  let next = 0;
  for (let s = 0; s < cells.length; s++) {
    if (cells[s] === 1 || labels[s] >= 0) continue;
    const queue = [s];
    labels[s] = next;
    while (queue.length > 0) {
      const i = queue.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const n = ny * width + nx;
        if (cells[n] === 0 && labels[n] < 0) {
          labels[n] = next;
          queue.push(n);
        }
      }
    }
    next++;
  }
  return labels;
}

/**
 * Steps `build` in random small slices, editing a few random cells and asking `query` now and then
 * between steps; returns the steps. Throws when a step does more than its slice or one piece.
 */
function stepWithEdits(rng: Rng, grid: Grid, build: SteppedBuild<void>, query: () => void): number {
  let steps = 0;
  while (!build.done) {
    const slice = rng.range(1, 3 * MAX_PIECE_UNITS);
    const used = build.step(slice);
    if (used > Math.max(slice, MAX_PIECE_UNITS)) throw new Error(`a step of ${slice} units did ${used}: a piece dearer than ${MAX_PIECE_UNITS}`);
    steps++;
    if (build.done) break;
    if (rng.chance(0.1)) grid.setBlocked(rng.int(grid.width), rng.int(grid.height), rng.chance(0.5));
    if (rng.chance(0.05)) query();
  }
  return steps;
}

describe('sliced region table', () => {
  it('ends equal to a breadth-first labelling, with edits and queries while paused (300 seeded grids)', () => {
    let paused = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rng = makeRng(seed);
      const grid = randomGrid(rng, { width: rng.range(20, 90), height: rng.range(20, 90) });
      const table = new Components(grid);
      // Half the cases: a table built once, then a change too large to update cell by cell.
      if (seed % 2 === 0) {
        expect(table.size).toBeGreaterThanOrEqual(0);
        grid.fill(0, 0, grid.width, Math.ceil(grid.height / 3), () => rng.chance(0.3));
      }
      const steps = stepWithEdits(rng, grid, new SteppedBuild(table.refreshWork()), () => table.connected(0.5, 0.5, 1.5, 1.5));
      if (steps > 1) paused++;
      expect(table.fresh, `seed ${seed}`).toBe(true);
      const truth = bruteLabels(grid);
      // One table label per true component, and no two components sharing one.
      const labelOf = new Map<number, number>();
      const componentOf = new Map<number, number>();
      let wrong = '';
      for (let i = 0; i < truth.length && wrong === ''; i++) {
        const label = table.labelOfCell(i % grid.width, Math.floor(i / grid.width));
        if (label < 0 !== truth[i]! < 0) wrong = `cell ${i}: label ${label}, truth ${truth[i]}`;
        if (label < 0) continue;
        if ((labelOf.get(truth[i]!) ?? label) !== label || (componentOf.get(label) ?? truth[i]) !== truth[i]) wrong = `cell ${i}: label ${label} joins or splits components`;
        labelOf.set(truth[i]!, label);
        componentOf.set(label, truth[i]!);
      }
      expect(wrong, `seed ${seed}`).toBe('');
    }
    expect(paused).toBeGreaterThan(250);
  });
});

describe('sliced free runs', () => {
  it('answer as cornerLineOfSight does, with edits and queries while paused (200 seeded grids)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rng = makeRng(1000 + seed);
      const grid = randomGrid(rng, { width: rng.range(10, 60), height: rng.range(10, 60) });
      const runs = new FreeRuns(grid);
      stepWithEdits(rng, grid, new SteppedBuild(runs.refreshWork()), () => runs.sight(0, 0, 1, 1));
      expect(runs.fresh, `seed ${seed}`).toBe(true);
      for (let q = 0; q < 200; q++) {
        const [x0, y0, x1, y1] = [rng.int(grid.width + 1), rng.int(grid.height + 1), rng.int(grid.width + 1), rng.int(grid.height + 1)];
        expect(runs.sight(x0, y0, x1, y1), `seed ${seed}: (${x0}, ${y0}) to (${x1}, ${y1})`).toBe(cornerLineOfSight(grid, x0, y0, x1, y1));
      }
    }
  });
});

describe('sliced move table', () => {
  it('ends equal to a table built in one go on a copy of the grid, with edits while paused (200 seeded grids)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rng = makeRng(2000 + seed);
      const grid = randomGrid(rng, { width: rng.range(10, 60), height: rng.range(10, 60) });
      const table = new MoveTable(new CornerLattice(grid, 8));
      stepWithEdits(rng, grid, new SteppedBuild(table.refreshWork()), () => table.exits(0));
      const copy = Grid.fromPredicate(grid.width, grid.height, (x, y) => grid.isBlocked(x, y));
      const truth = new MoveTable(new CornerLattice(copy, 8)).fresh();
      // Stale nodes left behind would be rebuilt by `fresh`; a second build must find none.
      const again = new SteppedBuild(table.refreshWork());
      expect(again.step(Infinity), `seed ${seed}`).toBe(0);
      expect(Array.from(table.fresh()), `seed ${seed}`).toEqual(Array.from(truth));
    }
  });
});

describe('an infantry order on a map with no tables yet', () => {
  /** A 200 x 200 map with walls across it, each with a gap, so paths are long. */
  function walledMap(): Grid {
    return Grid.fromPredicate(200, 200, (x, y) => (y % 40 === 20 && (x + y) % 200 > 12) || (x % 50 === 25 && y % 40 > 30));
  }

  it('builds the tables over several frames within the budget, the order waiting, and plans around an edit made meanwhile', () => {
    const grid = walledMap();
    const budget = 400;
    const nav = new Navigator(grid, { read: (u: Pose) => ({ ...u }), write: (u, p) => Object.assign(u, p) }, { budget: { expansions: budget } });
    const unit: Pose = { x: 2.5, y: 2.5, heading: 0 };
    nav.addUnit(unit, { speed: 4, width: 0.6 });
    const move = nav.moveTo(unit, { x: 190.5, y: 190.5 });
    const regions = componentsOf(grid);
    const frames: number[] = [];
    let tablesFrames = 0;
    for (let f = 0; f < 600 && move.state === 'planning'; f++) {
      // A wall across the gap of the first wall while the tables are being built.
      if (f === 3) grid.fill(180, 20, 7, 1, () => true);
      frames.push(nav.update(1 / 60).expansions);
      if (!regions.fresh) tablesFrames++;
    }
    expect(move.state).toBe('moving');
    // The region table alone is about 40,000 cells: more than one frame's budget.
    expect(tablesFrames).toBeGreaterThan(3);
    for (const units of frames) expect(units).toBeLessThanOrEqual(budget + MAX_PIECE_UNITS);
    expect(pathHitsBlocked(grid, move.path!, 0.3)).toBe(false);
  });
});
