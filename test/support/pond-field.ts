/**
 * A headless plugin scene on a 16 x 8 field made in code, walled round, with a pond at columns
 * 10-13, rows 2-5 (walls and water both collide): the map of the plugin's start-status and
 * group-target tests.
 */
import type Phaser from 'phaser';
import { bootHeadlessScene } from './headless-scene.js';
import type { PathfindingMove } from '../../src/index.js';

export const TILE = 32;
export const GRASS = 0;
export const WALL = 1;
export const WATER = 2;
/** One 60 Hz frame, ms. */
export const FRAME_MS = 1000 / 60;

/** '#' wall, '.' grass, '~' water. */
export const FIELD = [
  '################',
  '#..............#',
  '#.........~~~~.#',
  '#.........~~~~.#',
  '#.........~~~~.#',
  '#.........~~~~.#',
  '#..............#',
  '################',
];

export interface World {
  game: Phaser.Game;
  scene: Phaser.Scene;
  layer: Phaser.Tilemaps.TilemapLayer;
  time: number;
}

/** Boots the scene on {@link FIELD} with `useTilemap` done; the caller destroys `world.game`. */
export async function bootPondField(): Promise<World> {
  const scene = await bootHeadlessScene();
  const data = FIELD.map((row) => [...row].map((c) => (c === '#' ? WALL : c === '~' ? WATER : GRASS)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision([WALL, WATER]);
  const world = { game: scene.sys.game, scene, layer, time: 0 };
  scene.pathfinding.useTilemap(layer);
  return world;
}

/** Steps 60 Hz frames until every move has ended, `limit` frames at most. */
export function runUntilDone(world: World, moves: readonly PathfindingMove[], limit = 3000): void {
  for (let f = 0; f < limit && moves.some((m) => !m.ended); f++) {
    world.time += FRAME_MS;
    world.game.headlessStep(world.time, FRAME_MS);
  }
}
