/**
 * Tile edits under moving units: the distances measured on one path must never be applied to
 * another (issue 15, point 1).
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../../src/follow/navigator.js';
import { slicePath, polylinePath } from '../../../src/follow/polyline.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';

describe('tile edits under a moving unit', () => {
  it('a freed wall cell beside the path does not throw from update (the issue’s snippet)', () => {
    const grid = Grid.fromAscii(['....................', '..@@@@@@@@@@@@@@@@..', '....................']);
    const unit: Pose = { x: 0.25, y: 1.5, heading: 0 };
    const nav = new Navigator(grid, { read: (u: Pose) => ({ ...u }), write: (u, p) => Object.assign(u, p) });
    nav.addUnit(unit, { speed: 4 });
    const move = nav.moveTo(unit, { x: 19.75, y: 1.5 }, { planner: 'anya' });
    const events: string[] = [];
    for (const name of ['start', 'blocked', 'replan', 'arrive', 'fail', 'cancel'] as const) move.on(name, () => events.push(name));
    for (let f = 0; f < 400; f++) {
      if (f === 30) grid.setBlocked(10, 1, false);
      nav.update(1 / 60);
    }
    expect(move.state).toBe('arrived');
    expect(events[0]).toBe('start');
    expect(events).not.toContain('blocked');
    expect(events.at(-1)).toBe('arrive');
    expect(unit.x).toBe(19.75);
    expect(unit.y).toBe(1.5);
  });

  it('slicePath keeps the whole rest when the end is measured on the uncut path', () => {
    // The rest after a cut sums its lengths anew and can come out a bit shorter than
    // length - from: the second cut must be clamped to the rest, not to the original.
    const { path } = polylinePath([
      { x: 0.25, y: 1.5 },
      { x: 2, y: 1 },
      { x: 18, y: 1 },
      { x: 19.75, y: 1.5 },
    ]);
    for (let i = 1; i < 2000; i++) {
      const from = (path.length * i) / 2000;
      const to = path.length;
      const rest = slicePath(path, from, to);
      expect(Math.abs(rest.length - (path.length - from))).toBeLessThan(1e-12);
      expect(Math.hypot(rest.end.x - path.end.x, rest.end.y - path.end.y)).toBeLessThan(1e-12);
      const part = slicePath(path, from, from + (to - from) / 2);
      expect(Math.abs(part.length - (to - from) / 2)).toBeLessThan(1e-12);
    }
    expect(() => slicePath(path, Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('rounding along walls', () => {
  // A column of wall cells x = 1, y = 1..28; the shortest path from (1, 0.5) to (1, 29.5) runs
  // along its left edge, x = 1, heading π/2, where cos(heading) is 6e-17 and not 0: rebuilt
  // from start, heading and length, x drifts up to 2e-15 into the wall.
  const rows = Array.from({ length: 30 }, (_, y) => (y >= 1 && y <= 28 ? '.@....' : '......'));

  it('a unit driving along a wall stays exactly on the wall line, and a freed wall cell gives no `blocked`', () => {
    for (const planner of ['theta', 'anya', 'astar', 'lazy-theta']) {
      const grid = Grid.fromAscii(rows);
      const unit: Pose = { x: 1, y: 0.5, heading: 0 };
      const nav = new Navigator(grid, { read: (u: Pose) => ({ ...u }), write: (u, p) => Object.assign(u, p) });
      nav.addUnit(unit, { speed: 3, acceleration: 6 });
      const move = nav.moveTo(unit, { x: 1, y: 29.5 }, { planner });
      const events: string[] = [];
      for (const name of ['start', 'blocked', 'replan', 'arrive', 'fail'] as const) move.on(name, () => events.push(name));
      for (let f = 0; f < 2000 && !move.ended; f++) {
        // Freed walls beside the path: the rest of it is as legal as before.
        if (f === 100) grid.setBlocked(1, 28, false);
        if (f === 200) grid.setBlocked(1, 27, false);
        nav.update(1 / 60);
        expect(unit.x, `${planner}, frame ${f}`).toBe(1);
      }
      expect(events, planner).not.toContain('blocked');
      expect(move.state, `${planner}: ${move.reason}`).toBe('arrived');
      expect(unit).toEqual({ x: 1, y: 29.5, heading: Math.PI / 2 });
    }
  });
});

describe('replans under a tight budget', () => {
  it('a replan does not cut in front of another unit’s paused search on the same planner', () => {
    // Comb-like walls: a search across the map takes many frames at 40 expansions per frame.
    const rows = Array.from({ length: 40 }, (_, y) =>
      Array.from({ length: 40 }, (_, x) => (x % 4 === 2 && y % 6 !== (x % 8 === 2 ? 0 : 5) ? '@' : '.')).join(''),
    );
    const grid = Grid.fromAscii(rows);
    const nav = new Navigator(grid, { read: (u: Pose) => ({ ...u }), write: (u, p) => Object.assign(u, p) }, { budget: { expansions: 40 } });
    const b: Pose = { x: 0.5, y: 0.5, heading: 0 };
    nav.addUnit(b, { speed: 2 });
    const mb = nav.moveTo(b, { x: 1.5, y: 39.5 }, { planner: 'astar' });
    for (let i = 0; i < 200 && mb.state !== 'moving'; i++) nav.update(1 / 60);
    expect(mb.state).toBe('moving');
    const a: Pose = { x: 0.5, y: 20.5, heading: 0 };
    nav.addUnit(a, { speed: 2 });
    const ma = nav.moveTo(a, { x: 39.5, y: 20.5 }, { planner: 'astar' });
    nav.update(1 / 60);
    nav.update(1 / 60);
    expect(ma.state).toBe('planning');
    // Walls across b's way: b replans (urgently) while a's search is paused.
    grid.fill(0, 10, 2, 2, () => true);
    for (let i = 0; i < 3000 && !(ma.ended && mb.ended); i++) nav.update(1 / 60);
    expect(ma.state, ma.reason).toBe('arrived');
    expect(mb.state, mb.reason).toBe('arrived');
  });
});
