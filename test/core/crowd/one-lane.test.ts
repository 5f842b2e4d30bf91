import { describe, expect, it } from 'vitest';
import { OneLaneMap } from '../../../src/crowd/one-lane.js';
import { Grid } from '../../../src/grid/grid.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Two tanks of sweep radius 0.72 side by side with half a tile to spare. */
const TANK_REACH = 2 * 0.72 + 0.5;

/** A river across rows 8..15 of a 24 x 24 map with a deck of `width` columns from x = 10. */
function river(width: number): Grid {
  return Grid.fromPredicate(24, 24, (x, y) => y >= 8 && y < 16 && (x < 10 || x >= 10 + width));
}

/** Brute force: a free disc of radius `reach` centred anywhere on the 0.05-tile lattice (which holds the half-tile one) covers the cell's centre. */
function coveredFinely(grid: Grid, x: number, y: number, reach: number): boolean {
  const px = x + 0.5;
  const py = y + 0.5;
  const step = 0.05;
  for (let j = Math.ceil((py - reach) / step); j * step <= py + reach; j++) {
    for (let i = Math.ceil((px - reach) / step); i * step <= px + reach; i++) {
      const cx = i * step;
      const cy = j * step;
      if ((cx - px) ** 2 + (cy - py) ** 2 > reach * reach) continue;
      if (cx - reach < 0 || cy - reach < 0 || cx + reach > grid.width || cy + reach > grid.height) continue;
      let free = true;
      for (let by = Math.floor(cy - reach); free && by <= Math.floor(cy + reach); by++) {
        for (let bx = Math.floor(cx - reach); bx <= Math.floor(cx + reach); bx++) {
          if (!grid.isBlocked(bx, by)) continue;
          const dx = Math.max(bx - cx, 0, cx - bx - 1);
          const dy = Math.max(by - cy, 0, cy - by - 1);
          if (dx * dx + dy * dy < reach * reach) free = false;
        }
      }
      if (free) return true;
    }
  }
  return false;
}

describe('OneLaneMap', () => {
  it('marks a deck 3 tiles wide one-lane for two tanks, and the banks and a deck 4 wide two-lane', () => {
    const narrow = new OneLaneMap(river(3), TANK_REACH);
    for (let y = 8; y < 16; y++) for (let x = 10; x < 13; x++) expect(narrow.isOneLane(x, y)).toBe(true);
    for (const [x, y] of [[11, 4], [11, 6], [2, 2], [20, 20], [11, 18]] as const) expect(narrow.isOneLane(x, y)).toBe(false);
    // 4 wide: a disc of radius 1.94 fits centred on the deck's middle line (x = 12, a cell corner).
    const wide = new OneLaneMap(river(4), TANK_REACH);
    for (let y = 8; y < 16; y++) for (let x = 10; x < 14; x++) expect(wide.isOneLane(x, y)).toBe(false);
  });

  it('says nothing of blocked cells and cells off the map', () => {
    const map = new OneLaneMap(river(3), TANK_REACH);
    expect(map.isOneLane(0, 10)).toBe(false);
    expect(map.isOneLane(-1, 3)).toBe(false);
    expect(map.isOneLane(24, 3)).toBe(false);
  });

  it('judges again after the blocking changes', () => {
    const grid = river(4);
    const map = new OneLaneMap(grid, TANK_REACH);
    expect(map.isOneLane(11, 12)).toBe(false);
    grid.setBlocked(13, 12, true);
    expect(map.isOneLane(11, 12)).toBe(true);
    grid.setBlocked(13, 12, false);
    expect(map.isOneLane(11, 12)).toBe(false);
  });

  it('never calls a cell two-lane that no free disc anywhere covers, and agrees with a fine search on most cells (seeded random grids)', () => {
    const rng = makeRng(4021);
    let cells = 0;
    let agree = 0;
    for (let trial = 0; trial < 30; trial++) {
      const grid = randomGrid(rng, { width: 14, height: 14, density: rng.next() * 0.2 });
      const reach = 0.8 + rng.next() * 1.6;
      const map = new OneLaneMap(grid, reach);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          if (grid.isBlocked(x, y)) continue;
          const fine = coveredFinely(grid, x, y, reach);
          const ours = !map.isOneLane(x, y);
          // Ours tries centres on a half-tile lattice only: two-lane by ours is two-lane in truth.
          if (ours) expect(fine).toBe(true);
          cells++;
          if (ours === fine) agree++;
        }
      }
    }
    expect(agree / cells).toBeGreaterThan(0.9);
  });

  it('rejects a reach that is not a finite number > 0', () => {
    const grid = river(3);
    for (const bad of [0, -1, NaN, Infinity]) expect(() => new OneLaneMap(grid, bad)).toThrow(RangeError);
  });
});
