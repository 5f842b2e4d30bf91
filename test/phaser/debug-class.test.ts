/**
 * The debug view of any movement class (issue 30, point 8): `debug({ moves })` shades the blocked
 * cells of the named class's grid, not only the `default` class's, so ships' water is drawn free.
 * Truth: the tilemap's indices (water is free for ships, everything else blocks them), read from
 * the layer, against the rectangles the drawing fills.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import type { PathfindingPlugin } from '../../src/index.js';

const TILE = 32;
const FRAME_MS = 1000 / 60;
const GRASS = 0;
const WALL = 1;
const WATER = 2;

/** '#' wall, '.' land, '~' water: a lake with an island. */
const LAKE = [
  '##########',
  '#........#',
  '#.~~~~~~.#',
  '#.~~..~~.#',
  '#.~~~~~~.#',
  '#........#',
  '##########',
];

/** Ships sail on water tiles (a function of the index, so that this file needs nothing of point 3). */
const SHIPS = { water: { blocked: (tile: Phaser.Tilemaps.Tile | null) => tile?.index !== WATER } };

interface World {
  game: Phaser.Game;
  scene: Phaser.Scene;
  layer: Phaser.Tilemaps.TilemapLayer;
  pf: PathfindingPlugin;
  time: number;
}

let current: World | undefined;

afterEach(() => {
  vi.restoreAllMocks();
  current?.game.destroy(true);
  current = undefined;
});

/** The lake, made in code; walls and water collide (land units' ground). */
async function boot(): Promise<World> {
  const scene = await bootHeadlessScene();
  const data = LAKE.map((row) => [...row].map((c) => (c === '#' ? WALL : c === '~' ? WATER : GRASS)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision([WALL, WATER]);
  current = { game: scene.sys.game, scene, layer, pf: scene.pathfinding, time: 0 };
  return current;
}

function step(world: World, frames = 1): void {
  for (let i = 0; i < frames; i++) {
    world.time += FRAME_MS;
    world.game.headlessStep(world.time, FRAME_MS);
  }
}

/** The cells (as "x,y") filled with a whole tile by the next `frames` frames' drawing. */
function shadedCells(world: World, frames = 1): Set<string> {
  const fill = vi.spyOn(Phaser.GameObjects.Graphics.prototype, 'fillRect');
  step(world, frames);
  const cells = new Set<string>();
  for (const [x, y, w, h] of fill.mock.calls) if (w === TILE && h === TILE) cells.add(`${x / TILE},${y / TILE}`);
  fill.mockRestore();
  return cells;
}

/** The cells (as "x,y") of the layer whose tile index passes `blocked`. */
function cellsWhere(world: World, blocked: (index: number) => boolean): Set<string> {
  const cells = new Set<string>();
  const { width, height } = world.layer.layer;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (blocked(world.layer.getTileAt(x, y, true)!.index)) cells.add(`${x},${y}`);
  return cells;
}

describe('debug view of a movement class', () => {
  it('debug({ moves: "water" }) shades what blocks ships: land and walls, not the water', async () => {
    const world = await boot();
    world.pf.useTilemap(world.layer, { classes: SHIPS }).debug({ moves: 'water' });
    const shaded = shadedCells(world);
    expect(shaded).toEqual(cellsWhere(world, (i) => i !== WATER));
    expect(shaded.has('3,2')).toBe(false);
    // The grid was built for the drawing though no ship sails yet.
    expect(world.pf.tilemap!.classes.builtNames()).toContain('water');
  });

  it('without moves it shades the default class (walls and water), as before', async () => {
    const world = await boot();
    world.pf.useTilemap(world.layer, { classes: SHIPS }).debug(true);
    expect(shadedCells(world)).toEqual(cellsWhere(world, (i) => i !== GRASS));
  });

  it('redraws the class cells after a tile edit, and when debug() names another class', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: SHIPS }).debug({ moves: 'water' });
    shadedCells(world);
    world.layer.putTileAt(WATER, 4, 3);
    world.layer.putTileAt(GRASS, 2, 2);
    const after = shadedCells(world);
    expect(after).toEqual(cellsWhere(world, (i) => i !== WATER));
    expect(after.has('4,3')).toBe(false);
    expect(after.has('2,2')).toBe(true);
    // Nothing changed: the cells are not drawn again.
    expect(shadedCells(world).size).toBe(0);
    pf.debug({ moves: 'default' });
    expect(shadedCells(world)).toEqual(cellsWhere(world, (i) => i !== GRASS));
  });

  it('refuses a class the map lacks by name, and a moves that is not a string; the drawing in use stays', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: SHIPS }).debug({ moves: 'water' });
    step(world);
    expect(() => pf.debug({ moves: 'lava' })).toThrow(RangeError);
    expect(() => pf.debug({ moves: 'lava' })).toThrow(/unknown movement class "lava" \(the map has "default", "water"\)/);
    expect(() => pf.debug({ moves: 3 as unknown as string })).toThrow(/debug: moves must be a movement class name, got number/);
    expect(() => pf.debug(null as never)).toThrow(/debug takes true, false or an options object, got null/);
    expect(() => pf.debug('water' as never)).toThrow(/got string/);
    // Still the water view: an edit is redrawn for ships.
    world.layer.putTileAt(WATER, 4, 3);
    expect(shadedCells(world)).toEqual(cellsWhere(world, (i) => i !== WATER));
  });

  it('a class named before the map, which the map lacks, is reported once and draws no cells; the frame goes on', async () => {
    const world = await boot();
    const errors: unknown[] = [];
    world.scene.events.on('pathfinding-error', (error: unknown) => errors.push(error));
    world.pf.debug({ moves: 'water' });
    world.pf.useTilemap(world.layer);
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const move = world.pf.moveTo(hero, 8.5 * TILE, 1.5 * TILE, { speed: 8 * TILE });
    expect(shadedCells(world, 5).size).toBe(0);
    expect(errors.map(String)).toEqual(['RangeError: debug: unknown movement class "water" (the map has "default")']);
    for (let i = 0; i < 300 && !move.ended; i++) step(world);
    expect(move.state).toBe('arrived');
    // A map with the class: drawn.
    world.pf.useTilemap(world.layer, { classes: SHIPS });
    expect(shadedCells(world)).toEqual(cellsWhere(world, (i) => i !== WATER));
    expect(errors).toHaveLength(1);
  });
});
