import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CurveGoal, CurveResult } from '../../../src/curves/curve-planner.js';
import type { Pose } from '../../../src/curves/segment.js';
import { DirectionalPlanner, type DirectionalQueryOptions } from '../../../src/directional/directional-planner.js';
import { Grid } from '../../../src/grid/grid.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { makeRng, type Rng } from '../../support/rng.js';

/**
 * Issue 30, hostile point 10: a search run in slices is the search `findPath` runs, whatever the
 * slices: same status, same expansions, same path. The proof that runs beside the distance field
 * was paid its share only when a step had budget left after the field's chunk, so steps of 10
 * units starved it, and a pocket the one-shot query proved with 0 expansions took 512.
 */

const map = (name: string): Grid => Grid.fromMovingAi(readFileSync(new URL(`../../fixtures/${name}.map`, import.meta.url), 'utf8'));
/** Two rooms a wall keeps apart (no-path), the west one with a narrow dead end (pockets). */
const rooms = Grid.fromAscii(
  Array.from({ length: 24 }, (_, y) => Array.from({ length: 40 }, (_, x) => (x === 0 || y === 0 || x === 39 || y === 23 || x === 20 || (x === 9 && y > 4 && y < 20) || (y === 12 && x > 9 && x < 16) ? '#' : '.')).join('')),
);
const grids = { arena: map('arena'), lak303d: map('lak303d'), rooms };

function sliced(planner: DirectionalPlanner, start: Pose, goal: CurveGoal, slice: number, options?: DirectionalQueryOptions): CurveResult {
  const search = planner.createSearch(start, goal, options);
  for (let steps = 0; ; steps++) {
    const r = search.step(slice);
    if (r) return r;
    if (steps > 1e6) throw new Error('the search does not end');
  }
}

/** What the two must agree on (lengths and costs as numbers: a path not found has Infinity). */
const summary = (r: CurveResult): string => `${r.status} expanded ${r.expanded} length ${r.length} cost ${r.cost}`;

describe('a sliced directional search and findPath', () => {
  // Found by random poses on lak303d (seed 7): findPath said 0 expansions, steps of at most 10 units 512.
  const cases: { profile: UnitProfile; start: Pose; goal: CurveGoal }[] = [
    {
      profile: { turningRadius: 2, width: 0.8 },
      start: { x: 36.01437356113456, y: 51.723692333791405, heading: 2.590709173697978 },
      goal: { x: 66.50641412544064, y: 183.8249330346007, heading: 3.7370089047774675 },
    },
    {
      profile: { turningRadius: 1, width: 0.8 },
      start: { x: 166.1327449043747, y: 135.80030524451286, heading: 1.0365719062741847 },
      goal: { x: 19.303180393064395, y: 58.51070996164344, heading: null },
    },
    {
      profile: { turningRadius: 3, width: 1.2, reverse: false },
      start: { x: 103.62660836009309, y: 37.78030130150728, heading: 4.05166997843422 },
      goal: { x: 82.46944416547194, y: 76.99539826251566, heading: null },
    },
  ];
  for (const [i, c] of cases.entries()) {
    it(`agree on the pocket of lak303d found by the hostile pass (#${i})`, () => {
      const once = new DirectionalPlanner(grids.lak303d, c.profile).findPath(c.start, c.goal);
      expect(once.status).toBe('no-room-to-turn');
      for (const slice of [1, 7, 10, 64]) {
        const r = sliced(new DirectionalPlanner(grids.lak303d, c.profile), c.start, c.goal, slice);
        expect(summary(r), `steps of ${slice}`).toBe(summary(once));
      }
    });
  }

  /** A pose in a free cell, or now and then anywhere (a wall, off the map, not a number) for the early statuses. */
  function pose(rng: Rng, grid: Grid): Pose {
    const heading = rng.next() * 2 * Math.PI;
    const roll = rng.next();
    if (roll < 0.03) return { x: -3, y: 2, heading };
    if (roll < 0.05) return { x: Number.NaN, y: 2, heading };
    if (roll < 0.1) return { x: rng.next() * grid.width, y: rng.next() * grid.height, heading };
    for (;;) {
      const x = rng.int(grid.width);
      const y = rng.int(grid.height);
      if (!grid.isBlocked(x, y)) return { x: x + rng.next(), y: y + rng.next(), heading };
    }
  }

  it('agree over seeded random queries on the fixture maps, every status', () => {
    const seed = 30_10;
    const rng = makeRng(seed);
    const seen = new Set<string>();
    const profiles: UnitProfile[] = [{ turningRadius: 1, width: 0.8 }, { turningRadius: 2, width: 0.8 }, { turningRadius: 3, width: 1.2, reverse: false }];
    for (const [name, grid] of Object.entries(grids)) {
      const queries = name === 'lak303d' ? 16 : 30;
      for (const profile of profiles) {
        // One planner per way, each asked the same queries in the same order (they keep fields and goal sides between queries).
        const once = new DirectionalPlanner(grid, profile);
        const steps = new DirectionalPlanner(grid, profile);
        for (let q = 0; q < queries; q++) {
          const start = pose(rng, grid);
          const end = pose(rng, grid);
          const goal: CurveGoal = { x: end.x, y: end.y, heading: rng.chance(0.3) ? end.heading : null };
          const options: DirectionalQueryOptions = { mode: rng.chance(0.3) ? 'hybrid' : 'full', ...(rng.chance(0.1) ? { maxExpansions: rng.range(1, 300) } : {}) };
          const slice = rng.pick([1, 7, 64, 300, 5000]);
          const a = once.findPath(start, goal, options);
          const b = sliced(steps, start, goal, slice, options);
          seen.add(a.status);
          expect(summary(b), `seed ${seed}, ${name}, ${JSON.stringify(profile)}, query ${q} from ${JSON.stringify(start)} to ${JSON.stringify(goal)}, ${JSON.stringify(options)}, steps of ${slice}`).toBe(summary(a));
        }
      }
    }
    expect([...seen].sort()).toEqual(['budget', 'found', 'goal-blocked', 'invalid', 'no-path', 'no-room-to-turn', 'out-of-bounds', 'start-blocked']);
  });
});
