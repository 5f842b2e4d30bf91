/**
 * Warming a fresh plan worker: its code starts cold (interpreted, then optimised as it runs), and
 * a cold directional search costs about twice a warm one. A few synthetic vehicle plans on a tiny
 * built-in map, run when the worker starts, take that cost before the game's first orders come,
 * and build the move tables of the profiles warmed (tables are shared per profile, not per map).
 */
import { Grid } from '../grid/grid.js';
import { planRoute, RouteContext } from '../follow/route.js';
import type { Work, WorkBudget } from '../follow/work.js';
import { resolveProfile, type UnitProfile } from '../unit/profile.js';

/** The profile warmed when none is given: the typical tank (r = 2 tiles, 0.8 wide, may reverse). */
export const DEFAULT_WARM_PROFILES: readonly UnitProfile[] = [{ speed: 3, turningRadius: 2, width: 0.8, reverse: true }];

/**
 * The warm-up map: rooms, a corridor and pillars, so the plans turn, reverse, squeeze and fail
 * as game orders do (every branch of the search warmed, not only the straight line).
 */
const WARM_MAP = [
  '................................',
  '................................',
  '..........@@@@@@@@..............',
  '..........@@@@@@@@......@@......',
  '......................@@@@......',
  '...@@.................@@@@......',
  '...@@..........@@.....@@........',
  '...............@@...............',
  '................................',
  '......@@@@@@@@@@@@@@@@@@@@......',
  '......@@@@@@@@@@@@@@@@@@@@......',
  '................................',
  '................................',
  '..@@@@@@@@@@@@@@@@@@@@@@@@@@@@..',
  '..@@@@@@@@@@@@@@@@@@@@@@@@@@@@..',
  '.......@@.......................',
  '.......@@...........@@@@........',
  '....................@@@@........',
  '..........@@........@@@@........',
  '..........@@....................',
  '...@@@@@@@@@@@@@@@@@@@@@@@@@....',
  '...@@@@@@@@@@@@@@@@@@@@@@@@@....',
  '................................',
  '.....@@...........@@............',
  '.....@@...........@@......@@@@..',
  '..........................@..@..',
  '..........................@..@..',
  '..@@@@@@@.................@@.@..',
  '..@@@@@@@.......................',
  '................................',
  '................................',
  '................................',
];

/**
 * Start (x, y, heading) and goal (x, y) of the warm-up plans, in tiles: across the rooms, round
 * the walls, a U-turn, into the small box (no room to turn) and a short hop.
 */
const WARM_PLANS: readonly (readonly [number, number, number, number, number])[] = [
  [1.5, 1.5, 0, 30.5, 30.5],
  [30.5, 30.5, Math.PI, 1.5, 11.5],
  [4.5, 11.5, 0, 4.5, 22.5],
  [15.5, 7.5, Math.PI / 2, 15.5, 3.5],
  [28.5, 22.5, -Math.PI / 2, 28.5, 25.5],
  [1.5, 30.5, -Math.PI / 2, 30.5, 1.5],
  [8.5, 16.5, Math.PI, 25.5, 16.5],
  [20.5, 29.5, 0, 3.5, 25.5],
  [12.5, 7.5, 0, 13.5, 7.5],
  [30.5, 11.5, Math.PI, 1.5, 29.5],
];

/** How many times the plans are run: code is optimised after it has run a while, not at once. */
export const WARM_ROUNDS = 3;

/**
 * Plans the warm-up orders for each profile (invalid profiles are skipped: warming is best effort)
 * and returns the milliseconds it took.
 */
export function warmUp(profiles: readonly UnitProfile[] = DEFAULT_WARM_PROFILES, clock: () => number = () => performance.now()): number {
  const t0 = clock();
  const grid = Grid.fromAscii(WARM_MAP);
  const ctx = new RouteContext(grid);
  try {
    for (const raw of profiles) {
      let profile;
      try {
        profile = resolveProfile(raw);
      } catch {
        continue;
      }
      for (let round = 0; round < WARM_ROUNDS; round++) {
        for (const [x, y, heading, gx, gy] of WARM_PLANS) {
          runToEnd((budget) => planRoute(ctx, { start: { x, y, heading }, goal: { x: gx, y: gy }, profile }, budget));
        }
      }
    }
  } finally {
    ctx.destroy();
  }
  return clock() - t0;
}

/** Runs planning work without a budget. */
function runToEnd<R>(start: (budget: WorkBudget) => Work<R>): R {
  const budget: WorkBudget = { max: Infinity, used: 0 };
  const work = start(budget);
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
  }
}
