/**
 * What the plugin reports for a unit that stands where it cannot move from (issue 30, newcomer
 * point 1): a tile placed on it with `putTileAt`, a land unit standing in water, a sprite off
 * the map. Each order fails `start-blocked` with a reason naming the unit's place, as
 * docs/plugin.md says; they failed `no-path` ("target ... cannot be reached from tile ...").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type World, FRAME_MS, TILE, bootPondField, runUntilDone, WALL } from '../support/pond-field.js';

let current: World | undefined;

afterEach(() => {
  current?.game.destroy(true);
  current = undefined;
});

async function boot(): Promise<World> {
  current = await bootPondField();
  return current;
}

/** Profiles of the plugin's units, in pixels: a point, a soldier with a width, a tank. */
const UNITS = [
  { name: 'a point unit', profile: { speed: 96 } },
  { name: 'a soldier', profile: { speed: 96, width: 0.6 * TILE } },
  { name: 'a tank', profile: { speed: 96, width: 0.8 * TILE, turningRadius: TILE } },
] as const;

describe('a unit that stands where it cannot move from fails start-blocked', () => {
  for (const { name, profile } of UNITS) {
    it(`${name} with a tile placed on it by putTileAt, with and without nearest`, async () => {
      const world = await boot();
      const pf = world.scene.pathfinding;
      const sprite = world.scene.add.sprite(3.5 * TILE, 3.5 * TILE, '__DEFAULT');
      pf.addUnit(sprite, profile);
      world.layer.putTileAt(WALL, 3, 3);
      for (const nearest of [false, true]) {
        const move = pf.moveTo(sprite, 6.5 * TILE, 6.5 * TILE, { nearest });
        runUntilDone(world, [move]);
        expect(move.state).toBe('failed');
        expect(move.failure, move.reason).toBe('start-blocked');
        expect(move.reason).toMatch(/stands inside a wall/);
      }
      // The sprite was never driven into (or out of) the wall.
      expect(sprite.x).toBe(3.5 * TILE);
      expect(sprite.y).toBe(3.5 * TILE);
    });
  }

  it('a tank driving when a tile is placed under it stops and fails start-blocked', async () => {
    const world = await boot();
    const pf = world.scene.pathfinding;
    const tank = world.scene.add.sprite(1.5 * TILE, 6.5 * TILE, '__DEFAULT');
    pf.addUnit(tank, UNITS[2].profile);
    const move = pf.moveTo(tank, 14.5 * TILE, 6.5 * TILE, { heading: 0 });
    for (let f = 0; f < 600 && tank.x < 6.2 * TILE; f++) {
      world.time += FRAME_MS;
      world.game.headlessStep(world.time, FRAME_MS);
    }
    expect(move.state).toBe('moving');
    world.layer.putTileAt(WALL, Math.floor(tank.x / TILE), Math.floor(tank.y / TILE));
    runUntilDone(world, [move]);
    expect(move.failure, move.reason).toBe('start-blocked');
  });

  it('a land unit standing in water, and a sprite off the map, in one group order', async () => {
    const world = await boot();
    const pf = world.scene.pathfinding;
    const wet = world.scene.add.sprite(11.5 * TILE, 3.5 * TILE, '__DEFAULT');
    const away = world.scene.add.sprite(-5 * TILE, 3.5 * TILE, '__DEFAULT');
    const dry = world.scene.add.sprite(2.5 * TILE, 2.5 * TILE, '__DEFAULT');
    const moves = pf.moveTo([wet, away, dry], 5.5 * TILE, 5.5 * TILE, { speed: 96 });
    runUntilDone(world, moves);
    expect(moves[0]!.failure, moves[0]!.reason).toBe('start-blocked');
    expect(moves[0]!.reason).toMatch(/stands inside a wall/);
    expect(moves[1]!.failure, moves[1]!.reason).toBe('start-blocked');
    expect(moves[1]!.reason).toMatch(/is outside the 16x8 map/);
    expect(moves[2]!.state).toBe('arrived');
  });
});
