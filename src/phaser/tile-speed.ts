/**
 * Terrain speed from tiles (issue 18, "Roads and speed"): the `speed` option of `useTilemap`
 * turned into one speed rule per movement class for {@link TerrainSpeeds}.
 */
import type Phaser from 'phaser';
import { excerpt } from '../grid/excerpt.js';
import { DEFAULT_MOVEMENT_CLASS } from '../follow/movement-grids.js';
import { TerrainSpeeds, type SpeedRule } from '../follow/terrain-speed.js';
import { describe, tileReader, type TileIndexValues, type TileReader, type ValueKind } from './tile-values.js';

type Layer = Phaser.Tilemaps.TilemapLayerBase;

/**
 * A tile's speed factor: units drive over its cell at their top speed times this, a number in
 * (0, 1] ("slow in forest": 0.5). From a tile property, the tile's index or a function:
 *
 * - a property name, e.g. `'speed'`: the tile's `tile.properties.speed` (in Tiled, a custom
 *   `float` property of the tile in its tileset); a tile without it has no speed of its own;
 * - a table by tile index ({@link TileIndexValues}), e.g. `{ [FOREST]: 0.5 }`: for a map made in
 *   code (`make.tilemap({ data })`, whose tiles have no properties); it follows `putTileAt`;
 * - `(tile, x, y, layer) => number | undefined` (`tile` null for an empty cell), `undefined` for
 *   no speed of its own.
 *
 * A cell's factor comes from its topmost layer whose tile has one (a road layer over the forest
 * wins); a cell where none has one is full speed (1). Anything but a number in (0, 1] is an
 * error naming the cell, the layer, the tile and the value (for a table: the index and the value).
 *
 * @example
 * ```ts
 * this.pathfinding.useTilemap(layer, { speed: 'speed' }); // Tiled property "speed" per tile
 * this.pathfinding.useTilemap(layer, { speed: { [FOREST]: 0.5, [SWAMP]: 0.25 } }); // by tile index
 * this.pathfinding.useTilemap(layer, { speed: (tile) => (tile?.index === FOREST ? 0.5 : undefined) });
 * ```
 */
export type TileSpeed = string | TileIndexValues | ((tile: Phaser.Tilemaps.Tile | null, x: number, y: number, layer: Layer) => number | undefined);

/** Speed factors' range, for the messages about a bad factor. */
const SPEED_KIND: ValueKind = { noun: 'speed factor', legal: (factor) => factor > 0 && factor <= 1, range: 'a number in (0, 1]' };

/**
 * A `speed` option made a reader (undefined for undefined).
 * @param what the option's name in messages (`speed`, `movement class "water": speed`).
 * @throws TypeError naming an unknown form; TypeError or RangeError naming a bad entry of a table.
 */
export function speedReader(what: string, source: unknown): TileReader | undefined {
  return tileReader(what, source, SPEED_KIND, 'speed');
}

/**
 * The speed factors of every movement class of a map: a class's own `speed`, else the top-level
 * one; a class with neither drives at full speed (no factors kept). Built at once, so that a bad
 * tile is the map's error rather than its first unit's.
 * @param speeds each class's reader ({@link speedReader}), undefined for full speed.
 * @throws TypeError or RangeError naming the cell, layer, tile and value of a bad factor.
 */
export function tileSpeeds(layers: readonly Layer[], speeds: Readonly<Record<string, TileReader | undefined>>): TerrainSpeeds {
  const first = layers[0]!;
  const rules: Record<string, SpeedRule> = {};
  for (const [name, source] of Object.entries(speeds)) if (source !== undefined) rules[name] = speedRule(layers, source, name);
  const terrain = new TerrainSpeeds(first.layer.width, first.layer.height, rules);
  for (const name of Object.keys(rules)) terrain.of(name);
  return terrain;
}

/** The rule of one class: the topmost layer's tile with a speed, else 1. */
export function speedRule(layers: readonly Layer[], source: TileReader, moves: string): SpeedRule {
  return (x, y) => {
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i]!;
      const tile = layer.layer.data[y]?.[x] ?? null;
      const factor = source.read(tile, x, y, layer);
      if (factor !== undefined) return checkTileSpeed(factor, source.from, tile, x, y, layer, moves);
    }
    return 1;
  };
}

/**
 * `factor` when it is a number in (0, 1].
 * @throws TypeError (not a number) or RangeError naming the class, cell, layer, tile, source and value.
 */
function checkTileSpeed(factor: unknown, from: string, tile: Phaser.Tilemaps.Tile | null, x: number, y: number, layer: Layer, moves: string): number {
  if (typeof factor === 'number' && factor > 0 && factor <= 1) return factor;
  const where = `cell (${x}, ${y}) on layer "${layer.layer.name}" (${tile === null ? 'no tile' : `tile index ${tile.index}`})`;
  const value = typeof factor === 'string' ? excerpt(factor) : typeof factor === 'number' ? String(factor) : describe(factor);
  const forClass = moves === DEFAULT_MOVEMENT_CLASS ? '' : ` (movement class "${moves}")`;
  const message = `speed factor of ${where}${forClass}: ${from} ${value}, and a speed factor must be a number in (0, 1]`;
  const error = typeof factor === 'number' ? new RangeError(message) : new TypeError(message);
  speedErrors.add(error);
  throw error;
}

/** The errors {@link checkTileSpeed} threw: a bad tile, as against an error of the game's own speed function. */
const speedErrors = new WeakSet<object>();

/**
 * True for the error of a tile with a bad speed factor: the tilemap reports it once per cell
 * until the cell reads again, as it does a bad tile cost.
 */
export function isTileSpeedError(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && speedErrors.has(error);
}
