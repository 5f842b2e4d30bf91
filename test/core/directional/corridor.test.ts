/** The hybrid corridor, marked in slices: the same cells as a brute-force marking of the pulled path. */
import { describe, expect, it } from 'vitest';
import { Corridor, capsuleRow } from '../../../src/directional/corridor.js';
import { GoalDistanceField, shrinkGrid } from '../../../src/directional/distance-field.js';
import { stringPull } from '../../../src/anyangle/smoothing.js';
import { pointSegmentDistance } from '../../../src/curves/footprint.js';
import { SteppedBuild, MAX_PIECE_UNITS } from '../../../src/search/stepped-build.js';
import { makeRng, randomGrid } from '../../support/rng.js';

describe('capsuleRow', () => {
  it('holds every point of the row within the distance of the segment, and no other', () => {
    const rng = makeRng(11);
    let inside = 0;
    for (let t = 0; t < 3000; t++) {
      const a = { x: rng.next() * 40, y: rng.next() * 40 };
      // Some segments axis-aligned or degenerate: the linear constraints' special cases.
      const kind = rng.int(4);
      const b = kind === 0 ? { x: a.x, y: rng.next() * 40 } : kind === 1 ? { x: rng.next() * 40, y: a.y } : kind === 2 ? { ...a } : { x: rng.next() * 40, y: rng.next() * 40 };
      const half = 0.5 + rng.next() * 6;
      const yc = rng.next() * 48 - 4;
      const [lo, hi] = capsuleRow(a, b, half, yc);
      for (let i = 0; i < 20; i++) {
        const x = rng.next() * 56 - 8;
        const d = pointSegmentDistance(x, yc, a.x, a.y, b.x, b.y);
        if (Math.abs(d - half) < 1e-9) continue;
        expect(x >= lo && x <= hi, `segment (${a.x}, ${a.y})-(${b.x}, ${b.y}), half ${half}, row ${yc}, x ${x}`).toBe(d < half);
        if (d < half) inside++;
      }
    }
    expect(inside).toBeGreaterThan(2000);
  });
});

describe('Corridor.markWork', () => {
  it('marks the cells a brute-force pass over the pulled path marks, in pieces of at most one piece each', () => {
    const rng = makeRng(12);
    let compared = 0;
    for (let t = 0; t < 30; t++) {
      const grid = randomGrid(rng, { width: rng.range(20, 60), height: rng.range(20, 60), density: rng.next() * 0.3 });
      const shrunk = shrinkGrid(grid, 0.4);
      const free: number[] = [];
      for (let c = 0; c < grid.width * grid.height; c++) if (shrunk.cells[c] === 0) free.push(c);
      if (free.length < 2) continue;
      const goal = rng.pick(free);
      const from = rng.pick(free);
      const gx = (goal % grid.width) + 0.5;
      const gy = Math.floor(goal / grid.width) + 0.5;
      const sx = from % grid.width;
      const sy = Math.floor(from / grid.width);
      const start = { x: sx + rng.next(), y: sy + rng.next() };
      const turningRadius = 1 + rng.next() * 3;
      const field = new GoalDistanceField(shrunk);
      field.aim(gx, gy, sx, sy);
      const corridor = new Corridor();
      corridor.allocate(grid.width * grid.height);
      const build = new SteppedBuild(corridor.markWork(field, shrunk, start, sx, sy, turningRadius));
      // Small steps: the work is resumable and no piece is larger than a piece.
      while (!build.done) expect(build.step(1)).toBeLessThanOrEqual(MAX_PIECE_UNITS);
      const corners = field.pathFrom(sx, sy);
      expect(build.result).toBe(corners !== null);
      if (corners === null) continue;
      const points = stringPull(shrunk, [start, ...corners]);
      const half = Math.max(3, turningRadius + 3);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          let near = false;
          for (let i = 0; i + 1 < points.length && !near; i++) {
            const a = points[i]!;
            const b = points[i + 1]!;
            near = pointSegmentDistance(x + 0.5, y + 0.5, a.x, a.y, b.x, b.y) <= half;
          }
          expect(corridor.stamps[y * grid.width + x] === corridor.generation, `map ${t}, cell (${x}, ${y})`).toBe(near);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10000);
  });
});
