import { describe, expect, it } from 'vitest';
import { VisibilityGraph } from '../../../src/anyangle/visibility-graph.js';
import { Grid } from '../../../src/grid/grid.js';
import { createPlanner } from '../../../src/planners.js';
import { brutePathLegal } from '../../support/brute-los.js';

const SQRT5 = Math.sqrt(5);

describe('visibility graph: hand-worked optima', () => {
  it('goes straight across open ground, between any points', () => {
    const g = Grid.fromAscii(['....', '....', '....']);
    const vg = new VisibilityGraph(g);
    expect(vg.findPath(0, 0, 4, 3).length).toBeCloseTo(5, 12);
    expect(vg.findPath(0.25, 0.5, 3.75, 2.5).points).toEqual([
      { x: 0.25, y: 0.5 },
      { x: 3.75, y: 2.5 },
    ]);
  });

  it('bends at a convex corner of the blocked cell in the way', () => {
    // (0,0) to (3,3) through the blocked centre cell: round it at (2,1) or (1,2), 2·sqrt(5).
    const g = Grid.fromAscii(['...', '.@.', '...']);
    const r = new VisibilityGraph(g).findPath(0, 0, 3, 3);
    expect(r.length).toBeCloseTo(2 * SQRT5, 12);
    expect(r.points).toHaveLength(3);
    expect([
      [2, 1],
      [1, 2],
    ]).toContainEqual([r.points[1]!.x, r.points[1]!.y]);
  });

  it('never crosses a double corner from one free side to the other', () => {
    // Corner (1,1) is a double corner (cells (0,0) and (1,1) blocked). The straight line from
    // (0,2) to (2,0) passes through it; touching it and turning would cross sides. The way
    // round is (0,2) -> (2,2) -> (2,0), length 4.
    const g = Grid.fromAscii(['@..', '.@.', '...']);
    const r = new VisibilityGraph(g).findPath(0, 2, 2, 0);
    expect(r.length).toBeCloseTo(4, 12);
    expect(r.points.some((p) => p.x === 1 && p.y === 1)).toBe(false);
    expect(brutePathLegal(g, r.points)).toBe(true);
  });

  it('lets a path start or end on a double corner, on either side', () => {
    const g = Grid.fromAscii(['@..', '.@.', '...']);
    const vg = new VisibilityGraph(g);
    expect(vg.findPath(1, 1, 0, 2).length).toBeCloseTo(Math.SQRT2, 12);
    expect(vg.findPath(1, 1, 2, 0).length).toBeCloseTo(Math.SQRT2, 12);
    expect(vg.findPath(0, 2, 1, 1).length).toBeCloseTo(Math.SQRT2, 12);
    expect(vg.findPath(1, 1, 0.5, 2).length).toBeCloseTo(Math.hypot(0.5, 1), 12);
    // From inside the upper free cell to the lower one: round the blocked centre cell by its
    // corners (2,1), (2,2) and (1,2), never through (1,1).
    expect(vg.findPath(1.5, 0.5, 0.5, 1.5).length).toBeCloseTo(2 + Math.SQRT2, 12);
  });

  it('runs along one-wide corridors and the map border', () => {
    const g = Grid.fromAscii(['@@@@@', '.....', '@@@@@']);
    const vg = new VisibilityGraph(g);
    expect(vg.findPath(0, 1, 5, 2).length).toBeCloseTo(Math.hypot(5, 1), 12);
    expect(vg.findPath(0, 1.5, 5, 1.5).length).toBeCloseTo(5, 12);
    const open = Grid.fromAscii(['...', '...']);
    expect(new VisibilityGraph(open).findPath(0, 0, 3, 0).length).toBe(3);
  });

  it('answers the statuses of the other planners', () => {
    const g = Grid.fromAscii(['.@.', '.@.']);
    const vg = new VisibilityGraph(g);
    expect(vg.findPath(0.5, 0.5, 2.5, 0.5).status).toBe('no-path');
    expect(vg.findPath(1.5, 0.5, 0, 0).status).toBe('start-blocked');
    expect(vg.findPath(0, 0, 1.5, 1).status).toBe('goal-blocked');
    expect(vg.findPath(-1, 0, 0, 0).status).toBe('out-of-bounds');
    expect(vg.findPath(Number.NaN, 0, 0, 0).status).toBe('invalid');
    expect(vg.findPath(0.5, 1, 0.5, 1)).toEqual({ status: 'found', points: [{ x: 0.5, y: 1 }], length: 0, expanded: 0 });
  });

  it('is registered as vg, corner semantics only', () => {
    const g = Grid.fromAscii(['..', '..']);
    expect(createPlanner('vg', g).name).toBe('vg');
    expect(() => createPlanner('vg', g, { lattice: 'cell' })).toThrow(RangeError);
  });

  it('bounds the search by a length: nothing shorter, no path', () => {
    const g = Grid.fromAscii(['...', '.@.', '...']);
    const vg = new VisibilityGraph(g);
    expect(vg.solve(0, 0, 3, 3, 2 * SQRT5 + 1e-9).length).toBeCloseTo(2 * SQRT5, 12);
    expect(vg.solve(0, 0, 3, 3, 2 * SQRT5 - 1e-6).status).toBe('no-path');
  });
});
