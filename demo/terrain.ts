/**
 * The demo's terrain kinds, in tileset order, and the tile properties the map generator writes.
 * The game itself reads `collides` and `water` from the map's tile properties, not from here.
 */

/** Pixels per tile side in the map and its tileset. */
export const TILE_SIZE = 16;

export interface TerrainKind {
  /** Blocks land units (infantry, tanks). */
  readonly collides: boolean;
  /** Ships may sail here; everything else blocks them. */
  readonly water: boolean;
}

/** Every terrain kind; the key order is the tile order in the tileset. */
export const TERRAIN = {
  grass: { collides: false, water: false },
  meadow: { collides: false, water: false },
  sand: { collides: false, water: false },
  road: { collides: false, water: false },
  water: { collides: true, water: true },
  deep: { collides: true, water: true },
  // Land units cross on the deck, ships pass beneath.
  bridge: { collides: false, water: true },
  wall: { collides: true, water: false },
  forest: { collides: true, water: false },
  // What a right click places.
  barricade: { collides: true, water: false },
} as const satisfies Record<string, TerrainKind>;

export type TerrainName = keyof typeof TERRAIN;
