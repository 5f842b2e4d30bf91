/** ChangeBox: the box of a grid's changes since it was last taken (hand-worked cases). */
import { describe, expect, it } from 'vitest';
import { ChangeBox, growArea, unionArea } from '../../../src/grid/change-box.js';
import { Grid } from '../../../src/grid/grid.js';

describe('ChangeBox', () => {
  it('holds the smallest box around every change since it was taken, then forgets them', () => {
    const grid = new Grid(10, 8);
    const box = new ChangeBox(grid, 'layout');
    expect(box.take()).toBeNull();
    grid.setBlocked(3, 4, true);
    grid.setBlocked(6, 2, true);
    grid.fill(1, 6, 2, 2, () => true);
    expect(box.take()).toEqual({ x: 1, y: 2, width: 6, height: 6 });
    expect(box.empty).toBe(true);
    expect(box.take()).toBeNull();
    // A change that changes nothing reports nothing.
    grid.setBlocked(3, 4, true);
    expect(box.take()).toBeNull();
  });

  it("collects blocking alone ('layout') or costs too ('any')", () => {
    const grid = new Grid(6, 6);
    const layout = new ChangeBox(grid, 'layout');
    const any = new ChangeBox(grid, 'any');
    grid.setCost(2, 3, 4);
    expect(layout.take()).toBeNull();
    expect(any.take()).toEqual({ x: 2, y: 3, width: 1, height: 1 });
    grid.setBlocked(5, 0, true);
    expect(layout.take()).toEqual({ x: 5, y: 0, width: 1, height: 1 });
    expect(any.take()).toEqual({ x: 5, y: 0, width: 1, height: 1 });
  });

  it('grows, clips and joins areas', () => {
    expect(growArea({ x: 1, y: 5, width: 2, height: 1 }, 2, 8, 7)).toEqual({ x: 0, y: 3, width: 5, height: 4 });
    expect(growArea({ x: 9, y: 0, width: 1, height: 1 }, 0, 8, 7)).toBeNull();
    expect(unionArea({ x: 1, y: 1, width: 1, height: 1 }, { x: 4, y: 0, width: 2, height: 1 })).toEqual({ x: 1, y: 0, width: 5, height: 2 });
    expect(unionArea(null, { x: 4, y: 0, width: 2, height: 1 })).toEqual({ x: 4, y: 0, width: 2, height: 1 });
  });
});
