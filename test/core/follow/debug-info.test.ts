import { describe, expect, it } from 'vitest';
import { Grid, Navigator, type Pose } from '../../../src/core.js';

const DT = 1 / 60;

function setup(rows: string[]): { grid: Grid; nav: Navigator<Pose> } {
  const grid = Grid.fromAscii(rows);
  // A budget in expansions only, large enough for every order of a frame: no clock decides what finishes.
  const nav = new Navigator(grid, { read: (u: Pose) => ({ ...u }), write: (u, p) => Object.assign(u, p) }, { budget: { expansions: 1e9 } });
  return { grid, nav };
}

describe('Navigator.debugInfo', () => {
  it('reports units, the plan queue and the last finished search, counting searches only when they finish', () => {
    const { nav } = setup(['........', '..@@@...', '........']);
    const a: Pose = { x: 0.5, y: 0.5, heading: 0 };
    const b: Pose = { x: 0.5, y: 2.5, heading: 0 };
    nav.addUnit(a, { speed: 4, width: 0.5 });
    const c: Pose = { x: 7.5, y: 2.5, heading: 0 };
    nav.addUnit(b, { speed: 4 });
    nav.addUnit(c, { speed: 4, width: 0.3, length: 0.4 });
    const before = nav.debugInfo();
    expect(before.lastSearch).toBeUndefined();
    expect(before.queued).toBe(0);
    expect(before.units.map((u) => [u.unit, u.footprint, u.width, u.length, u.path, u.distance])).toEqual([
      [a, 'disc', 0.5, 0.5, undefined, 0],
      [b, 'point', 0, 0, undefined, 0],
      [c, 'rectangle', 0.3, 0.4, undefined, 0],
    ]);
    nav.moveTo(a, { x: 7.5, y: 0.5 }, { planner: 'astar' });
    nav.moveTo(b, { x: 7.5, y: 0.5 }, { planner: 'theta' });
    expect(nav.debugInfo().queued).toBe(2);
    // Making a planner is not a search.
    nav.routes.planner('anya');
    expect(nav.debugInfo().lastSearch).toBeUndefined();
    nav.update(DT);
    const after = nav.debugInfo();
    expect(after.queued).toBe(0);
    expect(after.lastSearch?.planner).toBe('theta');
    expect(after.lastSearch?.searches).toBe(2);
    // Theta* closes corners of the map, among them the start's entry corners around (0.5, 2.5).
    const expanded = after.lastSearch!.expanded;
    expect(expanded.length).toBeGreaterThan(0);
    expect(expanded.every((p) => Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.x <= 8 && p.y >= 0 && p.y <= 3)).toBe(true);
    expect(expanded).toContainEqual({ x: 1, y: 2 });
    const driving = after.units.find((u) => u.unit === a)!;
    expect(driving.path?.length).toBeGreaterThan(6);
    nav.update(DT);
    // Full speed at once (no acceleration given): 4 tiles a second.
    expect(nav.debugInfo().units.find((u) => u.unit === a)!.distance - driving.distance).toBeCloseTo(4 * DT, 9);
  });

  it('shows the directional planner\'s search too, and leaves the points out when not asked', () => {
    const { nav } = setup(Array.from({ length: 12 }, () => '....................'));
    const car: Pose = { x: 2.5, y: 2.5, heading: 0 };
    nav.addUnit(car, { speed: 4, width: 0.8, turningRadius: 2 });
    nav.moveTo(car, { x: 15.5, y: 9.5 });
    for (let i = 0; i < 200 && nav.debugInfo({ expanded: false }).lastSearch === undefined; i++) nav.update(DT);
    const lean = nav.debugInfo({ expanded: false }).lastSearch!;
    expect(lean.planner).toBe('directional-hybrid');
    expect(lean.expanded).toEqual([]);
    const full = nav.debugInfo().lastSearch!;
    expect(full.searches).toBe(lean.searches);
    // The search starts at the unit's cell.
    expect(full.expanded).toContainEqual({ x: 2.5, y: 2.5 });
  });
});
