/**
 * The reachability proof wired into the directional planner: with it the planner answers as the
 * exhaustive search does (the proof off, `proofAfter: Infinity`), found paths unchanged, and a goal
 * pocket ends `no-room-to-turn` after a small part of the exhaustive search's expansions.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DEFAULT_PROOF_AFTER, DirectionalPlanner, type DirectionalOptions, type DirectionalQueryOptions } from '../../../src/directional/directional-planner.js';
import { latticeHeading } from '../../../src/directional/hit-check.js';
import { ReachabilityProof, type ReachVerdict } from '../../../src/directional/reachability.js';
import { shotNearDistance } from '../../../src/directional/lattice-rules.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import type { CurveGoal, CurveResult } from '../../../src/curves/curve-planner.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** Forward-only and reversing units, both heading counts; maps per setup. */
const SETUPS: [UnitProfile, DirectionalOptions, number][] = [
  [{ turningRadius: 1, width: 0.8 }, { headings: 8, neighborhood: 24 }, 24],
  [{ turningRadius: 1.5, width: 0.6 }, { headings: 16, neighborhood: 24 }, 14],
  [{ turningRadius: 2, width: 0.4, turnPenalty: 0.3 }, { headings: 8, neighborhood: 24 }, 24],
  [{ turningRadius: 1, width: 0.9, reverse: true }, { headings: 8, neighborhood: 8 }, 20],
  [{ turningRadius: 1.5, width: 0.8, reverse: true, reverseCost: 2 }, { headings: 16, neighborhood: 8 }, 12],
];

/** Queries per map; tiles are edited between them, and sometimes during one. */
const QUERIES = 8;

/** A shot interval no search reaches: shots only from the start and near the goal, so verdicts are order-free. */
const NO_CLOCK_SHOTS = 2 ** 30;

/** Small thresholds, so that the proof starts on these small maps (the default would rarely be reached). */
const PROOF_AFTERS = [0, 4, 24];

/** Tries for a point whose footprint is clear. */
const POSE_TRIES = 20;

function clearPoint(rng: Rng, grid: Grid, rho: number, centre: boolean): { x: number; y: number } {
  let p = { x: 0.5, y: 0.5 };
  for (let t = 0; t < POSE_TRIES; t++) {
    p = centre ? { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5 } : { x: rng.next() * grid.width, y: rng.next() * grid.height };
    if (!discHitsBlocked(grid, p.x, p.y, rho)) break;
  }
  return p;
}

function randomStart(rng: Rng, grid: Grid, rho: number, headings: number): Pose {
  if (rng.chance(0.3)) return { ...clearPoint(rng, grid, rho, true), heading: latticeHeading(rng.int(headings), headings) };
  return { ...clearPoint(rng, grid, rho, false), heading: (rng.next() - 0.5) * 2 * Math.PI };
}

function randomGoal(rng: Rng, grid: Grid, rho: number, headings: number): CurveGoal {
  const { x, y } = clearPoint(rng, grid, rho, true);
  switch (rng.int(3)) {
    case 0:
      return { x, y, heading: null };
    case 1:
      return { x, y, heading: latticeHeading(rng.int(headings), headings) };
    default:
      return { x: x - 0.5 + rng.next(), y: y - 0.5 + rng.next(), heading: rng.next() * Math.PI };
  }
}

/** Runs a search in steps of `slice` work units, calling `during` after the first step. */
function sliced(planner: DirectionalPlanner, start: Pose, goal: CurveGoal, options: DirectionalQueryOptions, slice: number, during: () => void): CurveResult {
  const search = planner.createSearch(start, goal, options);
  for (let steps = 0; ; steps++) {
    const r = search.step(slice);
    if (r) return r;
    if (steps === 0) during();
    if (steps > 1e6) throw new Error('the search does not end');
  }
}

interface Tally {
  compared: number;
  /** Queries the proof ended with fewer expansions than the exhaustive search. */
  cut: number;
  found: number;
  /** Found by the exhaustive search's clock shots only, where the proof ended the search first. */
  clockOnly: number;
  hybridFound: number;
}

function checkSetup(setup: number, tally: Tally): void {
  const [unit, options, maps] = SETUPS[setup]!;
  const profile = resolveProfile(unit);
  const H = options.headings!;
  const rng = makeRng(4100 + setup);
  for (let t = 0; t < maps; t++) {
    const grid = randomGrid(rng, { width: rng.range(7, 16), height: rng.range(7, 16), density: rng.next() * 0.3 });
    const exhaustive = new DirectionalPlanner(grid, unit, { ...options, proofAfter: Infinity });
    const proofAfter = PROOF_AFTERS[t % PROOF_AFTERS.length]!;
    const proofed = new DirectionalPlanner(grid, unit, { ...options, proofAfter });
    if (exhaustive.refusal) continue;
    for (let q = 0; q < QUERIES; q++) {
      const edit = (): void => {
        for (let e = rng.range(1, 3); e > 0; e--) grid.setBlocked(rng.int(grid.width), rng.int(grid.height), rng.chance(0.4));
      };
      if (rng.chance(0.5)) edit();
      const start = randomStart(rng, grid, profile.sweepRadius, H);
      const goal = randomGoal(rng, grid, profile.sweepRadius, H);
      const noClock = { shotInterval: NO_CLOCK_SHOTS };
      // In slices, the grid sometimes edited after the first: the search starts over on the new grid.
      const slice = rng.chance(0.5) ? Infinity : rng.range(1, 300);
      const got = sliced(proofed, start, goal, noClock, slice, () => {
        if (rng.chance(0.3)) edit();
      });
      const truth = exhaustive.findPath(start, goal, noClock);
      const where = `setup ${setup}, map ${t}, query ${q}, proofAfter ${proofAfter}, slice ${slice}: ${JSON.stringify({ start, goal })}\n${grid.toAscii().join('\n')}`;
      expect(got.status, where).toBe(truth.status);
      if (truth.status !== 'found' && truth.status !== 'no-room-to-turn') continue;
      tally.compared++;
      if (truth.status === 'found') {
        tally.found++;
        // The proof does not change the search's order: the same path, after the same expansions.
        expect(got.length, where).toBe(truth.length);
        expect(got.expanded, where).toBe(truth.expanded);
      } else {
        expect(got.expanded, where).toBeLessThanOrEqual(truth.expanded);
        if (got.expanded < truth.expanded) tally.cut++;
      }

      // With the clock shots on, the two differ only where a clock shot found a path by luck.
      const usual = proofed.findPath(start, goal);
      const usualTruth = exhaustive.findPath(start, goal);
      if (usual.status !== usualTruth.status) {
        expect([usual.status, usualTruth.status, truth.status], where).toEqual(['no-room-to-turn', 'found', 'no-room-to-turn']);
        tally.clockOnly++;
      }
      // Hybrid, with the proof before its fallback, finds a path whenever full does.
      const hybrid = proofed.findPath(start, goal, { ...noClock, mode: 'hybrid' });
      if (truth.status === 'found') {
        expect(hybrid.status, `hybrid, ${where}`).toBe('found');
        tally.hybridFound++;
      }
    }
  }
}

describe('DirectionalPlanner with the reachability proof', () => {
  const total: Tally = { compared: 0, cut: 0, found: 0, clockOnly: 0, hybridFound: 0 };

  it.each(SETUPS.map((_, i) => i))('answers as the exhaustive search, full and hybrid, on random maps with edits (setup %i)', (setup) => {
    checkSetup(setup, total);
  });

  it('was tested on both answers, and the proof ended searches early', () => {
    console.log(`proof wiring: ${JSON.stringify(total)}`);
    expect(total.compared).toBeGreaterThan(400);
    expect(total.found).toBeGreaterThan(150);
    expect(total.cut).toBeGreaterThan(40);
    expect(total.hybridFound).toBe(total.found);
    // Clock-shot luck is rare (see docs/reachability.md).
    expect(total.clockOnly).toBeLessThan(total.compared / 50);
  });

  it('refuses a proofAfter that is not a number >= 0, naming it', () => {
    const grid = new Grid(8, 8);
    for (const proofAfter of [NaN, -1]) {
      expect(() => new DirectionalPlanner(grid, { turningRadius: 1, width: 0.8 }, { proofAfter })).toThrow(
        new RangeError(`proofAfter must be a number of expansions >= 0 (or Infinity), got ${String(proofAfter)}`),
      );
    }
  });
});

/**
 * A 48 x 40 open map with a one-tile dead end cut into its east wall; the goal is the dead end's
 * last tile, facing out (west). A forward-only unit with r = 2 can drive in facing east but
 * cannot turn there: no path, and the exhaustive search expands the whole open map to learn it.
 */
function goalPocket(): { grid: Grid; goal: CurveGoal } {
  const width = 48;
  const height = 40;
  const pocketRow = 20;
  const wallX = 40;
  const grid = Grid.fromPredicate(width, height, (x, y) => x >= wallX && !(y === pocketRow && x < width - 1));
  return { grid, goal: { x: width - 1.5, y: pocketRow + 0.5, heading: Math.PI } };
}

describe('a goal pocket', () => {
  const unit = { turningRadius: 2, width: 0.8 };
  const start = { x: 5.5, y: 5.5, heading: 0 };

  it('ends no-room-to-turn after a small part of the exhaustive expansions, its work counted in the session', () => {
    const { grid, goal } = goalPocket();
    const before = new DirectionalPlanner(grid, unit, { proofAfter: Infinity }).findPath(start, goal);
    const planner = new DirectionalPlanner(grid, unit);
    planner.buildTables();
    const search = planner.createSearch(start, goal);
    const after = search.step()!;
    expect(before.status).toBe('no-room-to-turn');
    expect(after.status).toBe('no-room-to-turn');
    expect(after.message).toBe(before.message);
    // The whole open map (about 40 x 40 tiles x 16 headings) against the threshold and a few chunks.
    expect(before.expanded).toBeGreaterThan(10000);
    expect(after.expanded).toBeLessThan(DEFAULT_PROOF_AFTER + 2000);
    // The proof's work is in the session's work, not in the expansions.
    expect(search.work).toBeGreaterThan(after.expanded);
    expect(search.work).toBeLessThan(before.expanded / 3);
  });

  it('proves the pocket in the burst the proof gets when it begins, before the next turn of the search', () => {
    // Halfway into the dead end, where the way in behind the goal is open for more than r, so its
    // near shots are solved (at the last tile the walls behind rule them out before any expansion).
    const { grid } = goalPocket();
    const goal = { x: 43.5, y: 20.5, heading: Math.PI };
    const planner = new DirectionalPlanner(grid, unit);
    const search = planner.createSearch(start, goal);
    const result = search.step()!;
    expect(result.status).toBe('no-room-to-turn');
    // The search's first proofAfter expansions, then the proof alone (3 to 1 turns would add 768 at least).
    expect(result.expanded).toBe(DEFAULT_PROOF_AFTER);
  });

  it('cuts the burst short when the goal side is large (open ground, a query the search solves)', () => {
    // A wall across the lower part of the map makes the search pass proofAfter before it finds the path.
    const grid = Grid.fromPredicate(48, 40, (x, y) => (x === 24 && y > 4) || (x >= 40 && !(y === 20 && x < 47)));
    const planner = new DirectionalPlanner(grid, unit);
    const unproved = new DirectionalPlanner(grid, unit, { proofAfter: Infinity });
    planner.buildTables();
    unproved.buildTables();
    // The admissible heuristic: the tight one finds this path before proofAfter.
    const query = [{ x: 5.5, y: 35.5, heading: 0 }, { x: 30.5, y: 30.5, heading: Math.PI }, { shortcut: false, admissible: true }] as const;
    const search = planner.createSearch(...query);
    const result = search.step()!;
    expect(result.status).toBe('found');
    expect(result.expanded).toBeGreaterThan(DEFAULT_PROOF_AFTER);
    // The same query without the proof (after the first filled the shared heuristic table, so the
    // difference bounds the proof's work from above): one chunk of the burst, 256 units, not 6,144.
    const alone = unproved.createSearch(...query);
    expect(alone.step()!.expanded).toBe(result.expanded);
    expect(search.work - alone.work).toBeLessThan(600);
  });

  it('in hybrid mode, does not spend the burst on a start pocket the search proves by running dry', () => {
    const { grid, goal } = goalPocket();
    // Reversed: the unit stands in the dead end facing its closed end, the goal in open ground.
    const planner = new DirectionalPlanner(grid, unit);
    planner.buildTables();
    const search = planner.createSearch({ ...goal, heading: 0 }, { ...start, heading: null }, { mode: 'hybrid' });
    const result = search.step()!;
    expect(result.status).toBe('no-room-to-turn');
    expect(result.expanded).toBeLessThan(DEFAULT_PROOF_AFTER);
    // The proof is begun in the query's opening (its early turn, the start's joins, the goal side's
    // seeds), but its burst of 6,144 units waits for proofAfter expansions, which this search never
    // reaches: the side work (with the field and the joins) stays a few hundred units.
    expect(search.work - result.expanded).toBeLessThan(400);
  });

  it('in hybrid mode, ends beside the corridor phase, without the full search', () => {
    const { grid, goal } = goalPocket();
    const before = new DirectionalPlanner(grid, unit, { proofAfter: Infinity }).findPath(start, goal, { mode: 'hybrid' });
    const after = new DirectionalPlanner(grid, unit).findPath(start, goal, { mode: 'hybrid' });
    expect(before.status).toBe('no-room-to-turn');
    expect(after.status).toBe('no-room-to-turn');
    expect(after.expanded).toBeLessThan(before.expanded / 5);
  });

  it('keeps each step within its allowance, the proof solving only the start joins its goal side reaches', () => {
    const { grid, goal } = goalPocket();
    const planner = new DirectionalPlanner(grid, unit);
    planner.buildTables();
    // Off the tile centre: the search joins the start to the states around it.
    const search = planner.createSearch({ x: 5.3, y: 5.6, heading: 0.1 }, goal);
    const allowance = 300;
    // The chunk in progress, and a few units of slack; the goal side never comes near the start,
    // so no join is solved (9 tiles x 16 headings of them would cost 3 units each, 432).
    const overrun = 16 + (9 * 16) / 16;
    let result: CurveResult | undefined;
    while (!result) {
      const before = search.work;
      result = search.step(allowance);
      expect(search.work - before).toBeLessThanOrEqual(allowance + overrun);
    }
    expect(result.status).toBe('no-room-to-turn');
  });
});

describe('ReachabilityProof on the goal side only, given no start joins', () => {
  const { grid, goal } = goalPocket();
  const unit = resolveProfile({ turningRadius: 2, width: 0.8 });
  const moves = new DirectionalPlanner(grid, unit).moves;
  const proofOf = (analyticShots: boolean): ReachabilityProof =>
    new ReachabilityProof(grid, unit, moves, { shotNear: shotNearDistance(unit.turningRadius, moves.rings), goalSideOnly: true, analyticShots });
  const settle = (proof: ReachabilityProof, start: Pose, to: CurveGoal): ReachVerdict => {
    let v = proof.begin(start, to);
    while (v === 'pending') v = proof.step(1000);
    return v;
  };

  it('proves a goal pocket far from the start without solving the start joins', () => {
    const proof = proofOf(true);
    expect(settle(proof, { x: 5.3, y: 5.6, heading: 0.1 }, goal)).toBe('unreachable');
    // About as much work as from a lattice start, which has no joins (144 of them would cost 432
    // units): the start side solves a join or two in its turns while the goal side runs dry.
    const fromLattice = proofOf(true);
    expect(settle(fromLattice, { x: 5.5, y: 5.5, heading: 0 }, goal)).toBe('unreachable');
    expect(proof.work).toBeLessThan(fromLattice.work + 10);
    expect(proof.exhausted).toBe('backward');
  });

  it('proves a path when its goal side reaches a state the exact start joins', () => {
    // No shots: only the goal states and the joins can make the verdict, so a goal two tiles from
    // the start in open ground is met through a join (without one the goal side would run dry).
    const proof = proofOf(false);
    expect(settle(proof, { x: 5.3, y: 5.6, heading: 0.1 }, { x: 7.5, y: 5.5, heading: null })).toBe('reachable');
    expect(proof.backwardVisited).toBeLessThan(grid.width * grid.height);
  });
});

describe('ReachabilityProof reached (the caller\'s search as the start side)', () => {
  const unit = { turningRadius: 2, width: 0.8 };
  const start = { x: 5.5, y: 5.5, heading: 0 };

  /** The verdict of `begin`, and the final one. */
  const prove = (reached?: (id: number) => boolean): [ReachVerdict, ReachVerdict] => {
    const { grid, goal } = goalPocket();
    const profile = resolveProfile(unit);
    const moves = new DirectionalPlanner(grid, unit).moves;
    const proof = new ReachabilityProof(grid, profile, moves, { shotNear: shotNearDistance(profile.turningRadius, moves.rings), goalSideOnly: true, reached });
    const begun = proof.begin(start, goal);
    let v = begun;
    while (v === 'pending') v = proof.step(1000);
    return [begun, v];
  };

  it('proves a path when the goal side meets a state the caller reached, and only then', () => {
    expect(prove()[1]).toBe('unreachable');
    expect(prove(() => false)[1]).toBe('unreachable');
    // A caller claiming every state: the goal state (a tile centre at a lattice heading), marked
    // by begin, meets it at once.
    expect(prove(() => true)).toEqual(['reachable', 'reachable']);
  });
});

describe('the proof beside a search stepped in small slices', () => {
  it('keeps its share: a goal room behind a bend the unit cannot drive ends long before the search runs dry', () => {
    // Open ground west of x = 100; a one-tile tunnel east along row 20, then south down column
    // 104, into a 20 x 17 room. A unit of radius 2 cannot take the bend. The room's goal side
    // (about 4,700 states) is more than the proof's burst, so the proof needs its turns after it.
    const grid = Grid.fromPredicate(126, 60, (x, y) => {
      if (x < 100) return false;
      if (x <= 104 && y === 20) return false;
      if (x === 104 && y > 20 && y <= 26) return false;
      return !(x >= 105 && x <= 124 && y >= 22 && y <= 38);
    });
    const unit = { turningRadius: 2, width: 0.8 };
    const start = { x: 5.5, y: 10.5, heading: 0 };
    const goal = { x: 115.5, y: 30.5, heading: null };
    const answer = (step: number): CurveResult => {
      const planner = new DirectionalPlanner(grid, unit);
      planner.buildTables();
      const search = planner.createSearch(start, goal);
      let result: CurveResult | undefined;
      for (let i = 0; i < 1_000_000 && !result; i++) result = search.step(step);
      return result!;
    };
    const exhaustive = new DirectionalPlanner(grid, unit, { proofAfter: Infinity }).findPath(start, goal);
    expect(exhaustive.status).toBe('no-room-to-turn');
    const whole = answer(Infinity);
    // Steps much smaller than a turn of the search or the proof, as the plugin's slices are: the
    // proof's share, and the answer, are the same (the search ran dry before, at 105,717).
    const sliced = answer(100);
    expect(whole.status).toBe('no-room-to-turn');
    expect(sliced.status).toBe('no-room-to-turn');
    expect(whole.expanded).toBeLessThan(exhaustive.expanded / 2);
    expect(sliced.expanded).toBeLessThan(whole.expanded * 1.1);
  });
});
