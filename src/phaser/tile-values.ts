/**
 * Values by tile index (issue 30, maps made in code): the `costs` and `speed` options of
 * `useTilemap` as a table of index to value, and movement classes by a list of indices, so that a
 * map from `make.tilemap({ data })`, whose tiles have no properties, needs none.
 */
import type Phaser from 'phaser';
import { excerpt } from '../grid/excerpt.js';

type Tile = Phaser.Tilemaps.Tile;
type Layer = Phaser.Tilemaps.TilemapLayerBase;

/**
 * A value per tile index: `{ [MUD]: 4, [ROAD]: 1 }` or `new Map([[MUD, 4]])`. Keys are tile
 * indices (integers: the numbers of `make.tilemap({ data })`, or Tiled's global ids as Phaser
 * gives them in `tile.index`); a tile whose index is not in the table has no value of its own.
 * Like easystar.js's `setTileCost(index, cost)`, and it follows the tiles: after `putTileAt` a
 * cell reads the new tile's index, with nothing else to set.
 */
export type TileIndexValues = ReadonlyMap<number, number> | Readonly<Record<number, number>>;

/**
 * A tile option (`costs`, `speed`) made one reader: what the tile says, undefined for no value of
 * its own. `from` says where a value came from, for error messages ("its property \"cost\" is").
 */
export interface TileReader {
  read(tile: Tile | null, x: number, y: number, layer: Layer): unknown;
  readonly from: string;
}

/** The checks of one kind of value: its name in messages and its legal range. */
export interface ValueKind {
  /** "cost", "speed factor". */
  readonly noun: string;
  readonly legal: (value: number) => boolean;
  /** "a number from 1 to 1000". */
  readonly range: string;
}

/**
 * The reader of a tile option: a property name, a table by index ({@link TileIndexValues}) or a
 * function `(tile, x, y, layer)`. Undefined for undefined. A table is checked whole here.
 * @param what the option's name in messages (`costs`, `movement class "water": speed`).
 * @throws TypeError naming an unknown form (an array, a Set, an empty name, a number, ...) or a
 *   table value that is not a number; RangeError naming a key that is not a tile index, or a
 *   value out of range, with the index.
 */
export function tileReader(
  what: string,
  source: unknown,
  kind: ValueKind,
  functionName: string,
): TileReader | undefined {
  if (source === undefined) return undefined;
  if (typeof source === 'string' && source !== '') {
    return { read: (tile) => propertyOf(tile, source), from: `its property "${source}" is` };
  }
  if (typeof source === 'function') {
    const read = source as (tile: Tile | null, x: number, y: number, layer: Layer) => unknown;
    return { read, from: `the ${functionName} function returned` };
  }
  const table = indexTable(what, source, kind);
  if (table !== undefined) return { read: (tile) => (tile === null ? undefined : table.get(tile.index)), from: `its index's ${kind.noun} is` };
  throw new TypeError(
    `${what} must be a tile property name or a function (tile, x, y, layer) => number | undefined, or a table of ${kind.noun}s by tile index ({ [index]: ${kind.noun} } or a Map), got ${describe(source)}`,
  );
}

/**
 * A movement class's list of tile indices (`passable: [WATER]`), as a set.
 * @throws TypeError when an entry is not an integer, naming it and its place.
 */
export function indexList(what: string, list: readonly unknown[]): ReadonlySet<number> {
  list.forEach((index, i) => {
    if (!Number.isInteger(index)) {
      throw new TypeError(`${what}[${i}] must be a tile index (an integer), got ${typeof index === 'number' ? String(index) : typeof index === 'string' ? excerpt(index) : describe(index)}`);
    }
  });
  return new Set(list as readonly number[]);
}

/** A table by index as a Map, checked; undefined when `source` is not a Map or a plain object. */
function indexTable(what: string, source: unknown, kind: ValueKind): ReadonlyMap<number, number> | undefined {
  let entries: [unknown, unknown][];
  if (source instanceof Map) entries = [...(source as Map<unknown, unknown>).entries()];
  else if (isPlainObject(source)) entries = Object.entries(source).map(([key, value]) => [indexKey(key), value]);
  else return undefined;
  const table = new Map<number, number>();
  for (const [index, value] of entries) {
    if (typeof index !== 'number' || !Number.isInteger(index)) {
      const shown = typeof index === 'string' ? excerpt(index) : typeof index === 'number' ? String(index) : describe(index);
      throw new RangeError(`${what}: the key ${shown} is not a tile index: a table of ${kind.noun}s has integer tile indices as keys ({ [index]: ${kind.noun} })`);
    }
    if (typeof value !== 'number') throw new TypeError(`${what}: tile index ${index} has ${kind.noun} ${typeof value === 'string' ? excerpt(value) : describe(value)}, and a ${kind.noun} must be ${kind.range}`);
    if (!kind.legal(value)) throw new RangeError(`${what}: tile index ${index} has ${kind.noun} ${String(value)}, and a ${kind.noun} must be ${kind.range}`);
    table.set(index, value);
  }
  return table;
}

/** An object key as a tile index when it spells an integer exactly ("7", "-1"), else the key itself. */
function indexKey(key: string): number | string {
  const n = Number(key);
  return Number.isSafeInteger(n) && String(n) === key ? n : key;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A tile's value of property `name`, undefined for an empty cell or a tile without it. */
export function propertyOf(tile: Tile | null, name: string): unknown {
  const properties = tile?.properties as Record<string, unknown> | null | undefined;
  return typeof properties === 'object' && properties !== null ? properties[name] : undefined;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Set) return 'a Set';
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  if (typeof value === 'string') return value === '' ? 'the empty string' : excerpt(value);
  return typeof value;
}
