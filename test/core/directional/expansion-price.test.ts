/**
 * An expansion is priced by the moves it walks (issue 17: a reversing tank's expansion walks 367
 * moves, about 6.4 µs warm, and was counted one work unit, so its searches ran about six times
 * longer than their units said). The expansion count, and the cap on it, stay one an expansion.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';

/** An open 60 x 24 map: a long query expands thousands of states without shots. */
const grid = Grid.fromPredicate(60, 24, () => false);
const start = { x: 3.5, y: 12.5, heading: 0 };
const goal = { x: 56.5, y: 12.5, heading: Math.PI };

function run(reverse: boolean): { expanded: number; work: number; movesPerHeading: number } {
  const planner = new DirectionalPlanner(grid, { turningRadius: 2, width: 0.8, reverse });
  planner.buildTables();
  const search = planner.createSearch(start, goal, { analyticShots: false, shortcut: false, admissible: true });
  let result = search.step();
  while (!result) result = search.step();
  expect(result.status).toBe('found');
  return { expanded: result.expanded, work: search.work, movesPerHeading: planner.moves.first[planner.moves.headings]! / planner.moves.headings };
}

describe('expansion price', () => {
  it('counts an expansion at least a unit per 64 moves of its heading, for a unit that reverses', () => {
    const r = run(true);
    expect(r.movesPerHeading).toBeGreaterThan(300);
    expect(r.expanded).toBeGreaterThan(1000);
    expect(r.work).toBeGreaterThanOrEqual((r.expanded * r.movesPerHeading) / 64);
  });

  it('counts a forward-only unit, with a fifth of the moves, at a unit an expansion or little more', () => {
    const f = run(false);
    expect(f.movesPerHeading).toBeLessThan(100);
    expect(f.work).toBeGreaterThanOrEqual(f.expanded);
    // Its side work (field, joins) is small beside thousands of expansions priced near one unit each.
    expect(f.work).toBeLessThan(2 * f.expanded + 2000);
  });
});
