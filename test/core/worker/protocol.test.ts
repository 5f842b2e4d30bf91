import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { applyPatch, gridFromPatch, patchOf, profileFields, requestFromWire, requestToWire, routeFromWire, routeToWire } from '../../../src/worker/protocol.js';
import { makeRng, randomGrid } from '../../support/rng.js';
import { planHere, routeFacts } from './pair.js';

describe('plan worker protocol', () => {
  it('a whole-map patch rebuilds the grid, costs included', () => {
    const rng = makeRng(1701);
    for (let i = 0; i < 50; i++) {
      const grid = randomGrid(rng);
      if (rng.chance(0.5)) grid.fillCosts(0, 0, grid.width, grid.height, () => 1 + rng.int(4));
      const copy = gridFromPatch(grid.width, grid.height, patchOf(grid));
      expect(copy.toAscii()).toEqual(grid.toAscii());
      for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) expect(copy.cost(x, y)).toBe(grid.cost(x, y));
    }
  });

  it('a patch of an edited area brings a copy up to date, and only that area', () => {
    const rng = makeRng(1702);
    for (let i = 0; i < 50; i++) {
      const grid = randomGrid(rng, { width: 12, height: 9 });
      const copy = grid.clone();
      const area = { x: rng.int(12), y: rng.int(9), width: rng.range(1, 5), height: rng.range(1, 5) };
      grid.fill(area.x, area.y, area.width, area.height, () => rng.chance(0.5));
      grid.fillCosts(area.x, area.y, area.width, area.height, () => 1 + rng.int(3));
      applyPatch(copy, patchOf(grid, area));
      expect(copy.toAscii()).toEqual(grid.toAscii());
      for (let y = 0; y < 9; y++) for (let x = 0; x < 12; x++) expect(copy.cost(x, y)).toBe(grid.cost(x, y));
    }
  });

  it('refuses a patch that does not fit the grid, leaving it unchanged', () => {
    const grid = new Grid(4, 4);
    const patch = patchOf(Grid.fromAscii(['@@@', '@@@']));
    expect(() => applyPatch(grid, { ...patch, x: 2 })).toThrow(RangeError);
    expect(() => applyPatch(grid, { ...patch, cells: new Uint8Array(2) })).toThrow(TypeError);
    expect(grid.version).toBe(0);
  });

  it('a profile crosses as its fields and resolves to the same profile', () => {
    for (const p of [{ speed: 3, turningRadius: 2, width: 0.8, reverse: true }, { speed: 2, turningRadius: 3, width: 1.2, length: 2, reverseCost: 3, turnPenalty: 0.5, priority: 2 }, { speed: 1 }]) {
      const resolved = resolveProfile(p);
      expect(resolveProfile(profileFields(resolved))).toEqual(resolved);
      expect(requestFromWire(requestToWire({ start: { x: 1, y: 2, heading: 3 }, goal: { x: 4, y: 5 }, profile: resolved, goalHeading: 1, nearest: true })).profile).toEqual(resolved);
    }
  });

  it('a malformed request is refused with an error naming the field', () => {
    const wire = requestToWire({ start: { x: 1, y: 2, heading: 3 }, goal: { x: 4, y: 5 }, profile: resolveProfile({ speed: 1, turningRadius: 1 }) });
    expect(() => requestFromWire({ ...wire, start: { x: 1, y: 2 } as never })).toThrow(/start\.heading/);
    expect(() => requestFromWire({ ...wire, planner: 3 as never })).toThrow(/planner/);
    expect(() => requestFromWire({ ...wire, profile: { turningRadius: -1 } })).toThrow(/turningRadius/);
    // Values with no plain string are named by their type, never echoed (a symbol in a template throws).
    expect(() => requestFromWire({ ...wire, goal: { x: Symbol('x') as never, y: 1 } })).toThrow(new TypeError('request.goal.x must be a number, got a value of type symbol'));
    expect(() => requestFromWire({ ...wire, tolerance: '5\n' as never })).toThrow(new TypeError('request.tolerance must be a number, got the string "5\\n"'));
    expect(() => requestFromWire({ ...wire, goalHeading: 5n as never })).toThrow(/goalHeading must be a number, got the bigint 5n/);
    expect(() => requestFromWire(null as never)).toThrow(/request must be an object, got null/);
  });

  it('a route crosses back with the same path, segment for segment', () => {
    const grid = Grid.fromAscii(['..........', '..........', '....@@....', '....@@....', '..........', '..........', '..........', '..........']);
    const profile = resolveProfile({ speed: 3, turningRadius: 1.5, width: 0.6, reverse: true });
    const rng = makeRng(1703);
    let found = 0;
    for (let i = 0; i < 30; i++) {
      const route = planHere(grid, { start: { x: 0.5 + rng.int(10), y: 0.5 + rng.int(8), heading: rng.next() * 6 - 3 }, goal: { x: 0.5 + rng.int(10), y: 0.5 + rng.int(8) }, profile });
      if (route.status === 'found') found++;
      const back = routeFromWire(structuredClone(routeToWire(route)));
      expect(routeFacts(back)).toEqual(routeFacts(route));
      expect(back.path?.length).toBe(route.path?.length);
    }
    expect(found).toBeGreaterThan(5);
  });
});
