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
