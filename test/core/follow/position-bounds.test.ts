import { describe, expect, it, vi } from 'vitest';
import type { Pose } from '../../../src/curves/segment.js';
import type { Move } from '../../../src/follow/move.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import { MAX_POSITION } from '../../../src/unit/profile.js';

interface Unit {
  pose: Pose;
}

const DT = 1 / 60;
const at = (x: number, y: number): Unit => ({ pose: { x, y, heading: 0 } });

function navigator(grid: Grid, avoidance: boolean): Navigator<Unit> {
  return new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { avoidance, budget: { expansions: 1e9, milliseconds: 1e9 } });
}

/**
 * Counts cell reads (`inBounds` and `isBlocked`) and throws past `limit`: a loop that never ends
 * fails the frame here instead of hanging the test (a timeout cannot stop a synchronous loop).
 */
function capReads(grid: Grid, limit: number): { calls: number } {
  const counter = { calls: 0 };
  for (const name of ['inBounds', 'isBlocked'] as const) {
    const real = grid[name].bind(grid);
    vi.spyOn(grid, name).mockImplementation((x: number, y: number) => {
      if (++counter.calls > limit) throw new Error(`more than ${limit} cell reads`);
      return real(x, y);
    });
  }
  return counter;
}

function run(nav: Navigator<Unit>, moves: readonly Move<Unit>[], frames: number): void {
  for (let i = 0; i < frames && moves.some((m) => !m.ended); i++) nav.update(DT);
}

describe('unit positions no map can hold', () => {
  for (const x of [1e300, 2 ** 53]) {
    it(`an idle unit at x = ${x} among a jam on a 10 x 5 map: every frame returns, the others arrive`, { timeout: 60_000 }, () => {
      const grid = new Grid(10, 5);
      const nav = navigator(grid, true);
      // A column of idle units across the map: the three behind it plan round them (detours).
      for (let i = 0; i < 5; i++) nav.addUnit(at(5.5, 0.5 + i), { speed: 2, width: 0.8 });
      const movers = [0, 1, 2].map((i) => at(1.5, 1.5 + i));
      for (const u of movers) nav.addUnit(u, { speed: 2, width: 0.8 });
      const far = at(x, 1);
      nav.addUnit(far, { speed: 2, width: 0.6 });
      const reads = capReads(grid, 5e5);
      const moves = movers.map((u, i) => nav.moveTo(u, { x: 8.5, y: 1.5 + i }));
      run(nav, moves, 60 * 60);
      expect(moves.map((m) => m.failure ?? m.state)).toEqual(['arrived', 'arrived', 'arrived']);
      expect(reads.calls).toBeLessThan(5e5);
      // The game's position stays the game's: nothing drew the unit elsewhere.
      expect(far.pose.x).toBe(x);
    });
  }

  for (const avoidance of [false, true]) {
    it(`an order for a unit read beyond ±MAX_POSITION fails invalid naming the value (avoidance ${avoidance})`, () => {
      const nav = navigator(new Grid(10, 5), avoidance);
      const cases = [1e300, -(2 ** 53), MAX_POSITION * 1.5];
      const units = cases.map((x) => at(x, 1));
      for (const u of units) nav.addUnit(u, { speed: 2, width: 0.6 });
      const moves = units.map((u) => nav.moveTo(u, { x: 5.5, y: 2.5 }));
      const fine = at(1.5, 1.5);
      nav.addUnit(fine, { speed: 2, width: 0.6 });
      moves.push(nav.moveTo(fine, { x: 5.5, y: 2.5 }));
      run(nav, moves, 600);
      // Reasons are rounded for reading: 2^24 quotes 1.7e7, 2^53 quotes 9e15.
      const quoted = ['1e300', '-9e15', '2.5e7'];
      cases.forEach((_, i) => {
        expect(moves[i]!.failure).toBe('invalid');
        expect(moves[i]!.reason).toBe(`unit position x must be a finite number from -1.7e7 tiles to 1.7e7 tiles, got ${quoted[i]} tiles`);
      });
      expect(moves[3]!.state).toBe('arrived');
    });
  }

  it('a group order takes no slot for a unit beyond the limit, and an idle one there holds none; the rest arrive', () => {
    const nav = navigator(new Grid(10, 5), false);
    const group = [at(1.5, 1.5), at(1e300, 1), at(1.5, 3.5)];
    const idle = at(-(2 ** 53), 2);
    for (const u of [...group, idle]) nav.addUnit(u, { speed: 2, width: 0.6 });
    const moves = nav.moveGroup(group, { x: 8, y: 2.5 });
    run(nav, moves, 60 * 20);
    expect(moves.map((m) => m.failure ?? m.state)).toEqual(['arrived', 'invalid', 'arrived']);
    expect(moves[1]!.reason).toContain('got 1e300 tiles');
    // Two slots, apart: the two units do not share the goal point.
    const [a, , c] = group;
    expect(Math.hypot(a!.pose.x - c!.pose.x, a!.pose.y - c!.pose.y)).toBeGreaterThanOrEqual(0.6);
  });

  it('a unit at exactly MAX_POSITION is a position (off this map), not a bad value', () => {
    const nav = navigator(new Grid(10, 5), true);
    const u = at(1, -MAX_POSITION);
    nav.addUnit(u, { speed: 2, width: 0.6 });
    const move = nav.moveTo(u, { x: 5.5, y: 2.5 });
    run(nav, [move], 60);
    expect(move.state).toBe('failed');
    expect(move.failure).not.toBe('invalid');
  });

  it('an idle unit the game teleports beyond the limit is put back where it stood, and its order drives from there', () => {
    const grid = new Grid(10, 5);
    const nav = navigator(grid, true);
    const u = at(2.5, 2.5);
    nav.addUnit(u, { speed: 2, width: 0.6 });
    for (let i = 0; i < 10; i++) nav.update(DT);
    u.pose.x = 2 ** 60;
    for (let i = 0; i < 10; i++) nav.update(DT);
    expect([u.pose.x, u.pose.y]).toEqual([2.5, 2.5]);
    const move = nav.moveTo(u, { x: 4.5, y: 2.5 });
    run(nav, [move], 60 * 10);
    expect(move.state).toBe('arrived');
    // A teleport onto the map is taken as before.
    u.pose.x = 8.5;
    u.pose.y = 1.5;
    for (let i = 0; i < 5; i++) nav.update(DT);
    expect([u.pose.x, u.pose.y]).toEqual([8.5, 1.5]);
    const back = nav.moveTo(u, { x: 8.5, y: 3.5 });
    run(nav, [back], 60 * 10);
    expect(back.state).toBe('arrived');
    expect(u.pose.y).toBeCloseTo(3.5, 6);
  });

  it('an idle unit of speed 1e6 with avoidance: frames read a bounded number of cells, and its order arrives', { timeout: 60_000 }, () => {
    const grid = new Grid(96, 96);
    for (let i = 10; i < 80; i++) grid.setBlocked(i, 40, true);
    const nav = navigator(grid, true);
    const fast = at(5.5, 5.5);
    nav.addUnit(fast, { speed: 1e6, width: 0.6 });
    nav.addUnit(at(50.5, 50.5), { speed: 2, width: 0.6 });
    const reads = capReads(grid, 2e6);
    for (let i = 0; i < 10; i++) nav.update(DT);
    // Ten frames of one step: each unit's wall scan reads at most the map's ring, 5 reads a cell.
    expect(reads.calls).toBeLessThanOrEqual(10 * 2 * 5 * 98 * 98);
    const move = nav.moveTo(fast, { x: 60.5, y: 70.5 });
    run(nav, [move], 600);
    expect(move.state).toBe('arrived');
    expect(fast.pose.x).toBeCloseTo(60.5, 6);
    expect(fast.pose.y).toBeCloseTo(70.5, 6);
  });
});
