/**
 * Terrain speed through the plugin (issue 18, "Roads and speed"): `useTilemap`'s `speed` option
 * reads a factor per tile, per movement class, after tile edits; and the unit profile's
 * `turnPenalty`, `reverseCost` and rectangle `length` reach the directional planner. Truth:
 * run times worked by hand (instant speed changes: distance / speed per cell).
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import { plannerEntry, registerPlanner, type CurvePlannerEntry, type Grid, type PathfindingMove, type PathfindingPlugin, type ResolvedProfile, type TilemapOptions } from '../../src/index.js';

const TILE = 32;
const FRAME_MS = 1000 / 60;
const GRASS = 0;
const FOREST = 2;
/** An open 14 x 3 field with a forest band in columns 5 and 6. */
const FIELD = ['.....FF.......', '.....FF.......', '.....FF.......'];
/** Tiles per second of every unit here: 10 tiles of grass take 5 s. */
const SPEED = 2;

interface World {
  game: Phaser.Game;
  scene: Phaser.Scene;
  layer: Phaser.Tilemaps.TilemapLayer;
  pf: PathfindingPlugin;
  time: number;
}

let current: World | undefined;

afterEach(() => {
  current?.game.destroy(true);
  current = undefined;
});

/** A headless scene with FIELD as its one layer; forest tiles have the property speed = 0.5. */
async function boot(options: TilemapOptions): Promise<World> {
  const scene = await bootHeadlessScene();
  const data = FIELD.map((row) => [...row].map((c) => (c === 'F' ? FOREST : GRASS)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.forEachTile((tile) => {
    tile.properties = tile.index === FOREST ? { speed: 0.5 } : {};
  });
  scene.pathfinding.useTilemap(layer, options);
  current = { game: scene.sys.game, scene, layer, pf: scene.pathfinding, time: 0 };
  return current;
}

function step(world: World): void {
  world.time += FRAME_MS;
  world.game.headlessStep(world.time, FRAME_MS);
}

/**
 * Sends a sprite from (1.5, 1.5) to (11.5, 1.5) tiles and runs it there: the seconds from its
 * start event to its arrival (planning takes a wall-clock-dependent number of frames before),
 * and the events it fired.
 */
async function cross(world: World, profile: { moves?: string; turningRadius?: number } = {}): Promise<{ seconds: number; log: string[] }> {
  const sprite = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
  world.pf.addUnit(sprite, { speed: SPEED * TILE, ...profile, ...(profile.turningRadius ? { turningRadius: profile.turningRadius * TILE } : {}) });
  const move: PathfindingMove = world.pf.moveTo(sprite, 11.5 * TILE, 1.5 * TILE, { heading: 0 });
  const log: string[] = [];
  let frames = 0;
  move.on('start', () => {
    frames = 0;
    log.push('start');
  });
  move.on('arrive', () => log.push('arrive'));
  const done = move.done;
  for (let i = 0; i < 3000 && !move.ended; i++) {
    step(world);
    frames++;
  }
  expect(await done).toBe('arrived');
  expect(sprite.x).toBeCloseTo(11.5 * TILE, 6);
  return { seconds: (frames * FRAME_MS) / 1000, log };
}

/** Within a frame (and its rounding) after `seconds`. */
function expectSeconds(actual: number, seconds: number): void {
  expect(actual).toBeGreaterThanOrEqual(seconds - 1e-6);
  expect(actual).toBeLessThan(seconds + (2 * FRAME_MS) / 1000 + 1e-6);
}

describe('terrain speed in the plugin', () => {
  it('a unit crossing a speed 0.5 forest takes 6 s where grass takes 5 s, and its events still fire', async () => {
    expectSeconds((await cross(await boot({}))).seconds, 5);
    current!.game.destroy(true);
    const forest = await cross(await boot({ speed: 'speed' }));
    // 8 tiles at 2 and 2 tiles at 1.
    expectSeconds(forest.seconds, 6);
    expect(forest.log).toEqual(['start', 'arrive']);
  });

  it('slows a unit with a turning radius too', async () => {
    expectSeconds((await cross(await boot({ speed: 'speed' }), { turningRadius: 1 })).seconds, 6);
  });

  it('a movement class takes its own speed over the top-level one, or the top-level one', async () => {
    const world = await boot({
      speed: 'speed',
      classes: { hover: { speed: () => undefined }, walker: {}, crawler: { speed: (tile) => (tile?.index === FOREST ? 0.25 : undefined) } },
    });
    expectSeconds((await cross(world, { moves: 'hover' })).seconds, 5);
    expectSeconds((await cross(world, { moves: 'walker' })).seconds, 6);
    // 8 tiles at 2 and 2 tiles at 0.5.
    expectSeconds((await cross(world, { moves: 'crawler' })).seconds, 8);
  });

  it('tile edits reach the factors: the forest cut down, a unit crosses at full speed', async () => {
    const world = await boot({ speed: 'speed' });
    for (let y = 0; y < 3; y++) for (const x of [5, 6]) world.layer.putTileAt(GRASS, x, y).properties = {};
    expectSeconds((await cross(world)).seconds, 5);
    // Edited behind the layer's back: the rolling scan finds it within a frame (42 cells < 1024).
    for (let y = 0; y < 3; y++) world.layer.getTileAt(5, y)!.properties = { speed: 0.25 };
    step(world);
    // 9 tiles at 2, 1 at 0.5.
    expectSeconds((await cross(world)).seconds, 6.5);
  });

  it('without the rolling scan, an edit behind the layer\'s back waits for refresh()', async () => {
    const world = await boot({ speed: 'speed', scanPerFrame: 0 });
    for (let y = 0; y < 3; y++) for (const x of [5, 6]) world.layer.getTileAt(x, y)!.properties = {};
    step(world);
    expectSeconds((await cross(world)).seconds, 6);
    world.pf.refresh({ x: 5, y: 0, width: 2, height: 3 });
    expectSeconds((await cross(world)).seconds, 5);
  });

  it('refuses a bad speed by cell, tile and value, and a bad speed option by name', async () => {
    const world = await boot({});
    world.layer.getTileAt(5, 1)!.properties = { speed: 2 };
    expect(() => world.pf.useTilemap(world.layer, { speed: 'speed' })).toThrow(/cell \(5, 1\).*tile index 2.*"speed" is 2.*\(0, 1\]/);
    world.layer.getTileAt(5, 1)!.properties = { speed: 'slow' };
    expect(() => world.pf.useTilemap(world.layer, { speed: 'speed' })).toThrow(TypeError);
    expect(() => world.pf.useTilemap(world.layer, { speed: 7 as unknown as string })).toThrow(/speed must be a tile property name or a function/);
    expect(() => world.pf.useTilemap(world.layer, { classes: { boat: { speed: 7 as unknown as string } } })).toThrow(/"boat": speed must be/);
  });
});

describe('terrain speed: errors after edits and the docs example', () => {
  it('a bad factor from a tile edit is reported as ERROR_EVENT, naming the cell, and the frame goes on', async () => {
    const world = await boot({ speed: 'speed' });
    const errors: unknown[] = [];
    world.scene.events.on('pathfinding-error', (error: unknown) => errors.push(error));
    world.layer.putTileAt(FOREST, 8, 2).properties = { speed: 3 };
    // Reported once, though the edit and the rolling scan (every frame here) both read the cell.
    for (let i = 0; i < 5; i++) step(world);
    const messages = errors.flatMap((e) => (e instanceof AggregateError ? e.errors : [e])).map(String);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/cell \(8, 2\).*"speed" is 3/);
    // The forest elsewhere still slows units; the bad cell is off the unit's row.
    expectSeconds((await cross(world)).seconds, 6);
  });

  it('runs the example of docs/plugin.md (Terrain speed) as written', async () => {
    const world = await boot({});
    const ground = world.layer;
    const scout = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const craft = world.scene.add.sprite(1.5 * TILE, 0.5 * TILE, '__DEFAULT');
    const arrived: string[] = [];
    const console = { log: (text: string) => arrived.push(text) };
    let frames = 0;
    const scene = world.scene;
    {
      // From docs/plugin.md, with `this` the scene.
      scene.pathfinding.useTilemap(ground, {
        speed: 'speed',
        classes: { hover: { speed: () => undefined } }, // hovercraft ignore the forest
      });
      scene.pathfinding.addUnit(scout, { speed: 64 }); // 2 tiles a second on grass, 1 in the forest
      scene.pathfinding.moveTo(scout, 11.5 * 32, 1.5 * 32).on('arrive', () => console.log('through the forest'));
    }
    scene.pathfinding.addUnit(craft, { speed: 64, moves: 'hover' });
    const hover = scene.pathfinding.moveTo(craft, 11.5 * 32, 0.5 * 32);
    hover.on('start', () => (frames = 0));
    let hoverSeconds = 0;
    for (let i = 0; i < 3000 && arrived.length === 0; i++) {
      step(world);
      frames++;
      if (hover.state === 'arrived' && hoverSeconds === 0) hoverSeconds = (frames * FRAME_MS) / 1000;
    }
    expect(arrived).toEqual(['through the forest']);
    expect(scout.x).toBeCloseTo(11.5 * TILE, 6);
    expectSeconds(hoverSeconds, 5);
  });
});

describe('unit profile fields through the plugin', () => {
  it('planFor: time drives round a slow wood that planning for distance crosses; a bad planFor is refused by name', async () => {
    // 14 x 7: a wood (speed 0.5) in columns 4 to 7, rows 1 to 5; grass rows 0 and 6 go round it.
    const wood = (x: number, y: number): boolean => x >= 4 && x <= 7 && y >= 1 && y <= 5;
    const woodCells = async (options: TilemapOptions): Promise<number> => {
      const scene = await bootHeadlessScene();
      const data = Array.from({ length: 7 }, (_, y) => Array.from({ length: 14 }, (_, x) => (wood(x, y) ? FOREST : GRASS)));
      const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
      const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
      const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
      layer.forEachTile((tile) => {
        tile.properties = tile.index === FOREST ? { speed: 0.5 } : {};
      });
      scene.pathfinding.useTilemap(layer, options);
      current = { game: scene.sys.game, scene, layer, pf: scene.pathfinding, time: 0 };
      const sprite = scene.add.sprite(1.5 * TILE, 3.5 * TILE, '__DEFAULT');
      scene.pathfinding.addUnit(sprite, { speed: SPEED * TILE });
      const move = scene.pathfinding.moveTo(sprite, 11.5 * TILE, 3.5 * TILE);
      for (let i = 0; i < 3000 && !move.ended; i++) step(current);
      expect(await move.done).toBe('arrived');
      // Samples of the path (tiles) inside the wood (its edge, which a path round it may follow, is not).
      const path = move.path!;
      let inWood = 0;
      for (let d = 0; d <= path.length; d += 0.05) {
        const p = path.sample(Math.min(d, path.length));
        if (p.x > 4 + 1e-9 && p.x < 8 - 1e-9 && p.y > 1 + 1e-9 && p.y < 6 - 1e-9) inWood++;
      }
      current.game.destroy(true);
      current = undefined;
      return inWood;
    };
    // Straight through: 10 tiles, 4 of them at half speed (7 s); round the wood about 11.8 tiles at
    // full speed (5.9 s): the way for time, not for distance.
    expect(await woodCells({ speed: 'speed' })).toBeGreaterThan(60);
    expect(await woodCells({ speed: 'speed', planFor: 'time' })).toBe(0);
    // A class says for itself, or takes the top-level choice.
    expect(await woodCells({ speed: 'speed', planFor: 'time', classes: { hover: {} } })).toBe(0);
    const scene = await bootHeadlessScene();
    current = { game: scene.sys.game, scene, layer: undefined as unknown as Phaser.Tilemaps.TilemapLayer, pf: scene.pathfinding, time: 0 };
    const map = scene.make.tilemap({ data: [[GRASS]], tileWidth: TILE, tileHeight: TILE });
    const layer = map.createLayer(0, map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!, 0, 0) as Phaser.Tilemaps.TilemapLayer;
    expect(() => scene.pathfinding.useTilemap(layer, { planFor: 'speed' as 'time' })).toThrow(/planFor must be "distance" or "time", got "speed"/);
    expect(() => scene.pathfinding.useTilemap(layer, { classes: { boat: { planFor: 3 as unknown as 'time' } } })).toThrow(/movement class "boat".*planFor/);
  });

  it('turnPenalty, reverseCost and a rectangle length (pixels -> tiles) reach the directional planner', async () => {
    const seen: ResolvedProfile[] = [];
    const directional = plannerEntry('directional') as CurvePlannerEntry;
    registerPlanner({
      ...directional,
      name: 'directional-recorder',
      create: (grid: Grid, profile: ResolvedProfile) => {
        seen.push(profile);
        return directional.create(grid, profile);
      },
    });
    const world = await boot({});
    const tank = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    world.pf.addUnit(tank, { speed: SPEED * TILE, turningRadius: TILE, width: 0.5 * TILE, length: 0.75 * TILE, reverse: true, reverseCost: 5, turnPenalty: 0.25 });
    const move = world.pf.moveTo(tank, 11.5 * TILE, 1.5 * TILE, { planner: 'directional-recorder' });
    const done = move.done;
    for (let i = 0; i < 3000 && !move.ended; i++) step(world);
    expect(await done).toBe('arrived');
    expect(seen.length).toBeGreaterThan(0);
    const p = seen[seen.length - 1]!;
    expect([p.turnPenalty, p.reverseCost, p.reverse, p.footprint, p.length, p.width, p.turningRadius]).toEqual([0.25, 5, true, 'rectangle', 0.75, 0.5, 1]);
  });
});
