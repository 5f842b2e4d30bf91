/**
 * What the plugin tells its caller, in the caller's units: move reasons and profile errors in
 * pixels and rounded, a plain object named as such, a scene restart named as a shutdown, and the
 * cost of the plugin's whole frame beside its planning.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import type { PathfindingMove, PathfindingUnit } from '../../src/index.js';

const TILE = 32;
const FRAME_MS = 1000 / 60;

/** A room split by a wall with no gap: the east half cannot be reached from the west. */
const ROOM = [
  '############',
  '#....#.....#',
  '#....#.....#',
  '#....#.....#',
  '#....#.....#',
  '############',
];

let game: Phaser.Game | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  game?.destroy(true);
  game = undefined;
});

/** The room at world offset (100, 50), so pixels and tiles differ by more than a scale. */
async function boot() {
  const scene = await bootHeadlessScene();
  game = scene.sys.game;
  const data = ROOM.map((row) => [...row].map((c) => (c === '#' ? 1 : 0)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 100, 50) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision([1]);
  scene.pathfinding.useTilemap(layer);
  let time = 0;
  const step = (frames = 1) => {
    for (let i = 0; i < frames; i++) {
      time += FRAME_MS;
      scene.sys.game.headlessStep(time, FRAME_MS);
    }
  };
  /** Steps until `move` ends (planning is budgeted by time: how many frames it takes is the machine's). */
  const settle = (move: PathfindingMove, limit = 600) => {
    for (let i = 0; i < limit && !move.ended; i++) step();
  };
  return { scene, step, settle };
}

/** Every number of a sentence: none may carry more than two decimals. */
function decimalsOf(text: string): number {
  return Math.max(0, ...[...text.matchAll(/\d+\.(\d+)/g)].map((m) => m[1]!.length));
}

describe('reasons in the caller\'s units', () => {
  it('a target out of reach is named in world pixels, rounded, from where the sprite stands', async () => {
    const { scene, settle } = await boot();
    // A start one third of the way into a tile: in tiles, 2.3333333333333335.
    const sprite = scene.add.sprite(100 + (7 / 3) * TILE, 50 + 2.5 * TILE, '__DEFAULT');
    scene.pathfinding.addUnit(sprite, { speed: 100 });
    const move = scene.pathfinding.moveTo(sprite, 100 + 8.5 * TILE, 50 + 2.5 * TILE);
    settle(move);
    expect(move.failure).toBe('no-path');
    expect(move.reason).toBe(`target at pixel (${100 + 8.5 * TILE}, ${50 + 2.5 * TILE}) cannot be reached from pixel (174.67, 130)`);
    expect(decimalsOf(move.reason!)).toBeLessThanOrEqual(2);
    expect(move.reason).not.toMatch(/tile/);
  });

  it('a target outside the map is named in pixels', async () => {
    const { scene, settle } = await boot();
    const sprite = scene.add.sprite(100 + 2.5 * TILE, 50 + 2.5 * TILE, '__DEFAULT');
    scene.pathfinding.addUnit(sprite, { speed: 100 });
    const move = scene.pathfinding.moveTo(sprite, 10, 20);
    settle(move);
    expect(move.failure).toBe('out-of-bounds');
    expect(move.reason).toMatch(/^target at pixel \(10, 20\) is outside/);
  });

  it('a turning radius out of range is refused in pixels, the value as given', async () => {
    const { scene } = await boot();
    const tank = scene.add.sprite(100 + 2.5 * TILE, 50 + 2.5 * TILE, '__DEFAULT');
    // 65 tiles' worth: above the 64-tile limit, which is 2048 px.
    let message = '';
    try {
      scene.pathfinding.addUnit(tank, { speed: 100, turningRadius: 65 * TILE, width: 20 });
    } catch (error) {
      expect(error).toBeInstanceOf(RangeError);
      message = (error as Error).message;
    }
    expect(message).toBe(`turningRadius must be 0 (turning on the spot) or from 3.2e-5 px to 2048 px, got ${65 * TILE} px`);
  });

  it('a bad speed in an order fails naming px/s, and a width the map cannot hold names pixels', async () => {
    const { scene, settle } = await boot();
    const sprite = scene.add.sprite(100 + 2.5 * TILE, 50 + 2.5 * TILE, '__DEFAULT');
    scene.pathfinding.addUnit(sprite, { speed: 100 });
    const bad = scene.pathfinding.moveTo(sprite, 100 + 3.5 * TILE, 50 + 2.5 * TILE, { speed: -48 });
    settle(bad);
    expect(bad.failure).toBe('invalid');
    expect(bad.reason).toMatch(/^speed must be a number > 0 and at most \S+ px\/s, got -48 px\/s$/);
    const wide = scene.pathfinding.moveTo(sprite, 100 + 3.5 * TILE, 50 + 2.5 * TILE, { width: 7 * TILE });
    settle(wide);
    expect(wide.failure).toBe('invalid');
    expect(wide.reason).toBe(`width ${7 * TILE} px does not fit anywhere on the 12x6 map`);
  });

  it('addUnit and moveTo with a plain object name the real problem, not a destroyed sprite', async () => {
    const { scene, settle } = await boot();
    const plain = { x: 10, y: 10, rotation: 0 } as unknown as PathfindingUnit;
    expect(() => scene.pathfinding.addUnit(plain, { speed: 100 })).toThrow(new TypeError('addUnit expects a Phaser game object with x and y, got a plain object'));
    const move = scene.pathfinding.moveTo(plain, 200, 100);
    settle(move);
    expect(move.failure).toBe('invalid');
    expect(move.reason).toBe('moveTo expects a Phaser game object with x and y, got a plain object');
    expect(() => scene.pathfinding.addUnit(null as unknown as PathfindingUnit, { speed: 100 })).toThrow(/expects a Phaser game object with x and y, got null/);
  });
});

describe('a scene restart', () => {
  it('cancels every move with a reason saying the scene shut down, not that the sprite was destroyed', async () => {
    const { scene, step } = await boot();
    const sprites = [2, 3].map((i) => scene.add.sprite(100 + 1.5 * TILE, 50 + (i + 0.5) * TILE, '__DEFAULT'));
    const moves: PathfindingMove[] = [];
    for (const s of sprites) {
      scene.pathfinding.addUnit(s, { speed: 60, width: 16 });
      moves.push(scene.pathfinding.moveTo(s, 100 + 4.5 * TILE, s.y));
    }
    for (let i = 0; i < 60 && moves.some((m) => m.state === 'planning'); i++) step();
    expect(moves.map((m) => m.state)).toEqual(['moving', 'moving']);
    let shutdowns = 0;
    scene.events.once(Phaser.Scenes.Events.SHUTDOWN, () => shutdowns++);
    let destroys = 0;
    scene.events.once(Phaser.Scenes.Events.DESTROY, () => destroys++);
    scene.scene.restart();
    step(2);
    expect([shutdowns, destroys]).toEqual([1, 0]);
    expect(moves.map((m) => m.state)).toEqual(['cancelled', 'cancelled']);
    expect(moves.map((m) => m.reason)).toEqual(['the scene shut down', 'the scene shut down']);
  });
});

describe('the frame report', () => {
  it('reports the whole update beside planning: tile edits, driving, and a total that holds them', async () => {
    // A clock that moves one millisecond each time it is read: every measured stretch is > 0.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => ++now);
    const { scene, step } = await boot();
    const sprite = scene.add.sprite(100 + 1.5 * TILE, 50 + 2.5 * TILE, '__DEFAULT');
    scene.pathfinding.addUnit(sprite, { speed: 60, width: 16 });
    scene.pathfinding.moveTo(sprite, 100 + 4.5 * TILE, 50 + 1.5 * TILE);
    // Deterministic: the budget's clock is the fake one.
    step(3);
    const f = scene.pathfinding.lastFrame;
    expect(f.totalMilliseconds).toBeGreaterThan(0);
    expect(f.drivingMilliseconds).toBeGreaterThan(0);
    expect(f.mapMilliseconds).toBeGreaterThan(0);
    expect(f.totalMilliseconds).toBeGreaterThanOrEqual(f.milliseconds + f.drivingMilliseconds + f.mapMilliseconds);
  });

  it('runs the example of docs/plugin.md (Frame cost) as written', async () => {
    const { scene, step } = await boot();
    const sprite = scene.add.sprite(100 + 1.5 * TILE, 50 + 2.5 * TILE, '__DEFAULT');
    scene.pathfinding.addUnit(sprite, { speed: 60 });
    scene.pathfinding.moveTo(sprite, 100 + 4.5 * TILE, 50 + 1.5 * TILE);
    step(2);
    const self = { pathfinding: scene.pathfinding, meter: scene.add.text(0, 0, '') };
    {
      // From docs/plugin.md, the body of update(), with `this` a scene holding a Text as `meter`.
      const f = self.pathfinding.lastFrame;
      self.meter.setText(`pathfinding ${f.totalMilliseconds.toFixed(1)} ms (planning ${f.milliseconds.toFixed(1)}, units ${f.drivingMilliseconds.toFixed(1)})`);
    }
    expect(self.meter.text).toMatch(/^pathfinding \d+\.\d ms \(planning \d+\.\d, units \d+\.\d\)$/);
  });
});
