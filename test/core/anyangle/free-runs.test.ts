import { describe, expect, it } from 'vitest';
import { FreeRuns, freeRunsOf } from '../../../src/anyangle/free-runs.js';
import { Grid } from '../../../src/grid/grid.js';
import { bruteLineOfSight } from '../../support/brute-los.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** Seeded sweeps over thousands of cases: generous on a busy machine. */
const SLOW = { timeout: 120_000 };

function checkSegments(rng: Rng, grid: Grid, runs: FreeRuns, count: number, label: string): number {
  let visible = 0;
  for (let i = 0; i < count; i++) {
    const [x0, y0] = [rng.int(grid.width + 1), rng.int(grid.height + 1)];
    // A third of the segments run along a grid line, where the edge clause decides.
    const along = rng.int(6);
    const x1 = along === 0 ? x0 : rng.int(grid.width + 1);
    const y1 = along === 1 ? y0 : rng.int(grid.height + 1);
    const expected = bruteLineOfSight(grid, x0, y0, x1, y1);
    expect(runs.sight(x0, y0, x1, y1), `${label}: (${x0}, ${y0}) -> (${x1}, ${y1}) on\n${grid.toAscii().join('\n')}`).toBe(expected);
    if (expected) visible++;
  }
  return visible;
}

describe('FreeRuns line of sight', () => {
  it('agrees with the brute force on random grids and corner pairs', SLOW, () => {
    const rng = makeRng(4000);
    let visible = 0;
    let total = 0;
    for (let t = 0; t < 400; t++) {
      const grid = randomGrid(rng, rng.chance(0.2) ? { width: rng.range(20, 64), height: rng.range(20, 64) } : {});
      visible += checkSegments(rng, grid, new FreeRuns(grid), 25, `seed 4000 grid ${t}`);
      total += 25;
    }
    expect(visible).toBeGreaterThan(total / 5);
    expect(visible).toBeLessThan(total - total / 5);
  });

  it('follows the grid through setBlocked and fill', SLOW, () => {
    const rng = makeRng(4001);
    for (let t = 0; t < 60; t++) {
      const grid = randomGrid(rng, { width: rng.range(2, 30), height: rng.range(2, 30) });
      const runs = freeRunsOf(grid);
      expect(freeRunsOf(grid)).toBe(runs);
      checkSegments(rng, grid, runs, 10, `seed 4001 grid ${t} before`);
      for (let c = 0; c < 5; c++) {
        if (rng.chance(0.5)) grid.setBlocked(rng.int(grid.width), rng.int(grid.height), rng.chance(0.5));
        else grid.fill(rng.int(grid.width), rng.int(grid.height), rng.range(1, 6), rng.range(1, 6), () => rng.chance(0.4));
        checkSegments(rng, grid, runs, 10, `seed 4001 grid ${t} change ${c}`);
      }
    }
  });

  it('long segments on sparse grids, through vertices and past double corners, agree with the brute force', SLOW, () => {
    // Long segments are halved and their halves box-tested: sparse maps make boxes that are free,
    // boxes that hold one obstacle, and double corners on the very vertices where halves meet.
    const rng = makeRng(4002);
    let visible = 0;
    let total = 0;
    for (let t = 0; t < 150; t++) {
      const width = rng.range(24, 72);
      const height = rng.range(24, 72);
      const grid = randomGrid(rng, { width, height, density: rng.next() * 0.06 });
      const runs = new FreeRuns(grid);
      for (let i = 0; i < 40; i++) {
        // A segment through whole-number vertices: a step (sx, sy) repeated n times.
        const sx = rng.range(-4, 4);
        const sy = rng.range(-4, 4);
        const n = rng.range(2, 24);
        const x0 = rng.int(width + 1);
        const y0 = rng.int(height + 1);
        const x1 = x0 + sx * n;
        const y1 = y0 + sy * n;
        if (x1 < 0 || x1 > width || y1 < 0 || y1 > height) continue;
        if (rng.chance(0.5) && n > 2) {
          // A double corner on one of the vertices the segment passes.
          const k = rng.range(1, n - 1);
          const vx = x0 + sx * k;
          const vy = y0 + sy * k;
          if (vx >= 1 && vy >= 1 && vx < width && vy < height) {
            const flip = rng.chance(0.5);
            grid.setBlocked(vx - 1, vy - 1, !flip);
            grid.setBlocked(vx, vy, !flip);
            grid.setBlocked(vx, vy - 1, flip);
            grid.setBlocked(vx - 1, vy, flip);
          }
        }
        const expected = bruteLineOfSight(grid, x0, y0, x1, y1);
        expect(runs.sight(x0, y0, x1, y1), `seed 4002 grid ${t}: (${x0}, ${y0}) -> (${x1}, ${y1}) on\n${grid.toAscii().join('\n')}`).toBe(expected);
        if (expected) visible++;
        total++;
      }
    }
    expect(visible).toBeGreaterThan(total / 5);
    expect(visible).toBeLessThan(total - total / 5);
  });

  it('hand cases: a shallow segment past a corner, a double corner, a steep one through a wall', () => {
    const g = Grid.fromAscii(['....', '.@..', '..@.', '....']);
    const runs = new FreeRuns(g);
    expect(runs.sight(0, 0, 4, 1)).toBe(true); // above the blocked (1,1), touching its corner
    expect(runs.sight(0, 0, 4, 2)).toBe(true); // over (1,1) through the vertex (2,1)
    expect(runs.sight(0, 1, 4, 2)).toBe(false); // through (1,1)
    expect(runs.sight(1, 1, 3, 3)).toBe(false); // through the blocked (1,1) and (2,2) diagonally
    expect(runs.sight(3, 1, 1, 3)).toBe(false); // through the double corner (2,2)
    expect(runs.sight(2, 2, 3, 1)).toBe(true); // may end on it
    expect(runs.sight(0, 4, 1, 0)).toBe(true); // steep, left of the walls
    expect(runs.sight(1, 4, 2, 0)).toBe(false); // steep through (1,1)
  });
});
