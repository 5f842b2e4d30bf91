import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import { createPlanner, plannerEntry, plannerNames } from '../../../src/planners.js';
import type { PathResult } from '../../../src/search/result.js';
import { makeRng, type Rng } from '../../support/rng.js';

const SEED = 30_3;

/** A width x height grid with about `density` of its cells blocked and, when `costs`, tile costs 1 to 5. */
function makeGrid(rng: Rng, width: number, height: number, density: number, costs: boolean): Grid {
  const grid = Grid.fromPredicate(width, height, () => rng.chance(density));
  if (costs) grid.fillCosts(0, 0, width, height, () => 1 + rng.int(5));
  return grid;
}

/** A point for a query: a lattice node (corner, or cell centre on the cell lattice) or, now and then, any real point. */
function point(rng: Rng, x0: number, x1: number, lattice: 'corner' | 'cell'): number {
  if (rng.chance(0.25)) return x0 + rng.next() * (x1 - x0);
  return rng.range(x0, x1 - 1) + (lattice === 'cell' ? 0.5 : 0);
}

/** True when every segment of the path is legal on `grid` (the grid rule, exact). */
function legal(grid: Grid, r: PathResult): boolean {
  const p = r.points;
  for (let i = 1; i < p.length; i++) if (!lineOfSight(grid, p[i - 1]!.x, p[i - 1]!.y, p[i]!.x, p[i]!.y)) return false;
  return true;
}

function expectSameAsFresh(name: string, lattice: 'corner' | 'cell', grid: Grid, q: number[], sliced: PathResult, label: string): void {
  const fresh = createPlanner(name, grid.clone(), { lattice }).findPath(q[0]!, q[1]!, q[2]!, q[3]!);
  expect(sliced.status, label).toBe(fresh.status);
  if (fresh.status !== 'found') return;
  expect(sliced.length, label).toBeCloseTo(fresh.length, 9);
  if (fresh.cost !== undefined) expect(sliced.cost, label).toBeCloseTo(fresh.cost, 9);
  expect(legal(grid, sliced), `${label}: path legal on the final grid`).toBe(true);
  expect(sliced.points[0]).toEqual(fresh.points[0]);
  expect(sliced.points[sliced.points.length - 1]).toEqual(fresh.points[fresh.points.length - 1]);
}

describe('a paused search after changes of blocking', () => {
  for (const name of plannerNames('polyline')) {
    const entry = plannerEntry(name)!;
    for (const lattice of entry.traits.lattices) {
      it(`${name} (${lattice}) ends as a fresh search on the final grid would, over seeded random toggles`, () => {
        const rng = makeRng(SEED + name.length * 7 + (lattice === 'cell' ? 1 : 0));
        const width = 48;
        const height = 32;
        let toggles = 0;
        for (let trial = 0; trial < 24; trial++) {
          const grid = makeGrid(rng, width, height, 0.22, entry.traits.tileCosts && rng.chance(0.5));
          const planner = createPlanner(name, grid, { lattice });
          // Queries in a band of the map, so that many toggles fall far from them and some near.
          const x0 = rng.int(width - 16);
          const q = [point(rng, x0, x0 + 16, lattice), point(rng, 0, height, lattice), point(rng, x0, x0 + 16, lattice), point(rng, 0, height, lattice)];
          const search = planner.createSearch(q[0]!, q[1]!, q[2]!, q[3]!);
          let result: PathResult | undefined;
          for (let step = 0; step < 10_000 && result === undefined; step++) {
            result = search.step(1 + rng.int(12));
            if (result !== undefined) break;
            // Half the toggles anywhere, half near the query, where the edge of what the search
            // has read sweeps past.
            const n = rng.int(4);
            for (let i = 0; i < n; i++) {
              const near = rng.chance(0.5);
              const cx = near ? Math.max(0, Math.min(width - 1, x0 - 6 + rng.int(28))) : rng.int(width);
              const cy = rng.int(height);
              grid.setBlocked(cx, cy, !grid.isBlocked(cx, cy));
              toggles++;
            }
          }
          expect(result, `trial ${trial}: the search ends`).toBeDefined();
          expectSameAsFresh(name, lattice, grid, q, result!, `${name} ${lattice} seed ${SEED} trial ${trial} query ${q.join(',')}`);
        }
        expect(toggles).toBeGreaterThan(300);
      });
    }
  }

  /**
   * A 72 x 24 map: queries in its west 20 columns, a cell in its east 24 toggled before every
   * step. A search that bounds its reads goes on and ends in as many steps as its expansions
   * need; one restarted by every toggle would never end.
   */
  for (const name of ['astar', 'astar-ps', 'theta', 'lazy-theta']) {
    for (const costs of [false, true]) {
      if (costs && name === 'astar-ps') continue;
      it(`${name}${costs ? ' on tile costs' : ''} is not restarted by toggles far from it`, () => {
        const rng = makeRng(SEED + 1);
        for (let trial = 0; trial < 10; trial++) {
          const grid = makeGrid(rng, 72, 24, 0.2, costs);
          for (let y = 0; y < 24; y++) for (let x = 48; x < 72; x++) grid.setBlocked(x, y, false);
          // A wall splits the toggled area off, so no toggle changes what the query can reach.
          for (let y = 0; y < 24; y++) grid.setBlocked(40, y, true);
          const q = [rng.range(1, 18), rng.range(1, 22), rng.range(1, 18), rng.range(1, 22)];
          for (const [x, y] of [[q[0]!, q[1]!], [q[2]!, q[3]!]]) grid.fill(x! - 1, y! - 1, 2, 2, () => false);
          const once = createPlanner(name, grid.clone()).findPath(q[0]!, q[1]!, q[2]!, q[3]!);
          const search = createPlanner(name, grid).createSearch(q[0]!, q[1]!, q[2]!, q[3]!);
          const perStep = 5;
          let result: PathResult | undefined;
          let steps = 0;
          while (result === undefined && steps < 10_000) {
            grid.setBlocked(48 + rng.int(24), rng.int(24), rng.chance(0.5));
            result = search.step(perStep);
            steps++;
          }
          expect(result?.status, `trial ${trial}`).toBe(once.status);
          expect(result!.expanded).toBe(once.expanded);
          expect(steps).toBeLessThanOrEqual(Math.ceil(once.expanded / perStep) + 1);
          if (once.status === 'found') expect(result!.length).toBeCloseTo(once.length, 9);
        }
      });
    }
  }

  /**
   * Start (10, 5) in a pocket open to the west, goal (20, 5) beyond its east wall: after one
   * expansion the search has opened corner (9, 5) along the edge between cells (9, 4) and (9, 5).
   * Blocking both makes that edge illegal, though neither cell holds a node the search expanded:
   * a search that went on would take the stale edge; it must start over.
   */
  for (const name of ['astar', 'theta', 'lazy-theta']) {
    it(`${name}: a change touching what the search read starts it over`, () => {
      const grid = Grid.fromAscii(
        [
          '......................',
          '......................',
          '........####..........',
          '...........#..........',
          '...........#..........',
          '...........#..........',
          '...........#..........',
          '...........#..........',
          '........####..........',
          '......................',
        ].join('\n'),
      );
      const search = createPlanner(name, grid).createSearch(10, 5, 20, 5);
      expect(search.step(1)).toBeUndefined();
      grid.setBlocked(9, 4, true);
      grid.setBlocked(9, 5, true);
      let result: PathResult | undefined;
      while (result === undefined) result = search.step(1);
      const fresh = createPlanner(name, grid.clone()).findPath(10, 5, 20, 5);
      expect(result.status).toBe('found');
      expect(legal(grid, result)).toBe(true);
      expect(result.length).toBeCloseTo(fresh.length, 9);
    });
  }

  it('leaves no watcher on the grid once its search ends or is replaced', () => {
    const grid = new Grid(40, 10);
    const planner = createPlanner('theta', grid);
    const watchers = (): number => (grid as unknown as { layoutWatchers: Set<unknown> }).layoutWatchers.size;
    planner.findPath(1, 1, 30, 8);
    const idle = watchers();
    const a = planner.createSearch(1, 1, 30, 8);
    a.step(3);
    expect(watchers()).toBe(idle + 1);
    const b = planner.createSearch(1, 1, 30, 8);
    b.step(3);
    expect(watchers()).toBe(idle + 1);
    expect(a.step(3)?.status).toBe('cancelled');
    while (b.step(100) === undefined);
    expect(watchers()).toBe(idle);
    const c = planner.createSearch(1, 1, 30, 8);
    c.step(3);
    c.cancel();
    expect(watchers()).toBe(idle);
  });
});
