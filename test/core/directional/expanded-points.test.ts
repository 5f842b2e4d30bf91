import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import type { Point } from '../../../src/grid/point.js';
import { makeRng, randomGrid } from '../../support/rng.js';

const unit = { turningRadius: 1, width: 0.8 };
const key = (p: Point): string => `${p.x},${p.y}`;

describe('DirectionalPlanner.expandedPoints', () => {
  it('is empty before any search, and the start cell alone after a shot from the start', () => {
    const grid = Grid.fromAscii(['..........', '..........', '..........', '..........', '..........']);
    const planner = new DirectionalPlanner(grid, unit);
    expect(planner.expandedPoints()).toEqual([]);
    // The Dubins curve is clear, so the search closes the start state and shoots.
    const r = planner.findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 7.5, y: 3.5, heading: Math.PI / 2 });
    expect(r.expanded).toBe(1);
    expect(planner.expandedPoints()).toEqual([{ x: 1.5, y: 1.5 }]);
  });

  it('shows only the cells ahead of a unit facing into a dead end it cannot turn in', () => {
    // A one-tile corridor: facing +x from x = 4.5, the unit can drive to x = 5.5 and 6.5 and nowhere else.
    const corridor = Grid.fromAscii(['@@@@@@@', '.......', '@@@@@@@']);
    // The search's own expansions: the proof would show the pocket before the search expands anything.
    const planner = new DirectionalPlanner(corridor, unit, { proofAfter: Infinity });
    const r = planner.findPath({ x: 4.5, y: 1.5, heading: 0 }, { x: 1.5, y: 1.5, heading: 0 });
    expect(r.status).toBe('no-room-to-turn');
    expect(planner.expandedPoints().map(key).sort()).toEqual(['4.5,1.5', '5.5,1.5', '6.5,1.5']);
  });

  it('is empty after a query that ended before searching, though an earlier one searched', () => {
    const grid = Grid.fromAscii(['....@....', '....@....', '....@....']);
    const planner = new DirectionalPlanner(grid, unit);
    planner.findPath({ x: 0.5, y: 0.5, heading: 0 }, { x: 3.5, y: 2.5 }, { analyticShots: false });
    expect(planner.expandedPoints().length).toBeGreaterThan(0);
    expect(planner.findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 7.5, y: 1.5 }).status).toBe('no-path');
    expect(planner.expandedPoints()).toEqual([]);
    planner.findPath({ x: 0.5, y: 0.5, heading: 0 }, { x: 3.5, y: 2.5 }, { analyticShots: false });
    expect(planner.findPath({ x: NaN, y: 1, heading: 0 }, { x: 1, y: 1 }).status).toBe('invalid');
    expect(planner.expandedPoints()).toEqual([]);
  });

  it('lists distinct free cell centres, no more than the states expanded, on seeded random maps', () => {
    const rng = makeRng(1616);
    for (let t = 0; t < 200; t++) {
      const grid = randomGrid(rng, { width: rng.range(4, 12), height: rng.range(4, 12), density: rng.next() * 0.25 });
      const planner = new DirectionalPlanner(grid, { turningRadius: 0.5, width: 0.5 }, { headings: 8 });
      const cap = rng.range(1, 60);
      const start = { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5, heading: 0 };
      const goal = { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5 };
      const r = planner.findPath(start, goal, { maxExpansions: cap, analyticShots: false });
      const points = planner.expandedPoints();
      const seed = `case ${t}`;
      expect(new Set(points.map(key)).size, seed).toBe(points.length);
      expect(points.length, seed).toBeLessThanOrEqual(r.expanded);
      for (const p of points) {
        expect(Number.isInteger(p.x - 0.5) && Number.isInteger(p.y - 0.5), seed).toBe(true);
        expect(grid.isBlocked(p.x - 0.5, p.y - 0.5), seed).toBe(false);
      }
      // The start sits on a lattice state, so a search that expanded anything closed its cell.
      if (r.expanded > 0) expect(points.map(key), seed).toContain(key(start));
    }
  });
});
