import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { ReachabilityProof, type ReachVerdict } from '../../../src/directional/reachability.js';
import { shotNearDistance } from '../../../src/directional/lattice-rules.js';
import { latticeHeading, type HeadingCount } from '../../../src/directional/hit-check.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import type { CurveGoal } from '../../../src/curves/curve-planner.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** A shot interval no search reaches: the search tries shots only from its start and near the goal. */
const NO_CLOCK_SHOTS = 2 ** 30;

function goalSideProof(grid: Grid, unit: UnitProfile, headings: HeadingCount = 16): ReachabilityProof {
  const profile = resolveProfile(unit);
  const moves = new DirectionalPlanner(grid, unit, { headings }).moves;
  return new ReachabilityProof(grid, profile, moves, { shotNear: shotNearDistance(profile.turningRadius, moves.rings), goalSideOnly: true });
}

function settle(proof: ReachabilityProof, start: Pose, goal: CurveGoal, slice = 16): ReachVerdict {
  let v = proof.begin(start, goal);
  for (let guard = 0; v === 'pending'; guard++) {
    if (guard > 1e6) throw new Error('the proof does not end');
    v = proof.step(slice);
  }
  return v;
}

/** A 40 x 20 open map with a one-tile corridor cut 12 tiles deep into a block on its east side. */
const deadEnd = (): Grid => Grid.fromPredicate(40, 20, (x, y) => x >= 26 && !(y === 10 && x < 38));

describe('ReachabilityProof on the goal side only: the start side probes', () => {
  const unit = { turningRadius: 2, width: 0.8 };
  const goal = { x: 5.5, y: 5.5, heading: null };

  it('proves a unit facing the closed end of a dead end has no path, with its start side, in a few units', () => {
    // Half a tile from the closed end, facing it: every join and move sweeps the end wall.
    const proof = goalSideProof(deadEnd(), unit);
    expect(settle(proof, { x: 37.3, y: 10.5, heading: 0.05 }, goal)).toBe('unreachable');
    expect(proof.exhausted).toBe('forward');
    // The goal side alone is the open map: 26 x 20 tiles x 16 headings, tens of thousands of units.
    expect(proof.work).toBeLessThan(60);
  });

  it('proves it from farther back too, solving the joins the walls ahead do not rule out', () => {
    // Eight tiles from the closed end: the way ahead is open for more than r, so joins are solved
    // (144 at most, 3 units each) and the few states ahead expanded before the start side runs dry.
    const proof = goalSideProof(deadEnd(), unit);
    expect(settle(proof, { x: 30.2, y: 10.5, heading: 0 }, goal)).toBe('unreachable');
    expect(proof.exhausted).toBe('forward');
    expect(proof.forwardVisited).toBeGreaterThan(0);
    expect(proof.work).toBeLessThan(2 * (144 * 3 + 100));
  });

  it('stops probing in open ground and leaves the start to the caller', () => {
    const proof = goalSideProof(deadEnd(), unit);
    const start = { x: 10.3, y: 14.6, heading: 0.2 };
    let v = proof.begin(start, { x: 30.5, y: 10.5, heading: 0 });
    for (let i = 0; i < 40 && v === 'pending'; i++) v = proof.step(4);
    // The start side passed its cap within a few expansions and grows no more.
    expect(proof.forwardVisited).toBeGreaterThan(64);
    const visited = proof.forwardVisited;
    for (let i = 0; i < 40 && v === 'pending'; i++) v = proof.step(16);
    expect(proof.forwardVisited).toBe(visited);
  });

  it('gives the exhaustive search\'s verdict on seeded random maps, often by its start side running dry', () => {
    const setups: [UnitProfile, HeadingCount][] = [
      [{ turningRadius: 1, width: 0.8 }, 8],
      [{ turningRadius: 1.5, width: 0.6 }, 16],
      [{ turningRadius: 2, width: 0.4 }, 8],
    ];
    const rng = makeRng(4711);
    let compared = 0;
    let byStart = 0;
    for (let t = 0; t < 130; t++) {
      const [unit, headings] = setups[t % setups.length]!;
      const rho = resolveProfile(unit).sweepRadius;
      const grid = randomGrid(rng, { width: rng.range(6, 13), height: rng.range(6, 13), density: rng.next() * 0.35 });
      const planner = new DirectionalPlanner(grid, unit, { headings, proofAfter: Infinity });
      if (planner.refusal) continue;
      const proof = goalSideProof(grid, unit, headings);
      for (let q = 0; q < 12; q++) {
        const at = (): { x: number; y: number } => ({ x: rng.next() * grid.width, y: rng.next() * grid.height });
        const s = at();
        const g = { x: rng.int(grid.width) + 0.5, y: rng.int(grid.height) + 0.5 };
        if (discHitsBlocked(grid, s.x, s.y, rho) || discHitsBlocked(grid, g.x, g.y, rho)) continue;
        // Often facing a wall nearby, where the walls ahead rule joins out and start pockets are.
        const walls: { x: number; y: number }[] = [];
        for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (grid.isBlocked(Math.floor(s.x) + dx, Math.floor(s.y) + dy)) walls.push({ x: Math.floor(s.x) + dx + 0.5, y: Math.floor(s.y) + dy + 0.5 });
        const aim = walls.length > 0 && rng.chance(0.7) ? rng.pick(walls) : null;
        const heading = aim !== null ? Math.atan2(aim.y - s.y, aim.x - s.x) + (rng.next() - 0.5) * 0.6 : (rng.next() - 0.5) * 2 * Math.PI;
        const start = { ...s, heading };
        const goal = { ...g, heading: rng.pick([null, latticeHeading(rng.int(headings), headings), rng.next() * 6]) };
        const search = planner.findPath(start, goal, { shotInterval: NO_CLOCK_SHOTS });
        if (search.status !== 'found' && search.status !== 'no-room-to-turn' && search.status !== 'no-path') continue;
        const verdict = settle(proof, start, goal, rng.range(1, 30));
        const where = `map ${t}, query ${q}: ${JSON.stringify({ start, goal, unit, headings })}\n${grid.toAscii().join('\n')}`;
        expect(verdict, where).toBe(search.status === 'found' ? 'reachable' : 'unreachable');
        compared++;
        if (proof.exhausted === 'forward') byStart++;
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(byStart).toBeGreaterThan(100);
  });
});
