import { describe, expect, it } from 'vitest';
import { planRoute, RouteContext, type Route } from '../../../src/follow/route.js';
import { WorkJob } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile } from '../../../src/unit/profile.js';

/** planRoute takes the profile as given: a turning radius the resolver refuses must still fail softly. */
function route(planner: string, turningRadius = 0): Route {
  const ctx = new RouteContext(Grid.fromAscii(['.....', '.@@@.', '.....']));
  let out: Route | undefined;
  const job = new WorkJob(
    (budget) => planRoute(ctx, { start: { x: 0.5, y: 0.5, heading: 0 }, goal: { x: 4.5, y: 2.5 }, profile: { ...resolveProfile({}), turningRadius }, planner }, budget),
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

describe('turning radii the curves cannot compute', () => {
  it('a curve through a polyline route refuses them with invalid, not an internal error', () => {
    const r = route('theta', 1e-12);
    expect(r.status).toBe('invalid');
    expect(r.message).toMatch(/no curve for this unit: turning radius 1e-12 is too small/);
  });

  it('the navigator refuses them for every planner before planning', () => {
    const grid = Grid.fromAscii(['.....', '.....']);
    for (const turningRadius of [1e-12, 1e-7, 65, 1e9]) {
      for (const planner of ['theta', 'directional']) {
        const unit: Pose = { x: 0.5, y: 0.5, heading: 0 };
        const nav = new Navigator(grid, { read: (u: Pose) => ({ ...u }), write: (u, p) => Object.assign(u, p) });
        nav.addUnit(unit, { speed: 4 });
        const move = nav.moveTo(unit, { x: 4.5, y: 1.5 }, { planner, turningRadius });
        nav.update(1 / 60);
        expect(move.state, `${planner} r=${turningRadius}`).toBe('failed');
        expect(move.failure).toBe("invalid");
        expect(move.reason).toMatch(/turningRadius must be 0 \(turning on the spot\) or from 1e-6 tiles to 64 tiles, got /);
      }
    }
  });
});
