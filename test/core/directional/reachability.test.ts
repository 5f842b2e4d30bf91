import { describe, expect, it } from 'vitest';
import type { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner, type DirectionalOptions } from '../../../src/directional/directional-planner.js';
import { ReachabilityProof, type ReachVerdict } from '../../../src/directional/reachability.js';
import { shotNearDistance } from '../../../src/directional/lattice-rules.js';
import { curveBetween, latticeHeading } from '../../../src/directional/hit-check.js';
import { firstLeg } from '../../../src/curves/first-leg.js';
import { discHitsBlocked, pathHitsBlocked, WallDistanceMap } from '../../../src/curves/footprint.js';
import type { CurveGoal } from '../../../src/curves/curve-planner.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/**
 * Forward-only and reversing units, both heading counts, small and wide neighbourhoods; the maps
 * each is tried on (fewer where the move set is large and the exhaustive search slow).
 */
const SETUPS: [UnitProfile, DirectionalOptions, number][] = [
  [{ turningRadius: 1, width: 0.8 }, { headings: 8, neighborhood: 24 }, 30],
  [{ turningRadius: 1.5, width: 0.6 }, { headings: 16, neighborhood: 24 }, 20],
  [{ turningRadius: 0.5, width: 0.5 }, { headings: 8, neighborhood: 8 }, 50],
  [{ turningRadius: 2, width: 0.4, turnPenalty: 0.3 }, { headings: 8, neighborhood: 24 }, 50],
  [{ turningRadius: 1, width: 0.9, reverse: true }, { headings: 8, neighborhood: 8 }, 25],
  [{ turningRadius: 1.5, width: 0.8, reverse: true, reverseCost: 2 }, { headings: 16, neighborhood: 8 }, 14],
  [{ turningRadius: 2, width: 0.6, reverse: true }, { headings: 8, neighborhood: 8 }, 25],
];

/** A shot interval no search reaches: the search then tries shots only from its start and near the goal. */
const NO_CLOCK_SHOTS = 2 ** 30;

/** Statuses the search gives after searching; the others end a query before the proof would run. */
const SEARCHED = new Set(['found', 'no-room-to-turn']);

/** Tries for a point whose footprint is clear, so that most queries get to the search. */
const POSE_TRIES = 20;

/** A random point, on a tile centre or anywhere, preferring one where a disc of radius `rho` is clear. */
function randomPoint(rng: Rng, grid: Grid, rho: number, centre: boolean): { x: number; y: number } {
  let p = { x: 0, y: 0 };
  for (let t = 0; t < POSE_TRIES; t++) {
    p = centre ? { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5 } : { x: rng.next() * grid.width, y: rng.next() * grid.height };
    if (!discHitsBlocked(grid, p.x, p.y, rho)) break;
  }
  return p;
}

function randomStart(rng: Rng, grid: Grid, rho: number, headings: number): Pose {
  if (rng.chance(0.3)) return { ...randomPoint(rng, grid, rho, true), heading: latticeHeading(rng.int(headings), headings) };
  return { ...randomPoint(rng, grid, rho, false), heading: (rng.next() - 0.5) * 2 * Math.PI };
}

function randomGoal(rng: Rng, grid: Grid, rho: number, headings: number): CurveGoal {
  const { x, y } = randomPoint(rng, grid, rho, true);
  switch (rng.int(4)) {
    case 0:
      return { x, y, heading: null };
    case 1:
      return { x, y, heading: latticeHeading(rng.int(headings), headings) };
    case 2:
      return { x, y, heading: (rng.next() - 0.5) * 2 * Math.PI };
    default:
      return { x: x - 0.5 + rng.next(), y: y - 0.5 + rng.next(), heading: rng.chance(0.5) ? null : rng.next() * Math.PI };
  }
}

/** Runs a proof to its verdict in slices of `slice` work units (continuing it when already `begun`). */
function prove(proof: ReachabilityProof, start: Pose, goal: CurveGoal, slice: number, begun = false): ReachVerdict {
  let v = begun ? proof.step(slice) : proof.begin(start, goal);
  for (let guard = 0; v === 'pending'; guard++) {
    if (guard > 1e6) throw new Error('the proof does not end');
    v = proof.step(slice);
  }
  return v;
}

/** Expects `actual` to be `expected`, describing the case (a map drawing: costly) only when it is not. */
function same<T>(actual: T, expected: T, context: () => string): void {
  if (actual !== expected) expect(actual, context()).toBe(expected);
}

interface Tally {
  compared: number;
  unreachable: number;
  reachable: number;
  /** Found by the default search's clock shots although the proof says unreachable. */
  clockOnly: number;
  /** Unreachable verdicts proved by the backward side running dry (the goal side was the smaller). */
  backward: number;
  /** Proofs that reused the goal side of an earlier proof to the same goal. */
  reused: number;
  /** Queries also compared with shots off. */
  noShots: number;
}

/** Queries on seeded random maps, tiles edited between them; every verdict checked against the exhaustive search. */
function checkSetup(setup: number, queries: number, tally: Tally): void {
  const [unit, options, maps] = SETUPS[setup]!;
  const profile = resolveProfile(unit);
  const rng = makeRng(1700 + setup);
  for (let t = 0; t < maps; t++) {
    const grid = randomGrid(rng, { width: rng.range(6, 14), height: rng.range(6, 14), density: rng.next() * 0.3 });
    // The proof off: the planner's search is the exhaustive truth the verdicts are checked against.
    const planner = new DirectionalPlanner(grid, unit, { ...options, proofAfter: Infinity });
    if (planner.refusal) continue;
    const moves = planner.moves;
    const walls = new WallDistanceMap(grid);
    const shotNear = shotNearDistance(profile.turningRadius, moves.rings);
    const proof = new ReachabilityProof(grid, profile, moves, { shotNear, walls });
    // The planner's way: its own search is the start side.
    const goalSide = new ReachabilityProof(grid, profile, moves, { shotNear, walls, goalSideOnly: true });
    // Without shots only goal states end the search: another proof, checked on some queries.
    const noShots = new ReachabilityProof(grid, profile, moves, { shotNear, walls, analyticShots: false });
    let previous: CurveGoal | undefined;
    for (let q = 0; q < queries; q++) {
      // Edit a few tiles, before the query or while the proof is under way; the wall map is
      // refreshed only some of the time (a stale one must be ignored).
      const edit = (): void => {
        for (let e = rng.chance(0.5) ? 0 : rng.range(1, 3); e > 0; e--) grid.setBlocked(rng.int(grid.width), rng.int(grid.height), rng.chance(0.4));
        if (rng.chance(0.5)) walls.refresh();
      };
      const midProof = rng.chance(0.25);
      if (!midProof) edit();
      const start = randomStart(rng, grid, profile.sweepRadius, options.headings!);
      // Often the same goal again (a group order), with or without edits in between.
      let goal = previous !== undefined && rng.chance(0.5) ? previous : randomGoal(rng, grid, profile.sweepRadius, options.headings!);
      // Sometimes the same point at another heading: a different goal.
      if (goal === previous && rng.chance(0.3)) goal = { ...goal, heading: rng.chance(0.3) ? null : latticeHeading(rng.int(options.headings!), options.headings!) };
      previous = goal;
      let verdict: ReachVerdict;
      if (midProof && proof.begin(start, goal) === 'pending' && proof.step(rng.range(1, 20)) === 'pending') {
        // The grid changes under a proof in progress: it must start over on the new grid.
        edit();
        verdict = prove(proof, start, goal, Infinity, true);
      } else {
        if (midProof) edit();
        verdict = prove(proof, start, goal, rng.chance(0.5) ? Infinity : rng.range(1, 40));
      }
      if (proof.goalSideReused) tally.reused++;
      const exhaustive = planner.findPath(start, goal, { shotInterval: NO_CLOCK_SHOTS });
      const usual = planner.findPath(start, goal);
      const where = (): string => `setup ${setup}, map ${t}, query ${q}: ${JSON.stringify({ start, goal })}\n${grid.toAscii().join('\n')}`;
      same(prove(goalSide, start, goal, rng.chance(0.5) ? Infinity : rng.range(1, 40)), verdict, () => `goal side only, ${where()}`);
      if (q % 4 === 0) {
        const lattice = planner.findPath(start, goal, { analyticShots: false });
        if (SEARCHED.has(lattice.status)) {
          same(prove(noShots, start, goal, Infinity), lattice.status === 'found' ? 'reachable' : 'unreachable', () => `no shots, ${where()}`);
          tally.noShots++;
        }
      }
      if (exhaustive.status === 'no-path') {
        // The planner's region and field checks end these before searching: no lattice path either.
        same(verdict, 'unreachable', where);
        continue;
      }
      if (!SEARCHED.has(exhaustive.status)) continue;
      tally.compared++;
      same(verdict, exhaustive.status === 'found' ? 'reachable' : 'unreachable', () => `${where()}\nsearch: ${exhaustive.status}`);
      // With its clock shots the search finds at least what the proof promises.
      if (verdict === 'reachable') {
        tally.reachable++;
        same(usual.status, 'found', where);
      } else {
        tally.unreachable++;
        if (proof.exhausted === 'backward') tally.backward++;
        if (usual.status === 'found') tally.clockOnly++;
      }
    }
  }
}

describe('ReachabilityProof options', () => {
  it('refuses a shot distance that is not a finite number >= 0, naming it', () => {
    const unit = { turningRadius: 0.5, width: 0.5 };
    const grid = randomGrid(makeRng(1), { width: 8, height: 8, density: 0 });
    const moves = new DirectionalPlanner(grid, unit, { headings: 8, neighborhood: 8 }).moves;
    for (const shotNear of [NaN, -1, Infinity]) {
      expect(() => new ReachabilityProof(grid, resolveProfile(unit), moves, { shotNear })).toThrow(new RangeError(`shotNear must be a finite number >= 0, got ${String(shotNear)}`));
    }
  });
});

describe('ReachabilityProof shots', () => {
  it('judges every shot as the whole curve swept against the grid does', () => {
    // Thousands of shots into one goal in a row, so the rejections by the last piece's length are
    // used; the truth is the plain sweep of the whole curve.
    const rng = makeRng(1717);
    let judged = 0;
    let legal = 0;
    for (let t = 0; t < 14; t++) {
      const [unit, options] = SETUPS[t % SETUPS.length]!;
      const profile = resolveProfile(unit);
      const grid = randomGrid(rng, { width: rng.range(8, 14), height: rng.range(8, 14), density: rng.next() * 0.25 });
      const moves = new DirectionalPlanner(grid, unit, options).moves;
      const proof = new ReachabilityProof(grid, profile, moves, { shotNear: shotNearDistance(profile.turningRadius, moves.rings) });
      const goal = randomGoal(rng, grid, profile.sweepRadius, options.headings!);
      proof.begin({ x: 0.5, y: 0.5, heading: 0 }, goal);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          for (let k = 0; k < options.headings!; k++) {
            const pose = { x: x + 0.5, y: y + 0.5, heading: latticeHeading(k, options.headings!) };
            let truth = false;
            try {
              const curve =
                goal.heading === null
                  ? firstLeg(pose, goal, profile.turningRadius, { reverse: profile.reverse, reverseCost: profile.reverseCost })
                  : curveBetween(profile, pose, { x: goal.x, y: goal.y, heading: goal.heading! });
              truth = !pathHitsBlocked(grid, curve.path, profile.sweepRadius);
            } catch (error) {
              if (!(error instanceof RangeError)) throw error;
            }
            expect(proof.shotLegal(pose), `map ${t}, ${JSON.stringify({ pose, goal })}`).toBe(truth);
            judged++;
            if (truth) legal++;
          }
        }
      }
    }
    expect(judged).toBeGreaterThan(10000);
    expect(legal).toBeGreaterThan(300);
  });
});

describe('ReachabilityProof', () => {
  const total: Tally = { compared: 0, unreachable: 0, reachable: 0, clockOnly: 0, backward: 0, reused: 0, noShots: 0 };

  it.each(SETUPS.map((_, i) => i))('agrees with the exhaustive search on random maps with edits (setup %i)', (setup) => {
    const tally: Tally = { compared: 0, unreachable: 0, reachable: 0, clockOnly: 0, backward: 0, reused: 0, noShots: 0 };
    checkSetup(setup, 6, tally);
    expect(tally.compared).toBeGreaterThan(40);
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key];
  });

  it('was tested on both verdicts, and on proofs by either side', () => {
    // The seeded cases above decide both ways, and the goal side runs dry first in some of them.
    expect(total.compared).toBeGreaterThan(800);
    expect(total.reachable).toBeGreaterThan(200);
    expect(total.unreachable).toBeGreaterThan(200);
    expect(total.backward).toBeGreaterThan(20);
    expect(total.reused).toBeGreaterThan(10);
    expect(total.noShots).toBeGreaterThan(150);
    console.log(`all setups: ${JSON.stringify(total)}`);
  });
});
