import { describe, expect, it } from 'vitest';
import { Components } from '../../../src/grid/components.js';
import { Grid } from '../../../src/grid/grid.js';
import { isDoubleCorner, isPointFree } from '../../../src/grid/point.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import { makeRng } from '../../support/rng.js';

/**
 * Reference: can a walker get from point a to point b by legal half-tile steps between free
 * points? A walker may stop on a double corner but not walk on through it (that would squeeze).
 */
function reachable(grid: Grid, ax: number, ay: number, bx: number, by: number): boolean {
  // Flood over corner points and cell centres with legal straight steps of the lattice.
  const key = (x: number, y: number): string => `${x},${y}`;
  const seen = new Set<string>([key(ax, ay)]);
  const queue: [number, number][] = [[ax, ay]];
  const steps: [number, number][] = [];
  for (let dy = -1; dy <= 1; dy += 0.5) for (let dx = -1; dx <= 1; dx += 0.5) if (dx || dy) steps.push([dx, dy]);
  while (queue.length > 0) {
    const [x, y] = queue.pop()!;
    if (x === bx && y === by) return true;
    if ((x !== ax || y !== ay) && Number.isInteger(x) && Number.isInteger(y) && isDoubleCorner(grid, x, y)) continue;
    for (const [dx, dy] of steps) {
      const nx = x + dx;
      const ny = y + dy;
      if (seen.has(key(nx, ny)) || !isPointFree(grid, nx, ny) || !lineOfSight(grid, x, y, nx, ny)) continue;
      seen.add(key(nx, ny));
      queue.push([nx, ny]);
    }
  }
  return false;
}

describe('Components', () => {
  it('separates regions split by a wall and joins them when a cell opens', () => {
    const grid = Grid.fromAscii(['..@..', '..@..', '..@..']);
    const table = new Components(grid);
    expect(table.size).toBe(2);
    expect(table.connected(0, 0, 5, 3)).toBe(false);
    expect(table.connected(0, 0, 2, 0)).toBe(true);
    grid.setBlocked(2, 1, false);
    expect(table.size).toBe(1);
    expect(table.connected(0, 0, 5, 3)).toBe(true);
    grid.setBlocked(2, 1, true);
    expect(table.connected(0, 0, 5, 3)).toBe(false);
  });

  it('does not join diagonal neighbours across a double corner', () => {
    const grid = Grid.fromAscii(['.@', '@.']);
    const table = new Components(grid);
    expect(table.size).toBe(2);
    expect(table.connected(0.5, 0.5, 1.5, 1.5)).toBe(false);
    // The double corner itself touches both free cells.
    expect(table.connected(1, 1, 0.5, 0.5)).toBe(true);
    expect(table.connected(1, 1, 1.5, 1.5)).toBe(true);
  });

  it('labels blocked and outside cells -1', () => {
    const table = new Components(Grid.fromAscii(['.@']));
    expect(table.labelOfCell(1, 0)).toBe(-1);
    expect(table.labelOfCell(-1, 0)).toBe(-1);
    expect(table.labelOfCell(0, 0)).toBe(0);
  });

  it('agrees with a flood fill of legal steps on random grids', () => {
    const rng = makeRng(17);
    let disconnected = 0;
    let checked = 0;
    for (let t = 0; t < 200; t++) {
      const w = 1 + rng.int(8);
      const h = 1 + rng.int(8);
      const density = rng.next() * 0.5;
      const grid = Grid.fromPredicate(w, h, () => rng.next() < density);
      const table = new Components(grid);
      for (let q = 0; q < 5; q++) {
        const ax = rng.int(w + 1);
        const ay = rng.int(h + 1);
        const bx = rng.int(w + 1);
        const by = rng.int(h + 1);
        if (!isPointFree(grid, ax, ay) || !isPointFree(grid, bx, by)) continue;
        const expected = reachable(grid, ax, ay, bx, by);
        expect(table.connected(ax, ay, bx, by), `${grid.toAscii().join('/')} ${ax},${ay} -> ${bx},${by}`).toBe(expected);
        checked++;
        if (!expected) disconnected++;
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(disconnected).toBeGreaterThan(20);
  });
});
