/**
 * Terrain by tile index (issue 30, point 3): on a map made in code (`make.tilemap({ data })`,
 * whose tiles have empty properties), `useTilemap`'s `costs` and `speed` as tables by tile index
 * and movement classes' `passable` / `blocked` as index lists. After `putTileAt` they follow the
 * new tile with nothing else set. Truth: the tile indices of the layer itself (never the grids the
 * plugin built), run times worked by hand, and the cells a path enters, sampled.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import { DEFAULT_MOVEMENT_CLASS as DEFAULT, type PathfindingMove, type PathfindingPlugin, type PathfindingUnit, type SegmentPath, type TilemapOptions } from '../../src/index.js';

const TILE = 32;
const FRAME_MS = 1000 / 60;
/** Tile indices of the 32x32 default texture cut into four 16px tiles. */
const GRASS = 0;
const WALL = 1;
const WATER = 2;
const MUD = 3;
const FOREST = 3;
/** Sampling step (tiles) along a path when checking which cells it enters. */
const SAMPLE_STEP = 0.02;
/** How deep (tiles) a sample must lie inside a cell to count as entering it, not running along its edge. */
const INSIDE = 1e-6;

/**
 * '#' wall, '.' grass, 'M' mud. The straight way from (1.5, 3.5) to (10.5, 3.5) crosses 8 cells
 * of mud; round it by row 1 or row 5 is about 13 tiles of grass.
 */
const MARSH = [
  '############',
  '#..........#',
  '#.MMMMMMMM.#',
  '#.MMMMMMMM.#',
  '#.MMMMMMMM.#',
  '#..........#',
  '############',
];

/** '~' water: a lake with an island (columns 5-6, rows 2-3), land round it. */
const LAKE = [
  '############',
  '#..........#',
  '#.~~~~~~~~.#',
  '#.~~~..~~~.#',
  '#.~~~..~~~.#',
  '#.~~~~~~~~.#',
  '#..........#',
  '############',
];

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

const INDEX: Record<string, number> = { '#': WALL, '.': GRASS, M: MUD, F: FOREST, '~': WATER };

/** A map made in code, as a newcomer makes it: indices only, walls collide by index, no properties. */
async function boot(rows: string[]): Promise<World> {
  const scene = await bootHeadlessScene();
  const data = rows.map((row) => [...row].map((c) => INDEX[c]!));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision([WALL]);
  current = { game: scene.sys.game, scene, layer, pf: scene.pathfinding, time: 0 };
  return current;
}

function step(world: World, frames = 1): void {
  for (let i = 0; i < frames; i++) {
    world.time += FRAME_MS;
    world.game.headlessStep(world.time, FRAME_MS);
  }
}

function runUntilDone(world: World, moves: PathfindingMove[], each?: () => void, limit = 3000): void {
  for (let i = 0; i < limit && moves.some((m) => !m.ended); i++) {
    step(world);
    each?.();
  }
}

/** The cells a point at (x, y) (tiles) lies inside, not merely on the edge of. */
function cellsAround(x: number, y: number): [number, number][] {
  const out: [number, number][] = [];
  for (const cx of new Set([Math.floor(x - INSIDE), Math.floor(x + INSIDE)])) {
    for (const cy of new Set([Math.floor(y - INSIDE), Math.floor(y + INSIDE)])) {
      if (cx + 1 - x > INSIDE && x - cx > INSIDE && cy + 1 - y > INSIDE && y - cy > INSIDE) out.push([cx, cy]);
    }
  }
  return out;
}

/** Tile indices the samples of `path` enter, read from the layer. */
function indicesEntered(layer: Phaser.Tilemaps.TilemapLayer, path: SegmentPath): Set<number> {
  const seen = new Set<number>();
  for (let d = 0; d <= path.length; d += SAMPLE_STEP) {
    const p = path.sample(Math.min(d, path.length));
    for (const [cx, cy] of cellsAround(p.x, p.y)) seen.add(layer.getTileAt(cx, cy, true)!.index);
  }
  return seen;
}

/** The largest y (tiles, y down) of the samples of `path`. */
function lowest(path: SegmentPath): number {
  let y = -Infinity;
  for (let d = 0; d <= path.length; d += SAMPLE_STEP) y = Math.max(y, path.sample(Math.min(d, path.length)).y);
  return y;
}

function unitAt(world: World, x: number, y: number): PathfindingUnit {
  return world.scene.add.sprite(x * TILE, y * TILE, '__DEFAULT');
}

/** Within a frame (and its rounding) after `seconds`. */
function expectSeconds(actual: number, seconds: number): void {
  expect(actual).toBeGreaterThanOrEqual(seconds - 1e-6);
  expect(actual).toBeLessThan(seconds + (2 * FRAME_MS) / 1000 + 1e-6);
}

/** Every cell's cost for `moves` as the plugin reads it, against `truth` of the layer's tile index. */
function expectCostsByIndex(world: World, truth: (index: number) => number, moves?: string): void {
  const { width, height } = world.layer.layer;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = world.layer.getTileAt(x, y, true)!.index;
      expect(world.pf.tilemap!.costAt(x, y, moves), `cell (${x}, ${y}) index ${index}`).toBe(truth(index));
    }
  }
}

describe('tile costs by tile index on a map made in code', () => {
  it('a table { [index]: cost } costs every tile of the index, and the path goes round the mud', async () => {
    const world = await boot(MARSH);
    expect(world.layer.getTileAt(3, 3)!.properties).toEqual({});
    const pf = world.pf.useTilemap(world.layer, { costs: { [MUD]: 4 } });
    expectCostsByIndex(world, (i) => (i === MUD ? 4 : 1));
    const hero = unitAt(world, 1.5, 3.5);
    const move = pf.moveTo(hero, 10.5 * TILE, 3.5 * TILE, { speed: 8 * TILE });
    runUntilDone(world, [move]);
    expect(move.state, move.reason).toBe('arrived');
    expect(indicesEntered(world.layer, move.path!).has(MUD)).toBe(false);
  });

  it('after putTileAt the new tile costs what its index costs, with no property set', async () => {
    const world = await boot(MARSH);
    const pf = world.pf.useTilemap(world.layer, { costs: new Map([[MUD, 4]]) });
    // Mud over the top road, and grass through the middle of the marsh: only indices change.
    for (let x = 1; x <= 10; x++) world.layer.putTileAt(MUD, x, 1);
    world.layer.putTileAt(GRASS, 5, 3);
    step(world);
    expectCostsByIndex(world, (i) => (i === MUD ? 4 : 1));
    expect(world.layer.getTileAt(5, 1)!.properties).toEqual({});
    const hero = unitAt(world, 1.5, 2.5);
    const move = pf.moveTo(hero, 10.5 * TILE, 2.5 * TILE, { speed: 8 * TILE });
    runUntilDone(world, [move]);
    expect(move.state, move.reason).toBe('arrived');
    // The way round is now the bottom road (on it, or along its edge with the marsh): row 1 is mud.
    expect(lowest(move.path!)).toBeGreaterThanOrEqual(5);
    expect(indicesEntered(world.layer, move.path!).has(MUD)).toBe(false);
  });

  it('a class takes its own table, setTileCost overrides a table entry, a function still reads tile.index', async () => {
    const world = await boot(MARSH);
    const pf = world.pf.useTilemap(world.layer, {
      costs: { [MUD]: 4 },
      classes: { hover: { costs: {} }, tracked: { costs: (tile) => (tile?.index === MUD ? 2 : undefined) } },
    });
    expectCostsByIndex(world, () => 1, 'hover');
    expectCostsByIndex(world, (i) => (i === MUD ? 2 : 1), 'tracked');
    pf.setTileCost(MUD, 7);
    expectCostsByIndex(world, (i) => (i === MUD ? 7 : 1));
    pf.setTileCost(MUD, null);
    expectCostsByIndex(world, (i) => (i === MUD ? 4 : 1));
  });

  it('refuses a bad table by the index and value, an unknown form by what it is; the map in use stays', async () => {
    const world = await boot(MARSH);
    const pf = world.pf.useTilemap(world.layer, { costs: { [MUD]: 4 } });
    const grid = pf.grid;
    const bad = (costs: unknown): (() => unknown) => () => pf.useTilemap(world.layer, { costs: costs as TilemapOptions['costs'] });
    expect(bad({ [MUD]: -2 })).toThrow(RangeError);
    expect(bad({ [MUD]: -2 })).toThrow(/costs: tile index 3 has cost -2, and a tile cost|tile index 3 has cost -2.*from 1 to/);
    expect(bad({ [MUD]: Number.NaN })).toThrow(/tile index 3 has cost NaN/);
    expect(bad({ [MUD]: 0.5 })).toThrow(/tile index 3 has cost 0\.5/);
    expect(bad({ [MUD]: Infinity })).toThrow(/tile index 3 has cost Infinity/);
    expect(bad({ [MUD]: '4' })).toThrow(TypeError);
    expect(bad({ [MUD]: '4' })).toThrow(/tile index 3 has cost "4"/);
    expect(bad(new Map([[1.5, 2]]))).toThrow(/the key 1\.5 is not a tile index/);
    expect(bad({ cost: 4 })).toThrow(/the key "cost" is not a tile index/);
    expect(bad([1, 4])).toThrow(/costs must be a tile property name or a function .*got an array/);
    expect(bad(new Set([MUD]))).toThrow(/got a Set/);
    expect(bad(4)).toThrow(/got number 4/);
    expect(bad('')).toThrow(/got the empty string/);
    expect(() => pf.useTilemap(world.layer, { classes: { hover: { costs: { [MUD]: 0 } } } })).toThrow(/movement class "hover": costs: tile index 3 has cost 0/);
    expect(pf.grid).toBe(grid);
    expect(pf.tilemap!.costAt(3, 3)).toBe(4);
  });
});

describe('speed factors by tile index on a map made in code', () => {
  /** An open 14 x 3 field with a forest band in columns 5 and 6; no walls. */
  const FIELD = ['.....FF.......', '.....FF.......', '.....FF.......'];

  async function cross(world: World): Promise<number> {
    const sprite = unitAt(world, 1.5, 1.5);
    world.pf.addUnit(sprite, { speed: 2 * TILE });
    const move = world.pf.moveTo(sprite, 11.5 * TILE, 1.5 * TILE, { heading: 0 });
    let frames = 0;
    move.on('start', () => {
      frames = 0;
    });
    for (let i = 0; i < 3000 && !move.ended; i++) {
      step(world);
      frames++;
    }
    expect(move.state, move.reason).toBe('arrived');
    return (frames * FRAME_MS) / 1000;
  }

  it('{ [FOREST]: 0.5 } slows units in the forest, and follows putTileAt with no property set', async () => {
    const world = await boot(FIELD);
    world.pf.useTilemap(world.layer, { speed: { [FOREST]: 0.5 } });
    // 8 tiles at 2 tiles a second and 2 at 1.
    expectSeconds(await cross(world), 6);
    // The forest cut down in column 6: 9 tiles at 2 and 1 at 1.
    for (let y = 0; y < 3; y++) world.layer.putTileAt(GRASS, 6, y);
    expectSeconds(await cross(world), 5.5);
    // A wood planted in column 9 by index alone: 8 at 2 and 2 at 1 again.
    for (let y = 0; y < 3; y++) world.layer.putTileAt(FOREST, 9, y);
    expectSeconds(await cross(world), 6);
  });

  it('a class takes its own speed table, and planFor: time reads it', async () => {
    const world = await boot(FIELD);
    const pf = world.pf.useTilemap(world.layer, { speed: new Map([[FOREST, 0.5]]), planFor: 'time', classes: { hover: { speed: {} } } });
    // Planning for time: each forest cell costs 1 / 0.5.
    expect(pf.tilemap!.costAt(5, 1)).toBe(2);
    expect(pf.tilemap!.costAt(5, 1, 'hover')).toBe(1);
    expect(pf.tilemap!.speeds.of(DEFAULT)!.factorAt(5, 1)).toBe(0.5);
    expect(pf.tilemap!.speeds.of('hover')!.factorAt(5, 1)).toBe(1);
    world.layer.putTileAt(GRASS, 5, 1);
    step(world);
    expect(pf.tilemap!.costAt(5, 1)).toBe(1);
    expect(pf.tilemap!.speeds.of(DEFAULT)!.factorAt(5, 1)).toBe(1);
  });

  it('refuses a bad factor by index and value, and an unknown form', async () => {
    const world = await boot(FIELD);
    const bad = (speed: unknown): (() => unknown) => () => world.pf.useTilemap(world.layer, { speed: speed as TilemapOptions['speed'] });
    expect(bad({ [FOREST]: 0 })).toThrow(/speed: tile index 3 has speed factor 0, and a speed factor must be a number in \(0, 1\]/);
    expect(bad({ [FOREST]: 1.5 })).toThrow(RangeError);
    expect(bad({ [FOREST]: -0.5 })).toThrow(/tile index 3 has speed factor -0\.5/);
    expect(bad({ [FOREST]: Number.NaN })).toThrow(/tile index 3 has speed factor NaN/);
    expect(bad({ forest: 0.5 })).toThrow(/the key "forest" is not a tile index/);
    expect(bad(true)).toThrow(/speed must be a tile property name or a function.*got boolean true/);
    expect(() => world.pf.useTilemap(world.layer, { classes: { boat: { speed: { [WATER]: 2 } } } })).toThrow(/movement class "boat": speed: tile index 2 has speed factor 2/);
  });
});

describe('movement classes by tile index on a map made in code', () => {
  const onWater = (world: World, x: number, y: number): boolean => world.layer.getTileAt(x, y, true)!.index === WATER;

  /** Every cell's blocking for `moves`, against the layer's indices through `free`. */
  function expectBlocking(world: World, moves: string, free: (index: number) => boolean): void {
    const { width, height } = world.layer.layer;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const index = world.layer.getTileAt(x, y, true)!.index;
        expect(world.pf.tilemap!.blockedAt(x, y, moves), `cell (${x}, ${y}) index ${index}`).toBe(!free(index));
        expect(world.pf.tilemap!.gridOf(moves).isBlocked(x, y), `grid cell (${x}, ${y})`).toBe(!free(index));
      }
    }
  }

  it('passable: [WATER] keeps ships on water; putTileAt of land or water moves the shore with no property set', async () => {
    const world = await boot(LAKE);
    world.layer.setCollision([WALL, WATER]);
    const pf = world.pf.useTilemap(world.layer, { classes: { water: { passable: [WATER] }, hover: { blocked: [WALL] } } });
    expectBlocking(world, 'water', (i) => i === WATER);
    expectBlocking(world, 'hover', (i) => i !== WALL);
    const ship = unitAt(world, 2.5, 2.5);
    pf.addUnit(ship, { speed: 8 * TILE, moves: 'water' });
    const sail = pf.moveTo(ship, 9.5 * TILE, 5.5 * TILE);
    runUntilDone(world, [sail], () => {
      for (const [cx, cy] of cellsAround(ship.x / TILE, ship.y / TILE)) expect(onWater(world, cx, cy), `ship in (${cx}, ${cy})`).toBe(true);
    });
    expect(sail.state, sail.reason).toBe('arrived');
    expect([...indicesEntered(world.layer, sail.path!)]).toEqual([WATER]);
    // A causeway of land across the lake's west side, and the island flooded: indices only.
    for (let y = 2; y <= 5; y++) world.layer.putTileAt(GRASS, 3, y);
    for (let y = 3; y <= 4; y++) for (let x = 5; x <= 6; x++) world.layer.putTileAt(WATER, x, y);
    step(world);
    expect(world.layer.getTileAt(5, 3)!.properties).toEqual({});
    expectBlocking(world, 'water', (i) => i === WATER);
    const back = pf.moveTo(ship, 5.5 * TILE, 3.5 * TILE);
    runUntilDone(world, [back]);
    expect(back.state, back.reason).toBe('arrived');
    expect([...indicesEntered(world.layer, back.path!)]).toEqual([WATER]);
    // West of the causeway is out of reach now.
    const cut = pf.moveTo(ship, 2.5 * TILE, 3.5 * TILE);
    runUntilDone(world, [cut]);
    expect(cut.state).toBe('failed');
  });

  it('blocked: [WALL] at the top level blocks by index besides the collision flags', async () => {
    const world = await boot(LAKE);
    // No collision set at all: only the index list blocks.
    world.layer.setCollision([WALL], false);
    world.pf.useTilemap(world.layer, { blocked: [WALL, WATER] });
    expectBlocking(world, 'default', (i) => i === GRASS);
  });

  it('refuses a bad index list naming the place and value, and an unknown form', async () => {
    const world = await boot(LAKE);
    const pf = world.pf.useTilemap(world.layer);
    const grid = pf.grid;
    const classes = (water: unknown): (() => unknown) => () => pf.useTilemap(world.layer, { classes: { water: water as never } });
    expect(classes({ passable: [WATER, 2.5] })).toThrow(/movement class "water": passable\[1\] must be a tile index \(an integer\), got 2\.5/);
    expect(classes({ passable: ['water'] })).toThrow(/passable\[0\] must be a tile index \(an integer\), got "water"/);
    expect(classes({ passable: new Set([WATER]) })).toThrow(/passable must be an object of tile properties .* or an array of tile indices .*got a Set/);
    expect(classes({ passable: 2 })).toThrow(/got number 2/);
    expect(classes({ blocked: [Number.NaN] })).toThrow(/blocked\[0\] must be a tile index \(an integer\), got NaN/);
    expect(classes({ blocked: { wall: true } })).toThrow(/blocked must be a function .* or an array of tile indices/);
    expect(() => pf.useTilemap(world.layer, { blocked: [null] as never })).toThrow(/blocked\[0\] must be a tile index \(an integer\), got null/);
    expect(pf.grid).toBe(grid);
  });
});

/** Side (pixels) of the `tiles` image: four 32px tiles, indices 0 to 3. */
const TILESET_SIDE = 64;

/** A scene with a texture `tiles` of four 32px tiles, for examples that load their tileset as 'tiles'. */
async function bootScene(): Promise<Phaser.Scene> {
  const scene = await bootHeadlessScene();
  const canvas = document.createElement('canvas');
  canvas.width = TILESET_SIDE;
  canvas.height = TILESET_SIDE;
  scene.textures.addCanvas('tiles', canvas);
  return scene;
}

function worldOf(scene: Phaser.Scene, layer: Phaser.Tilemaps.TilemapLayer): World {
  current = { game: scene.sys.game, scene, layer, pf: scene.pathfinding, time: 0 };
  return current;
}

const rowsOf = (picture: string[]): number[][] => picture.map((row) => [...row].map((c) => INDEX[c]!));

describe('the code-made examples of docs/plugin.md and README.md, as written', () => {
  it('Movement classes: passable and blocked by index, debug of the water class', async () => {
    const scene = await bootScene();
    const rows = rowsOf(LAKE);
    const ship = scene.add.sprite(2.5 * TILE, 2.5 * TILE, '__DEFAULT');
    let layer: Phaser.Tilemaps.TilemapLayer;
    {
      // From docs/plugin.md, with `this` the scene.
      const level = scene.make.tilemap({ data: rows, tileWidth: 32, tileHeight: 32 }); // rows: number[][]
      const ground = level.createLayer(0, level.addTilesetImage('tiles')!, 0, 0)!;
      ground.setCollision([WALL, WATER]); // land units: walls and water block
      scene.pathfinding.useTilemap(ground, {
        classes: {
          water: { passable: [WATER] }, // ships: only water tiles
          hover: { blocked: [WALL] }, // everywhere but walls
        },
      });
      scene.pathfinding.addUnit(ship, { speed: 60, turningRadius: 32, width: 24, moves: 'water' });
      scene.pathfinding.debug({ moves: 'water' }); // shade what blocks ships
      layer = ground as Phaser.Tilemaps.TilemapLayer;
    }
    const world = worldOf(scene, layer);
    const errors: unknown[] = [];
    scene.events.on('pathfinding-error', (error: unknown) => errors.push(error));
    const sail = world.pf.moveTo(ship, 9.5 * TILE, 5.5 * TILE);
    runUntilDone(world, [sail]);
    expect(sail.state, sail.reason).toBe('arrived');
    expect([...indicesEntered(world.layer, sail.path!)]).toEqual([WATER]);
    expect(errors).toEqual([]);
  });

  it('Tile costs: a table by index, and putTileAt of mud on the road', async () => {
    const scene = await bootScene();
    /** The road ('=') from the jeep's tile (1, 1) east along row 1, then south down column 15. */
    const ROAD = WATER;
    const rows = Array.from({ length: 14 }, (_, y) =>
      Array.from({ length: 20 }, (_, x) => (x === 0 || y === 0 || x === 19 || y === 13 ? WALL : (y === 1 && x <= 15) || (x === 15 && y >= 1) ? ROAD : GRASS)),
    );
    const jeep = scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    let layer: Phaser.Tilemaps.TilemapLayer;
    let move: PathfindingMove;
    {
      // From docs/plugin.md, with `this` the scene.
      const level = scene.make.tilemap({ data: rows, tileWidth: 32, tileHeight: 32 }); // rows: number[][]
      const ground = level.createLayer(0, level.addTilesetImage('tiles')!, 0, 0)!;
      ground.setCollision([WALL]);
      scene.pathfinding.useTilemap(ground, { costs: { [GRASS]: 3, [MUD]: 4 } }); // roads cost 1
      scene.pathfinding.addUnit(jeep, { speed: 120 });
      move = scene.pathfinding.moveTo(jeep, 500, 400); // along the road
      ground.putTileAt(MUD, 15, 7); // the road turns to mud: it costs 4 from the next frame
      layer = ground as Phaser.Tilemaps.TilemapLayer;
    }
    const world = worldOf(scene, layer);
    step(world);
    expect(world.pf.tilemap!.costAt(15, 7)).toBe(4);
    expect(world.pf.tilemap!.costAt(15, 6)).toBe(1);
    expect(world.pf.tilemap!.costAt(8, 8)).toBe(3);
    runUntilDone(world, [move]);
    expect(move.state, move.reason).toBe('arrived');
    // Along the road: of its length, less than a tile on grass (a corner cut at most), though
    // the straight line (17.9 tiles) is grass nearly all the way.
    let onGrass = 0;
    for (let d = 0; d < move.path!.length; d += SAMPLE_STEP) {
      const p = move.path!.sample(d);
      const cells = cellsAround(p.x, p.y);
      if (cells.length > 0 && cells.every(([cx, cy]) => layer.getTileAt(cx, cy, true)!.index === GRASS)) onGrass += SAMPLE_STEP;
    }
    expect(onGrass).toBeLessThan(1);
  });

  it('Terrain speed: a table by index, and a tree planted with putTileAt', async () => {
    const scene = await bootScene();
    const rows = rowsOf(['.....FF.......', '.....FF.......', '.....FF.......']);
    const scout = scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    let layer: Phaser.Tilemaps.TilemapLayer;
    {
      // From docs/plugin.md, with `this` the scene.
      const level = scene.make.tilemap({ data: rows, tileWidth: 32, tileHeight: 32 }); // rows: number[][]
      const ground = level.createLayer(0, level.addTilesetImage('tiles')!, 0, 0)!;
      scene.pathfinding.useTilemap(ground, { speed: { [FOREST]: 0.5 } });
      scene.pathfinding.addUnit(scout, { speed: 64 });
      ground.putTileAt(FOREST, 9, 1); // a tree planted: half speed there from the next frame
      layer = ground as Phaser.Tilemaps.TilemapLayer;
    }
    const world = worldOf(scene, layer);
    const move = world.pf.moveTo(scout, 11.5 * TILE, 1.5 * TILE, { heading: 0 });
    let frames = 0;
    move.on('start', () => {
      frames = 0;
    });
    for (let i = 0; i < 3000 && !move.ended; i++) {
      step(world);
      frames++;
    }
    expect(move.state, move.reason).toBe('arrived');
    // 7 tiles of grass at 2 tiles a second, 3 of forest (columns 5, 6 and 9) at 1.
    expectSeconds((frames * FRAME_MS) / 1000, 6.5);
  });

  it('README: costs, speed and a class by index', async () => {
    const world = await boot(LAKE);
    world.layer.putTileAt(FOREST, 1, 1);
    const ground = world.layer;
    const scene = world.scene;
    {
      // From README.md, with `this` the scene.
      scene.pathfinding.useTilemap(ground, {
        costs: { [GRASS]: 2, [FOREST]: 4 }, // roads cost 1
        speed: { [FOREST]: 0.5 },
        classes: { water: { passable: [WATER] } },
      });
    }
    expectCostsByIndex(world, (i) => (i === GRASS ? 2 : i === FOREST ? 4 : 1));
    expect(world.pf.tilemap!.speeds.of(DEFAULT)!.factorAt(1, 1)).toBe(0.5);
    expect(world.pf.tilemap!.speeds.of(DEFAULT)!.factorAt(2, 1)).toBe(1);
    expect(world.pf.tilemap!.blockedAt(2, 2, 'water')).toBe(false);
    expect(world.pf.tilemap!.blockedAt(1, 2, 'water')).toBe(true);
  });
});
