/**
 * The demo's terrain kinds, in tileset order, and the tile properties the map generator writes.
 * The game itself reads `collides`, `water`, `cost` and `speed` from the map's tile properties, not
 * from here.
 */

/** Pixels per tile side in the map and its tileset. */
export const TILE_SIZE = 16;

export interface TerrainKind {
  /** Blocks land units (infantry, tanks). */
  readonly collides: boolean;
  /** Ships may sail here; everything else blocks them. */
  readonly water: boolean;
  /**
   * Tile cost (>= 1) for every unit that may enter the tile: planners take the cheapest way, so
   * roads at 1 against grass at 2 keep units on the road unless the detour is twice as long.
   */
  readonly cost: number;
  /** Terrain speed factor in (0, 1]: a unit drives at this fraction of its top speed here. */
  readonly speed: number;
}

/** Every terrain kind; the key order is the tile order in the tileset. */
export const TERRAIN = {
  grass: { collides: false, water: false, cost: 2, speed: 1 },
  meadow: { collides: false, water: false, cost: 2, speed: 1 },
  sand: { collides: false, water: false, cost: 2, speed: 0.8 },
  road: { collides: false, water: false, cost: 1, speed: 1 },
  water: { collides: true, water: true, cost: 1, speed: 1 },
  deep: { collides: true, water: true, cost: 1, speed: 1 },
  // Land units cross on the deck, ships pass beneath.
  bridge: { collides: false, water: true, cost: 1, speed: 1 },
  wall: { collides: true, water: false, cost: 1, speed: 1 },
  // Costly and slow, but passable: units go round a wood when the way round is short.
  forest: { collides: false, water: false, cost: 4, speed: 0.5 },
  // What a right click places.
  barricade: { collides: true, water: false, cost: 1, speed: 1 },
  // A ford: tanks wade through, ships sail over; slow and dear for both.
  shallow: { collides: false, water: true, cost: 2, speed: 0.6 },
} as const satisfies Record<string, TerrainKind>;

export type TerrainName = keyof typeof TERRAIN;
