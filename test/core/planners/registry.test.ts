import { describe, expect, it } from 'vitest';
import {
  Anya,
  createCurvePlanner,
  createPlanner,
  DirectionalPlanner,
  Grid,
  plannerEntries,
  plannerEntry,
  plannerNames,
  registerPlanner,
  unitPlannerNames,
  type PlannerEntry,
} from '../../../src/core.js';
import { RouteContext } from '../../../src/follow/route-context.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { STRAIGHT_LINE_ENTRY } from '../../support/straight-line-planner.js';

const open = (w: number, h: number): Grid => Grid.fromAscii(Array.from({ length: h }, () => '.'.repeat(w)));

describe('the planner registry', () => {
  it('knows the built-in planners by kind, with the reference planner closed to units', () => {
    expect(plannerNames()).toEqual(['astar', 'anya', 'vg', 'astar-ps', 'jps', 'jps-ps', 'theta', 'lazy-theta']);
    expect(plannerNames('curve')).toEqual(['directional', 'directional-hybrid']);
    expect(unitPlannerNames()).not.toContain('vg');
    expect(plannerEntry('vg')!.traits.forUnits).toBe(false);
    expect(plannerEntry('anya')!.traits.lattices).toEqual(['corner']);
    expect(plannerEntry('theta')!.traits.lattices).toEqual(['corner', 'cell']);
    expect(plannerEntry('directional')!.traits.reversing).toBe(true);
    expect(plannerEntries().filter((e) => e.traits.tileCosts).map((e) => e.name)).toEqual(['astar', 'theta', 'lazy-theta', 'directional', 'directional-hybrid']);
    expect(plannerEntry('nothing')).toBeUndefined();
  });

  it('makes each polyline planner through createPlanner and refuses a curve planner there by name', () => {
    const grid = open(6, 4);
    for (const name of plannerNames()) expect(createPlanner(name, grid).findPath(0, 0, 6, 4).status, name).toBe('found');
    expect(() => createPlanner('directional', grid)).toThrow(RangeError);
    expect(() => createPlanner('directional', grid)).toThrow(/"directional" is a curve planner.*createCurvePlanner/);
    expect(() => createPlanner('nothing', grid)).toThrow(/unknown planner "nothing"; known: astar, anya/);
  });

  it('makes curve planners by name for a profile; the hybrid entry plans in hybrid mode', () => {
    // A wall across the middle with a gap at the bottom: no shot reaches the goal from the start.
    const grid = Grid.fromAscii(Array.from({ length: 12 }, (_, y) => (y < 8 ? '.........@@.........' : '....................')));
    const profile = { turningRadius: 2, width: 0.8 };
    const start = { x: 2.5, y: 2.5, heading: 0 };
    const goal = { x: 16.5, y: 2.5 };
    const full = createCurvePlanner('directional', grid, profile).findPath(start, goal);
    const hybrid = createCurvePlanner('directional-hybrid', grid, profile).findPath(start, goal);
    const direct = new DirectionalPlanner(grid, profile);
    const directFull = direct.findPath(start, goal);
    const directHybrid = direct.findPath(start, goal, { mode: 'hybrid' });
    // The modes search differently here, so the hybrid entry's answer tells which mode ran.
    expect(directHybrid.expanded).not.toBe(directFull.expanded);
    expect([full.status, hybrid.status]).toEqual(['found', 'found']);
    expect([full.expanded, hybrid.expanded]).toEqual([directFull.expanded, directHybrid.expanded]);
    expect(JSON.stringify(full.segments.toJSON())).toBe(JSON.stringify(directFull.segments.toJSON()));
    expect(JSON.stringify(hybrid.segments.toJSON())).toBe(JSON.stringify(directHybrid.segments.toJSON()));
    expect(() => createCurvePlanner('astar', grid, profile)).toThrow(/"astar" is a polyline planner/);
    expect(() => createCurvePlanner('nothing', grid, profile)).toThrow(RangeError);
    expect(() => createCurvePlanner('directional', grid, { turningRadius: -1, width: 0.8 })).toThrow(/turningRadius/);
  });

  it('builds one directional planner per profile for both directional entries', () => {
    const ctx = new RouteContext(open(20, 12));
    const profile = resolveProfile({ turningRadius: 2, width: 0.8 });
    const full = ctx.curvePlanner(plannerEntry('directional') as never, profile);
    expect(ctx.curvePlanner(plannerEntry('directional-hybrid') as never, profile)).toBe(full);
    expect(ctx.curvePlanner(plannerEntry('directional') as never, resolveProfile({ turningRadius: 3, width: 0.8 }))).not.toBe(full);
  });

  it('adds a planner from outside, and refuses a duplicate or malformed entry with a typed error naming it', () => {
    registerPlanner(STRAIGHT_LINE_ENTRY);
    expect(plannerNames()).toContain('toy');
    expect(createPlanner('toy', open(4, 4)).findPath(0.5, 0.5, 3.5, 2.5).points).toEqual([
      { x: 0.5, y: 0.5 },
      { x: 3.5, y: 2.5 },
    ]);
    expect(() => registerPlanner(STRAIGHT_LINE_ENTRY)).toThrow(/"toy" is already registered/);
    expect(() => registerPlanner({ ...STRAIGHT_LINE_ENTRY, name: 'astar' })).toThrow(RangeError);
    const bad = (patch: Record<string, unknown>): PlannerEntry => ({ ...STRAIGHT_LINE_ENTRY, name: 'toy-2', ...patch }) as PlannerEntry;
    const traits = STRAIGHT_LINE_ENTRY.traits;
    for (const [entry, error, pattern] of [
      [null, TypeError, /must be an object, got null/],
      [bad({ name: 'Toy Planner' }), RangeError, /"Toy Planner"/],
      [bad({ name: 7 }), TypeError, /name must be a string, got 7/],
      [bad({ kind: 'mesh' }), RangeError, /kind must be 'polyline' or 'curve', got mesh/],
      [bad({ create: 'new Toy' }), TypeError, /create must be a function/],
      [bad({ traits: undefined }), TypeError, /traits must be an object/],
      [bad({ traits: { ...traits, lattices: ['hex'] } }), RangeError, /traits.lattices may hold corner, cell, got hex/],
      [bad({ traits: { ...traits, connectivity: [6] } }), RangeError, /traits.connectivity may hold 4, 8, got 6/],
      [bad({ traits: { ...traits, forUnits: 'yes' } }), TypeError, /traits.forUnits must be a boolean/],
      [bad({ kind: 'curve', query: 3 }), TypeError, /query must be an object/],
    ] as const) {
      expect(() => registerPlanner(entry as unknown as PlannerEntry)).toThrow(error);
      expect(() => registerPlanner(entry as unknown as PlannerEntry)).toThrow(pattern);
    }
    expect(plannerEntry('toy-2')).toBeUndefined();
  });
});

describe('expandedPoints', () => {
  it('a lattice planner gives the nodes its last search closed: the cells of a corridor, hand-worked', () => {
    const astar = createPlanner('astar', Grid.fromAscii(['.....']), { lattice: 'cell' });
    expect(astar.expandedPoints()).toEqual([]);
    expect(astar.findPath(0.5, 0.5, 4.5, 0.5).status).toBe('found');
    expect(astar.expandedPoints()).toEqual([0.5, 1.5, 2.5, 3.5, 4.5].map((x) => ({ x, y: 0.5 })));
    // The next search replaces them.
    expect(astar.findPath(2.5, 0.5, 3.5, 0.5).status).toBe('found');
    expect(astar.expandedPoints()).toEqual([2.5, 3.5].map((x) => ({ x, y: 0.5 })));
  });

  it('Anya, whose nodes are intervals, gives none', () => {
    const anya = new Anya(open(5, 3));
    anya.findPath(0, 0, 5, 3);
    expect(anya.expandedPoints()).toEqual([]);
  });
});
