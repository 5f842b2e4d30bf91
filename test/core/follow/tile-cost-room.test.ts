/**
 * Tile costs in the follow layer: movement classes with cost rules, eroded grids that carry the
 * costs, and a sized unit's fallback route that keeps to cheap ground. The truth is the map as
 * written (which cells are road) and brute-force erosion, not the code under test.
 */
import { describe, expect, it } from 'vitest';
import { ErodedGrids, polylineClear } from '../../../src/follow/disc-room.js';
import { MovementGrids } from '../../../src/follow/movement-grids.js';
import { RouteContext } from '../../../src/follow/route-context.js';
import { polylineWork } from '../../../src/follow/route-search.js';
import type { Work } from '../../../src/follow/work.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Sampling step (tiles) along a path when checking which cells it enters. */
const SAMPLE_STEP = 0.01;
/** How deep (tiles) a sample must lie inside a cell to count as entering it. */
const INSIDE = 1e-6;

/** Brute force: is a blocked or outside cell within Chebyshev distance k of (x, y)? */
function erodedBlocked(grid: Grid, x: number, y: number, k: number): boolean {
  for (let dy = -k; dy <= k; dy++) for (let dx = -k; dx <= k; dx++) if (grid.isBlocked(x + dx, y + dy)) return true;
  return false;
}

/** Every cell of `eroded` against brute-force erosion of `grid` by k, and its cost against the grid's. */
function mismatch(grid: Grid, eroded: Grid, k: number): string | undefined {
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      if (eroded.isBlocked(x, y) !== erodedBlocked(grid, x, y, k)) return `blocking of (${x}, ${y}) at k = ${k}`;
      if (eroded.cost(x, y) !== grid.cost(x, y)) return `cost of (${x}, ${y}) at k = ${k}: ${eroded.cost(x, y)} vs ${grid.cost(x, y)}`;
    }
  }
  return eroded.weighted === grid.weighted ? undefined : `weighted ${eroded.weighted} vs ${grid.weighted}`;
}

describe('eroded grids carry the tile costs', () => {
  it('on 200 random weighted grids, when built and after blocking and cost changes', () => {
    const rng = makeRng(0x7c0575);
    for (let t = 0; t < 200; t++) {
      const grid = randomGrid(rng, { width: rng.range(3, 16), height: rng.range(3, 16), density: 0.15 });
      if (rng.chance(0.8)) grid.fillCosts(0, 0, grid.width, grid.height, () => (rng.chance(0.4) ? 1 + rng.int(5) : 1));
      const shrunk = new ErodedGrids(grid);
      const ks = [1, 2];
      for (const k of ks) expect(mismatch(grid, shrunk.get(k), k), `case ${t}, built`).toBeUndefined();
      for (let change = 0; change < 6; change++) {
        const x = rng.int(grid.width);
        const y = rng.int(grid.height);
        const what = rng.int(3);
        if (what === 0) grid.setCost(x, y, rng.chance(0.3) ? 1 : 1 + rng.next() * 4);
        else if (what === 1) grid.setBlocked(x, y, rng.chance(0.5));
        else grid.fillCosts(x, y, rng.range(1, 4), rng.range(1, 4), () => 1 + rng.int(3));
        for (const k of ks) expect(mismatch(grid, shrunk.get(k), k), `case ${t}, change ${change} (${what})`).toBeUndefined();
      }
      shrunk.destroy();
    }
  });

  it('a grid made uniform again makes its eroded copies uniform', () => {
    const grid = new Grid(8, 8).setCost(4, 4, 3);
    const shrunk = new ErodedGrids(grid);
    expect(shrunk.get(1).cost(4, 4)).toBe(3);
    grid.setCost(4, 4, 1);
    expect(shrunk.get(1).weighted).toBe(false);
  });
});

/**
 * '=' road (cost 1), '.' grass (cost 3), '#' wall. An L-shaped road five tiles wide; a wall across
 * its south leg (row 8) with a one-tile gap at column 16. A point unit takes the gap; a unit 1.2
 * tiles wide cannot, and must leave the road round the wall's end (columns 12 or 20).
 */
const GATED = [
  '........................',
  '.==================.....',
  '.==================.....',
  '.==================.....',
  '.==================.....',
  '.==================.....',
  '..............=====.....',
  '..............=====.....',
  '..............##=##.....',
  '..............=====.....',
  '..............=====.....',
  '..............=====.....',
  '..............=====.....',
  '........................',
];
const GRASS_COST = 3;
const START = { x: 3, y: 3 };
const GOAL = { x: 16.5, y: 11.5 };
/** The unit's radius: 0.6 tiles, eroded by one cell for its fallback search. */
const RADIUS = 0.6;

function gatedGrid(costs: boolean): Grid {
  const grid = Grid.fromPredicate(GATED[0]!.length, GATED.length, (x, y) => GATED[y]![x] === '#');
  if (costs) grid.fillCosts(0, 0, grid.width, grid.height, (x, y) => (GATED[y]![x] === '.' ? GRASS_COST : 1));
  return grid;
}

/** Runs planning work to its end with an unlimited allowance. */
function finish<R>(work: Work<R>): R {
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
  }
}

/** The cells `path` enters (sampled), as "x,y". */
function cellsEntered(path: readonly Point[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    for (let d = 0; d <= length; d += SAMPLE_STEP) {
      const t = length === 0 ? 0 : Math.min(1, d / length);
      const x = a.x + t * (b.x - a.x);
      const y = a.y + t * (b.y - a.y);
      for (const cx of new Set([Math.floor(x - INSIDE), Math.floor(x + INSIDE)])) {
        for (const cy of new Set([Math.floor(y - INSIDE), Math.floor(y + INSIDE)])) {
          const inside = cx + 1 - x > INSIDE && x - cx > INSIDE && cy + 1 - y > INSIDE && y - cy > INSIDE;
          if (inside) out.add(`${cx},${cy}`);
        }
      }
    }
  }
  return out;
}

/** The grass cells `path` enters, as [x, y]. */
function grassEntered(path: readonly Point[]): [number, number][] {
  return [...cellsEntered(path)].map((c) => c.split(',').map(Number) as [number, number]).filter(([x, y]) => GATED[y]?.[x] === '.');
}

/** Grass away from the wall's two ends (columns 11-13 and 19-21, rows 6-10), where the unit has no reason to be. */
function farGrass(cells: [number, number][]): [number, number][] {
  return cells.filter(([x, y]) => y < 6 || y > 10 || x < 11 || (x > 13 && x < 19) || x > 21);
}

describe('a sized unit on a weighted grid', () => {
  function route(costs: boolean): Point[] {
    const grid = gatedGrid(costs);
    const ctx = new RouteContext(grid);
    const found = finish(polylineWork(ctx, START, GOAL, RADIUS, 'theta', { max: Infinity, used: 0 }));
    if (!Array.isArray(found)) throw new Error(found.message);
    expect(polylineClear(grid, found, RADIUS)).toBe(true);
    return found;
  }

  it('takes the fallback round the wall and keeps to the road elsewhere', () => {
    // The point path takes the gap, too narrow for the unit: the route is the fallback's.
    const grid = gatedGrid(true);
    const ctx = new RouteContext(grid);
    const point = finish(polylineWork(ctx, START, GOAL, 0, 'theta', { max: Infinity, used: 0 }));
    expect(Array.isArray(point) && cellsEntered(point).has('16,8')).toBe(true);
    const path = route(true);
    expect(cellsEntered(path).has('16,8')).toBe(false);
    // It leaves the road only to pass the wall's end.
    expect(grassEntered(path).length).toBeGreaterThan(0);
    expect(farGrass(grassEntered(path)), JSON.stringify(path)).toEqual([]);
  });

  it('without costs, the same unit cuts across the grass', () => {
    expect(farGrass(grassEntered(route(false))).length).toBeGreaterThan(3);
  });
});

describe('MovementGrids with tile costs', () => {
  const SWAMP = ['..~~', '.#~~', '....'];
  function grids(cost: (c: string) => unknown = (c) => (c === '~' ? 4 : 1)) {
    return new MovementGrids(4, 3, { default: (x, y) => SWAMP[y]![x] === '#', hover: () => false }, {
      default: (x, y) => cost(SWAMP[y]![x]!) as number,
    });
  }

  it('builds a grid with its class\'s costs; a class without a cost rule stays uniform', () => {
    const g = grids();
    expect(g.grid('default').cost(2, 0)).toBe(4);
    expect(g.grid('default').cost(0, 0)).toBe(1);
    expect(g.grid('hover').weighted).toBe(false);
    expect(g.cost('default', 3, 1)).toBe(4);
    expect(g.cost('hover', 3, 1)).toBe(1);
  });

  it('refresh re-reads costs with blocking; stale sees a cost change; a bad cost changes nothing', () => {
    const cells = SWAMP.map((r) => [...r]);
    const g = new MovementGrids(4, 3, { default: (x, y) => cells[y]![x] === '#', other: (x, y) => cells[y]![x] === '#' }, {
      default: (x, y) => (cells[y]![x] === '~' ? 4 : cells[y]![x] === '!' ? Number.NaN : 1),
    });
    const grid = g.grid('default');
    const other = g.grid('other');
    cells[0]![0] = '~';
    expect(g.stale('default', 0, 0)).toBe(true);
    expect(g.stale('other', 0, 0)).toBe(false);
    g.refresh({ x: 0, y: 0, width: 1, height: 1 });
    expect(grid.cost(0, 0)).toBe(4);
    expect(g.stale('default', 0, 0)).toBe(false);
    // A wall and a bad cost in one refresh: neither grid changes, not even the wall.
    cells[2]![0] = '#';
    cells[2]![3] = '!';
    const versions = [grid.version, other.version];
    expect(() => g.refresh()).toThrow(/class "default": cell \(3, 2\).*NaN/);
    expect([grid.version, other.version]).toEqual(versions);
    expect(grid.isBlocked(0, 2)).toBe(false);
    expect(other.isBlocked(0, 2)).toBe(false);
    expect(() => g.stale('default', 3, 2)).toThrow(RangeError);
  });

  it('checkCosts finds a bad cost of an unbuilt class; bad values are typed errors naming the cell', () => {
    expect(() => grids((c) => (c === '~' ? 0.5 : 1)).checkCosts()).toThrow(RangeError);
    expect(() => grids((c) => (c === '~' ? '4' : 1)).checkCosts()).toThrow(TypeError);
    expect(() => grids((c) => (c === '~' ? Infinity : 1)).grid('default')).toThrow(/cell \(2, 0\).*Infinity/);
    expect(() => new MovementGrids(2, 2, { default: () => false }, { lava: () => 1 })).toThrow(/"lava", which is not a movement class/);
  });
});
