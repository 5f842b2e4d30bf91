import { describe, expect, it } from 'vitest';
import { ThetaStar } from '../../../src/anyangle/theta-star.js';
import { Grid } from '../../../src/grid/grid.js';
import { segmentCost } from '../../../src/grid/segment-cost.js';
import { AStar } from '../../../src/search/astar.js';
import type { Planner } from '../../../src/search/planner.js';
import type { PathResult } from '../../../src/search/result.js';
import type { SearchSession } from '../../../src/search/session.js';
import { brutePathLegal } from '../../support/brute-los.js';
import { makeRng } from '../../support/rng.js';

/** Expansions a step may do: small, so the searches below pause many times. */
const STEP = 5;
/** Steps run before the edit: the search is well under way, not yet done. */
const STEPS_BEFORE_EDIT = 4;

const PLANNERS: [string, (grid: Grid) => Planner][] = [
  ['weighted A*', (grid) => new AStar(grid)],
  ['weighted Theta*', (grid) => new ThetaStar(grid)],
];

/** A 48 x 32 map with two walls and seeded costs 1 to 4 in 4 x 4 patches. */
function weightedMap(): Grid {
  const rng = makeRng(1818);
  const patch: number[] = [];
  for (let i = 0; i < 12 * 8; i++) patch.push(1 + rng.int(4));
  const grid = Grid.fromPredicate(48, 32, (x, y) => (x === 14 && y >= 4 && y < 24) || (y === 20 && x >= 20 && x < 34));
  return grid.fillCosts(0, 0, 48, 32, (x, y) => patch[(y >> 2) * 12 + (x >> 2)]!);
}

const START = { x: 3, y: 12 };
const GOAL = { x: 28, y: 9 };

/** Steps `search` to its end, {@link STEP} expansions at a time. */
function finish(search: SearchSession<PathResult>): PathResult {
  for (;;) {
    const r = search.step(STEP);
    if (r) return r;
  }
}

/** Opens the query and runs {@link STEPS_BEFORE_EDIT} steps of it. */
function paused(planner: Planner): SearchSession<PathResult> {
  const search = planner.createSearch(START.x, START.y, GOAL.x, GOAL.y);
  for (let i = 0; i < STEPS_BEFORE_EDIT; i++) expect(search.step(STEP)).toBeUndefined();
  return search;
}

describe('a paused weighted search and a cost edit', () => {
  for (const [name, make] of PLANNERS) {
    it(`${name}: goes on without beginning again (the same path, expansions and work as without the edit)`, () => {
      const alone = make(weightedMap()).createSearch(START.x, START.y, GOAL.x, GOAL.y);
      const expected = finish(alone);
      expect(expected.status).toBe('found');
      const grid = weightedMap();
      const search = paused(make(grid));
      // Cells the search never reads: a far corner, and a blocked cell.
      const version = grid.version;
      grid.setCost(47, 31, grid.cost(47, 31) + 1);
      grid.setCost(14, 10, grid.cost(14, 10) + 1);
      expect(grid.version).toBe(version + 2);
      const r = finish(search);
      expect(r.points).toEqual(expected.points);
      expect(r.expanded).toBe(expected.expanded);
      expect(search.work).toBe(alone.work);
    });

    it(`${name}: an edit on its way is read as found, the path legal and costed on the costs as they are`, () => {
      const grid = weightedMap();
      const search = paused(make(grid));
      grid.fillCosts(16, 4, 10, 16, () => 9);
      const r = finish(search);
      expect(r.status).toBe('found');
      expect(brutePathLegal(grid, r.points)).toBe(true);
      // Every expansion counted is one of this search: a restart would have thrown some away.
      expect(search.work).toBe(r.expanded);
      expect(r.expanded).toBeGreaterThan(STEP * STEPS_BEFORE_EDIT);
      let cost = 0;
      for (let i = 1; i < r.points.length; i++) cost += segmentCost(grid, r.points[i - 1]!.x, r.points[i - 1]!.y, r.points[i]!.x, r.points[i]!.y);
      expect(r.cost).toBeCloseTo(cost, 9);
    });

    it(`${name}: a blocking edit still begins it again, and the path keeps off the new wall`, () => {
      const before = make(weightedMap()).findPath(START.x, START.y, GOAL.x, GOAL.y);
      const grid = weightedMap();
      const search = paused(make(grid));
      // A wall from the top down to row 20 at column 20: the old path crosses it.
      grid.fill(20, 0, 1, 20, () => true);
      expect(brutePathLegal(grid, before.points)).toBe(false);
      const r = finish(search);
      expect(r.status).toBe('found');
      expect(brutePathLegal(grid, r.points)).toBe(true);
      // The expansions before the wall went up were thrown away.
      expect(search.work).toBeGreaterThan(r.expanded);
      // And a blocking edit after a cost edit is not missed.
      const again = paused(make(grid));
      grid.setCost(40, 30, 2);
      grid.setBlocked(20, 20, true);
      grid.fill(21, 20, 1, 12, () => true);
      expect(again.step(Infinity)?.status).toBe('no-path');
    });
  }
});

describe('tables that read blocking alone, after cost edits and a blocking edit between queries', () => {
  it('A*: the move table follows the new wall', () => {
    const grid = new Grid(20, 10).fillCosts(0, 0, 20, 10, (x) => 1 + (x % 3));
    const astar = new AStar(grid);
    expect(astar.findPath(1, 5, 19, 5).status).toBe('found');
    grid.setCost(4, 4, 5);
    grid.fill(10, 2, 1, 8, () => true);
    grid.setCost(5, 4, 5);
    const r = astar.findPath(1, 5, 19, 5);
    expect(r.status).toBe('found');
    expect(brutePathLegal(grid, r.points)).toBe(true);
  });

  it('Theta*: line of sight (the free runs) sees the new wall', () => {
    const grid = new Grid(20, 10).fillCosts(0, 0, 20, 10, () => 2);
    const theta = new ThetaStar(grid);
    expect(theta.findPath(1, 5, 19, 5).points).toHaveLength(2);
    grid.setCost(4, 4, 3);
    grid.fill(10, 2, 1, 8, () => true);
    grid.setCost(5, 4, 3);
    const r = theta.findPath(1, 5, 19, 5);
    expect(r.status).toBe('found');
    expect(brutePathLegal(grid, r.points)).toBe(true);
  });
});
