import { describe, expect, it } from 'vitest';
import { WallDistanceMap } from '../../../src/curves/footprint.js';
import { componentsOf } from '../../../src/grid/components.js';
import { Grid, type GridArea } from '../../../src/grid/grid.js';
import { VisibilityGraph } from '../../../src/anyangle/visibility-graph.js';
import { brutePathLegal } from '../../support/brute-los.js';

/** Chebyshev distance of cell (x, y) to the nearest blocked or outside cell, by brute force. */
function bruteWallDistance(grid: Grid, x: number, y: number): number {
  if (grid.isBlocked(x, y)) return 0;
  let best = Math.min(x + 1, y + 1, grid.width - x, grid.height - y);
  for (let by = 0; by < grid.height; by++) {
    for (let bx = 0; bx < grid.width; bx++) if (grid.isBlocked(bx, by)) best = Math.min(best, Math.max(Math.abs(bx - x), Math.abs(by - y)));
  }
  return best;
}

describe('Grid.layoutVersion: changes of blocking, apart from cost edits', () => {
  it('steps with setBlocked and fill, not with setCost or fillCosts; version steps with all four', () => {
    const grid = new Grid(6, 4);
    grid.setCost(1, 1, 3);
    expect([grid.version, grid.layoutVersion]).toEqual([1, 0]);
    grid.fillCosts(0, 0, 6, 4, () => 2);
    expect([grid.version, grid.layoutVersion]).toEqual([2, 0]);
    grid.setBlocked(2, 2, true);
    expect([grid.version, grid.layoutVersion]).toEqual([3, 1]);
    grid.fill(0, 0, 3, 1, () => true);
    expect([grid.version, grid.layoutVersion]).toEqual([4, 2]);
    // Edits that change nothing step neither.
    grid.setBlocked(2, 2, true).setCost(1, 1, 2).fill(0, 0, 3, 1, () => true).fillCosts(0, 0, 6, 4, () => 2);
    expect([grid.version, grid.layoutVersion]).toEqual([4, 2]);
    // A predicate that throws leaves both as they were.
    expect(() => grid.fill(0, 0, 6, 4, () => { throw new Error('no'); })).toThrow('no');
    expect([grid.version, grid.layoutVersion]).toEqual([4, 2]);
  });

  it('watchLayout hears changes of blocking only, before the listeners; watch hears every change', () => {
    const grid = new Grid(5, 5);
    const heard: string[] = [];
    const layoutAreas: GridArea[] = [];
    grid.onChange(() => heard.push('listener'));
    const stop = grid.watchLayout((area) => {
      heard.push('layout');
      layoutAreas.push(area);
    });
    grid.watch(() => heard.push('watch'));
    grid.setCost(1, 1, 4);
    expect(heard).toEqual(['watch', 'listener']);
    heard.length = 0;
    grid.setBlocked(3, 2, true);
    expect(heard).toEqual(['layout', 'watch', 'listener']);
    grid.fill(0, 4, 2, 1, () => true);
    expect(layoutAreas).toEqual([
      { x: 3, y: 2, width: 1, height: 1 },
      { x: 0, y: 4, width: 2, height: 1 },
    ]);
    heard.length = 0;
    stop();
    grid.setBlocked(3, 2, false);
    expect(heard).toEqual(['watch', 'listener']);
  });

  it('a layout watcher that throws stops no other, and its error reaches the caller after the change', () => {
    const grid = new Grid(3, 3);
    let watched = 0;
    grid.watchLayout(() => {
      throw new Error('layout watcher');
    });
    grid.watch(() => watched++);
    expect(() => grid.setBlocked(1, 1, true)).toThrow('layout watcher');
    expect(grid.isBlocked(1, 1)).toBe(true);
    expect(watched).toBe(1);
  });
});

describe('caches keyed on the layout: kept through cost edits, rebuilt after blocking changes', () => {
  it('the region table stays fresh through cost edits and splits when a wall cuts a corridor', () => {
    const grid = Grid.fromAscii(['.......', '@@@.@@@', '.......']);
    const table = componentsOf(grid);
    expect(table.connected(0.5, 0.5, 0.5, 2.5)).toBe(true);
    grid.setCost(3, 1, 5);
    grid.fillCosts(0, 0, 7, 1, () => 2);
    expect(table.fresh).toBe(true);
    grid.setBlocked(3, 1, true);
    expect(table.fresh).toBe(false);
    expect(table.connected(0.5, 0.5, 0.5, 2.5)).toBe(false);
    grid.setCost(0, 0, 3);
    grid.setBlocked(3, 1, false);
    expect(table.connected(0.5, 0.5, 0.5, 2.5)).toBe(true);
  });

  it('the wall-distance map stays fresh through cost edits and matches brute force after blocking changes', () => {
    const grid = Grid.fromAscii(['..........', '..........', '..........', '..........', '..........', '..........']);
    const map = new WallDistanceMap(grid).refresh();
    grid.setCost(4, 3, 7);
    expect(map.fresh).toBe(true);
    grid.setBlocked(4, 3, true);
    expect(map.fresh).toBe(false);
    map.refresh();
    grid.fillCosts(0, 0, 10, 6, () => 2);
    expect(map.fresh).toBe(true);
    for (let y = 0; y < grid.height; y++) {
      for (let x = 0; x < grid.width; x++) expect(map.at(x, y), `cell (${x}, ${y})`).toBe(bruteWallDistance(grid, x, y));
    }
  });

  it('the visibility graph lists the corners of a wall put up between two queries', () => {
    const grid = new Grid(9, 7);
    const vg = new VisibilityGraph(grid);
    expect(vg.findPath(1, 3, 8, 3).points).toHaveLength(2);
    // A wall across the straight line: only the new wall's corners lead round it.
    grid.fill(4, 1, 1, 6, () => true);
    const r = vg.findPath(1, 3, 8, 3);
    expect(r.status).toBe('found');
    expect(brutePathLegal(grid, r.points)).toBe(true);
    expect(r.points.some((p) => p.x === 4 || p.x === 5)).toBe(true);
  });
});
