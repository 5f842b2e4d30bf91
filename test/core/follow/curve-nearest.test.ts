/**
 * Nearest drivable goal for units with a turning radius (issue 17, item 5): with `nearest`, an
 * order the directional planner cannot drive ends at the nearest cell centre it can, chosen among
 * candidates by Euclidean distance; without it, the status and reason stay as they were.
 */
import { describe, expect, it } from 'vitest';
import { nearestGoal, nearestGoalWork, type NearestGoal } from '../../../src/follow/curve-nearest.js';
import { planRoute, RouteContext, type Route, type RouteRequest } from '../../../src/follow/route.js';
import { WorkJob } from '../../../src/follow/work.js';
import type { Move } from '../../../src/follow/move.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner, type DirectionalOptions, type DirectionalQueryOptions } from '../../../src/directional/directional-planner.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { pathProblem } from '../../support/footprint-sampler.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** A tank: it may back up, but a 1-tile corridor leaves no room for a turn of any kind. */
const TANK: UnitProfile = { turningRadius: 2, width: 0.8, reverse: true };

/**
 * A 40 x 12 map: a corridor one tile high along row 5 (x 1 to 38), and a dead end one tile wide
 * going north from it at column 20 (rows 1 to 4). A unit in the corridor can drive along it but
 * never turn 90° into the dead end.
 */
function deadEndMap(): Grid {
  return Grid.fromPredicate(40, 12, (x, y) => !((y === 5 && x >= 1 && x <= 38) || (x === 20 && y >= 1 && y <= 4)));
}

const START: Pose = { x: 3.5, y: 5.5, heading: 0 };

/** Plans `request` through the work queue's job in slices of `allowance` units (at most `maxSteps` slices). */
function plan(grid: Grid, request: RouteRequest, allowance = Infinity, maxSteps = 100_000): { route: Route | undefined; steps: number } {
  const ctx = new RouteContext(grid);
  let route: Route | undefined;
  const job = new WorkJob((budget) => planRoute(ctx, request, budget), (r) => (route = r));
  let steps = 0;
  while (!job.done && steps < maxSteps) {
    job.step(allowance);
    steps++;
  }
  return { route, steps };
}

function legal(grid: Grid, route: Route, profile: UnitProfile): string | null {
  const p = resolveProfile(profile);
  return pathProblem(grid, route.path!.toJSON(), { start: START, goal: route.goal, turningRadius: p.turningRadius, sweepRadius: p.sweepRadius });
}

describe("a tank ordered into a dead end it cannot turn into", () => {
  const order = (goal: { x: number; y: number }, nearest?: boolean): RouteRequest => ({
    start: START,
    goal,
    profile: resolveProfile(TANK),
    ...(nearest === undefined ? {} : { nearest }),
  });

  it('without nearest, fails no-room-to-turn with the reason it gives today', () => {
    for (const nearest of [undefined, false]) {
      const { route } = plan(deadEndMap(), order({ x: 20.5, y: 2.5 }, nearest));
      expect(route!.status).toBe('no-room-to-turn');
      expect(route!.message).toBe('the footprint fits the way but no drivable path exists with this turning radius');
      expect(route!.goal).toEqual({ x: 20.5, y: 2.5 });
    }
  });

  it('with nearest, drives to the corridor tile at the mouth of the dead end, and the route says so', () => {
    // Candidates by distance from (20.5, 2.5): the dead end's own tiles at 1 and 2 (refused), then
    // the mouth (20.5, 5.5) at 3; the corridor's other tiles are at sqrt(10) and more.
    const grid = deadEndMap();
    const { route } = plan(grid, order({ x: 20.5, y: 2.5 }, true));
    expect(route!.status).toBe('found');
    expect(route!.goal).toEqual({ x: 20.5, y: 5.5 });
    expect(route!.path!.end.x).toBeCloseTo(20.5, 9);
    expect(route!.path!.end.y).toBeCloseTo(5.5, 9);
    expect(legal(grid, route!, TANK)).toBeNull();
  });

  it('with nearest, a target off the tile centres ends at the centre nearest it', () => {
    // From (20.3, 3.2): the mouth at hypot(0.2, 2.3) = 2.31, its west neighbour at hypot(0.8, 2.3) = 2.44.
    const grid = deadEndMap();
    const { route } = plan(grid, order({ x: 20.3, y: 3.2 }, true));
    expect(route!.status).toBe('found');
    expect(route!.goal).toEqual({ x: 20.5, y: 5.5 });
  });

  it('with nearest, a forward-only unit in a corridor two tiles high stops at the mouth too', () => {
    // Two rows are room for the forward-only unit to drive the corridor, not to turn into the dead end.
    const grid = Grid.fromPredicate(40, 12, (x, y) => !((y >= 5 && y <= 6 && x >= 1 && x <= 38) || (x === 20 && y >= 1 && y <= 4)));
    const unit = { turningRadius: 2, width: 0.8 };
    // The full lattice: the hybrid mode's longer corridor moves do drive into this dead end.
    const off = plan(grid, { start: START, goal: { x: 20.5, y: 1.5 }, profile: resolveProfile(unit), planner: 'directional' }).route!;
    expect(off.status).toBe('no-room-to-turn');
    const { route } = plan(grid, { start: START, goal: { x: 20.5, y: 1.5 }, profile: resolveProfile(unit), planner: 'directional', nearest: true });
    expect(route!.status).toBe('found');
    expect(route!.goal).toEqual({ x: 20.5, y: 5.5 });
    expect(legal(grid, route!, unit)).toBeNull();
  });

  it('with nearest and a heading the unit cannot face there, stops at the target facing any way', () => {
    // Forward-only, facing east in the one-tile corridor: it cannot turn round to face west.
    const grid = deadEndMap();
    const unit = { turningRadius: 2, width: 0.8 };
    const request = { start: START, goal: { x: 30.5, y: 5.5 }, goalHeading: Math.PI, profile: resolveProfile(unit) };
    expect(plan(grid, request).route!.status).toBe('no-room-to-turn');
    const { route } = plan(grid, { ...request, nearest: true });
    expect(route!.status).toBe('found');
    expect(route!.goal).toEqual({ x: 30.5, y: 5.5 });
    expect(legal(grid, route!, unit)).toBeNull();
  });

  it('finds the same point in slices of 50 work units as in one', () => {
    const whole = plan(deadEndMap(), order({ x: 20.5, y: 1.5 }, true));
    const sliced = plan(deadEndMap(), order({ x: 20.5, y: 1.5 }, true), 50);
    expect(sliced.steps).toBeGreaterThan(10);
    expect(sliced.route!.status).toBe('found');
    expect(sliced.route!.goal).toEqual(whole.route!.goal);
    expect(whole.route!.goal).toEqual({ x: 20.5, y: 5.5 });
  });

  it('through the hybrid planner as well', () => {
    const { route } = plan(deadEndMap(), { ...order({ x: 20.5, y: 2.5 }, true), planner: 'directional-hybrid' });
    expect(route!.status).toBe('found');
    expect(route!.goal).toEqual({ x: 20.5, y: 5.5 });
  });
});

describe('through the navigator', () => {
  it('a tank ordered into the dead end with nearest drives to its mouth and arrives; without, it fails and stays', () => {
    const grid = deadEndMap();
    const nav = new Navigator<{ pose: Pose }>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) });
    const drive = (move: Move<{ pose: Pose }>): void => {
      for (let i = 0; i < 20_000 && !move.ended; i++) nav.update(1 / 60);
    };
    const tank = { pose: { ...START } };
    nav.addUnit(tank, { speed: 4, ...TANK });
    const refused = nav.moveTo(tank, { x: 20.5, y: 2.5 });
    drive(refused);
    expect([refused.state, refused.failure]).toEqual(['failed', 'no-room-to-turn']);
    expect(tank.pose).toEqual(START);
    const near = nav.moveTo(tank, { x: 20.5, y: 2.5 }, { nearest: true });
    drive(near);
    expect(near.state).toBe('arrived');
    expect(tank.pose.x).toBeCloseTo(20.5, 6);
    expect(tank.pose.y).toBeCloseTo(5.5, 6);
  });
});

describe('hostile input gets a status, never a hang', () => {
  const tank = resolveProfile(TANK);

  it('a NaN target is invalid, with or without nearest', () => {
    for (const nearest of [false, true]) {
      const { route } = plan(deadEndMap(), { start: START, goal: { x: NaN, y: 2.5 }, profile: tank, nearest }, 1000, 1000);
      expect(route!.status).toBe('invalid');
      expect(route!.message).toBe('x must be a finite number, got NaN');
    }
  });

  it('a target whose coordinate is not a number is invalid, named in the message', () => {
    // A symbol cannot be put in a template string: the message itself once threw, an `error` instead of `invalid`.
    for (const y of [Symbol('y'), '2.5', null, { y: 2 }] as unknown as number[]) {
      const { route } = plan(deadEndMap(), { start: START, goal: { x: 3.5, y }, profile: tank }, 1000, 1000);
      expect(route!.status).toBe('invalid');
      expect(route!.message).toMatch(/^y must be a finite number, got /);
    }
  });

  it('a target outside the map ends at the nearest drivable point inside it', () => {
    // North of the dead end, outside the map: the dead end is refused, its mouth is the answer.
    const grid = deadEndMap();
    const { route } = plan(grid, { start: START, goal: { x: 20.5, y: -3 }, profile: tank, nearest: true }, 1000, 1000);
    expect(route!.status).toBe('found');
    expect(route!.goal).toEqual({ x: 20.5, y: 5.5 });
    expect(legal(grid, route!, TANK)).toBeNull();
  });

  it('with no drivable candidate, fails with the exact goal status and reason', () => {
    // A forward-only unit at the closed end of a dead end (column 36), facing it: it cannot move.
    // Every candidate within 12 tiles of the target is a corridor tile, 14 tiles or more from it.
    const grid = Grid.fromPredicate(40, 12, (x, y) => !((y === 5 && x >= 1 && x <= 38) || (x === 36 && y >= 1 && y <= 4)));
    const unit = resolveProfile({ turningRadius: 2, width: 0.8 });
    const start = { x: 36.5, y: 1.5, heading: -Math.PI / 2 };
    const goal = { x: 10.5, y: 5.5 };
    const exact = plan(grid, { start, goal, profile: unit }, 1000, 1000).route!;
    const near = plan(grid, { start, goal, profile: unit, nearest: true }, 1000, 1000).route!;
    expect(exact.status).toBe('no-room-to-turn');
    expect({ status: near.status, message: near.message, goal: near.goal }).toEqual({ status: exact.status, message: exact.message, goal: exact.goal });
    const planner = new DirectionalPlanner(grid, unit);
    const none = nearestGoal(planner, start, goal, { clearance: 0.4 });
    expect(none.outcome).toBe('exhausted');
    // The corridor tiles within 12 tiles of the target: x from -1.5 to 22.5, that is 1 to 22.
    expect(none.tried).toBe(22 - 1 + 1 - 1);
  });

  it('stops at its work bound and says so', () => {
    const planner = new DirectionalPlanner(deadEndMap(), TANK);
    // Built ahead, as the query to the target itself does: table building counts against maxWork.
    planner.buildTables();
    // Listing the candidates alone passes 50 units (about 300 cells and 30 room checks).
    const listing = nearestGoal(planner, START, { x: 20.5, y: 1.5 }, { maxWork: 50, clearance: 0.4 });
    expect(listing).toEqual({ outcome: 'work', tried: 0, work: listing.work });
    expect(listing.work).toBeLessThanOrEqual(50);
    // The first queries fill the planner's heuristic table (a few thousand Reeds-Shepp curves, in
    // its work too): run once before the bounded call.
    nearestGoal(planner, START, { x: 20.5, y: 1.5 }, { maxCandidates: 3 });
    // Without room checks the listing is cheap. The dead end's queries then cost about 1,040 units
    // each with their opening (an expansion counts its 367 moves): the second starts at about
    // 1,040, the third would open past 1,200.
    const queries = nearestGoal(planner, START, { x: 20.5, y: 1.5 }, { maxWork: 1200 });
    expect(queries.outcome).toBe('work');
    expect(queries.tried).toBe(2);
    expect(queries.work).toBeGreaterThanOrEqual(1200);
    // The query that started under the bound runs to its end: at most one query's work past it.
    expect(queries.work).toBeLessThan(1200 + 1500);
    expect(nearestGoal(planner, START, { x: 20.5, y: 1.5 }, { maxCandidates: 2, clearance: 0.4 }).outcome).toBe('candidates');
    expect(nearestGoal(planner, START, { x: 20.5, y: 1.5 }, { clearance: 0.4 }).outcome).toBe('found');
  });

  it('core: a NaN or infinite target has no candidates, and bad bounds are RangeErrors naming them', () => {
    const planner = new DirectionalPlanner(deadEndMap(), TANK);
    for (const target of [{ x: NaN, y: 1 }, { x: 3, y: Infinity }]) {
      expect(nearestGoal(planner, START, target)).toEqual({ outcome: 'exhausted', tried: 0, work: 0 });
    }
    expect(() => nearestGoal(planner, START, { x: 1, y: 1 }, { radius: NaN })).toThrow(new RangeError('radius must be a number >= 0, got NaN'));
    expect(() => nearestGoal(planner, START, { x: 1, y: 1 }, { maxWork: -1 })).toThrow(new RangeError('maxWork must be a number >= 0, got -1'));
  });

  it('core: a planner that refuses its map ends the search at its first candidate', () => {
    // A footprint wider than the map: every query is invalid, so one is asked, not every cell.
    const planner = new DirectionalPlanner(Grid.fromAscii(['....', '....']), { turningRadius: 1, width: 3 });
    const near = nearestGoal(planner, { x: 1.5, y: 0.5, heading: 0 }, { x: 0.5, y: 0.5 });
    expect(near.outcome).toBe('refused');
    expect(near.tried).toBe(1);
    expect(near.result!.status).toBe('invalid');
  });
});

/** A shot interval no search reaches: verdicts free of the expansion order, as in the proof's tests. */
const NO_CLOCK_SHOTS = 2 ** 30;

const RANDOM_SETUPS: [UnitProfile, DirectionalOptions, number][] = [
  [{ turningRadius: 1, width: 0.8 }, { headings: 8, neighborhood: 24 }, 80],
  [{ turningRadius: 1.5, width: 0.6 }, { headings: 16, neighborhood: 24 }, 40],
  [{ turningRadius: 1, width: 0.9, reverse: true }, { headings: 8, neighborhood: 8 }, 60],
];

describe('brute force on seeded random maps', () => {
  it.each(RANDOM_SETUPS.map((s, i) => [i, ...s] as const))('setup %i: the chosen point is reached and no candidate nearer the target is', (setup, unit, options, maps) => {
    const rng = makeRng(1700 + setup);
    const rho = resolveProfile(unit).sweepRadius;
    const query: DirectionalQueryOptions = { shotInterval: NO_CLOCK_SHOTS };
    let found = 0;
    let skipped = 0;
    for (let t = 0; t < maps; t++) {
      const grid = randomGrid(rng, { width: rng.range(6, 13), height: rng.range(6, 13), density: rng.next() * 0.35 });
      const planner = new DirectionalPlanner(grid, unit, options);
      // The truth searches every reachable state (no proof), by direct queries.
      const truth = new DirectionalPlanner(grid, unit, { ...options, proofAfter: Infinity });
      if (planner.refusal) continue;
      const clear: { x: number; y: number }[] = [];
      for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) if (!discHitsBlocked(grid, x + 0.5, y + 0.5, rho)) clear.push({ x: x + 0.5, y: y + 0.5 });
      if (clear.length === 0) continue;
      const s = rng.pick(clear);
      const start = { x: s.x, y: s.y, heading: rng.int(8) * (Math.PI / 4) };
      const target = rng.chance(0.5) ? rng.pick(clear) : { x: rng.next() * grid.width, y: rng.next() * grid.height };
      const got: NearestGoal = nearestGoal(planner, start, target, { radius: Infinity, maxCandidates: Infinity, maxWork: Infinity, clearance: rho, query });
      let best = Infinity;
      let nearestClear = Infinity;
      for (const c of clear) {
        const d = Math.hypot(c.x - target.x, c.y - target.y);
        if (d === 0 || d > best) continue;
        nearestClear = Math.min(nearestClear, d);
        if (truth.findPath(start, { ...c, heading: null }, query).status === 'found') best = d;
      }
      // The answer skipped a nearer clear candidate the unit cannot reach.
      if (best > nearestClear && best < Infinity) skipped++;
      const where = `setup ${setup}, map ${t}: ${JSON.stringify({ start, target, got: got.goal, outcome: got.outcome })}\n${grid.toAscii().join('\n')}`;
      if (best === Infinity) {
        expect(got.outcome, where).toBe('exhausted');
        continue;
      }
      expect(got.outcome, where).toBe('found');
      found++;
      const goal = got.goal!;
      expect(Math.hypot(goal.x - target.x, goal.y - target.y), where).toBe(best);
      expect(truth.findPath(start, { ...goal, heading: null }, query).status, where).toBe('found');
      const p = resolveProfile(unit);
      expect(pathProblem(grid, got.result!.segments.toJSON(), { start, goal, turningRadius: p.turningRadius, sweepRadius: p.sweepRadius }), where).toBeNull();
    }
    expect(found).toBeGreaterThan(maps / 3);
    // Most answers are found, and many skip nearer candidates the unit cannot reach.
    expect(found).toBeGreaterThan(maps / 2);
    expect(skipped).toBeGreaterThan(maps / 10);
  });

  it('the work generator pauses in small slices and gives the same answer', () => {
    const rng = makeRng(1790);
    for (let t = 0; t < 10; t++) {
      const grid = randomGrid(rng, { width: 12, height: 12, density: 0.2 });
      const unit = { turningRadius: 1, width: 0.8 };
      const a = new DirectionalPlanner(grid, unit);
      const b = new DirectionalPlanner(grid, unit);
      const start = { x: 0.5 + rng.int(12), y: 0.5 + rng.int(12), heading: 0 };
      const target = { x: rng.next() * 12, y: rng.next() * 12 };
      const whole = nearestGoal(a, start, target, { clearance: 0.4 });
      const budget = { max: 40, used: 0 };
      const work = nearestGoalWork(b, start, target, { clearance: 0.4 }, budget);
      let next = work.next();
      while (!next.done) {
        budget.used = 0;
        next = work.next();
      }
      expect(next.value.outcome).toBe(whole.outcome);
      expect(next.value.goal).toEqual(whole.goal);
    }
  });
});
