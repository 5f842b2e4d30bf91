import { describe, expect, it } from 'vitest';
import { PlanQueue, SLICE_EXPANSIONS } from '../../../src/follow/plan-queue.js';
import { CLOCK_CHECK_UNITS, WorkJob, buildWork, searchWork } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';
import { createPlanner } from '../../../src/planners.js';
import type { PathResult } from '../../../src/search/result.js';
import type { SearchSession } from '../../../src/search/session.js';
import type { BuildWork } from '../../../src/search/stepped-build.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** A clock the test moves: `cost` ms per unit of work done. */
interface FakeClock {
  now: number;
  cost: number;
}

/** A search that needs `total` units; each unit moves the clock on by its cost (what units undercount). */
function fakeSearch(total: number, clock: FakeClock): SearchSession<PathResult> {
  let work = 0;
  let result: PathResult | undefined;
  return {
    step(max = Infinity) {
      if (result) return result;
      const n = Math.min(max, total - work);
      work += n;
      clock.now += n * clock.cost;
      if (work >= total) result = { status: 'found', points: [], length: 0, expanded: work };
      return result;
    },
    cancel() {
      result ??= { status: 'cancelled', points: [], length: 0, expanded: work };
    },
    get result() {
      return result;
    },
    get work() {
      return work;
    },
  };
}

/** Building work of `pieces` pieces that each announce 1 unit and cost `clock.cost` ms. */
function* fakeBuild(pieces: number, clock: FakeClock): BuildWork<number> {
  for (let i = 0; i < pieces; i++) {
    yield 1;
    clock.now += clock.cost;
  }
  return pieces;
}

describe('work under a clock', () => {
  it('pauses a search whose units cost 50 times their estimate within a few dear units of the frame budget', () => {
    // 50 µs a unit: a whole slice of 256 units would take 12.8 ms, three times the budget.
    const clock: FakeClock = { now: 0, cost: 0.05 };
    const queue = new PlanQueue({ milliseconds: 4 }, () => clock.now);
    let done = false;
    queue.add(new WorkJob((budget) => searchWork(budget, fakeSearch(5000, clock)), () => void (done = true)));
    const frames: number[] = [];
    while (!done && frames.length < 1000) frames.push(queue.run().milliseconds);
    expect(done).toBe(true);
    // The first frame has timed nothing yet, so only the clock can stop it.
    expect(Math.max(...frames)).toBeLessThanOrEqual(4 + CLOCK_CHECK_UNITS * clock.cost + 1e-9);
    // Progress goes on at about the budget's worth a frame (80 units), not a chunk a frame.
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(5000 / 64));
  });

  it('pauses table building between pieces when a piece announced at 1 unit costs 0.4 ms', () => {
    const clock: FakeClock = { now: 0, cost: 0.4 };
    const queue = new PlanQueue({ milliseconds: 4 }, () => clock.now);
    let built = 0;
    queue.add(new WorkJob((budget) => buildWork(budget, fakeBuild(300, clock)), (n) => void (built = n)));
    const frames: number[] = [];
    while (built === 0 && frames.length < 1000) frames.push(queue.run().milliseconds);
    expect(built).toBe(300);
    // Without the clock a first slice of 256 pieces would take 102 ms.
    expect(Math.max(...frames)).toBeLessThanOrEqual(4 + clock.cost + 1e-9);
    expect(frames.length).toBeLessThanOrEqual(300 / 10 + 1);
  });

  it('still does at least one piece a slice when the frame is overdue before the slice begins', () => {
    const clock: FakeClock = { now: 0, cost: 0.001 };
    const search = fakeSearch(100, clock);
    const budget = { max: SLICE_EXPANSIONS, used: 0, overdue: () => true };
    const work = searchWork(budget, search);
    let slices = 0;
    for (let r = work.next(); !r.done; r = work.next()) {
      slices++;
      budget.used = 0;
    }
    expect(search.result?.status).toBe('found');
    expect(slices).toBe(Math.ceil(100 / CLOCK_CHECK_UNITS) - 1);
  });

  it('gives the same paths as an unsliced search when every slice is cut to one chunk by the clock', () => {
    const rng = makeRng(1707);
    for (let trial = 0; trial < 40; trial++) {
      const grid: Grid = randomGrid(rng, { width: 24, height: 24, density: 0.25 });
      const planner = createPlanner('theta', grid);
      const free: [number, number][] = [];
      for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) if (!grid.isBlocked(x, y)) free.push([x, y]);
      if (free.length < 2) continue;
      const [sx, sy] = rng.pick(free);
      const [gx, gy] = rng.pick(free);
      const whole = planner.findPath(sx + 0.5, sy + 0.5, gx + 0.5, gy + 0.5);
      const budget = { max: SLICE_EXPANSIONS, used: 0, overdue: () => true };
      const work = searchWork(budget, planner.createSearch(sx + 0.5, sy + 0.5, gx + 0.5, gy + 0.5));
      let r = work.next();
      for (; !r.done; r = work.next()) budget.used = 0;
      expect(r.value.status).toBe(whole.status);
      expect(r.value.points).toEqual(whole.points);
    }
  });
});
