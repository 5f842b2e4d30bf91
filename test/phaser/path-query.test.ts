/**
 * The plugin's path queries in pixels: `findPath` and `isReachable` for a sprite or a point,
 * planned within the frame budget, the statuses of moves, bad input resolved `invalid`, and a
 * scene restart resolving pending queries `cancelled`. Also the example of docs/plugin.md.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import { lineOfSight, type PathfindingPath, type PathfindingUnit } from '../../src/index.js';

const TILE = 32;
const FRAME_MS = 1000 / 60;
const WALL = 1;
const WATER = 2;

/** A wall with a gap at row 1; a lake (W) in the south-east, a sealed room (x 13..14, y 0..2). */
const ROWS = [
  '........#....#..',
  '.............#..',
  '........#....#..',
  '........#...####',
  '........#..WWWWW',
  '........#..WWWWW',
];

let game: Phaser.Game | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  game?.destroy(true);
  game = undefined;
});

/** The map drawn from world (64, 32), so pixels and tiles differ by more than a scale. */
async function boot(options: Parameters<Phaser.Scene['pathfinding']['useTilemap']>[1] = {}) {
  const scene = await bootHeadlessScene();
  game = scene.sys.game;
  const data = ROWS.map((row) => [...row].map((c) => (c === '#' ? WALL : c === 'W' ? WATER : 0)));
  const map = scene.make.tilemap({ data, tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 64, 32) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision([WALL, WATER]);
  scene.pathfinding.useTilemap(layer, { classes: { water: { blocked: (tile) => tile?.index !== WATER } }, ...options });
  let time = 0;
  const step = () => {
    time += FRAME_MS;
    scene.sys.game.headlessStep(time, FRAME_MS);
  };
  /** Steps frames until every promise has settled; returns what they resolved with. */
  const settle = async <T>(promises: readonly Promise<T>[], limit = 600): Promise<T[]> => {
    const out: (T | undefined)[] = promises.map(() => undefined);
    let left = promises.length;
    promises.forEach((p, i) => void p.then((v) => ((out[i] = v), left--)));
    for (let i = 0; i < limit && left > 0; i++) {
      step();
      await Promise.resolve();
    }
    await Promise.resolve();
    expect(left).toBe(0);
    return out as T[];
  };
  return { scene, layer, step, settle };
}

const px = (tx: number, ty: number) => ({ x: 64 + tx * TILE, y: 32 + ty * TILE });

describe('findPath and isReachable', () => {
  it('a sprite\'s path in world pixels, from where it stands, legal leg by leg, nothing moved', async () => {
    const { scene, settle } = await boot();
    const start = px(2.5, 3.5);
    const soldier = scene.add.sprite(start.x, start.y, '__DEFAULT');
    scene.pathfinding.addUnit(soldier, { speed: 90, width: 16 });
    const target = px(10.5, 2.5);
    const [route] = await settle([scene.pathfinding.findPath(soldier, target.x, target.y)]);
    expect(route!.status).toBe('found');
    expect(route!.points[0]).toEqual(start);
    expect(route!.points.at(-1)).toEqual(target);
    expect(route!.goal).toEqual(target);
    const grid = scene.pathfinding.grid!;
    let sum = 0;
    for (let i = 1; i < route!.points.length; i++) {
      const [p, q] = [route!.points[i - 1]!, route!.points[i]!];
      expect(lineOfSight(grid, (p.x - 64) / TILE, (p.y - 32) / TILE, (q.x - 64) / TILE, (q.y - 32) / TILE)).toBe(true);
      sum += Math.hypot(q.x - p.x, q.y - p.y);
    }
    expect(route!.length).toBeCloseTo(sum, 6);
    // Round by the gap in row 1: longer than the straight line through the wall.
    expect(route!.length).toBeGreaterThan(Math.hypot(target.x - start.x, target.y - start.y) + 1);
    expect([soldier.x, soldier.y]).toEqual([start.x, start.y]);
  });

  it('the statuses of moves, a class from the options, and isReachable', async () => {
    const { scene, settle } = await boot();
    const from = px(2.5, 2.5);
    const room = px(14, 1);
    const lake = px(13.5, 4.5);
    const results = await settle<PathfindingPath | boolean>([
      scene.pathfinding.findPath(from, room),
      scene.pathfinding.findPath(from, lake.x, lake.y),
      scene.pathfinding.findPath(from, -50, 10),
      scene.pathfinding.isReachable(from, px(10.5, 1.5)),
      scene.pathfinding.isReachable(from, room.x, room.y),
      scene.pathfinding.isReachable(px(11.5, 4.5), lake, { moves: 'water', width: 20 }),
      scene.pathfinding.isReachable(px(11.5, 4.5), from, { moves: 'water' }),
    ]);
    expect(results.slice(0, 3).map((r) => (r as PathfindingPath).status)).toEqual(['no-path', 'goal-blocked', 'out-of-bounds']);
    expect((results[0] as PathfindingPath).reason).toMatch(/^target at pixel \(512, 64\) cannot be reached from pixel \(144, 112\)$/);
    expect(results.slice(3)).toEqual([true, false, true, false]);
  });

  it('is planned within the budget, across frames, beside moves', async () => {
    const { scene, step } = await boot();
    scene.pathfinding.setBudget({ expansions: 20 });
    let answered = 0;
    let route: PathfindingPath | undefined;
    void scene.pathfinding.findPath(px(0.5, 5.5), px(10.5, 0.5), { planner: 'astar' }).then((r) => ((route = r), answered++));
    let frames = 0;
    for (; frames < 600 && answered === 0; frames++) {
      step();
      expect(scene.pathfinding.lastFrame.expansions).toBeLessThan(100);
      await Promise.resolve();
    }
    expect(route!.status).toBe('found');
    expect(frames).toBeGreaterThan(2);
  });

  it('resolves bad input invalid and never throws', async () => {
    const { scene, settle } = await boot();
    const soldier = scene.add.sprite(px(2.5, 2.5).x, px(2.5, 2.5).y, '__DEFAULT');
    scene.pathfinding.addUnit(soldier, { speed: 90 });
    const gone = scene.add.sprite(100, 100, '__DEFAULT');
    gone.destroy();
    const pf = scene.pathfinding as unknown as { findPath: (...args: unknown[]) => Promise<PathfindingPath> };
    const results = await settle([
      pf.findPath(null, 100, 100),
      pf.findPath({ x: 'a', y: 3 }, 100, 100),
      pf.findPath(soldier, NaN, 100),
      pf.findPath(soldier, { x: 200 }),
      pf.findPath(soldier, 200, 100, { moves: 'water' }),
      pf.findPath({ x: 100, y: 100 }, 200, 100, { moves: 'lava' }),
      pf.findPath(soldier, 200, 100, { speed: -5 }),
      pf.findPath(soldier, 200, 100, 'fast'),
      pf.findPath(gone, 200, 100),
      pf.findPath(soldier, 200, 100, { planner: 'vg' }),
    ]);
    for (const r of results) {
      expect(r.status).toBe('invalid');
      expect(r.reason).toMatch(/\w/);
      expect(r.points).toEqual([]);
    }
    expect(results[6]!.reason).toBe('speed must be a number > 0 and at most 3.2e16 px/s, got -5 px/s');
    expect(results[8]!.reason).toMatch(/destroyed/);
  });

  it('before useTilemap resolves invalid, naming it', async () => {
    const scene = await bootHeadlessScene();
    game = scene.sys.game;
    const r = await scene.pathfinding.findPath({ x: 10, y: 10 }, 100, 100);
    expect(r.status).toBe('invalid');
    expect(r.reason).toMatch(/useTilemap/);
  });

  it('a scene restart resolves pending queries cancelled, saying the scene shut down', async () => {
    const { scene, step } = await boot();
    scene.pathfinding.setBudget({ expansions: 1 });
    const answers: PathfindingPath[] = [];
    const soldier = scene.add.sprite(px(0.5, 5.5).x, px(0.5, 5.5).y, '__DEFAULT') as unknown as PathfindingUnit;
    void scene.pathfinding.findPath(soldier, px(10.5, 0.5), { speed: 60, planner: 'astar' }).then((r) => answers.push(r));
    void scene.pathfinding.findPath(px(0.5, 0.5), px(10.5, 0.5), { planner: 'astar' }).then((r) => answers.push(r));
    step();
    await Promise.resolve();
    expect(answers).toEqual([]);
    scene.scene.restart();
    step();
    await Promise.resolve();
    await Promise.resolve();
    expect(answers).toEqual([
      { status: 'cancelled', reason: 'the scene shut down', points: [], length: 0 },
      { status: 'cancelled', reason: 'the scene shut down', points: [], length: 0 },
    ]);
  });

  it('runs the example of docs/plugin.md (Path queries) as written', async () => {
    const { scene, settle } = await boot();
    const tank = scene.add.sprite(px(2.5, 2.5).x, px(2.5, 2.5).y, '__DEFAULT');
    scene.pathfinding.addUnit(tank, { speed: 90, turningRadius: 32, width: 24 });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const strokes = vi.spyOn(Phaser.GameObjects.Graphics.prototype, 'lineBetween');
    const done: Promise<unknown>[] = [];
    {
      // From docs/plugin.md, with `this` the scene.
      done.push(
        scene.pathfinding.findPath(tank, 400, 96).then((route) => {
          if (route.status !== 'found') return console.log('no way:', route.reason);
          const line = scene.add.graphics().lineStyle(2, 0xffff00);
          route.points.forEach((p, i) => i > 0 && line.lineBetween(route.points[i - 1]!.x, route.points[i - 1]!.y, p.x, p.y));
          console.log(`${route.length.toFixed(0)} px, ${route.points.length} points`);
        }),
      );
      done.push(scene.pathfinding.isReachable({ x: 112, y: 80 }, 600, 200, { width: 24 }).then((ok) => console.log(ok ? 'reachable' : 'out of reach')));
    }
    await settle(done);
    expect(strokes.mock.calls.length).toBeGreaterThan(0);
    const lines = log.mock.calls.map((c) => c.join(' '));
    expect(lines).toHaveLength(2);
    expect(lines).toContain('out of reach'); // (600, 200) is east of the map's 576 px
    expect(lines.find((l) => l.endsWith('points'))).toMatch(/^\d+ px, \d+ points$/);
  });
});
