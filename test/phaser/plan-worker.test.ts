/**
 * The plugin's `worker` map option: a tank's plan goes to the worker and comes back through the
 * plugin's frame; the worker is closed on shutdown; a bad option is refused before anything
 * changes; without a working Worker the orders are planned on the main thread.
 */
import Phaser from 'phaser';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { bootHeadlessScene } from '../support/headless-scene.js';
import type { PathfindingMove } from '../../src/index.js';
import { servePlans, type PlanHost } from '../../src/worker/host.js';
import { nodePort } from '../../src/worker/port.js';
import type { FromWorker, ToWorker } from '../../src/worker/protocol.js';

const TILE = 32;
const WALL = 1;
const ROWS = ['##########', '#........#', '#........#', '#...##...#', '#........#', '#........#', '#........#', '##########'];
const FRAME_MS = 1000 / 60;

let game: Phaser.Game | undefined;
let host: PlanHost | undefined;
afterEach(() => {
  game?.destroy(true);
  game = undefined;
  host?.close();
  host = undefined;
});

async function boot(): Promise<{ scene: Phaser.Scene; layer: Phaser.Tilemaps.TilemapLayer; frame: () => Promise<void> }> {
  const scene = await bootHeadlessScene();
  game = scene.sys.game;
  const map = scene.make.tilemap({ data: ROWS.map((r) => [...r].map((c) => (c === '#' ? WALL : 0))), tileWidth: TILE, tileHeight: TILE });
  const tiles = map.addTilesetImage('tiles', '__DEFAULT', TILE / 2, TILE / 2)!;
  const layer = map.createLayer(0, tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
  layer.setCollision(WALL);
  let time = 0;
  const frame = async (): Promise<void> => {
    // The worker's answers cross between frames, as in a browser.
    await new Promise((resolve) => setImmediate(resolve));
    time += FRAME_MS;
    scene.sys.game.headlessStep(time, FRAME_MS);
  };
  return { scene, layer, frame };
}

async function untilStarted(move: PathfindingMove, frame: () => Promise<void>): Promise<void> {
  for (let i = 0; i < 600 && move.state === 'planning'; i++) await frame();
}

describe('plugin option worker', () => {
  it("sends a tank's plan to the worker, drives it, and closes the worker on shutdown", async () => {
    const { scene, layer, frame } = await boot();
    const { port1, port2 } = new MessageChannel();
    const seen: string[] = [];
    const hostPort = nodePort<ToWorker, FromWorker>(port2);
    host = servePlans({ ...hostPort, onMessage: (listener) => hostPort.onMessage((m) => (seen.push(m.type), listener(m))) }, { warmUp: [] });
    let closed = false;
    port2.on('close', () => void (closed = true));
    scene.pathfinding.useTilemap(layer, { worker: () => port1 as unknown as Worker });
    const tank = scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    scene.pathfinding.addUnit(tank, { speed: 90, turningRadius: 2 * TILE, width: 0.8 * TILE });
    const move = scene.pathfinding.moveTo(tank, 8.5 * TILE, 6.5 * TILE);
    await untilStarted(move, frame);
    expect(move.state).toBe('moving');
    expect(seen).toContain('plan');
    // An infantry unit's plan stays on the main thread.
    const plans = seen.filter((t) => t === 'plan').length;
    const soldier = scene.add.sprite(1.5 * TILE, 6.5 * TILE, '__DEFAULT');
    const walk = scene.pathfinding.moveTo(soldier, 8.5 * TILE, 1.5 * TILE, { speed: 120 });
    await untilStarted(walk, frame);
    expect(walk.state).toBe('moving');
    expect(seen.filter((t) => t === 'plan').length).toBe(plans);
    scene.sys.events.emit(Phaser.Scenes.Events.SHUTDOWN);
    for (let i = 0; i < 5 && !closed; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });

  it('refuses a bad worker option, keeping the map it had', async () => {
    const { scene, layer } = await boot();
    scene.pathfinding.useTilemap(layer);
    const nav = scene.pathfinding.navigator;
    expect(() => scene.pathfinding.useTilemap(layer, { worker: 'yes' as never })).toThrow(TypeError);
    expect(() => scene.pathfinding.useTilemap(layer, { worker: 0 })).toThrow(/from 1 to 8, got 0/);
    expect(() => scene.pathfinding.useTilemap(layer, { worker: 2.5 })).toThrow(RangeError);
    expect(scene.pathfinding.navigator).toBe(nav);
  });

  it('plans on the main thread when the worker cannot start', async () => {
    const { scene, layer, frame } = await boot();
    const errors: unknown[] = [];
    scene.events.on('pathfinding-error', (e: unknown) => void errors.push(e));
    scene.pathfinding.useTilemap(layer, {
      worker: () => {
        throw new Error('no workers here');
      },
    });
    const tank = scene.add.sprite(1.5 * TILE, 1.5 * TILE, '__DEFAULT');
    scene.pathfinding.addUnit(tank, { speed: 90, turningRadius: 2 * TILE, width: 0.8 * TILE });
    const move = scene.pathfinding.moveTo(tank, 8.5 * TILE, 6.5 * TILE);
    await untilStarted(move, frame);
    expect(move.state).toBe('moving');
    expect(String(errors[0])).toMatch(/no workers here/);
  });
});
