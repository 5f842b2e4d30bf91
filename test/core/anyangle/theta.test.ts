import { describe, expect, it } from 'vitest';
import { LazyThetaStar } from '../../../src/anyangle/lazy-theta-star.js';
import { ThetaStar } from '../../../src/anyangle/theta-star.js';
import { Grid } from '../../../src/grid/grid.js';
import { AStar } from '../../../src/search/astar.js';
import { brutePathLegal } from '../../support/brute-los.js';

const pts = (...xy: number[]): { x: number; y: number }[] => xy.flatMap((v, i) => (i % 2 === 0 ? [{ x: v, y: xy[i + 1]! }] : []));

describe.each([
  ['Theta*', ThetaStar],
  ['Lazy Theta*', LazyThetaStar],
] as const)('%s: hand-worked cases', (_, Planner) => {
  it('goes straight across open ground, on 8 and on 4 neighbours', () => {
    const g = new Grid(8, 4);
    for (const connectivity of [8, 4] as const) {
      const r = new Planner(g, { connectivity }).findPath(0, 0, 7, 3);
      expect(r.points).toEqual(pts(0, 0, 7, 3));
      expect(r.length).toBeCloseTo(Math.hypot(7, 3), 12);
    }
  });

  it('bends once, at the corner of a block, where A* needs more', () => {
    const g = Grid.fromAscii(['.....', '.....', '..@..', '.....', '.....']);
    const r = new Planner(g).findPath(0, 0, 5, 5);
    // By symmetry either corner (3,2) or (2,3): two legs of length √13.
    expect(r.points.length).toBe(3);
    expect([pts(0, 0, 3, 2, 5, 5), pts(0, 0, 2, 3, 5, 5)]).toContainEqual(r.points);
    expect(r.length).toBeCloseTo(2 * Math.sqrt(13), 12);
    expect(new AStar(g).findPath(0, 0, 5, 5).length).toBeCloseTo(4 * Math.SQRT2 + 2, 12);
  });

  it('never squeezes through a double corner', () => {
    // Corner (2,2) touches blocked (1,1) and (2,2): the straight line (1,3)-(3,1) crosses it.
    const g = Grid.fromAscii(['....', '.@..', '..@.', '....']);
    const r = new Planner(g).findPath(1, 3, 3, 1);
    expect(r.status).toBe('found');
    expect(brutePathLegal(g, r.points)).toBe(true);
    expect(r.length).toBeGreaterThan(Math.hypot(2, 2) + 0.1);
  });

  it('starts and ends at exact real points, straight when they see each other', () => {
    const g = Grid.fromAscii(['.....', '.@@@.', '.....']);
    expect(new Planner(g).findPath(0.5, 0.5, 4.25, 0.75).points).toEqual(pts(0.5, 0.5, 4.25, 0.75));
    const around = new Planner(g).findPath(0.5, 0.5, 3.5, 2.5);
    expect(around.points[0]).toEqual({ x: 0.5, y: 0.5 });
    expect(around.points.at(-1)).toEqual({ x: 3.5, y: 2.5 });
    expect(brutePathLegal(g, around.points)).toBe(true);
    // Past the wall's left end, corner (1,2): √0.5 + the leg from (1,2).
    expect(around.length).toBeCloseTo(Math.hypot(0.5, 1.5) + Math.hypot(2.5, 0.5), 12);
  });

  it('with the cell lattice, joins the centres of the start and goal cells by an any-angle path', () => {
    const g = Grid.fromAscii(['....', '....', '....']);
    const r = new Planner(g, { lattice: 'cell' }).findPath(0.2, 0.7, 3.9, 2.1);
    expect(r.points).toEqual(pts(0.5, 0.5, 3.5, 2.5));
    // The far borders belong to the last cells, as on the cell lattice.
    expect(new Planner(g, { lattice: 'cell' }).findPath(4, 3, 0, 0).points).toEqual(pts(3.5, 2.5, 0.5, 0.5));
  });

  it('rejects an unknown lattice', () => {
    expect(() => new Planner(new Grid(2, 2), { lattice: 'hex' as 'cell' })).toThrow(RangeError);
  });
});

describe('length bounds', () => {
  it('Lazy Theta* can end a little longer than A* (3 in ~48,000 random queries); Theta* cannot', () => {
    // A node whose assumed parent turns out hidden falls back to its best expanded neighbour, which
    // need not lie on a shortest lattice path. Theta* keeps every lattice move as a fallback when
    // it is relaxed, so with a straight-line heuristic it is never longer than A*.
    const g = Grid.fromAscii(['......@.', '...@....', '....@.@.', '@.......']);
    const astar = new AStar(g).findPath(8, 1, 3, 2);
    expect(astar.length).toBe(6);
    const lazy = new LazyThetaStar(g).findPath(8, 1, 3, 2);
    expect(lazy.length).toBeGreaterThan(astar.length + 0.05);
    expect(lazy.length).toBeLessThan(astar.length * 1.02);
    expect(brutePathLegal(g, lazy.points)).toBe(true);
    expect(new ThetaStar(g).findPath(8, 1, 3, 2).length).toBeLessThanOrEqual(astar.length + 1e-9);
  });
});
