import { describe, expect, it } from 'vitest';
import type { CurveResult } from '../../../src/curves/curve-planner.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { Grid } from '../../../src/grid/grid.js';
import type { SearchSession } from '../../../src/search/session.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { integrateCurveCost } from '../../../bench/lib/curve-integral.js';
import { pathProblem } from '../../support/footprint-sampler.js';
import { makeRng } from '../../support/rng.js';

const UNIT = { turningRadius: 1.5, width: 0.8 };
const { sweepRadius, turningRadius } = resolveProfile(UNIT);
/** Work units a step may do: small, so the searches below pause many times. */
const STEP = 40;
/** Steps run before the edit: the search is under way, not yet done. */
const STEPS_BEFORE_EDIT = 3;
const START = { x: 3.5, y: 15.5, heading: 0 };
const GOAL = { x: 33.5, y: 8.5, heading: null };

/** A 40 x 30 map with two walls and seeded costs 1 to 4 in 4 x 4 patches. */
function weightedMap(): Grid {
  const rng = makeRng(1819);
  const patch: number[] = [];
  for (let i = 0; i < 10 * 8; i++) patch.push(1 + rng.int(4));
  const grid = Grid.fromPredicate(40, 30, (x, y) => (x === 12 && y >= 6 && y < 26) || (y === 20 && x >= 18 && x < 30));
  return grid.fillCosts(0, 0, 40, 30, (x, y) => patch[(y >> 2) * 10 + (x >> 2)]!);
}

/** A planner on `grid` whose tables are built, so a search's work is its own. */
function built(grid: Grid): DirectionalPlanner {
  const planner = new DirectionalPlanner(grid, UNIT);
  planner.buildTables();
  return planner;
}

function finish(search: SearchSession<CurveResult>): CurveResult {
  for (;;) {
    const r = search.step(STEP);
    if (r) return r;
  }
}

function paused(planner: DirectionalPlanner): SearchSession<CurveResult> {
  const search = planner.createSearch(START, GOAL);
  for (let i = 0; i < STEPS_BEFORE_EDIT; i++) expect(search.step(STEP)).toBeUndefined();
  return search;
}

function legal(grid: Grid, r: CurveResult): string | null {
  return pathProblem(grid, r.segments.toJSON(), { start: START, goal: GOAL, turningRadius, sweepRadius });
}

describe('a paused directional search and a cost edit', () => {
  it('goes on without beginning again: the same path, expansions and work as without the edit', () => {
    // The kinematic table is shared by every planner of a profile: filled first, it charges neither run.
    finish(built(weightedMap()).createSearch(START, GOAL));
    const alone = built(weightedMap()).createSearch(START, GOAL);
    const expected = finish(alone);
    expect(expected.status).toBe('found');
    const grid = weightedMap();
    const search = paused(built(grid));
    // Cells the search never reads: a far corner, and a blocked cell.
    const version = grid.version;
    grid.setCost(39, 29, grid.cost(39, 29) + 1);
    grid.setCost(12, 15, grid.cost(12, 15) + 1);
    expect(grid.version).toBe(version + 2);
    const r = finish(search);
    expect(r.segments.toJSON()).toEqual(expected.segments.toJSON());
    expect(r.expanded).toBe(expected.expanded);
    expect(search.work).toBe(alone.work);
  });

  it('keeps its tables (its field on the old costs) until it ends; its path is legal; the next query sees the new costs', () => {
    const grid = weightedMap();
    const planner = built(grid);
    const search = paused(planner);
    grid.fillCosts(14, 6, 12, 12, () => 9);
    const r = finish(search);
    expect(r.status).toBe('found');
    expect(legal(grid, r)).toBeNull();
    // Nothing was rebuilt under the running search: the tables still describe the old costs.
    expect(planner.tablesReady()).toBe(false);
    // The next query brings the costs in and answers as a planner made on the new grid does.
    const next = planner.findPath(START, GOAL);
    const freshPlanner = built(grid.clone());
    const fresh = freshPlanner.findPath(START, GOAL);
    expect(next.status).toBe('found');
    expect(next.segments.toJSON()).toEqual(fresh.segments.toJSON());
    expect(next.cost).toBe(fresh.cost);
    expect(next.expanded).toBe(fresh.expanded);
    expect(Math.abs(next.cost - integrateCurveCost(grid, next.segments.segments, 1))).toBeLessThan(1e-6 * next.cost);
    // The estimates from cells in and around the dear patch read the new costs too.
    for (const [x, y] of [[20, 10], [15, 7], [24, 16], [5, 10]] as const) {
      expect(planner.heuristicAt(GOAL, x, y, 0), `cell (${x}, ${y})`).toBe(freshPlanner.heuristicAt(GOAL, x, y, 0));
    }
  });

  it('a blocking edit begins it again, and the path keeps off the new wall', () => {
    const before = built(weightedMap()).findPath(START, GOAL);
    const grid = weightedMap();
    const planner = built(grid);
    const search = paused(planner);
    grid.setCost(39, 29, grid.cost(39, 29) + 1);
    // A wall from the top down to row 20 at column 22: the old path crosses it.
    grid.fill(22, 0, 1, 20, () => true);
    expect(legal(grid, before)).not.toBeNull();
    const r = finish(search);
    expect(r.status).toBe('found');
    expect(legal(grid, r)).toBeNull();
    expect(planner.tablesReady()).toBe(true);
    // The same query on a planner made on the new grid finds the same path: no table is stale.
    expect(r.segments.toJSON()).toEqual(built(grid.clone()).findPath(START, GOAL).segments.toJSON());
  });

  it('after cost edits alone, a blocking edit between queries still reaches every table', () => {
    const grid = weightedMap();
    const planner = built(grid);
    expect(planner.findPath(START, GOAL).status).toBe('found');
    grid.setCost(5, 5, grid.cost(5, 5) + 1);
    expect(planner.findPath(START, GOAL).status).toBe('found');
    // Close the way round both walls: column 12's gaps above and below.
    grid.fill(12, 0, 1, 6, () => true);
    grid.setCost(6, 6, grid.cost(6, 6) + 1);
    grid.fill(12, 26, 1, 4, () => true);
    expect(planner.findPath(START, GOAL).status).toBe('no-path');
    grid.setBlocked(12, 2, false);
    grid.setBlocked(12, 3, false);
    const r = planner.findPath(START, GOAL);
    expect(r.status).toBe('found');
    expect(legal(grid, r)).toBeNull();
  });
});
