import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CurveGoal } from '../../../src/curves/curve-planner.js';
import type { Pose } from '../../../src/curves/segment.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { shotNearDistance } from '../../../src/directional/lattice-rules.js';
import { ReachabilityProof, type ReachVerdict } from '../../../src/directional/reachability.js';
import { Grid } from '../../../src/grid/grid.js';
import { dubins } from '../../../src/curves/dubins.js';
import { pathHitsBlocked } from '../../../src/curves/footprint.js';
import { latticeHeading } from '../../../src/directional/hit-check.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/**
 * What the proof's cheaper rejections buy on the pockets that set the slowest `no-room-to-turn`
 * answers of the shared steering queries (r = 2, unit width 0.8): a shot rejected by a point of
 * its middle piece before its path is built, the start side's larger share while it probes, joins
 * into dead ends left unsolved, and the exact start's shot swept first piece first. The bounds
 * fail on the code before them (figures below); the verdicts are checked against the exhaustive
 * search here and, on seeded random maps, in reachability.test.ts and reachability-probe.test.ts.
 */
const unit = { turningRadius: 2, width: 0.8 };

function goalSideProof(grid: Grid): ReachabilityProof {
  const profile = resolveProfile(unit);
  const moves = new DirectionalPlanner(grid, unit).moves;
  return new ReachabilityProof(grid, profile, moves, { shotNear: shotNearDistance(profile.turningRadius, moves.rings), goalSideOnly: true });
}

function settle(proof: ReachabilityProof, start: Pose, goal: CurveGoal): ReachVerdict {
  let v = proof.begin(start, goal);
  for (let guard = 0; v === 'pending'; guard++) {
    if (guard > 1e6) throw new Error('the proof does not end');
    v = proof.step(64);
  }
  return v;
}

/** The status and the work a query reports in all, run in steps of 256 units; `proofAfter: Infinity` is the exhaustive search. */
function run(grid: Grid, start: Pose, goal: CurveGoal, mode: 'full' | 'hybrid', proofAfter?: number): { status: string; work: number } {
  const planner = new DirectionalPlanner(grid, unit, proofAfter === undefined ? {} : { proofAfter });
  planner.buildTables();
  const search = planner.createSearch(start, goal, { mode });
  for (let steps = 0; ; steps++) {
    const r = search.step(256);
    if (r) return { status: r.status, work: search.work };
    if (steps > 1e5) throw new Error('the search does not end');
  }
}

const lak303d = Grid.fromMovingAi(readFileSync(new URL('../../fixtures/lak303d.map', import.meta.url), 'utf8'));

describe('the proof on a goal pocket whose near shots cross walls', () => {
  // Steering query 37 of lak303d: the goal faces up a corridor six tiles wide whose closed end is
  // behind it; no near shot is legal but four, from states the start cannot reach. Its 819 near
  // shots cost 1,759 units before (no bound from the walls behind: they are more than r away).
  const start = { x: 135.5, y: 136.5, heading: 1.387084 };
  const goal = { x: 71.5, y: 189.5, heading: -0.548102 };

  it('proves it with most shots rejected by a point of their middle piece', () => {
    const proof = goalSideProof(lak303d);
    expect(settle(proof, start, goal)).toBe('unreachable');
    expect(proof.exhausted).toBe('backward');
    expect(proof.work).toBeLessThan(1300);
  });

  it('answers no-room-to-turn in both modes, as the exhaustive search does', () => {
    for (const mode of ['full', 'hybrid'] as const) expect(run(lak303d, start, goal, mode).status).toBe('no-room-to-turn');
    expect(run(lak303d, start, goal, 'full', Infinity).status).toBe('no-room-to-turn');
  });
});

describe('the proof on a goal at the end of a narrow channel, any heading', () => {
  // As den520d query 19: a goal at the top of a staircase channel two tiles wide, running up and
  // right out of open ground; any heading. The near shots are first legs whose last straight
  // runs up the channel and hits its sides just below the goal: a point tested there rejects
  // them before they are swept (632 units before the changes here, 510 before this test).
  const channel = Grid.fromPredicate(32, 28, (x, y) => y < 16 && !(y >= 9 && (x - 12 === 15 - y || x - 12 === 16 - y)));
  const start = { x: 8.3, y: 24.6, heading: -0.5 };
  const goal = { x: 18.5, y: 9.5, heading: null };

  it('proves it with the near shots rejected near the goal, as the exhaustive search answers', () => {
    const proof = goalSideProof(channel);
    expect(settle(proof, start, goal)).toBe('unreachable');
    expect(proof.exhausted).toBe('backward');
    expect(proof.work).toBeLessThan(350);
    expect(run(channel, start, goal, 'full', Infinity).status).toBe('no-room-to-turn');
  });
});

describe('near shots judged from their middle piece', () => {
  it('reject only shots whose whole curve sweeps a wall, CSC and CCC alike, on seeded random maps', () => {
    // Shots from every lattice state within two radii of a goal with a heading, where CCC words
    // (three arcs) are common; the truth is the plain sweep of the whole curve. A sampled point off
    // the path (a wrong centre or direction) would reject legal shots.
    const rng = makeRng(4417);
    const profile = resolveProfile(unit);
    const counts = { CSC: 0, CCC: 0, legalCSC: 0, legalCCC: 0 };
    for (let t = 0; t < 24; t++) {
      const grid = randomGrid(rng, { width: 14, height: 14, density: 0.05 + rng.next() * 0.2, mode: 'uniform' });
      const proof = goalSideProof(grid);
      const gx = rng.range(3, 10) + 0.5;
      const gy = rng.range(3, 10) + 0.5;
      const goal = { x: gx, y: gy, heading: rng.chance(0.5) ? latticeHeading(rng.int(16), 16) : (rng.next() - 0.5) * 2 * Math.PI };
      proof.begin({ x: 0.5, y: 0.5, heading: 0 }, goal);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          if (Math.hypot(x + 0.5 - gx, y + 0.5 - gy) > 2 * unit.turningRadius) continue;
          for (let k = 0; k < 16; k++) {
            const pose = { x: x + 0.5, y: y + 0.5, heading: latticeHeading(k, 16) };
            const curve = dubins(pose, goal, unit.turningRadius);
            const truth = !pathHitsBlocked(grid, curve.path, profile.sweepRadius);
            expect(proof.shotLegal(pose), `map ${t}, ${JSON.stringify({ pose, goal })}`).toBe(truth);
            const family = curve.word === 'RLR' || curve.word === 'LRL' ? 'CCC' : 'CSC';
            counts[family]++;
            if (truth) counts[family === 'CCC' ? 'legalCCC' : 'legalCSC']++;
          }
        }
      }
    }
    expect(counts.CCC).toBeGreaterThan(3000);
    expect(counts.legalCCC).toBeGreaterThan(50);
    expect(counts.legalCSC).toBeGreaterThan(300);
  });
});

describe('the start side of the proof', () => {
  it('answers a goal across the map within the proof\'s early turn (lak303d query 5: 935 units before)', () => {
    // The exact start's shot, 160 tiles long, hits at once: swept first piece first and charged the
    // length swept (it was charged its whole length, 50 units), the proof ends in its first 64.
    const start = { x: 12.5, y: 65.5, heading: 0.507912 };
    const goal = { x: 172.5, y: 46.5, heading: null };
    for (const mode of ['full', 'hybrid'] as const) {
      const { status, work } = run(lak303d, start, goal, mode);
      expect(status).toBe('no-room-to-turn');
      expect(work).toBeLessThan(150);
    }
  });

  /** A 60 x 30 map: open west of x = 30, and a corridor `width` tiles wide from there east to x = 55. */
  const corridor = (width: number): Grid => Grid.fromPredicate(60, 30, (x, y) => x >= 30 && !(y >= 12 && y < 12 + width && x < 55));

  it('proves a unit in a blind corridor too narrow to turn in has no path, its joins mostly unsolved', () => {
    // Facing down the corridor toward its closed end: the unit cannot turn round. Most joins end
    // facing a wall with no legal move out, or cross one at a sampled point of their first or
    // middle piece; the start side, while it probes, works eight times as much as the goal side.
    // The proof ran 893 to 907 units on these before the changes here, 485 to 607 with dead ends
    // skipped but every other join solved, 347 to 403 with the start side's share four.
    for (const width of [3, 4, 5]) {
      const grid = corridor(width);
      const start = { x: 50.5, y: 12 + width / 2, heading: 0.3 };
      const goal = { x: 5.5, y: 5.5, heading: null };
      const proof = goalSideProof(grid);
      expect(settle(proof, start, goal), `width ${width}`).toBe('unreachable');
      expect(proof.exhausted).toBe('forward');
      expect(proof.work, `width ${width}`).toBeLessThan(380);
      expect(run(grid, start, goal, 'full', Infinity).status, `width ${width}`).toBe('no-room-to-turn');
    }
  });
});
