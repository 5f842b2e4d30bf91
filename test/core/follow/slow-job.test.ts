/**
 * Issue 30, hostile point 3: one slow job must not hold the queue. A search across a big map with
 * tile costs takes many frames; orders queued behind it must still be answered within a bounded
 * number of frames, and the slow search must end as it does alone.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Move } from '../../../src/follow/move.js';
import { PlanQueue, SLOW_JOB_FRAMES } from '../../../src/follow/plan-queue.js';
import { RouteContext } from '../../../src/follow/route-context.js';
import { polylineWork, type SearchFailure } from '../../../src/follow/route-search.js';
import { WorkJob } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import type { PathResult } from '../../../src/search/result.js';
import { makeRng } from '../../support/rng.js';

/** A 200 x 200 map made in code: sparse walls, tile costs 1 to 8. */
function bigCostlyGrid(seed = 77): Grid {
  const rng = makeRng(seed);
  const grid = Grid.fromPredicate(200, 200, (x, y) => x > 3 && y > 3 && rng.chance(0.06));
  grid.fillCosts(0, 0, grid.width, grid.height, () => 1 + rng.int(8));
  return grid;
}

const FAR_START: Point = { x: 1.5, y: 1.5 };
const FAR_GOAL: Point = { x: 198.5, y: 198.5 };
/** Expansions per frame: deterministic, and small enough that the far search takes many frames. */
const BUDGET = { expansions: 200 };

type Answer = Point[] | SearchFailure;

function job(ctx: RouteContext, start: Point, goal: Point, done: (a: Answer) => void): WorkJob<Answer> {
  return new WorkJob((budget) => polylineWork(ctx, start, goal, 0, 'astar', budget), done);
}

/** Twenty short orders in the north-west corner. */
function shortOrders(grid: Grid): [Point, Point][] {
  const rng = makeRng(5);
  const orders: [Point, Point][] = [];
  while (orders.length < 20) {
    const sx = rng.int(20);
    const sy = rng.int(20);
    const gx = rng.int(20);
    const gy = rng.int(20);
    if (!grid.isBlocked(sx, sy) && !grid.isBlocked(gx, gy)) orders.push([{ x: sx + 0.5, y: sy + 0.5 }, { x: gx + 0.5, y: gy + 0.5 }]);
  }
  return orders;
}

describe('a slow job at the head of the plan queue', () => {
  it('short orders behind it are answered within a bounded number of frames, and it ends as alone', () => {
    const grid = bigCostlyGrid();
    // Alone: how many frames and what answer.
    const alone = new PlanQueue(BUDGET);
    let aloneAnswer: Answer | undefined;
    alone.add(job(new RouteContext(grid), FAR_START, FAR_GOAL, (a) => (aloneAnswer = a)));
    let aloneFrames = 0;
    while (aloneAnswer === undefined && aloneFrames < 10_000) {
      alone.run();
      aloneFrames++;
    }
    expect(Array.isArray(aloneAnswer), 'the far search finds a path').toBe(true);

    const orders = shortOrders(grid);
    // The short orders alone, one after another within the same budget, on a context whose tables
    // are built: the frames their own work needs.
    const warm = new RouteContext(grid);
    const shortQueue = new PlanQueue(BUDGET);
    const warmUp = new PlanQueue({ expansions: 1e9 });
    warmUp.add(job(warm, { x: 0.5, y: 0.5 }, { x: 2.5, y: 0.5 }, () => {}));
    warmUp.run();
    let shortLeft = orders.length;
    for (const [s, g] of orders) shortQueue.add(job(warm, s, g, () => shortLeft--));
    let shortFrames = 0;
    while (shortLeft > 0 && shortFrames < 10_000) {
      shortQueue.run();
      shortFrames++;
    }
    // Behind the slow one: the frames before it is set aside, then half of each frame.
    const bound = SLOW_JOB_FRAMES + 2 * shortFrames + 3;
    expect(aloneFrames, 'the far search is slow for real').toBeGreaterThan(2 * bound);

    const ctx = new RouteContext(grid);
    const queue = new PlanQueue(BUDGET);
    const tables = new PlanQueue({ expansions: 1e9 });
    tables.add(job(ctx, { x: 0.5, y: 0.5 }, { x: 2.5, y: 0.5 }, () => {}));
    tables.run();
    let farAnswer: Answer | undefined;
    queue.add(job(ctx, FAR_START, FAR_GOAL, (a) => (farAnswer = a)));
    const answeredAt: number[] = [];
    const expected: Answer[] = [];
    const got: Answer[] = [];
    for (const [i, [s, g]] of orders.entries()) {
      // Each short order alone, on a context of its own, for its answer.
      const own = new RouteContext(grid);
      const q = new PlanQueue({ expansions: 1e9 });
      q.add(job(own, s, g, (a) => expected.push(a)));
      q.run();
      queue.add(job(ctx, s, g, (a) => ((got[i] = a), (answeredAt[i] = frames))));
    }
    let frames = 0;
    while ((farAnswer === undefined || answeredAt.length < orders.length) && frames < 10_000) {
      frames++;
      queue.run();
    }
    expect(answeredAt).toHaveLength(orders.length);
    expect(Math.max(...answeredAt), `last short order answered at frame ${Math.max(...answeredAt)}`).toBeLessThanOrEqual(bound);
    expect(got).toEqual(expected);
    expect(farAnswer).toEqual(aloneAnswer);
    // Half of each frame while others wait: the slow one ends in at most about twice its time alone.
    expect(frames).toBeLessThanOrEqual(aloneFrames + 2 * bound);
  });

  it('two interleaved searches of one planner name, on leased instances, each end as alone', () => {
    const grid = bigCostlyGrid();
    const queries: [number, number, number, number][] = [
      [1.5, 1.5, 198.5, 198.5],
      [198.5, 1.5, 2.5, 190.5],
    ];
    const aloneResults = queries.map(([sx, sy, gx, gy]) => new RouteContext(grid).planner('astar').findPath(sx, sy, gx, gy));
    const ctx = new RouteContext(grid);
    const planners = queries.map(() => ctx.lease('astar'));
    expect(planners[0]).not.toBe(planners[1]);
    const searches = queries.map(([sx, sy, gx, gy], i) => planners[i]!.createSearch(sx, sy, gx, gy));
    const results: (PathResult | undefined)[] = [undefined, undefined];
    for (let i = 0; i < 100_000 && results.some((r) => r === undefined); i++) {
      const k = i % 2;
      results[k] ??= searches[k]!.step(300);
    }
    for (const [i, r] of results.entries()) {
      const a = aloneResults[i]!;
      expect(r?.status).toBe(a.status);
      expect(r?.status).toBe('found');
      expect(r?.length).toBe(a.length);
      expect(r?.expanded).toBe(a.expanded);
      expect(r?.points).toEqual(a.points);
    }
    for (const p of planners) ctx.release(p);
    // With none lent, the first instance is lent again: jobs one after another share one planner.
    expect(ctx.lease('astar')).toBe(planners[0]);
  });
});

interface Unit {
  x: number;
  y: number;
  heading: number;
}

describe('a navigator with one soldier ordered far across a big costly map', () => {
  it('twenty soldiers ordered near afterwards start within a few frames', () => {
    const scene = (withFar: boolean): { nav: Navigator<Unit>; farMove: Move<Unit> | undefined; moves: Move<Unit>[] } => {
      const grid = bigCostlyGrid();
      const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u }), write: (u, p) => Object.assign(u, p) });
      nav.setBudget(BUDGET);
      // A first order builds the map's tables (which every order needs, so they are built first
      // come, first served): the game is under way.
      const first = { x: 10.5, y: 10.5, heading: 0 };
      nav.addUnit(first, { speed: 3 });
      const firstMove = nav.moveTo(first, { x: 12.5, y: 12.5 });
      for (let i = 0; i < 10_000 && firstMove.state === 'planning'; i++) nav.update(1 / 60);
      expect(firstMove.state).not.toBe('planning');
      let farMove: Move<Unit> | undefined;
      if (withFar) {
        const far = { x: FAR_START.x, y: FAR_START.y, heading: 0 };
        nav.addUnit(far, { speed: 3 });
        farMove = nav.moveTo(far, FAR_GOAL);
      }
      const moves: Move<Unit>[] = [];
      for (const [s, g] of shortOrders(grid)) {
        const unit = { x: s.x, y: s.y, heading: 0 };
        nav.addUnit(unit, { speed: 3 });
        moves.push(nav.moveTo(unit, g));
      }
      return { nav, farMove, moves };
    };
    const planning = (moves: Move<Unit>[]): number => moves.filter((m) => m.state === 'planning').length;
    // The near orders without the far one: the frames their own planning needs.
    const alone = scene(false);
    let aloneFrames = 0;
    while (planning(alone.moves) > 0 && aloneFrames < 10_000) {
      alone.nav.update(1 / 60);
      aloneFrames++;
    }
    const bound = SLOW_JOB_FRAMES + 2 * aloneFrames + 3;

    const { nav, farMove, moves } = scene(true);
    let frames = 0;
    while (planning(moves) > 0 && frames < bound) {
      nav.update(1 / 60);
      frames++;
    }
    expect(planning(moves), `near orders still planning after ${frames} frames`).toBe(0);
    expect(farMove!.state, 'the far search is slow for real').toBe('planning');
    let more = 0;
    while (farMove!.state === 'planning' && more < 10_000) {
      nav.update(1 / 60);
      more++;
    }
    expect(farMove!.state).not.toBe('planning');
    expect(farMove!.state).not.toBe('failed');
  });
});
