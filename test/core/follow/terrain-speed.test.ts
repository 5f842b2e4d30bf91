/**
 * Terrain speed (issue 18): per-cell factors on the top speed, turned into speed zones along the
 * exact cell walk of a path. Truth: hand-worked run times and speed curves, and for random paths
 * (lines and arcs) the time ∫ ds / (V · factor) integrated by fine sampling of the terrain itself.
 */
import { describe, expect, it } from 'vitest';
import { Follower } from '../../../src/follow/follower.js';
import { Navigator } from '../../../src/follow/navigator.js';
import { MIN_SPEED_FACTOR, TerrainSpeed, TerrainSpeeds, terrainSpeedZones } from '../../../src/follow/terrain-speed.js';
import { polylinePath } from '../../../src/follow/polyline.js';
import { Grid } from '../../../src/grid/grid.js';
import { lineSegment, type Pose } from '../../../src/curves/segment.js';
import { SegmentPath, pathFromSteps, type Step } from '../../../src/curves/segment-path.js';
import { makeRng } from '../../support/rng.js';

/** A 12 x 3 map with a forest (factor 0.5) in columns 4 and 5. */
const strip = (): TerrainSpeed => new TerrainSpeed(12, 3, (x) => (x === 4 || x === 5 ? 0.5 : 1));
/** Along y = 0.5 from x = 0.5 to 10.5: the forest is s in [3.5, 5.5]. */
const straight = (): SegmentPath => new SegmentPath([lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 10)], { x: 0.5, y: 0.5, heading: 0 });
const MOTION = { speed: 2, acceleration: 2 } as const;

/**
 * By hand, top speed 2, acceleration = deceleration = 2 (a ramp 0 <-> 2 takes 1 s over 1 tile,
 * 1 <-> 2 takes 0.5 s over 0.75): speed up 1 s; cruise 1 -> 2.75, 0.875 s; slow to 1 by the
 * forest, 0.5 s; the forest at 1, 2 s; speed up by 6.25, 0.5 s; cruise to 9, 1.375 s; stop, 1 s.
 */
const STRIP_TIME = 7.25;
/** The same on grass: 1 s up, 8 tiles at 2, 1 s down. */
const GRASS_TIME = 6;

/** Runs `f` in steps of `dt` to its end; the (time, distance, speed, pose) before each step, and when it arrived. */
function run(f: Follower, dt: number): { samples: { t: number; s: number; v: number; pose: Pose }[]; arrivedAt: number } {
  const samples: { t: number; s: number; v: number; pose: Pose }[] = [];
  for (let i = 1; i < 1e6; i++) {
    samples.push({ t: f.time, s: f.distance, v: f.speed, pose: { ...f.pose } });
    if (f.advance(dt).some((e) => e.type === 'arrive')) return { samples, arrivedAt: i * dt };
  }
  throw new Error('never arrived');
}

describe('TerrainSpeed', () => {
  it('reads factors from the rule, 1 outside the map, and is uniform while all are 1', () => {
    const t = strip();
    expect([t.factorAt(4, 1), t.factorAt(5.9, 2.5), t.factorAt(6, 0), t.factorAt(-1, 0), t.factorAt(4, 3)]).toEqual([0.5, 0.5, 1, 1, 1]);
    expect(t.uniform).toBe(false);
    expect(new TerrainSpeed(3, 3, () => 1).uniform).toBe(true);
  });

  it('refuses a factor outside (0, 1] by cell and value, and a refresh that fails changes nothing', () => {
    for (const bad of [0, -0.5, 1.5, Number.NaN, '0.5', undefined]) {
      expect(() => new TerrainSpeed(4, 2, (x, y) => (x === 2 && y === 1 ? (bad as number) : 1))).toThrow(/cell \(2, 1\).*\(0, 1\]/);
    }
    expect(() => new TerrainSpeed(0, 2, () => 1)).toThrow(RangeError);
    expect(() => new TerrainSpeed(2, 2, 0.5 as unknown as () => number)).toThrow(TypeError);
    let forest = 0.5;
    const t = new TerrainSpeed(4, 1, (x) => (x === 1 ? forest : x === 2 ? (forest === 0.5 ? 1 : 7) : 1));
    forest = 0.25;
    expect(() => t.refresh()).toThrow(/cell \(2, 0\).*got 7/);
    expect(t.factorAt(1, 0)).toBe(0.5);
  });

  it('re-reads an edited area only, keeps uniform up to date, and raises tiny factors to MIN_SPEED_FACTOR', () => {
    const cells = [1, 1, 1, 1];
    const t = new TerrainSpeed(4, 1, (x) => cells[x]!);
    expect(t.uniform).toBe(true);
    cells[1] = 0.5;
    cells[3] = 0.25;
    t.refresh({ x: 1, y: 0, width: 1, height: 1 });
    expect([t.factorAt(1, 0), t.factorAt(3, 0), t.uniform]).toEqual([0.5, 1, false]);
    cells[1] = 1;
    t.refresh({ x: 1, y: 0, width: 1, height: 1 });
    expect(t.uniform).toBe(true);
    cells[0] = 1e-50;
    t.refresh();
    expect(t.factorAt(0, 0)).toBeCloseTo(MIN_SPEED_FACTOR, 12);
  });

  it('TerrainSpeeds builds a class on first use, none without a rule, and refreshes the built ones', () => {
    let calls = 0;
    let forest = 0.5;
    const speeds = new TerrainSpeeds(3, 1, {
      default: (x) => {
        calls++;
        return x === 1 ? forest : 1;
      },
    });
    expect(calls).toBe(0);
    expect(speeds.of('water')).toBeUndefined();
    const land = speeds.of('default')!;
    expect(speeds.of('default')).toBe(land);
    expect(land.factorAt(1, 0)).toBe(0.5);
    forest = 0.25;
    speeds.refresh({ x: 1, y: 0, width: 1, height: 1 });
    expect(land.factorAt(1, 0)).toBe(0.25);
    expect(() => new TerrainSpeeds(3, 1, { default: 1 as unknown as () => number })).toThrow(/"default"/);
  });
});

describe('terrainSpeedZones', () => {
  it('gives one zone per run of slow cells, at top speed x factor (hand-worked)', () => {
    expect(terrainSpeedZones(straight(), 2, strip())).toEqual([{ from: 3.5, to: 5.5, speed: 1 }]);
    // Two factors in a row are two zones; a diagonal through (4, 0)-(6, 2) crosses columns 4, 5 only.
    const steps = new TerrainSpeed(12, 3, (x) => (x === 4 ? 0.5 : x === 5 ? 0.25 : 1));
    expect(terrainSpeedZones(straight(), 4, steps)).toEqual([
      { from: 3.5, to: 4.5, speed: 2 },
      { from: 4.5, to: 5.5, speed: 1 },
    ]);
    const diagonal = polylinePath([{ x: 3, y: -1 }, { x: 7, y: 3 }]).path;
    const zones = terrainSpeedZones(diagonal, 4, steps);
    expect(zones.map((z) => z.speed)).toEqual([2, 1]);
    expect(zones[0]!.from).toBeCloseTo(Math.SQRT2, 12);
    expect(zones[1]!.to).toBeCloseTo(3 * Math.SQRT2, 12);
  });

  it('a piece along a cell edge goes at the slower cell\'s speed; none on uniform terrain', () => {
    // Along y = 1, the edge between row 0 (grass) and row 1 (mud, 0.25) in columns 2 and 3.
    const mud = new TerrainSpeed(6, 2, (x, y) => (y === 1 && (x === 2 || x === 3) ? 0.25 : 1));
    const edge = polylinePath([{ x: 0, y: 1 }, { x: 6, y: 1 }]).path;
    expect(terrainSpeedZones(edge, 4, mud)).toEqual([{ from: 2, to: 4, speed: 1 }]);
    expect(terrainSpeedZones(edge, 4, new TerrainSpeed(6, 2, () => 1))).toEqual([]);
  });
});

describe('Follower on terrain', () => {
  it('slows before the forest, keeps to half speed in it, speeds up after, and takes the hand-worked time', () => {
    const f = new Follower(straight(), { ...MOTION, terrain: strip() });
    expect(f.duration).toBeCloseTo(STRIP_TIME, 9);
    expect(new Follower(straight(), MOTION).duration).toBeCloseTo(GRASS_TIME, 9);
    const { samples } = run(f, 1 / 240);
    let inside = 0;
    for (const { s, v, pose } of samples) {
      if (pose.x >= 4 && pose.x <= 6) {
        inside++;
        expect(v).toBeLessThanOrEqual(1 + 1e-9);
      }
      // Braking into the forest: v² = 1 + 2·2·(3.5 - s); speeding up out of it: v² = 1 + 2·2·(s - 5.5).
      if (s >= 2.75 && s <= 3.5) expect(v).toBeCloseTo(Math.sqrt(1 + 4 * (3.5 - s)), 6);
      if (s >= 5.5 && s <= 6.25) expect(v).toBeCloseTo(Math.sqrt(1 + 4 * (s - 5.5)), 6);
      if (s > 1 && s < 2.75) expect(v).toBeCloseTo(2, 9);
      if (s > 6.25 && s < 9) expect(v).toBeCloseTo(2, 9);
    }
    // 2 s in the forest at 240 frames a second.
    expect(inside).toBeGreaterThan(470);
  });

  it('is frame-rate independent: dt 1/30 and 1/144 pass the same poses at the same times and arrive within a frame', () => {
    const a = run(new Follower(straight(), { ...MOTION, terrain: strip() }), 1 / 30);
    const b = run(new Follower(straight(), { ...MOTION, terrain: strip() }), 1 / 144);
    // Every 1/6 s: 5 frames of 1/30, 24 frames of 1/144.
    let compared = 0;
    for (let k = 0; 5 * k < a.samples.length && 24 * k < b.samples.length; k++) {
      const p = a.samples[5 * k]!;
      const q = b.samples[24 * k]!;
      expect(q.t).toBeCloseTo(p.t, 9);
      expect(q.pose.x).toBeCloseTo(p.pose.x, 9);
      expect(q.pose.y).toBeCloseTo(p.pose.y, 9);
      expect(q.v).toBeCloseTo(p.v, 9);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(43);
    for (const { arrivedAt } of [a, b]) expect(arrivedAt).toBeGreaterThanOrEqual(STRIP_TIME - 1e-9);
    expect(a.arrivedAt).toBeLessThan(STRIP_TIME + 1 / 30 + 1e-9);
    expect(b.arrivedAt).toBeLessThan(STRIP_TIME + 1 / 144 + 1e-9);
  });

  it('on random terrain and random line-and-arc paths: time = ∫ ds / (V·factor) with instant speed changes, speed never above the cell\'s', () => {
    const rng = makeRng(18);
    const FACTORS = [0.25, 0.5, 0.75, 1, 1];
    const SUB = 4000;
    for (let trial = 0; trial < 60; trial++) {
      const cells = Array.from({ length: 144 }, () => rng.pick(FACTORS));
      const terrain = new TerrainSpeed(12, 12, (x, y) => cells[y * 12 + x]!);
      const steps: Step[] = Array.from({ length: rng.range(1, 4) }, () => ({ steer: rng.pick([-1, 0, 1] as const), distance: (rng.next() * 4 + 0.5) * (rng.chance(0.2) ? -1 : 1) }));
      const path = pathFromSteps({ x: 3 + rng.next() * 6, y: 3 + rng.next() * 6, heading: rng.next() * 2 * Math.PI }, steps, 1 + rng.next() * 2);
      const V = 1 + rng.next() * 3;
      // The slowest factor the cells within 1e-7 of p allow at most (a point on an edge may be in either).
      const fastest = (p: Pose): number => {
        let f = 0;
        for (const dx of [-1e-7, 1e-7]) for (const dy of [-1e-7, 1e-7]) f = Math.max(f, terrain.factorAt(p.x + dx, p.y + dy));
        return f;
      };
      let expected = 0;
      const pose: Pose = { x: 0, y: 0, heading: 0 };
      for (let i = 0; i < SUB; i++) {
        path.sampleInto(((i + 0.5) / SUB) * path.length, pose);
        expected += path.length / SUB / (V * terrain.factorAt(pose.x, pose.y));
      }
      const instant = new Follower(path, { speed: V, terrain });
      // Sampling misplaces each cell boundary by up to half a step: one step at the slowest factor.
      expect(Math.abs(instant.duration - expected)).toBeLessThan((4 * path.length) / SUB / V + 1e-9);
      const smooth = new Follower(path, { speed: V, acceleration: 3, terrain });
      expect(smooth.duration).toBeGreaterThanOrEqual(instant.duration - 1e-9);
      for (const { v, pose: at } of run(smooth, 1 / 90).samples) expect(v).toBeLessThanOrEqual(V * fastest(at) + 1e-9);
    }
  });
});

describe('Navigator with terrain', () => {
  interface Unit {
    pose: Pose;
  }
  const DT = 1 / 60;

  /**
   * Seconds from the start event until a unit from (0.5, 1.5) reaches (10.5, 1.5) on an open
   * 12 x 3 map (planning takes a wall-clock-dependent number of frames before it), and its events.
   */
  function cross(terrain: TerrainSpeed | undefined, profile: { speed: number; turningRadius?: number }): { seconds: number; events: string[] } {
    const grid = new Grid(12, 3);
    const nav = new Navigator<Unit>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, terrain ? { terrain } : {});
    const unit: Unit = { pose: { x: 0.5, y: 1.5, heading: 0 } };
    const move = nav.moveTo(unit, { x: 10.5, y: 1.5 }, { ...profile, heading: 0 });
    const events: string[] = [];
    let frames = 0;
    move.on('start', () => (frames = 0));
    move.on('arrive', () => events.push('arrive'));
    for (let i = 0; i < 10_000 && !move.ended; i++) {
      nav.update(DT);
      frames++;
    }
    expect(unit.pose.x).toBeCloseTo(10.5, 9);
    return { seconds: frames * DT, events };
  }

  it('a unit that turns on the spot crosses the forest at half speed: 5 s on grass, 6 s with it (instant speed changes)', () => {
    const terrain = new TerrainSpeed(12, 3, (x) => (x === 4 || x === 5 ? 0.5 : 1));
    const grass = cross(undefined, { speed: 2 });
    const forest = cross(terrain, { speed: 2 });
    expect(grass.seconds).toBeGreaterThanOrEqual(5 - 1e-9);
    expect(grass.seconds).toBeLessThan(5 + 2 * DT);
    expect(forest.seconds).toBeGreaterThanOrEqual(6 - 1e-9);
    expect(forest.seconds).toBeLessThan(6 + 2 * DT);
    expect(forest.events).toEqual(['arrive']);
  });

  it('refuses terrain of another size than the grid, or not a TerrainSpeed', () => {
    const adapter = { read: (u: Unit) => ({ ...u.pose }), write: (u: Unit, p: Pose) => Object.assign(u.pose, p) };
    expect(() => new Navigator<Unit>(new Grid(12, 3), adapter, { terrain: new TerrainSpeed(12, 4, () => 1) })).toThrow(/12x4 cells but the grid is 12x3/);
    expect(() => new Navigator<Unit>(new Grid(12, 3), adapter, { terrain: { factorAt: () => 1 } as unknown as TerrainSpeed })).toThrow(TypeError);
  });

  it('a unit with a turning radius is slowed the same way', () => {
    const terrain = new TerrainSpeed(12, 3, (x) => (x === 4 || x === 5 ? 0.5 : 1));
    const grass = cross(undefined, { speed: 2, turningRadius: 1 });
    const forest = cross(terrain, { speed: 2, turningRadius: 1 });
    // The same straight line: 10 tiles at 2, two of them at 1.
    expect(grass.seconds).toBeGreaterThanOrEqual(5 - 1e-9);
    expect(grass.seconds).toBeLessThan(5 + 2 * DT);
    expect(forest.seconds).toBeGreaterThanOrEqual(6 - 1e-9);
    expect(forest.seconds).toBeLessThan(6 + 2 * DT);
    expect(forest.events).toEqual(['arrive']);
  });
});
