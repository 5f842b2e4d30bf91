import { describe, expect, it } from 'vitest';
import { CellDijkstra, cellsOf, pathCost, type Cell, type CostRule } from '../../../bench/lib/cell-cost-rules.js';
import { Grid } from '../../../src/grid/grid.js';
import { makeRng } from '../../support/rng.js';
import { weightedDijkstraCost } from '../../support/weighted-dijkstra.js';

/** Sums of a few products: equal up to rounding. */
const EXACT = 1e-9;

/** Row 0 costs 2, 3, 5; row 1 costs 1, 4, 1; all free. */
function handGrid(): Grid {
  const costs = [
    [2, 3, 5],
    [1, 4, 1],
  ];
  return new Grid(3, 2).fillCosts(0, 0, 3, 2, (x, y) => costs[y]![x]!);
}

describe('cell cost rules: hand-worked', () => {
  it('prices one path by our integral and by easystar.js (1 or 1.4 times the target cell)', () => {
    const g = handGrid();
    const path = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 1 }];
    // ½·2 + ½·3, then (√2/2)·(3 + 1).
    expect(pathCost('headway', g, path)).toBeCloseTo(2.5 + 2 * Math.SQRT2, 12);
    // 1·3, then 1.4·1.
    expect(pathCost('easystar', g, path)).toBeCloseTo(4.4, 12);
  });

  it('expands merged legs through cell centres and every-cell paths alike', () => {
    expect(cellsOf([{ x: 0.5, y: 0.5 }, { x: 2.5, y: 0.5 }, { x: 0.5, y: 2.5 }], true)).toEqual([
      { x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 2 },
    ]);
    expect(cellsOf([{ x: 3, y: 1 }, { x: 2, y: 2 }], false)).toEqual([{ x: 3, y: 1 }, { x: 2, y: 2 }]);
    expect(() => cellsOf([{ x: 0.5, y: 0.5 }, { x: 2.5, y: 1.5 }], true)).toThrow(RangeError);
    expect(() => cellsOf([{ x: 0, y: 0 }], true)).toThrow(/not a cell centre/);
  });

  it('refuses a path through a blocked cell, a cut corner or a jump', () => {
    const g = handGrid().setBlocked(1, 1, true);
    expect(() => pathCost('headway', g, [{ x: 1, y: 0 }, { x: 2, y: 1 }])).toThrow(/blocked/);
    expect(() => pathCost('easystar', g, [{ x: 0, y: 0 }, { x: 1, y: 1 }])).toThrow(/blocked/);
    expect(() => pathCost('easystar', g, [{ x: 0, y: 0 }, { x: 2, y: 0 }])).toThrow(/not neighbours/);
  });

  it('finds the hand-worked optimum of each rule', () => {
    // A 3x3 grid: a cheap ring of cost 1 round a centre of cost 4, dear corners 9 except the start.
    //   1 1 9
    //   1 4 1
    //   9 1 1
    const costs = [
      [1, 1, 9],
      [1, 4, 1],
      [9, 1, 1],
    ];
    const g = new Grid(3, 3).fillCosts(0, 0, 3, 3, (x, y) => costs[y]![x]!);
    const d = new CellDijkstra(g);
    // easystar: the diagonal through the centre costs 1.4·4 + 1.4·1 = 7; round the ring
    // (1,0) (2,1) (2,2) costs 1 + 1.4 + 1 = 3.4, the cheapest (every move costs >= 1, three moves
    // at least unless two diagonals, and both two-move routes enter the centre).
    expect(d.cheapestCost('easystar', 0, 0, 2, 2)).toBeCloseTo(3.4, 12);
    // Ours: (0,0) (1,0) (2,1) (2,2): ½(1+1) + (√2/2)(1+1) + ½(1+1) = 2 + √2 ≈ 3.414; through the
    // centre (√2/2)(1+4)·2 ≈ 7.07.
    expect(d.cheapestCost('headway', 0, 0, 2, 2)).toBeCloseTo(2 + Math.SQRT2, 12);
    g.setBlocked(1, 0, true).setBlocked(0, 1, true);
    expect(d.cheapestCost('headway', 0, 0, 2, 2)).toBe(Infinity);
  });
});

/** The cheapest simple path by trying every one: a 3x3 grid has few enough. */
function bruteCheapest(rule: CostRule, g: Grid, s: Cell, goal: Cell): number {
  let best = Infinity;
  const seen = new Set<number>();
  const walk = (path: Cell[]): void => {
    const at = path[path.length - 1]!;
    if (at.x === goal.x && at.y === goal.y) {
      best = Math.min(best, pathCost(rule, g, path));
      return;
    }
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = { x: at.x + dx, y: at.y + dy };
        if ((dx === 0 && dy === 0) || n.x < 0 || n.y < 0 || n.x >= g.width || n.y >= g.height || seen.has(n.y * g.width + n.x)) continue;
        if (g.isBlocked(n.x, n.y) || (dx !== 0 && dy !== 0 && (g.isBlocked(at.x + dx, at.y) || g.isBlocked(at.x, at.y + dy)))) continue;
        seen.add(n.y * g.width + n.x);
        walk([...path, n]);
        seen.delete(n.y * g.width + n.x);
      }
    }
  };
  if (g.isBlocked(s.x, s.y) || g.isBlocked(goal.x, goal.y)) return Infinity;
  seen.add(s.y * g.width + s.x);
  walk([s]);
  return best;
}

describe('cell cost rules: seeded', () => {
  it('CellDijkstra equals the cheapest of every simple path on 300 random 3x3 grids, both rules', () => {
    const rng = makeRng(1811);
    let finite = 0;
    for (let t = 0; t < 300; t++) {
      const g = Grid.fromPredicate(3, 3, () => rng.chance(0.2)).fillCosts(0, 0, 3, 3, () => 1 + rng.int(9));
      const s = { x: rng.int(3), y: rng.int(3) };
      const goal = { x: rng.int(3), y: rng.int(3) };
      const d = new CellDijkstra(g);
      for (const rule of ['headway', 'easystar'] as const) {
        const truth = bruteCheapest(rule, g, s, goal);
        const got = d.cheapestCost(rule, s.x, s.y, goal.x, goal.y);
        if (truth === Infinity) expect(got, `seed 1811 case ${t} ${rule}`).toBe(Infinity);
        else expect(Math.abs(got - truth), `seed 1811 case ${t} ${rule}`).toBeLessThan(EXACT);
        if (truth < Infinity) finite++;
      }
    }
    expect(finite).toBeGreaterThan(300);
  });

  it('the headway rule equals the test suite\'s dense sampled Dijkstra on 100 random 12x12 grids', () => {
    const rng = makeRng(1812);
    for (let t = 0; t < 100; t++) {
      const g = Grid.fromPredicate(12, 12, () => rng.chance(0.25)).fillCosts(0, 0, 12, 12, () => 1 + rng.int(9));
      const s = { x: rng.int(12), y: rng.int(12) };
      const goal = { x: rng.int(12), y: rng.int(12) };
      if (g.isBlocked(s.x, s.y) || g.isBlocked(goal.x, goal.y)) continue;
      const truth = weightedDijkstraCost(g, { lattice: 'cell', connectivity: 8 }, s.x + 0.5, s.y + 0.5, goal.x + 0.5, goal.y + 0.5);
      const got = new CellDijkstra(g).cheapestCost('headway', s.x, s.y, goal.x, goal.y);
      if (truth === Infinity) expect(got).toBe(Infinity);
      else expect(Math.abs(got - truth), `seed 1812 case ${t}`).toBeLessThan(EXACT * Math.max(1, truth));
    }
  });
});
