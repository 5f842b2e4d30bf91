/**
 * Issue 30, hostile point 11: a scene's shutdown lets go of the watchers its planners put on the
 * map's grid. Each directional planner (one per vehicle profile) registered three and never took
 * them off; a grid a game keeps (or one a plan worker mirrors) then paid for every dropped one on
 * every edit.
 */
import Phaser from 'phaser';
import { afterEach, describe, expect, it } from 'vitest';
import type { Grid, PathfindingMove } from '../../src/index.js';
import { bootHeadlessScene } from '../support/headless-scene.js';

const TILE = 32;
const FRAME_MS = 1000 / 60;
const ROWS = [
  '####################',
  '#..................#',
  '#..................#',
  '#.....######.......#',
  '#..................#',
  '#..................#',
  '#..........#.......#',
  '#..........#.......#',
  '#..................#',
  '####################',
];

let game: Phaser.Game | undefined;
afterEach(() => {
  game?.destroy(true);
  game = undefined;
});

/** The map's grid after a scene ran `units` toward the east side for a second, then restarted. */
async function afterRestart(vehicles: boolean): Promise<{ running: number; left: number }> {
  const scene = await bootHeadlessScene();
  game = scene.sys.game;
  const map = scene.make.tilemap({ data: ROWS.map((row) => [...row].map((c) => (c === '#' ? 1 : 0))), tileWidth: TILE, tileHeight: TILE });
  const layer = map.createLayer(0, map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision(1);
  const pf = scene.pathfinding;
  // On the main thread: the planners are then on this grid (a plan worker has its own copy).
  pf.useTilemap(layer, { worker: false });
  const grid = pf.grid as Grid;
  const soldier = scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
  pf.addUnit(soldier, { speed: 100 });
  pf.moveTo(soldier, 17.5 * TILE, 8.5 * TILE);
  const moves: PathfindingMove[] = [];
  if (vehicles) {
    const tank = scene.add.sprite(2.5 * TILE, 5.5 * TILE, '__DEFAULT');
    pf.addUnit(tank, { speed: 100, turningRadius: TILE, width: 0.8 * TILE });
    const ship = scene.add.sprite(2.5 * TILE, 8.5 * TILE, '__DEFAULT');
    pf.addUnit(ship, { speed: 80, turningRadius: 1.5 * TILE, width: 0.6 * TILE, reverse: false });
    moves.push(pf.moveTo(tank, 17.5 * TILE, 4.5 * TILE), pf.moveTo(ship, 16.5 * TILE, 1.5 * TILE));
  }
  let time = 0;
  // Until the vehicles have their plans (their planners built tables in slices), and a second more.
  for (let i = 0; i < 600 && moves.some((m) => m.state === 'planning'); i++) game.headlessStep((time += FRAME_MS), FRAME_MS);
  expect(moves.map((m) => m.state)).toEqual(moves.map(() => 'moving'));
  for (let i = 0; i < 60; i++) game.headlessStep((time += FRAME_MS), FRAME_MS);
  const running = grid.watcherCount;
  scene.scene.restart();
  for (let i = 0; i < 2; i++) game.headlessStep((time += FRAME_MS), FRAME_MS);
  return { running, left: grid.watcherCount };
}

describe('a scene restart and the grid watchers', () => {
  it('leaves behind with vehicles what it leaves without: the caches every planner of the grid shares', async () => {
    const soldiers = await afterRestart(false);
    game?.destroy(true);
    game = undefined;
    const vehicles = await afterRestart(true);
    // Two vehicle profiles: a directional planner each, three watchers each, while the scene runs.
    expect(vehicles.running).toBeGreaterThanOrEqual(soldiers.running + 6);
    expect(vehicles.left).toBe(soldiers.left);
    expect(soldiers.left).toBeLessThanOrEqual(soldiers.running);
  });
});
