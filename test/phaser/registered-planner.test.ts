/**
 * A planner registered from outside the package, ordered through the plugin by name in a
 * headless Phaser game; nothing in src/follow/ knows it.
 */
import Phaser from 'phaser';
import { bootHeadlessScene } from '../support/headless-scene.js';
import { afterEach, describe, expect, it } from 'vitest';
import { registerPlanner } from '../../src/index.js';
import { STRAIGHT_LINE_ENTRY, STRAIGHT_LINE_MESSAGE } from '../support/straight-line-planner.js';

registerPlanner(STRAIGHT_LINE_ENTRY);

const TILE = 32;
const FRAME_MS = 1000 / 60;
/** A pillar in the middle of a room: the way around it is open, the straight line across is not. */
const ROOM = ['############', '#..........#', '#..........#', '#....##....#', '#....##....#', '#..........#', '############'];

let game: Phaser.Game | undefined;

afterEach(() => {
  game?.destroy(true);
  game = undefined;
});

async function boot(): Promise<{ scene: Phaser.Scene; layer: Phaser.Tilemaps.TilemapLayer; step: () => void }> {
  const scene = await bootHeadlessScene();
  game = scene.sys.game;
  const map = scene.make.tilemap({ data: ROOM.map((row) => [...row].map((c) => (c === '#' ? 1 : 0))), tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision(1);
  let time = 0;
  return { scene, layer, step: () => scene.sys.game.headlessStep((time += FRAME_MS), FRAME_MS) };
}

describe('a planner registered from outside the package', () => {
  it('is ordered through the plugin by name: the sprite drives the straight line to the target', async () => {
    const { scene, layer, step } = await boot();
    scene.pathfinding.useTilemap(layer);
    const hero = scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const move = scene.pathfinding.moveTo(hero, 10.5 * TILE, 2.5 * TILE, { speed: 200, planner: 'toy' });
    const done = move.done;
    for (let i = 0; i < 600 && !move.ended; i++) {
      step();
      // On the segment from (1.5, 1.5) to (10.5, 2.5) tiles: |cross product| / length.
      const [x, y] = [hero.x / TILE - 1.5, hero.y / TILE - 1.5];
      expect(Math.abs(x * 1 - y * 9) / Math.hypot(9, 1)).toBeLessThan(1e-6);
    }
    expect(await done).toBe('arrived');
    expect(hero.x).toBeCloseTo(10.5 * TILE, 6);
    expect(hero.y).toBeCloseTo(2.5 * TILE, 6);
  });

  it('fails the move with no-path when the straight line is blocked', async () => {
    const { scene, layer, step } = await boot();
    scene.pathfinding.useTilemap(layer);
    const hero = scene.add.sprite(2.5 * TILE, 3.5 * TILE, '__DEFAULT');
    const move = scene.pathfinding.moveTo(hero, 9.5 * TILE, 3.5 * TILE, { speed: 200, planner: 'toy' });
    const done = move.done;
    for (let i = 0; i < 60 && !move.ended; i++) step();
    expect(await done).toBe('failed');
    expect(move.failure).toBe('no-path');
    expect(move.reason).toContain(STRAIGHT_LINE_MESSAGE);
    expect([hero.x, hero.y]).toEqual([2.5 * TILE, 3.5 * TILE]);
  });

  it('an unknown planner name fails the move with invalid, naming the known ones, the registered one among them', async () => {
    const { scene, layer, step } = await boot();
    scene.pathfinding.useTilemap(layer);
    const hero = scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const move = scene.pathfinding.moveTo(hero, 10.5 * TILE, 2.5 * TILE, { speed: 200, planner: 'dijkstra' });
    const done = move.done;
    for (let i = 0; i < 10 && !move.ended; i++) step();
    expect(await done).toBe('failed');
    expect(move.failure).toBe('invalid');
    expect(move.reason).toMatch(/unknown planner "dijkstra"; known: astar, anya, .*theta, lazy-theta, toy, directional, directional-hybrid/);
  });
});
