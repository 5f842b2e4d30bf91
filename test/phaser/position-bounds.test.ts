/**
 * Sprites the game puts where no map can be (|x| or |y| beyond MAX_POSITION tiles): the plugin
 * reads sprite positions into the navigator every frame an idle unit stands in the crowd, and at
 * each order. Such a read is refused; nothing hangs.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import type { PathfindingMove } from '../../src/index.js';

const TILE = 32;
const FRAME_MS = 1000 / 60;
const ROWS = ['..........', '..........', '....##....', '..........', '..........'];

let game: Phaser.Game | undefined;
afterEach(() => {
  game?.destroy(true);
  game = undefined;
});

async function boot() {
  const scene = await bootHeadlessScene();
  game = scene.sys.game;
  const data = ROWS.map((row) => [...row].map((c) => (c === '#' ? 1 : 0)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision([1]);
  scene.pathfinding.useTilemap(layer);
  let time = 0;
  const step = (frames = 1) => {
    for (let i = 0; i < frames; i++) {
      time += FRAME_MS;
      scene.sys.game.headlessStep(time, FRAME_MS);
    }
  };
  return { scene, step };
}

describe('sprites placed where no map can be', () => {
  it('a group order with a sprite at x = 1e300 px: its move fails invalid naming the value, the other arrives', { timeout: 60_000 }, async () => {
    const { scene, step } = await boot();
    const far = scene.add.sprite(1e300, TILE, '__DEFAULT');
    const near = scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    for (const s of [far, near]) scene.pathfinding.addUnit(s, { speed: 3 * TILE, width: 0.6 * TILE });
    // One group order: the sprite off every map takes no slot, and the other is sent to its own.
    const [refused, going] = scene.pathfinding.moveTo([far, near], 8.5 * TILE, 3.5 * TILE) as PathfindingMove[];
    for (let i = 0; i < 60 * 10 && !going!.ended; i++) step();
    expect(refused!.failure).toBe('invalid');
    expect(refused!.reason).toBe('unit position x must be a finite number from -5.4e8 px to 5.4e8 px, got 1e300 px');
    expect(going!.state).toBe('arrived');
    expect(far.x).toBe(1e300);
  });

  it('an idle sprite the game moves to 2^60 px between frames is put back where it stood, and drives from there', { timeout: 60_000 }, async () => {
    const { scene, step } = await boot();
    const sprite = scene.add.sprite(2.5 * TILE, 1.5 * TILE, '__DEFAULT');
    scene.pathfinding.addUnit(sprite, { speed: 3 * TILE, width: 0.6 * TILE });
    step(10);
    sprite.x = 2 ** 60;
    step(10);
    expect([sprite.x, sprite.y]).toEqual([2.5 * TILE, 1.5 * TILE]);
    const [move] = scene.pathfinding.moveTo([sprite], 7.5 * TILE, 1.5 * TILE) as PathfindingMove[];
    for (let i = 0; i < 60 * 10 && !move!.ended; i++) step();
    expect(move!.state).toBe('arrived');
    expect(sprite.x).toBeCloseTo(7.5 * TILE, 3);
  });
});
