import { describe, expect, it } from 'vitest';
import { planRoute, RouteContext, type Route } from '../../../src/follow/route.js';
import { WorkJob } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';

function route(planner: string): Route {
  const ctx = new RouteContext(Grid.fromAscii(['.....', '.@@@.', '.....']));
  let out: Route | undefined;
  const job = new WorkJob(
    (budget) => planRoute(ctx, { start: { x: 0.5, y: 0.5, heading: 0 }, goal: { x: 4.5, y: 2.5 }, profile: { radius: 0, turnRadius: 0, reverse: false }, planner }, budget),
    (r) => (out = r),
  );
  while (!job.done) job.step(1000);
  return out!;
}

describe('planners a unit may be ordered with', () => {
  it('refuses the brute-force reference, which builds whole-map tables in one uncut step', () => {
    const r = route('vg');
    expect(r.status).toBe('invalid');
    expect(r.message).toMatch(/"vg" is the brute-force reference.*use "anya"/);
  });

  it('lists only the planners a unit may use when the name is unknown', () => {
    const r = route('dijkstra');
    expect(r.status).toBe('invalid');
    expect(r.message).toMatch(/unknown planner "dijkstra"; known: astar, anya, astar-ps/);
    expect(r.message).not.toMatch(/\bvg\b/);
  });

  it('plans with the others', () => {
    for (const name of ['astar', 'anya', 'astar-ps', 'jps', 'jps-ps', 'theta', 'lazy-theta']) expect(route(name).status, name).toBe('found');
  });
});
