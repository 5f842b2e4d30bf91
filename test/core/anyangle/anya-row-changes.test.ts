import { describe, expect, it } from 'vitest';
import { NE, NO_NEXT, NW, RowChanges, SE, SW } from '../../../src/anyangle/anya/row-changes.js';
import { Grid } from '../../../src/grid/grid.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Row r's change points by brute force: x in 0..width where the cells left and right of x differ. */
function changes(grid: Grid, r: number): number[] {
  const out: number[] = [];
  if (r < 0 || r >= grid.height) return out;
  for (let x = 0; x <= grid.width; x++) if (grid.isBlocked(x - 1, r) !== grid.isBlocked(x, r)) out.push(x);
  return out;
}

/** Every answer of the table against brute force, on every row (the border rows too) and column. */
function checkTable(grid: Grid, rows: RowChanges, label: string): void {
  const W = grid.width;
  const H = grid.height;
  for (let r = -1; r <= H; r++) {
    const xs = changes(grid, r);
    const end = rows.rowEnd(r);
    for (let x = -1; x <= W; x++) {
      expect(rows.blocked(x, r), `${label}: blocked(${x}, ${r})`).toBe(grid.isBlocked(x, r));
      const i = rows.upperBound(r, x);
      const above = xs.filter((c) => c > x);
      // The index lands on the first change point right of x, and the row ends where it should.
      expect(end - i, `${label}: upperBound(${r}, ${x})`).toBe(above.length);
      if (above.length > 0) expect(rows.at(i), `${label}: at(upperBound(${r}, ${x}))`).toBe(above[0]);
      const real = x + 0.5;
      expect(rows.next(r, real), `${label}: next(${r}, ${real})`).toBe(xs.find((c) => c > real) ?? NO_NEXT);
      expect(rows.next(r, x), `${label}: next(${r}, ${x})`).toBe(xs.find((c) => c > x) ?? NO_NEXT);
      expect(rows.previous(r, x), `${label}: previous(${r}, ${x})`).toBe(xs.filter((c) => c < x).pop() ?? -1);
      if (x >= 0 && x < W && r >= 0 && r < H && !grid.isBlocked(x, r)) {
        expect(rows.runStart(r, x), `${label}: runStart(${r}, ${x})`).toBe(xs.filter((c) => c <= x).pop());
        expect(rows.runEnd(r, x), `${label}: runEnd(${r}, ${x})`).toBe(xs.find((c) => c > x));
      }
    }
  }
  for (let y = -1; y <= H; y++) {
    for (let x = -1; x <= W; x++) {
      const want =
        (grid.isBlocked(x - 1, y - 1) ? NW : 0) |
        (grid.isBlocked(x, y - 1) ? NE : 0) |
        (grid.isBlocked(x - 1, y) ? SW : 0) |
        (grid.isBlocked(x, y) ? SE : 0);
      expect(rows.quad[(y + 1) * rows.stride + x + 1], `${label}: quad(${x}, ${y})`).toBe(want);
    }
  }
}

describe('Anya row table', () => {
  it('finds change points, runs and corner kinds as brute force does, on widths round the 32-column words', () => {
    const rng = makeRng(77);
    for (let seed = 0; seed < 60; seed++) {
      // Widths 1..100 cross one to three word boundaries; 31, 32, 33, 63, 64, 65 sit on them.
      const width = seed < 6 ? [31, 32, 33, 63, 64, 65][seed]! : rng.range(1, 100);
      const grid = randomGrid(rng, { width, height: rng.range(1, 6) });
      const rows = new RowChanges(grid);
      rows.refresh();
      checkTable(grid, rows, `grid ${seed} (${grid.width}x${grid.height})`);
    }
  });

  it('is rebuilt after the grid changes, and only then', () => {
    const grid = Grid.fromAscii(['....................................', '..@@@@...........................@..', '....................................']);
    const rows = new RowChanges(grid);
    rows.refresh();
    checkTable(grid, rows, 'before');
    grid.setBlocked(34, 1, true).setBlocked(3, 0, true).setBlocked(2, 1, false);
    rows.refresh();
    checkTable(grid, rows, 'after');
  });
});

describe('Anya row table kept up to date row by row', () => {
  /** The table's arrays equal those of a table built afresh on a copy of the grid. */
  function sameAsFresh(grid: Grid, rows: RowChanges): void {
    const fresh = new RowChanges(grid.clone());
    fresh.refresh();
    const total = fresh.starts[grid.height + 2]!;
    expect(Array.from(rows.starts)).toEqual(Array.from(fresh.starts));
    expect(Array.from(rows.xs.subarray(0, total))).toEqual(Array.from(fresh.xs.subarray(0, total)));
    expect(Array.from(rows.bits)).toEqual(Array.from(fresh.bits));
    expect(Array.from(rows.before)).toEqual(Array.from(fresh.before));
    expect(Array.from(rows.quad)).toEqual(Array.from(fresh.quad));
    // Same-run counts are kept for the right ends of free runs (odd offsets in a row).
    for (let r = 0; r < grid.height; r++) {
      for (let i = fresh.starts[r + 1]! + 1; i < fresh.starts[r + 2]!; i += 2) {
        expect(rows.sameRows(i, 1), `below, row ${r} index ${i}`).toBe(fresh.sameRows(i, 1));
        expect(rows.sameRows(i, -1), `above, row ${r} index ${i}`).toBe(fresh.sameRows(i, -1));
      }
    }
  }

  it('equals a fresh build after each of thousands of random edits and fills', () => {
    const rng = makeRng(515);
    let checks = 0;
    for (let round = 0; round < 40; round++) {
      const grid = randomGrid(rng, { width: rng.range(1, 70), height: rng.range(1, 30) });
      const rows = new RowChanges(grid);
      rows.refresh();
      for (let e = 0; e < 50; e++) {
        const batch = rng.range(1, 3);
        for (let b = 0; b < batch; b++) {
          if (rng.chance(0.8)) grid.setBlocked(rng.int(grid.width), rng.int(grid.height), rng.chance(0.5));
          else grid.fill(rng.int(grid.width), rng.int(grid.height), rng.range(1, 6), rng.range(1, 3), () => rng.chance(0.5));
        }
        rows.refresh();
        sameAsFresh(grid, rows);
        checks++;
      }
    }
    expect(checks).toBe(2000);
  });
});
