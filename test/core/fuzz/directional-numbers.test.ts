/**
 * Fuzz: extreme numbers into every public numeric input of the directional planner (profile
 * fields, lattice options, query poses, query options, the step allowance). Each call either
 * refuses with a RangeError/TypeError naming the value, or answers with a status; a `found` is a
 * legal path that really ends at the goal (never a zero-length path left at the start), no number
 * in an answer is NaN, and no search hangs.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner, type DirectionalOptions, type DirectionalQueryOptions } from '../../../src/directional/directional-planner.js';
import type { CurveGoal, CurveResult } from '../../../src/curves/curve-planner.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import type { Pose } from '../../../src/curves/segment.js';
import { pathProblem } from '../../support/footprint-sampler.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

const EXTREMES = [NaN, Infinity, -Infinity, -0, 0, 1e308, -1e308, Number.MIN_VALUE, 1e-300, 1e-16, 1e-7, 0.5, 63.99, 64, 2 ** 31, 2 ** 53, -1, Number.MAX_SAFE_INTEGER + 2];
const STATUSES = ['found', 'no-path', 'no-room-to-turn', 'start-blocked', 'goal-blocked', 'out-of-bounds', 'invalid', 'budget', 'cancelled'];

/** Profiles whose tables are cheap (8 headings, small neighbourhoods); the fuzz perturbs one field. */
const BASES: [UnitProfile, DirectionalOptions][] = [
  [{ turningRadius: 1, width: 0.6 }, { headings: 8, neighborhood: 8 }],
  [{ turningRadius: 0.7, width: 0.5, reverse: true, reverseCost: 2 }, { headings: 8, neighborhood: 8 }],
  // Wider than most corridors of a random map.
  [{ turningRadius: 1, width: 2.5 }, { headings: 8, neighborhood: 8 }],
];

/** A number that is sometimes extreme, sometimes a plausible coordinate on a map of `side` tiles. */
function wild(rng: Rng, side: number): number {
  if (rng.chance(0.3)) return rng.pick(EXTREMES);
  return rng.int(side + 2) - 0.5 + rng.pick([0, 0.5, 0.25, 1e-15]);
}

/** Runs `fn`; an error must be a RangeError or TypeError whose message names `value`. */
function refusedOrDone<R>(fn: () => R, value: unknown, where: string): R | undefined {
  try {
    return fn();
  } catch (error) {
    expect(error instanceof RangeError || error instanceof TypeError, `${where}: ${String(error)}`).toBe(true);
    expect((error as Error).message, where).toContain(String(value));
    return undefined;
  }
}

/** Steps a search with a first allowance of `first`, then 400 at a time; the result, or a failure when it never ends. */
function drive(planner: DirectionalPlanner, start: Pose, goal: CurveGoal, options: DirectionalQueryOptions, first: number): CurveResult {
  const search = planner.createSearch(start, goal, options);
  let r = search.step(first);
  // An allowance of 0 or less does nothing; anything else must end within a bounded number of steps.
  for (let i = 0; r === undefined && i < 5000; i++) r = search.step(400);
  expect(r, 'the search never ended').toBeDefined();
  return r!;
}

/** Checks a result against its contract; `bad` lists the bad inputs the query carried, as [name, value]. */
function checkResult(grid: Grid, profile: UnitProfile, start: Pose, goal: CurveGoal, r: CurveResult, bad: [string, unknown][], where: string): void {
  expect(STATUSES, where).toContain(r.status);
  expect(Number.isFinite(r.expanded) && r.expanded >= 0, `${where}: expanded ${r.expanded}`).toBe(true);
  if (bad.length > 0) {
    expect(r.status, `${where}: ${bad.map(([n, v]) => `${n} = ${String(v)}`).join(', ')}`).toBe('invalid');
    // The message names one of them, with its value.
    expect(bad.some(([name, v]) => r.message!.includes(name.split(' ')[0]!) && r.message!.includes(String(v))), `${where}: ${r.message}`).toBe(true);
    return;
  }
  if (r.status !== 'found') {
    expect(r.length, where).toBe(Infinity);
    expect(typeof r.message === 'string' || r.status === 'cancelled', where).toBe(true);
    return;
  }
  expect(Number.isFinite(r.length) && Number.isFinite(r.cost), `${where}: length ${r.length}, cost ${r.cost}`).toBe(true);
  expect(r.cost, where).toBeGreaterThanOrEqual(r.length - 1e-9);
  if (r.length === 0) expect(Math.hypot(goal.x - start.x, goal.y - start.y), `${where}: found of length 0 away from the goal`).toBe(0);
  const { sweepRadius, turningRadius } = resolveProfile(profile);
  const problem = pathProblem(grid, r.segments.toJSON(), { start, goal, turningRadius, sweepRadius, step: 0.05 });
  expect(problem, where).toBeNull();
}

/** The bad numbers of a query, as [name, value]. */
function badQueryInputs(start: Pose, goal: CurveGoal, options: DirectionalQueryOptions, first: number): [string, unknown][] {
  const bad: [string, unknown][] = [];
  const fields: [string, number | null | undefined][] = [
    ['start.x', start.x],
    ['start.y', start.y],
    ['start.heading', start.heading],
    ['goal.x', goal.x],
    ['goal.y', goal.y],
    ['goal.heading', goal.heading ?? 0],
  ];
  for (const [name, v] of fields) if (!Number.isFinite(v) || (name.endsWith('heading') && !(Math.abs(v!) <= 1e6))) bad.push([name, v]);
  if (options.weight !== undefined && !(options.weight >= 0 && Number.isFinite(options.weight))) bad.push(['weight', options.weight]);
  if (options.maxExpansions !== undefined && !(options.maxExpansions >= 0)) bad.push(['maxExpansions', options.maxExpansions]);
  if (options.shotInterval !== undefined && !(Number.isInteger(options.shotInterval) && options.shotInterval >= 1)) bad.push(['shotInterval', options.shotInterval]);
  if (!(first >= 0)) bad.push(['maxExpansions per step', first]);
  return bad;
}

describe('fuzz: extreme numbers into the directional planner', () => {
  it('profiles and lattice options: a planner within the documented ranges, or an error naming the value', () => {
    const rng = makeRng(1515);
    const grid = Grid.fromAscii(Array.from({ length: 10 }, (_, y) => (y === 4 ? '..###.....' : '..........')));
    const fields = ['turningRadius', 'width', 'length', 'reverseCost', 'turnPenalty', 'headings', 'neighborhood', 'maxMemory'] as const;
    for (let round = 0; round < 70; round++) {
      const [base, options] = rng.pick(BASES);
      const field = rng.pick(fields);
      const value = rng.chance(0.8) ? rng.pick(EXTREMES) : rng.pick([8, 16, 24, 48, 1e-6, 2]);
      const profile: UnitProfile = { ...base };
      const opts: DirectionalOptions = { ...options };
      if (field === 'headings' || field === 'neighborhood' || field === 'maxMemory') (opts as Record<string, unknown>)[field] = value;
      else (profile as unknown as Record<string, unknown>)[field] = value;
      const where = `round ${round}: ${field} = ${String(value)}`;
      const planner = refusedOrDone(() => new DirectionalPlanner(grid, profile, opts), value, where);
      if (!planner) continue;
      // Accepted: the value is inside its documented range.
      if (field === 'turningRadius') expect(value >= 1e-6 && value <= 64, where).toBe(true);
      if (field === 'width' || field === 'length') expect(value > 0 && value <= 64, where).toBe(true);
      if (field === 'reverseCost') expect(value >= 1 && value <= 1e6, where).toBe(true);
      if (field === 'turnPenalty') expect(value >= 0 && value <= 1e6, where).toBe(true);
      if (field === 'headings') expect([8, 16], where).toContain(value);
      if (field === 'neighborhood') expect([8, 24, 48], where).toContain(value);
      if (field === 'maxMemory') expect(value > 0, where).toBe(true);
      const start = { x: 1.5, y: 1.5, heading: 0 };
      const goal = { x: 8.5, y: 8.5 };
      const r = drive(planner, start, goal, { maxExpansions: 4000 }, 400);
      checkResult(grid, profile, start, goal, r, [], where);
      // A profile that cannot fit this map is refused, never searched.
      if (planner.refusal) expect(r.expanded, where).toBe(0);
      if (r.status === 'invalid') expect(planner.refusal, `${where}: ${r.message}`).toBeDefined();
    }
  });

  it('queries: poses, options and step allowances at the extremes, on random maps (empty ones too)', () => {
    const rng = makeRng(1717);
    for (let round = 0; round < 70; round++) {
      const grid = rng.chance(0.08) ? new Grid(rng.int(2), rng.int(2) * 5) : randomGrid(rng, { width: rng.range(1, 14), height: rng.range(1, 14), density: rng.next() * 0.3 });
      const [profile, options] = rng.pick(BASES);
      const planner = new DirectionalPlanner(grid, profile, options);
      const side = Math.max(grid.width, grid.height);
      for (let k = 0; k < 8; k++) {
        const start = { x: wild(rng, side), y: wild(rng, side), heading: rng.chance(0.2) ? rng.pick(EXTREMES) : rng.next() * 7 - 3.5 };
        const goal: CurveGoal = { x: wild(rng, side), y: wild(rng, side) };
        if (rng.chance(0.4)) goal.heading = rng.chance(0.3) ? rng.pick(EXTREMES) : rng.int(8) * (Math.PI / 4);
        const query: DirectionalQueryOptions = { maxExpansions: rng.chance(0.2) ? rng.pick(EXTREMES) : 3000, mode: rng.chance(0.3) ? 'hybrid' : 'full' };
        if (rng.chance(0.3)) query.weight = rng.pick(EXTREMES);
        if (rng.chance(0.2)) query.shotInterval = rng.pick(EXTREMES);
        if (rng.chance(0.3)) query.analyticShots = false;
        const first = rng.chance(0.25) ? rng.pick(EXTREMES) : 400;
        const where = `round ${round} query ${k}: ${grid.width}x${grid.height} ${JSON.stringify(profile)} from ${JSON.stringify(start)} to ${JSON.stringify(goal)} ${JSON.stringify(query)} first step ${first}`;
        const bad = badQueryInputs(start, goal, query, first);
        if (bad.length === 0 && !(first > 0)) continue; // a zero allowance does nothing, by design
        const r = drive(planner, start, goal, query, first);
        checkResult(grid, profile, start, goal, r, bad, where);
        if (bad.length === 0 && r.status === 'invalid') expect(planner.refusal, `${where}: ${r.message}`).toBeDefined();
      }
    }
  });

  it('the hand-picked edges: radius 0 or far below a tile, far above the map, NaN poses, a footprint wider than every corridor, an empty map', () => {
    const corridors = Grid.fromAscii(['#########', '.........', '#.#.#.#.#', '.........', '#########']);
    const start = { x: 0.5, y: 1.5, heading: 0 };
    const goal = { x: 8.5, y: 3.5 };
    for (const r of [0, -0, 1e-300, 1e-7, Number.MIN_VALUE]) {
      expect(() => new DirectionalPlanner(corridors, { turningRadius: r, width: 0.5 })).toThrow(new RegExp(`turningRadius.*${String(r)}`));
    }
    const huge = new DirectionalPlanner(corridors, { turningRadius: 40, width: 0.5 });
    const far = huge.findPath(start, goal);
    expect([far.status, far.expanded]).toEqual(['invalid', 0]);
    expect(far.message).toContain('40');
    const planner = new DirectionalPlanner(corridors, { turningRadius: 0.5, width: 0.5 }, { headings: 8, neighborhood: 8 });
    for (const bad of [{ ...start, x: NaN }, { ...start, heading: Infinity }]) {
      const r = planner.findPath(bad, goal);
      expect(r.status).toBe('invalid');
      expect(r.message).toMatch(/NaN|Infinity/);
      expect(r.length).toBe(Infinity);
    }
    // Wider than every corridor: refused at the start, before any table is built.
    const wide = new DirectionalPlanner(corridors, { turningRadius: 1, width: 1.5 });
    expect(wide.findPath(start, goal).status).toBe('start-blocked');
    expect(wide.findPath({ x: 4.5, y: 2.5, heading: 0 }, goal).status).toBe('start-blocked');
    expect(wide.tablesReady()).toBe(false);
    const empty = new DirectionalPlanner(new Grid(0, 0), { turningRadius: 1, width: 0.5 });
    expect(empty.findPath({ x: 0, y: 0, heading: 0 }, { x: 0, y: 0 }).status).toBe('invalid');
    // Too small for the map's coordinates: the curves could not keep their precision out there.
    const long = new DirectionalPlanner(new Grid(10000, 3), { turningRadius: 1e-6, width: 0.5 });
    const lost = long.findPath({ x: 9000.5, y: 1.5, heading: 0 }, { x: 9990.5, y: 1.5 });
    expect([lost.status, lost.expanded]).toEqual(['invalid', 0]);
    expect(lost.message).toContain('0.000001');
    // A radius far below a tile but accepted still gives a legal path that ends at the goal.
    const tight = new DirectionalPlanner(corridors, { turningRadius: 1e-6, width: 0.5 }, { headings: 8, neighborhood: 8 });
    const r = tight.findPath(start, goal);
    checkResult(corridors, { turningRadius: 1e-6, width: 0.5 }, start, goal, r, [], 'r = 1e-6');
    expect(r.status).toBe('found');
  });
});
