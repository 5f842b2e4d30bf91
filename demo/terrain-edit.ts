/**
 * Reading and editing the map's terrain through its tile properties: which tiles block which
 * unit, placing and removing walls, and the footprint check the test hook samples every frame.
 */
import type * as Phaser from 'phaser';
import { TILE_SIZE } from './terrain.js';
import type { UnitKind } from './units.js';

/** How deep (tiles) a footprint may dip into a blocked tile before it counts as overlapping: float noise. */
const OVERLAP_TOLERANCE = 1e-3;

export class Terrain {
  private readonly indexOf = new Map<string, number>();
  /** Tile properties by tile index, from the tileset (a tile's own copy goes stale when its index changes). */
  private readonly propertiesOf = new Map<number, Record<string, unknown>>();
  /** What stood on a tile before a barricade was placed there. */
  private readonly under = new Map<number, number>();
  /**
   * The layer drawn once into a texture, shown instead of the layer: a layer redraws every tile
   * every frame, which on a software renderer (headless CI) costs most of the frame.
   */
  private readonly picture: Phaser.GameObjects.RenderTexture;

  constructor(readonly layer: Phaser.Tilemaps.TilemapLayer) {
    const tileset = layer.tileset[0]!;
    for (let index = tileset.firstgid; index < tileset.firstgid + tileset.total; index++) {
      const properties = (tileset.getTileProperties(index) ?? {}) as Record<string, unknown>;
      this.propertiesOf.set(index, properties);
      if (typeof properties.terrain === 'string') this.indexOf.set(properties.terrain, index);
    }
    layer.setCollisionByProperty({ collides: true });
    this.picture = layer.scene.add.renderTexture(layer.x, layer.y, layer.width, layer.height).setOrigin(0, 0).setDepth(layer.depth);
    this.paint();
    layer.setVisible(false);
  }

  private paint(): void {
    // An array makes the texture draw the layer even though it is hidden.
    this.picture.clear().draw([this.layer]).render();
  }

  get width(): number {
    return this.layer.layer.width;
  }
  get height(): number {
    return this.layer.layer.height;
  }

  private property(x: number, y: number, name: string): unknown {
    const index = this.layer.getTileAt(x, y, true)?.index ?? -1;
    return this.propertiesOf.get(index)?.[name];
  }

  /** The terrain kind of tile (x, y), from its `terrain` property; undefined outside the map. */
  kindAt(x: number, y: number): string | undefined {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return undefined;
    const terrain = this.property(x, y, 'terrain');
    return typeof terrain === 'string' ? terrain : undefined;
  }

  /** True when a unit of this kind may not enter tile (x, y); outside the map blocks everyone. */
  blocks(kind: UnitKind, x: number, y: number): boolean {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return true;
    return kind.water ? this.property(x, y, 'water') !== true : this.property(x, y, 'collides') === true;
  }

  /**
   * How far (tiles) a disc at (x, y) with the kind's radius (plus `margin`) reaches into the
   * nearest tile it may not enter; 0 when it overlaps none. (x, y) in tile units.
   */
  penetration(kind: UnitKind, x: number, y: number, margin = 0): number {
    const r = kind.radius + margin;
    let worst = 0;
    for (let ty = Math.floor(y - r); ty <= Math.floor(y + r); ty++) {
      for (let tx = Math.floor(x - r); tx <= Math.floor(x + r); tx++) {
        if (!this.blocks(kind, tx, ty)) continue;
        const dx = x - Math.max(tx, Math.min(x, tx + 1));
        const dy = y - Math.max(ty, Math.min(y, ty + 1));
        worst = Math.max(worst, r - Math.hypot(dx, dy));
      }
    }
    return worst > OVERLAP_TOLERANCE ? worst : 0;
  }

  /**
   * Places a barricade on free land (forest too), or removes a wall or barricade. Returns what
   * happened, or undefined when the tile cannot be edited (water, bridge, outside the map).
   * `occupied` says whether a unit stands on the tile, which keeps a wall from being placed there.
   */
  toggleWall(x: number, y: number, occupied: (x: number, y: number) => boolean): 'placed' | 'removed' | undefined {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return undefined;
    const terrain = this.property(x, y, 'terrain');
    const key = y * this.width + x;
    if (terrain === 'barricade' || terrain === 'wall') {
      this.put(x, y, this.under.get(key) ?? this.indexOf.get('road')!);
      this.under.delete(key);
      return 'removed';
    }
    if (this.property(x, y, 'water') === true || this.property(x, y, 'collides') === true || occupied(x, y)) return undefined;
    this.under.set(key, this.layer.getTileAt(x, y, true)!.index);
    this.put(x, y, this.indexOf.get('barricade')!);
    return 'placed';
  }

  private put(x: number, y: number, index: number): void {
    const tile = this.layer.putTileAt(index, x, y);
    const properties = this.propertiesOf.get(index) ?? {};
    // Keep the tile's own property copy and collision flag in step, for whoever reads them.
    tile.properties = { ...properties };
    tile.setCollision(properties.collides === true);
    this.paint();
  }

  /** The tile under a world point (pixels). */
  static tileAt(worldX: number, worldY: number): { x: number; y: number } {
    return { x: Math.floor(worldX / TILE_SIZE), y: Math.floor(worldY / TILE_SIZE) };
  }
}
