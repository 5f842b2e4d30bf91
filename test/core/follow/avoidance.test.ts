import { describe, expect, it } from 'vitest';
import type { Move } from '../../../src/follow/move.js';
import { Navigator, type NavigatorOptions } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import { discHitsBlocked, pathHitsBlocked } from '../../../src/curves/footprint.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import type { Pose } from '../../../src/curves/segment.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

interface Unit {
  name: string;
  pose: Pose;
  radius: number;
}

const DT = 1 / 60;
/** Plans finish in the frame they are ordered: runs depend on the steps alone, not on the clock. */
const BUDGET = { expansions: 1e9, milliseconds: 1e9 };

function navigator(grid: Grid, options: NavigatorOptions = {}): Navigator<Unit> {
  return new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: BUDGET, avoidance: true, ...options });
}

function open(size: number): Grid {
  return new Grid(size, size);
}

function unit(name: string, x: number, y: number, radius: number): Unit {
  return { name, pose: { x, y, heading: 0 }, radius };
}

/** The deepest overlap of any two units, as a fraction of the smaller radius (0 when none touch). */
function deepestOverlap(units: readonly Unit[]): number {
  let deepest = 0;
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      const a = units[i]!;
      const b = units[j]!;
      const depth = a.radius + b.radius - Math.hypot(a.pose.x - b.pose.x, a.pose.y - b.pose.y);
      if (depth > 0) deepest = Math.max(deepest, depth / Math.min(a.radius, b.radius));
    }
  }
  return deepest;
}

/** Steps until every move ended (or `limit` frames); returns the deepest overlap seen. */
function run(nav: Navigator<Unit>, units: readonly Unit[], moves: readonly Move<Unit>[], limit: number, dt = DT, each?: () => void): number {
  let deepest = 0;
  for (let i = 0; i < limit && moves.some((m) => !m.ended); i++) {
    nav.update(dt);
    deepest = Math.max(deepest, deepestOverlap(units));
    each?.();
  }
  return deepest;
}

/** 24 units on a circle of radius 10 in open ground, each sent to the opposite point. */
function circle(avoidance: boolean) {
  const grid = open(30);
  const nav = navigator(grid, { avoidance });
  const units: Unit[] = [];
  const moves: Move<Unit>[] = [];
  const n = 24;
  const r = 0.4;
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const u = unit(`u${i}`, 15 + 10 * Math.cos(a), 15 + 10 * Math.sin(a), r);
    units.push(u);
    nav.addUnit(u, { speed: 2, width: 2 * r });
  }
  units.forEach((u, i) => {
    const a = (2 * Math.PI * i) / n + Math.PI;
    moves.push(nav.moveTo(u, { x: 15 + 10 * Math.cos(a), y: 15 + 10 * Math.sin(a) }));
  });
  return { nav, units, moves };
}

describe('navigator avoidance', () => {
  it('24 units swapping across a circle never overlap by more than a tenth of a radius, and all arrive', () => {
    const { nav, units, moves } = circle(true);
    const deepest = run(nav, units, moves, 60 * 60);
    expect(moves.map((m) => m.state)).toEqual(moves.map(() => 'arrived'));
    expect(deepest).toBeLessThan(0.1);
    // Without avoidance the same order overlaps completely: the test can fail.
    const alone = circle(false);
    expect(run(alone.nav, alone.units, alone.moves, 60 * 60)).toBeGreaterThan(1);
  });

  it('two units sent head-on through a corridor pass each other', () => {
    const grid = Grid.fromAscii(['##########', '..........', '..........', '##########']);
    const nav = navigator(grid);
    const a = unit('a', 0.5, 1.5, 0.4);
    const b = unit('b', 9.5, 1.5, 0.4);
    nav.addUnit(a, { speed: 2, width: 0.8 });
    nav.addUnit(b, { speed: 2, width: 0.8 });
    const moves = [nav.moveTo(a, { x: 9.5, y: 1.5 }), nav.moveTo(b, { x: 0.5, y: 1.5 })];
    const deepest = run(nav, [a, b], moves, 60 * 30);
    expect(moves.map((m) => m.state)).toEqual(['arrived', 'arrived']);
    expect(deepest).toBeLessThan(0.1);
    expect(Math.hypot(a.pose.x - 9.5, a.pose.y - 1.5)).toBeLessThan(0.1);
  });

  it('never puts a unit in a wall, whatever the others do (seeded random maps)', () => {
    const rng = makeRng(1907);
    for (let trial = 0; trial < 6; trial++) {
      const grid = randomGrid(rng, { width: 24, height: 24, density: 0.15, mode: 'uniform' });
      const nav = navigator(grid);
      const units: Unit[] = [];
      for (let i = 0; i < 16; i++) {
        const r = rng.chance(0.3) ? 0.05 : 0.3;
        let x = 0;
        let y = 0;
        do {
          x = rng.int(24) + 0.5;
          y = rng.int(24) + 0.5;
        } while (discHitsBlocked(grid, x, y, Math.max(r, 0.5)) || units.some((u) => Math.hypot(u.pose.x - x, u.pose.y - y) < 1));
        const u = unit(`u${i}`, x, y, r);
        units.push(u);
        nav.addUnit(u, { speed: 3, width: 2 * r });
      }
      const moves = units.map((u) => nav.moveTo(u, { x: rng.int(24) + 0.5, y: rng.int(24) + 0.5 }, { nearest: true }));
      const last = units.map((u) => ({ ...u.pose }));
      run(nav, units, moves, 60 * 20, DT, () => {
        units.forEach((u, i) => {
          if (u.radius > 0) expect(discHitsBlocked(grid, u.pose.x, u.pose.y, u.radius), `${u.name} at ${u.pose.x}, ${u.pose.y}`).toBe(false);
          else expect(lineOfSight(grid, last[i]!.x, last[i]!.y, u.pose.x, u.pose.y), `${u.name} stepped through a wall`).toBe(true);
          last[i] = { ...u.pose };
        });
      });
    }
  });

  it('moves the same at 30 and at 144 frames a second (fixed steps)', () => {
    const at = (fps: number) => {
      const { nav, units } = circle(true);
      for (let i = 0; i < 5 * fps; i++) nav.update(1 / fps);
      return units.map((u) => [u.pose.x, u.pose.y]);
    };
    const slow = at(30);
    const fast = at(144);
    slow.forEach((p, i) => {
      expect(fast[i]![0]).toBeCloseTo(p[0]!, 9);
      expect(fast[i]![1]).toBeCloseTo(p[1]!, 9);
    });
  });

  it('an idle unit in the way steps aside and comes back; removed, it is no longer avoided', () => {
    // A corridor two tiles wide: the mover cannot go round the idle unit unless it moves over.
    const grid = Grid.fromAscii(['####################', '....................', '....................', '####################']);
    const trial = (remove: boolean) => {
      const nav = navigator(grid);
      const idle = unit('idle', 10, 2, 0.4);
      const mover = unit('mover', 1, 2, 0.4);
      nav.addUnit(idle, { speed: 2, width: 0.8 });
      nav.addUnit(mover, { speed: 2, width: 0.8 });
      nav.update(DT);
      if (remove) nav.removeUnit(idle);
      const move = nav.moveTo(mover, { x: 19, y: 2 });
      let pushed = 0;
      let wide = 0;
      const deepest = run(nav, remove ? [mover] : [idle, mover], [move], 60 * 20, DT, () => {
        pushed = Math.max(pushed, Math.hypot(idle.pose.x - 10, idle.pose.y - 2));
        wide = Math.max(wide, Math.abs(mover.pose.y - 2));
      });
      for (let i = 0; i < 60 * 5; i++) nav.update(DT);
      expect(move.state).toBe('arrived');
      return { pushed, wide, deepest, back: Math.hypot(idle.pose.x - 10, idle.pose.y - 2) };
    };
    const kept = trial(false);
    expect(kept.pushed).toBeGreaterThan(0.1);
    expect(kept.deepest).toBeLessThan(0.1);
    expect(kept.back).toBeLessThan(0.05);
    const removed = trial(true);
    expect(removed.pushed).toBe(0);
    expect(removed.wide).toBeLessThan(1e-6);
  });

  it('a unit held up by one that will never move plans round it', () => {
    // The short way is a corridor one tile wide, blocked by a unit out of avoidance; the long way round is open.
    const grid = Grid.fromAscii([
      '##########',
      '#........#',
      '#.######.#',
      '#.######.#',
      '#........#',
      '##########',
    ]);
    const nav = navigator(grid);
    const post = unit('post', 5, 1.5, 0.4);
    const mover = unit('mover', 1.5, 1.5, 0.4);
    nav.addUnit(post, { speed: 1, width: 0.8, avoid: false });
    nav.addUnit(mover, { speed: 2, width: 0.8 });
    const events: string[] = [];
    const move = nav.moveTo(mover, { x: 8.5, y: 1.5 });
    for (const e of ['replan', 'stuck', 'fail'] as const) move.on(e, () => events.push(e));
    const deepest = run(nav, [post, mover], [move], 60 * 30);
    expect(move.state).toBe('arrived');
    expect(events).toContain('replan');
    expect(deepest).toBeLessThan(0.1);
    // It went the long way: down and round.
    expect(move.path!.end.x).toBeCloseTo(8.5, 6);
    expect(Math.max(...move.path!.sampleEvery(0.5).map((p) => p.y))).toBeGreaterThan(4);
    expect(post.pose).toEqual({ x: 5, y: 1.5, heading: 0 });
  });

  it('two groups of 16 swapping through a gap 2 tiles wide all arrive: the westbound give way, nobody gives up', () => {
    const rows: string[] = [];
    for (let y = 0; y < 17; y++) rows.push([...Array(48)].map((_, x) => (x >= 22 && x < 26 && (y < 7 || y >= 9) ? '#' : '.')).join(''));
    const grid = Grid.fromAscii(rows);
    const nav = navigator(grid);
    const units: Unit[] = [];
    const goals: { x: number; y: number }[] = [];
    for (let i = 0; i < 16; i++) {
      const x = 5.75 + (i % 4) * 1.5;
      const y = 5.75 + Math.floor(i / 4) * 1.5;
      for (const [from, to] of [
        [x, 48 - x],
        [48 - x, x],
      ] as const) {
        const u = unit(`u${units.length}`, from, y, 0.35);
        units.push(u);
        goals.push({ x: to, y });
        nav.addUnit(u, { speed: 3, width: 0.7 });
      }
    }
    const moves = units.map((u, i) => nav.moveTo(u, goals[i]!));
    const failed: string[] = [];
    moves.forEach((m) => m.on('fail', () => failed.push(m.reason ?? '')));
    const deepest = run(nav, units, moves, 60 * 90);
    expect(failed).toEqual([]);
    expect(moves.every((m) => m.state === 'arrived')).toBe(true);
    expect(deepest).toBeLessThan(0.1);
    // Units nudged aside by the last arrivals go back to their spots.
    for (let i = 0; i < 60 * 8; i++) nav.update(DT);
    units.forEach((u, i) => expect(Math.hypot(u.pose.x - goals[i]!.x, u.pose.y - goals[i]!.y)).toBeLessThanOrEqual(0.35 + 1e-9));
  });

  it('a group standing together and sent far shares one search; each joins the path it sees and reaches its spot', () => {
    // Two rooms joined by a door: the way to the far room bends round the wall.
    const rows: string[] = [];
    for (let y = 0; y < 24; y++) rows.push([...Array(40)].map((_, x) => (x === 20 && y !== 20 ? '#' : '.')).join(''));
    const grid = Grid.fromAscii(rows);
    const trial = (avoidance: boolean) => {
      const nav = navigator(grid, { avoidance });
      const units: Unit[] = [];
      for (let i = 0; i < 16; i++) {
        const u = unit(`u${i}`, 5 + (i % 4) * 1.2, 3 + Math.floor(i / 4) * 1.2, 0.35);
        units.push(u);
        nav.addUnit(u, { speed: 3, width: 0.7 });
      }
      const before = nav.debugInfo({ expanded: false }).lastSearch?.searches ?? 0;
      const moves = nav.moveGroup(units, { x: 32, y: 4 });
      nav.update(DT);
      const searches = (nav.debugInfo({ expanded: false }).lastSearch?.searches ?? 0) - before;
      const paths = moves.map((m) => m.path!);
      run(nav, units, moves, 60 * 60);
      return { moves, paths, searches };
    };
    // What one unit's own order to there costs, in searches (a sized unit may take two).
    const alone = navigator(grid);
    const one = unit('one', 5, 4, 0.35);
    alone.addUnit(one, { speed: 3, width: 0.7 });
    alone.moveTo(one, { x: 32, y: 4 });
    alone.update(DT);
    const own = alone.debugInfo({ expanded: false }).lastSearch!.searches;
    expect(own).toBeGreaterThan(0);
    // Sharing is planning: checked with avoidance off, so arrival depends on the paths alone.
    {
      const { moves, paths, searches } = trial(false);
      expect(searches).toBe(own);
      expect(moves.every((m) => m.state === 'arrived')).toBe(true);
      // Every path is legal for the unit's disc and goes through the door.
      for (const path of paths) {
        expect(pathHitsBlocked(grid, path, 0.35)).toBe(false);
        expect(path.sampleEvery(0.25).some((p) => Math.abs(p.x - 20.5) < 0.5 && Math.abs(p.y - 20.5) < 1)).toBe(true);
      }
    }
  });

  it('a unit crawling through a block of units at rest plans round them, with planning spread over frames, never moving faster than its speed', () => {
    const grid = open(40);
    // Planning spread over frames: the unit moves on while its new path is searched (and must
    // not jump back to where that search started when it lands).
    const nav = navigator(grid, { budget: { expansions: 20 } });
    const block: Unit[] = [];
    for (let i = 0; i < 25; i++) {
      const u = unit(`b${i}`, 18 + (i % 5) * 0.72, 17.1 + Math.floor(i / 5) * 0.72, 0.35);
      block.push(u);
      nav.addUnit(u, { speed: 1, width: 0.7 });
    }
    const walker = unit('walker', 3, 18.5, 0.35);
    nav.addUnit(walker, { speed: 3, width: 0.7 });
    const move = nav.moveTo(walker, { x: 37, y: 18.5 });
    let replans = 0;
    move.on('replan', () => replans++);
    let jump = 0;
    for (let i = 0; i < 60 * 30 && !move.ended; i++) {
      const before = { ...walker.pose };
      nav.update(DT);
      jump = Math.max(jump, Math.hypot(walker.pose.x - before.x, walker.pose.y - before.y));
    }
    expect(move.state).toBe('arrived');
    expect(replans).toBeGreaterThan(0);
    // No step moves it farther than its top speed allows.
    expect(jump).toBeLessThanOrEqual(3 * DT + 1e-9);
  });

  it('a group order gives 30 units separate slots: no pile-up at the target', () => {
    const grid = open(40);
    const nav = navigator(grid);
    const units: Unit[] = [];
    for (let i = 0; i < 30; i++) {
      const u = unit(`u${i}`, 4 + (i % 6) * 1.2, 4 + Math.floor(i / 6) * 1.2, 0.35);
      units.push(u);
      nav.addUnit(u, { speed: 3, width: 0.7 });
    }
    const moves = nav.moveGroup(units, { x: 30, y: 30 });
    expect(moves).toHaveLength(30);
    const deepest = run(nav, units, moves, 60 * 60);
    expect(moves.every((m) => m.state === 'arrived')).toBe(true);
    expect(deepest).toBeLessThan(0.1);
    // Each on its own spot: no two closer than their radii, and all near the target.
    expect(deepestOverlap(units)).toBeLessThan(0.01);
    for (const u of units) expect(Math.hypot(u.pose.x - 30, u.pose.y - 30)).toBeLessThan(6);
  });

  it('group orders of three tanks reach their spots: spots with room to turn, and a tank whose group-mate stands in its way arrives behind it', () => {
    const rng = makeRng(5);
    const tank: UnitProfile = { speed: 2.5, acceleration: 4, width: 0.8, length: 1.2, turningRadius: 2 };
    const r = Math.hypot(0.8, 1.2) / 2;
    let failed = 0;
    let total = 0;
    let deepest = 0;
    for (let trial = 0; trial < 12; trial++) {
      const grid = Grid.fromPredicate(40, 40, (x, y) => (x === 20 && y > 8 && y < 32) || (y === 20 && x > 24 && x < 36));
      const nav = navigator(grid);
      const heading = rng.next() * 2 * Math.PI;
      const tanks: Unit[] = [0, 1, 2].map((i) => ({ name: `t${i}`, pose: { x: 6 + i * 2.5, y: 6 + rng.next() * 4, heading }, radius: r }));
      for (const t of tanks) nav.addUnit(t, tank);
      const moves = nav.moveGroup(tanks, { x: 22 + rng.next() * 12, y: 22 + rng.next() * 12 });
      deepest = Math.max(deepest, run(nav, tanks, moves, 60 * 60));
      total += moves.length;
      failed += moves.filter((m) => m.state !== 'arrived').length;
    }
    // Measured: 20 of 36 moves gave up with spots 0.1 tiles apart and no arriving behind a
    // group-mate; 3 now (knots of three tanks without reverse, turning into each other's way).
    expect(total).toBe(36);
    expect(failed).toBeLessThanOrEqual(3);
    expect(deepest).toBe(0);
  });

  it('vehicles crossing keep to their curves and never overlap: one brakes for the other', () => {
    const grid = open(30);
    const nav = navigator(grid);
    const tank: UnitProfile = { speed: 2.5, acceleration: 4, width: 0.8, length: 1.2, turningRadius: 2 };
    const r = Math.hypot(0.8, 1.2) / 2;
    const a: Unit = { name: 'a', pose: { x: 3, y: 15, heading: 0 }, radius: r };
    const b: Unit = { name: 'b', pose: { x: 15, y: 3, heading: Math.PI / 2 }, radius: r };
    nav.addUnit(a, tank);
    nav.addUnit(b, tank);
    const events: string[] = [];
    const moves = [nav.moveTo(a, { x: 27, y: 15 }, { heading: 0 }), nav.moveTo(b, { x: 15, y: 27 }, { heading: Math.PI / 2 })];
    for (const m of moves) {
      m.on('yield', (u) => events.push(`${u.name} yield`));
      m.on('wait', (u) => events.push(`${u.name} wait`));
    }
    let closest = Infinity;
    let waited = 0;
    let frame = 0;
    let predicted: Set<string> | undefined;
    run(nav, [a, b], moves, 60 * 40, DT, () => {
      // The debug view's predicted cells of a hold where the tank will be a second later.
      if (frame === 60) predicted = new Set(nav.debugInfo({ expanded: false }).units.find((u) => u.unit === a)!.predicted!.map((c) => `${c.x},${c.y}`));
      if (frame++ === 120) expect(predicted!.has(`${Math.floor(a.pose.x)},${Math.floor(a.pose.y)}`)).toBe(true);
      closest = Math.min(closest, Math.hypot(a.pose.x - b.pose.x, a.pose.y - b.pose.y));
      // The debug view sees who waits, and velocities no faster than the top speed.
      const units = nav.debugInfo({ expanded: false }).units;
      if (units.some((u) => u.waiting)) waited++;
      for (const u of units) expect(Math.hypot(u.velocity!.x, u.velocity!.y)).toBeLessThanOrEqual(2.5 + 1e-9);
    });
    expect(waited).toBeGreaterThan(0);
    expect(moves.map((m) => m.state)).toEqual(['arrived', 'arrived']);
    expect(closest).toBeGreaterThanOrEqual(2 * r);
    expect(events.length).toBeGreaterThan(0);
    // Both drove straight lines: the curves were kept, only the speed changed.
    expect(a.pose.y).toBeCloseTo(15, 9);
    expect(b.pose.x).toBeCloseTo(15, 9);
  });
});
