/**
 * Terrain speed from tiles (issue 18, "Roads and speed"): the `speed` option of `useTilemap`
 * turned into one speed rule per movement class for {@link TerrainSpeeds}.
 */
import type Phaser from 'phaser';
import { excerpt } from '../grid/excerpt.js';
import { DEFAULT_MOVEMENT_CLASS } from '../follow/movement-grids.js';
import { TerrainSpeeds, type SpeedRule } from '../follow/terrain-speed.js';

type Layer = Phaser.Tilemaps.TilemapLayerBase;

/**
 * A tile's speed factor: units drive over its cell at their top speed times this, a number in
 * (0, 1] ("slow in forest": 0.5). From a tile property or a function:
 *
 * - a property name, e.g. `'speed'`: the tile's `tile.properties.speed` (in Tiled, a custom
 *   `float` property of the tile in its tileset); a tile without it has no speed of its own;
 * - `(tile, x, y, layer) => number | undefined` (`tile` null for an empty cell), `undefined` for
 *   no speed of its own.
 *
 * A cell's factor comes from its topmost layer whose tile has one (a road layer over the forest
 * wins); a cell where none has one is full speed (1). Anything but a number in (0, 1] is an
 * error naming the cell, the layer, the tile and the value.
 *
 * @example
 * ```ts
 * this.pathfinding.useTilemap(layer, { speed: 'speed' }); // Tiled property "speed" per tile
 * this.pathfinding.useTilemap(layer, { speed: (tile) => (tile?.index === FOREST ? 0.5 : undefined) });
 * ```
 */
export type TileSpeed = string | ((tile: Phaser.Tilemaps.Tile | null, x: number, y: number, layer: Layer) => number | undefined);

/**
 * The speed factors of every movement class of a map: a class's own `speed`, else the top-level
 * one; a class with neither drives at full speed (no factors kept). Built at once, so that a bad
 * tile is the map's error rather than its first unit's.
 * @throws TypeError naming a `speed` option that is neither a property name nor a function;
 *   TypeError or RangeError naming the cell, layer, tile and value of a bad factor.
 */
export function tileSpeeds(
  layers: readonly Layer[],
  speed: TileSpeed | undefined,
  classes: Readonly<Record<string, { speed?: TileSpeed }>> | undefined,
): TerrainSpeeds {
  const first = layers[0]!;
  const rules: Record<string, SpeedRule> = {};
  checkSource('speed', speed);
  if (speed !== undefined) rules[DEFAULT_MOVEMENT_CLASS] = speedRule(layers, speed, DEFAULT_MOVEMENT_CLASS);
  for (const [name, definition] of Object.entries(classes ?? {})) {
    const own = definition?.speed;
    checkSource(`movement class "${name}": speed`, own);
    const source = own ?? speed;
    if (source !== undefined) rules[name] = speedRule(layers, source, name);
  }
  const speeds = new TerrainSpeeds(first.layer.width, first.layer.height, rules);
  for (const name of Object.keys(rules)) speeds.of(name);
  return speeds;
}

/** @throws TypeError unless `source` is undefined, a property name or a function. */
function checkSource(what: string, source: unknown): void {
  if (source === undefined || typeof source === 'function' || (typeof source === 'string' && source !== '')) return;
  throw new TypeError(`${what} must be a tile property name or a function (tile, x, y, layer) => number | undefined, got ${describe(source)}`);
}

/** The rule of one class: the topmost layer's tile with a speed, else 1. */
export function speedRule(layers: readonly Layer[], source: TileSpeed, moves: string): SpeedRule {
  return (x, y) => {
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i]!;
      const tile = layer.layer.data[y]?.[x] ?? null;
      const factor = typeof source === 'string' ? propertyOf(tile, source) : source(tile, x, y, layer);
      if (factor !== undefined) return checkTileSpeed(factor, source, tile, x, y, layer, moves);
    }
    return 1;
  };
}

/** A tile's value of property `name`, undefined for an empty cell or a tile without it. */
function propertyOf(tile: Phaser.Tilemaps.Tile | null, name: string): unknown {
  const properties = tile?.properties as Record<string, unknown> | null | undefined;
  return typeof properties === 'object' && properties !== null ? properties[name] : undefined;
}

/**
 * `factor` when it is a number in (0, 1].
 * @throws TypeError (not a number) or RangeError naming the class, cell, layer, tile, source and value.
 */
function checkTileSpeed(factor: unknown, source: TileSpeed, tile: Phaser.Tilemaps.Tile | null, x: number, y: number, layer: Layer, moves: string): number {
  if (typeof factor === 'number' && factor > 0 && factor <= 1) return factor;
  const where = `cell (${x}, ${y}) on layer "${layer.layer.name}" (${tile === null ? 'no tile' : `tile index ${tile.index}`})`;
  const from = typeof source === 'string' ? `its property "${source}" is` : 'the speed function returned';
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

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
