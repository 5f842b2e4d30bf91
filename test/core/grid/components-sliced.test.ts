/**
 * The region table brought up to date in slices after tile edits (issue 17: a tile edit refreshes
 * only what it changed): with edits and queries between the slices, the finished table holds the
 * same partition as a flood of the final grid, and each slice reports at most one piece.
 */
import { describe, expect, it } from 'vitest';
import { Components } from '../../../src/grid/components.js';
import type { Grid } from '../../../src/grid/grid.js';
import { SteppedBuild } from '../../../src/search/stepped-build.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** Work units of the largest piece a slice may do (`MAX_PIECE_UNITS`). */
const PIECE = 64;

/** True when two tables split the free cells alike: the same cells blocked, and labels in one-to-one correspondence. */
function samePartition(grid: Grid, a: Components, b: Components): boolean {
  const ab = new Map<number, number>();
  const ba = new Map<number, number>();
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      const la = a.labelOfCell(x, y);
      const lb = b.labelOfCell(x, y);
      if ((la < 0) !== (lb < 0)) return false;
      if (la < 0) continue;
      if ((ab.get(la) ?? lb) !== lb || (ba.get(lb) ?? la) !== la) return false;
      ab.set(la, lb);
      ba.set(lb, la);
    }
  }
  return true;
}

function randomEdit(rng: Rng, grid: Grid): void {
  const x = rng.int(grid.width);
  const y = rng.int(grid.height);
  if (rng.chance(0.8)) grid.setBlocked(x, y, rng.chance(0.5));
  else {
    const blocked = rng.chance(0.5);
    grid.fill(x, y, rng.range(1, 6), rng.range(1, 6), () => blocked && rng.chance(0.6));
  }
}

describe('Components.refreshWork after tile edits', () => {
  it('ends with the partition of a fresh flood, with edits and queries between slices', () => {
    let slices = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const rng = makeRng(seed);
      const grid = randomGrid(rng, { width: rng.range(16, 40), height: rng.range(16, 40), density: rng.next() * 0.45 });
      const table = new Components(grid);
      new SteppedBuild(table.refreshWork()).finish();
      for (let round = 0; round < 5; round++) {
        for (let e = rng.range(1, 6); e > 0; e--) randomEdit(rng, grid);
        while (!table.fresh) {
          const build = new SteppedBuild(table.refreshWork());
          while (!build.done) {
            const allowance = rng.range(1, 3);
            expect(build.step(allowance)).toBeLessThanOrEqual(allowance + PIECE);
            slices++;
            // A query meanwhile brings the table up to date itself; an edit may follow it.
            if (rng.chance(0.1)) table.sameCell(rng.int(grid.cells.length), rng.int(grid.cells.length));
            if (rng.chance(0.1)) randomEdit(rng, grid);
          }
        }
        expect(samePartition(grid, table, new Components(grid.clone())), `seed ${seed} round ${round}`).toBe(true);
      }
    }
    expect(slices).toBeGreaterThan(2000);
  });
});
