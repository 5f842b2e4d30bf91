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

describe('Components kept up to date cell by cell', () => {
  /** True when `table` groups the free cells of `grid` exactly as a table built afresh does. */
  function sameAsFresh(grid: Grid, table: Components): string | undefined {
    const fresh = new Components(grid.clone());
    const forward = new Map<number, number>();
    const backward = new Map<number, number>();
    for (let y = 0; y < grid.height; y++) {
      for (let x = 0; x < grid.width; x++) {
        const a = table.labelOfCell(x, y);
        const b = fresh.labelOfCell(x, y);
        if ((a < 0) !== (b < 0)) return `cell (${x}, ${y}): label ${a}, fresh ${b}`;
        if (a < 0) continue;
        if ((forward.get(a) ?? b) !== b || (backward.get(b) ?? a) !== a) return `cell (${x}, ${y}) is grouped differently`;
        forward.set(a, b);
        backward.set(b, a);
      }
    }
    if (table.size !== fresh.size) return `size ${table.size}, fresh ${fresh.size}`;
    return undefined;
  }

  it('equals a fresh flood after every one of thousands of random edits, batched or not', () => {
    const rng = makeRng(4242);
    let checks = 0;
    for (let round = 0; round < 60; round++) {
      const width = rng.range(1, 14);
      const height = rng.range(1, 14);
      const density = rng.next() * 0.6;
      const grid = Grid.fromPredicate(width, height, () => rng.chance(density));
      const table = new Components(grid);
      expect(table.size).toBeGreaterThanOrEqual(0);
      for (let e = 0; e < 80; e++) {
        const batch = rng.range(1, 3);
        for (let b = 0; b < batch; b++) {
          if (rng.chance(0.85)) grid.setBlocked(rng.int(width), rng.int(height), rng.chance(0.5));
          else grid.fill(rng.int(width), rng.int(height), rng.range(1, 3), rng.range(1, 3), () => rng.chance(0.5));
        }
        const problem = sameAsFresh(grid, table);
        expect(problem, `round ${round} edit ${e}\n${grid.toAscii().join('\n')}`).toBeUndefined();
        checks++;
      }
    }
    expect(checks).toBe(4800);
  });

  it('splits a corridor and an enclosed pocket, and joins them again', () => {
    const grid = Grid.fromAscii(['.....', '.@@@.', '.@.@.', '.@@@.', '.....']);
    const table = new Components(grid);
    expect(table.size).toBe(2); // the ring and the pocket
    grid.setBlocked(2, 4, true); // the ring is cut once: still one
    expect(table.size).toBe(2);
    grid.setBlocked(2, 0, true); // cut twice: two halves
    expect(table.size).toBe(3);
    expect(table.connected(0.5, 0.5, 4.5, 0.5)).toBe(false);
    grid.setBlocked(2, 3, false); // the pocket opens to the cut bottom... still walled by (2, 4)
    expect(table.size).toBe(3);
    grid.setBlocked(2, 4, false); // joins pocket and both halves
    expect(table.size).toBe(1);
    expect(table.connected(2.5, 2.5, 4.5, 0.5)).toBe(true);
  });
});
