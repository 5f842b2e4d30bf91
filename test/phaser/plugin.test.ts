/**
 * The plugin in a headless Phaser game: a tilemap built in code, frames driven by hand with
 * `game.headlessStep`. One file, so Phaser is imported once.
 */
import Phaser from 'phaser';
import { bootHeadlessScene } from '../support/headless-scene.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirectionalPlanner, exportMoveTables, isPointFree, PathfindingPlugin, type Navigator, type PathfindingMove, type PathfindingUnit } from '../../src/index.js';

const TILE = 32;
const WALL = 1;
const FLOOR = 0;
/** 60 Hz. */
const FRAME_MS = 1000 / 60;

interface World {
  game: Phaser.Game;
  scene: Phaser.Scene;
  map: Phaser.Tilemaps.Tilemap;
  layer: Phaser.Tilemaps.TilemapLayer;
  time: number;
}

let current: World | undefined;

afterEach(() => {
  current?.game.destroy(true);
  current = undefined;
});

/** Boots a headless game whose scene has a tilemap of `rows` ('#' wall, '.' floor) under the plugin. */
async function boot(rows: string[], x = 0, y = 0, scale = 1): Promise<World> {
  const scene = await bootHeadlessScene();
  const world: World = { game: scene.sys.game, scene, ...buildMap(scene, rows, x, y, scale), time: 0 };
  current = world;
  return world;
}

function buildMap(scene: Phaser.Scene, rows: string[], x: number, y: number, scale: number): Pick<World, 'map' | 'layer'> {
  const data = rows.map((row) => [...row].map((c) => (c === '#' ? WALL : FLOOR)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  // The 32x32 default texture cut into four 16px tiles gives indices 0 to 3 to paint with.
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, x, y) as Phaser.Tilemaps.TilemapLayer;
  layer.setScale(scale);
  layer.setCollision(WALL);
  return { map, layer };
}

function step(world: World, frames = 1, ms = FRAME_MS): void {
  for (let i = 0; i < frames; i++) {
    world.time += ms;
    world.game.headlessStep(world.time, ms);
  }
}

/** Steps until `move` ends (or `limit` frames), calling `each` after every frame. */
function runUntilDone(world: World, move: PathfindingMove, limit = 2000, each?: () => void): number {
  let frames = 0;
  while (!move.ended && frames < limit) {
    step(world);
    frames++;
    each?.();
  }
  return frames;
}

function record(move: PathfindingMove): string[] {
  const log: string[] = [];
  for (const name of ['start', 'waypoint', 'blocked', 'replan', 'arrive', 'fail', 'cancel'] as const) {
    // Every event passes the sprite and the move first.
    move.on(name as 'start', (sprite: PathfindingUnit, m: PathfindingMove) => {
      expect(m).toBe(move);
      expect(sprite).toBe(move.unit);
      log.push(name);
    });
  }
  return log;
}

/** The tile under a world point, on a map at the origin with scale 1. */
function tileAt(world: World, x: number, y: number): Phaser.Tilemaps.Tile | null {
  return world.layer.getTileAtWorldXY(x, y, true);
}

/** True when a unit may stand where `unit` is: not inside a wall (wall edges and corners are fine). */
function standsFree(world: World, unit: { x: number; y: number }): boolean {
  return isPointFree(world.scene.pathfinding.grid!, unit.x / TILE, unit.y / TILE);
}

const ROOM = [
  '############',
  '#..........#',
  '#..........#',
  '#...####...#',
  '#...#..#...#',
  '#...#..#...#',
  '#..........#',
  '############',
];

describe('PathfindingPlugin', () => {
  it('is mapped on the scene as this.pathfinding, typed', async () => {
    const world = await boot(ROOM);
    const plugin: PathfindingPlugin = world.scene.pathfinding;
    expect(plugin).toBeInstanceOf(PathfindingPlugin);
  });

  it('moveTo arrives on the target, firing start, waypoints in order, then arrive', async () => {
    const world = await boot(ROOM);
    world.scene.pathfinding.useTilemap(world.layer);
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const move = world.scene.pathfinding.moveTo(hero, 5.5 * TILE, 4.5 * TILE, { speed: 160, acceleration: 400 });
    const log = record(move);
    const indices: number[] = [];
    move.on('waypoint', (_s, _m, i) => indices.push(i));
    const done = move.done;
    let last = { x: hero.x, y: hero.y };
    runUntilDone(world, move, 2000, () => {
      // Never inside a wall, never a jump.
      expect(standsFree(world, hero)).toBe(true);
      expect(Math.hypot(hero.x - last.x, hero.y - last.y)).toBeLessThanOrEqual((160 * FRAME_MS) / 1000 + 1e-6);
      last = { x: hero.x, y: hero.y };
    });
    expect(await done).toBe('arrived');
    expect(log[0]).toBe('start');
    expect(log[log.length - 1]).toBe('arrive');
    expect(log.filter((e) => e === 'start' || e === 'arrive')).toEqual(['start', 'arrive']);
    expect(indices).toEqual(indices.map((_, i) => i));
    expect(indices.length).toBeGreaterThan(0);
    expect(hero.x).toBeCloseTo(5.5 * TILE, 9);
    expect(hero.y).toBeCloseTo(4.5 * TILE, 9);
  });

  it('also takes a point, works on a moved and scaled layer, and turns the sprite to its heading', async () => {
    const world = await boot(ROOM, 100, 50, 2);
    world.scene.pathfinding.useTilemap(world.layer);
    const size = TILE * 2;
    const hero = world.scene.add.sprite(100 + 1.5 * size, 50 + 1.5 * size, '__DEFAULT');
    world.scene.pathfinding.addUnit(hero, { speed: 400, rotationOffset: Math.PI / 2 });
    const move = world.scene.pathfinding.moveTo(hero, { x: 100 + 10.5 * size, y: 50 + 1.5 * size });
    step(world, 5);
    expect(hero.rotation).toBeCloseTo(Math.PI / 2, 9);
    runUntilDone(world, move);
    expect(move.state).toBe('arrived');
    expect(hero.x).toBeCloseTo(100 + 10.5 * size, 9);
    expect(hero.y).toBeCloseTo(50 + 1.5 * size, 9);
  });

  it('shows fixed-angle art by choosing the frame nearest the heading', async () => {
    const world = await boot(ROOM);
    world.scene.pathfinding.useTilemap(world.layer);
    const texture = world.scene.textures.get('__DEFAULT');
    for (const [i, name] of ['east', 'south', 'west', 'north'].entries()) texture.add(name, 0, i * 8, 0, 8, 8);
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    world.scene.pathfinding.addUnit(hero, { speed: 200, frames: ['east', 'south', 'west', 'north'] });
    const down = world.scene.pathfinding.moveTo(hero, 1.5 * TILE, 5.5 * TILE);
    step(world, 3);
    expect(hero.frame.name).toBe('south');
    runUntilDone(world, down);
    const left = world.scene.pathfinding.moveTo(hero, { x: 1.5 * TILE, y: 1.5 * TILE }, { heading: Math.PI });
    runUntilDone(world, left);
    expect(hero.frame.name).toBe('west');
    expect(hero.rotation).toBe(0);
  });

  it('a tile placed on the path makes the unit replan around it', async () => {
    const world = await boot([
      '##########',
      '#........#',
      '#........#',
      '#........#',
      '##########',
    ]);
    world.scene.pathfinding.useTilemap(world.layer);
    const hero = world.scene.add.sprite(1.5 * TILE, 2.5 * TILE, '__DEFAULT');
    const move = world.scene.pathfinding.moveTo(hero, 8.5 * TILE, 2.5 * TILE, { speed: 64 });
    const log = record(move);
    step(world, 5);
    expect(move.state).toBe('moving');
    world.layer.putTileAt(WALL, 5, 2);
    runUntilDone(world, move, 2000, () => {
      expect(standsFree(world, hero)).toBe(true);
    });
    expect(log).toContain('blocked');
    expect(log, move.reason).toContain('replan');
    expect(log.indexOf('blocked')).toBeLessThan(log.indexOf('replan'));
    expect(log[log.length - 1]).toBe('arrive');
    expect(world.scene.pathfinding.grid!.isBlocked(5, 2)).toBe(true);
  });

  it('tile edits made directly on tile data reach the grid through refresh() and the background scan', async () => {
    const world = await boot(ROOM);
    world.scene.pathfinding.useTilemap(world.layer, { scanPerFrame: 16 });
    const tile = world.layer.getTileAt(2, 2)!;
    tile.setCollision(true);
    world.scene.pathfinding.refresh({ x: 2, y: 2, width: 1, height: 1 });
    expect(world.scene.pathfinding.grid!.isBlocked(2, 2)).toBe(true);
    world.layer.getTileAt(3, 1)!.setCollision(true);
    step(world, Math.ceil((12 * 8) / 16) + 1);
    expect(world.scene.pathfinding.grid!.isBlocked(3, 1)).toBe(true);
    world.layer.setCollision(WALL, false);
    step(world, 1);
    expect(world.scene.pathfinding.grid!.isBlocked(0, 0)).toBe(false);
  });

  it('several layers and a predicate make one grid; layers that do not line up are refused', async () => {
    const world = await boot(ROOM);
    const decor = world.map.createBlankLayer('decor', world.map.tilesets[0]!)!;
    decor.putTileAt(2, 6, 1);
    decor.setCollision(2);
    const pf = world.scene.pathfinding;
    pf.useTilemap([world.layer, decor], { blocked: (tile, x, y) => tile?.index === FLOOR && x === 2 && y === 6 });
    const grid = pf.grid!;
    expect(grid.isBlocked(0, 0)).toBe(true);
    expect(grid.isBlocked(6, 1)).toBe(true);
    expect(grid.isBlocked(2, 6)).toBe(true);
    expect(grid.isBlocked(3, 6)).toBe(false);
    decor.removeTileAt(6, 1);
    step(world);
    expect(pf.grid!.isBlocked(6, 1)).toBe(false);
    const shifted = world.map.createBlankLayer('shifted', world.map.tilesets[0]!, 16, 0)!;
    expect(() => pf.useTilemap([world.layer, shifted])).toThrow(/differs/);
    expect(() => pf.useTilemap([])).toThrow(RangeError);
  });

  it('bad targets fail with a reason and leave the sprite where it was; nearest goes as close as it can', async () => {
    const world = await boot(ROOM);
    world.scene.pathfinding.useTilemap(world.layer);
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    world.scene.pathfinding.addUnit(hero, { speed: 200 });
    const outside = world.scene.pathfinding.moveTo(hero, -50, 20);
    const log = record(outside);
    step(world, 3);
    expect(await outside.done).toBe('failed');
    expect(log).toEqual(['fail']);
    expect(outside.failure).toBe('out-of-bounds');
    expect(outside.reason).toMatch(/outside/);
    expect([hero.x, hero.y]).toEqual([1.5 * TILE, 1.5 * TILE]);

    const wall = world.scene.pathfinding.moveTo(hero, 4.5 * TILE, 3.5 * TILE);
    step(world, 3);
    expect(await wall.done).toBe('failed');
    expect(wall.failure).toBe('goal-blocked');
    expect(wall.reason).toMatch(/inside a wall/);
    const sealed = world.scene.pathfinding.moveTo(hero, 5.5 * TILE, 4.5 * TILE);
    world.layer.putTileAt(WALL, 5, 6);
    world.layer.putTileAt(WALL, 6, 6);
    step(world, 3);
    expect(await sealed.done).toBe('failed');
    expect(sealed.failure).toBe('no-path');
    expect([hero.x, hero.y]).toEqual([1.5 * TILE, 1.5 * TILE]);

    const near = world.scene.pathfinding.moveTo(hero, 4.5 * TILE, 3.5 * TILE, { nearest: true });
    runUntilDone(world, near);
    expect(near.state).toBe('arrived');
    // It may stand on the wall's edge, never inside it.
    expect(standsFree(world, hero)).toBe(true);
    expect(Math.hypot(hero.x - 4.5 * TILE, hero.y - 3.5 * TILE)).toBeLessThanOrEqual(TILE);
  });

  it('200 orders at once: every frame plans within the budget, the work spreads over frames, all arrive', async () => {
    const rows = ['##############################'];
    for (let i = 0; i < 18; i++) rows.push(i % 4 === 2 ? '#..#####.....######..#####...#' : '#............................#');
    rows.push('##############################');
    const world = await boot(rows);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer).setBudget({ expansions: 600 });
    const moves: PathfindingMove[] = [];
    const startRows = [1, 2, 4, 5, 6, 8, 9, 10];
    for (let i = 0; i < 200; i++) {
      const sx = 1 + (i % 28);
      const sy = startRows[Math.floor(i / 28)]!;
      const unit = world.scene.add.image((sx + 0.5) * TILE, (sy + 0.5) * TILE, '__DEFAULT');
      moves.push(pf.moveTo(unit, (29 - sx + 0.5) * TILE, (18.5 - (i % 3)) * TILE, { speed: 300 }));
    }
    const perFrame: number[] = [];
    for (let frame = 0; frame < 3000 && moves.some((m) => !m.ended); frame++) {
      step(world);
      perFrame.push(pf.lastFrame.expansions);
    }
    expect(Math.max(...perFrame)).toBeLessThanOrEqual(600);
    expect(perFrame.filter((n) => n > 0).length).toBeGreaterThan(5);
    expect(moves.every((m) => m.state === 'arrived')).toBe(true);
  });

  it('a unit with a width keeps its footprint off blocked tiles', async () => {
    const world = await boot(ROOM);
    world.scene.pathfinding.useTilemap(world.layer);
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const move = world.scene.pathfinding.moveTo(hero, 10.5 * TILE, 6.5 * TILE, { speed: 200, width: 0.8 * TILE });
    const radius = 0.4 * TILE;
    runUntilDone(world, move, 2000, () => {
      for (let a = 0; a < 16; a++) {
        const px = hero.x + radius * 0.999 * Math.cos((a * Math.PI) / 8);
        const py = hero.y + radius * 0.999 * Math.sin((a * Math.PI) / 8);
        expect(tileAt(world, px, py)?.index).not.toBe(WALL);
      }
    });
    expect(move.state).toBe('arrived');
  });

  it('a new order while moving replans from the current motion without a jump', async () => {
    const world = await boot(ROOM);
    world.scene.pathfinding.useTilemap(world.layer);
    const car = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    world.scene.pathfinding.addUnit(car, { speed: 120, acceleration: 240 });
    const first = world.scene.pathfinding.moveTo(car, 10.5 * TILE, 1.5 * TILE);
    step(world, 30);
    const second = world.scene.pathfinding.moveTo(car, 10.5 * TILE, 6.5 * TILE);
    expect(first.state).toBe('cancelled');
    let last = { x: car.x, y: car.y };
    runUntilDone(world, second, 2000, () => {
      expect(Math.hypot(car.x - last.x, car.y - last.y)).toBeLessThanOrEqual((120 * FRAME_MS) / 1000 + 1e-6);
      last = { x: car.x, y: car.y };
    });
    expect(second.state).toBe('arrived');
  });

  it('a unit with a turning radius drives curves and arrives', async () => {
    const world = await boot(ROOM);
    world.scene.pathfinding.useTilemap(world.layer);
    const car = world.scene.add.sprite(2 * TILE, 2 * TILE, '__DEFAULT');
    const move = world.scene.pathfinding.moveTo(car, 10 * TILE, 6 * TILE, { speed: 120, turningRadius: TILE, heading: 0 });
    let lastHeading = car.rotation;
    runUntilDone(world, move, 3000, () => {
      expect(Math.abs(Phaser.Math.Angle.Wrap(car.rotation - lastHeading))).toBeLessThanOrEqual((120 * FRAME_MS) / 1000 / TILE + 1e-6);
      lastHeading = car.rotation;
    });
    expect(move.state).toBe('arrived');
    expect(car.rotation).toBeCloseTo(0, 6);
  });

  it('the whole profile reaches the directional planner in tiles: turnPenalty, and length as a rectangle', async () => {
    const GAP = ['..............', '..............', '..............', '######.#######', '..............', '..............', '..............'];
    const world = await boot(GAP);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer);
    // The exported type of what the plugin's `navigator` returns.
    const nav: Navigator<PathfindingUnit> | undefined = pf.navigator;
    expect(nav).toBeDefined();
    const path = (profile: object): { length: number | undefined; failure: string | undefined } => {
      const car = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
      pf.addUnit(car, { speed: 120, turningRadius: TILE, width: 0.6 * TILE, ...profile });
      const move = pf.moveTo(car, 12.5 * TILE, 5.5 * TILE, { planner: 'directional' });
      for (let i = 0; i < 600 && move.state === 'planning'; i++) step(world);
      pf.removeUnit(car);
      return { length: move.path?.length, failure: move.failure };
    };
    const direct = (turnPenalty: number): number => {
      const r = new DirectionalPlanner(pf.grid!, { turningRadius: 1, width: 0.6, turnPenalty }).findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 12.5, y: 5.5, heading: null });
      expect(r.status).toBe('found');
      return r.length;
    };
    expect(direct(2)).not.toBe(direct(0));
    expect(path({ turnPenalty: 2 })).toEqual({ length: direct(2), failure: undefined });
    expect(path({})).toEqual({ length: direct(0), failure: undefined });
    // 0.6 x 1.2 tiles: its circumscribing disc does not pass the one-tile gap.
    expect(path({ length: 1.2 * TILE })).toEqual({ length: undefined, failure: 'no-path' });
  });

  it('the old field name turnRadius is refused naming turningRadius, never taken as turning on the spot', async () => {
    const world = await boot(ROOM);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer);
    const car = world.scene.add.sprite(2 * TILE, 2 * TILE, '__DEFAULT');
    expect(() => pf.addUnit(car, { speed: 120, turnRadius: TILE } as never)).toThrow(/turnRadius was renamed turningRadius/);
    const move = pf.moveTo(car, 10 * TILE, 6 * TILE, { speed: 120, turnRadius: TILE } as never);
    step(world);
    expect(move.failure).toBe('invalid');
    expect(move.reason).toMatch(/turnRadius was renamed turningRadius/);
    expect({ x: car.x, y: car.y }).toEqual({ x: 2 * TILE, y: 2 * TILE });
  });

  it('debug(true) draws cells, paths and footprints, and debug(false) removes the drawing', async () => {
    const world = await boot(ROOM);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer).debug({ expanded: true });
    const before = world.scene.children.length;
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    pf.moveTo(hero, 10.5 * TILE, 6.5 * TILE, { speed: 100, width: 16 });
    step(world, 3);
    expect(world.scene.children.length).toBe(before + 3);
    pf.debug(false);
    expect(world.scene.children.length).toBe(before + 1);
  });

  it('destroying a sprite cancels its move and forgets it', async () => {
    const world = await boot(ROOM);
    world.scene.pathfinding.useTilemap(world.layer);
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const move = world.scene.pathfinding.moveTo(hero, 10.5 * TILE, 6.5 * TILE, { speed: 100 });
    step(world, 3);
    hero.destroy();
    expect(await move.done).toBe('cancelled');
    expect([...world.scene.pathfinding.navigator!.unitInfos()]).toHaveLength(0);
    step(world, 3);
  });

  it('scene restart leaves no units, moves, listeners or wrapped methods behind', async () => {
    const world = await boot(ROOM);
    const events = world.scene.sys.events;
    const baseline = events.listenerCount(Phaser.Scenes.Events.POST_UPDATE);
    const shutdownBaseline = events.listenerCount(Phaser.Scenes.Events.SHUTDOWN);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer).debug(true);
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const move = pf.moveTo(hero, 10.5 * TILE, 6.5 * TILE, { speed: 100 });
    step(world, 3);
    const layer = world.layer;
    expect(Object.prototype.hasOwnProperty.call(layer, 'putTileAt')).toBe(true);
    world.scene.scene.restart();
    step(world, 2);
    expect(await move.done).toBe('cancelled');
    expect(move.listenerCount('arrive')).toBe(0);
    expect(pf.navigator).toBeUndefined();
    expect(pf.grid).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(layer, 'putTileAt')).toBe(false);
    expect(events.listenerCount(Phaser.Scenes.Events.POST_UPDATE)).toBe(baseline);
    expect(events.listenerCount(Phaser.Scenes.Events.SHUTDOWN)).toBe(shutdownBaseline);
    expect(hero.listenerCount(Phaser.GameObjects.Events.DESTROY)).toBe(0);
    // The restarted scene works again with a fresh map.
    const rebuilt = buildMap(world.scene, ROOM, 0, 0, 1);
    world.layer = rebuilt.layer;
    pf.useTilemap(rebuilt.layer);
    const again = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const next = pf.moveTo(again, 3.5 * TILE, 1.5 * TILE, { speed: 200 });
    runUntilDone(world, next);
    expect(next.state).toBe('arrived');
  });
});

describe('PathfindingPlugin when things go wrong (issue 15)', () => {
  it('moveTo on a destroyed sprite fails at the next update naming it, and does not register it', async () => {
    const world = await boot(ROOM);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer);
    for (const options of [{ speed: 100 }, {}]) {
      const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT').setName('hero');
      hero.destroy();
      const move = pf.moveTo(hero, 5.5 * TILE, 1.5 * TILE, options);
      const log = record(move);
      expect(move.state).toBe('planning');
      step(world);
      expect(log).toEqual(['fail']);
      expect(move.failure).toBe('invalid');
      expect(move.reason).toContain('"hero"');
      expect(move.reason).toContain('destroyed');
      expect(pf.navigator!.has(hero)).toBe(false);
      expect(hero.listenerCount(Phaser.GameObjects.Events.DESTROY)).toBe(0);
      expect(hero.x).toBe(1.5 * TILE);
    }
    const gone = world.scene.add.sprite(0, 0, '__DEFAULT');
    gone.destroy();
    expect(() => pf.addUnit(gone, { speed: 100 })).toThrow(TypeError);
  });

  it('bad numbers in move options fail the move with invalid, naming the field', async () => {
    const world = await boot(ROOM);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer);
    const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    for (const [options, field] of [
      [{ tolerance: '5' }, 'tolerance'],
      [{ tolerance: -3 }, 'tolerance'],
      [{ heading: Number.NaN }, 'heading'],
      [{ heading: 'up' }, 'heading'],
      [{ speed: -100 }, 'speed'],
    ] as const) {
      const move = pf.moveTo(hero, 5.5 * TILE, 1.5 * TILE, { speed: 100, ...(options as object) });
      step(world);
      expect(move.failure, field).toBe('invalid');
      expect(move.reason).toContain(field);
    }
    expect(hero.x).toBe(1.5 * TILE);
  });

  it('a sprite destroyed mid-move: its move is cancelled naming it, it is forgotten and never written again', async () => {
    const world = await boot(ROOM);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer);
    for (const quiet of [false, true]) {
      const hero = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT').setName('runner');
      const move = pf.moveTo(hero, 10.5 * TILE, 6.5 * TILE, { speed: 100 });
      step(world, 20);
      expect(move.state).toBe('moving');
      // Quietly: the game removed every listener of the sprite first, ours among them.
      if (quiet) hero.removeAllListeners();
      hero.destroy();
      const at = { x: hero.x, y: hero.y, rotation: hero.rotation };
      expect(() => step(world, 30)).not.toThrow();
      expect(move.state).toBe('cancelled');
      expect(move.reason).toContain('"runner"');
      expect({ x: hero.x, y: hero.y, rotation: hero.rotation }).toEqual(at);
      expect(pf.navigator!.has(hero)).toBe(false);
    }
  });

  it('update never throws: throwing move listeners and tile listeners are reported, the other units arrive', async () => {
    const world = await boot(ROOM);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer);
    const reported: unknown[] = [];
    world.scene.events.on(PathfindingPlugin.ERROR_EVENT, (e: unknown) => reported.push(e));
    pf.grid!.onChange(() => {
      throw new Error('tile listener broke');
    });
    const a = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    const b = world.scene.add.sprite(1.5 * TILE, 2.5 * TILE, '__DEFAULT');
    const ma = pf.moveTo(a, 10.5 * TILE, 1.5 * TILE, { speed: 200 });
    const mb = pf.moveTo(b, 10.5 * TILE, 2.5 * TILE, { speed: 200 });
    ma.on('start', () => {
      throw new Error('start listener broke');
    });
    step(world, 5);
    world.layer.putTileAt(WALL, 8, 6);
    expect(() => runUntilDone(world, mb)).not.toThrow();
    runUntilDone(world, ma);
    expect([ma.state, mb.state]).toEqual(['arrived', 'arrived']);
    expect(reported.map((e) => (e as Error).message).sort()).toEqual(['start listener broke', 'tile listener broke']);
  });

  it('without an error listener, errors go to the console; a unit whose planning throws fails with `error`', async () => {
    const world = await boot(ROOM);
    const pf = world.scene.pathfinding;
    pf.useTilemap(world.layer);
    const logged: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((e: unknown) => logged.push(e));
    try {
      const planner = vi.spyOn(pf.navigator!.routes, 'planner').mockImplementationOnce(() => {
        throw new Error('planner exploded');
      });
      const a = world.scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
      const b = world.scene.add.sprite(1.5 * TILE, 2.5 * TILE, '__DEFAULT');
      const ma = pf.moveTo(a, 10.5 * TILE, 1.5 * TILE, { speed: 200 });
      const mb = pf.moveTo(b, 10.5 * TILE, 2.5 * TILE, { speed: 200 });
      mb.on('arrive', () => {
        throw new Error('arrive listener broke');
      });
      expect(() => runUntilDone(world, mb)).not.toThrow();
      expect(ma.state).toBe('failed');
      expect(ma.failure).toBe('error');
      expect(ma.reason).toContain('planner exploded');
      expect(mb.state).toBe('arrived');
      expect(logged.map((e) => (e as Error).message)).toEqual(['arrive listener broke']);
      planner.mockRestore();
    } finally {
      spy.mockRestore();
    }
  });

  it('loadMoveTables takes shipped move tables (a Uint8Array or an ArrayBuffer) and refuses anything else, naming why', async () => {
    const world = await boot(ROOM);
    const pf = world.scene.pathfinding;
    const bytes = exportMoveTables({ turningRadius: 1.25, width: 0.5 });
    const info = pf.loadMoveTables(bytes);
    expect(info.moves).toBeGreaterThan(0);
    expect(pf.loadMoveTables(bytes.slice().buffer).key).toBe(info.key);
    expect(() => pf.loadMoveTables(new Uint8Array([1, 2, 3]))).toThrow(/move tables/);
    expect(() => pf.loadMoveTables({} as Uint8Array)).toThrow(TypeError);
  });
});
