/**
 * The wall-distance map's area refresh (issue 17: a tile edit refreshes only what it changed):
 * after seeded random edit sequences (cells blocked and freed, rectangles filled, several edits
 * between refreshes, edits in the middle of a sliced refresh), every value equals a brute-force
 * Chebyshev distance to the nearest blocked or outside cell on the final grid; and one edit on a
 * large open map costs a small share of a whole build.
 */
import { describe, expect, it } from 'vitest';
import { WallDistanceMap } from '../../../src/curves/footprint.js';
import { Grid } from '../../../src/grid/grid.js';
import { SteppedBuild } from '../../../src/search/stepped-build.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/**
 * The Chebyshev distance from each cell to the nearest blocked cell or the outside, by brute force:
 * rings of growing radius around the cell until one holds a blocked cell (or the edge is nearer).
 */
function bruteDistances(grid: Grid): number[] {
  const { width: w, height: h } = grid;
  const out: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const edge = Math.min(x + 1, y + 1, w - x, h - y);
      let d = 0;
      while (d < edge && !ringBlocked(grid, x, y, d)) d++;
      out.push(d);
    }
  }
  return out;
}

/** True when a cell at Chebyshev distance exactly d from (x, y), on the map, is blocked. */
function ringBlocked(grid: Grid, x: number, y: number, d: number): boolean {
  for (let by = y - d; by <= y + d; by++) {
    for (let bx = x - d; bx <= x + d; bx++) {
      if (Math.max(Math.abs(bx - x), Math.abs(by - y)) === d && grid.inBounds(bx, by) && grid.isBlocked(bx, by)) return true;
    }
  }
  return false;
}

/** One random edit: a cell blocked or freed, a small rectangle filled, or a cost (which moves no wall). */
function randomEdit(rng: Rng, grid: Grid): void {
  const x = rng.int(grid.width);
  const y = rng.int(grid.height);
  const roll = rng.next();
  if (roll < 0.4) grid.setBlocked(x, y, true);
  else if (roll < 0.8) grid.setBlocked(x, y, false);
  else if (roll < 0.92) {
    const blocked = rng.chance(0.5);
    grid.fill(x, y, rng.range(1, 4), rng.range(1, 4), () => blocked && rng.chance(0.7));
  } else grid.setCost(x, y, rng.range(1, 5));
}

describe('WallDistanceMap after tile edits', () => {
  it('equals the brute-force distances after random edit sequences, sliced refreshes and edits in their middle', () => {
    let refreshes = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      const rng = makeRng(seed);
      // Wide enough that a few edits' window stays under the whole-build share; open enough for long distances.
      const grid = randomGrid(rng, { width: rng.range(14, 40), height: rng.range(14, 40), density: rng.next() * 0.25 });
      const walls = new WallDistanceMap(grid).refresh();
      for (let round = 0; round < 4; round++) {
        const edits = rng.range(1, 4);
        for (let e = 0; e < edits; e++) randomEdit(rng, grid);
        // Sliced as a frame budget would; an edit between slices makes the next refresh whole.
        while (!walls.fresh) {
          const build = new SteppedBuild(walls.refreshWork());
          refreshes++;
          while (!build.done) {
            build.step(rng.range(1, 6));
            if (rng.chance(0.03)) randomEdit(rng, grid);
          }
        }
        expect(walls.fresh, `seed ${seed} round ${round}`).toBe(true);
        expect(Array.from(walls.values), `seed ${seed} round ${round}`).toEqual(bruteDistances(grid));
      }
    }
    expect(refreshes).toBeGreaterThan(4000);
  });

  it('refreshes one edit on a large open map with a small share of a whole build’s work', () => {
    const grid = Grid.fromPredicate(200, 200, (x, y) => (x * 7 + y * 13) % 97 === 0);
    const walls = new WallDistanceMap(grid).refresh();
    const whole = new SteppedBuild(new WallDistanceMap(grid).refreshWork()).step(Infinity);
    grid.setBlocked(100, 100, true);
    const area = new SteppedBuild(walls.refreshWork()).step(Infinity);
    expect(area).toBeLessThan(whole / 20);
    expect(Array.from(walls.values)).toEqual(bruteDistances(grid));
  });
});
