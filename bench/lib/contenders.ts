import { createRequire } from 'node:module';
import type { Grid } from '../../src/grid/grid.js';
import type { Scenario } from '../../src/grid/scenario.js';
import { createPlanner } from '../../src/planners.js';

/** What one contender did on one query. */
export interface Measurement {
  /** Microseconds spent in the search call alone. */
  micros: number;
  /** Euclidean length of the returned polyline; Infinity when no path came back. */
  length: number;
  /** Nodes expanded, NaN when the library does not say. */
  expanded: number;
  /** Microseconds of the per-search set-up the library needs (PathFinding.js's grid clone), if any. */
  setupMicros?: number;
}

/**
 * Something the benchmark times: one of our planners or a library, on one map. `lattice` says
 * which query semantics it answers: `corner` takes the scenario's (x, y) as the corner point
 * (any-angle convention), `cell` as the cell centre with octile moves and no corner cutting
 * (Moving AI convention).
 */
export interface Contender {
  readonly name: string;
  readonly lattice: 'corner' | 'cell';
  /** True for the JavaScript libraries we compare against. */
  readonly library: boolean;
  measure(s: Scenario): Measurement;
}

/** One of our planners, through `createPlanner`. */
export function ourPlanner(name: string, grid: Grid, lattice: 'corner' | 'cell'): Contender {
  const planner = createPlanner(name, grid, { lattice });
  const offset = lattice === 'cell' ? 0.5 : 0;
  return {
    name: lattice === 'cell' ? `${name} (cells)` : name,
    lattice,
    library: false,
    measure(s) {
      const t0 = performance.now();
      const r = planner.findPath(s.startX + offset, s.startY + offset, s.goalX + offset, s.goalY + offset);
      const micros = (performance.now() - t0) * 1000;
      return { micros, length: r.status === 'found' ? r.length : Infinity, expanded: r.expanded };
    },
  };
}

/** The slice of PathFinding.js 0.4.18 the benchmark uses (the package ships no types). */
interface PfNode {
  closed?: boolean;
}
interface PfGrid {
  nodes: PfNode[][];
  clone(): PfGrid;
}
interface PfFinder {
  findPath(sx: number, sy: number, gx: number, gy: number, grid: PfGrid): number[][];
}
interface PfModule {
  Grid: new (matrix: number[][]) => PfGrid;
  AStarFinder: new (options: object) => PfFinder;
  JumpPointFinder: new (options: object) => PfFinder;
  DiagonalMovement: { OnlyWhenNoObstacles: number };
  Heuristic: { octile: (dx: number, dy: number) => number };
}

const require = createRequire(import.meta.url);
const PF = require('pathfinding') as PfModule;
// easystar.js assigns its exports at run time, which Node's named-export detection cannot see.
const EasyStar = require('easystarjs') as typeof import('easystarjs');

/** The grid as rows of 0 (free) and 1 (blocked), the matrix both libraries take. */
function matrixOf(grid: Grid): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < grid.height; y++) rows.push(Array.from(grid.cells.subarray(y * grid.width, (y + 1) * grid.width)));
  return rows;
}

/** Length of a path given as cells [[x, y], ...] or {x, y} points. */
function cellPathLength(xs: readonly number[], ys: readonly number[]): number {
  if (xs.length === 0) return Infinity;
  let length = 0;
  for (let i = 1; i < xs.length; i++) length += Math.hypot(xs[i]! - xs[i - 1]!, ys[i]! - ys[i - 1]!);
  return length;
}

/**
 * A PathFinding.js finder with its documented settings for our cell semantics: diagonal moves only
 * when both side cells are free (`DiagonalMovement.OnlyWhenNoObstacles`), octile heuristic. Its
 * nodes keep search state, so every search needs a fresh `grid.clone()`: `micros` times the
 * search alone and `setupMicros` the clone. Expanded nodes are counted (untimed) from the
 * clone's `closed` flags.
 */
function pathfindingJs(kind: 'AStarFinder' | 'JumpPointFinder', pfGrid: PfGrid): Contender {
  const finder = new PF[kind]({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles, heuristic: PF.Heuristic.octile });
  return {
    name: `PathFinding.js ${kind}`,
    lattice: 'cell',
    library: true,
    measure(s) {
      const t0 = performance.now();
      const copy = pfGrid.clone();
      const t1 = performance.now();
      const path = finder.findPath(s.startX, s.startY, s.goalX, s.goalY, copy);
      const t2 = performance.now();
      let expanded = 0;
      for (const row of copy.nodes) for (const node of row) if (node.closed) expanded++;
      return {
        micros: (t2 - t1) * 1000,
        setupMicros: (t1 - t0) * 1000,
        length: cellPathLength(
          path.map((p) => p[0]!),
          path.map((p) => p[1]!),
        ),
        expanded,
      };
    },
  };
}

/**
 * easystar.js with its documented settings for our cell semantics: `enableSync()` (the callback
 * runs inside `calculate()`), `enableDiagonals()`, `disableCornerCutting()`, and no iteration cap
 * per `calculate()` so one call finishes the search. It prices a diagonal at 1.4, not sqrt 2; the
 * reported length is the true Euclidean length of the path it returns.
 */
function easystar(matrix: number[][]): Contender {
  const finder = new EasyStar.js();
  finder.setGrid(matrix);
  finder.setAcceptableTiles([0]);
  finder.enableSync();
  finder.enableDiagonals();
  finder.disableCornerCutting();
  finder.setIterationsPerCalculation(Number.MAX_VALUE);
  return {
    name: 'easystar.js',
    lattice: 'cell',
    library: true,
    measure(s) {
      let path: { x: number; y: number }[] | null = null;
      const t0 = performance.now();
      finder.findPath(s.startX, s.startY, s.goalX, s.goalY, (p) => {
        path = p;
      });
      finder.calculate();
      const micros = (performance.now() - t0) * 1000;
      const points: { x: number; y: number }[] = path ?? [];
      return {
        micros,
        length: cellPathLength(
          points.map((p) => p.x),
          points.map((p) => p.y),
        ),
        expanded: NaN,
      };
    },
  };
}

/**
 * The libraries on one map: PathFinding.js's AStarFinder and JumpPointFinder (sharing one master
 * grid, which each search clones) and easystar.js.
 */
export function libraries(grid: Grid): Contender[] {
  const matrix = matrixOf(grid);
  const pfGrid = new PF.Grid(matrix);
  return [pathfindingJs('AStarFinder', pfGrid), pathfindingJs('JumpPointFinder', pfGrid), easystar(matrix)];
}
