import { describe, expect, it } from 'vitest';
import { createPlanner, Grid, plannerEntries, plannerNames } from '../../../src/core.js';
import { TILE_COST_PLANNERS } from '../../../src/search/validate.js';

/** A 12x6 open map with a dear band in its middle rows. */
function weightedGrid(): Grid {
  return new Grid(12, 6).fillCosts(0, 2, 12, 2, () => 4);
}

const refusing = (): string[] => plannerNames().filter((name) => !TILE_COST_PLANNERS.includes(name));

describe('planners and tile costs', () => {
  it('the registry trait and the search layer name the same planners', () => {
    const withCosts = plannerEntries()
      .filter((e) => e.kind === 'polyline' && e.traits.tileCosts)
      .map((e) => e.name);
    expect(withCosts).toEqual([...TILE_COST_PLANNERS]);
    expect(refusing()).toEqual(['anya', 'vg', 'astar-ps', 'jps', 'jps-ps']);
  });

  it('a planner that assumes uniform costs returns invalid on a weighted grid, naming the planners that can', () => {
    const grid = weightedGrid();
    for (const name of refusing()) {
      const r = createPlanner(name, grid).findPath(0.5, 0.5, 11.5, 5.5);
      expect(r.status, name).toBe('invalid');
      expect(r.message, name).toBe(`${name} assumes uniform tile costs; this grid has costs: use astar, theta or lazy-theta`);
      expect(r.points).toEqual([]);
      const search = createPlanner(name, grid).createSearch(0, 0, 12, 6);
      expect(search.step(100)?.status, name).toBe('invalid');
    }
  });

  it('refuses a grid that becomes weighted while its search is paused, and plans again once it is uniform', () => {
    const grid = new Grid(40, 40);
    const jps = createPlanner('jps', grid);
    const search = jps.createSearch(0, 0, 40, 37);
    expect(search.step(1)).toBeUndefined();
    grid.setCost(20, 20, 3);
    const r = search.step(1000);
    expect(r?.status).toBe('invalid');
    expect(r?.message).toMatch(/^jps assumes uniform tile costs/);
    grid.setCost(20, 20, 1);
    expect(grid.weighted).toBe(false);
    expect(jps.findPath(0, 0, 40, 37).status).toBe('found');
  });

  it('the planners that take costs plan on a weighted grid and report the cost', () => {
    const grid = weightedGrid();
    for (const name of TILE_COST_PLANNERS) {
      const r = createPlanner(name, grid).findPath(0.5, 0.5, 11.5, 5.5);
      expect(r.status, name).toBe('found');
      // The band of cost 4 is two rows deep and spans the map: any path crosses it.
      expect(r.cost!, name).toBeGreaterThanOrEqual(r.length + 3 * 2 - 1e-9);
    }
  });
});
