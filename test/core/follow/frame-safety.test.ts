/**
 * One unit's trouble stays with that unit: a planning job, a follower or an adapter that throws
 * fails that unit's move with status `error`, listeners that throw are reported after the frame,
 * and the other units plan and drive as usual (issue 15, point 1).
 */
import { describe, expect, it, vi } from 'vitest';
import { Move } from '../../../src/follow/move.js';
import { Navigator, type NavigatorOptions } from '../../../src/follow/navigator.js';
import { PlanQueue } from '../../../src/follow/plan-queue.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';

interface Unit {
  name: string;
  pose: Pose;
  /** Makes the adapter throw when writing this unit. */
  brokenWrite?: boolean;
  brokenRead?: boolean;
  writes: number;
}

const DT = 1 / 60;
const ROWS = ['..........', '..........', '....##....', '..........', '..........'];

function setup(options?: NavigatorOptions) {
  const grid = Grid.fromAscii(ROWS);
  const nav = new Navigator<Unit>(
    grid,
    {
      read: (u) => {
        if (u.brokenRead) throw new Error(`cannot read ${u.name}`);
        return { ...u.pose };
      },
      write: (u, p) => {
        if (u.brokenWrite) throw new Error(`cannot write ${u.name}`);
        u.writes++;
        Object.assign(u.pose, p);
      },
    },
    // A clock that never moves: every plan is made in the first frame whatever the machine's
    // load, so the three units arrive in the same frame (a real clock split them under load).
    { clock: () => 0, ...options },
  );
  const units = ['a', 'b', 'c'].map((name, i): Unit => ({ name, pose: { x: 0.5, y: 0.5 + 2 * i, heading: 0 }, writes: 0 }));
  for (const u of units) nav.addUnit(u, { speed: 5 });
  return { grid, nav, units };
}

function orderAll(nav: Navigator<Unit>, units: Unit[]): Move<Unit>[] {
  return units.map((u) => nav.moveTo(u, { x: 9.5, y: u.pose.y }));
}

function runFrames(nav: Navigator<Unit>, moves: Move<Unit>[], limit = 2000): void {
  for (let i = 0; i < limit && moves.some((m) => !m.ended); i++) nav.update(DT);
}

describe('a failure in one unit fails only its move', () => {
  it('a planning job that throws fails its move with `error`; the others arrive', () => {
    const { nav, units } = setup();
    const real = nav.routes.planner.bind(nav.routes);
    let calls = 0;
    vi.spyOn(nav.routes, 'planner').mockImplementation((...args) => {
      if (calls++ === 1) throw new Error('planner exploded');
      return real(...args);
    });
    const moves = orderAll(nav, units);
    expect(() => runFrames(nav, moves)).not.toThrow();
    expect(moves.map((m) => m.state)).toEqual(['arrived', 'failed', 'arrived']);
    expect(moves[1]!.failure).toBe('error');
    expect(moves[1]!.reason).toContain('planner exploded');
    expect(units[1]!.pose).toEqual({ x: 0.5, y: 2.5, heading: 0 });
  });

  it('an adapter that throws while driving fails that move, writes nothing more, and the others arrive', () => {
    const { nav, units } = setup();
    const moves = orderAll(nav, units);
    for (let i = 0; i < 10; i++) nav.update(DT);
    units[0]!.brokenWrite = true;
    expect(() => runFrames(nav, moves)).not.toThrow();
    expect(moves.map((m) => m.state)).toEqual(['failed', 'arrived', 'arrived']);
    expect(moves[0]!.failure).toBe('error');
    expect(moves[0]!.reason).toContain('cannot write a');
    units[0]!.brokenWrite = false;
    const writes = units[0]!.writes;
    for (let i = 0; i < 30; i++) nav.update(DT);
    expect(units[0]!.writes).toBe(writes);
    // The unit is still usable: a new order works.
    const again = nav.moveTo(units[0]!, { x: 9.5, y: 0.5 });
    runFrames(nav, [again]);
    expect(again.state).toBe('arrived');
  });

  it('an adapter that cannot read the unit fails the order at the next update', () => {
    const { nav, units } = setup();
    units[2]!.brokenRead = true;
    const moves = orderAll(nav, units);
    const failed: string[] = [];
    moves[2]!.on('fail', (u, m) => failed.push(`${u.name}: ${m.failure}`));
    expect(moves[2]!.state).toBe('planning');
    runFrames(nav, moves);
    expect(failed).toEqual(['c: error']);
    expect(moves[2]!.reason).toContain('cannot read c');
    expect(moves.slice(0, 2).map((m) => m.state)).toEqual(['arrived', 'arrived']);
  });

  it('a planning job that is not the navigator’s and throws does not block the queue', () => {
    const queue = new PlanQueue({ expansions: 1000 });
    const bad = {
      done: false,
      step(): number {
        throw new Error('bad job');
      },
      cancel() {
        this.done = true;
      },
    };
    let ran = 0;
    const good = {
      done: false,
      step(): number {
        ran++;
        this.done = true;
        return 1;
      },
      cancel() {},
    };
    queue.add(bad);
    queue.add(good);
    expect(() => queue.run()).toThrow('bad job');
    expect(ran).toBe(1);
    expect(queue.size).toBe(0);
    expect(queue.lastFrame.finished).toBe(1);
    expect(() => queue.run()).not.toThrow();
  });
});

describe('listeners that throw', () => {
  it('every listener runs, every unit gets its frame, and update rethrows afterwards', () => {
    const { nav, units } = setup();
    // Three straight rows of the same length: the units arrive in the same frame.
    units[1]!.pose.y = 3.5;
    const moves = orderAll(nav, units);
    const heard: string[] = [];
    moves[0]!.on('arrive', () => {
      throw new Error('first listener of a');
    });
    moves[0]!.on('arrive', () => heard.push('a second'));
    moves[1]!.on('arrive', () => {
      throw new Error('listener of b');
    });
    moves[2]!.on('arrive', () => heard.push('c'));
    const thrown: unknown[] = [];
    for (let i = 0; i < 2000 && moves.some((m) => !m.ended); i++) {
      try {
        nav.update(DT);
      } catch (error) {
        thrown.push(error);
      }
    }
    // The three arrive in the same frame: one AggregateError holds both listeners' errors.
    expect(moves.map((m) => m.state)).toEqual(['arrived', 'arrived', 'arrived']);
    expect(heard.sort()).toEqual(['a second', 'c']);
    expect(thrown).toHaveLength(1);
    expect(thrown[0]).toBeInstanceOf(AggregateError);
    expect((thrown[0] as AggregateError).errors.map((e: Error) => e.message)).toEqual(['first listener of a', 'listener of b']);
  });

  it('with onError, update never throws and onError gets each error', async () => {
    const errors: unknown[] = [];
    const { nav, units } = setup({ onError: (e) => errors.push(e) });
    const moves = orderAll(nav, units);
    moves[1]!.on('start', () => {
      throw new Error('start listener');
    });
    moves[1]!.on('arrive', () => {
      throw new Error('arrive listener');
    });
    expect(() => runFrames(nav, moves)).not.toThrow();
    expect(errors.map((e) => (e as Error).message)).toEqual(['start listener', 'arrive listener']);
    expect(await moves[1]!.done).toBe('arrived');
  });

  it('a move keeps once, off and listener context as an event emitter does', () => {
    const move = new Move('u', { x: 0, y: 0 });
    const calls: string[] = [];
    const context = { name: 'ctx' };
    move.once('replan', () => calls.push('once'));
    move.on(
      'replan',
      function (this: { name: string }) {
        calls.push(this.name);
      },
      context,
    );
    const off = (): number => calls.push('off');
    move.on('replan', off);
    move.off('replan', off);
    move.emit('replan', 'u', move);
    move.emit('replan', 'u', move);
    expect(calls).toEqual(['once', 'ctx', 'ctx']);
    // Without a sink, a move rethrows after all listeners ran.
    move.on('blocked', () => {
      throw new Error('x');
    });
    move.on('blocked', () => calls.push('after'));
    expect(() => move.emit('blocked', 'u', move)).toThrow('x');
    expect(calls.at(-1)).toBe('after');
  });
});
