/**
 * Movement classes in the plugin: one tilemap of land and water, tanks on the collision flags
 * (the `default` class) and ships on a `water` class defined by tile properties, in one plugin.
 * The truth each path is checked against is the tilemap itself (indices and properties), not
 * the grids the plugin built from it.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import { DebugDraw, type NavigatorDebugInfo, type PathfindingMove, type PathfindingPlugin, type PathfindingUnit, type SegmentPath } from '../../src/index.js';

const TILE = 32;
/** Tile indices of the 32x32 default texture cut into four 16px tiles. */
const GRASS = 0;
const WALL = 1;
const WATER = 2;
const FRAME_MS = 1000 / 60;
/** Sampling step (tiles) along a path when checking which cells it enters. */
const SAMPLE_STEP = 0.02;
/** How deep (tiles) a sample must lie inside a cell to count as entering it, not running along its edge. */
const INSIDE = 1e-6;

/**
 * '#' wall, '.' grass, '~' water. A land ring (rows 1 and 10, columns 1-2 and 17-18) round a
 * lake with an island (columns 7-12, rows 4-7): a tank from west to east must go round the lake,
 * a ship from the lake's north-west to its south-east round the island.
 */
const LAKE = [
  '####################',
  '#..................#',
  '#..~~~~~~~~~~~~~~..#',
  '#..~~~~~~~~~~~~~~..#',
  '#..~~~~......~~~~..#',
  '#..~~~~......~~~~..#',
  '#..~~~~......~~~~..#',
  '#..~~~~......~~~~..#',
  '#..~~~~~~~~~~~~~~..#',
  '#..~~~~~~~~~~~~~~..#',
  '#..................#',
  '####################',
];

const WATER_CLASS = { water: { passable: { water: true } } } as const;

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

async function boot(rows: string[] = LAKE): Promise<World> {
  const scene = await bootHeadlessScene();
  const world: World = { game: scene.sys.game, scene, layer: buildLake(scene, rows), pf: scene.pathfinding, time: 0 };
  current = world;
  return world;
}

/** The lake as a tilemap: water collides for land units and has the tile property water = true. */
function buildLake(scene: Phaser.Scene, rows: string[]): Phaser.Tilemaps.TilemapLayer {
  const data = rows.map((row) => [...row].map((c) => (c === '#' ? WALL : c === '~' ? WATER : GRASS)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision([WALL, WATER]);
  layer.forEachTile((tile) => {
    tile.properties = tile.index === WATER ? { water: true } : {};
  });
  return layer;
}

/** Puts a tile of `index` with the matching properties (putTileAt keeps the old tile's properties). */
function paint(layer: Phaser.Tilemaps.TilemapLayer, index: number, x: number, y: number): void {
  layer.putTileAt(index, x, y).properties = index === WATER ? { water: true } : {};
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

/** Whether the unit of a kind may enter the tile at (x, y), read from the tilemap. */
type Ground = (layer: Phaser.Tilemaps.TilemapLayer, x: number, y: number) => boolean;
const onWater: Ground = (layer, x, y) => layer.getTileAt(x, y, true)?.properties?.water === true;
const onLand: Ground = (layer, x, y) => layer.getTileAt(x, y, true)?.index === GRASS;

/** The cells a point at (x, y) (tiles) lies inside, not merely on the edge of. */
function cellsAround(x: number, y: number): [number, number][] {
  const xs = [Math.floor(x - INSIDE), Math.floor(x + INSIDE)];
  const ys = [Math.floor(y - INSIDE), Math.floor(y + INSIDE)];
  const out: [number, number][] = [];
  for (const cx of new Set(xs)) for (const cy of new Set(ys)) if (cx + 1 - x > INSIDE && x - cx > INSIDE && cy + 1 - y > INSIDE && y - cy > INSIDE) out.push([cx, cy]);
  return out;
}

/** The first sample of `path` that enters a cell its ground does not allow, or undefined. */
function offGround(layer: Phaser.Tilemaps.TilemapLayer, path: SegmentPath, ground: Ground): string | undefined {
  for (let d = 0; d <= path.length; d += SAMPLE_STEP) {
    const p = path.sample(Math.min(d, path.length));
    for (const [cx, cy] of cellsAround(p.x, p.y)) if (!ground(layer, cx, cy)) return `(${p.x.toFixed(3)}, ${p.y.toFixed(3)}) in cell (${cx}, ${cy})`;
  }
  return undefined;
}

function standsOn(world: World, unit: PathfindingUnit, ground: Ground): boolean {
  return cellsAround(unit.x / TILE, unit.y / TILE).every(([cx, cy]) => ground(world.layer, cx, cy));
}

function events(move: PathfindingMove): string[] {
  const log: string[] = [];
  for (const name of ['start', 'blocked', 'replan', 'arrive', 'fail', 'cancel'] as const) move.on(name as 'start', () => log.push(name));
  return log;
}

describe('movement classes', () => {
  it('a ship of class water and a default tank, in one plugin, each keep to their own ground', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: WATER_CLASS });
    const ship = world.scene.add.sprite(4.5 * TILE, 2.5 * TILE, '__DEFAULT');
    const tank = world.scene.add.sprite(1.5 * TILE, 5.5 * TILE, '__DEFAULT');
    pf.addUnit(ship, { speed: 8 * TILE, moves: 'water' });
    pf.addUnit(tank, { speed: 8 * TILE, width: 0.5 * TILE });
    const sail = pf.moveTo(ship, 14.5 * TILE, 8.5 * TILE);
    const drive = pf.moveTo(tank, 18.5 * TILE, 5.5 * TILE);
    runUntilDone(world, [sail, drive], () => {
      expect(standsOn(world, ship, onWater)).toBe(true);
      expect(standsOn(world, tank, onLand)).toBe(true);
    });
    expect(sail.state, sail.reason).toBe('arrived');
    expect(drive.state, drive.reason).toBe('arrived');
    expect(offGround(world.layer, sail.path!, onWater)).toBeUndefined();
    expect(offGround(world.layer, drive.path!, onLand)).toBeUndefined();
    // Each went round what the other crosses: the ship round the island, the tank round the lake.
    expect(sail.path!.length).toBeGreaterThan(Math.hypot(10, 6) + 0.5);
    expect(drive.path!.length).toBeGreaterThan(17 + 4);
    // The same order for a ship on the default class would cross the island (land is free there).
    expect(pf.grid!.isBlocked(9, 5)).toBe(false);
    expect(pf.tilemap!.gridOf('water').isBlocked(9, 5)).toBe(true);
  });

  it('runs the example of docs/plugin.md (Movement classes) as written', async () => {
    const world = await boot();
    // The tiles carry Tiled-style properties: collides on water and walls, water, wall.
    world.layer.forEachTile((tile) => {
      tile.properties = { collides: tile.index !== GRASS, water: tile.index === WATER, wall: tile.index === WALL };
    });
    world.layer.setCollision([WALL, WATER], false);
    const ground = world.layer;
    const ship = world.scene.add.sprite(4.5 * TILE, 3 * TILE, '__DEFAULT');
    const tank = world.scene.add.sprite(1.5 * TILE, 5.5 * TILE, '__DEFAULT');
    const craft = world.scene.add.sprite(1.5 * TILE, 5.5 * TILE, '__DEFAULT');
    const scene = world.scene;
    {
      // From docs/plugin.md, with `this` the scene.
      ground.setCollisionByProperty({ collides: true }); // water and walls block land units
      scene.pathfinding.useTilemap(ground, {
        classes: {
          water: { passable: { water: true } }, // ships: only tiles whose properties say water = true
          hover: { blocked: (tile) => tile?.properties?.wall === true }, // everywhere but walls
        },
      });
      scene.pathfinding.addUnit(tank, { speed: 90, turningRadius: 32, width: 24 }); // the default class
      scene.pathfinding.addUnit(ship, { speed: 60, turningRadius: 32, width: 24, moves: 'water' });
    }
    const sail = scene.pathfinding.moveTo(ship, 14.5 * TILE, 8 * TILE);
    const drive = scene.pathfinding.moveTo(tank, 18.5 * TILE, 5.5 * TILE);
    scene.pathfinding.addUnit(craft, { speed: 90, moves: 'hover' });
    const fly = scene.pathfinding.moveTo(craft, 18.5 * TILE, 5.5 * TILE);
    runUntilDone(world, [sail, drive, fly], () => {
      expect(standsOn(world, ship, onWater)).toBe(true);
      expect(standsOn(world, tank, onLand)).toBe(true);
    });
    expect([sail.state, drive.state, fly.state], `${sail.reason} ${drive.reason} ${fly.reason}`).toEqual(['arrived', 'arrived', 'arrived']);
    expect(offGround(world.layer, sail.path!, onWater)).toBeUndefined();
    expect(offGround(world.layer, drive.path!, onLand)).toBeUndefined();
    expect(fly.path!.length).toBeCloseTo(17, 6);
  });

  // Issue 30: the unit itself stands on a cell its class cannot enter, judged before the target (it was goal-blocked).
  it('a class with no free cell is no error: its units\' orders fail with start-blocked', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: { lava: { passable: { lava: true } } } });
    const salamander = world.scene.add.sprite(4.5 * TILE, 2.5 * TILE, '__DEFAULT');
    pf.addUnit(salamander, { speed: TILE, moves: 'lava' });
    const move = pf.moveTo(salamander, 5.5 * TILE, 2.5 * TILE);
    runUntilDone(world, [move]);
    expect(move.failure, move.reason).toBe('start-blocked');
    expect(move.reason).toMatch(/stands inside a wall/);
    expect(salamander.x).toBe(4.5 * TILE);
  });

  it('builds a class grid and navigator only on the class first use', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: { ...WATER_CLASS, air: {} } });
    const classes = pf.tilemap!.classes;
    expect(classes.builtNames()).toEqual(['default']);
    expect(pf.navigatorOf('water')).toBeUndefined();
    const tank = world.scene.add.sprite(1.5 * TILE, 5.5 * TILE, '__DEFAULT');
    const drive = pf.moveTo(tank, 1.5 * TILE, 1.5 * TILE, { speed: 8 * TILE });
    // Frames and tile edits of a map without ships build nothing for them.
    paint(world.layer, GRASS, 4, 2);
    runUntilDone(world, [drive]);
    expect(classes.builtNames()).toEqual(['default']);
    const ship = world.scene.add.sprite(4.5 * TILE, 3.5 * TILE, '__DEFAULT');
    pf.addUnit(ship, { speed: 8 * TILE, moves: 'water' });
    expect(classes.builtNames()).toEqual(['default', 'water']);
    expect(pf.navigatorOf('water')!.grid).toBe(classes.built('water'));
    expect(pf.navigatorOf('water')!.queue).toBe(pf.navigator!.queue);
    expect(pf.navigatorOf('air')).toBeUndefined();
    // The grid was built from the tiles as they are now: (4, 2) is grass.
    expect(classes.built('water')!.isBlocked(4, 2)).toBe(true);
    expect(classes.built('water')!.isBlocked(5, 2)).toBe(false);
  });

  it('a tile edit turning water into land blocks the ship (blocked, then no path) and lets the tank cross', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: WATER_CLASS });
    const ship = world.scene.add.sprite(4.5 * TILE, 2.5 * TILE, '__DEFAULT');
    const tank = world.scene.add.sprite(1.5 * TILE, 5.5 * TILE, '__DEFAULT');
    pf.addUnit(ship, { speed: TILE, moves: 'water' });
    pf.addUnit(tank, { speed: 8 * TILE });
    const sail = pf.moveTo(ship, 14.5 * TILE, 8.5 * TILE);
    const log = events(sail);
    step(world, 5);
    expect(sail.state).toBe('moving');
    // A causeway along row 5 cuts the lake in two and joins the west and east shores.
    for (let x = 3; x <= 16; x++) paint(world.layer, GRASS, x, 5);
    runUntilDone(world, [sail], () => expect(standsOn(world, ship, onWater)).toBe(true));
    expect(log).toContain('blocked');
    expect(sail.state).toBe('failed');
    expect(sail.failure).toBe('no-path');
    expect(pf.tilemap!.gridOf('water').isBlocked(4, 5)).toBe(true);
    // The tank now drives straight across on the causeway.
    const drive = pf.moveTo(tank, 18.5 * TILE, 5.5 * TILE);
    runUntilDone(world, [drive], () => expect(standsOn(world, tank, onLand)).toBe(true));
    expect(drive.state, drive.reason).toBe('arrived');
    expect(drive.path!.length).toBeCloseTo(17, 6);
    expect(offGround(world.layer, drive.path!, onLand)).toBeUndefined();
    // Water again: the ship sails through where the causeway was, and the tank goes round.
    for (let x = 3; x <= 16; x++) paint(world.layer, WATER, x, 5);
    const back = pf.moveTo(ship, 14.5 * TILE, 8.5 * TILE);
    const round = pf.moveTo(tank, 1.5 * TILE, 5.5 * TILE);
    runUntilDone(world, [back, round], () => expect(standsOn(world, tank, onLand)).toBe(true));
    expect(back.state, back.reason).toBe('arrived');
    expect(offGround(world.layer, back.path!, onWater)).toBeUndefined();
    expect(round.state, round.reason).toBe('arrived');
    expect(round.path!.length).toBeGreaterThan(17 + 4);
    expect(offGround(world.layer, round.path!, onLand)).toBeUndefined();
  });

  it('edits behind the layer\'s back reach every built class through refresh() and the background scan', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: WATER_CLASS, scanPerFrame: 40 });
    const water = pf.tilemap!.gridOf('water');
    // Only the properties change: the default class (collision flags) sees nothing.
    world.layer.getTileAt(5, 2)!.properties = {};
    pf.refresh({ x: 5, y: 2, width: 1, height: 1 });
    expect(water.isBlocked(5, 2)).toBe(true);
    expect(pf.grid!.isBlocked(5, 2)).toBe(true);
    world.layer.getTileAt(14, 9)!.properties = {};
    step(world, Math.ceil((20 * 12) / 40) + 1);
    expect(water.isBlocked(14, 9)).toBe(true);
  });

  it('a moving ship replans round new land that leaves it a way', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: WATER_CLASS });
    const ship = world.scene.add.sprite(4.5 * TILE, 2.5 * TILE, '__DEFAULT');
    pf.addUnit(ship, { speed: 2 * TILE, moves: 'water' });
    const sail = pf.moveTo(ship, 15.5 * TILE, 2.5 * TILE);
    const log = events(sail);
    step(world, 5);
    expect(sail.state).toBe('moving');
    // Land across row 2 ahead of it: the way round by row 3 stays open.
    paint(world.layer, GRASS, 10, 2);
    runUntilDone(world, [sail], () => expect(standsOn(world, ship, onWater)).toBe(true));
    expect(log).toEqual(['start', 'blocked', 'replan', 'arrive']);
    expect(offGround(world.layer, sail.path!, onWater)).toBeUndefined();
  });

  it('an unknown class is refused by name: a RangeError from addUnit, an invalid move from moveTo', async () => {
    const world = await boot();
    const pf = world.pf;
    const ship = world.scene.add.sprite(4.5 * TILE, 2.5 * TILE, '__DEFAULT');
    // Before a map the name cannot be checked: the order fails once the map lacks the class.
    pf.addUnit(ship, { speed: TILE, moves: 'lava' });
    pf.useTilemap(world.layer, { classes: WATER_CLASS });
    const bad = pf.moveTo(ship, 5.5 * TILE, 2.5 * TILE);
    step(world);
    expect(bad.failure).toBe('invalid');
    expect(bad.reason).toMatch(/unknown movement class "lava" \(the map has "default", "water"\)/);
    expect(() => pf.addUnit(ship, { speed: TILE, moves: 'lava' })).toThrow(RangeError);
    expect(() => pf.addUnit(ship, { speed: TILE, moves: 'lava' })).toThrow('unknown movement class "lava" (the map has "default", "water")');
    expect(() => pf.addUnit(ship, { speed: TILE, moves: 3 as never })).toThrow(TypeError);
    expect(() => pf.navigatorOf('lava')).toThrow(RangeError);
    // moves belongs to the unit, not to one order.
    pf.addUnit(ship, { speed: TILE, moves: 'water' });
    const order = pf.moveTo(ship, 5.5 * TILE, 2.5 * TILE, { moves: 'water' } as never);
    step(world);
    expect(order.failure).toBe('invalid');
    expect(order.reason).toMatch(/moves is a unit's own/);
    // Bad class definitions name the class and the field.
    expect(() => pf.useTilemap(world.layer, { classes: { default: {} } })).toThrow(/"default" is the class of the collision flags/);
    expect(() => pf.useTilemap(world.layer, { classes: { water: { passible: { water: true } } as never } })).toThrow(/movement class "water" has an unknown field "passible"/);
    expect(() => pf.useTilemap(world.layer, { classes: { water: { blocked: true } as never } })).toThrow(TypeError);
    // The refused maps left the working one in place.
    const good = pf.moveTo(ship, 5.5 * TILE, 2.5 * TILE);
    runUntilDone(world, [good]);
    expect(good.state, good.reason).toBe('arrived');
  });

  it('addUnit with another class moves the unit over: its move is cancelled, its next order plans on the new ground', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: { ...WATER_CLASS, hover: { blocked: (tile) => tile?.index === WALL } } });
    const craft = world.scene.add.sprite(1.5 * TILE, 5.5 * TILE, '__DEFAULT');
    pf.addUnit(craft, { speed: TILE });
    const slow = pf.moveTo(craft, 1.5 * TILE, 1.5 * TILE);
    step(world, 3);
    pf.addUnit(craft, { speed: 8 * TILE, moves: 'hover' });
    expect(slow.state).toBe('cancelled');
    expect([...pf.navigator!.unitInfos()]).toHaveLength(0);
    const across = pf.moveTo(craft, 18.5 * TILE, 5.5 * TILE);
    runUntilDone(world, [across]);
    expect(across.state, across.reason).toBe('arrived');
    // Straight over the lake and the island (a point unit: the exact straight line).
    expect(across.path!.length).toBeLessThan(17.5);
  });

  it('halt, removeUnit, sprite destruction and debug drawing work for every class', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: WATER_CLASS }).debug({ expanded: true });
    const ships = [0, 1, 2].map((i) => world.scene.add.sprite((4.5 + i) * TILE, 2.5 * TILE, '__DEFAULT'));
    for (const ship of ships) pf.addUnit(ship, { speed: TILE, moves: 'water' });
    const moves = ships.map((ship) => pf.moveTo(ship, 14.5 * TILE, 8.5 * TILE));
    step(world, 5);
    expect(moves.map((m) => m.state)).toEqual(['moving', 'moving', 'moving']);
    pf.halt(ships[0]!);
    pf.removeUnit(ships[1]!);
    ships[2]!.destroy();
    expect(moves.map((m) => m.state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(moves[1]!.reason).toBe('the unit was removed');
    expect([...pf.navigatorOf('water')!.unitInfos()].map((u) => u.unit)).toEqual([ships[0]]);
    // Debug drawing shows the units of every class and the search that finished last, whatever its class.
    const drawn: NavigatorDebugInfo<PathfindingUnit>[] = [];
    const draw = vi.spyOn(DebugDraw.prototype, 'draw').mockImplementation((_map, info) => void drawn.push(info as NavigatorDebugInfo<PathfindingUnit>));
    const errors: unknown[] = [];
    world.scene.events.on('pathfinding-error', (e: unknown) => errors.push(e));
    const tank = world.scene.add.sprite(1.5 * TILE, 5.5 * TILE, '__DEFAULT');
    const drive = pf.moveTo(tank, 1.5 * TILE, 9.5 * TILE, { speed: TILE, planner: 'astar' });
    step(world, 2);
    expect(drive.state).toBe('moving');
    expect(drawn.at(-1)!.lastSearch!.planner).toBe('astar');
    const again = pf.moveTo(ships[0]!, 14.5 * TILE, 8.5 * TILE, { planner: 'theta' });
    step(world, 3);
    expect(again.state).toBe('moving');
    const last = drawn.at(-1)!;
    expect(last.lastSearch!.planner).toBe('theta');
    expect(last.lastSearch!.expanded.length).toBeGreaterThan(0);
    expect(last.units.map((u) => u.unit)).toEqual([tank, ships[0]]);
    expect(errors).toEqual([]);
    draw.mockRestore();
  });

  it('scene restart cancels the moves of every class and lets go of every grid', async () => {
    const world = await boot();
    const pf = world.pf.useTilemap(world.layer, { classes: WATER_CLASS });
    const ship = world.scene.add.sprite(4.5 * TILE, 2.5 * TILE, '__DEFAULT');
    const tank = world.scene.add.sprite(1.5 * TILE, 5.5 * TILE, '__DEFAULT');
    pf.addUnit(ship, { speed: TILE, moves: 'water' });
    const sail = pf.moveTo(ship, 14.5 * TILE, 8.5 * TILE);
    const drive = pf.moveTo(tank, 18.5 * TILE, 5.5 * TILE, { speed: TILE });
    step(world, 3);
    const navigator = pf.navigatorOf('water')!;
    const old = world.layer;
    expect(Object.prototype.hasOwnProperty.call(old, 'putTileAt')).toBe(true);
    world.scene.scene.restart();
    step(world, 2);
    expect(sail.state).toBe('cancelled');
    expect(drive.state).toBe('cancelled');
    expect(pf.navigatorOf('water')).toBeUndefined();
    expect(pf.tilemap).toBeUndefined();
    expect([...navigator.unitInfos()]).toHaveLength(0);
    expect(navigator.queue.size).toBe(0);
    expect(Object.prototype.hasOwnProperty.call(old, 'putTileAt')).toBe(false);
    expect(ship.listenerCount(Phaser.GameObjects.Events.DESTROY)).toBe(0);
    // The restarted scene takes a new map with classes.
    const layer = buildLake(world.scene, LAKE);
    world.layer = layer;
    pf.useTilemap(layer, { classes: WATER_CLASS });
    const again = world.scene.add.sprite(4.5 * TILE, 2.5 * TILE, '__DEFAULT');
    pf.addUnit(again, { speed: 8 * TILE, moves: 'water' });
    const next = pf.moveTo(again, 14.5 * TILE, 8.5 * TILE);
    runUntilDone(world, [next]);
    expect(next.state, next.reason).toBe('arrived');
  });
});
