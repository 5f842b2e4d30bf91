/**
 * A {@link Grid} that mirrors one or more tilemap layers and follows their edits.
 */
import type Phaser from 'phaser';
import { Grid, type GridArea } from '../grid/grid.js';
import type { Point } from '../grid/point.js';

/** A layer the plugin can read: `TilemapLayer` or `TilemapGPULayer`. */
export type PathfindingLayer = Phaser.Tilemaps.TilemapLayerBase;

/** Options of `useTilemap`. */
export interface TilemapOptions {
  /**
   * Blocks the cell of a tile when it returns true, besides (or, with `collision: false`,
   * instead of) the layer's collision flags. Called for empty cells too, with `tile` null.
   */
  blocked?: (tile: Phaser.Tilemaps.Tile | null, x: number, y: number, layer: PathfindingLayer) => boolean;
  /** Block tiles that collide (`setCollision`, `setCollisionByProperty`, ...). Default true. */
  collision?: boolean;
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
  readonly grid: Grid;
  readonly layers: readonly PathfindingLayer[];
  /** World size of a tile. */
  readonly tileWidth: number;
  readonly tileHeight: number;
  private readonly dirty: GridArea[] = [];
  private readonly restore: (() => void)[] = [];
  private scanAt = 0;
  private readonly scanPerFrame: number;

  /**
   * @throws RangeError when no layer is given, or the layers differ in size, tile size, position
   *   or scale.
   */
  constructor(
    layers: PathfindingLayer | readonly PathfindingLayer[],
    private readonly options: TilemapOptions = {},
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
    this.grid = Grid.fromPredicate(first.layer.width, first.layer.height, (x, y) => this.blockedAt(x, y));
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

  /** True when the tiles at (x, y) block: a colliding tile on any layer, or the predicate. */
  blockedAt(x: number, y: number): boolean {
    const collision = this.options.collision ?? true;
    const predicate = this.options.blocked;
    for (const layer of this.layers) {
      const tile = layer.layer.data[y]?.[x] ?? null;
      if (collision && tile !== null && tile.collides) return true;
      if (predicate && predicate(tile, x, y, layer)) return true;
    }
    return false;
  }

  /** Marks an area (tiles; default the whole map) to be re-read at the next {@link flush}. */
  markDirty(area?: GridArea): void {
    this.dirty.push(area ?? { x: 0, y: 0, width: this.grid.width, height: this.grid.height });
  }

  /** Re-reads an area (tiles; default the whole map) now. */
  refresh(area?: GridArea): void {
    const a = area ?? { x: 0, y: 0, width: this.grid.width, height: this.grid.height };
    this.grid.fill(a.x, a.y, a.width, a.height, (x, y) => this.blockedAt(x, y));
  }

  /** Applies the edits seen since the last call, and scans the next tiles in rotation. */
  flush(): void {
    const grid = this.grid;
    const cells = grid.width * grid.height;
    const scan = Math.min(this.scanPerFrame, cells);
    for (let i = 0; i < scan; i++) {
      const at = this.scanAt;
      this.scanAt = at + 1 >= cells ? 0 : at + 1;
      const x = at % grid.width;
      const y = (at / grid.width) | 0;
      if (this.blockedAt(x, y) !== (grid.cells[at] === 1)) this.dirty.push({ x, y, width: 1, height: 1 });
    }
    if (this.dirty.length === 0) return;
    const areas = this.dirty.splice(0);
    for (const area of areas) this.refresh(area);
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
