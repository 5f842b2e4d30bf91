/**
 * Fuzz: extreme numbers into every public function of the grid and the polyline planners. Each
 * call either answers within its documented contract or refuses with a RangeError/TypeError that
 * says why; a planner never answers `found` with a path that does not join the query's points by
 * legal segments.
 */
import { describe, expect, it } from 'vitest';
import { componentsOf } from '../../../src/grid/components.js';
import { Grid } from '../../../src/grid/grid.js';
import { cornerLineOfSight, lineOfSight } from '../../../src/grid/line-of-sight.js';
import { isDoubleCorner, isPointFree } from '../../../src/grid/point.js';
import { createPlanner, plannerNames } from '../../../src/planners.js';
import type { PathStatus } from '../../../src/search/result.js';
import { bruteLineOfSight } from '../../support/brute-los.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

const EXTREMES = [NaN, Infinity, -Infinity, -0, 0, 1e308, -1e308, Number.MIN_VALUE, -Number.MIN_VALUE, 1e-300, 1e-16, 0.5, 2 ** 31, 2 ** 53, -1, Number.MAX_SAFE_INTEGER + 2];
const STATUSES: PathStatus[] = ['found', 'no-path', 'start-blocked', 'goal-blocked', 'out-of-bounds', 'invalid', 'budget', 'cancelled'];

/** A number that is sometimes extreme, sometimes a plausible coordinate near the map. */
function wild(rng: Rng, side: number): number {
  if (rng.chance(0.35)) return rng.pick(EXTREMES);
  const base = rng.int(side + 3) - 1;
  return rng.chance(0.5) ? base : base + rng.pick([0.5, 1e-15, -1e-15, 0.25, 0.999999999999]);
}

/** Calls `fn`; an error must be a RangeError or TypeError with a message. */
function settle<R>(fn: () => R, where: string): R | undefined {
  try {
    return fn();
  } catch (error) {
    expect(error instanceof RangeError || error instanceof TypeError, `${where}: ${String(error)}`).toBe(true);
    expect((error as Error).message.length, where).toBeGreaterThan(10);
    return undefined;
  }
}

describe('fuzz: extreme numbers into the grid and the planners', () => {
  it('grid queries, line of sight, points and regions answer within their contract', () => {
    const rng = makeRng(2026);
    for (let round = 0; round < 300; round++) {
      const grid = randomGrid(rng, { width: rng.range(1, 12), height: rng.range(1, 12) });
      const side = Math.max(grid.width, grid.height);
      for (let k = 0; k < 20; k++) {
        const [a, b, c, d] = [wild(rng, side), wild(rng, side), wild(rng, side), wild(rng, side)];
        const where = `round ${round}: (${a}, ${b}) (${c}, ${d})`;
        const blocked = grid.isBlocked(a, b);
        expect(blocked, where).toBe(!(a >= 0 && b >= 0 && a < grid.width && b < grid.height) || grid.cells[Math.floor(b) * grid.width + Math.floor(a)] === 1);
        const sight = lineOfSight(grid, a, b, c, d);
        const finite = [a, b, c, d].every(Number.isFinite);
        expect(sight, where).toBe(finite ? bruteLineOfSight(grid, a, b, c, d) : false);
        const corner = settle(() => cornerLineOfSight(grid, a, b, c, d), where);
        if ([a, b, c, d].every(Number.isInteger)) expect(corner, where).toBe(sight);
        else expect(corner, where).toBeUndefined();
        expect(isPointFree(grid, a, b), where).toBe(finite || Number.isFinite(a + b) ? bruteLineOfSight(grid, a, b, a, b) : false);
        expect(typeof isDoubleCorner(grid, a, b)).toBe('boolean');
        const connected = settle(() => componentsOf(grid).connected(a, b, c, d), where);
        if (connected === true) expect(sight || finite, where).toBe(true);
        const x = wild(rng, side);
        const y = wild(rng, side);
        const version = grid.version;
        const set = settle(() => grid.setBlocked(x, y, rng.chance(0.5)), `setBlocked(${x}, ${y})`);
        if (set === undefined) expect(grid.version).toBe(version);
      }
    }
  });

  it('every planner answers a known status, and a found path joins the points legally', () => {
    const rng = makeRng(777);
    let found = 0;
    let refused = 0;
    for (let round = 0; round < 120; round++) {
      const grid = randomGrid(rng, { width: rng.range(1, 10), height: rng.range(1, 10) });
      const side = Math.max(grid.width, grid.height);
      for (const name of plannerNames()) {
        const planner = createPlanner(name, grid);
        for (let k = 0; k < 6; k++) {
          const q = [wild(rng, side), wild(rng, side), wild(rng, side), wild(rng, side)] as const;
          const options = rng.chance(0.3) ? { weight: rng.chance(0.5) ? wild(rng, 3) : 1, maxExpansions: rng.chance(0.5) ? wild(rng, 50) : undefined } : {};
          const where = `${name} round ${round}: ${q.join(', ')} ${JSON.stringify(options)}`;
          const r = settle(() => planner.findPath(q[0], q[1], q[2], q[3], options), where);
          if (!r) {
            refused++;
            continue;
          }
          expect(STATUSES, where).toContain(r.status);
          if (r.status !== 'found') {
            expect(r.points, where).toEqual([]);
            if (r.status === 'invalid') expect(r.message, where).toBeTruthy();
            continue;
          }
          found++;
          expect(Number.isFinite(r.length), where).toBe(true);
          const first = r.points[0]!;
          const last = r.points[r.points.length - 1]!;
          // == so that -0 and 0 are the same point.
          expect(first.x === q[0] && first.y === q[1] && last.x === q[2] && last.y === q[3], where).toBe(true);
          for (let i = 1; i < r.points.length; i++) {
            const p = r.points[i - 1]!;
            const n = r.points[i]!;
            expect(bruteLineOfSight(grid, p.x, p.y, n.x, n.y), `${where} leg ${i}`).toBe(true);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(100);
    expect(refused).toBe(0);
  });
});
