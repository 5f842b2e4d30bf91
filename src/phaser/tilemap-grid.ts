/**
 * A {@link Grid} that mirrors one or more tilemap layers and follows their edits.
 */
import type Phaser from 'phaser';
import { excerpt } from '../grid/excerpt.js';
import { MAX_TILE_COST, type Grid, type GridArea } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { DEFAULT_MOVEMENT_CLASS, MovementGrids, type CellCostRule, type CellRule } from '../follow/movement-grids.js';
import type { TerrainSpeeds } from '../follow/terrain-speed.js';
import { isTileSpeedError, speedReader, speedRule, tileSpeeds, type TileSpeed } from './tile-speed.js';
import type { SpeedRule } from '../follow/terrain-speed.js';
import { describe, indexList, tileReader, type TileIndexValues, type TileReader, type ValueKind } from './tile-values.js';

export type { TileIndexValues } from './tile-values.js';

/** A layer the plugin can read: `TilemapLayer` or `TilemapGPULayer`. */
export type PathfindingLayer = Phaser.Tilemaps.TilemapLayerBase;

/** A per-cell predicate on the tiles: `tile` is null for an empty cell; (x, y) in tiles. */
export type TilePredicate = (tile: Phaser.Tilemaps.Tile | null, x: number, y: number, layer: PathfindingLayer) => boolean;

/**
 * A tile's cost multiplier for a unit crossing it (see `Grid.cost`: a move costs its length in each
 * cell times the cell's cost), from a tile property, the tile's index or a function:
 *
 * - a property name, e.g. `'cost'`: the tile's `tile.properties.cost` (in Tiled, a custom `float`
 *   or `int` property of the tile in its tileset); a tile without it has no cost of its own;
 * - a table by tile index ({@link TileIndexValues}), e.g. `{ [GRASS]: 2, [MUD]: 4 }`: for a map
 *   made in code (`make.tilemap({ data })`, whose tiles have no properties); it follows
 *   `putTileAt`, which changes the index; an index not in the table has no cost of its own;
 * - `(tile, x, y, layer) => number | undefined`, like {@link TilePredicate} (`tile` null for an
 *   empty cell; `tile.index` its index), `undefined` for no cost of its own.
 *
 * A cell's cost comes from its topmost layer whose tile has one: the layers are given bottom to
 * top, so a road layer listed after the ground layer overrides the ground's cost. A cell where
 * no layer's tile has a cost costs 1. A cost must be a number from 1 to `MAX_TILE_COST`: anything else is an
 * error naming the cell, the layer, the tile and the value.
 *
 * @example
 * ```ts
 * this.pathfinding.useTilemap([ground, roads], { costs: 'cost' }); // Tiled property "cost" per tile
 * this.pathfinding.useTilemap(layer, { costs: { [GRASS]: 2, [MUD]: 4 } }); // by tile index
 * this.pathfinding.useTilemap(layer, { costs: (tile, x) => (tile?.index === MUD && x > 10 ? 4 : undefined) });
 * ```
 */
export type TileCost =
  | string
  | TileIndexValues
  | ((tile: Phaser.Tilemaps.Tile | null, x: number, y: number, layer: PathfindingLayer) => number | undefined);

/**
 * Tiles by index, for a movement class's `passable` or `blocked`: `[WATER, DEEP_WATER]`, as
 * Phaser's `setCollision(indexes)` takes them. A cell is matched when a tile on some layer has
 * one of the indices; after `putTileAt` the cell reads the new tile's index.
 */
export type TileIndices = readonly number[];

/**
 * The ground of one movement class (ships on water, hovercraft on land and water, ...): which
 * cells block its units. The rules add up: a cell is blocked when any of them blocks it. A class
 * with no rule goes everywhere on the map.
 *
 * @example
 * ```ts
 * // Ships sail where a tile has the property water = true (tile.properties, e.g. from Tiled).
 * const water: MovementClass = { passable: { water: true } };
 * // The same on a map made in code: the tiles of index WATER or REEF.
 * const sea: MovementClass = { passable: [WATER, REEF] };
 * // Hovercraft: walls block them, water does not.
 * const hover: MovementClass = { blocked: (tile) => tile?.properties?.wall === true };
 * const hovercraft: MovementClass = { blocked: [WALL] }; // by index
 * ```
 */
export interface MovementClass {
  /**
   * What the class moves on: a cell is free only where a tile on some layer matches.
   *
   * - Tile properties (`{ water: true }`): the tile has every one of them with exactly this value
   *   (`tile.properties[key] === value`, e.g. from Tiled). Like the collision flags, `putTileAt`
   *   leaves a tile's properties as they were: give a placed tile its properties
   *   (`layer.putTileAt(i, x, y).properties = { water: true }`).
   * - Tile indices ({@link TileIndices}, `[WATER]`): the tile has one of them; for maps made in
   *   code, and it follows `putTileAt` with nothing to set.
   */
  passable?: Readonly<Record<string, unknown>> | TileIndices;
  /**
   * Blocks a cell when the function returns true for the tile of any layer (called for empty
   * cells with `tile` null), or, given tile indices ({@link TileIndices}), where a tile on some
   * layer has one of them.
   */
  blocked?: TilePredicate | TileIndices;
  /**
   * Also blocked where a tile collides. Default false: the collision flags are the `default`
   * class's ground, and a class says where it goes by its own rules.
   */
  collision?: boolean;
  /**
   * The class's tile costs ({@link TileCost}). Default: `useTilemap`'s top-level `costs`. A class
   * that should see none of those gives `costs: () => undefined`.
   */
  costs?: TileCost;
  /** The class's speed factors ({@link TileSpeed}). Default: `useTilemap`'s top-level `speed`. */
  speed?: TileSpeed;
  /** What the class's paths are cheapest in ({@link PlanFor}). Default: `useTilemap`'s top-level `planFor`. */
  planFor?: PlanFor;
}

/**
 * What planners minimise for a movement class: `distance` (its tile costs times the length: the
 * default), or `time`: each cell's cost divided by its speed factor, so a unit takes the road
 * round a forest it would cross more slowly, where the forest's way is shorter.
 */
export type PlanFor = 'distance' | 'time';

/** Options of `useTilemap`. */
export interface TilemapOptions {
  /**
   * Blocks the cell of a tile when it returns true, besides (or, with `collision: false`,
   * instead of) the layer's collision flags. Called for empty cells too, with `tile` null. Or
   * tile indices ({@link TileIndices}): blocks where a tile on some layer has one of them.
   * This and `collision` define the `default` movement class: the units that name no class.
   */
  blocked?: TilePredicate | TileIndices;
  /** Block tiles that collide (`setCollision`, `setCollisionByProperty`, ...). Default true. */
  collision?: boolean;
  /**
   * Tile costs ({@link TileCost}: a property name, a table by tile index or a function): of the
   * `default` class, and of every other class that gives none of its own. Default: none (every
   * cell costs 1).
   */
  costs?: TileCost;
  /**
   * Movement classes besides `default`, by name: several kinds of ground on one map. A unit
   * picks its class with `addUnit(unit, { moves: 'water', ... })`. Each class has its own grid,
   * built on the class's first use; tile edits reach every built one.
   *
   * @example
   * ```ts
   * this.pathfinding.useTilemap(layer, { classes: { water: { passable: { water: true } } } });
   * this.pathfinding.useTilemap(layer, { classes: { water: { passable: [WATER] } } }); // by tile index
   * this.pathfinding.addUnit(ship, { speed: 60, turningRadius: 64, moves: 'water' });
   * ```
   */
  classes?: Readonly<Record<string, MovementClass>>;
  /**
   * Speed factors ({@link TileSpeed}: `'speed'` for the tile property, `{ [FOREST]: 0.5 }` by tile
   * index, or a function): units drive over a cell at their top speed times its factor in (0, 1], "slow in forest". For the `default` class
   * and every other class that gives none of its own. Default: full speed everywhere.
   */
  speed?: TileSpeed;
  /**
   * What planners minimise ({@link PlanFor}): for the `default` class and every other class that
   * says nothing. Default `distance`.
   *
   * @example
   * ```ts
   * // Forest tiles have `speed: 0.5`: tanks drive round a wood when that is quicker.
   * this.pathfinding.useTilemap(layer, { speed: 'speed', planFor: 'time' });
   * ```
   */
  planFor?: PlanFor;
  /**
   * Tiles compared with the grid per frame, in rotation, to catch edits made behind the layer's
   * back (`tile.index = 5`, `tile.setCollision(true)`); 0 turns the scan off. Default 1024.
   */
  scanPerFrame?: number;
}

/** Default tiles checked per frame by the background scan: a few microseconds. */
export const DEFAULT_SCAN_PER_FRAME = 1024;

/**
 * Methods of a layer (and of its tilemap, with a layer argument) that change tiles or collision.
 * The value gives the changed area from the call's arguments when it is a single tile, or null
 * for "the whole layer".
 */
const EDITS: Record<string, ((args: readonly unknown[], map: TilemapGrid) => GridArea | null) | null> = {
  putTileAt: (a) => cell(a[1], a[2]),
  removeTileAt: (a) => cell(a[0], a[1]),
  putTileAtWorldXY: (a, m) => worldCell(m, a[1], a[2]),
  removeTileAtWorldXY: (a, m) => worldCell(m, a[0], a[1]),
  putTilesAt: null,
  fill: null,
  randomize: null,
  weightedRandomize: null,
  replaceByIndex: null,
  swapByIndex: null,
  shuffle: null,
  copy: null,
  setCollision: null,
  setCollisionBetween: null,
  setCollisionByProperty: null,
  setCollisionByExclusion: null,
  setCollisionFromCollisionGroup: null,
};

function cell(x: unknown, y: unknown): GridArea | null {
  return typeof x === 'number' && typeof y === 'number' ? { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 } : null;
}

function worldCell(map: TilemapGrid, x: unknown, y: unknown): GridArea | null {
  if (typeof x !== 'number' || typeof y !== 'number') return null;
  const p = map.toTile(x, y);
  return cell(p.x, p.y);
}

type Methods = Record<string, unknown>;

/**
 * The grid of a set of tilemap layers that share one geometry: a cell is blocked when a tile
 * there collides on any layer, or the `blocked` predicate says so. Edits through the layers' or
 * the tilemap's methods are picked up at the next {@link flush}; other edits by the background
 * scan, or at once with {@link refresh}.
 *
 * World and tile coordinates: tile (x, y) covers the world rectangle from
 * `toWorld(x, y)` to `toWorld(x + 1, y + 1)`; layer position and scale count, rotation does not.
 */
export class TilemapGrid {
  /** The grid of the `default` class: the collision flags and the `blocked` predicate. */
  readonly grid: Grid;
  /** Every movement class's grid (`default` and `options.classes`), each built on first use. */
  readonly classes: MovementGrids;
  /** Every movement class's speed factors (`speed` options), re-read with the grids. */
  readonly speeds: TerrainSpeeds;
  readonly layers: readonly PathfindingLayer[];
  /** World size of a tile. */
  readonly tileWidth: number;
  readonly tileHeight: number;
  private readonly dirty: GridArea[] = [];
  private readonly restore: (() => void)[] = [];
  private scanAt = 0;
  private readonly scanPerFrame: number;
  /** Costs set per cell with {@link setCost}, by class, then by cell index `y * width + x`. */
  private readonly cellCosts = new Map<string, Map<number, number>>();
  /** Costs set per tile index with {@link setTileCost}, by class, then by tile index. */
  private readonly indexCosts = new Map<string, Map<number, number>>();
  /** Cells the rolling scan could not read (a bad cost), with the message already reported. */
  private readonly unreadable = new Map<number, string>();

  /**
   * @throws RangeError when no layer is given, or the layers differ in size, tile size, position
   *   or scale; TypeError or RangeError naming a bad movement class, a bad `costs` option, or a
   *   tile whose cost is bad (for any class, built or not).
   */
  constructor(
    layers: PathfindingLayer | readonly PathfindingLayer[],
    options: TilemapOptions = {},
  ) {
    const list = (Array.isArray(layers) ? [...layers] : [layers]) as PathfindingLayer[];
    const first = list[0];
    if (first === undefined || first === null) throw new RangeError('useTilemap needs at least one tilemap layer');
    for (const layer of list) {
      if (!layer || typeof layer !== 'object' || !('layer' in layer) || !layer.layer) {
        throw new RangeError(`useTilemap expects TilemapLayer or TilemapGPULayer objects, got ${String(layer)}`);
      }
      const same =
        layer.layer.width === first.layer.width &&
        layer.layer.height === first.layer.height &&
        layer.layer.baseTileWidth === first.layer.baseTileWidth &&
        layer.layer.baseTileHeight === first.layer.baseTileHeight &&
        layer.x === first.x &&
        layer.y === first.y &&
        layer.scaleX === first.scaleX &&
        layer.scaleY === first.scaleY;
      if (!same) {
        throw new RangeError(`layer "${layer.layer.name}" differs from layer "${first.layer.name}" in size, tile size, position or scale`);
      }
    }
    this.layers = list;
    this.tileWidth = first.layer.baseTileWidth * first.scaleX;
    this.tileHeight = first.layer.baseTileHeight * first.scaleY;
    this.scanPerFrame = options.scanPerFrame ?? DEFAULT_SCAN_PER_FRAME;
    const defaults = checkClass('the default class', '', { collision: options.collision ?? true, blocked: options.blocked, costs: options.costs, planFor: options.planFor });
    const speed = speedReader('speed', options.speed);
    const rules: Record<string, CellRule> = { [DEFAULT_MOVEMENT_CLASS]: this.rule(defaults) };
    const speeds: Record<string, TileReader | undefined> = { [DEFAULT_MOVEMENT_CLASS]: speed };
    // Planning for time divides each cost by the cell's speed factor, read from the tiles as the
    // follower's factors are (the same rule), so an edit changes both together.
    const timed = (name: string, planFor: PlanFor | undefined): SpeedRule | undefined => {
      const source = speeds[name];
      return (planFor ?? defaults.planFor) === 'time' && source !== undefined ? speedRule(list, source, name) : undefined;
    };
    const costs: Record<string, CellCostRule> = {
      [DEFAULT_MOVEMENT_CLASS]: this.costRule(DEFAULT_MOVEMENT_CLASS, defaults.costs, timed(DEFAULT_MOVEMENT_CLASS, undefined)),
    };
    for (const [name, definition] of classEntries(options.classes)) {
      rules[name] = this.rule(definition);
      speeds[name] = speedReader(`movement class "${name}": speed`, definition.speed) ?? speed;
      costs[name] = this.costRule(name, definition.costs ?? defaults.costs, timed(name, definition.planFor));
    }
    this.classes = new MovementGrids(first.layer.width, first.layer.height, rules, costs);
    // Every class's costs now, built or not: a bad tile is the map's error, not a first unit's.
    this.classes.checkCosts();
    this.grid = this.classes.grid(DEFAULT_MOVEMENT_CLASS);
    this.speeds = tileSpeeds(list, speeds);
    const seen = new Set<object>();
    for (const layer of list) {
      this.watch(layer as unknown as Methods, seen);
      if (layer.tilemap) this.watch(layer.tilemap as unknown as Methods, seen);
    }
  }

  /** World position of the left edge of the map. */
  get originX(): number {
    return this.layers[0]!.x;
  }

  get originY(): number {
    return this.layers[0]!.y;
  }

  /** World point to tile units (fractional). */
  toTile(x: number, y: number): Point {
    return { x: (x - this.originX) / this.tileWidth, y: (y - this.originY) / this.tileHeight };
  }

  /** Tile units to a world point. */
  toWorld(x: number, y: number): Point {
    return { x: this.originX + x * this.tileWidth, y: this.originY + y * this.tileHeight };
  }

  /**
   * True when the tiles at (x, y) block units of movement class `moves` (default `default`: a
   * colliding tile on any layer, or the `blocked` predicate).
   * @throws RangeError naming an unknown class.
   */
  blockedAt(x: number, y: number, moves: string = DEFAULT_MOVEMENT_CLASS): boolean {
    return this.classes.blocks(moves, x, y);
  }

  /**
   * The tile cost of cell (x, y) for units of class `moves` (default `default`), as the grid will
   * read it: a cost set with {@link setCost}, else the topmost layer's tile with a cost (by
   * {@link setTileCost}, else the `costs` option), else 1.
   * @throws RangeError naming an unknown class; TypeError or RangeError naming a bad tile cost.
   */
  costAt(x: number, y: number, moves: string = DEFAULT_MOVEMENT_CLASS): number {
    return this.classes.cost(moves, x, y);
  }

  /**
   * Sets the cost of cell (x, y) (tiles) for units of class `moves` (default `default`), over
   * whatever its tiles say, until set again; `null` gives the cell back to its tiles. Applied at
   * once to the class's grid (if built), so the next searches see it; a search in progress goes on
   * with the costs it has read (a cost edit changes no blocking: see `Grid.setCost`).
   * @throws RangeError when (x, y) is not a cell of the map, the cost is not a number from 1 to `MAX_TILE_COST`
   *   (or null), or the class is unknown; nothing changes then.
   */
  setCost(x: number, y: number, cost: number | null, moves: string = DEFAULT_MOVEMENT_CLASS): void {
    this.classes.check(moves);
    const { width, height } = this.grid;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) {
      throw new RangeError(`setCost needs a tile of the ${width}x${height} map, got (${String(x)}, ${String(y)})`);
    }
    checkSetCost('setCost', cost, `tile (${x}, ${y})`);
    setOrClear(this.cellCosts, moves, y * width + x, cost);
    this.refresh({ x, y, width: 1, height: 1 });
  }

  /**
   * Sets the cost of every tile of index `index` for units of class `moves` (default `default`),
   * on any layer, over the `costs` option, until set again; `null` takes it back. A cell takes its
   * topmost layer's tile that has a cost. Like easystar's `setTileCost`. Applied at once: the
   * whole map is re-read.
   * @throws RangeError when `index` is not an integer, the cost is not a number from 1 to `MAX_TILE_COST` (or
   *   null), or the class is unknown; nothing changes then. What a refresh throws.
   */
  setTileCost(index: number, cost: number | null, moves: string = DEFAULT_MOVEMENT_CLASS): void {
    this.classes.check(moves);
    if (!Number.isInteger(index)) throw new RangeError(`setTileCost needs an integer tile index, got ${String(index)}`);
    checkSetCost('setTileCost', cost, `tile index ${index}`);
    setOrClear(this.indexCosts, moves, index, cost);
    this.refresh();
  }

  /**
   * The cost rule of class `name` (see {@link costAt}), reading `source` for the tiles; with
   * `speed` (planning for time) each cost is divided by the cell's speed factor.
   */
  private costRule(name: string, source: TileReader | undefined, speed?: SpeedRule): CellCostRule {
    const width = this.layers[0]!.layer.width;
    const distance = this.distanceCostRule(name, source, width);
    if (speed === undefined) return distance;
    return (x, y) => Math.min(MAX_TILE_COST, distance(x, y) / speed(x, y));
  }

  /** {@link costRule} for distance: the cost set on the cell, for its tile's index, or from `source`. */
  private distanceCostRule(name: string, source: TileReader | undefined, width: number): CellCostRule {
    return (x, y) => {
      const set = this.cellCosts.get(name)?.get(y * width + x);
      if (set !== undefined) return set;
      const byIndex = this.indexCosts.get(name);
      if (source === undefined && byIndex === undefined) return 1;
      for (let i = this.layers.length - 1; i >= 0; i--) {
        const layer = this.layers[i]!;
        const tile = layer.layer.data[y]?.[x] ?? null;
        const indexed = tile === null ? undefined : byIndex?.get(tile.index);
        if (indexed !== undefined) return indexed;
        if (source === undefined) continue;
        const cost = source.read(tile, x, y, layer);
        if (cost !== undefined) return checkTileCost(cost, source.from, tile, x, y, layer, name);
      }
      return 1;
    };
  }

  /** The rule of one class: what {@link blockedAt} answers for it. */
  private rule(definition: CheckedClass): CellRule {
    const { passable, blocked, collision } = definition;
    const rule = (x: number, y: number): boolean => {
      let matched = passable === undefined;
      for (const layer of this.layers) {
        const tile = layer.layer.data[y]?.[x] ?? null;
        if (collision && tile !== null && tile.collides) return true;
        if (blocked && blocked(tile, x, y, layer)) return true;
        if (!matched && tile !== null) matched = passable!(tile);
      }
      return !matched;
    };
    return rule;
  }

  /**
   * The grid of movement class `moves`, built on the first call (see {@link MovementGrids.grid}).
   * @throws RangeError naming an unknown class.
   */
  gridOf(moves: string): Grid {
    return this.classes.grid(moves);
  }

  /** Marks an area (tiles; default the whole map) to be re-read at the next {@link flush}. */
  markDirty(area?: GridArea): void {
    this.dirty.push(area ?? { x: 0, y: 0, width: this.grid.width, height: this.grid.height });
  }

  /** Re-reads an area (tiles; default the whole map) now, on the grid of every built movement class. */
  refresh(area?: GridArea): void {
    try {
      this.classes.refresh(area);
    } finally {
      this.speeds.refresh(area);
    }
  }

  /**
   * Applies the edits seen since the last call, and scans the next tiles in rotation (on every
   * built class's grid).
   */
  /**
   * An area whose refresh throws (a bad tile cost) is re-read cell by cell, so that its good cells
   * arrive at once and only the bad ones keep their old state. A cell that cannot be read is
   * reported once, until it reads again.
   * @throws the errors met, once all is done (several as an `AggregateError`).
   */
  flush(): void {
    const grid = this.grid;
    const cells = grid.width * grid.height;
    const scan = Math.min(this.scanPerFrame, cells);
    const built = this.classes.builtNames();
    const errors: unknown[] = [];
    for (let i = 0; i < scan; i++) {
      const at = this.scanAt;
      this.scanAt = at + 1 >= cells ? 0 : at + 1;
      const x = at % grid.width;
      const y = (at / grid.width) | 0;
      const read = this.readable(at, errors, () => {
        if (built.some((name) => this.classes.stale(name, x, y)) || this.speeds.stale(x, y)) this.dirty.push({ x, y, width: 1, height: 1 });
      });
      // A game's rule that throws would throw at every cell: one report a frame is enough.
      if (!read) break;
    }
    for (const area of this.dirty.splice(0)) {
      const x0 = Math.max(0, Math.floor(area.x));
      const y0 = Math.max(0, Math.floor(area.y));
      const x1 = Math.min(grid.width, Math.floor(area.x + area.width));
      const y1 = Math.min(grid.height, Math.floor(area.y + area.height));
      if (x1 > x0 && y1 > y0) this.refreshSplit(x0, y0, x1 - x0, y1 - y0, errors);
    }
    if (errors.length > 0) throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} errors while tile edits reached the grids`);
  }

  /**
   * Refreshes an area (inside the map); when a bad tile cost refuses it, its two halves, down to
   * the bad cells: one bad cell among n costs about 3n reads, not n refreshes of one cell.
   */
  private refreshSplit(x: number, y: number, width: number, height: number, errors: unknown[]): void {
    if (width === 1 && height === 1) {
      this.readable(y * this.grid.width + x, errors, () => this.refresh({ x, y, width, height }));
      return;
    }
    try {
      this.refresh({ x, y, width, height });
    } catch (error) {
      if (!isCostError(error)) {
        errors.push(error);
        return;
      }
      if (width >= height) {
        const half = width >> 1;
        this.refreshSplit(x, y, half, height, errors);
        this.refreshSplit(x + half, y, width - half, height, errors);
      } else {
        const half = height >> 1;
        this.refreshSplit(x, y, width, half, errors);
        this.refreshSplit(x, y + half, width, height - half, errors);
      }
    }
  }

  /**
   * Runs `read` on cell `at`, adding a bad-cost error to `errors` unless this cell's was reported;
   * false when it threw something else (added to `errors` too).
   */
  private readable(at: number, errors: unknown[], read: () => void): boolean {
    try {
      read();
      this.unreadable.delete(at);
    } catch (error) {
      if (!isCostError(error)) {
        errors.push(error);
        return false;
      }
      if (this.unreadable.get(at) !== error.message) errors.push(error);
      this.unreadable.set(at, error.message);
    }
    return true;
  }

  /** Puts the layers' and tilemap's methods back. */
  destroy(): void {
    for (const undo of this.restore.splice(0)) undo();
    this.dirty.length = 0;
  }

  /** Wraps the editing methods of `target` so that each call marks what it changed. */
  private watch(target: Methods, seen: Set<object>): void {
    if (seen.has(target)) return;
    seen.add(target);
    for (const [name, areaOf] of Object.entries(EDITS)) {
      const original = target[name];
      if (typeof original !== 'function') continue;
      const own = Object.prototype.hasOwnProperty.call(target, name);
      const map = this;
      target[name] = function (this: unknown, ...args: unknown[]): unknown {
        const result: unknown = original.apply(this, args);
        map.markDirty(areaOf?.(args, map) ?? undefined);
        return result;
      };
      this.restore.push(() => {
        if (own) target[name] = original;
        else delete target[name];
      });
    }
  }
}

/** The fields a {@link MovementClass} may have: anything else is a typo worth an error. */
const CLASS_FIELDS: readonly string[] = ['passable', 'blocked', 'collision', 'costs', 'speed', 'planFor'] satisfies (keyof MovementClass)[];

/**
 * A movement class checked, its tile options made readers: what {@link TilemapGrid} reads the
 * tiles with.
 */
interface CheckedClass {
  /** True for a tile the class moves on; undefined: the class moves on every tile. */
  readonly passable: ((tile: Phaser.Tilemaps.Tile) => boolean) | undefined;
  readonly blocked: TilePredicate | undefined;
  readonly collision: boolean;
  readonly costs: TileReader | undefined;
  readonly planFor: PlanFor | undefined;
  /** The class's own `speed` option, as given (read by `tileSpeeds`). */
  readonly speed: TileSpeed | undefined;
}

/** Tile costs' range, for the messages about a table of costs. */
const COST_KIND: ValueKind = {
  noun: 'cost',
  legal: (cost) => cost >= 1 && cost <= MAX_TILE_COST,
  range: `a number from 1 to ${MAX_TILE_COST}`,
};

/**
 * The classes of `useTilemap`'s options, checked.
 * @throws TypeError or RangeError naming the bad class or field.
 */
function classEntries(classes: TilemapOptions['classes']): [string, CheckedClass][] {
  if (classes === undefined) return [];
  if (typeof classes !== 'object' || classes === null || Array.isArray(classes)) {
    throw new TypeError(`classes must be an object of movement classes by name, got ${describe(classes)}`);
  }
  return Object.entries(classes).map(([name, definition]) => {
    if (name === '') throw new RangeError('a movement class needs a name, got ""');
    if (name === DEFAULT_MOVEMENT_CLASS) {
      throw new RangeError(`"${DEFAULT_MOVEMENT_CLASS}" is the class of the collision flags and the blocked option: give the other classes other names`);
    }
    return [name, checkClass(`movement class "${name}"`, `movement class "${name}": `, definition)];
  });
}

/**
 * @param prefix what comes before a field's name in messages: `movement class "water": `, or
 *   nothing for the top-level options (the default class).
 * @throws TypeError or RangeError naming `what` and its bad field.
 */
function checkClass(what: string, prefix: string, definition: MovementClass): CheckedClass {
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
    throw new TypeError(`${what} must be an object ({ passable?, blocked?, collision?, costs? }), got ${describe(definition)}`);
  }
  for (const key of Object.keys(definition)) {
    if (!CLASS_FIELDS.includes(key)) throw new RangeError(`${what} has an unknown field "${key}" (it may have ${CLASS_FIELDS.join(', ')})`);
  }
  const { passable, blocked, collision, costs, planFor, speed } = definition;
  if (planFor !== undefined && planFor !== 'distance' && planFor !== 'time') throw new RangeError(`${what}: planFor must be "distance" or "time", got ${typeof planFor === 'string' ? excerpt(planFor) : describe(planFor)}`);
  if (collision !== undefined && typeof collision !== 'boolean') throw new TypeError(`${what}: collision must be a boolean, got ${describe(collision)}`);
  return {
    passable: passableRule(prefix, passable),
    blocked: blockedRule(prefix, blocked),
    collision: collision ?? false,
    costs: tileReader(`${prefix}costs`, costs, COST_KIND, 'costs'),
    planFor,
    speed,
  };
}

/** A class's `passable` as a test of one tile. @throws TypeError naming a bad form or index. */
function passableRule(prefix: string, passable: MovementClass['passable']): CheckedClass['passable'] {
  if (passable === undefined) return undefined;
  if (Array.isArray(passable)) {
    const indices = indexList(`${prefix}passable`, passable);
    return (tile) => indices.has(tile.index);
  }
  if (typeof passable !== 'object' || passable === null || passable instanceof Map || passable instanceof Set) {
    throw new TypeError(`${prefix}passable must be an object of tile properties ({ water: true }) or an array of tile indices ([WATER]), got ${describe(passable)}`);
  }
  const wanted = Object.entries(passable);
  return (tile) => hasProperties(tile, wanted);
}

/** A class's `blocked` as a predicate. @throws TypeError naming a bad form or index. */
function blockedRule(prefix: string, blocked: MovementClass['blocked']): TilePredicate | undefined {
  if (blocked === undefined || typeof blocked === 'function') return blocked;
  if (!Array.isArray(blocked)) {
    throw new TypeError(`${prefix}blocked must be a function (tile, x, y, layer) => boolean or an array of tile indices ([WALL]), got ${describe(blocked)}`);
  }
  const indices = indexList(`${prefix}blocked`, blocked);
  return (tile) => tile !== null && indices.has(tile.index);
}

/** The errors {@link checkTileCost} threw: a bad tile, as against a game listener's or function's error. */
const costErrors = new WeakSet<object>();

function isCostError(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && (costErrors.has(error) || isTileSpeedError(error));
}

/**
 * `cost` when it is a legal tile cost (a number from 1 to `MAX_TILE_COST`).
 * @throws TypeError (not a number) or RangeError (not finite, below 1) naming the class, the cell,
 *   the layer, the tile, where the cost came from and the value.
 */
function checkTileCost(
  cost: unknown,
  from: string,
  tile: Phaser.Tilemaps.Tile | null,
  x: number,
  y: number,
  layer: PathfindingLayer,
  moves: string,
): number {
  if (typeof cost === 'number' && cost >= 1 && cost <= MAX_TILE_COST) return cost;
  const where = `cell (${x}, ${y}) on layer "${layer.layer.name}" (${tile === null ? 'no tile' : `tile index ${tile.index}`})`;
  const value = typeof cost === 'string' ? excerpt(cost) : typeof cost === 'number' ? String(cost) : describe(cost);
  const forClass = moves === DEFAULT_MOVEMENT_CLASS ? '' : ` (movement class "${moves}")`;
  const message = `tile cost of ${where}${forClass}: ${from} ${value}, and a tile cost must be a number from 1 to ${MAX_TILE_COST}`;
  const error = typeof cost === 'number' ? new RangeError(message) : new TypeError(message);
  costErrors.add(error);
  throw error;
}

/** @throws RangeError unless `cost` is null or a number from 1 to `MAX_TILE_COST`. */
function checkSetCost(method: string, cost: unknown, what: string): void {
  if (cost === null || (typeof cost === 'number' && cost >= 1 && cost <= MAX_TILE_COST)) return;
  throw new RangeError(`${method} needs a cost from 1 to ${MAX_TILE_COST} (or null to clear it) for ${what}, got ${typeof cost === 'number' ? String(cost) : describe(cost)}`);
}

/** Sets `key` of class `moves`'s map to `cost`, or deletes it for null. */
function setOrClear(byClass: Map<string, Map<number, number>>, moves: string, key: number, cost: number | null): void {
  let map = byClass.get(moves);
  if (cost === null) {
    map?.delete(key);
    return;
  }
  if (!map) byClass.set(moves, (map = new Map()));
  map.set(key, cost);
}

/** True when the tile has every wanted property with exactly the wanted value. */
function hasProperties(tile: Phaser.Tilemaps.Tile, wanted: readonly [string, unknown][]): boolean {
  const properties = tile.properties as Record<string, unknown> | null | undefined;
  if (typeof properties !== 'object' || properties === null) return false;
  for (const [key, value] of wanted) if (properties[key] !== value) return false;
  return true;
}
