import { describe, expect, it } from 'vitest';
import { Grid, MAX_TILE_COST, type GridArea } from '../../../src/grid/grid.js';

function rangeMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RangeError);
    return (e as Error).message;
  }
  throw new Error('expected a RangeError, nothing was thrown');
}

describe('Grid tile costs', () => {
  it('a new grid is uniform: cost 1 everywhere, not weighted, no cost array', () => {
    const g = new Grid(4, 3);
    expect(g.weighted).toBe(false);
    expect(g.costs).toBeNull();
    for (let y = 0; y < 3; y++) for (let x = 0; x < 4; x++) expect(g.cost(x, y)).toBe(1);
  });

  it('cost floors fractional indices like isBlocked and answers 1 outside the map', () => {
    const g = new Grid(3, 3).setCost(1, 2, 7);
    expect(g.cost(1, 2)).toBe(7);
    expect(g.cost(1.9, 2.5)).toBe(7);
    expect(g.cost(2, 2)).toBe(1);
    expect(g.cost(-1, 0)).toBe(1);
    expect(g.cost(3, 0)).toBe(1);
    expect(g.cost(0, 3)).toBe(1);
    expect(g.cost(NaN, 1)).toBe(1);
    expect(g.costs![2 * 3 + 1]).toBe(7);
  });

  it('takes costs up to MAX_TILE_COST, where a long path\'s sum stays far from Infinity', () => {
    const g = new Grid(3, 3);
    expect(g.setCost(1, 1, MAX_TILE_COST).cost(1, 1)).toBe(MAX_TILE_COST);
    expect(() => g.setCost(1, 1, MAX_TILE_COST * 2)).toThrow(RangeError);
  });

  it('setCost refuses non-integer cells and costs that are not finite numbers >= 1, naming the value', () => {
    const g = new Grid(3, 3);
    expect(rangeMessage(() => g.setCost(0.5, 0, 2))).toContain('(0.5, 0)');
    expect(rangeMessage(() => g.setCost(0, NaN, 2))).toContain('NaN');
    expect(rangeMessage(() => g.setCost(1, 1, 0.5))).toContain('0.5');
    expect(rangeMessage(() => g.setCost(1, 1, NaN))).toContain('NaN');
    expect(rangeMessage(() => g.setCost(1, 1, Infinity))).toContain('Infinity');
    expect(rangeMessage(() => g.setCost(1, 1, -3))).toContain('-3');
    expect(rangeMessage(() => g.setCost(1, 1, 1e300))).toContain('1e+300');
    expect(rangeMessage(() => g.setCost(1, 1, '2' as unknown as number))).toContain('string');
    // A bad cost is refused even outside the map, where a good one is ignored.
    expect(() => g.setCost(9, 9, 0)).toThrow(RangeError);
    expect(g.version).toBe(0);
    expect(g.weighted).toBe(false);
    expect(g.costs).toBeNull();
  });

  it('setCost outside the map and setting the same cost change nothing', () => {
    const g = new Grid(3, 3);
    const areas: GridArea[] = [];
    g.onChange((a) => areas.push(a));
    g.setCost(5, 0, 3).setCost(-1, 0, 3).setCost(0, 0, 1);
    expect(g.version).toBe(0);
    expect(g.costs).toBeNull();
    g.setCost(0, 0, 3);
    g.setCost(0, 0, 3);
    expect(g.version).toBe(1);
    expect(areas).toEqual([{ x: 0, y: 0, width: 1, height: 1 }]);
  });

  it('setCost bumps version and tells watchers before listeners with the cell', () => {
    const g = new Grid(3, 3);
    const calls: string[] = [];
    g.onChange((a) => calls.push(`listener ${a.x},${a.y} ${a.width}x${a.height}`));
    g.watch((a) => calls.push(`watcher ${a.x},${a.y} ${a.width}x${a.height}`));
    g.setCost(2, 1, 4);
    expect(g.version).toBe(1);
    expect(calls).toEqual(['watcher 2,1 1x1', 'listener 2,1 1x1']);
  });

  it('weighted counts non-1 cells and turns false again when every cost is back to 1', () => {
    const g = new Grid(3, 3);
    g.setCost(0, 0, 2);
    expect(g.weighted).toBe(true);
    g.setCost(1, 0, 3);
    g.setCost(0, 0, 5); // non-1 to non-1: still two cells
    g.setCost(0, 0, 1);
    expect(g.weighted).toBe(true);
    g.setCost(1, 0, 1);
    expect(g.weighted).toBe(false);
    g.fillCosts(0, 0, 3, 3, (x) => (x === 2 ? 9 : 1));
    expect(g.weighted).toBe(true);
    g.fillCosts(0, 0, 3, 3, () => 1);
    expect(g.weighted).toBe(false);
  });

  it('blocked cells keep their cost; a freed cell has it again', () => {
    const g = new Grid(2, 2).setCost(1, 1, 6).setBlocked(1, 1, true);
    expect(g.cost(1, 1)).toBe(6);
    g.setCost(1, 1, 8);
    expect(g.cost(1, 1)).toBe(8);
    g.setBlocked(1, 1, false);
    expect(g.cost(1, 1)).toBe(8);
    expect(g.weighted).toBe(true);
  });

  it('fillCosts clips and floors like fill, in one version step and one notification', () => {
    const g = new Grid(4, 3);
    const areas: GridArea[] = [];
    g.onChange((a) => areas.push(a));
    const asked: string[] = [];
    g.fillCosts(-1, 1.5, 3.9, 10, (x, y) => {
      asked.push(`${x},${y}`);
      return 2 + x + y;
    });
    expect(asked).toEqual(['0,1', '1,1', '0,2', '1,2']);
    expect(g.version).toBe(1);
    expect(areas).toEqual([{ x: 0, y: 1, width: 2, height: 2 }]);
    expect([g.cost(0, 1), g.cost(1, 1), g.cost(0, 2), g.cost(1, 2), g.cost(2, 1), g.cost(0, 0)]).toEqual([3, 4, 4, 5, 1, 1]);
    // The same costs again: no change, no step.
    g.fillCosts(0, 1, 2, 2, (x, y) => 2 + x + y);
    expect(g.version).toBe(1);
    expect(areas).toHaveLength(1);
  });

  it('fillCosts is atomic: a bad value names the cell and leaves the grid unchanged', () => {
    const g = new Grid(3, 3).setCost(0, 0, 2);
    const before = Array.from(g.costs!);
    let heard = 0;
    g.onChange(() => heard++);
    const message = rangeMessage(() => g.fillCosts(0, 0, 3, 3, (x, y) => (x === 2 && y === 1 ? 0.25 : 7)));
    expect(message).toContain('(2, 1)');
    expect(message).toContain('0.25');
    expect(rangeMessage(() => g.fillCosts(0, 0, 3, 3, (x, y) => (x === 1 && y === 2 ? NaN : 3)))).toContain('(1, 2)');
    expect(() =>
      g.fillCosts(0, 0, 3, 3, (x) => {
        if (x === 2) throw new Error('boom');
        return 4;
      }),
    ).toThrow('boom');
    expect(Array.from(g.costs!)).toEqual(before);
    expect(g.version).toBe(1);
    expect(heard).toBe(0);
    expect(() => g.fillCosts(NaN, 0, 1, 1, () => 2)).toThrow(RangeError);
    expect(() => g.fillCosts(0, 0, -1, 1, () => 2)).toThrow(RangeError);
    expect(() => g.fillCosts(0, 0, 1, 1, 3 as unknown as () => number)).toThrow(TypeError);
  });

  it('a uniform fillCosts allocates nothing', () => {
    const g = new Grid(3, 3).fillCosts(0, 0, 3, 3, () => 1);
    expect(g.costs).toBeNull();
    expect(g.version).toBe(0);
  });

  it('clone copies costs and the weighted flag; the copies are independent', () => {
    const g = new Grid(3, 2).setCost(2, 1, 3.5);
    const c = g.clone();
    expect(c.cost(2, 1)).toBe(3.5);
    expect(c.weighted).toBe(true);
    c.setCost(2, 1, 1);
    expect(c.weighted).toBe(false);
    expect(g.cost(2, 1)).toBe(3.5);
    expect(g.weighted).toBe(true);
    expect(new Grid(2, 2).clone().costs).toBeNull();
  });
});
