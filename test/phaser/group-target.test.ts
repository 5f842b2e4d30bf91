/**
 * Group and single orders of the plugin to a target that cannot be reached (issue 30, newcomer
 * point 2): without `nearest` both fail alike; with it both go near and say so, `move.goal` in
 * world pixels like `move.target`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type World, TILE, bootPondField, runUntilDone, GRASS } from '../support/pond-field.js';

let current: World | undefined;

afterEach(() => {
  current?.game.destroy(true);
  current = undefined;
});

async function boot(): Promise<World> {
  current = await bootPondField();
  return current;
}

describe('an order of the plugin to the pond', () => {
  const POND = { x: 11.5 * TILE, y: 3.5 * TILE };

  it('fails goal-blocked for a group as for one unit, without nearest', async () => {
    const world = await boot();
    const pf = world.scene.pathfinding;
    const sprites = [0, 1, 2].map((i) => world.scene.add.sprite((2.5 + i) * TILE, 5.5 * TILE, '__DEFAULT'));
    const one = pf.moveTo(sprites[0]!, POND.x, POND.y, { speed: 96 });
    runUntilDone(world, [one]);
    expect(one.failure).toBe('goal-blocked');
    const moves = pf.moveTo(sprites, POND.x, POND.y, { speed: 96 });
    runUntilDone(world, moves);
    for (const m of moves) {
      expect(m.failure, m.reason).toBe('goal-blocked');
      expect(m.reason).toBe(one.reason);
    }
  });

  it('with nearest, goes to the shore, fires retarget and gives move.goal in pixels', async () => {
    const world = await boot();
    const pf = world.scene.pathfinding;
    const sprites = [0, 1, 2].map((i) => world.scene.add.sprite((2.5 + i) * TILE, 5.5 * TILE, '__DEFAULT'));
    const moves = pf.moveTo(sprites, POND, { speed: 96, width: 0.6 * TILE, nearest: true });
    const heard: { at: { x: number; y: number } | undefined; started: boolean }[] = [];
    for (const m of moves) m.on('retarget', (_u, move) => heard.push({ at: move.goal, started: move.state !== 'planning' }));
    runUntilDone(world, moves);
    expect(heard.length).toBe(3);
    moves.forEach((m, i) => {
      expect(m.state, m.reason).toBe('arrived');
      expect(m.retargeted).toBe(true);
      expect(heard[i]!.started).toBe(false);
      expect(m.target).toEqual(POND);
      // In pixels: the path's end (tile units) times the tile size; on dry land by the pond.
      expect(m.goal!.x).toBeCloseTo(m.path!.end.x * TILE, 6);
      expect(m.goal!.y).toBeCloseTo(m.path!.end.y * TILE, 6);
      expect(world.layer.getTileAtWorldXY(m.goal!.x, m.goal!.y)!.index).toBe(GRASS);
      expect(Math.hypot(m.goal!.x - POND.x, m.goal!.y - POND.y)).toBeLessThan(4 * TILE);
    });
  });
});
