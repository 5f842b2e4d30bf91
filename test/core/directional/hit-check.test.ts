import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { dubins } from '../../../src/curves/dubins.js';
import { latticeHeading, MoveSet, moveSetFor, turningOf, type HeadingCount, type Neighborhood } from '../../../src/directional/hit-check.js';
import { MAX_COST_FACTOR, resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { angleGap, overlappedCells, pathProblem, poseAlong, samplePoses } from '../../support/footprint-sampler.js';

/** A grid with no free cell: the sampler then lists every cell a disc overlaps. */
const EVERYTHING = Grid.fromPredicate(0, 0, () => true);

const CASES: [UnitProfile, HeadingCount, Neighborhood][] = [
  [{ turningRadius: 1, width: 0.8 }, 16, 24],
  [{ turningRadius: 0.5, width: 0.3 }, 8, 48],
  [{ turningRadius: 2, width: 1.4 }, 8, 24],
  [{ turningRadius: 1, width: 0.6, length: 0.9, reverse: true, reverseCost: 2 }, 8, 8],
  [{ turningRadius: 1.5, width: 0.8, reverse: true }, 16, 8],
];

describe('hit-check tables', () => {
  for (const [profile, headings, neighborhood] of CASES) {
    it(`cover every cell the swept footprint touches: r=${profile.turningRadius} w=${profile.width}${profile.length ? ` l=${profile.length}` : ''}${profile.reverse ? ' reverse' : ''}, ${headings} headings, D-${neighborhood}`, () => {
      const resolved = resolveProfile(profile);
      const set = new MoveSet(resolved, headings, neighborhood);
      expect(set.size).toBeGreaterThan(headings);
      const missing: string[] = [];
      for (let k = 0; k < headings; k++) {
        for (let m = set.first[k]!; m < set.first[k + 1]!; m++) {
          const segments = set.curve(m).toJSON();
          const where = `move ${m} from heading ${k} to (${set.dx[m]}, ${set.dy[m]}) heading ${set.endHeading[m]}`;
          // The curve joins the two lattice poses.
          expect(segments[0]!.x, where).toBeCloseTo(0.5, 9);
          expect(segments[0]!.y, where).toBeCloseTo(0.5, 9);
          expect(Math.abs(angleGap(segments[0]!.heading, latticeHeading(k, headings))), where).toBeLessThan(1e-9);
          const last = segments[segments.length - 1]!;
          const end = poseAlong(last, last.length);
          expect(end.x, where).toBeCloseTo(set.dx[m]! + 0.5, 9);
          expect(end.y, where).toBeCloseTo(set.dy[m]! + 0.5, 9);
          expect(Math.abs(angleGap(end.heading, latticeHeading(set.endHeading[m]!, headings))), where).toBeLessThan(1e-9);
          expect(set.cost[m]!, where).toBeGreaterThanOrEqual(set.length[m]! - 1e-12);
          expect(set.index(k, set.dx[m]!, set.dy[m]!, set.endHeading[m]!), where).toBe(m);
          // Every cell the sampled footprint overlaps is in the table.
          const listed = new Set<number>();
          for (let i = set.cellFirst[m]!; i < set.cellFirst[m + 1]!; i++) listed.add(set.cellX[i]! * 1000 + set.cellY[i]!);
          for (const p of samplePoses(segments, 0.01)) {
            for (const [x, y] of overlappedCells(EVERYTHING, p.x, p.y, resolved.sweepRadius)) {
              if (!listed.has(x * 1000 + y)) missing.push(`${where}: cell (${x}, ${y}) at (${p.x}, ${p.y})`);
            }
          }
        }
      }
      expect(missing.slice(0, 5)).toEqual([]);
    }, 120_000);
  }

  it('keeps every loop-free shortest curve unless two shorter moves make it exactly', () => {
    const profile = resolveProfile({ turningRadius: 1, width: 0.8 });
    const set = new MoveSet(profile, 16, 24);
    let loopFree = 0;
    for (let k = 0; k < 16; k++) {
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          if (dx === 0 && dy === 0) continue;
          for (let k2 = 0; k2 < 16; k2++) {
            const curve = dubins({ x: 0.5, y: 0.5, heading: latticeHeading(k, 16) }, { x: dx + 0.5, y: dy + 0.5, heading: latticeHeading(k2, 16) }, 1);
            if (turningOf(curve.path) > Math.PI) continue;
            loopFree++;
            const m = set.index(k, dx, dy, k2);
            if (m >= 0) {
              expect(set.length[m]).toBeCloseTo(curve.length, 9);
              continue;
            }
            // Dropped: a kept move to an intermediate state plus a kept move from there cost the same.
            let split = false;
            for (let m1 = set.first[k]!; m1 < set.first[k + 1]! && !split; m1++) {
              const m2 = set.index(set.endHeading[m1]!, dx - set.dx[m1]!, dy - set.dy[m1]!, k2);
              if (m2 >= 0 && Math.abs(set.cost[m1]! + set.cost[m2]! - curve.length) < 1e-9) split = true;
            }
            expect(split, `move ${k} -> (${dx}, ${dy}) ${k2}`).toBe(true);
          }
        }
      }
    }
    expect(loopFree).toBeGreaterThan(500);
    // Straight moves of two tiles are two moves of one.
    expect(set.index(0, 2, 0, 0)).toBe(-1);
    expect(set.index(0, 1, 0, 0)).toBeGreaterThanOrEqual(0);
  });

  it('builds for the largest turn penalty and reverse cost a profile accepts, and plans with them', () => {
    // The loop check's window once grew with cost: an array of 5.7e9 states threw at turnPenalty 1000.
    for (const extra of [{ turnPenalty: MAX_COST_FACTOR }, { reverse: true, reverseCost: MAX_COST_FACTOR, turnPenalty: 1000 }]) {
      const profile: UnitProfile = { turningRadius: 2, width: 1, length: 1.5, ...extra };
      const set = new MoveSet(resolveProfile(profile), 16, 24);
      expect(set.size).toBeGreaterThan(16);
      const grid = Grid.fromPredicate(30, 20, (x, y) => x === 15 && y < 14);
      const r = new DirectionalPlanner(grid, profile).findPath({ x: 4.5, y: 4.5, heading: 0 }, { x: 25.5, y: 4.5 });
      expect(r.status, JSON.stringify(extra)).toBe('found');
      const resolved = resolveProfile(profile);
      const expectation = { start: { x: 4.5, y: 4.5, heading: 0 }, goal: { x: 25.5, y: 4.5 }, turningRadius: 2, sweepRadius: resolved.sweepRadius };
      expect(pathProblem(grid, r.segments.toJSON(), expectation)).toBeNull();
    }
  });

  it('is the same for every quarter turn, and cached per profile', () => {
    const profile = resolveProfile({ turningRadius: 1, width: 0.8 });
    const set = moveSetFor(profile, 8, 24);
    expect(moveSetFor(resolveProfile({ turningRadius: 1, width: 0.8 }), 8, 24)).toBe(set);
    for (let m = set.first[0]!; m < set.first[1]!; m++) {
      // Heading 2 of 8 is a quarter turn: (dx, dy) → (-dy, dx).
      const r = set.index(2, -set.dy[m]!, set.dx[m]!, (set.endHeading[m]! + 2) % 8);
      expect(r).toBeGreaterThanOrEqual(0);
      expect(set.cost[r]).toBe(set.cost[m]);
      expect(set.cellFirst[r + 1]! - set.cellFirst[r]!).toBe(set.cellFirst[m + 1]! - set.cellFirst[m]!);
    }
  });
});

describe('a one-tile wall between two poses', () => {
  const profile = { turningRadius: 1, width: 0.8 };

  it('is in the table of the straight move across it', () => {
    const set = new MoveSet(resolveProfile(profile), 8, 24);
    // Straight two tiles east in one move needs D-24; the table must list the middle cell.
    const m = set.index(0, 1, 0, 0);
    const cells = new Set<string>();
    for (let i = set.cellFirst[m]!; i < set.cellFirst[m + 1]!; i++) cells.add(`${set.cellX[i]},${set.cellY[i]}`);
    expect(cells).toEqual(new Set(['0,0', '1,0']));
  });

  for (const mode of ['full', 'hybrid'] as const) {
    for (const shots of [true, false]) {
      it(`is never jumped (${mode}, shots ${shots ? 'on' : 'off'})`, () => {
        // The wall at column 2 separates the two poses on row 1; the only way round is row 4.
        const grid = Grid.fromAscii(['@@@@@', '..@..', '..@..', '..@..', '.....', '.....']);
        const planner = new DirectionalPlanner(grid, profile, { headings: 8, neighborhood: 24 });
        const start = { x: 0.5, y: 1.5, heading: 0 };
        const goal = { x: 4.5, y: 1.5, heading: 0 };
        const r = planner.findPath(start, goal, { mode, analyticShots: shots });
        if (r.status === 'found') {
          expect(pathProblem(grid, r.segments.toJSON(), { start, goal, turningRadius: 1, sweepRadius: 0.4 })).toBeNull();
          expect(r.length).toBeGreaterThan(6);
        } else {
          expect(r.status).toBe('no-room-to-turn');
        }
        // A thin wall touched only between sampled poses: the straight line y = 1.5 from x = 0.5 to
        // 4.5 with the wall one cell wide at column 2 is what a pose checker at the ends would pass.
        const open = Grid.fromAscii(['.....', '..@..', '.....']);
        const p2 = new DirectionalPlanner(open, profile, { headings: 8, neighborhood: 24 });
        const r2 = p2.findPath({ x: 0.5, y: 1.5, heading: 0 }, { x: 4.5, y: 1.5, heading: 0 }, { mode, analyticShots: shots });
        if (r2.status === 'found') {
          expect(pathProblem(open, r2.segments.toJSON(), { start: { x: 0.5, y: 1.5, heading: 0 }, goal: { x: 4.5, y: 1.5, heading: 0 }, turningRadius: 1, sweepRadius: 0.4 })).toBeNull();
        }
      });
    }
  }
});
