/**
 * The shortcut pass over found directional paths (issue 17, item 4: no wiggles). Checked against
 * a hand-worked wiggle, against the independent footprint sampler over seeded random maps (never
 * dearer, never illegal), and for slicing: tiny budgets give what one unbounded step gives.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner, type DirectionalOptions, type DirectionalQueryOptions } from '../../../src/directional/directional-planner.js';
import { PathShortcut, type ShortcutChain } from '../../../src/directional/shortcut.js';
import { segmentsCostOn } from '../../../src/directional/move-costs.js';
import { curveBetween, latticeHeading } from '../../../src/directional/hit-check.js';
import { WallDistanceMap } from '../../../src/curves/footprint.js';
import type { CurveGoal } from '../../../src/curves/curve-planner.js';
import type { Pose, Segment } from '../../../src/curves/segment.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { overlappedCells, pathProblem } from '../../support/footprint-sampler.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** Total absolute heading change of segments, radians (computed here, apart from the planner's code). */
function turning(segments: readonly Segment[]): number {
  let t = 0;
  for (const s of segments) if (s.kind === 'arc') t += s.length / s.radius;
  return t;
}

/** Net signed heading change of segments, radians. */
function netTurn(segments: readonly Segment[]): number {
  let t = 0;
  for (const s of segments) if (s.kind === 'arc') t += (s.turn * s.length) / s.radius;
  return t;
}

/**
 * A corridor two rows high (rows 3 and 4 free, rows 2 and 5 blocked) along a straight wall, and a
 * Directional-24-like chain along it that weaves between the rows: tile centres facing east, each
 * piece the shortest curve two tiles on and one row over. For r = 1 that is arc, straight, arc
 * with arcs of θ and a straight of s: 2(1 - cos θ) + s sin θ = 1 across and 2 sin θ + s cos θ = 2
 * along, solved by sin θ = 3/5, s = 1 (θ = 36.87°). With `bump`, the wall juts into row 3 at
 * x = 12, under pose 5 at (12.5, 4.5), where the chain keeps off it.
 */
function wiggle(bump = false): { grid: Grid; chain: ShortcutChain; profile: ReturnType<typeof resolveProfile> } {
  const rows = Array.from({ length: 8 }, (_, y) => (y === 2 || y === 5 ? '#' : '.').repeat(30).split(''));
  if (bump) rows[3]![12] = '#';
  const grid = Grid.fromAscii(rows.map((r) => r.join('')));
  const profile = resolveProfile({ turningRadius: 1, width: 0.4 });
  const poses: Pose[] = [];
  for (let i = 0; i <= 10; i++) poses.push({ x: 2.5 + 2 * i, y: i % 2 === 0 ? 3.5 : 4.5, heading: 0 });
  const pieces = poses.slice(1).map((to, i) => curveBetween(profile, poses[i]!, to).path.segments);
  return { grid, chain: { poses, pieces }, profile };
}

function walls(grid: Grid): WallDistanceMap {
  const w = new WallDistanceMap(grid);
  w.refresh();
  return w;
}

describe('PathShortcut on a hand-worked wiggle', () => {
  it('replaces a chain weaving along a straight wall by the one straight line', () => {
    const { grid, chain, profile } = wiggle();
    const before = chain.pieces.flat();
    // Each S turns 2θ with sin θ = 3/5: 10 of them.
    expect(turning(before)).toBeCloseTo(10 * 2 * Math.asin(3 / 5), 9);
    expect(pathProblem(grid, before, { start: chain.poses[0]!, goal: chain.poses[10]!, turningRadius: 1, sweepRadius: profile.sweepRadius })).toBeNull();
    const pass = new PathShortcut(grid, profile);
    pass.begin(chain, { freeEnd: false, maxWork: 10_000, walls: walls(grid) });
    expect(pass.step()).toBe(true);
    const after = pass.segments();
    // From (2.5, 3.5) to (22.5, 3.5), both facing east: a straight line of 20 tiles, no turning.
    expect(after).toHaveLength(1);
    expect(after[0]!.kind).toBe('line');
    expect(after[0]!.length).toBeCloseTo(20, 9);
    expect(turning(after)).toBe(0);
    expect(pass.replaced).toBe(1);
    expect(pathProblem(grid, after, { start: chain.poses[0]!, goal: chain.poses[10]!, turningRadius: 1, sweepRadius: profile.sweepRadius })).toBeNull();
  });

  it('keeps a shortcut that the wall blocks out: a bump in the wall leaves the wiggle around it', () => {
    const { grid, chain, profile } = wiggle(true);
    const before = chain.pieces.flat();
    const legal = (segs: readonly Segment[]): string | null =>
      pathProblem(grid, segs, { start: chain.poses[0]!, goal: chain.poses[10]!, turningRadius: 1, sweepRadius: profile.sweepRadius });
    expect(legal(before)).toBeNull();
    const pass = new PathShortcut(grid, profile);
    pass.begin(chain, { freeEnd: false, maxWork: 10_000, walls: walls(grid) });
    pass.step();
    const after = pass.segments();
    expect(legal(after)).toBeNull();
    // Shorter than the wiggle, but not the straight line through the bump.
    expect(segmentsCostOn(grid, profile, after)).toBeLessThan(segmentsCostOn(grid, profile, before));
    expect(after.length).toBeGreaterThan(1);
    expect(turning(after)).toBeLessThan(turning(before));
  });

  it('cuts out a loop: a full circle back to the same pose, then on', () => {
    const grid = Grid.fromAscii(Array.from({ length: 12 }, () => '.'.repeat(16)));
    const profile = resolveProfile({ turningRadius: 2, width: 0.8 });
    // Four quarter turns clockwise round the centre (5.5, 7.5), back to (5.5, 5.5) facing east, then 4 tiles on.
    const poses: Pose[] = [
      { x: 5.5, y: 5.5, heading: 0 },
      { x: 7.5, y: 7.5, heading: Math.PI / 2 },
      { x: 5.5, y: 9.5, heading: Math.PI },
      { x: 3.5, y: 7.5, heading: -Math.PI / 2 },
      { x: 5.5, y: 5.5, heading: 0 },
      { x: 9.5, y: 5.5, heading: 0 },
    ];
    const pieces = poses.slice(1).map((to, i) => curveBetween(profile, poses[i]!, to).path.segments);
    expect(netTurn(pieces.flat())).toBeCloseTo(2 * Math.PI, 9);
    const pass = new PathShortcut(grid, profile);
    pass.begin({ poses, pieces }, { freeEnd: false, maxWork: 10_000, walls: walls(grid) });
    pass.step();
    const after = pass.segments();
    expect(after).toHaveLength(1);
    expect(after[0]!.kind).toBe('line');
    expect(after[0]!.length).toBeCloseTo(4, 9);
  });

  it('with a free end heading, reaches the last point by the first leg', () => {
    const { grid, chain, profile } = wiggle();
    const pass = new PathShortcut(grid, profile);
    pass.begin(chain, { freeEnd: true, maxWork: 10_000, walls: walls(grid) });
    pass.step();
    const after = pass.segments();
    expect(after).toHaveLength(1);
    expect(after[0]!.length).toBeCloseTo(20, 9);
  });

  it('with no work allowed, keeps the path as it is', () => {
    const { grid, chain, profile } = wiggle();
    const pass = new PathShortcut(grid, profile);
    pass.begin(chain, { freeEnd: false, maxWork: 0, walls: walls(grid) });
    expect(pass.step(0)).toBe(true);
    expect(pass.segments()).toEqual(chain.pieces.flat());
    expect(pass.work).toBe(0);
  });

  it('refuses a chain whose poses and pieces disagree, and a bad work cap', () => {
    const { grid, chain, profile } = wiggle();
    const pass = new PathShortcut(grid, profile);
    expect(() => pass.begin({ poses: chain.poses.slice(1), pieces: chain.pieces }, { freeEnd: false, maxWork: 1 })).toThrow(RangeError);
    expect(() => pass.begin(chain, { freeEnd: false, maxWork: Number.NaN })).toThrow(/maxWork/);
  });

  it('in slices of 8 units does the same, each slice within its allowance', () => {
    const { grid, chain, profile } = wiggle();
    for (const g of [grid, wiggle(true).grid]) {
      const whole = new PathShortcut(g, profile);
      whole.begin(chain, { freeEnd: false, maxWork: 10_000, walls: walls(g) });
      whole.step();
      const sliced = new PathShortcut(g, profile);
      sliced.begin(chain, { freeEnd: false, maxWork: 10_000, walls: walls(g) });
      let steps = 0;
      for (;;) {
        const before = sliced.work;
        const done = sliced.step(8);
        expect(sliced.work - before).toBeLessThanOrEqual(8);
        steps++;
        if (done) break;
      }
      expect(steps).toBeGreaterThan(1);
      expect(sliced.work).toBe(whole.work);
      expect(sliced.segments()).toEqual(whole.segments());
    }
  });
});

const SETUPS: [UnitProfile, DirectionalOptions][] = [
  [{ turningRadius: 1, width: 0.8 }, { headings: 16, neighborhood: 24 }],
  [{ turningRadius: 2, width: 0.8 }, { headings: 16, neighborhood: 24 }],
  [{ turningRadius: 1.5, width: 0.6, reverse: true }, { headings: 8, neighborhood: 24 }],
  [{ turningRadius: 1, width: 0.5, reverse: true, reverseCost: 2, turnPenalty: 0.3 }, { headings: 16, neighborhood: 8 }],
];

/** A pose whose footprint clears every wall, or undefined. */
function freePose(rng: Rng, grid: Grid, rho: number): Pose | undefined {
  for (let t = 0; t < 30; t++) {
    const x = rng.next() * grid.width;
    const y = rng.next() * grid.height;
    if (overlappedCells(grid, x, y, rho + 1e-6).length === 0) return { x, y, heading: (rng.next() - 0.5) * 2 * Math.PI };
  }
  return undefined;
}

/** Seeded queries over random maps, with and without the pass, passed to `check`. */
function eachQuery(
  seed: number,
  maps: number,
  check: (c: { grid: Grid; profile: UnitProfile; planner: DirectionalPlanner; start: Pose; goal: CurveGoal; options: DirectionalQueryOptions; where: string }) => void,
): void {
  const rng = makeRng(seed);
  for (let m = 0; m < maps; m++) {
    const [profile, lattice] = SETUPS[m % SETUPS.length]!;
    const grid = randomGrid(rng, { width: rng.range(12, 26), height: rng.range(12, 26), density: rng.next() * 0.2 });
    const planner = new DirectionalPlanner(grid, profile, lattice);
    const rho = resolveProfile(profile).sweepRadius;
    for (let q = 0; q < 4; q++) {
      const start = freePose(rng, grid, rho);
      const end = freePose(rng, grid, rho);
      if (!start || !end) continue;
      const onLattice = rng.chance(0.3);
      const goal: CurveGoal = onLattice
        ? { x: Math.floor(end.x) + 0.5, y: Math.floor(end.y) + 0.5, heading: rng.chance(0.5) ? null : latticeHeading(rng.int(lattice.headings!), lattice.headings!) }
        : { x: end.x, y: end.y, heading: rng.chance(0.5) ? null : end.heading };
      const options: DirectionalQueryOptions = { mode: rng.chance(0.5) ? 'hybrid' : 'full', maxExpansions: 200_000 };
      check({ grid, profile, planner, start, goal, options, where: `seed ${seed} map ${m} query ${q} (${options.mode})` });
    }
  }
}

describe('the planner with the shortcut pass, on seeded random maps', () => {
  it('never makes a path dearer or illegal, nor changes a status, and shortens many', () => {
    let found = 0;
    let cheaper = 0;
    let turnOff = 0;
    let turnOn = 0;
    eachQuery(1717, 48, ({ grid, profile, planner, start, goal, options, where }) => {
      const off = planner.findPath(start, goal, { ...options, shortcut: false });
      const on = planner.findPath(start, goal, options);
      expect(on.status, where).toBe(off.status);
      if (on.status !== 'found') return;
      found++;
      expect(on.cost, where).toBeLessThanOrEqual(off.cost + 1e-9 * Math.max(1, off.cost));
      if (on.cost < off.cost - 1e-6) cheaper++;
      turnOff += turning(off.segments.segments);
      turnOn += turning(on.segments.segments);
      // No path winds a full turn (a loop) where it did not.
      if (Math.abs(netTurn(off.segments.segments)) < 2 * Math.PI - 1e-9) expect(Math.abs(netTurn(on.segments.segments)), where).toBeLessThan(2 * Math.PI - 1e-9);
      const { sweepRadius, turningRadius } = resolveProfile(profile);
      expect(pathProblem(grid, on.segments.toJSON(), { start, goal, turningRadius, sweepRadius }), where).toBeNull();
    });
    expect(found).toBeGreaterThan(60);
    expect(cheaper).toBeGreaterThan(found / 4);
    expect(turnOn).toBeLessThan(0.9 * turnOff);
  }, 120_000);

  it('stepped with tiny budgets, gives the path one unbounded step gives', () => {
    let compared = 0;
    const rng = makeRng(4242);
    eachQuery(2323, 16, ({ planner, start, goal, options, where }) => {
      const whole = planner.findPath(start, goal, options);
      const search = planner.createSearch(start, goal, options);
      let result = search.step(1 + rng.int(7));
      for (let guard = 0; result === undefined && guard < 10_000_000; guard++) result = search.step(1 + rng.int(7));
      expect(result!.status, where).toBe(whole.status);
      if (whole.status !== 'found') return;
      compared++;
      expect(result!.segments.toJSON(), where).toEqual(whole.segments.toJSON());
      expect(result!.cost, where).toBe(whole.cost);
    });
    expect(compared).toBeGreaterThan(20);
  }, 120_000);
});
