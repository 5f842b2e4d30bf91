/**
 * Movement classes in the core: one lazily built grid per class, tile edits reaching every built
 * grid at once, and navigators of several classes planning within one shared budget.
 */
import { describe, expect, it } from 'vitest';
import { MovementGrids } from '../../../src/follow/movement-grids.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';
import { makeRng } from '../../support/rng.js';

/** A small world: 'L' land, 'W' water, '#' wall; land units go on L, ships on W. */
function world(rows: string[]): string[][] {
  return rows.map((r) => [...r]);
}

function classesOf(cells: string[][], calls?: Record<string, number>) {
  const counted = (name: string, blocked: (c: string) => boolean) => (x: number, y: number) => {
    if (calls) calls[name] = (calls[name] ?? 0) + 1;
    return blocked(cells[y]![x]!);
  };
  return new MovementGrids(cells[0]!.length, cells.length, {
    default: counted('default', (c) => c !== 'L'),
    water: counted('water', (c) => c !== 'W'),
  });
}

const MAP = ['LLLWWW', 'LL#WWW', 'LLLLWW'];

describe('MovementGrids', () => {
  it('builds a class grid only on its first use, from its rule', () => {
    const calls: Record<string, number> = {};
    const grids = classesOf(world(MAP), calls);
    expect(grids.built('water')).toBeUndefined();
    expect(calls['water']).toBeUndefined();
    const water = grids.grid('water');
    expect(calls['water']).toBe(18);
    expect(grids.built('water')).toBe(water);
    expect(grids.grid('water')).toBe(water);
    expect(water.toAscii()).toEqual(['@@@...', '@@@...', '@@@@..']);
    expect(grids.builtNames()).toEqual(['water']);
  });

  it('refuses an unknown class by name, listing the known ones', () => {
    const grids = classesOf(world(MAP));
    expect(() => grids.grid('lava')).toThrow(RangeError);
    expect(() => grids.grid('lava')).toThrow('unknown movement class "lava" (the map has "default", "water")');
    expect(() => grids.check(7)).toThrow(TypeError);
    expect(grids.builtNames()).toEqual([]);
    expect(() => new MovementGrids(2, 2, {})).toThrow(RangeError);
    expect(() => new MovementGrids(2, 2, { water: 'wet' as never })).toThrow(/"water" needs a rule function/);
  });

  it('a refresh re-reads every built grid, tells their watchers, and leaves unbuilt classes alone', () => {
    const cells = world(MAP);
    const calls: Record<string, number> = {};
    const grids = classesOf(cells, calls);
    const land = grids.grid('default');
    const water = grids.grid('water');
    const heard: string[] = [];
    land.watch((a) => heard.push(`land ${a.x},${a.y}`));
    water.watch((a) => heard.push(`water ${a.x},${a.y}`));
    // Water at (4, 1) becomes land: ships lose it, land units gain it.
    cells[1]![4] = 'L';
    grids.refresh({ x: 4, y: 1, width: 1, height: 1 });
    expect(land.isBlocked(4, 1)).toBe(false);
    expect(water.isBlocked(4, 1)).toBe(true);
    expect(heard).toEqual(['land 4,1', 'water 4,1']);
    // Seeded random edits: after each refresh of the whole map, every built grid equals its rule.
    const rng = makeRng(18);
    for (let i = 0; i < 50; i++) {
      const x = rng.int(6);
      const y = rng.int(3);
      cells[y]![x] = rng.pick(['L', 'W', '#']);
      grids.refresh(rng.chance(0.5) ? undefined : { x, y, width: 1, height: 1 });
      for (let cy = 0; cy < 3; cy++) {
        for (let cx = 0; cx < 6; cx++) {
          expect(land.isBlocked(cx, cy)).toBe(cells[cy]![cx] !== 'L');
          expect(water.isBlocked(cx, cy)).toBe(cells[cy]![cx] !== 'W');
        }
      }
    }
  });

  it('a rule that throws leaves every grid as it was; a listener that throws does not stop the other grids', () => {
    const cells = world(MAP);
    let fail = false;
    const grids = new MovementGrids(6, 3, {
      default: (x, y) => cells[y]![x] !== 'L',
      water: (x, y) => {
        if (fail) throw new Error('rule broke');
        return cells[y]![x] !== 'W';
      },
    });
    const land = grids.grid('default');
    const water = grids.grid('water');
    const before = [land.version, water.version];
    cells[0]![0] = 'W';
    fail = true;
    expect(() => grids.refresh()).toThrow('rule broke');
    expect([land.version, water.version]).toEqual(before);
    expect(land.isBlocked(0, 0)).toBe(false);
    fail = false;
    land.onChange(() => {
      throw new Error('listener broke');
    });
    expect(() => grids.refresh()).toThrow('listener broke');
    expect(land.isBlocked(0, 0)).toBe(true);
    expect(water.isBlocked(0, 0)).toBe(false);
  });
});

interface Unit {
  pose: Pose;
}

const adapter = { read: (u: Unit) => ({ ...u.pose }), write: (u: Unit, p: Readonly<Pose>) => void Object.assign(u.pose, p) };

describe('Navigators sharing one plan queue', () => {
  it('plan within one budget: only the owner runs the queue, and a sharer does not clear it', () => {
    const land = Grid.fromAscii(['..........', '..........']);
    const sea = Grid.fromAscii(['..........', '..........']);
    const owner = new Navigator<Unit>(land, adapter, { budget: { expansions: 1 } });
    const sharer = new Navigator<Unit>(sea, adapter, { queue: owner.queue });
    expect(sharer.queue).toBe(owner.queue);
    let runs = 0;
    const run = owner.queue.run.bind(owner.queue);
    owner.queue.run = () => {
      runs++;
      return run();
    };
    const ship: Unit = { pose: { x: 0.5, y: 0.5, heading: 0 } };
    const tank: Unit = { pose: { x: 0.5, y: 1.5, heading: 0 } };
    const sail = sharer.moveTo(ship, { x: 9.5, y: 0.5 }, { speed: 0.1 });
    const drive = owner.moveTo(tank, { x: 9.5, y: 1.5 }, { speed: 0.1 });
    expect(owner.queue.size).toBe(2);
    // The sharer's frame plans nothing, whatever the budget.
    for (let i = 0; i < 5; i++) sharer.update(1 / 60);
    expect(sail.state).toBe('planning');
    expect(owner.queue.size).toBe(2);
    expect(runs).toBe(0);
    // Frames of both: the queue runs once a frame, so the budget is one for both classes.
    let frames = 0;
    while ((sail.state === 'planning' || drive.state === 'planning') && frames < 100) {
      sharer.update(1 / 60);
      owner.update(1 / 60);
      frames++;
    }
    expect(runs).toBe(frames);
    expect(frames).toBeGreaterThan(1);
    expect(sail.state).toBe('moving');
    expect(drive.state).toBe('moving');
    // A sharer that goes away cancels its own moves only.
    const again = owner.moveTo(tank, { x: 0.5, y: 1.5 }, { speed: 0.1 });
    sharer.destroy();
    expect(sail.state).toBe('cancelled');
    expect(owner.queue.size).toBe(1);
    for (let i = 0; i < 100 && again.state === 'planning'; i++) owner.update(1 / 60);
    expect(again.state).toBe('moving');
    owner.destroy();
  });
});
