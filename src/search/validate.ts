import { excerpt } from '../grid/excerpt.js';
import type { Grid } from '../grid/grid.js';
import { failure, type PathResult } from './result.js';

/**
 * What is wrong with a query's coordinates (each must be a finite number; a BigInt, a string, a
 * Symbol or an object is refused before any arithmetic, which would throw or coerce it), as a
 * sentence naming the first bad one (status `invalid`), or undefined. `-0` is a number: it is 0.
 * Every planner runs it first, before even snapping points to cells.
 */
export function coordinatesProblem(sx: unknown, sy: unknown, gx: unknown, gy: unknown): string | undefined {
  const args = [sx, sy, gx, gy];
  for (let i = 0; i < 4; i++) {
    const v = args[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) return `${COORDINATE_NAMES[i]} must be a finite number, got ${describeValue(v)}`;
  }
  return undefined;
}

/** The names of a query's coordinates, in argument order. */
const COORDINATE_NAMES = ['sx', 'sy', 'gx', 'gy'] as const;

/**
 * A bad value as a message quotes it, without converting it in a way that could throw (a Symbol
 * in a template literal, an object whose `toString` throws or that has none).
 */
export function describeValue(v: unknown): string {
  switch (typeof v) {
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(v);
    case 'bigint':
      return `the BigInt ${v.toString()}n`;
    case 'string':
      return `the string ${excerpt(v)}`;
    case 'symbol':
      return `a Symbol ${excerpt(v.description ?? '')}`;
    case 'function':
      return 'a function';
    default:
      return v === null ? 'null' : Array.isArray(v) ? 'an array' : 'an object';
  }
}

/**
 * The checks every planner runs on a query before searching, in this order: finite coordinates, a
 * usable weight and expansion cap, both points inside the map, both points free. Returns the result
 * that ends the query at once (`invalid`, `out-of-bounds`, `start-blocked` or `goal-blocked`, with a
 * message naming the bad value), or undefined when the search may go on.
 *
 * @param isFree whether a unit may stand at a point under the planner's semantics (corner
 *   planners use `isPointFree`, cell planners the cell that holds the point).
 */
export function validateQuery(
  grid: Grid,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  weight: number,
  cap: number,
  isFree: (x: number, y: number) => boolean,
): PathResult | undefined {
  const coordinates = coordinatesProblem(sx, sy, gx, gy);
  if (coordinates) return failure('invalid', 0, coordinates);
  const bad = searchOptionsProblem(weight, cap);
  if (bad) return failure('invalid', 0, bad);
  const outside = outsideProblem(grid, sx, sy, gx, gy);
  if (outside) return failure('out-of-bounds', 0, outside);
  if (!isFree(sx, sy)) return failure('start-blocked', 0, `start (${sx}, ${sy}) is inside a wall`);
  if (!isFree(gx, gy)) return failure('goal-blocked', 0, `goal (${gx}, ${gy}) is inside a wall`);
  return undefined;
}

/**
 * What is wrong with a query's heuristic weight (a finite number >= 0) or expansion cap (>= 0),
 * as a sentence naming the bad value, or undefined. Polyline and curve planners share it.
 */
export function searchOptionsProblem(weight: unknown, cap: unknown): string | undefined {
  if (typeof weight !== 'number' || !(weight >= 0) || !Number.isFinite(weight)) return `weight must be a finite number >= 0, got ${describeValue(weight)}`;
  if (typeof cap !== 'number' || !(cap >= 0)) return `maxExpansions must be a number >= 0, got ${describeValue(cap)}`;
  return undefined;
}

/**
 * Which of start (sx, sy) and goal (gx, gy) lies outside the map (its edges count as inside), as a
 * sentence (status `out-of-bounds`), or undefined. Polyline and curve planners share it.
 */
export function outsideProblem(grid: Grid, sx: number, sy: number, gx: number, gy: number): string | undefined {
  const { width, height } = grid;
  const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x <= width && y <= height;
  if (!inside(sx, sy)) return `start (${sx}, ${sy}) is outside the ${width}x${height} map`;
  if (!inside(gx, gy)) return `goal (${gx}, ${gy}) is outside the ${width}x${height} map`;
  return undefined;
}

/**
 * Rejects lattice options an any-angle planner cannot honour: it plans between any points under
 * the grid rule, so only the corner semantics apply (`connectivity` means nothing to it).
 * @throws RangeError naming the planner and the option.
 */
export function cornerOnly(planner: string, options: { lattice?: string }): void {
  if (options.lattice !== undefined && options.lattice !== 'corner') {
    throw new RangeError(`${planner} plans on cell corners only, got lattice '${String(options.lattice)}'`);
  }
}

/**
 * The built-in polyline planners that honour tile costs (the registry's `tileCosts` trait), named
 * here because the search layer cannot import the registry; a test checks the two agree.
 */
export const TILE_COST_PLANNERS: readonly string[] = ['astar', 'theta', 'lazy-theta'];

/** The `invalid` message for planner `name` asked to plan on a weighted grid: it names the planners that can. */
export function tileCostProblem(name: string): string {
  const can = TILE_COST_PLANNERS.slice(0, -1).join(', ') + ' or ' + TILE_COST_PLANNERS[TILE_COST_PLANNERS.length - 1]!;
  return `${name} assumes uniform tile costs; this grid has costs: use ${can}`;
}
