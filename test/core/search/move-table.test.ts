import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { AStar } from '../../../src/search/astar.js';
import { CellLattice, CornerLattice, type Lattice } from '../../../src/search/lattice.js';
import { MOVE_COST, MOVE_DX, MOVE_DY, MoveTable, moveTableOf } from '../../../src/search/move-table.js';
import { dijkstraLength } from '../../support/dijkstra.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** The moves of `id` as `to@cost` strings, straight from the lattice's rule. */
function ruleMoves(lattice: Lattice, id: number): string[] {
  const out: string[] = [];
  lattice.forEachMove(id, { move: (_from, to, _tx, _ty, cost) => out.push(`${to}@${cost}`) });
  return out.sort();
}

/** The moves direction bits `bits` stand for at node `id`, decoded with the public direction tables. */
function decode(table: MoveTable, lattice: Lattice, id: number, bits: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < 8; k++) {
    if (!(bits & (1 << k))) continue;
    expect(table.offsets[k]).toBe(MOVE_DX[k]! + MOVE_DY[k]! * lattice.stride);
    out.push(`${id + table.offsets[k]!}@${MOVE_COST[k]}`);
  }
  return out.sort();
}

function expectTableMatchesRule(table: MoveTable, lattice: Lattice): void {
  const bits = table.fresh();
  for (let id = 0; id < lattice.nodeCount; id++) {
    const rule = ruleMoves(lattice, id);
    expect(decode(table, lattice, id, table.exits(id))).toEqual(rule);
    expect(decode(table, lattice, id, bits[id]!)).toEqual(lattice.passable(id) ? rule : []);
  }
}

/** Flips a few random cells or blocks of cells, as a game would. */
function change(rng: Rng, grid: Grid): void {
  if (rng.chance(0.5)) {
    grid.setBlocked(rng.int(grid.width), rng.int(grid.height), rng.chance(0.5));
    return;
  }
  const x = rng.int(grid.width);
  const y = rng.int(grid.height);
  const density = rng.next();
  grid.fill(x, y, Math.min(grid.width - x, 1 + rng.int(3)), Math.min(grid.height - y, 1 + rng.int(3)), () => rng.chance(density));
}

describe('MoveTable', () => {
  it('holds exactly the moves of the lattice rule, dead ends emptied, and follows grid changes', () => {
    const rng = makeRng(71);
    for (let trial = 0; trial < 150; trial++) {
      const grid = randomGrid(rng, { width: 1 + rng.int(12), height: 1 + rng.int(12), density: rng.next() * 0.5, mode: 'tricky' });
      const lattices: Lattice[] = [new CornerLattice(grid, 8), new CornerLattice(grid, 4), new CellLattice(grid, 8), new CellLattice(grid, 4)];
      const tables = lattices.map((l) => new MoveTable(l));
      for (let round = 0; round < 4; round++) {
        tables.forEach((t, i) => expectTableMatchesRule(t, lattices[i]!));
        change(rng, grid);
      }
    }
  });

  it('is shared per grid, lattice kind and connectivity', () => {
    const grid = Grid.fromAscii(['..@', '...']);
    const corner = moveTableOf(new CornerLattice(grid, 8));
    expect(moveTableOf(new CornerLattice(grid, 8))).toBe(corner);
    expect(moveTableOf(new CornerLattice(grid, 4))).not.toBe(corner);
    expect(moveTableOf(new CellLattice(grid, 8))).not.toBe(corner);
    expect(moveTableOf(new CornerLattice(Grid.fromAscii(['..@', '...']), 8))).not.toBe(corner);
  });

  it('keeps A* optimal while walls come and go between queries', () => {
    const rng = makeRng(72);
    let found = 0;
    for (let trial = 0; trial < 60; trial++) {
      const grid = randomGrid(rng, { width: 4 + rng.int(20), height: 4 + rng.int(20), density: 0.25, mode: 'tricky' });
      const corner = new AStar(grid);
      const cell = new AStar(grid, { lattice: 'cell' });
      for (let round = 0; round < 6; round++) {
        change(rng, grid);
        const sx = rng.int(grid.width + 1);
        const sy = rng.int(grid.height + 1);
        const gx = rng.int(grid.width + 1);
        const gy = rng.int(grid.height + 1);
        const r = corner.findPath(sx, sy, gx, gy);
        const expected = dijkstraLength(grid, { lattice: 'corner', connectivity: 8 }, sx, sy, gx, gy);
        if (r.status === 'found') found++;
        if (r.status === 'found') expect(r.length).toBeCloseTo(expected, 9);
        else if (r.status === 'no-path') expect(expected).toBe(Infinity);
        const cx = rng.int(grid.width) + 0.5;
        const cy = rng.int(grid.height) + 0.5;
        const tx = rng.int(grid.width) + 0.5;
        const ty = rng.int(grid.height) + 0.5;
        const c = cell.findPath(cx, cy, tx, ty);
        const cellExpected = dijkstraLength(grid, { lattice: 'cell', connectivity: 8 }, cx, cy, tx, ty);
        if (c.status === 'found') expect(c.length).toBeCloseTo(cellExpected, 9);
        else if (c.status === 'no-path') expect(cellExpected).toBe(Infinity);
      }
    }
    // Most queries must reach the comparison, or the test checks nothing.
    expect(found).toBeGreaterThan(100);
  });
});
