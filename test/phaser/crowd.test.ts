/**
 * Units that see each other in the plugin: avoidance on by default, group orders with an array
 * of sprites, and the example of docs/plugin.md. Overlaps are measured on the sprites themselves.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import type { PathfindingMove } from '../../src/index.js';

const TILE = 32;
const FRAME_MS = 1000 / 60;
/** Infantry 0.6 tiles wide. */
const WIDTH = 0.6 * TILE;

/** An open field with a wall across it and a gap 3 tiles wide. */
const FIELD = [
  '##############################',
  '#............................#',
  '#............................#',
  '#............................#',
  '#............................#',
  '#............................#',
  '#.............#..............#',
  '#.............#..............#',
  '#.............#..............#',
  '#.............#..............#',
  '#............................#',
  '#............................#',
  '#............................#',
  '##############################',
];

let game: Phaser.Game | undefined;
afterEach(() => {
  game?.destroy(true);
  game = undefined;
});

async function boot(avoidance?: boolean) {
  const scene = await bootHeadlessScene();
  game = scene.sys.game;
  const data = FIELD.map((row) => [...row].map((c) => (c === '#' ? 1 : 0)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision([1]);
  scene.pathfinding.useTilemap(layer, avoidance === undefined ? {} : { avoidance });
  let time = 0;
  const step = () => {
    time += FRAME_MS;
    scene.sys.game.headlessStep(time, FRAME_MS);
  };
  return { scene, layer, step };
}

/** The deepest overlap of two sprites' discs, as a fraction of the radius. */
function deepest(sprites: readonly Phaser.GameObjects.Sprite[]): number {
  let worst = 0;
  for (let i = 0; i < sprites.length; i++) {
    for (let j = i + 1; j < sprites.length; j++) {
      const depth = WIDTH - Math.hypot(sprites[i]!.x - sprites[j]!.x, sprites[i]!.y - sprites[j]!.y);
      worst = Math.max(worst, depth / (WIDTH / 2));
    }
  }
  return worst;
}

/** Two groups of six on either side of the wall, each ordered to the other's side. */
async function swap(avoidance?: boolean) {
  const { scene, step, layer } = await boot(avoidance);
  const west: Phaser.GameObjects.Sprite[] = [];
  const east: Phaser.GameObjects.Sprite[] = [];
  for (let i = 0; i < 6; i++) {
    west.push(scene.add.sprite((3 + (i % 3) * 1.2) * TILE, (6 + Math.floor(i / 3) * 1.2) * TILE, '__DEFAULT'));
    east.push(scene.add.sprite((25 + (i % 3) * 1.2) * TILE, (6 + Math.floor(i / 3) * 1.2) * TILE, '__DEFAULT'));
  }
  for (const s of [...west, ...east]) scene.pathfinding.addUnit(s, { speed: 3 * TILE, width: WIDTH });
  const moves = [...scene.pathfinding.moveTo(west, 26 * TILE, 7 * TILE), ...scene.pathfinding.moveTo(east, 4 * TILE, 7 * TILE)];
  let worst = 0;
  let inWall = false;
  const all = [...west, ...east];
  for (let i = 0; i < 60 * 60 && moves.some((m) => !m.ended); i++) {
    step();
    worst = Math.max(worst, deepest(all));
    for (const s of all) {
      for (let a = 0; a < 8; a++) {
        const x = s.x + (WIDTH / 2) * 0.999 * Math.cos((a * Math.PI) / 4);
        const y = s.y + (WIDTH / 2) * 0.999 * Math.sin((a * Math.PI) / 4);
        if (layer.getTileAtWorldXY(x, y, true)?.index === 1) inWall = true;
      }
    }
  }
  return { moves, worst, inWall, west, east };
}

describe('units that see each other (plugin)', () => {
  it('two groups ordered through each other with arrays of sprites all arrive, never overlapping by more than a tenth of a radius', async () => {
    const { moves, worst, inWall, west } = await swap();
    expect(moves).toHaveLength(12);
    expect(moves.map((m) => m.state)).toEqual(moves.map(() => 'arrived'));
    expect(worst).toBeLessThan(0.1);
    expect(inWall).toBe(false);
    // The group keeps to its slots round the target: all near it, and the west group on the east side.
    for (const s of west) expect(Math.hypot(s.x / TILE - 26, s.y / TILE - 7)).toBeLessThan(3);
  });

  it('with avoidance off, the same orders overlap (the measure can fail)', async () => {
    const { worst } = await swap(false);
    expect(worst).toBeGreaterThan(0.5);
  });

  it('runs the example of docs/plugin.md (Units that see each other) as written', async () => {
    const { scene, step } = await boot();
    const [a, b, c] = [0, 1, 2].map((i) => scene.add.sprite((3 + i) * TILE, 3 * TILE, '__DEFAULT').setDisplaySize(WIDTH, WIDTH));
    for (const s of [a!, b!, c!]) scene.pathfinding.addUnit(s, { speed: 90, width: WIDTH });
    let moves: PathfindingMove[] = [];
    {
      // From docs/plugin.md, with `this` the scene.
      moves = scene.pathfinding.moveTo([a!, b!, c!], 400, 300, { speed: 120 });
      moves.forEach((move) => move.on('arrive', (sprite) => (sprite as Phaser.GameObjects.Sprite).setTint(0x80ff80)));
    }
    for (let i = 0; i < 60 * 30 && moves.some((m) => !m.ended); i++) step();
    expect(moves.map((m) => m.state)).toEqual(['arrived', 'arrived', 'arrived']);
    expect([a!, b!, c!].map((s) => s.tintTopLeft)).toEqual([0x80ff80, 0x80ff80, 0x80ff80]);
    // Three slots, in a row as the group stood: a stays west of c.
    expect(a!.x).toBeLessThan(c!.x);
    expect(deepest([a!, b!, c!])).toBeLessThanOrEqual(0);
  });

  it('a group order with a destroyed sprite fails that sprite\'s move alone, and a sprite listed twice gets one move', async () => {
    const { scene, step } = await boot();
    const a = scene.add.sprite(3 * TILE, 3 * TILE, '__DEFAULT');
    const gone = scene.add.sprite(4 * TILE, 3 * TILE, '__DEFAULT');
    for (const s of [a, gone]) scene.pathfinding.addUnit(s, { speed: 90, width: WIDTH });
    gone.destroy();
    const moves = scene.pathfinding.moveTo([a, gone, a], 300, 200);
    expect(moves).toHaveLength(3);
    expect(moves[2]).toBe(moves[0]);
    for (let i = 0; i < 60 * 20 && moves.some((m) => !m.ended); i++) step();
    expect(moves[0]!.state).toBe('arrived');
    expect(moves[1]!.state).toBe('failed');
    expect(moves[1]!.reason).toMatch(/destroyed/);
  });
});
