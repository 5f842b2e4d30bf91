/**
 * Issue 30, hostile point 3, in small: soldiers on a map with tile costs, each ordered a short
 * way, while the game toggles a cell far from all of them every frame. Every order must be
 * answered within a bounded number of frames (before, the move table's first build began again
 * at every edit and paused searches began again at every change anywhere: no order was answered).
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Move } from '../../../src/follow/move.js';
import { Grid } from '../../../src/grid/grid.js';
import { makeRng } from '../../support/rng.js';

interface Unit {
  x: number;
  y: number;
  heading: number;
}

const SEED = 3030;

/** A 120 x 80 map made in code: scattered walls, tile costs 1 to 4, the soldiers' quarter in the west. */
function scene(seed: number): { grid: Grid; far: [number, number][]; nav: Navigator<Unit>; moves: Move<Unit>[] } {
  const rng = makeRng(seed);
  const grid = Grid.fromPredicate(120, 80, (x, y) => (x > 4 && y > 4 && x % 9 === 0 && y % 7 !== 0) || rng.chance(0.08));
  grid.fillCosts(0, 0, grid.width, grid.height, () => 1 + rng.int(4));
  const free = (x: number, y: number): boolean => !grid.isBlocked(x, y);
  const far: [number, number][] = [];
  while (far.length < 400) {
    const x = 80 + rng.int(40);
    const y = rng.int(80);
    if (free(x, y)) far.push([x, y]);
  }
  const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u }), write: (u, p) => Object.assign(u, p) });
  // A deterministic budget: expansions, not milliseconds.
  nav.setBudget({ expansions: 400 });
  const moves: Move<Unit>[] = [];
  for (let i = 0; i < 40; i++) {
    let x: number;
    let y: number;
    do {
      x = 2 + rng.int(36);
      y = 2 + rng.int(76);
    } while (!free(x, y));
    const unit = { x: x + 0.5, y: y + 0.5, heading: 0 };
    nav.addUnit(unit, { speed: 3 });
    let gx: number;
    let gy: number;
    do {
      gx = 1 + rng.int(45);
      gy = rng.int(80);
    } while (!free(gx, gy) || Math.hypot(gx - x, gy - y) > 20);
    moves.push(nav.moveTo(unit, { x: gx + 0.5, y: gy + 0.5 }));
  }
  return { grid, far, nav, moves };
}

describe('plans under an edit far away every frame', () => {
  it('every order is answered within a bounded number of frames', () => {
    // Undisturbed, to know how many frames the orders need.
    const quiet = scene(SEED);
    let quietFrames = 0;
    while (quiet.moves.some((m) => m.state === 'planning') && quietFrames < 2000) {
      quiet.nav.update(1 / 60);
      quietFrames++;
    }
    expect(quiet.moves.filter((m) => m.state === 'planning')).toHaveLength(0);

    const { grid, far, nav, moves } = scene(SEED);
    const rng = makeRng(SEED + 1);
    let frames = 0;
    const limit = 4 * quietFrames + 20;
    while (moves.some((m) => m.state === 'planning') && frames < limit) {
      const [x, y] = far[rng.int(far.length)]!;
      grid.setBlocked(x, y, !grid.isBlocked(x, y));
      nav.update(1 / 60);
      frames++;
    }
    const answered = moves.filter((m) => m.state !== 'planning').length;
    expect(answered, `answered in ${limit} frames (undisturbed: all in ${quietFrames})`).toBe(40);
    // The far cells never cut the soldiers' quarter off: each order is answered as undisturbed.
    expect(moves.map((m) => m.state === 'failed')).toEqual(quiet.moves.map((m) => m.state === 'failed'));
  });
});
