/**
 * Movement classes: one map, several kinds of ground (land, water, ...). Each class has its own
 * {@link Grid}, built from the class's rule on the class's first use, so a class no unit uses
 * costs nothing. Phaser-free: a rule is any `(x, y) => blocked` function.
 */
import { Grid, type GridArea } from '../grid/grid.js';

/** The class of every unit that names none: in the plugin, the tiles' collision flags. */
export const DEFAULT_MOVEMENT_CLASS = 'default';

/** A movement class's rule: true when cell (x, y) is blocked for units of the class. */
export type CellRule = (x: number, y: number) => boolean;

/**
 * One lazily built {@link Grid} per movement class of a `width` x `height` map.
 *
 * @example
 * ```ts
 * const grids = new MovementGrids(64, 48, { default: (x, y) => walls(x, y), water: (x, y) => !sea(x, y) });
 * grids.built('water'); // undefined: nobody sails yet
 * const sea = grids.grid('water'); // built now, from the rule
 * grids.refresh({ x: 3, y: 4, width: 1, height: 1 }); // after a tile edit: every built grid re-reads the cell
 * ```
 */
export class MovementGrids {
  /** The class names, in the order given. */
  readonly names: readonly string[];
  private readonly rules: ReadonlyMap<string, CellRule>;
  private readonly grids = new Map<string, Grid>();

  /**
   * @throws RangeError on a bad size or no class; TypeError when a rule is not a function.
   */
  constructor(
    readonly width: number,
    readonly height: number,
    rules: Readonly<Record<string, CellRule>>,
  ) {
    if (!Number.isInteger(width) || width <= 0 || !Number.isInteger(height) || height <= 0) {
      throw new RangeError(`MovementGrids needs a size of whole cells > 0, got ${String(width)} x ${String(height)}`);
    }
    const map = new Map<string, CellRule>();
    for (const [name, rule] of Object.entries(rules)) {
      if (typeof rule !== 'function') throw new TypeError(`movement class "${name}" needs a rule function, got ${typeof rule}`);
      map.set(name, rule);
    }
    if (map.size === 0) throw new RangeError('MovementGrids needs at least one movement class');
    this.rules = map;
    this.names = [...map.keys()];
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
   * The grid of class `name`, built from its rule on the first call.
   * @throws what {@link check} throws; what the rule throws (nothing is kept then).
   */
  grid(name: string): Grid {
    let grid = this.grids.get(this.check(name));
    if (!grid) {
      grid = Grid.fromPredicate(this.width, this.height, this.rules.get(name)!);
      this.grids.set(name, grid);
    }
    return grid;
  }

  /**
   * What the rule of class `name` says of cell (x, y) now (the grid may not have heard yet).
   * @throws what {@link check} throws.
   */
  blocks(name: string, x: number, y: number): boolean {
    return this.rules.get(this.check(name))!(x, y);
  }

  /** True when cell (x, y) of built class `name` differs from what its rule says now. */
  stale(name: string, x: number, y: number): boolean {
    const grid = this.grids.get(name);
    return grid !== undefined && grid.cells[y * this.width + x] !== (this.rules.get(name)!(x, y) ? 1 : 0);
  }

  /**
   * Re-reads an area (cells; default the whole map) of every built grid from its rule. Every
   * rule is asked for every cell before any grid is written, so a rule that throws leaves all
   * grids as they were. Each grid then changes in one step (see `Grid.fill`), and its caches hear
   * of it through `grid.watch`.
   * @throws what a rule throws (nothing changed); else, after every grid is updated, what their
   *   change listeners threw (several as an `AggregateError`).
   */
  refresh(area?: GridArea): void {
    const a = area ?? { x: 0, y: 0, width: this.width, height: this.height };
    const x0 = Math.max(0, Math.floor(a.x));
    const y0 = Math.max(0, Math.floor(a.y));
    const x1 = Math.min(this.width, Math.floor(a.x + a.width));
    const y1 = Math.min(this.height, Math.floor(a.y + a.height));
    if (!(x1 > x0) || !(y1 > y0)) return;
    const w = x1 - x0;
    const reads: [Grid, Uint8Array][] = [];
    for (const [name, grid] of this.grids) {
      const rule = this.rules.get(name)!;
      const cells = new Uint8Array(w * (y1 - y0));
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) cells[(y - y0) * w + x - x0] = rule(x, y) ? 1 : 0;
      reads.push([grid, cells]);
    }
    let errors: unknown[] | undefined;
    for (const [grid, cells] of reads) {
      try {
        grid.fill(x0, y0, w, y1 - y0, (x, y) => cells[(y - y0) * w + x - x0] === 1);
      } catch (error) {
        (errors ??= []).push(error);
      }
    }
    if (errors) throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} grid change listeners threw`);
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : value === null ? 'null' : typeof value;
}
