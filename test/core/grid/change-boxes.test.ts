/** ChangeBoxes: the boxes of a grid's changes since they were last taken (hand-worked cases). */
import { describe, expect, it } from 'vitest';
import { ChangeBoxes, growArea, MAX_CHANGE_BOXES, unionArea } from '../../../src/grid/change-boxes.js';
import { Grid } from '../../../src/grid/grid.js';

describe('ChangeBoxes', () => {
  it('merges changes that touch, keeps apart those that do not, then forgets them when taken', () => {
    const grid = new Grid(20, 12);
    const boxes = new ChangeBoxes(grid, 'layout');
    expect(boxes.take()).toEqual([]);
    grid.setBlocked(3, 4, true);
    grid.setBlocked(4, 5, true); // touches (3, 4) at a corner
    grid.setBlocked(15, 2, true);
    grid.fill(6, 6, 2, 2, () => true); // touches the box (3..4, 4..5)? no: column 5 lies between
    expect(boxes.take()).toEqual([
      { x: 3, y: 4, width: 2, height: 2 },
      { x: 15, y: 2, width: 1, height: 1 },
      { x: 6, y: 6, width: 2, height: 2 },
    ]);
    expect(boxes.empty).toBe(true);
    // A change that changes nothing reports nothing.
    grid.setBlocked(3, 4, true);
    expect(boxes.take()).toEqual([]);
  });

  it('a box that grows into others merges them all', () => {
    const boxes = new ChangeBoxes();
    boxes.add({ x: 0, y: 0, width: 1, height: 1 });
    boxes.add({ x: 4, y: 0, width: 1, height: 1 });
    boxes.add({ x: 8, y: 0, width: 1, height: 1 });
    boxes.add({ x: 1, y: 0, width: 7, height: 1 });
    expect(boxes.take()).toEqual([{ x: 0, y: 0, width: 9, height: 1 }]);
  });

  it(`keeps at most ${MAX_CHANGE_BOXES} boxes, merging a new box over the limit with the one that grows least`, () => {
    const boxes = new ChangeBoxes();
    for (let i = 0; i < MAX_CHANGE_BOXES; i++) boxes.add({ x: 10 * i, y: 0, width: 1, height: 1 });
    boxes.add({ x: 2, y: 1, width: 1, height: 1 }); // nearest to (0, 0): their joint box adds 4 cells
    const taken = boxes.take();
    expect(taken).toHaveLength(MAX_CHANGE_BOXES);
    expect(taken).toContainEqual({ x: 0, y: 0, width: 3, height: 2 });
    expect(taken.reduce((n, b) => n + b.width * b.height, 0)).toBe(6 + MAX_CHANGE_BOXES - 1);
  });

  it("collects blocking alone ('layout') or costs too ('any')", () => {
    const grid = new Grid(6, 6);
    const layout = new ChangeBoxes(grid, 'layout');
    const any = new ChangeBoxes(grid, 'any');
    grid.setCost(2, 3, 4);
    expect(layout.take()).toEqual([]);
    expect(any.take()).toEqual([{ x: 2, y: 3, width: 1, height: 1 }]);
    grid.setBlocked(5, 0, true);
    expect(layout.take()).toEqual([{ x: 5, y: 0, width: 1, height: 1 }]);
    expect(any.take()).toEqual([{ x: 5, y: 0, width: 1, height: 1 }]);
  });

  it('first and drop walk the boxes without taking them', () => {
    const boxes = new ChangeBoxes();
    boxes.add({ x: 0, y: 0, width: 1, height: 1 });
    boxes.add({ x: 5, y: 5, width: 1, height: 1 });
    const first = boxes.first()!;
    expect(first).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    boxes.drop(first);
    boxes.drop(first);
    expect(boxes.take()).toEqual([{ x: 5, y: 5, width: 1, height: 1 }]);
  });

  it('grows, clips and joins areas', () => {
    expect(growArea({ x: 1, y: 5, width: 2, height: 1 }, 2, 8, 7)).toEqual({ x: 0, y: 3, width: 5, height: 4 });
    expect(growArea({ x: 9, y: 0, width: 1, height: 1 }, 0, 8, 7)).toBeNull();
    expect(unionArea({ x: 1, y: 1, width: 1, height: 1 }, { x: 4, y: 0, width: 2, height: 1 })).toEqual({ x: 1, y: 0, width: 5, height: 2 });
    expect(unionArea(null, { x: 4, y: 0, width: 2, height: 1 })).toEqual({ x: 4, y: 0, width: 2, height: 1 });
  });
});
