/**
 * Warming a fresh plan worker: its code starts cold (interpreted, then optimised as it runs). On
 * a 256 x 256 map the first hundred tank plans of a fresh process cost about twice the next
 * hundred, on any map, and a warm-up on a tiny map takes little of that away: the long searches,
 * wide distance fields and corridors of a real map are other code paths. So the worker plans
 * synthetic orders of every length on a map of rooms and pillars of its own, as idle work that
 * real plans always go ahead of. It also builds the move tables of the profiles warmed (tables are
 * shared per profile, not per map).
 */
import { Grid } from '../grid/grid.js';
import { planRoute, RouteContext } from '../follow/route.js';
import type { Work, WorkBudget } from '../follow/work.js';
import { resolveProfile, type UnitProfile } from '../unit/profile.js';

/** The profile warmed when none is given: the typical tank (r = 2 tiles, 0.8 wide, may reverse). */
export const DEFAULT_WARM_PROFILES: readonly UnitProfile[] = [{ speed: 3, turningRadius: 2, width: 0.8, reverse: true }];

/** Side of the warm-up map, tiles: room for plans as long as a game's (10 to 120 tiles). */
const WARM_SIDE = 160;
/** Rooms of the warm-up map, tiles a side (walls included). */
const ROOM = 20;
/** Synthetic plans per profile: about what it takes for the optimised code to settle (measured: 100 plans on one map warm the next map's as well). */
export const WARM_PLANS = 80;
/** Plan lengths drawn from, straight-line tiles. */
const WARM_MIN = 8;
const WARM_MAX = 120;

/** A small deterministic generator (mulberry32), so every worker warms the same way. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The warm-up map: rooms with doors of several widths, pillars inside, so plans turn, squeeze, reverse and fail as game orders do. */
export function warmUpGrid(): Grid {
  const random = generator(17);
  const blocked = new Uint8Array(WARM_SIDE * WARM_SIDE);
  for (let y = 0; y < WARM_SIDE; y++) {
    for (let x = 0; x < WARM_SIDE; x++) if (x % ROOM < 2 || y % ROOM < 2) blocked[y * WARM_SIDE + x] = 1;
  }
  for (let ry = 0; ry < WARM_SIDE; ry += ROOM) {
    for (let rx = 0; rx < WARM_SIDE; rx += ROOM) {
      // A door in the room's west and north walls, 2 to 7 tiles wide (some too narrow to turn in).
      const door = (): [number, number] => {
        const width = 2 + Math.floor(random() * 6);
        return [2 + Math.floor(random() * (ROOM - 2 - width)), width];
      };
      const [wy, ww] = door();
      const [nx, nw] = door();
      for (let i = 0; i < ww; i++) for (let t = 0; t < 2; t++) blocked[(ry + wy + i) * WARM_SIDE + rx + t] = 0;
      for (let i = 0; i < nw; i++) for (let t = 0; t < 2; t++) blocked[(ry + t) * WARM_SIDE + rx + nx + i] = 0;
      for (let p = Math.floor(random() * 4); p > 0; p--) {
        const px = rx + 4 + Math.floor(random() * (ROOM - 8));
        const py = ry + 4 + Math.floor(random() * (ROOM - 8));
        for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) blocked[(py + dy) * WARM_SIDE + px + dx] = 1;
      }
    }
  }
  return Grid.fromPredicate(WARM_SIDE, WARM_SIDE, (x, y) => blocked[y * WARM_SIDE + x] === 1);
}

/**
 * The warm-up as resumable work (run it within a budget, as idle work): `plans` synthetic plans
 * per profile on {@link warmUpGrid} (one is enough to build a profile's tables); invalid profiles
 * are skipped (warming is best effort).
 */
export function* warmUpWork(budget: WorkBudget, profiles: readonly UnitProfile[] = DEFAULT_WARM_PROFILES, plans = WARM_PLANS): Work<void> {
  const grid = warmUpGrid();
  const ctx = new RouteContext(grid);
  const random = generator(1717);
  const free = (): { x: number; y: number } => {
    for (;;) {
      const x = 1 + Math.floor(random() * (WARM_SIDE - 2));
      const y = 1 + Math.floor(random() * (WARM_SIDE - 2));
      if (!grid.isBlocked(x, y)) return { x: x + 0.5, y: y + 0.5 };
    }
  };
  try {
    for (const raw of profiles) {
      let profile;
      try {
        profile = resolveProfile(raw);
      } catch {
        continue;
      }
      for (let i = 0; i < plans; i++) {
        const start = free();
        let goal = free();
        for (let d = Math.hypot(goal.x - start.x, goal.y - start.y); d < WARM_MIN || d > WARM_MAX; d = Math.hypot(goal.x - start.x, goal.y - start.y)) goal = free();
        yield* planRoute(ctx, { start: { ...start, heading: random() * 2 * Math.PI - Math.PI }, goal, profile }, budget);
      }
    }
  } finally {
    ctx.destroy();
  }
}
