import { describe, expect, it } from 'vitest';
import { Crowd, DEFAULT_NEIGHBOUR_DISTANCE } from '../../../src/crowd/crowd.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import { pointClear } from '../../../src/follow/disc-room.js';
import { Grid } from '../../../src/grid/grid.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import { makeRng, randomGrid } from '../../support/rng.js';

const open = (width: number, height: number): Grid => Grid.fromPredicate(width, height, () => false);

/** Preferred velocity towards a goal at top speed, slowing linearly within a tile of it. */
function steer(crowd: Crowd, id: number, gx: number, gy: number, speed: number): void {
  const dx = gx - crowd.x(id);
  const dy = gy - crowd.y(id);
  const d = Math.hypot(dx, dy);
  const s = d === 0 ? 0 : Math.min(speed, speed * d) / d;
  crowd.setPreferred(id, dx * s, dy * s);
}

/** The deepest overlap (sum of radii minus centre distance) over all pairs, by brute force. */
function deepestOverlap(crowd: Crowd, ids: readonly number[]): number {
  let deepest = -Infinity;
  for (let a = 0; a < ids.length; a++) {
    for (let b = a + 1; b < ids.length; b++) {
      const i = ids[a]!;
      const j = ids[b]!;
      const overlap = crowd.radius(i) + crowd.radius(j) - Math.hypot(crowd.x(i) - crowd.x(j), crowd.y(i) - crowd.y(j));
      if (overlap > deepest) deepest = overlap;
    }
  }
  return deepest;
}

describe('Crowd: agents among agents', () => {
  it('two agents head-on in open ground pass each other without overlapping by 10% of a radius', () => {
    const crowd = new Crowd(open(30, 30));
    const r = 0.4;
    const a = crowd.add({ radius: r, maxSpeed: 2 }, 5, 15);
    const b = crowd.add({ radius: r, maxSpeed: 2 }, 25, 15);
    let deepest = -Infinity;
    for (let s = 0; s < 600; s++) {
      steer(crowd, a, 25, 15, 2);
      steer(crowd, b, 5, 15, 2);
      crowd.step(1 / 30);
      deepest = Math.max(deepest, deepestOverlap(crowd, [a, b]));
    }
    expect(deepest).toBeLessThan(0.1 * r);
    expect(Math.hypot(crowd.x(a) - 25, crowd.y(a) - 15)).toBeLessThan(0.1);
    expect(Math.hypot(crowd.x(b) - 5, crowd.y(b) - 15)).toBeLessThan(0.1);
  });

  it('24 agents swapping across a circle all arrive within 30 s, never overlapping by 10% of a radius', () => {
    const crowd = new Crowd(open(40, 40));
    const n = 24;
    const r = 0.4;
    const speed = 2;
    const ids: number[] = [];
    const goals: [number, number][] = [];
    for (let k = 0; k < n; k++) {
      const a = (2 * Math.PI * k) / n;
      ids.push(crowd.add({ radius: r, maxSpeed: speed }, 20 + 10 * Math.cos(a), 20 + 10 * Math.sin(a)));
      goals.push([20 - 10 * Math.cos(a), 20 - 10 * Math.sin(a)]);
    }
    const h = 1 / 30;
    let deepest = -Infinity;
    for (let s = 0; s < 30 / h; s++) {
      for (let k = 0; k < n; k++) steer(crowd, ids[k]!, goals[k]![0], goals[k]![1], speed);
      crowd.step(h);
      deepest = Math.max(deepest, deepestOverlap(crowd, ids));
    }
    expect(deepest).toBeLessThan(0.1 * r);
    for (let k = 0; k < n; k++) {
      expect(Math.hypot(crowd.x(ids[k]!) - goals[k]![0], crowd.y(ids[k]!) - goals[k]![1]), `agent ${k}`).toBeLessThan(0.1);
    }
  });

  it('an agent with its own short time horizon ignores a neighbour it would reach only later', () => {
    // Closing at 2 tiles/s on a standing agent 5 tiles away: they would touch in 2.1 s, inside the
    // crowd's 3 s horizon, beyond the agent's own 0.5 s.
    const velocityAfterOneStep = (horizon: number | 'reset'): { vx: number; vy: number } => {
      const crowd = new Crowd(open(30, 30), { timeHorizon: 3 });
      const a = crowd.add({ radius: 0.4, maxSpeed: 2 }, 5, 15);
      crowd.add({ radius: 0.4, maxSpeed: 2, mode: 'fixed' }, 10, 15);
      if (horizon === 'reset') {
        crowd.setTimeHorizon(a, 0.5);
        crowd.setTimeHorizon(a, undefined);
      } else crowd.setTimeHorizon(a, horizon);
      crowd.setPreferred(a, 2, 0);
      crowd.step(1 / 60);
      return { vx: crowd.vx(a), vy: crowd.vy(a) };
    };
    const short = velocityAfterOneStep(0.5);
    // Its preferred velocity, leaned right as the crowd leans every agent heading into another.
    expect(Math.hypot(short.vx, short.vy)).toBeCloseTo(2, 6);
    const long = velocityAfterOneStep(3);
    expect(Math.hypot(long.vx - short.vx, long.vy - short.vy)).toBeGreaterThan(0.1);
    expect(velocityAfterOneStep('reset')).toEqual(long);
    const crowd = new Crowd(open(10, 10));
    const a = crowd.add({ radius: 0.4, maxSpeed: 1 }, 5, 5);
    expect(() => crowd.setTimeHorizon(a, 0)).toThrow(/timeHorizon.*0/);
    expect(() => crowd.setTimeHorizon(a, Number.NaN)).toThrow(/timeHorizon.*NaN/);
  });

  it("an avoiding agent takes the whole job against a 'fixed' one that holds its course", () => {
    // The tank closes at 2.5 tiles/s: seen at a gap of 5 tiles, it is 2 s (the horizon) from contact.
    const crowd = new Crowd(open(30, 30), { timeHorizon: 2 });
    const r = 0.5;
    const walker = crowd.add({ radius: r, maxSpeed: 2 }, 15, 15);
    const tank = crowd.add({ radius: 1, maxSpeed: 2, mode: 'fixed' }, 5, 15.1);
    const combined = r + 1;
    let deepest = -Infinity;
    let dodging = 0;
    const h = 1 / 30;
    for (let s = 0; s < 20 / h; s++) {
      const tx = 5 + 1.5 * s * h;
      crowd.setState(tank, tx, 15.1, 1.5, 0);
      crowd.setPreferred(walker, -1, 0); // walking into the tank's way
      const rx = tx - crowd.x(walker);
      const ry = 15.1 - crowd.y(walker);
      crowd.step(h);
      expect(crowd.x(tank)).toBe(tx); // 'fixed' agents are never moved by the crowd
      deepest = Math.max(deepest, deepestOverlap(crowd, [walker, tank]));
      // The walker's new velocity alone keeps it clear of the tank's course over the whole horizon
      // (ORCA's guarantee with responsibility 1; with a half share it would leave half to the tank).
      const vx = 1.5 - crowd.vx(walker);
      const vy = -crowd.vy(walker);
      const vv = vx * vx + vy * vy;
      const t = vv === 0 ? 0 : Math.min(2, Math.max(0, -(rx * vx + ry * vy) / vv));
      const approach = Math.hypot(rx + vx * t, ry + vy * t);
      const gap = Math.hypot(rx, ry) - combined;
      if (gap > 1e-9 && gap <= DEFAULT_NEIGHBOUR_DISTANCE) expect(approach, `step ${s}`).toBeGreaterThanOrEqual(combined - 1e-9);
      if (crowd.vy(walker) !== 0) dodging++;
    }
    expect(deepest).toBeLessThan(0.1 * r);
    expect(dodging).toBeGreaterThan(0);
  });
  it("a crowd pushing toward a 'fixed' agent never presses one of its members into it", () => {
    const crowd = new Crowd(new Grid(30, 30));
    const tank = crowd.add({ radius: 0.72, maxSpeed: 2, mode: 'fixed' }, 15, 15);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(crowd.add({ radius: 0.35, maxSpeed: 3 }, 15 + (i % 4) * 0.8 - 1.2, 17 + Math.floor(i / 4) * 0.8));
    let closest = Infinity;
    for (let step = 0; step < 600; step++) {
      // Everyone wants to go straight through the tank.
      for (const id of ids) {
        const dx = 15 - crowd.x(id);
        const dy = 12 - crowd.y(id);
        const d = Math.hypot(dx, dy);
        crowd.setPreferred(id, (3 * dx) / d, (3 * dy) / d);
      }
      crowd.step(1 / 60);
      for (const id of ids) closest = Math.min(closest, Math.hypot(crowd.x(id) - 15, crowd.y(id) - 15) - 0.72 - 0.35);
    }
    expect(crowd.x(tank)).toBe(15);
    expect(closest).toBeGreaterThanOrEqual(-1e-9);
  });
});

describe('Crowd: walls', () => {
  it('no agent ever touches a wall, whatever its neighbours do (seeded fuzz, 500 steps)', () => {
    for (const seed of [11, 12, 13]) {
      const rng = makeRng(seed);
      const grid = randomGrid(rng, { width: 24, height: 24, density: 0.2, mode: seed === 13 ? 'tricky' : 'uniform' });
      const crowd = new Crowd(grid);
      const ids: number[] = [];
      while (ids.length < 30) {
        const r = rng.chance(0.3) ? 0 : 0.1 + rng.next() * 0.4;
        const x = rng.next() * grid.width;
        const y = rng.next() * grid.height;
        if (!pointClear(grid, x, y, r)) continue;
        ids.push(crowd.add({ radius: r, maxSpeed: 0.5 + rng.next() * 3 }, x, y));
      }
      // A few 'fixed' agents driven anywhere, walls or not: avoiders must not be pushed into walls by them.
      const fixed: number[] = [];
      for (let k = 0; k < 4; k++) fixed.push(crowd.add({ radius: 0.8, maxSpeed: 3, mode: 'fixed' }, rng.next() * 24, rng.next() * 24));
      const h = 1 / 30;
      for (let s = 0; s < 500; s++) {
        if (s % 25 === 0) {
          for (const id of ids) crowd.setPreferred(id, (rng.next() - 0.5) * 8, (rng.next() - 0.5) * 8);
        }
        for (const id of fixed) {
          const vx = (rng.next() - 0.5) * 6;
          const vy = (rng.next() - 0.5) * 6;
          crowd.setState(id, Math.min(24, Math.max(0, crowd.x(id) + vx * h)), Math.min(24, Math.max(0, crowd.y(id) + vy * h)), vx, vy);
        }
        const before = ids.map((id) => [crowd.x(id), crowd.y(id)] as const);
        crowd.step(h);
        ids.forEach((id, k) => {
          const r = crowd.radius(id);
          const x = crowd.x(id);
          const y = crowd.y(id);
          const where = `seed ${seed} step ${s} agent ${id} r ${r} at (${x}, ${y})`;
          if (r > 0) expect(discHitsBlocked(grid, x, y, r), where).toBe(false);
          else expect(lineOfSight(grid, before[k]![0], before[k]![1], x, y), where).toBe(true);
        });
      }
    }
  });

  it('a point agent never squeezes through a double corner', () => {
    // Cells (1, 0) and (0, 1) blocked, (0, 0) and (1, 1) free: the corner (1, 1) is a double corner.
    const grid = Grid.fromAscii(['.#..', '#...', '....', '....']);
    const crowd = new Crowd(grid);
    const a = crowd.add({ radius: 0, maxSpeed: 2 }, 0.5, 0.5);
    for (let s = 0; s < 300; s++) {
      crowd.setPreferred(a, 2, 2);
      const x0 = crowd.x(a);
      const y0 = crowd.y(a);
      crowd.step(1 / 30);
      expect(lineOfSight(grid, x0, y0, crowd.x(a), crowd.y(a))).toBe(true);
    }
    expect(crowd.x(a)).toBeLessThanOrEqual(1);
    expect(crowd.y(a)).toBeLessThanOrEqual(1);
  });

  it('slides along a wall it is pushed against instead of stopping', () => {
    // A wall along row 5; the agent wants to go down-right into it.
    const grid = Grid.fromPredicate(20, 10, (_x, y) => y === 5);
    const crowd = new Crowd(grid);
    const a = crowd.add({ radius: 0.4, maxSpeed: 2 }, 2.5, 4.4);
    for (let s = 0; s < 90; s++) {
      crowd.setPreferred(a, 1.4, 1.4);
      crowd.step(1 / 30);
      expect(discHitsBlocked(grid, crowd.x(a), crowd.y(a), 0.4)).toBe(false);
    }
    // Three seconds of pushing: most of the 1.4 tiles/s along the wall is kept.
    expect(crowd.x(a) - 2.5).toBeGreaterThan(3);
  });

  it('leaves an agent placed inside a wall where it is, without throwing', () => {
    const grid = Grid.fromPredicate(10, 10, (x, y) => x === 5 && y === 5);
    const crowd = new Crowd(grid);
    const a = crowd.add({ radius: 0.3, maxSpeed: 2 }, 5.5, 5.5);
    const b = crowd.add({ radius: 0, maxSpeed: 2 }, 20, 20); // off the map
    crowd.setPreferred(a, 1, 0);
    crowd.setPreferred(b, -1, 0);
    crowd.step(0.1);
    expect([crowd.x(a), crowd.y(a), crowd.vx(a), crowd.vy(a)]).toEqual([5.5, 5.5, 0, 0]);
    expect([crowd.x(b), crowd.y(b)]).toEqual([20, 20]);
  });
});

describe('Crowd: bookkeeping', () => {
  it('a removed agent is never returned by neighbour queries, and its reused id starts fresh', () => {
    const rng = makeRng(99);
    const crowd = new Crowd(open(20, 20));
    const ids: number[] = [];
    for (let k = 0; k < 12; k++) ids.push(crowd.add({ radius: 0.3, maxSpeed: 2 }, 8 + rng.next() * 4, 8 + rng.next() * 4));
    const out: number[] = [];
    for (let s = 0; s < 60; s++) {
      for (const id of ids) crowd.setPreferred(id, (rng.next() - 0.5) * 4, (rng.next() - 0.5) * 4);
      crowd.step(1 / 30);
    }
    const gone = ids[5]!;
    const goneX = crowd.x(gone);
    const goneY = crowd.y(gone);
    expect(out.slice(0, crowd.neighbours(ids[4]!, 100, out))).toContain(gone); // the index is fresh now
    crowd.remove(gone);
    expect(crowd.has(gone)).toBe(false);
    expect(crowd.count).toBe(11);
    expect(() => crowd.x(gone)).toThrow(RangeError);
    for (const id of ids) {
      if (id === gone) continue;
      const k = crowd.neighbours(id, 100, out);
      expect(out.slice(0, k)).not.toContain(gone);
      expect(k).toBe(10);
    }
    for (let s = 0; s < 30; s++) {
      crowd.step(1 / 30);
      for (const id of ids) if (id !== gone) expect(out.slice(0, crowd.neighbours(id, 100, out))).not.toContain(gone);
    }
    // The id comes back with the new agent's state, none of the old one's.
    const again = crowd.add({ radius: 0.2, maxSpeed: 1 }, 1.5, 1.5);
    expect(again).toBe(gone);
    expect([crowd.x(again), crowd.y(again), crowd.vx(again), crowd.vy(again), crowd.radius(again)]).toEqual([1.5, 1.5, 0, 0, 0.2]);
    crowd.step(1 / 30);
    expect([crowd.x(again), crowd.y(again)]).toEqual([1.5, 1.5]); // no leftover preferred velocity
    expect(crowd.x(again)).not.toBe(goneX);
    expect(crowd.y(again)).not.toBe(goneY);
    const k = crowd.neighbours(again, 0.5, out);
    expect(out.slice(0, k)).toEqual([]);
  });

  it('neighbours are the agents whose discs come within range, by brute force', () => {
    const rng = makeRng(4242);
    const crowd = new Crowd(open(30, 30));
    const ids: number[] = [];
    for (let k = 0; k < 80; k++) ids.push(crowd.add({ radius: rng.next() * 1.5, maxSpeed: 1 }, rng.next() * 30, rng.next() * 30));
    const out: number[] = [];
    for (const id of ids) {
      const range = rng.next() * 4;
      const want = ids
        .filter((j) => j !== id && Math.hypot(crowd.x(j) - crowd.x(id), crowd.y(j) - crowd.y(id)) - crowd.radius(j) - crowd.radius(id) <= range)
        .sort((a, b) => a - b);
      const k = crowd.neighbours(id, range, out);
      expect(out.slice(0, k).sort((a, b) => a - b)).toEqual(want);
      const n = crowd.neighboursAnyOrder(id, range, out);
      expect(out.slice(0, n).sort((a, b) => a - b)).toEqual(want);
    }
  });

  it('rejects bad input with a RangeError naming the value', () => {
    const grid = open(10, 10);
    expect(() => new Crowd(grid, { timeHorizon: 0 })).toThrow(/timeHorizon.*0/);
    expect(() => new Crowd(grid, { maxNeighbours: 1.5 })).toThrow(/maxNeighbours.*1.5/);
    const crowd = new Crowd(grid);
    expect(() => crowd.add({ radius: -1, maxSpeed: 1 }, 1, 1)).toThrow(/radius.*-1/);
    expect(() => crowd.add({ radius: Number.NaN, maxSpeed: 1 }, 1, 1)).toThrow(/radius.*NaN/);
    expect(() => crowd.add({ radius: 0.5, maxSpeed: 0 }, 1, 1)).toThrow(/maxSpeed.*0/);
    expect(() => crowd.add({ radius: 0.5, maxSpeed: 1, mode: 'run' as 'avoid' }, 1, 1)).toThrow(/mode.*run/);
    expect(() => crowd.add({ radius: 0.5, maxSpeed: 1 }, Number.NaN, 1)).toThrow(/x.*NaN/);
    const a = crowd.add({ radius: 0.5, maxSpeed: 1 }, 1, 1);
    expect(() => crowd.setPreferred(a, Number.NaN, 0)).toThrow(/vx.*NaN/);
    expect(() => crowd.setState(a, 1, 1, 0, Infinity)).toThrow(/vy.*Infinity/);
    expect(() => crowd.setPreferred(7, 0, 0)).toThrow(/id 7/);
    expect(() => crowd.remove(-1)).toThrow(/id -1/);
    expect(() => crowd.step(Number.NaN)).toThrow(/step.*NaN/);
    expect(() => crowd.neighbours(a, -1, [])).toThrow(/range.*-1/);
    expect(crowd.count).toBe(1);
  });
});
