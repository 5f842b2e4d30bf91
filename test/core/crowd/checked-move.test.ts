import { describe, expect, it } from 'vitest';
import { CheckedMove } from '../../../src/crowd/checked-move.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import { pointClear } from '../../../src/follow/disc-room.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Independent sweep check for a disc: positions every 1/200 tile along the move, each off every wall. */
function sweptClear(grid: Parameters<typeof discHitsBlocked>[0], ax: number, ay: number, bx: number, by: number, r: number): boolean {
  const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) * 200));
  for (let k = 0; k <= n; k++) if (discHitsBlocked(grid, ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n, r)) return false;
  return true;
}

describe('CheckedMove', () => {
  it('never lets a disc end on a wall or a point pass a double corner, and keeps every legal move whole', () => {
    const SEED = 0xc4ec;
    const rng = makeRng(SEED);
    const out = new Float64Array(2);
    let refused = 0;
    let slid = 0;
    let whole = 0;
    for (let trial = 0; trial < 300; trial++) {
      const grid = randomGrid(rng, { width: rng.range(2, 16), height: rng.range(2, 16), density: 0.25, mode: 'tricky' });
      const mover = new CheckedMove(grid);
      mover.refresh();
      for (let m = 0; m < 30; m++) {
        const r = rng.chance(0.35) ? 0 : rng.next() * 0.6;
        const x = rng.next() * grid.width;
        const y = rng.next() * grid.height;
        if (!pointClear(grid, x, y, r)) continue;
        const reach = rng.chance(0.5) ? 0.3 : 3;
        // Some moves aim exactly at a grid corner, where double corners bite.
        const tx = rng.chance(0.2) ? Math.round(x + (rng.next() - 0.5) * 2 * reach) : x + (rng.next() - 0.5) * 2 * reach;
        const ty = rng.chance(0.2) ? Math.round(y + (rng.next() - 0.5) * 2 * reach) : y + (rng.next() - 0.5) * 2 * reach;
        mover.resolve(x, y, tx, ty, r, out);
        const ex = out[0]!;
        const ey = out[1]!;
        const where = `seed ${SEED} trial ${trial}: r ${r} (${x}, ${y}) -> (${tx}, ${ty}) ended (${ex}, ${ey})`;
        if (r > 0) {
          expect(sweptClear(grid, x, y, ex, ey, r), where).toBe(true);
        } else {
          expect(lineOfSight(grid, x, y, ex, ey), where).toBe(true);
        }
        // A margin beyond the sampling step, so a graze between samples cannot count as legal.
        const legal = r > 0 ? sweptClear(grid, x, y, tx, ty, r + 0.01) : lineOfSight(grid, x, y, tx, ty);
        if (legal) expect([ex, ey], where).toEqual([tx, ty]);
        // Only the whole move, one axis of it, or nothing.
        const options = [
          [tx, ty],
          [tx, y],
          [x, ty],
          [x, y],
        ];
        expect(options.some(([ox, oy]) => ox === ex && oy === ey), where).toBe(true);
        if (ex === tx && ey === ty) whole++;
        else if (ex === x && ey === y) refused++;
        else slid++;
      }
    }
    // The sample covers all three outcomes.
    expect(Math.min(whole, slid, refused)).toBeGreaterThan(50);
  });

  it('a disc starting on a wall stays put', () => {
    const grid = randomGrid(makeRng(3), { width: 5, height: 5, density: 0, mode: 'uniform' });
    grid.setBlocked(2, 2, true);
    const mover = new CheckedMove(grid);
    mover.refresh();
    const out = new Float64Array(2);
    mover.resolve(1.8, 2.5, 0.5, 2.5, 0.3, out);
    expect([out[0], out[1]]).toEqual([1.8, 2.5]);
    expect(mover.clearAt(1.8, 2.5, 0.3)).toBe(false);
    expect(mover.clearAt(1.5, 2.5, 0.3)).toBe(true);
  });

  it('answers from the grid even when the wall map is stale', () => {
    const grid = randomGrid(makeRng(4), { width: 20, height: 20, density: 0, mode: 'uniform' });
    const mover = new CheckedMove(grid);
    mover.refresh();
    grid.setBlocked(10, 10, true); // no refresh: the map still says open ground
    expect(mover.clear(8.5, 10.5, 12.5, 10.5, 0.2)).toBe(false);
    expect(mover.clear(8.5, 10.5, 12.5, 10.5, 0)).toBe(false);
  });
});
