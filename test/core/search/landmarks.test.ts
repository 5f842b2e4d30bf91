import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { AStar } from '../../../src/search/astar.js';
import { createPlanner } from '../../../src/planners.js';
import { Landmarks, MAX_LANDMARKS } from '../../../src/search/landmarks.js';
import { CellLattice, CornerLattice, SQRT2, type Lattice, type MoveVisitor } from '../../../src/search/lattice.js';
import { type LatticeSpec, LATTICE_SPECS } from '../../support/dijkstra.js';
import { randomFreePoint, type PointKind } from '../../support/queries.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';
import { weightedDijkstraCost } from '../../support/weighted-dijkstra.js';

/** Seeded sweeps: generous on a busy machine. */
const SLOW = { timeout: 120_000 };


/** Lattice costs are sums of a few products: equal to the reference up to rounding. */
const EXACT = 1e-9;

function latticeOf(grid: Grid, spec: LatticeSpec): Lattice {
  return spec.lattice === 'corner' ? new CornerLattice(grid, spec.connectivity) : new CellLattice(grid, spec.connectivity);
}

/** Integer costs 1 to 9 with a few fractional ones, as the weighted A* sweep draws them. */
function randomCosts(rng: Rng, grid: Grid): Grid {
  return grid.fillCosts(0, 0, grid.width, grid.height, () => (rng.chance(0.2) ? 1 : rng.chance(0.2) ? 1 + rng.next() * 8 : rng.range(1, 9)));
}

/** The moves `lattice` hands out of `id`, as [target, cost under tile costs]. */
function movesOf(lattice: Lattice, id: number): [number, number][] {
  const out: [number, number][] = [];
  const visitor: MoveVisitor = { move: (from, to) => out.push([to, lattice.moveCost(from, to)]) };
  lattice.forEachMove(id, visitor);
  return out;
}

/** Where a path may stand: every corner; on the cell lattice, free cells only. */
function standable(lattice: Lattice, id: number): boolean {
  return lattice.kind === 'corner' || lattice.grid.cells[id] === 0;
}

/** A*'s whole estimate under landmarks: max(octile or Manhattan times the least free cost, ALT). */
function fullEstimate(landmarks: Landmarks, lattice: Lattice, from: number, to: number): number {
  const dx = Math.abs(lattice.x(from) - lattice.x(to));
  const dy = Math.abs(lattice.y(from) - lattice.y(to));
  const octile = lattice.connectivity === 4 ? dx + dy : Math.max(dx, dy) + (SQRT2 - 1) * Math.min(dx, dy);
  return Math.max(octile * landmarks.minCost, landmarks.estimate(from, to));
}

describe('the lattice moves the landmark bound rests on', () => {
  it('are symmetric: every move out of a node a path may stand on has its reverse, at the same cost', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rng = makeRng(seed * 131);
      const grid = randomCosts(rng, randomGrid(rng, { width: rng.range(2, 12), height: rng.range(2, 12) }));
      for (const spec of LATTICE_SPECS) {
        const lattice = latticeOf(grid, spec);
        for (let id = 0; id < lattice.nodeCount; id++) {
          if (!standable(lattice, id)) continue;
          for (const [to, cost] of movesOf(lattice, id)) {
            const back = movesOf(lattice, to).find(([t]) => t === id);
            expect(back, `seed ${seed} ${spec.lattice}/${spec.connectivity}: ${id} -> ${to} has no reverse`).toBeDefined();
            expect(back![1]).toBe(cost);
          }
        }
      }
    }
  });
});

describe('landmark estimate', () => {
  it('is admissible: never above the cheapest path to the goal (brute force on small grids)', SLOW, () => {
    let checked = 0;
    let aboveOctile = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const rng = makeRng(seed * 977);
      const grid = randomCosts(rng, randomGrid(rng, { width: rng.range(3, 9), height: rng.range(3, 9), density: rng.next() * 0.35 }));
      const spec = LATTICE_SPECS[seed % LATTICE_SPECS.length]!;
      const lattice = latticeOf(grid, spec);
      const landmarks = new Landmarks(lattice, rng.range(1, 4));
      landmarks.ensure();
      for (let q = 0; q < 3; q++) {
        const goal = rng.int(lattice.nodeCount);
        if (!standable(lattice, goal)) continue;
        for (let id = 0; id < lattice.nodeCount; id++) {
          if (!standable(lattice, id)) continue;
          const truth = weightedDijkstraCost(grid, spec, lattice.x(id), lattice.y(id), lattice.x(goal), lattice.y(goal));
          const h = fullEstimate(landmarks, lattice, id, goal);
          if (truth === Infinity) continue;
          checked++;
          expect(h, `seed ${seed} ${spec.lattice}/${spec.connectivity}: node ${id} to goal ${goal}`).toBeLessThanOrEqual(truth + EXACT * Math.max(1, truth));
          if (landmarks.estimate(id, goal) > Math.hypot(lattice.x(id) - lattice.x(goal), lattice.y(id) - lattice.y(goal)) * landmarks.minCost + EXACT) aboveOctile++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // The landmarks do add to the octile bound (else this would test little).
    expect(aboveOctile).toBeGreaterThan(checked / 4);
  });

  it('is consistent: h(n) <= c(n, m) + h(m) for every move A* can make', SLOW, () => {
    let moves = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rng = makeRng(seed * 389);
      const grid = randomCosts(rng, randomGrid(rng, { width: rng.range(3, 16), height: rng.range(3, 16), density: rng.next() * 0.35 }));
      const spec = LATTICE_SPECS[seed % LATTICE_SPECS.length]!;
      const lattice = latticeOf(grid, spec);
      const landmarks = new Landmarks(lattice, rng.range(1, 8));
      landmarks.ensure();
      for (let q = 0; q < 3; q++) {
        const goal = rng.int(lattice.nodeCount);
        if (!standable(lattice, goal)) continue;
        for (let id = 0; id < lattice.nodeCount; id++) {
          if (!standable(lattice, id) || !lattice.passable(id)) continue;
          const h = fullEstimate(landmarks, lattice, id, goal);
          if (h === Infinity) continue;
          for (const [to, cost] of movesOf(lattice, id)) {
            moves++;
            expect(h, `seed ${seed} ${spec.lattice}/${spec.connectivity}: ${id} -> ${to}, goal ${goal}`).toBeLessThanOrEqual(cost + fullEstimate(landmarks, lattice, to, goal) + EXACT * Math.max(1, h));
          }
        }
      }
    }
    expect(moves).toBeGreaterThan(5000);
  });

  it('bounds from both sides of a landmark (the |…| of the bound): exact along a corridor, both ways', () => {
    // One row, one landmark: farthest-point selection puts it at an end, and on a corridor
    // |d(L, b) − d(L, a)| is the cost between a and b, whichever of them is nearer the landmark.
    const costs = [3, 1, 4, 1, 5, 9, 2, 6];
    const grid = new Grid(8, 1).fillCosts(0, 0, 8, 1, (x) => costs[x]!);
    const landmarks = new Landmarks(new CellLattice(grid), 1);
    landmarks.ensure();
    const between = (a: number, b: number): number => {
      let c = 0;
      for (let x = Math.min(a, b); x < Math.max(a, b); x++) c += (costs[x]! + costs[x + 1]!) / 2;
      return c;
    };
    for (const [a, b] of [
      [0, 7],
      [7, 0],
      [2, 5],
      [5, 2],
    ] as const) {
      expect(landmarks.estimate(a, b), `${a} -> ${b}`).toBeCloseTo(between(a, b), 12);
    }
  });

  it('gives every region its own landmarks: bounds inside a second room are admissible and not zero', () => {
    // Two rooms cut by a full wall; costs on both sides.
    const grid = Grid.fromAscii(['...#....', '...#....', '...#....']).fillCosts(0, 0, 8, 3, (x, y) => 1 + ((x + y) % 4));
    const spec: LatticeSpec = { lattice: 'cell', connectivity: 8 };
    const lattice = new CellLattice(grid);
    const landmarks = new Landmarks(lattice, 2);
    landmarks.ensure();
    const id = (x: number, y: number): number => y * 8 + x;
    for (const [a, b] of [
      [id(0, 0), id(2, 2)],
      [id(4, 0), id(7, 2)],
      [id(7, 0), id(4, 2)],
    ] as const) {
      const truth = weightedDijkstraCost(grid, spec, lattice.x(a), lattice.y(a), lattice.x(b), lattice.y(b));
      expect(landmarks.estimate(a, b)).toBeGreaterThan(0);
      expect(landmarks.estimate(a, b)).toBeLessThanOrEqual(truth + EXACT);
    }
    // Each slot has a landmark (distance 0) in each room.
    const table = landmarks.distances()!;
    for (let slot = 0; slot < 2; slot++) {
      for (const room of [[0, 3], [4, 8]]) {
        let zero = false;
        for (let y = 0; y < 3; y++) for (let x = room[0]!; x < room[1]!; x++) zero ||= table[id(x, y) * 2 + slot] === 0;
        expect(zero, `slot ${slot}, room from column ${room[0]}`).toBe(true);
      }
    }
  });
});

describe('weighted A* with landmarks', () => {
  it('returns exactly weighted Dijkstra\'s cost on hundreds of seeded random weighted grids', SLOW, () => {
    let queries = 0;
    let weightedPaths = 0;
    let built = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const rng = makeRng(seed * 7907);
      const grid = randomCosts(rng, randomGrid(rng, { width: rng.range(2, 16), height: rng.range(2, 16), density: rng.next() * 0.4 }));
      const spec = LATTICE_SPECS[seed % LATTICE_SPECS.length]!;
      const astar = new AStar(grid, { ...spec, landmarks: rng.range(1, 8) });
      const kinds: PointKind[] = spec.lattice === 'corner' ? ['corner', 'corner', 'corner', 'real'] : ['cell'];
      for (let q = 0; q < 5; q++) {
        const a = randomFreePoint(rng, grid, rng.pick(kinds));
        const b = randomFreePoint(rng, grid, rng.pick(kinds));
        if (!a || !b) continue;
        const weight = q === 4 ? 0 : 1;
        const r = astar.findPath(a.x, a.y, b.x, b.y, { weight });
        const expected = weightedDijkstraCost(grid, spec, a.x, a.y, b.x, b.y);
        const where = `seed ${seed} ${spec.lattice}/${spec.connectivity} (${a.x}, ${a.y}) -> (${b.x}, ${b.y}) weight ${weight}`;
        queries++;
        if (expected === Infinity) {
          expect(r.status, where).toBe('no-path');
          continue;
        }
        expect(r.status, where).toBe('found');
        // Off-lattice ends take the octile path (and a direct leg is sampled): only lattice ends here.
        if (r.points.length === 2 && spec.lattice === 'corner' && !Number.isInteger(a.x + a.y) && !Number.isInteger(b.x + b.y)) continue;
        expect(Math.abs(r.cost! - expected), `${where}: cost ${r.cost} vs ${expected}`).toBeLessThanOrEqual(EXACT * Math.max(1, expected));
        if (r.cost! > r.length + EXACT) weightedPaths++;
      }
      if (astar.landmarks!.fresh) built++;
    }
    expect(queries).toBeGreaterThan(400);
    // Most grids had a weighted query between lattice nodes, which built (and used) the table.
    expect(built).toBeGreaterThan(80);
    expect(weightedPaths).toBeGreaterThan(queries / 2);
  });

  it('expands far fewer nodes than with the octile estimate on a weighted map (same costs)', () => {
    const rng = makeRng(18);
    const grid = randomCosts(rng, randomGrid(rng, { width: 96, height: 96, density: 0.15, mode: 'uniform' }));
    grid.fillCosts(0, 0, grid.width, grid.height, () => rng.range(1, 9));
    const plain = new AStar(grid, { lattice: 'cell' });
    const alt = new AStar(grid, { lattice: 'cell', landmarks: 8 });
    let octileExpanded = 0;
    let altExpanded = 0;
    let found = 0;
    for (let q = 0; q < 40; q++) {
      const a = randomFreePoint(rng, grid, 'cell')!;
      const b = randomFreePoint(rng, grid, 'cell')!;
      const r0 = plain.findPath(a.x, a.y, b.x, b.y);
      const r1 = alt.findPath(a.x, a.y, b.x, b.y);
      expect(r1.status).toBe(r0.status);
      if (r0.status !== 'found') continue;
      found++;
      expect(r1.cost).toBeCloseTo(r0.cost!, 9);
      octileExpanded += r0.expanded;
      altExpanded += r1.expanded;
    }
    expect(found).toBeGreaterThan(30);
    // Measured: about a tenth; a bound with room for other seeds.
    expect(altExpanded).toBeLessThan(octileExpanded / 3);
  });

  it('uses both sides of a landmark: toward it and away from it, no dead-end spur is expanded', () => {
    // A corridor (row 0) with a one-cell spur under every even column. The octile estimate at
    // the least cost, 1, lets A* look into the spurs; the landmark bound |d(L, g) − d(L, n)|
    // prices a spur's detour in both directions, whichever end the one landmark sits at.
    const rng = makeRng(21);
    const grid = Grid.fromPredicate(24, 2, (x, y) => y === 1 && x % 2 === 1).fillCosts(0, 0, 24, 2, (x, y) => (y === 1 || x === 0 ? 1 : rng.range(2, 9)));
    const alt = new AStar(grid, { lattice: 'cell', landmarks: 1 });
    const plain = new AStar(grid, { lattice: 'cell' });
    for (const [a, b] of [
      [0.5, 23.5],
      [23.5, 0.5],
    ] as const) {
      const r = alt.findPath(a, 0.5, b, 0.5);
      expect(r.cost).toBeCloseTo(plain.findPath(a, 0.5, b, 0.5).cost!, 9);
      expect(plain.expandedPoints().some((p) => p.y > 1), 'the octile search looks into spurs').toBe(true);
      expect(alt.expandedPoints().filter((p) => p.y > 1), `${a} -> ${b}`).toEqual([]);
    }
  });

  it('leaves uniform grids to the octile loop (no table is built)', () => {
    const grid = Grid.fromAscii(['........', '..##....', '........']);
    const astar = new AStar(grid, { landmarks: 4 });
    const plain = new AStar(grid);
    const r = astar.findPath(0, 0, 8, 3);
    expect(r.status).toBe('found');
    expect(r.expanded).toBe(plain.findPath(0, 0, 8, 3).expanded);
    expect(astar.landmarks!.fresh).toBe(false);
  });
});

describe('a grid change makes the table stale', () => {
  it('a cost edit: the table is never read stale, and the next search is optimal on the rebuilt one', SLOW, () => {
    let queries = 0;
    let rebuilt = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const rng = makeRng(seed * 4021);
      const grid = randomGrid(rng, { width: rng.range(6, 16), height: rng.range(6, 16), density: rng.next() * 0.3 });
      // Dear everywhere, so that the old table's distances overshoot once roads are laid.
      grid.fillCosts(0, 0, grid.width, grid.height, () => rng.range(6, 9));
      const spec = LATTICE_SPECS[seed % LATTICE_SPECS.length]!;
      const astar = new AStar(grid, { ...spec, landmarks: 4 });
      const kind: PointKind = spec.lattice === 'corner' ? 'corner' : 'cell';
      const a = randomFreePoint(rng, grid, kind);
      const b = randomFreePoint(rng, grid, kind);
      if (!a || !b) continue;
      astar.landmarks!.ensure();
      expect(astar.landmarks!.fresh).toBe(true);
      // Cheap roads: one row and one column of cost 1.
      const row = rng.int(grid.height);
      const column = rng.int(grid.width);
      grid.fillCosts(0, row, grid.width, 1, () => 1);
      grid.fillCosts(column, 0, 1, grid.height, () => 1);
      expect(astar.landmarks!.fresh).toBe(false);
      expect(astar.landmarks!.distances()).toBeNull();
      expect(() => astar.landmarks!.estimate(0, 1)).toThrow(/stale/);
      for (let q = 0; q < 4; q++) {
        const c = q === 0 ? a : randomFreePoint(rng, grid, kind);
        const d = q === 0 ? b : randomFreePoint(rng, grid, kind);
        if (!c || !d) continue;
        const r = astar.findPath(c.x, c.y, d.x, d.y);
        const expected = weightedDijkstraCost(grid, spec, c.x, c.y, d.x, d.y);
        const where = `seed ${seed} ${spec.lattice}/${spec.connectivity} (${c.x}, ${c.y}) -> (${d.x}, ${d.y})`;
        queries++;
        if (expected === Infinity) {
          expect(r.status, where).toBe('no-path');
          continue;
        }
        expect(Math.abs(r.cost! - expected), `${where}: cost ${r.cost} vs ${expected}`).toBeLessThanOrEqual(EXACT * Math.max(1, expected));
      }
      if (astar.landmarks!.fresh) rebuilt++;
    }
    expect(queries).toBeGreaterThan(60);
    expect(rebuilt).toBeGreaterThan(20);
  });

  it('a search paused across a cost edit goes on with the octile estimate, and is optimal when the edit is away from what it read', () => {
    let checked = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const rng = makeRng(seed * 61);
      const grid = randomGrid(rng, { width: 24, height: 24, density: 0.15, mode: 'uniform' });
      grid.setBlocked(1, 1, false);
      // Dear everywhere: the table built now overshoots badly once the far cells get cheap.
      grid.fillCosts(0, 0, 24, 24, () => 9);
      const spec: LatticeSpec = { lattice: 'cell', connectivity: 8 };
      const astar = new AStar(grid, { ...spec, landmarks: 4 });
      const goal = randomFreePoint(rng, grid, 'cell')!;
      if (Math.hypot(goal.x - 1.5, goal.y - 1.5) < 6) continue;
      const search = astar.createSearch(1.5, 1.5, goal.x, goal.y);
      // One expansion: the start; its neighbours' g read only cells within one of it.
      expect(search.step(1)).toBeUndefined();
      expect(astar.landmarks!.fresh).toBe(true);
      grid.fillCosts(0, 0, 24, 24, (x, y) => (Math.max(x, y) <= 2 ? 9 : rng.range(1, 9)));
      expect(astar.landmarks!.fresh).toBe(false);
      let result = search.step(10_000);
      while (result === undefined) result = search.step(10_000);
      const expected = weightedDijkstraCost(grid, spec, 1.5, 1.5, goal.x, goal.y);
      if (expected === Infinity) {
        expect(result.status).toBe('no-path');
        continue;
      }
      checked++;
      expect(Math.abs(result.cost! - expected), `seed ${seed}: cost ${result.cost} vs ${expected}`).toBeLessThanOrEqual(EXACT * expected);
      // The next search rebuilds the table.
      astar.findPath(1.5, 1.5, goal.x, goal.y);
      expect(astar.landmarks!.fresh).toBe(true);
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('building', () => {
  it('in small steps gives the table of one call, and starts over after a change during the build', () => {
    const rng = makeRng(5);
    const grid = randomCosts(rng, randomGrid(rng, { width: 40, height: 30, density: 0.2 }));
    const lattice = new CornerLattice(grid);
    const whole = new Landmarks(lattice, 6).ensure().slice();
    const stepped = new Landmarks(lattice, 6);
    let steps = 0;
    while (!stepped.step(16)) steps++;
    expect(steps).toBeGreaterThan(10);
    expect(stepped.distances()).toEqual(whole);
    // A change halfway: the build restarts and the result belongs to the new grid.
    const again = new Landmarks(lattice, 6);
    for (let i = 0; i < 5; i++) expect(again.step(16)).toBe(false);
    grid.setCost(3, 3, 9);
    while (!again.step(64));
    expect(again.fresh).toBe(true);
    expect(again.distances()).toEqual(new Landmarks(lattice, 6).ensure());
    expect(again.distances()).not.toEqual(whole);
  });

  it('reports its memory: 8 bytes per landmark per node', () => {
    const lattice = new CellLattice(new Grid(512, 512));
    expect(new Landmarks(lattice).bytes).toBe(8 * 8 * 512 * 512);
  });

  it('refuses bad counts with a RangeError naming the value', () => {
    const grid = new Grid(4, 4);
    for (const bad of [0, -1, 1.5, MAX_LANDMARKS + 1, Number.NaN]) {
      expect(() => new Landmarks(new CellLattice(grid), bad)).toThrow(RangeError);
      expect(() => new Landmarks(new CellLattice(grid), bad)).toThrow(String(bad));
    }
    for (const bad of [-1, 2.5, MAX_LANDMARKS + 1]) expect(() => new AStar(grid, { landmarks: bad })).toThrow(new RegExp(`landmarks.*${String(bad)}`));
    expect(new AStar(grid, { landmarks: 0 }).landmarks).toBeNull();
  });
});

describe('landmarks through the planner registry', () => {
  it("createPlanner('astar', grid, { landmarks }) uses them and finds the same costs as without", () => {
    const rng = makeRng(4242);
    for (let trial = 0; trial < 20; trial++) {
      const grid = randomGrid(rng, { width: 24, height: 24, density: 0.2, mode: 'uniform' });
      grid.fillCosts(0, 0, 24, 24, () => 1 + rng.int(9));
      const alt = createPlanner('astar', grid, { lattice: 'cell', landmarks: 8 }) as AStar;
      const plain = createPlanner('astar', grid, { lattice: 'cell' }) as AStar;
      const a = randomFreePoint(rng, grid, 'cell');
      const b = randomFreePoint(rng, grid, 'cell');
      if (!a || !b) continue;
      const withAlt = alt.findPath(a.x, a.y, b.x, b.y);
      const without = plain.findPath(a.x, a.y, b.x, b.y);
      expect(withAlt.status).toBe(without.status);
      if (without.status === 'found') expect(withAlt.cost).toBeCloseTo(without.cost!, 9);
      expect(alt.landmarks).not.toBeNull();
      expect(plain.landmarks).toBeNull();
    }
  });
});
