/**
 * Tile costs in the plugin: an L-shaped road (cost 1) on grass (cost 3), read from the tiles'
 * `cost` property. The truth each path is checked against is the tilemap itself (which tiles are
 * road), sampled along the path, not the grids the plugin built from it.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import {
  PathfindingPlugin,
  type PathfindingMove,
  type PathfindingMoveOptions,
  type PathfindingPlugin as Plugin,
  type PathfindingProfile,
  type SegmentPath,
} from '../../src/index.js';

const TILE = 32;
/** Tile indices of the 32x32 default texture cut into four 16px tiles. */
const GRASS = 0;
const ROAD = 2;
const MUD = 3;
const GRASS_COST = 3;
const FRAME_MS = 1000 / 60;
/** Sampling step (tiles) along a path when checking which cells it enters. */
const SAMPLE_STEP = 0.02;
/** How deep (tiles) a sample must lie inside a cell to count as entering it, not running along its edge. */
const INSIDE = 1e-6;

/**
 * '=' road, '.' grass: a road three tiles wide from the west (rows 1-3) turning south at columns
 * 14-16 down to row 12. From the road's west end to its south end the straight line crosses
 * grass (about 15.8 tiles, 47 at cost 3); the road is about 22 tiles at cost 1.
 */
const FIELD = [
  '....................',
  '.================...',
  '.================...',
  '.================...',
  '..............===...',
  '..............===...',
  '..............===...',
  '..............===...',
  '..............===...',
  '..............===...',
  '..............===...',
  '..............===...',
  '..............===...',
  '....................',
];
/** The road's west end and south end, tile centres (tiles). */
const WEST = { x: 1.5, y: 2.5 };
const SOUTH = { x: 15.5, y: 12.5 };

interface World {
  game: Phaser.Game;
  scene: Phaser.Scene;
  layer: Phaser.Tilemaps.TilemapLayer;
  pf: Plugin;
  time: number;
}

let current: World | undefined;

afterEach(() => {
  current?.game.destroy(true);
  current = undefined;
});

async function boot(rows: string[] = FIELD): Promise<World> {
  const scene = await bootHeadlessScene();
  const world: World = { game: scene.sys.game, scene, layer: buildField(scene, rows), pf: scene.pathfinding, time: 0 };
  current = world;
  return world;
}

/** The field as a tilemap whose tiles carry a `cost` property, as Tiled's custom properties arrive. */
function buildField(scene: Phaser.Scene, rows: string[]): Phaser.Tilemaps.TilemapLayer {
  const data = rows.map((row) => [...row].map((c) => (c === '=' ? ROAD : GRASS)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.forEachTile((tile) => {
    tile.properties = { cost: tile.index === ROAD ? 1 : GRASS_COST };
  });
  return layer;
}

function step(world: World, frames = 1): void {
  for (let i = 0; i < frames; i++) {
    world.time += FRAME_MS;
    world.game.headlessStep(world.time, FRAME_MS);
  }
}

function runUntilDone(world: World, moves: PathfindingMove[], limit = 3000): void {
  for (let i = 0; i < limit && moves.some((m) => !m.ended); i++) step(world);
}

/** True when the tile at (x, y) is road, read from the tilemap. */
function isRoad(layer: Phaser.Tilemaps.TilemapLayer, x: number, y: number): boolean {
  return layer.getTileAt(x, y, true)?.index === ROAD;
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

/** The first sample of `path` inside a cell that `allowed` refuses, or undefined. */
function firstOutside(path: SegmentPath, allowed: (x: number, y: number) => boolean): string | undefined {
  for (let d = 0; d <= path.length; d += SAMPLE_STEP) {
    const p = path.sample(Math.min(d, path.length));
    for (const [cx, cy] of cellsAround(p.x, p.y)) if (!allowed(cx, cy)) return `(${p.x.toFixed(3)}, ${p.y.toFixed(3)}) in cell (${cx}, ${cy})`;
  }
  return undefined;
}

/** The first sample of `path` inside a tile that is not road, or undefined. */
function offRoad(layer: Phaser.Tilemaps.TilemapLayer, path: SegmentPath): string | undefined {
  return firstOutside(path, (x, y) => isRoad(layer, x, y));
}

/** Cells of the road's south leg, rows 6 to 8: the band the edits below make dear. */
const outsideBand = (x: number, y: number): boolean => !(x >= 14 && x <= 16 && y >= 6 && y <= 8);

/** About how far (tiles) `path` runs inside tiles that are not road: the samples there times the step. */
function lengthOffRoad(layer: Phaser.Tilemaps.TilemapLayer, path: SegmentPath): number {
  let off = 0;
  for (let d = 0; d <= path.length; d += SAMPLE_STEP) {
    const p = path.sample(Math.min(d, path.length));
    if (cellsAround(p.x, p.y).some(([cx, cy]) => !isRoad(layer, cx, cy))) off += SAMPLE_STEP;
  }
  return off;
}

/** Orders a new unit from the road's west end to its south end and runs the move to its end. */
function drive(world: World, profile: PathfindingProfile, options: PathfindingMoveOptions = {}): PathfindingMove {
  const unit = world.scene.add.sprite(WEST.x * TILE, WEST.y * TILE, '__DEFAULT');
  world.pf.addUnit(unit, profile);
  const move = world.pf.moveTo(unit, SOUTH.x * TILE, SOUTH.y * TILE, options);
  runUntilDone(world, [move]);
  return move;
}

const INFANTRY = { speed: 16 * TILE };
const TANK = { speed: 16 * TILE, turningRadius: TILE };
const SIZED = { speed: 16 * TILE, width: 0.8 * TILE };

describe('tile costs from the tilemap', () => {
  it('without costs, infantry cuts the corner across the grass', async () => {
    const world = await boot();
    world.pf.useTilemap(world.layer);
    const move = drive(world, INFANTRY);
    expect(move.state, move.reason).toBe('arrived');
    expect(offRoad(world.layer, move.path!)).toBeDefined();
    expect(move.path!.length).toBeCloseTo(Math.hypot(SOUTH.x - WEST.x, SOUTH.y - WEST.y), 6);
  });

  it.each([
    ['infantry', INFANTRY, {}],
    ['a tank on the directional planner\'s full lattice', TANK, { planner: 'directional' }],
    ['a unit with a width', SIZED, {}],
  ])('with costs from the tile property, %s keeps to the road', async (_name, profile, options) => {
    const world = await boot();
    world.pf.useTilemap(world.layer, { costs: 'cost' });
    expect(world.pf.grid!.cost(0, 0)).toBe(GRASS_COST);
    expect(world.pf.grid!.cost(15, 8)).toBe(1);
    const move = drive(world, profile, options);
    expect(move.state, move.reason).toBe('arrived');
    expect(offRoad(world.layer, move.path!)).toBeUndefined();
    expect(move.path!.length).toBeGreaterThan(20);
  });

  it('a tank on the default (hybrid) planner keeps to the road but for clipping the inside of the bend', async () => {
    const world = await boot();
    world.pf.useTilemap(world.layer);
    const free = drive(world, TANK);
    world.pf.useTilemap(world.layer, { costs: 'cost' });
    const costed = drive(world, TANK);
    expect([free.state, costed.state]).toEqual(['arrived', 'arrived']);
    expect(lengthOffRoad(world.layer, free.path!)).toBeGreaterThan(5);
    // The hybrid search is not exact on costs (within 1.2 times the full lattice's cost): here it
    // cuts about 0.9 tiles of grass at the inner corner of the bend.
    expect(lengthOffRoad(world.layer, costed.path!)).toBeLessThan(1.2);
  });

  it('a cost function works like the property, and the topmost layer with a cost decides', async () => {
    const world = await boot();
    // A second layer on top: mud on part of the road's south leg, nothing elsewhere.
    const top = world.layer.tilemap.createBlankLayer('top', world.layer.tileset, 0, 0)!;
    top.fill(MUD, 13, 6, 5, 3);
    world.pf.useTilemap([world.layer, top], {
      costs: (tile) => (tile === null || tile.index < 0 ? undefined : tile.index === ROAD ? 1 : tile.index === MUD ? 50 : GRASS_COST),
    });
    const grid = world.pf.grid!;
    expect(grid.cost(15, 7)).toBe(50); // mud over road
    expect(grid.cost(15, 4)).toBe(1); // road, nothing on top
    expect(grid.cost(3, 8)).toBe(GRASS_COST);
    const move = drive(world, INFANTRY);
    expect(move.state, move.reason).toBe('arrived');
    // The mud (50 a tile) costs more than the grass: the way leaves the road round it.
    expect(offRoad(world.layer, move.path!)).toBeDefined();
  });

  it('a tile edit that makes the road dear changes the next path; an edit behind the layer\'s back is found by the scan', async () => {
    const world = await boot();
    world.pf.useTilemap(world.layer, { costs: 'cost' });
    const first = drive(world, INFANTRY);
    expect(offRoad(world.layer, first.path!)).toBeUndefined();
    expect(firstOutside(first.path!, outsideBand)).toBeDefined();
    // A band of mud across the south leg, dearer than going round it over the grass.
    for (let y = 6; y <= 8; y++) for (let x = 14; x <= 16; x++) world.layer.putTileAt(MUD, x, y).properties = { cost: 40 };
    step(world);
    expect(world.pf.grid!.cost(15, 7)).toBe(40);
    const second = drive(world, INFANTRY);
    expect(second.state, second.reason).toBe('arrived');
    expect(firstOutside(second.path!, outsideBand)).toBeUndefined();
    // Behind the layer's back: the rolling scan reaches every tile within a few frames.
    (world.layer.getTileAt(3, 10)!.properties as { cost: number }).cost = 9;
    step(world, 3);
    expect(world.pf.grid!.cost(3, 10)).toBe(9);
  });

  it('setCost and setTileCost set costs at runtime, per cell and per tile index', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer);
    expect(pf.grid!.weighted).toBe(false);
    expect(pf.setTileCost(GRASS, GRASS_COST)).toBe(pf);
    expect(pf.grid!.cost(3, 10)).toBe(GRASS_COST);
    expect(offRoad(world.layer, drive(world, INFANTRY).path!)).toBeUndefined();
    expect(firstOutside(drive(world, INFANTRY).path!, outsideBand)).toBeDefined();
    // Craters across the south leg, over what the tiles say.
    for (let y = 6; y <= 8; y++) for (let x = 14; x <= 16; x++) pf.setCost(x, y, 100);
    expect(pf.grid!.cost(15, 7)).toBe(100);
    expect(firstOutside(drive(world, INFANTRY).path!, outsideBand)).toBeUndefined();
    // Cleared: back to what the tiles say, and survives a refresh.
    for (let y = 6; y <= 8; y++) for (let x = 14; x <= 16; x++) pf.setCost(x, y, null);
    pf.refresh();
    expect(pf.grid!.cost(15, 7)).toBe(1);
    expect(firstOutside(drive(world, INFANTRY).path!, outsideBand)).toBeDefined();
    pf.setCost(15, 2, 7);
    pf.refresh();
    step(world, 3); // the rolling scan must not undo it either
    expect(pf.grid!.cost(15, 2)).toBe(7);
    expect(() => pf.setCost(15, 2, 0.5)).toThrow(RangeError);
    expect(() => pf.setCost(15, 2, Number.NaN)).toThrow(/cost from 1 to 1000000000.*NaN/);
    expect(() => pf.setCost(15, 2, 1e12)).toThrow(/cost from 1 to 1000000000.*1000000000000/);
    expect(() => pf.setCost(20, 2, 2)).toThrow(/outside|20x14 map.*\(20, 2\)/);
    expect(() => pf.setCost(1.5, 2, 2)).toThrow(RangeError);
    expect(() => pf.setCost(1, 2, 2, 'lava')).toThrow(/unknown movement class "lava"/);
    expect(() => pf.setTileCost(GRASS, -1)).toThrow(RangeError);
    expect(pf.grid!.cost(15, 2)).toBe(7);
  });

  it('each movement class has its own costs, the top-level ones by default', async () => {
    const world = await boot();
    world.pf.useTilemap(world.layer, {
      costs: 'cost',
      classes: { lorry: {}, hover: { costs: () => undefined }, tracked: { costs: (tile) => (tile?.index === ROAD ? 2 : 1) } },
    });
    const lorry = drive(world, { ...INFANTRY, moves: 'lorry' });
    const hover = drive(world, { ...INFANTRY, moves: 'hover' });
    const tracked = drive(world, { ...INFANTRY, moves: 'tracked' });
    expect([lorry.state, hover.state, tracked.state]).toEqual(['arrived', 'arrived', 'arrived']);
    expect(offRoad(world.layer, lorry.path!)).toBeUndefined();
    expect(offRoad(world.layer, hover.path!)).toBeDefined();
    expect(world.pf.tilemap!.gridOf('hover').weighted).toBe(false);
    expect(world.pf.tilemap!.gridOf('tracked').cost(15, 8)).toBe(2);
    // A per-class setCost touches that class only.
    world.pf.setCost(0, 0, 5, 'hover');
    expect(world.pf.tilemap!.gridOf('hover').cost(0, 0)).toBe(5);
    expect(world.pf.grid!.cost(0, 0)).toBe(GRASS_COST);
  });

  it('bad costs are errors naming the cell, the tile and the value: at useTilemap, refresh, and reported during the frame', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { costs: 'cost' });
    const before = pf.tilemap;
    world.layer.getTileAt(4, 6)!.properties = { cost: 'high' };
    expect(() => pf.useTilemap(world.layer, { costs: 'cost' })).toThrow(TypeError);
    expect(() => pf.useTilemap(world.layer, { costs: 'cost' })).toThrow(/cell \(4, 6\) on layer .*tile index 0.*property "cost" is "high"/);
    // A class's costs are checked at once, built or not.
    world.layer.getTileAt(4, 6)!.properties = { cost: GRASS_COST, wheels: 0.5 };
    expect(() => pf.useTilemap(world.layer, { costs: 'cost', classes: { car: { costs: 'wheels' } } })).toThrow(RangeError);
    expect(() => pf.useTilemap(world.layer, { costs: 'cost', classes: { car: { costs: 'wheels' } } })).toThrow(/class "car".*0\.5/);
    expect(() => pf.useTilemap(world.layer, { costs: () => Number.NaN })).toThrow(/costs function returned NaN/);
    expect(() => pf.useTilemap(world.layer, { costs: 3 as unknown as string })).toThrow(TypeError);
    expect(pf.tilemap).toBe(before); // the map in use stays
    // refresh() from the game's code throws.
    world.layer.getTileAt(4, 6)!.properties = { cost: 0 };
    expect(() => pf.refresh()).toThrow(/cell \(4, 6\).*is 0/);
    expect(pf.grid!.cost(4, 6)).toBe(GRASS_COST);
    // During the frame: reported once, the frame goes on, the other edits still arrive.
    const errors: unknown[] = [];
    world.scene.events.on(PathfindingPlugin.ERROR_EVENT, (error: unknown) => errors.push(error));
    world.layer.putTileAt(ROAD, 6, 9).properties = { cost: -2 };
    world.layer.putTileAt(ROAD, 8, 9).properties = { cost: 1 };
    const unit = world.scene.add.sprite(WEST.x * TILE, WEST.y * TILE, '__DEFAULT');
    pf.addUnit(unit, INFANTRY);
    const move = pf.moveTo(unit, SOUTH.x * TILE, SOUTH.y * TILE);
    runUntilDone(world, [move]);
    expect(move.state, move.reason).toBe('arrived');
    expect(pf.grid!.cost(8, 9)).toBe(1);
    expect(pf.grid!.cost(6, 9)).toBe(GRASS_COST);
    const messages = errors.flatMap((e) => (e instanceof AggregateError ? e.errors : [e])).map((e) => (e instanceof RangeError ? e.message : String(e)));
    // Each bad cell reported once, whether the edit tracking or the rolling scan found it.
    expect(messages.filter((m) => /cell \(6, 9\).*is -2/.test(m))).toHaveLength(1);
    expect(messages.filter((m) => /cell \(4, 6\).*is 0/.test(m))).toHaveLength(1);
    expect(messages).toHaveLength(2);
  });

  it('a whole-layer edit with one bad cost still brings every good cell in the same frame', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { costs: 'cost', scanPerFrame: 0 });
    const errors: unknown[] = [];
    world.scene.events.on(PathfindingPlugin.ERROR_EVENT, (error: unknown) => errors.push(error));
    world.layer.getTileAt(6, 9)!.properties = { cost: 'mud' };
    for (const [x, y] of [[0, 0], [19, 13], [7, 9], [6, 10], [15, 5]] as const) world.layer.getTileAt(x, y)!.properties = { cost: 7 };
    world.layer.setCollision(99); // a tracked method: the whole layer is re-read next frame
    step(world);
    expect([pf.grid!.cost(0, 0), pf.grid!.cost(19, 13), pf.grid!.cost(7, 9), pf.grid!.cost(6, 10), pf.grid!.cost(15, 5)]).toEqual([7, 7, 7, 7, 7]);
    expect(pf.grid!.cost(6, 9)).toBe(GRASS_COST);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(TypeError);
    expect((errors[0] as Error).message).toMatch(/cell \(6, 9\).*"mud"/);
  });

  it('a costs function that throws is the game\'s error: reported once a frame by the scan, the frame goes on', async () => {
    const world = await boot();
    let broken = false;
    const pf = world.pf.useTilemap(world.layer, {
      costs: (tile) => {
        if (broken) throw new Error('the game\'s costs function broke');
        return tile?.index === ROAD ? 1 : GRASS_COST;
      },
    });
    const reports: unknown[] = [];
    world.scene.events.on(PathfindingPlugin.ERROR_EVENT, (error: unknown) => reports.push(error));
    const unit = world.scene.add.sprite(WEST.x * TILE, WEST.y * TILE, '__DEFAULT');
    pf.addUnit(unit, INFANTRY);
    const move = pf.moveTo(unit, SOUTH.x * TILE, SOUTH.y * TILE);
    broken = true;
    step(world, 5);
    expect(reports).toHaveLength(5);
    expect(reports.every((e) => e instanceof Error && !(e instanceof AggregateError) && /broke/.test(e.message))).toBe(true);
    broken = false;
    runUntilDone(world, [move]);
    expect(move.state, move.reason).toBe('arrived');
  });

  it('runs the example of docs/plugin.md (Tile costs) as written, on a map in Tiled\'s JSON format', async () => {
    const world = await boot();
    const scene = world.scene;
    // Tiled's JSON: the tileset gives grass (gid 1) cost 3 as a float, road (gid 3) cost 1 as an int.
    const size = { width: FIELD[0]!.length, height: FIELD.length };
    const layer = (name: string, data: number[]) => ({ name, type: 'tilelayer', ...size, x: 0, y: 0, opacity: 1, visible: true, data });
    const tiled = {
      ...size,
      tilewidth: TILE,
      tileheight: TILE,
      orientation: 'orthogonal',
      renderorder: 'right-down',
      type: 'map',
      version: '1.10',
      tiledversion: '1.10.2',
      infinite: false,
      layers: [layer('ground', FIELD.flatMap((row) => [...row].map(() => GRASS + 1))), layer('roads', FIELD.flatMap((row) => [...row].map((c) => (c === '=' ? ROAD + 1 : 0))))],
      tilesets: [
        {
          firstgid: 1,
          name: 'tiles',
          tilewidth: TILE / 2,
          tileheight: TILE / 2,
          tilecount: 4,
          columns: 2,
          image: 'tiles.png',
          imagewidth: TILE,
          imageheight: TILE,
          margin: 0,
          spacing: 0,
          tiles: [
            { id: GRASS, properties: [{ name: 'cost', type: 'float', value: 3 }] },
            { id: ROAD, properties: [{ name: 'cost', type: 'int', value: 1 }] },
          ],
        },
      ],
    };
    scene.cache.tilemap.add('field', { format: Phaser.Tilemaps.Formats.TILED_JSON, data: tiled });
    const map = scene.make.tilemap({ key: 'field' });
    const tiles = map.addTilesetImage('tiles', '__DEFAULT')!;
    const at = { x: WEST.x * TILE, y: WEST.y * TILE };
    const jeep = scene.add.sprite(at.x, at.y, '__DEFAULT');
    const tank = scene.add.sprite(at.x, at.y, '__DEFAULT');
    const hovercraft = scene.add.sprite(at.x, at.y, '__DEFAULT');
    const MUD = 4;
    let jeepMove: PathfindingMove;
    let hoverMove: PathfindingMove;
    {
      // From docs/plugin.md, with `this` the scene.
      // Grass tiles have cost = 3 in the tileset; road tiles (on a layer over the ground) cost = 1.
      const ground = map.createLayer('ground', tiles)!;
      const roads = map.createLayer('roads', tiles)!;
      scene.pathfinding.useTilemap([ground, roads], {
        costs: 'cost', // tile.properties.cost; the topmost layer whose tile has one decides
        classes: { hover: { costs: () => undefined } }, // hovercraft: every cell costs 1
      });
      scene.pathfinding.addUnit(jeep, { speed: 120 });
      scene.pathfinding.addUnit(tank, { speed: 60, turningRadius: 32, width: 24 });
      scene.pathfinding.addUnit(hovercraft, { speed: 90, moves: 'hover' });
      jeepMove = scene.pathfinding.moveTo(jeep, 500, 400); // along the road, where the straight line crosses grass
      hoverMove = scene.pathfinding.moveTo(hovercraft, 500, 400); // straight across
      scene.pathfinding.setCost(15, 7, 50); // a crater on the road at tile (15, 7)
      scene.pathfinding.setTileCost(MUD, 4); // every mud tile, on any layer
    }
    const tankMove = scene.pathfinding.moveTo(tank, 500, 400);
    const roads = map.getLayer('roads')!.tilemapLayer as Phaser.Tilemaps.TilemapLayer;
    expect(scene.pathfinding.grid!.cost(3, 9)).toBe(3);
    expect(scene.pathfinding.grid!.cost(3, 2)).toBe(1);
    expect(scene.pathfinding.grid!.cost(15, 7)).toBe(50);
    runUntilDone(world, [jeepMove, hoverMove, tankMove]);
    expect([jeepMove.state, hoverMove.state, tankMove.state]).toEqual(['arrived', 'arrived', 'arrived']);
    const onRoads = (x: number, y: number): boolean => roads.getTileAt(x, y) !== null && !(x === 15 && y === 7);
    expect(firstOutside(jeepMove.path!, onRoads)).toBeUndefined();
    expect(hoverMove.path!.length).toBeCloseTo(Math.hypot(500 / TILE - WEST.x, 400 / TILE - WEST.y), 6);
    expect(tankMove.path!.length).toBeGreaterThan(20);
  });

  it('a planner that takes no costs fails the move with invalid on a weighted map, naming the planners that can', async () => {
    const world = await boot();
    world.pf.useTilemap(world.layer, { costs: 'cost' });
    for (const planner of ['jps', 'anya']) {
      const move = drive(world, INFANTRY, { planner });
      expect(move.state).toBe('failed');
      expect(move.failure).toBe('invalid');
      expect(move.reason).toMatch(/theta/);
    }
  });
});
