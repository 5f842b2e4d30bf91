/**
 * A table built in slices while the game edits a cell between every two slices must still finish
 * (issue 30, hostile point 3: the first build of the move table began again at every edit, so with
 * an edit a frame no unit's plan was ever answered).
 */
import { describe, expect, it } from 'vitest';
import { freeRunsOf } from '../../../src/anyangle/free-runs.js';
import { componentsOf } from '../../../src/grid/components.js';
import { Grid } from '../../../src/grid/grid.js';
import { cornerLineOfSight } from '../../../src/grid/line-of-sight.js';
import { CellLattice, CornerLattice } from '../../../src/search/lattice.js';
import { moveTableOf } from '../../../src/search/move-table.js';
import { makeRng } from '../../support/rng.js';

const SEED = 3003;

describe('the move table refreshed in slices under an edit per slice', () => {
  for (const kind of ['corner', 'cell'] as const) {
    it(`${kind} lattice: the refresh ends, and the table matches one built on the final grid`, () => {
      const rng = makeRng(SEED + (kind === 'cell' ? 1 : 0));
      const grid = Grid.fromPredicate(96, 64, () => rng.chance(0.2));
      const lattice = kind === 'corner' ? new CornerLattice(grid, 8) : new CellLattice(grid, 8);
      const table = moveTableOf(lattice);
      // An undisturbed first build takes this many pieces on a copy of the grid.
      const copy = grid.clone();
      const reference = moveTableOf(kind === 'corner' ? new CornerLattice(copy, 8) : new CellLattice(copy, 8));
      let quiet = 0;
      for (const work = reference.refreshWork(); !work.next().done; ) quiet++;
      expect(quiet).toBeGreaterThan(10);
      let pieces = 0;
      const work = table.refreshWork();
      while (!work.next().done) {
        pieces++;
        // An edit before every slice of two pieces, anywhere on the map.
        if (pieces % 2 === 0) {
          const x = rng.int(grid.width);
          const y = rng.int(grid.height);
          grid.setBlocked(x, y, !grid.isBlocked(x, y));
        }
        expect(pieces, 'the refresh ends').toBeLessThan(4 * quiet);
      }
      // The edits after the last piece are still marked; a fresh read records them.
      const bits = table.fresh();
      const truth = moveTableOf(kind === 'corner' ? new CornerLattice(grid.clone(), 8) : new CellLattice(grid.clone(), 8)).fresh();
      expect(Array.from(bits)).toEqual(Array.from(truth));
    });
  }

  it('a search in the middle of a sliced refresh reads a table true to the grid, and the refresh then ends', () => {
    const rng = makeRng(SEED + 2);
    const grid = Grid.fromPredicate(64, 48, () => rng.chance(0.25));
    const table = moveTableOf(new CornerLattice(grid, 8));
    const work = table.refreshWork();
    for (let i = 0; i < 5; i++) work.next();
    grid.setBlocked(10, 10, !grid.isBlocked(10, 10));
    const bits = Array.from(table.fresh());
    const truth = Array.from(moveTableOf(new CornerLattice(grid.clone(), 8)).fresh());
    expect(bits).toEqual(truth);
    let left = 0;
    while (!work.next().done) left++;
    expect(left).toBeLessThan(3);
    expect(Array.from(table.fresh())).toEqual(truth);
  });

  it('two refreshes paused in turn share the work and leave the table true', () => {
    const rng = makeRng(SEED + 3);
    const grid = Grid.fromPredicate(64, 48, () => rng.chance(0.25));
    const table = moveTableOf(new CornerLattice(grid, 8));
    const a = table.refreshWork();
    const b = table.refreshWork();
    let aDone = false;
    let bDone = false;
    for (let i = 0; !(aDone && bDone) && i < 10_000; i++) {
      if (!aDone) aDone = a.next().done === true;
      if (!bDone) bDone = b.next().done === true;
      if (i % 7 === 0) grid.setBlocked(rng.int(64), rng.int(48), rng.chance(0.5));
    }
    expect(aDone && bDone).toBe(true);
    expect(Array.from(table.fresh())).toEqual(Array.from(moveTableOf(new CornerLattice(grid.clone(), 8)).fresh()));
  });
});

describe('the other tables a plan waits for, refreshed in slices under an edit per slice', () => {
  it('free runs: the refresh ends, and line of sight then matches the exact test', () => {
    const rng = makeRng(SEED + 4);
    const grid = Grid.fromPredicate(160, 120, () => rng.chance(0.15));
    const runs = freeRunsOf(grid);
    let quiet = 0;
    for (const work = freeRunsOf(grid.clone()).refreshWork(); !work.next().done; ) quiet++;
    expect(quiet).toBeGreaterThan(10);
    let pieces = 0;
    for (const work = runs.refreshWork(); !work.next().done; ) {
      pieces++;
      if (pieces % 2 === 0) {
        const x = rng.int(grid.width);
        const y = rng.int(grid.height);
        grid.setBlocked(x, y, !grid.isBlocked(x, y));
      }
      expect(pieces, 'the refresh ends').toBeLessThan(4 * quiet);
    }
    // Edits after the last pass are marked: a query refreshes them itself.
    for (let i = 0; i < 3000; i++) {
      const [x0, y0, x1, y1] = [rng.int(161), rng.int(121), rng.int(161), rng.int(121)];
      expect(runs.sight(x0, y0, x1, y1), `${x0},${y0} ${x1},${y1}`).toBe(cornerLineOfSight(grid, x0, y0, x1, y1));
    }
  });

  it('region table: the first build ends, and its verdicts then match a table built on the final grid', () => {
    const rng = makeRng(SEED + 5);
    const grid = Grid.fromPredicate(160, 120, () => rng.chance(0.3));
    const table = componentsOf(grid);
    let quiet = 0;
    for (const work = componentsOf(grid.clone()).refreshWork(); !work.next().done; ) quiet++;
    expect(quiet).toBeGreaterThan(10);
    let pieces = 0;
    for (const work = table.refreshWork(); !work.next().done; ) {
      pieces++;
      if (pieces % 2 === 0) {
        const x = rng.int(grid.width);
        const y = rng.int(grid.height);
        grid.setBlocked(x, y, !grid.isBlocked(x, y));
      }
      expect(pieces, 'the refresh ends').toBeLessThan(4 * quiet);
    }
    const truth = componentsOf(grid.clone());
    expect(table.size).toBe(truth.size);
    for (let i = 0; i < 3000; i++) {
      const a = rng.int(grid.cells.length);
      const b = rng.int(grid.cells.length);
      expect(table.sameCell(a, b)).toBe(truth.sameCell(a, b));
    }
  });
});
