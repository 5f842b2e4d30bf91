import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { ApproachBound, roundedSquareSpan, subtract } from '../../../src/directional/approach-bound.js';
import { ReachabilityProof } from '../../../src/directional/reachability.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { shotNearDistance } from '../../../src/directional/lattice-rules.js';
import { dubins } from '../../../src/curves/dubins.js';
import { discHitsBlocked, pathHitsBlocked } from '../../../src/curves/footprint.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** A 10 x 10 map whose column 6 is a wall from top to bottom. */
const walledColumn = (): Grid => Grid.fromPredicate(10, 10, (x) => x === 6);

describe('roundedSquareSpan and subtract', () => {
  it('give the interval of a line inside a grown square, and what intervals leave', () => {
    // The vertical line x = 1.2 against the unit square at (1, 1) grown by 0.5: y from 0.5 to 2.5.
    const span = roundedSquareSpan(1.2, 0, 0, 1, 1, 1, 0.5)!;
    expect(span[0]).toBeCloseTo(0.5, 12);
    expect(span[1]).toBeCloseTo(2.5, 12);
    // Through the corner disc only: x = 2.3, 0.3 from the corner (2, 1), half-chord sqrt(0.25 - 0.09) = 0.4.
    const corner = roundedSquareSpan(2.3, 0, 0, 1, 1, 1, 0.5)!;
    expect(corner[0]).toBeCloseTo(0.6, 12);
    expect(corner[1]).toBeCloseTo(2.4, 12);
    expect(roundedSquareSpan(2.6, 0, 0, 1, 1, 1, 0.5)).toBeNull();
    // [0, 10] less (1, 2) and (1.5, 3): [0, 1] and [3, 10]; an open span keeps its end points.
    expect(subtract([0, 10], [1.5, 3, 1, 2])).toEqual([0, 1, 3, 10]);
    expect(subtract([0, 1, 2, 3], [-1, 5])).toEqual([]);
    expect(subtract([0, 1], [0, 1])).toEqual([0, 0, 1, 1]);
  });
});

describe('ApproachBound', () => {
  const r = 2;
  const rho = 0.4;

  it('bounds the curves into a goal backed against a wall (hand-worked)', () => {
    // Facing west half a tile from the wall: backing up east, the disc touches x = 6 after 0.1 tile;
    // the first slice past it (1/16 steps) is at 0.125 tiles, where every curve has used 2 asin(0.0625).
    const bound = new ApproachBound(walledColumn(), { x: 5.5, y: 4.5, heading: Math.PI }, r, rho);
    expect(bound.limit).toBeCloseTo(2 * Math.asin(0.0625), 12);
    // One tile west, facing west: the shot loops round through the wall.
    expect(bound.rejects(4.5, 4.5, Math.PI)).toBe(true);
    // The goal's own point and heading: a curve of length 0.
    expect(bound.rejects(5.5, 4.5, Math.PI)).toBe(false);
    expect(bound.rejectsLength(0.2)).toBe(true);
    expect(bound.rejectsLength(0.1)).toBe(false);
  });

  it('gives no bound where the way in is open, and rejects no legal shot there', () => {
    // Facing the wall (east): the way in, from the west, is open.
    const grid = walledColumn();
    const goal = { x: 5.5, y: 4.5, heading: 0 };
    const bound = new ApproachBound(grid, goal, r, rho);
    expect(bound.limit).toBe(Infinity);
    const start = { x: 1.5, y: 4.5, heading: 0 };
    expect(bound.rejects(start.x, start.y, start.heading)).toBe(false);
    expect(pathHitsBlocked(grid, dubins(start, goal, r).path, rho)).toBe(false);
  });

  it('gives no bound along a straight corridor into the goal, however narrow (a straight shot of any length is legal)', () => {
    // A corridor one tile wide (row 4) running west from the goal: the disc (rho 0.4) keeps within
    // 0.1 of its axis, yet a curve along the axis never leaves it.
    const grid = Grid.fromPredicate(12, 9, (x, y) => x >= 3 && y !== 4);
    const bound = new ApproachBound(grid, { x: 10.5, y: 4.5, heading: 0 }, r, rho);
    expect(bound.limit).toBe(Infinity);
    expect(bound.rejects(4.5, 4.5, 0)).toBe(false);
    expect(pathHitsBlocked(grid, dubins({ x: 4.5, y: 4.5, heading: 0 }, { x: 10.5, y: 4.5, heading: 0 }, r).path, rho)).toBe(false);
    // Facing into the corridor's closed end (east), from the room: no way in but loops through walls.
    const closed = new ApproachBound(Grid.fromPredicate(12, 9, (x, y) => x >= 3 && (y !== 4 || x === 11)), { x: 10.5, y: 4.5, heading: Math.PI }, r, rho);
    expect(closed.limit).toBeLessThan(0.2);
  });

  it('rejects only shots that sweep a wall, on seeded random maps (each rejection checked by solving the shot)', () => {
    const rng = makeRng(9170);
    let rejected = 0;
    let byLength = 0;
    let bounded = 0;
    for (let m = 0; m < 300; m++) {
      const grid = randomGrid(rng, { width: rng.range(6, 16), height: rng.range(6, 16), density: rng.next() * 0.4 });
      const radius = rng.pick([0.5, 1, 1.5, 2, 3]);
      const sweep = rng.pick([0.2, 0.3, 0.4, 0.45]);
      for (let g = 0; g < 4; g++) {
        // Goals on tile centres and anywhere, where the footprint is clear.
        const goal: Pose = {
          x: rng.chance(0.5) ? rng.int(grid.width) + 0.5 : rng.next() * grid.width,
          y: rng.chance(0.5) ? rng.int(grid.height) + 0.5 : rng.next() * grid.height,
          heading: (rng.next() - 0.5) * 2 * Math.PI,
        };
        if (discHitsBlocked(grid, goal.x, goal.y, sweep)) continue;
        const bound = new ApproachBound(grid, goal, radius, sweep);
        if (bound.limit < Infinity) bounded++;
        const bx = -Math.cos(goal.heading);
        const by = -Math.sin(goal.heading);
        for (let s = 0; s < 80; s++) {
          let start: Pose;
          if (s >= 60 && bound.limit < Infinity) {
            // Where the shortest legal curves start: just behind the goal, near its heading, at the
            // edges of what the bound allows (so that a bound tighter than the geometry shows).
            const t = rng.next() * bound.limit * 1.1;
            const along = radius * Math.sin(Math.min(t, bound.limit) / radius) * (0.9 + 0.2 * rng.next());
            const across = (rng.next() - 0.5) * 2.4 * radius * (1 - Math.cos(Math.min(t, bound.limit) / radius));
            start = { x: goal.x + along * bx - across * by, y: goal.y + along * by + across * bx, heading: goal.heading + ((rng.next() - 0.5) * 2.4 * t) / radius };
          } else {
            const near = rng.chance(0.7);
            start = {
              x: near ? goal.x + (rng.next() - 0.5) * 4 * radius : rng.next() * grid.width,
              y: near ? goal.y + (rng.next() - 0.5) * 4 * radius : rng.next() * grid.height,
              heading: rng.chance(0.5) ? goal.heading + (rng.next() - 0.5) * 1.5 : (rng.next() - 0.5) * 2 * Math.PI,
            };
          }
          if (discHitsBlocked(grid, start.x, start.y, sweep)) continue;
          let curve;
          try {
            curve = dubins(start, goal, radius);
          } catch {
            continue;
          }
          const hits = pathHitsBlocked(grid, curve.path, sweep);
          const where = (): string => `map ${m}: ${JSON.stringify({ goal, start, radius, sweep, limit: bound.limit })}\n${grid.toAscii().join('\n')}`;
          if (bound.rejects(start.x, start.y, start.heading)) {
            rejected++;
            if (!hits) expect(hits, `rejected a legal shot: ${where()}`).toBe(true);
          }
          if (bound.rejectsLength(curve.length)) {
            byLength++;
            if (!hits) expect(hits, `rejected a legal shot by its length: ${where()}`).toBe(true);
          }
        }
      }
    }
    // Not vacuous: many goals bounded, thousands of shots rejected both ways.
    expect(bounded).toBeGreaterThan(200);
    expect(rejected).toBeGreaterThan(5000);
    expect(byLength).toBeGreaterThan(1000);
  });
});

describe('ReachabilityProof with the bound', () => {
  it('proves a goal at the end of a dead end with a handful of near shots, not hundreds', () => {
    // A 48 x 40 open map with a one-tile dead end cut into its east wall; the goal is its last
    // tile, facing out (west): the unit drives in facing east and cannot turn round.
    const grid = Grid.fromPredicate(48, 40, (x, y) => x >= 40 && !(y === 20 && x < 47));
    const unit = { turningRadius: 2, width: 0.8 };
    const profile = resolveProfile(unit);
    const moves = new DirectionalPlanner(grid, unit).moves;
    const proof = new ReachabilityProof(grid, profile, moves, { shotNear: shotNearDistance(2, moves.rings), goalSideOnly: true });
    let verdict = proof.begin({ x: 5.5, y: 5.5, heading: 0 }, { x: 46.5, y: 20.5, heading: Math.PI });
    while (verdict === 'pending') verdict = proof.step(64);
    expect(verdict).toBe('unreachable');
    expect(proof.exhausted).toBe('backward');
    // Without the bound: about 100 near tiles x 16 headings, a few hundred shots at 3 units each.
    expect(proof.work).toBeLessThan(30);
  });
});
