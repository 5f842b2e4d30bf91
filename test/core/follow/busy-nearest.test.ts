/**
 * `nearest: true` for vehicles in a busy game (issue 30, newcomer point 5): with the planning
 * budget shared by many units, the ring search for the nearest reachable point spans frames, and
 * tile edits elsewhere renumber the map's regions in between. The search read the start's region
 * labels once, so after an edit no cell matched them and the order failed "no reachable point
 * near tile ...". Here a far door opens and closes every frame while tanks are sent with
 * `nearest` to an island, a walled fortress interior and past the west edge, among moving
 * soldiers with avoidance on; each must end where the same order ends in a quiet scene.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../../src/follow/navigator.js';
import { nearestReachable } from '../../../src/follow/nearest.js';
import { WorkJob } from '../../../src/follow/work.js';
import { componentsOf } from '../../../src/grid/components.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import type { Pose } from '../../../src/curves/segment.js';

type Unit = { pose: Pose };

/** The door of a small closed box at the map's south-east: a far edit that renumbers regions. */
const DOOR = { x: 58, y: 40 };

/**
 * 64 x 48: a lake (x 8-28, y 8-28) round an island (x 15-21, y 15-21); a fortress with closed
 * walls (x 40-54, y 8-22); the west edge walled (x 0-5, y 30-46); a closed box (x 56-60,
 * y 36-40) whose door in its south wall is at {@link DOOR}.
 */
function busyMap(): Grid {
  return Grid.fromPredicate(64, 48, (x, y) => {
    const lake = x >= 8 && x <= 28 && y >= 8 && y <= 28 && !(x >= 15 && x <= 21 && y >= 15 && y <= 21);
    const fort = ((x === 40 || x === 54) && y >= 8 && y <= 22) || ((y === 8 || y === 22) && x >= 40 && x <= 54);
    const west = x <= 5 && y >= 30 && y <= 46;
    const box = ((x === 56 || x === 60) && y >= 36 && y <= 40) || ((y === 36 || y === 40) && x >= 56 && x <= 60);
    return lake || fort || west || box;
  });
}

/**
 * The busy part: for this many frames the door toggles every frame and planning gets
 * {@link EDIT_BUDGET} work units a frame (what is left to a unit's order when many others plan),
 * so the first tank's ring search runs in slices with edits between them; then the edits stop
 * and the budget is {@link LATER_BUDGET} (a planner search paused across a blocking change starts
 * again, so edits every frame would only delay the drive).
 */
const EDIT_FRAMES = 120;
const EDIT_BUDGET = 8;
const LATER_BUDGET = 1000;

const TANK = { speed: 4, width: 0.8, turningRadius: 1 };
const SOLDIER = { speed: 3, width: 0.6 };
/** Unreachable targets: the island's middle, the fortress's middle, past the west edge. */
const GOALS: readonly Point[] = [
  { x: 18.5, y: 18.5 },
  { x: 47.5, y: 15.5 },
  { x: -4, y: 38.5 },
];
const TANK_STARTS: readonly Pose[] = [
  { x: 34.5, y: 32.5, heading: 0 },
  { x: 36.5, y: 34.5, heading: 0 },
  { x: 30.5, y: 36.5, heading: Math.PI },
];

/** Runs the tanks' nearest orders; `busy` adds soldiers, avoidance, a tight budget and the toggling door. */
function run(busy: boolean): { state: string; reason: string | undefined; end: Point }[] {
  const grid = busyMap();
  const nav = new Navigator<Unit>(
    grid,
    { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) },
    busy ? { avoidance: true, budget: { expansions: EDIT_BUDGET } } : {},
  );
  // Built long before, as in a game that has been running: its first flood is not the point here.
  componentsOf(grid).size;
  const tanks = TANK_STARTS.map((p) => ({ pose: { ...p } }));
  const moves = tanks.map((t, i) => {
    nav.addUnit(t, TANK);
    return nav.moveTo(t, GOALS[i]!, { nearest: true });
  });
  if (busy) {
    for (let i = 0; i < 16; i++) {
      const s = { pose: { x: 32.5 + (i % 8) * 1.5, y: 40.5 + Math.floor(i / 8) * 1.5, heading: 0 } };
      nav.addUnit(s, SOLDIER);
      nav.moveTo(s, { x: 10.5 + (i % 8) * 2, y: 34.5 + Math.floor(i / 8) * 2 });
    }
  }
  for (let f = 0; f < 60 * 120 && moves.some((m) => !m.ended); f++) {
    if (busy && f < EDIT_FRAMES) grid.setBlocked(DOOR.x, DOOR.y, f % 2 === 0);
    if (busy && f === EDIT_FRAMES) nav.setBudget({ expansions: LATER_BUDGET });
    nav.update(1 / 60);
  }
  nav.destroy();
  return moves.map((m, i) => ({ state: m.state, reason: m.reason, end: { x: tanks[i]!.pose.x, y: tanks[i]!.pose.y } }));
}

describe('nearest orders of vehicles in a busy scene', () => {
  it('arrive where the same orders arrive in a quiet scene', () => {
    const quiet = run(false);
    expect(quiet.map((q) => q.state)).toEqual(['arrived', 'arrived', 'arrived']);
    const busy = run(true);
    for (let i = 0; i < GOALS.length; i++) {
      expect(busy[i]!.reason, `order ${i}`).toBeUndefined();
      expect(busy[i]!.state, `order ${i}`).toBe('arrived');
      expect(Math.hypot(busy[i]!.end.x - quiet[i]!.end.x, busy[i]!.end.y - quiet[i]!.end.y), `order ${i}`).toBeLessThan(0.5);
    }
  });
});

describe('the ring search for the nearest reachable point', () => {
  it('finds the same point when tile edits far away renumber the regions between its slices', () => {
    const grid = busyMap();
    const search = (toggle: boolean): Point | undefined => {
      grid.setBlocked(DOOR.x, DOOR.y, true);
      componentsOf(grid).size;
      let found: Point | undefined | 'pending' = 'pending';
      const job = new WorkJob((budget) => nearestReachable(grid, TANK_STARTS[0]!, GOALS[0]!, 0.4, budget), (p) => (found = p));
      for (let i = 0; !job.done && i < 10_000; i++) {
        job.step(1);
        // Opening the door joins the box to the start's region under the box's label; closing it splits them again.
        if (toggle) grid.setBlocked(DOOR.x, DOOR.y, i % 2 === 1);
      }
      expect(found).not.toBe('pending');
      return found === 'pending' ? undefined : found;
    };
    const quiet = search(false);
    expect(quiet).toBeDefined();
    // The island's middle is 18.5; the lake's north shore at row 7 is 11 tiles up (room for r = 0.4: y = 7.6).
    expect(quiet!.x).toBeCloseTo(18.5, 9);
    expect(quiet!.y).toBeCloseTo(7.6, 6);
    expect(search(true)).toEqual(quiet);
  });
});
