import { describe, expect, it } from 'vitest';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { DEADLOCK_TIME, newRider, noProgress, noProgressReason, NO_PROGRESS_TIME } from '../../../src/follow/crowd-steering.js';

interface Unit {
  pose: Pose;
}

const DT = 1 / 60;
/** Plans finish in the frame they are ordered: runs depend on the steps alone, not on the clock. */
const BUDGET = { expansions: 1e9, milliseconds: 1e9 };
/** The crowd benchmark's tank: it cannot pass another on a deck 3 tiles wide. */
const TANK: UnitProfile = { speed: 3, turningRadius: 2, width: 0.8, length: 1.2, reverse: true };
/**
 * The same tank at a thousandth of a tile a second: it gets over the deck (about 8 tiles) in over
 * two hours, and makes progress all the while by its own measure (a tenth of what its speed covers).
 */
const CRAWLER: UnitProfile = { ...TANK, speed: 0.001 };
/** Simulated seconds the run lasts: well past the limit, so a unit that waits for ever shows. */
const RUN_SECONDS = 150;

/** 30 x 40 tiles, a river across rows 16..23 and a deck 3 tiles wide at x 13..15. */
function bridge(): Grid {
  return Grid.fromPredicate(30, 40, (x, y) => y >= 16 && y < 24 && (x < 13 || x >= 16));
}

describe('a turn at a one-lane run that never comes', () => {
  it('a tank waiting behind a tank that holds the deck and all but never leaves it ends stuck', () => {
    const grid = bridge();
    const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: BUDGET, avoidance: true });
    // On the deck already, heading south off it.
    const crawler = { pose: { x: 14.5, y: 17.5, heading: Math.PI / 2 } };
    const waiter = { pose: { x: 14.5, y: 34, heading: -Math.PI / 2 } };
    nav.addUnit(crawler, CRAWLER);
    nav.addUnit(waiter, TANK);
    const crawl = nav.moveTo(crawler, { x: 14.5, y: 36 });
    const move = nav.moveTo(waiter, { x: 14.5, y: 4 });
    let stuckAt: number | undefined;
    move.on('stuck', () => (stuckAt = frame * DT));
    let frame = 0;
    // Where the waiter stood at the deadlock limit's start: it comes to the south mouth and waits.
    let waitedFrom: { x: number; y: number } | undefined;
    let farthest = 0;
    for (; frame < RUN_SECONDS / DT && !move.ended; frame++) {
      nav.update(DT);
      if (frame * DT >= 20) {
        waitedFrom ??= { ...waiter.pose };
        farthest = Math.max(farthest, Math.hypot(waiter.pose.x - waitedFrom.x, waiter.pose.y - waitedFrom.y));
      }
    }
    // The crawler still holds the deck, still on its move: its turn is not over.
    expect(crawl.ended).toBe(false);
    expect(crawler.pose.y).toBeLessThan(24);
    // The waiter stood at the mouth, south of the river, and got nowhere.
    expect(waiter.pose.y).toBeGreaterThan(24);
    expect(farthest).toBeLessThan(1);
    // Before, it waited for its turn for the whole run, never `stuck`.
    expect([move.state, move.failure]).toEqual(['failed', 'stuck']);
    expect(move.reason).toMatch(/one-lane run/);
    expect(stuckAt).toBeGreaterThanOrEqual(DEADLOCK_TIME);
    // Within the limit of when it stopped getting closer (its drive to the mouth took a few seconds).
    expect(stuckAt).toBeLessThan(DEADLOCK_TIME + 15);
  });
});

describe('the two limits without progress', () => {
  it('one-lane waits count toward the longer limit only, and progress resets both', () => {
    const r = newRider(0, 0, 0, 0);
    expect(noProgress(r, 20, 1, 2)).toBe(false);
    // Waiting its turn for longer than the shorter limit: no give-up yet.
    for (let t = 1; t < DEADLOCK_TIME; t++) expect(noProgress(r, 20, 0, 2, 1)).toBe(false);
    expect(r.sinceProgress).toBe(0);
    expect(noProgress(r, 20, 0, 2, 1)).toBe(true);
    expect(noProgressReason(r)).toMatch(/90 s .*one-lane run/);
    // Driving time counts toward both; a tile of progress starts both again.
    const q = newRider(0, 0, 0, 0);
    noProgress(q, 20, 1, 2);
    for (let t = 1; t < DEADLOCK_TIME - 1; t++) noProgress(q, 20, t < NO_PROGRESS_TIME - 1 ? 1 : 0, 2, t < NO_PROGRESS_TIME - 1 ? 0 : 1);
    expect(noProgress(q, 19, 0, 2, 1)).toBe(false);
    expect([q.sinceProgress, q.heldSinceProgress]).toEqual([0, 0]);
    // The shorter limit, on driving alone, gives its own reason.
    const d = newRider(0, 0, 0, 0);
    noProgress(d, 20, 1, 2);
    for (let t = 1; t < NO_PROGRESS_TIME; t++) noProgress(d, 20, 1, 2);
    expect(noProgress(d, 20, 1, 2)).toBe(true);
    expect(noProgressReason(d)).toMatch(/^held up for 30 s without getting closer to its goal$/);
  });
});
