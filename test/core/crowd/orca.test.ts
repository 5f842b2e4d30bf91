import { describe, expect, it } from 'vitest';
import { HalfPlanes, linearProgram2, linearProgram3, pushAgentPlane, solveVelocity } from '../../../src/crowd/orca.js';
import { pushWallPlanes } from '../../../src/crowd/wall-planes.js';
import { Grid } from '../../../src/grid/grid.js';
import { legClear, pointClear } from '../../../src/follow/disc-room.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** The half-plane v · n <= c (n a unit vector) in the line form of HalfPlanes. */
function pushAtMost(lines: HalfPlanes, nx: number, ny: number, c: number): void {
  lines.push(c * nx, c * ny, -ny, nx);
}

/** Smallest distance between two discs' centres over [0, horizon] moving straight from p with relative velocity v. */
function closestApproach(px: number, py: number, vx: number, vy: number, horizon: number): number {
  const vv = vx * vx + vy * vy;
  const t = vv === 0 ? 0 : Math.min(horizon, Math.max(0, -(px * vx + py * vy) / vv));
  return Math.hypot(px + vx * t, py + vy * t);
}

describe('linear programs', () => {
  it('linearProgram2: the corner of two half-planes, worked by hand', () => {
    // v.x <= 1 and v.y <= 0.5, wanted (2, 2), speed 10: the corner (1, 0.5).
    const lines = new HalfPlanes();
    pushAtMost(lines, 1, 0, 1);
    pushAtMost(lines, 0, 1, 0.5);
    const result = new Float64Array(2);
    expect(linearProgram2(lines, 10, 2, 2, false, result)).toBe(2);
    expect(result[0]).toBeCloseTo(1, 12);
    expect(result[1]).toBeCloseTo(0.5, 12);
  });

  it('linearProgram2: a half-plane and the speed circle, worked by hand', () => {
    // v.y >= 0.6 and v.x <= 5 (slack), wanted (2, 0), speed 1: on y = 0.6 the circle allows x <= 0.8.
    const lines = new HalfPlanes();
    pushAtMost(lines, 1, 0, 5);
    pushAtMost(lines, 0, -1, -0.6);
    const result = new Float64Array(2);
    expect(linearProgram2(lines, 1, 2, 0, false, result)).toBe(2);
    expect(result[0]).toBeCloseTo(0.8, 12);
    expect(result[1]).toBeCloseTo(0.6, 12);
  });

  it('infeasible half-planes fall back to the 3D program, which keeps the hard ones', () => {
    // v.x >= 1 and v.x <= -1 leave nothing: LP2 fails on the second.
    const lines = new HalfPlanes();
    pushAtMost(lines, -1, 0, -1);
    pushAtMost(lines, 1, 0, -1);
    const result = new Float64Array(2);
    const scratch = new HalfPlanes();
    expect(linearProgram2(lines, 5, 0, 3, false, result)).toBe(1);
    // Both soft: the least largest violation is 1, at x = 0.
    linearProgram3(lines, 0, 1, 5, result, scratch);
    expect(result[0]).toBeCloseTo(0, 9);
    expect(Math.max(lines.violation(0, result[0]!, result[1]!), lines.violation(1, result[0]!, result[1]!))).toBeCloseTo(1, 9);
    // The first hard: x >= 1 holds, and the soft one is violated as little as that allows (x = 1).
    solveVelocity(lines, 1, 5, 0, 3, result, scratch);
    expect(lines.violation(0, result[0]!, result[1]!)).toBeLessThanOrEqual(1e-9);
    expect(result[0]).toBeCloseTo(1, 9);
    expect(Math.hypot(result[0]!, result[1]!)).toBeLessThanOrEqual(5 + 1e-9);
  });

  it('the 3D program copes with parallel half-planes, worked by hand', () => {
    // v.x <= -1, v.x >= 1 and v.x >= 2 (parallel, same way), all soft: the largest violation
    // max(1 - x, 2 - x, x + 1) is least, 1.5, at x = 0.5.
    const lines = new HalfPlanes();
    pushAtMost(lines, 1, 0, -1);
    pushAtMost(lines, -1, 0, -1);
    // Parallel up to rounding: the 3D program must not bisect two lines that point the same way.
    pushAtMost(lines, -Math.cos(1e-7), Math.sin(1e-7), -2);
    const result = new Float64Array(2);
    solveVelocity(lines, 0, 5, 0, 3, result, new HalfPlanes());
    expect(result[0]).toBeCloseTo(0.5, 6);
    const worst = Math.max(...[0, 1, 2].map((l) => lines.violation(l, result[0]!, result[1]!)));
    expect(worst).toBeCloseTo(1.5, 6);
  });
});

describe('agent half-planes', () => {
  const HORIZON = 2;

  it('two agents that both take half the job pass clear of each other for the whole horizon', () => {
    const SEED = 0x0bca;
    const rng = makeRng(SEED);
    const result = new Float64Array(2);
    const scratch = new HalfPlanes();
    const lines = new HalfPlanes();
    let tested = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const ra = rng.next() * 0.6;
      const rb = rng.next() * 0.6;
      const ax = 0;
      const ay = 0;
      const bx = (rng.next() - 0.5) * 10;
      const by = (rng.next() - 0.5) * 10;
      if (Math.hypot(bx, by) <= ra + rb + 1e-6) continue;
      const avx = (rng.next() - 0.5) * 4;
      const avy = (rng.next() - 0.5) * 4;
      const bvx = (rng.next() - 0.5) * 4;
      const bvy = (rng.next() - 0.5) * 4;
      const speed = 50; // no speed limit in the way: the half-planes alone decide
      // Each keeps its current velocity if it may (preferred = current).
      lines.clear();
      pushAgentPlane(lines, avx, avy, bx - ax, by - ay, avx - bvx, avy - bvy, ra + rb, 0.5, 1 / HORIZON, 10, 1);
      solveVelocity(lines, 0, speed, avx, avy, result, scratch);
      const nax = result[0]!;
      const nay = result[1]!;
      lines.clear();
      pushAgentPlane(lines, bvx, bvy, ax - bx, ay - by, bvx - avx, bvy - avy, ra + rb, 0.5, 1 / HORIZON, 10, -1);
      solveVelocity(lines, 0, speed, bvx, bvy, result, scratch);
      const nbx = result[0]!;
      const nby = result[1]!;
      const gap = closestApproach(bx - ax, by - ay, nbx - nax, nby - nay, HORIZON) - (ra + rb);
      expect(gap, `seed ${SEED} trial ${trial}`).toBeGreaterThanOrEqual(-1e-9);
      // Minimal too: when the old velocities collide within the horizon, the new ones just graze.
      if (closestApproach(bx - ax, by - ay, bvx - avx, bvy - avy, HORIZON) < ra + rb) expect(gap, `seed ${SEED} trial ${trial}`).toBeLessThan(1e-6);
      tested++;
    }
    expect(tested).toBeGreaterThan(1500);
  });

  it('against a neighbour that holds its course, full responsibility keeps clear alone', () => {
    const SEED = 0x0bcb;
    const rng = makeRng(SEED);
    const result = new Float64Array(2);
    const scratch = new HalfPlanes();
    const lines = new HalfPlanes();
    for (let trial = 0; trial < 2000; trial++) {
      const combined = 0.2 + rng.next();
      const bx = (rng.next() - 0.5) * 10;
      const by = (rng.next() - 0.5) * 10;
      if (Math.hypot(bx, by) <= combined + 1e-6) continue;
      const avx = (rng.next() - 0.5) * 4;
      const avy = (rng.next() - 0.5) * 4;
      const bvx = (rng.next() - 0.5) * 4;
      const bvy = (rng.next() - 0.5) * 4;
      lines.clear();
      pushAgentPlane(lines, avx, avy, bx, by, avx - bvx, avy - bvy, combined, 1, 1 / HORIZON, 10, 1);
      solveVelocity(lines, 0, 50, avx, avy, result, scratch);
      const gap = closestApproach(bx, by, bvx - result[0]!, bvy - result[1]!, HORIZON) - combined;
      expect(gap, `seed ${SEED} trial ${trial}`).toBeGreaterThanOrEqual(-1e-9);
    }
  });

  it('overlapping agents are apart after one step when both move by their new velocities', () => {
    const SEED = 0x0bcc;
    const rng = makeRng(SEED);
    const result = new Float64Array(2);
    const scratch = new HalfPlanes();
    const lines = new HalfPlanes();
    const step = 0.1;
    for (let trial = 0; trial < 1000; trial++) {
      const combined = 0.2 + rng.next();
      const d = rng.next() * combined * 0.99;
      const angle = rng.next() * 2 * Math.PI;
      const bx = d * Math.cos(angle);
      const by = d * Math.sin(angle);
      const avx = (rng.next() - 0.5) * 4;
      const avy = (rng.next() - 0.5) * 4;
      const bvx = rng.chance(0.2) ? avx : (rng.next() - 0.5) * 4;
      const bvy = rng.chance(0.2) ? avy : (rng.next() - 0.5) * 4;
      lines.clear();
      pushAgentPlane(lines, avx, avy, bx, by, avx - bvx, avy - bvy, combined, 0.5, 1 / HORIZON, 1 / step, 1);
      solveVelocity(lines, 0, 100, avx, avy, result, scratch);
      const nax = result[0]!;
      const nay = result[1]!;
      lines.clear();
      pushAgentPlane(lines, bvx, bvy, -bx, -by, bvx - avx, bvy - avy, combined, 0.5, 1 / HORIZON, 1 / step, -1);
      solveVelocity(lines, 0, 100, bvx, bvy, result, scratch);
      const after = Math.hypot(bx + (result[0]! - nax) * step, by + (result[1]! - nay) * step);
      expect(after, `seed ${SEED} trial ${trial}`).toBeGreaterThanOrEqual(combined - 1e-9);
      // Minimal too: when the old velocities leave them overlapping, the new ones just touch.
      if (Math.hypot(bx + (bvx - avx) * step, by + (bvy - avy) * step) < combined) expect(after).toBeLessThan(combined + 1e-6);
    }
  });
});

describe('wall half-planes', () => {
  it('every velocity they permit within the speed keeps the disc off walls for the horizon (legClear)', () => {
    const SEED = 0x3a11;
    const rng = makeRng(SEED);
    const lines = new HalfPlanes();
    let checked = 0;
    for (let trial = 0; trial < 400; trial++) {
      const grid = randomGrid(rng, { width: rng.range(3, 14), height: rng.range(3, 14), density: 0.3, mode: 'tricky' });
      const r = rng.chance(0.3) ? 0 : rng.next() * 0.6;
      const x = rng.next() * grid.width;
      const y = rng.next() * grid.height;
      if (!pointClear(grid, x, y, r)) continue;
      const speed = 0.5 + rng.next() * 3;
      const horizon = 0.2 + rng.next();
      lines.clear();
      pushWallPlanes(grid, lines, x, y, r, r + speed * horizon, 1 / horizon);
      for (let s = 0; s < 40; s++) {
        const a = rng.next() * 2 * Math.PI;
        const v = speed * Math.sqrt(rng.next());
        // Strictly inside: a velocity on a boundary lands exactly touching, which counts as hitting.
        const vx = v * Math.cos(a) * (1 - 1e-6);
        const vy = v * Math.sin(a) * (1 - 1e-6);
        let permitted = true;
        for (let l = 0; l < lines.count; l++) if (lines.violation(l, vx, vy) > 0) permitted = false;
        if (!permitted) continue;
        const clear = legClear(grid, { x, y }, { x: x + vx * horizon, y: y + vy * horizon }, r);
        expect(clear, `seed ${SEED} trial ${trial}: r ${r} at (${x}, ${y}) v (${vx}, ${vy})`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('permit velocity 0 and sliding along a wall', () => {
    const grid = Grid.fromPredicate(6, 6, (_x, y) => y === 3);
    const lines = new HalfPlanes();
    // A disc 0.1 tiles above the wall row: along the wall is free, into it is almost shut.
    pushWallPlanes(grid, lines, 2.5, 2.5, 0.4, 0.4 + 2, 1);
    for (let l = 0; l < lines.count; l++) {
      expect(lines.violation(l, 0, 0)).toBeLessThanOrEqual(0);
      expect(lines.violation(l, 2, 0)).toBeLessThanOrEqual(0);
      expect(lines.violation(l, -2, 0)).toBeLessThanOrEqual(0);
    }
    expect(Array.from({ length: lines.count }, (_, l) => lines.violation(l, 0, 0.2)).some((v) => v > 0)).toBe(true);
  });
});
