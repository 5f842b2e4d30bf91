import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { AStar } from '../../../src/search/astar.js';
import { CellLattice, CornerLattice } from '../../../src/search/lattice.js';
import { brutePathLegal } from '../../support/brute-los.js';
import { LATTICE_SPECS } from '../../support/dijkstra.js';
import { randomFreePoint, type PointKind } from '../../support/queries.js';
import { makeRng, randomGrid } from '../../support/rng.js';
import { sampledPolylineCost, weightedDijkstraCost } from '../../support/weighted-dijkstra.js';

/** Seeded sweeps: generous on a busy machine. */
const SLOW = { timeout: 120_000 };


/** Lattice costs are sums of a few products: equal to the reference up to rounding. */
const EXACT = 1e-9;
/** A sampled long leg is off by at most ~1e-3 per tile (see weighted-dijkstra.ts). */
const SAMPLED = 1e-3;

describe('weighted lattice moves: hand-worked costs', () => {
  it('corner lattice: a diagonal costs √2 times its cell, an edge the cheaper free side', () => {
    const g = new Grid(2, 2).setCost(0, 0, 5).setCost(1, 0, 2).setCost(0, 1, 3);
    const L = new CornerLattice(g);
    const id = (x: number, y: number): number => y * L.stride + x;
    expect(L.moveCost(id(0, 0), id(1, 1))).toBeCloseTo(5 * Math.SQRT2, 12);
    expect(L.moveCost(id(1, 1), id(0, 0))).toBeCloseTo(5 * Math.SQRT2, 12);
    // Edge (1,0)-(1,1) between cells (0,0) = 5 and (1,0) = 2.
    expect(L.moveCost(id(1, 0), id(1, 1))).toBe(2);
    // Edge (0,1)-(1,1) between (0,0) = 5 and (0,1) = 3.
    expect(L.moveCost(id(1, 1), id(0, 1))).toBe(3);
    // The map's border: only the inside cell, (0,0) = 5, may be charged.
    expect(L.moveCost(id(0, 0), id(1, 0))).toBe(5);
    expect(L.moveCost(id(0, 0), id(0, 1))).toBe(5);
    // A blocked cell is never charged, though it is cheaper.
    g.setCost(1, 1, 1).setBlocked(1, 1, true);
    expect(L.moveCost(id(1, 1), id(2, 1))).toBe(2);
  });

  it('cell lattice: half of the move in each cell, diagonals through the shared corner', () => {
    const g = new Grid(2, 2).setCost(0, 0, 5).setCost(1, 1, 3);
    const L = new CellLattice(g);
    expect(L.moveCost(0, 1)).toBe(3); // ½·5 + ½·1
    expect(L.moveCost(0, 3)).toBeCloseTo((Math.SQRT2 / 2) * 8, 12);
    expect(L.moveCost(1, 2)).toBeCloseTo(Math.SQRT2, 12);
  });

  it('a uniform grid charges lengths', () => {
    const g = new Grid(3, 3);
    const L = new CornerLattice(g);
    expect(L.moveCost(0, 1)).toBe(1);
    expect(L.moveCost(0, L.stride + 1)).toBe(Math.SQRT2);
    expect(new CellLattice(g).moveCost(0, 4)).toBe(Math.SQRT2);
  });
});

describe('weighted A*: hand-worked paths', () => {
  it('goes around a dear centre cell on a 3x3 cell grid', () => {
    const g = new Grid(3, 3).setCost(1, 1, 9);
    const r = new AStar(g, { lattice: 'cell' }).findPath(0.5, 1.5, 2.5, 1.5);
    expect(r.status).toBe('found');
    // Through the centre: ½·1 + 9 + ½·1 = 10. Around: two diagonals of √2 at cost 1 each.
    expect(r.cost).toBeCloseTo(2 * Math.SQRT2, 12);
    expect(r.points).toHaveLength(3);
    expect(r.points[1]!.y).not.toBe(1.5);
    expect(r.length).toBeCloseTo(2 * Math.SQRT2, 12);
  });

  it('runs along the edge between a cost 1 and a cost 5 cell at cost 1', () => {
    const g = Grid.fromAscii(['...', '...']).fillCosts(0, 0, 3, 1, () => 5);
    const r = new AStar(g).findPath(0, 1, 3, 1);
    expect(r.points).toEqual([
      { x: 0, y: 1 },
      { x: 1, y: 1 },
      { x: 2, y: 1 },
      { x: 3, y: 1 },
    ]);
    expect(r.cost).toBe(3);
    expect(r.length).toBe(3);
  });

  it('prefers a longer cheap road to a short dear field; length stays Euclidean', () => {
    // Row 0 is a road (cost 1), rows 1-2 a field of cost 4; a corner query across the field.
    const g = new Grid(6, 3).fillCosts(0, 1, 6, 2, () => 4);
    const r = new AStar(g).findPath(0, 3, 6, 3);
    // Along the bottom border: 6 tiles at cost 4 = 24. Up to the road and back: the road runs along
    // y = 0 or y = 1 at cost 1 (y = 1 borders the road); up 2 edges (left cell 4... border: 4) and
    // down 2: 4·2 + 6 + 4·2 = 22, or diagonals up: 2·(2√2·4)... the search finds the cheapest.
    expect(r.status).toBe('found');
    expect(r.cost).toBeLessThan(24);
    expect(r.cost).toBeCloseTo(weightedDijkstraCost(g, { lattice: 'corner', connectivity: 8 }, 0, 3, 6, 3), 9);
    expect(r.length).toBeGreaterThan(6);
  });

  it('charges the start and goal legs their integral', () => {
    // One cell of cost 3; from its centre to its corner and to the far corner of its neighbour.
    const g = new Grid(2, 1).setCost(0, 0, 3);
    const r = new AStar(g).findPath(0.5, 0.5, 2, 1);
    expect(r.status).toBe('found');
    // Cheapest: leg (0.5,0.5)->(1,1) inside the dear cell (√½·3), then the bottom edge of cell (1,0): 1.
    expect(r.cost).toBeCloseTo(Math.SQRT1_2 * 3 + 1, 12);
    // The direct leg when both ends are off the lattice and see each other.
    const d = new AStar(g).findPath(0.5, 0.5, 1.5, 0.5);
    expect(d.points).toHaveLength(2);
    expect(d.cost).toBeCloseTo(0.5 * 3 + 0.5, 12);
  });

  it('a start equal to the goal costs 0; a uniform grid reports cost = length', () => {
    const g = new Grid(3, 3).setCost(1, 1, 4);
    expect(new AStar(g).findPath(1.5, 1.5, 1.5, 1.5).cost).toBe(0);
    const u = new AStar(new Grid(4, 4)).findPath(0, 0, 4, 3);
    expect(u.cost).toBe(u.length);
  });

  it('a paused search on a uniform grid that gets its first costs begins again, and then sees them', () => {
    const g = new Grid(5, 3);
    const astar = new AStar(g, { lattice: 'cell' });
    const search = astar.createSearch(0.5, 1.5, 4.5, 1.5);
    expect(search.step(1)).toBeUndefined();
    g.fillCosts(1, 1, 3, 1, () => 9);
    let result = search.step(1000);
    while (result === undefined) result = search.step(1000);
    expect(result.status).toBe('found');
    expect(result.cost).toBeCloseTo(weightedDijkstraCost(g, { lattice: 'cell', connectivity: 8 }, 0.5, 1.5, 4.5, 1.5), 9);
    expect(result.points.every((p) => p.y !== 1.5 || p.x < 1 || p.x > 4)).toBe(true);
  });
});

describe('weighted A* equals an independent dense Dijkstra', () => {
  it('on seeded random weighted grids, both lattices, 4 and 8 neighbours, weights 1 and 0', SLOW, () => {
    let queries = 0;
    let weightedPaths = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const rng = makeRng(seed * 7919);
      const density = rng.next() * 0.4;
      const grid = randomGrid(rng, { width: rng.range(2, 14), height: rng.range(2, 14), density });
      // Integer costs 1 to 10, a few fractional ones, some cells left at 1 (also under walls).
      grid.fillCosts(0, 0, grid.width, grid.height, () => (rng.chance(0.3) ? 1 : rng.chance(0.2) ? 1 + rng.next() * 9 : rng.range(1, 10)));
      const spec = LATTICE_SPECS[seed % LATTICE_SPECS.length]!;
      const kinds: PointKind[] = spec.lattice === 'corner' ? ['corner', 'corner', 'real'] : ['cell'];
      for (let q = 0; q < 4; q++) {
        const a = randomFreePoint(rng, grid, rng.pick(kinds));
        const b = randomFreePoint(rng, grid, rng.pick(kinds));
        if (!a || !b) continue;
        const weight = q === 3 ? 0 : 1;
        const r = new AStar(grid, spec).findPath(a.x, a.y, b.x, b.y, { weight });
        const expected = weightedDijkstraCost(grid, spec, a.x, a.y, b.x, b.y);
        const where = `seed ${seed} ${spec.lattice}/${spec.connectivity} (${a.x}, ${a.y}) -> (${b.x}, ${b.y}) weight ${weight}`;
        queries++;
        if (expected === Infinity) {
          expect(r.status, where).toBe('no-path');
          continue;
        }
        expect(r.status, where).toBe('found');
        const direct = r.points.length === 2 && spec.lattice === 'corner' && !Number.isInteger(a.x + a.y) && !Number.isInteger(b.x + b.y);
        const tolerance = (direct ? SAMPLED : EXACT) * Math.max(1, expected);
        expect(Math.abs(r.cost! - expected), `${where}: cost ${r.cost} vs ${expected}`).toBeLessThanOrEqual(tolerance);
        // The reported cost is the cost of the returned points, and they obey the grid rule.
        expect(Math.abs(r.cost! - sampledPolylineCost(grid, r.points)), where).toBeLessThanOrEqual(SAMPLED * Math.max(1, r.length));
        expect(brutePathLegal(grid, r.points), where).toBe(true);
        if (r.cost! > r.length + EXACT) weightedPaths++;
      }
    }
    expect(queries).toBeGreaterThan(300);
    // Most paths cross costly cells: the sweep is not a uniform-grid test in disguise.
    expect(weightedPaths).toBeGreaterThan(queries / 2);
  });
});
