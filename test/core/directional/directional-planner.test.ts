import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner, type DirectionalOptions } from '../../../src/directional/directional-planner.js';
import type { CurveGoal, CurveResult } from '../../../src/curves/curve-planner.js';
import { dubinsLength } from '../../../src/curves/dubins.js';
import { latticeHeading } from '../../../src/directional/hit-check.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import type { Pose } from '../../../src/curves/segment.js';
import { overlappedCells, pathProblem } from '../../support/footprint-sampler.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

const SETUPS: [UnitProfile, DirectionalOptions][] = [
  [{ turningRadius: 1, width: 0.8 }, { headings: 16, neighborhood: 24 }],
  [{ turningRadius: 0.5, width: 0.5 }, { headings: 8, neighborhood: 8 }],
  [{ turningRadius: 1.5, width: 0.6, reverse: true }, { headings: 8, neighborhood: 24 }],
  [{ turningRadius: 2, width: 0.8 }, { headings: 8, neighborhood: 48 }],
  [{ turningRadius: 1, width: 0.5, length: 0.8, reverse: true, reverseCost: 2 }, { headings: 16, neighborhood: 8 }],
  [{ turningRadius: 0.7, width: 1.2, turnPenalty: 0.3 }, { headings: 8, neighborhood: 24 }],
];

const FAILURES = new Set(['no-path', 'no-room-to-turn']);

/** A problem with a found result, or null: the independent sampler's verdict plus the result's own numbers. */
function problem(grid: Grid, profile: UnitProfile, start: Pose, goal: CurveGoal, r: CurveResult): string | null {
  const { sweepRadius, turningRadius } = resolveProfile(profile);
  const p = pathProblem(grid, r.segments.toJSON(), { start, goal, turningRadius, sweepRadius });
  if (p) return p;
  if (Math.abs(r.length - r.segments.length) > 1e-9) return `length ${r.length} but the segments add up to ${r.segments.length}`;
  if (!(r.cost >= r.length - 1e-9)) return `cost ${r.cost} below length ${r.length}`;
  return null;
}

/** A pose whose footprint clears every wall by a margin, or undefined. */
function freePose(rng: Rng, grid: Grid, rho: number, onLattice: boolean, headings: number): Pose | undefined {
  for (let t = 0; t < 30; t++) {
    const x = onLattice ? rng.int(grid.width) + 0.5 : rng.next() * grid.width;
    const y = onLattice ? rng.int(grid.height) + 0.5 : rng.next() * grid.height;
    if (overlappedCells(grid, x, y, rho + 1e-6).length > 0) continue;
    const heading = onLattice ? latticeHeading(rng.int(headings), headings) : (rng.next() - 0.5) * 2 * Math.PI;
    return { x, y, heading };
  }
  return undefined;
}

describe('DirectionalPlanner on thousands of seeded random maps', () => {
  it('returns only legal paths (full and hybrid, shots on and off) and says why otherwise', () => {
    const rng = makeRng(909);
    const counts: Record<string, number> = {};
    for (let t = 0; t < 2400; t++) {
      const [profile, options] = SETUPS[t % SETUPS.length]!;
      const grid = randomGrid(rng, { width: rng.range(3, 14), height: rng.range(3, 14), density: rng.next() * 0.3 });
      const planner = new DirectionalPlanner(grid, profile, options);
      const rho = planner.profile.sweepRadius;
      const headings = options.headings!;
      const start = freePose(rng, grid, rho, rng.chance(0.4), headings);
      const goalPose = freePose(rng, grid, rho, rng.chance(0.6), headings);
      if (!start || !goalPose) continue;
      const headingKind = rng.int(3);
      const goal: CurveGoal = {
        x: goalPose.x,
        y: goalPose.y,
        heading: headingKind === 0 ? null : headingKind === 1 ? latticeHeading(rng.int(headings), headings) : goalPose.heading,
      };
      const analyticShots = rng.chance(0.8);
      const statuses: string[] = [];
      for (const mode of ['full', 'hybrid'] as const) {
        const r = planner.findPath(start, goal, { mode, analyticShots, maxExpansions: 200_000 });
        statuses.push(r.status);
        counts[r.status] = (counts[r.status] ?? 0) + 1;
        const where = `seed 909 case ${t} (${mode}, shots ${analyticShots}): ${JSON.stringify({ start, goal })}\n${grid.toAscii().join('\n')}`;
        if (r.status === 'found') expect(problem(grid, profile, start, goal, r), where).toBeNull();
        else expect(FAILURES.has(r.status), `${where}\nstatus ${r.status} ${r.message ?? ''}`).toBe(true);
      }
      // The hybrid falls back to the full search, so it finds a path whenever the full search does
      // (and sometimes more: its corridor searches the 48-neighbourhood).
      if (statuses[0] === 'found') expect(statuses[1], `seed 909 case ${t}`).toBe('found');
    }
    expect(counts['found'], JSON.stringify(counts)).toBeGreaterThan(1400);
    expect(counts['no-room-to-turn'], JSON.stringify(counts)).toBeGreaterThan(20);
    expect(counts['no-path'], JSON.stringify(counts)).toBeGreaterThan(20);
    expect(counts['budget']).toBeUndefined();
  }, 600_000);
});

const MOVING_AI = new URL('../../fixtures/arena.map', import.meta.url);
const SHARED = new URL('../../../../shared/benchmarks/maps/', import.meta.url);

describe('DirectionalPlanner on benchmark maps', () => {
  const maps: [string, Grid][] = [['arena (fixture)', Grid.fromMovingAi(readFileSync(MOVING_AI, 'utf8'))]];
  for (const name of ['den011d', 'AR0304SR']) {
    const file = new URL(`${name}.map`, SHARED);
    if (existsSync(file)) maps.push([name, Grid.fromMovingAi(readFileSync(file, 'utf8'))]);
  }
  for (const [name, grid] of maps) {
    it(`returns legal paths on ${name}`, () => {
      const rng = makeRng(1010);
      let found = 0;
      for (const radius of [1, 2]) {
        const profile = { turningRadius: radius, width: 0.8 };
        const planner = new DirectionalPlanner(grid, profile);
        for (let q = 0; q < 6; q++) {
          const start = freePose(rng, grid, 0.4, false, 16);
          const goal = freePose(rng, grid, 0.4, true, 16);
          if (!start || !goal) continue;
          for (const mode of ['full', 'hybrid'] as const) {
            const g = { x: goal.x, y: goal.y, heading: q % 2 === 0 ? null : goal.heading };
            const r = planner.findPath(start, g, { mode, maxExpansions: 400_000 });
            const where = `${name} r=${radius} query ${q} ${mode}: ${JSON.stringify({ start, g })}`;
            if (r.status === 'found') {
              found++;
              expect(problem(grid, profile, start, g, r), where).toBeNull();
            } else {
              expect(FAILURES.has(r.status) || r.status === 'budget', `${where}: ${r.status}`).toBe(true);
            }
          }
        }
      }
      expect(found).toBeGreaterThan(4);
    }, 600_000);
  }
});

describe('DirectionalPlanner statuses', () => {
  const unit = { turningRadius: 1, width: 0.8 };

  it('ends at once for another region, a goal in a wall, a start against a wall, and bad input', () => {
    const grid = Grid.fromAscii(['....@....', '....@....', '....@....']);
    const planner = new DirectionalPlanner(grid, unit);
    const start = { x: 1.5, y: 1.5, heading: 0 };
    const other = planner.findPath(start, { x: 7.5, y: 1.5 });
    expect(other.status).toBe('no-path');
    expect(other.expanded).toBe(0);
    expect(planner.findPath(start, { x: 4.5, y: 1.5 }).status).toBe('goal-blocked');
    // 0.3 from the wall at x = 4 with a disc of radius 0.4.
    expect(planner.findPath(start, { x: 3.7, y: 1.5 }).status).toBe('goal-blocked');
    expect(planner.findPath({ x: 3.8, y: 1.5, heading: 0 }, { x: 0.5, y: 1.5 }).status).toBe('start-blocked');
    expect(planner.findPath({ x: -1, y: 1.5, heading: 0 }, { x: 0.5, y: 1.5 }).status).toBe('out-of-bounds');
    const bad = [
      planner.findPath({ x: NaN, y: 1, heading: 0 }, { x: 1, y: 1 }),
      planner.findPath({ x: 1, y: 1, heading: Infinity }, { x: 1, y: 1 }),
      planner.findPath(start, { x: 2.5, y: 1.5, heading: NaN }),
      planner.findPath(start, { x: 2.5, y: 1.5 }, { weight: -1 }),
      planner.findPath(start, { x: 2.5, y: 1.5 }, { mode: 'fast' as 'full' }),
      planner.findPath(start, { x: 2.5, y: 1.5 }, { shotInterval: 0 }),
      planner.findPath(start, { x: 2.5, y: 1.5 }, { shortcut: 'no' as unknown as boolean }),
      planner.findPath(start, { x: 2.5, y: 1.5 }, { analyticShots: 0 as unknown as boolean }),
      planner.findPath(start, { x: 2.5, y: 1.5 }, { admissible: 'true' as unknown as boolean }),
    ];
    for (const r of bad) {
      expect(r.status).toBe('invalid');
      expect(r.message).toMatch(/must be/);
      expect(r.segments.length).toBe(0);
    }
    expect(() => new DirectionalPlanner(grid, { turningRadius: 0, width: 1 })).toThrow(/turningRadius/);
    expect(() => new DirectionalPlanner(grid, { turningRadius: 1, width: 1, reverseCost: 0.5 })).toThrow(/reverseCost/);
    expect(() => new DirectionalPlanner(grid, unit, { headings: 12 as 8 })).toThrow(/headings/);
  });

  it('says no-path when the only gap is narrower than the footprint', () => {
    const grid = Grid.fromAscii(['.....', '.....', '@@.@@', '.....', '.....']);
    const wide = new DirectionalPlanner(grid, { turningRadius: 1, width: 1.5 });
    const r = wide.findPath({ x: 2.5, y: 0.9, heading: 0 }, { x: 2.5, y: 4.1 });
    expect(r.status).toBe('no-path');
    expect(r.expanded).toBe(0);
  });

  it('says no-room-to-turn quickly in a dead end, and backs out when reversing is allowed', () => {
    const corridor = Grid.fromAscii(['@@@@@@@', '.......', '@@@@@@@']);
    const start = { x: 4.5, y: 1.5, heading: 0 };
    const goal = { x: 1.5, y: 1.5, heading: 0 };
    const forward = new DirectionalPlanner(corridor, { turningRadius: 1, width: 0.8 }).findPath(start, goal);
    expect(forward.status).toBe('no-room-to-turn');
    expect(forward.expanded).toBeLessThan(50);
    const reversing = new DirectionalPlanner(corridor, { turningRadius: 1, width: 0.8, reverse: true, reverseCost: 2 });
    const r = reversing.findPath(start, goal);
    expect(r.status).toBe('found');
    expect(problem(corridor, { turningRadius: 1, width: 0.8 }, start, goal, r)).toBeNull();
    expect(r.segments.segments.every((s) => s.reverse)).toBe(true);
    expect(r.length).toBeCloseTo(3, 9);
    expect(r.cost).toBeCloseTo(6, 9);
    // Facing the goal end of the corridor, turning around is impossible as well.
    const around = new DirectionalPlanner(corridor, { turningRadius: 1, width: 0.8 }).findPath(goal, { x: 5.5, y: 1.5, heading: Math.PI });
    expect(around.status).toBe('no-room-to-turn');
  });

  it('starts at the exact pose, and answers a start on the goal with an empty path', () => {
    const grid = Grid.fromAscii(['........', '........', '...@@...', '........', '........']);
    const planner = new DirectionalPlanner(grid, unit);
    const start = { x: 1.23, y: 3.71, heading: 0.4 };
    const goal = { x: 6.5, y: 0.5, heading: -Math.PI / 2 };
    const r = planner.findPath(start, goal, { analyticShots: false });
    expect(r.status).toBe('found');
    expect(problem(grid, unit, start, goal, r)).toBeNull();
    const still = planner.findPath({ x: 2.5, y: 0.5, heading: 1 }, { x: 2.5, y: 0.5 });
    expect(still.status).toBe('found');
    expect(still.length).toBe(0);
    expect(still.segments.start).toEqual({ x: 2.5, y: 0.5, heading: 1 });
  });

  it('ends with the analytic shot from the start when the Dubins curve is clear', () => {
    const grid = Grid.fromAscii(['..........', '..........', '..........', '..........', '..........']);
    const planner = new DirectionalPlanner(grid, unit);
    const start = { x: 1.5, y: 1.5, heading: 0 };
    const goal = { x: 7.5, y: 3.5, heading: Math.PI / 2 };
    const r = planner.findPath(start, goal);
    expect(r.status).toBe('found');
    expect(r.expanded).toBe(1);
    expect(r.length).toBeCloseTo(dubinsLength(start, goal, 1), 9);
  });
});

describe('DirectionalPlanner as a resumable search', () => {
  const grid = Grid.fromAscii([
    '..............',
    '.@@@@@@@@@@@@.',
    '.............@',
    '@@@@@@@@@@@..@',
    '..............',
  ]);
  const unit = { turningRadius: 0.5, width: 0.6 };
  const start = { x: 0.5, y: 4.5, heading: 0 };
  const goal = { x: 0.5, y: 2.5, heading: Math.PI };

  it('gives the same result in slices as in one call', () => {
    const planner = new DirectionalPlanner(grid, unit, { headings: 8 });
    const whole = planner.findPath(start, goal, { analyticShots: false });
    expect(whole.status).toBe('found');
    const search = planner.createSearch(start, goal, { analyticShots: false });
    let r: CurveResult | undefined;
    let slices = 0;
    while (!(r = search.step(5))) slices++;
    expect(slices).toBeGreaterThan(2);
    expect(r.cost).toBe(whole.cost);
    expect(r.expanded).toBe(whole.expanded);
    expect(search.result).toBe(r);
  });

  it('stops at the budget, cancels, and is replaced by a newer search', () => {
    const planner = new DirectionalPlanner(grid, unit, { headings: 8 });
    const capped = planner.findPath(start, goal, { analyticShots: false, maxExpansions: 10 });
    expect(capped.status).toBe('budget');
    expect(capped.expanded).toBe(10);
    const a = planner.createSearch(start, goal);
    expect(a.step(1)).toBeUndefined();
    a.cancel();
    expect(a.step()!.status).toBe('cancelled');
    const b = planner.createSearch(start, goal, { analyticShots: false });
    expect(b.step(1)).toBeUndefined();
    const c = planner.createSearch(start, goal);
    expect(b.step()!.status).toBe('cancelled');
    expect(c.step()!.status).toBe('found');
  });

  it('starts over when the grid changes while paused, and stays legal', () => {
    const g = grid.clone();
    const planner = new DirectionalPlanner(g, unit, { headings: 8 });
    const search = planner.createSearch(start, goal, { analyticShots: false });
    expect(search.step(3)).toBeUndefined();
    // Close the gap at the right end of the lower wall.
    g.setBlocked(11, 3, true);
    g.setBlocked(12, 3, true);
    const r = search.step()!;
    expect(['no-path', 'no-room-to-turn']).toContain(r.status);
    g.setBlocked(12, 3, false);
    const again = planner.findPath(start, goal);
    if (again.status === 'found') expect(problem(g, unit, start, goal, again)).toBeNull();
  });
});
