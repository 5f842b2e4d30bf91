/**
 * The two contenders of the weighted benchmark on one grid with integer tile costs: our cell-lattice
 * A* and easystar.js with `setTileCost`. Each answers a query between cell indices with the cells
 * its path visits and the microseconds of the search call alone.
 */
import { createRequire } from 'node:module';
import type { Grid } from '../../src/grid/grid.js';
import { createPlanner } from '../../src/planners.js';
import type { Planner } from '../../src/search/planner.js';
import { cellsOf, type Cell } from './cell-cost-rules.js';

/** What one contender did on one query. */
export interface WeightedAnswer {
  micros: number;
  /** Cells visited from start to goal, or null when no path came back. */
  cells: Cell[] | null;
  /** The planner's own figure for the path's cost (ours reports one; easystar.js does not). */
  reportedCost: number;
  /** Nodes the search expanded, NaN when the library does not say. */
  expanded: number;
}

export interface WeightedContender {
  readonly name: string;
  find(sx: number, sy: number, gx: number, gy: number): WeightedAnswer;
}

/** The largest tile cost easystar.js gets a tile type for: costs are encoded as types 1..9. */
export const MAX_EASYSTAR_COST = 9;

const require = createRequire(import.meta.url);
// easystar.js assigns its exports at run time, which Node's named-export detection cannot see.
const EasyStar = require('easystarjs') as typeof import('easystarjs');

/** Our A* on cell centres (`lattice: 'cell'`; or `planner`, e.g. one with landmarks), which prices moves by the integral of tile cost. */
export function ourCellAStar(grid: Grid, planner: Planner = createPlanner('astar', grid, { lattice: 'cell' }), name = 'astar (cells)'): WeightedContender {
  return {
    name,
    find(sx, sy, gx, gy) {
      const t0 = performance.now();
      const r = planner.findPath(sx + 0.5, sy + 0.5, gx + 0.5, gy + 0.5);
      const micros = (performance.now() - t0) * 1000;
      if (r.status !== 'found') return { micros, cells: null, reportedCost: Infinity, expanded: r.expanded };
      return { micros, cells: cellsOf(r.points, true), reportedCost: r.cost ?? NaN, expanded: r.expanded };
    },
  };
}

/**
 * easystar.js 0.4.4 on the same grid: easystar prices tiles by type, so each free cell's type is
 * its integer cost (1..{@link MAX_EASYSTAR_COST}) with `setTileCost(t, t)`, and 0 is blocked.
 * `enableSync()`, `enableDiagonals()`, `disableCornerCutting()`, and no iteration cap, so one
 * `calculate()` runs the search to its callback.
 * @throws RangeError when a free cell's cost is not an integer from 1 to 9.
 */
export function easystarWeighted(grid: Grid): WeightedContender {
  const matrix: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = [];
    for (let x = 0; x < grid.width; x++) {
      if (grid.isBlocked(x, y)) {
        row.push(0);
        continue;
      }
      const c = grid.cost(x, y);
      if (!Number.isInteger(c) || c < 1 || c > MAX_EASYSTAR_COST) throw new RangeError(`easystar.js takes integer costs 1..${MAX_EASYSTAR_COST} here, cell (${x}, ${y}) costs ${c}`);
      row.push(c);
    }
    matrix.push(row);
  }
  const finder = new EasyStar.js();
  finder.setGrid(matrix);
  const types = Array.from({ length: MAX_EASYSTAR_COST }, (_, i) => i + 1);
  finder.setAcceptableTiles(types);
  for (const t of types) finder.setTileCost(t, t);
  finder.enableSync();
  finder.enableDiagonals();
  finder.disableCornerCutting();
  finder.setIterationsPerCalculation(Number.MAX_VALUE);
  return {
    name: 'easystar.js',
    find(sx, sy, gx, gy) {
      let path: { x: number; y: number }[] | null = null;
      let answered = false;
      const t0 = performance.now();
      finder.findPath(sx, sy, gx, gy, (p) => {
        path = p;
        answered = true;
      });
      while (!answered) finder.calculate();
      const micros = (performance.now() - t0) * 1000;
      const points = path as { x: number; y: number }[] | null;
      return { micros, cells: points ? cellsOf(points, false) : null, reportedCost: NaN, expanded: NaN };
    },
  };
}
