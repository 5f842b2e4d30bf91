/**
 * Movement classes: one map, several kinds of ground (land, water, ...). Each class has its own
 * {@link Grid}, built from the class's rule on the class's first use, so a class no unit uses
 * costs nothing. Phaser-free: a rule is any `(x, y) => blocked` function.
 */
import { Grid, MAX_TILE_COST, type GridArea } from '../grid/grid.js';

/** The class of every unit that names none: in the plugin, the tiles' collision flags. */
export const DEFAULT_MOVEMENT_CLASS = 'default';

/** A movement class's rule: true when cell (x, y) is blocked for units of the class. */
export type CellRule = (x: number, y: number) => boolean;

/**
 * A movement class's tile costs: the cost multiplier (a number from 1 to `MAX_TILE_COST`, see `Grid.cost`) of
 * cell (x, y) for units of the class; 1 where the ground costs nothing extra.
 */
export type CellCostRule = (x: number, y: number) => number;

/**
 * One lazily built {@link Grid} per movement class of a `width` x `height` map.
 *
 * @example
 * ```ts
 * const grids = new MovementGrids(64, 48, { default: (x, y) => walls(x, y), water: (x, y) => !sea(x, y) });
 * grids.built('water'); // undefined: nobody sails yet
 * const sea = grids.grid('water'); // built now, from the rule
 * grids.refresh({ x: 3, y: 4, width: 1, height: 1 }); // after a tile edit: every built grid re-reads the cell
 * // With tile costs: swamp costs 3 to land units; water has no costs.
 * const costly = new MovementGrids(64, 48, { default: walls, water: dry }, { default: (x, y) => (swamp(x, y) ? 3 : 1) });
 * ```
 */
export class MovementGrids {
  /** The class names, in the order given. */
  readonly names: readonly string[];
  private readonly rules: ReadonlyMap<string, CellRule>;
  private readonly costRules: ReadonlyMap<string, CellCostRule>;
  private readonly grids = new Map<string, Grid>();

  /**
   * @param costs tile costs by class name (optional; a class without one has cost 1 everywhere).
   * @throws RangeError on a bad size, no class, or costs for a class that has no rule; TypeError
   *   when a rule or cost rule is not a function.
   */
  constructor(
    readonly width: number,
    readonly height: number,
    rules: Readonly<Record<string, CellRule>>,
    costs: Readonly<Record<string, CellCostRule>> = {},
  ) {
    checkClassTableSize('MovementGrids', width, height);
    const map = classFunctions(rules, (name) => `movement class "${name}" needs a rule function`);
    if (map.size === 0) throw new RangeError('MovementGrids needs at least one movement class');
    this.rules = map;
    this.names = [...map.keys()];
    const costMap = new Map<string, CellCostRule>();
    for (const [name, rule] of Object.entries(costs)) {
      if (!map.has(name)) throw new RangeError(`tile costs for "${name}", which is not a movement class (the classes are ${this.names.map((n) => `"${n}"`).join(', ')})`);
      if (typeof rule !== 'function') throw new TypeError(`movement class "${name}" needs a cost function, got ${typeof rule}`);
      costMap.set(name, rule);
    }
    this.costRules = costMap;
  }

  /** True when `name` is one of the classes. */
  has(name: string): boolean {
    return this.rules.has(name);
  }

  /**
   * `name` when it is a class.
   * @throws TypeError when it is not a string; RangeError naming it and the known classes.
   */
  check(name: unknown): string {
    if (typeof name !== 'string') throw new TypeError(`moves must be a movement class name, got ${describe(name)}`);
    if (!this.rules.has(name)) {
      throw new RangeError(`unknown movement class "${name}" (the map has ${this.names.map((n) => `"${n}"`).join(', ')})`);
    }
    return name;
  }

  /** The grid of class `name` if it has been built, else undefined: never builds it. */
  built(name: string): Grid | undefined {
    return this.grids.get(name);
  }

  /** The names of the classes whose grid is built. */
  builtNames(): string[] {
    return [...this.grids.keys()];
  }

  /**
   * The grid of class `name`, built from its rule and its costs on the first call.
   * @throws what {@link check} throws; what the rule or cost rule throws, or a RangeError naming
   *   the cell and the bad cost (nothing is kept then).
   */
  grid(name: string): Grid {
    let grid = this.grids.get(this.check(name));
    if (!grid) {
      const built = Grid.fromPredicate(this.width, this.height, this.rules.get(name)!);
      const costs = this.readCosts(name, 0, 0, this.width, this.height);
      if (costs) built.fillCosts(0, 0, this.width, this.height, (x, y) => costs[y * this.width + x]!);
      grid = built;
      this.grids.set(name, grid);
    }
    return grid;
  }

  /**
   * The cost of cell (x, y) for class `name` by its cost rule now (1 without one; the grid may
   * not have heard yet).
   * @throws what {@link check} throws; what the cost rule throws, or a RangeError naming a bad cost.
   */
  cost(name: string, x: number, y: number): number {
    const rule = this.costRules.get(this.check(name));
    return rule === undefined ? 1 : checkedCost(name, x, y, rule(x, y));
  }

  /**
   * Asks the cost rule of every class for every cell, without building any grid: what a game
   * calls once on a new map so that a bad cost is an error at once, not at a class's first use.
   * @throws what a cost rule throws, or a RangeError naming the class, the cell and the bad cost.
   */
  checkCosts(): void {
    for (const name of this.costRules.keys()) this.readCosts(name, 0, 0, this.width, this.height);
  }

  /**
   * What the rule of class `name` says of cell (x, y) now (the grid may not have heard yet).
   * @throws what {@link check} throws.
   */
  blocks(name: string, x: number, y: number): boolean {
    return this.rules.get(this.check(name))!(x, y);
  }

  /**
   * True when cell (x, y) of built class `name` differs from what its rule or its cost rule says now.
   * @throws what the cost rule throws, or a RangeError naming a bad cost.
   */
  stale(name: string, x: number, y: number): boolean {
    const grid = this.grids.get(name);
    if (grid === undefined) return false;
    if (grid.cells[y * this.width + x] !== (this.rules.get(name)!(x, y) ? 1 : 0)) return true;
    const rule = this.costRules.get(name);
    return rule !== undefined && grid.cost(x, y) !== checkedCost(name, x, y, rule(x, y));
  }

  /**
   * Re-reads an area (cells; default the whole map) of every built grid from its rule and its
   * costs. Every rule and cost rule is asked for every cell, and each cost checked, before any
   * grid is written, so a rule that throws or a bad cost leaves all grids as they were. Each grid
   * then changes its blocking in one step (see `Grid.fill`: a `layoutVersion` step) and its costs
   * in the next (see `Grid.fillCosts`: a `version` step only, which begins no paused search
   * again; a step only when something changed), one right after the other, and its caches hear
   * of each through `grid.watch` (of the blocking alone through `grid.watchLayout`).
   * @throws what a rule throws, or a RangeError naming a bad cost (nothing changed); else, after
   *   every grid is updated, what their change listeners threw (several as an `AggregateError`).
   */
  refresh(area?: GridArea): void {
    const a = area ?? { x: 0, y: 0, width: this.width, height: this.height };
    const x0 = Math.max(0, Math.floor(a.x));
    const y0 = Math.max(0, Math.floor(a.y));
    const x1 = Math.min(this.width, Math.floor(a.x + a.width));
    const y1 = Math.min(this.height, Math.floor(a.y + a.height));
    if (!(x1 > x0) || !(y1 > y0)) return;
    const w = x1 - x0;
    const reads: [Grid, Uint8Array, Float64Array | undefined][] = [];
    for (const [name, grid] of this.grids) {
      const rule = this.rules.get(name)!;
      const cells = new Uint8Array(w * (y1 - y0));
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) cells[(y - y0) * w + x - x0] = rule(x, y) ? 1 : 0;
      reads.push([grid, cells, this.readCosts(name, x0, y0, w, y1 - y0)]);
    }
    let errors: unknown[] | undefined;
    for (const [grid, cells, costs] of reads) {
      try {
        grid.fill(x0, y0, w, y1 - y0, (x, y) => cells[(y - y0) * w + x - x0] === 1);
      } catch (error) {
        (errors ??= []).push(error);
      }
      // A uniform answer on a grid that never had costs changes nothing: skip the write.
      if (!costs || (grid.costs === null && costs.every((c) => c === 1))) continue;
      try {
        grid.fillCosts(x0, y0, w, y1 - y0, (x, y) => costs[(y - y0) * w + x - x0]!);
      } catch (error) {
        (errors ??= []).push(error);
      }
    }
    if (errors) throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} grid change listeners threw`);
  }

  /**
   * The checked costs of class `name` over an area (row-major), or undefined when the class has
   * no cost rule.
   * @throws what the cost rule throws, or a RangeError naming the cell and the bad cost.
   */
  private readCosts(name: string, x0: number, y0: number, w: number, h: number): Float64Array | undefined {
    const rule = this.costRules.get(name);
    if (rule === undefined) return undefined;
    const costs = new Float64Array(w * h);
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) costs[(y - y0) * w + x - x0] = checkedCost(name, x, y, rule(x, y));
    return costs;
  }
}

/**
 * `cost` when it is a legal tile cost (a number from 1 to `MAX_TILE_COST`).
 * @throws TypeError when it is not a number, RangeError when it is outside that range, naming
 *   the class, the cell and the value.
 */
function checkedCost(name: string, x: number, y: number, cost: unknown): number {
  if (typeof cost !== 'number') throw new TypeError(`movement class "${name}": cell (${x}, ${y}) needs a tile cost that is a number >= 1, got ${describe(cost)}`);
  if (!(cost >= 1 && cost <= MAX_TILE_COST)) throw new RangeError(`movement class "${name}": cell (${x}, ${y}) needs a tile cost from 1 to ${MAX_TILE_COST}, got ${cost}`);
  return cost;
}

/**
 * Checks the size of a table kept per movement class (grids, speed factors).
 * @throws RangeError naming `owner` unless both sides are whole numbers of cells > 0.
 */
export function checkClassTableSize(owner: string, width: number, height: number): void {
  if (!Number.isInteger(width) || width <= 0 || !Number.isInteger(height) || height <= 0) {
    throw new RangeError(`${owner} needs a size of whole cells > 0, got ${String(width)} x ${String(height)}`);
  }
}

/**
 * The functions of a per-class record, by class name.
 * @throws TypeError, `what(name)` and the value's type, for an entry that is not a function.
 */
export function classFunctions<F>(rules: Readonly<Record<string, F>>, what: (name: string) => string): Map<string, F> {
  const map = new Map<string, F>();
  for (const [name, rule] of Object.entries(rules)) {
    if (typeof rule !== 'function') throw new TypeError(`${what(name)}, got ${typeof rule}`);
    map.set(name, rule);
  }
  return map;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : value === null ? 'null' : typeof value;
}
