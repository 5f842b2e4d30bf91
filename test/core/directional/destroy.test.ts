/**
 * Issue 30, hostile point 11: a dropped directional planner left three watchers on its grid (its
 * two change boxes and its wall distances'), so 200 planners left 600 and every edit paid for
 * them. `destroy()` takes them off, and a destroyed planner answers with a status, not a crash.
 */
import { describe, expect, it } from 'vitest';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { Grid } from '../../../src/grid/grid.js';
import { createCurvePlanner } from '../../../src/planners.js';

const ROWS = ['................', '................', '.....######.....', '................', '................', '..........#.....', '..........#.....', '................'];
const start = { x: 1.5, y: 1.5, heading: 0 };
const goal = { x: 14.5, y: 6.5 };

describe('DirectionalPlanner.destroy', () => {
  it('takes the watchers of 200 planners off the grid', () => {
    const grid = Grid.fromAscii(ROWS);
    const before = grid.watcherCount;
    const planners: DirectionalPlanner[] = [];
    for (let i = 0; i < 200; i++) {
      const planner = new DirectionalPlanner(grid, { turningRadius: 1, width: 0.6 });
      expect(planner.findPath(start, goal).status).toBe('found');
      planners.push(planner);
    }
    // While they live they follow the grid: three watchers each (blocking twice, costs once).
    expect(grid.watcherCount).toBe(before + 600);
    for (const planner of planners) planner.destroy();
    expect(grid.watcherCount).toBe(before);
    // An edit reaches no destroyed planner's tables.
    grid.setBlocked(3, 4, true);
    expect(grid.watcherCount).toBe(before);
  });

  it('answers a query after destroy with status invalid saying so, and builds nothing', () => {
    const grid = Grid.fromAscii(ROWS);
    const planner = new DirectionalPlanner(grid, { turningRadius: 1, width: 0.6 });
    planner.destroy();
    planner.destroy();
    const r = planner.findPath(start, goal);
    expect(r.status).toBe('invalid');
    expect(r.message).toMatch(/destroyed/);
    expect(r.expanded).toBe(0);
    expect(r.segments.length).toBe(0);
    const sliced = planner.createSearch(start, goal).step(100);
    expect(sliced?.status).toBe('invalid');
    expect(planner.buildTables()).toBe(0);
    expect(planner.tablesReady()).toBe(true);
    expect(() => planner.heuristicAt(goal, 2, 2, 0)).toThrow(/destroyed/);
    expect(planner.expandedPoints()).toEqual([]);
    expect(grid.watcherCount).toBe(0);
  });

  it('ends the search in progress cancelled, saying the planner was destroyed', () => {
    const grid = Grid.fromAscii(ROWS);
    const planner = new DirectionalPlanner(grid, { turningRadius: 1, width: 0.6 });
    const search = planner.createSearch(start, goal);
    expect(search.step(50)).toBeUndefined();
    planner.destroy();
    const r = search.step(1e6);
    expect(r?.status).toBe('cancelled');
    expect(r?.message).toMatch(/destroyed/);
    expect(grid.watcherCount).toBe(0);
  });

  it('is reached through the registry, the hybrid entry included', () => {
    const grid = Grid.fromAscii(ROWS);
    for (const name of ['directional', 'directional-hybrid']) {
      const planner = createCurvePlanner(name, grid, { turningRadius: 1, width: 0.6 });
      expect(planner.findPath(start, goal).status).toBe('found');
      expect(grid.watcherCount).toBe(3);
      planner.destroy();
      expect(grid.watcherCount).toBe(0);
      expect(planner.findPath(start, goal).status).toBe('invalid');
    }
  });

  it('plans as before while it lives, after edits too', () => {
    const grid = Grid.fromAscii(ROWS);
    const kept = new DirectionalPlanner(grid, { turningRadius: 1, width: 0.6 });
    const dropped = new DirectionalPlanner(grid, { turningRadius: 1, width: 0.6 });
    dropped.findPath(start, goal);
    dropped.destroy();
    const first = kept.findPath(start, goal);
    grid.setBlocked(8, 3, true);
    grid.setBlocked(8, 4, true);
    const edited = kept.findPath(start, goal);
    const fresh = new DirectionalPlanner(grid, { turningRadius: 1, width: 0.6 }).findPath(start, goal);
    expect(first.status).toBe('found');
    expect(edited.status).toBe('found');
    expect(edited.length).toBe(fresh.length);
    expect(edited.expanded).toBe(fresh.expanded);
  });
});
