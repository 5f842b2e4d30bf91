/**
 * The hybrid corridor's widening (Corridor.widenWork: a flood around seed cells) and its test of
 * whether another field's way leaves it (Corridor.leavesWork), against brute force on seeded random maps.
 */
import { describe, expect, it } from 'vitest';
import { Corridor, CORRIDOR_TILES } from '../../../src/directional/corridor.js';
import { GoalDistanceField, shrinkGrid } from '../../../src/directional/distance-field.js';
import { SteppedBuild, MAX_PIECE_UNITS } from '../../../src/search/stepped-build.js';
import type { Grid } from '../../../src/grid/grid.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** Steps (cells sharing an edge or a corner, over free cells of `grid`) from the nearest seed; Infinity where none reaches. */
function floodSteps(grid: Grid, seeds: readonly number[]): Float64Array {
  const { width, height } = grid;
  const steps = new Float64Array(width * height).fill(Infinity);
  let ring = seeds.filter((c, i) => seeds.indexOf(c) === i);
  for (const c of ring) steps[c] = 0;
  for (let d = 1; ring.length > 0; d++) {
    const next: number[] = [];
    for (const c of ring) {
      const x = c % width;
      const y = Math.floor(c / width);
      for (let ny = y - 1; ny <= y + 1; ny++) {
        for (let nx = x - 1; nx <= x + 1; nx++) {
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (grid.cells[n] !== 0 || steps[n] !== Infinity) continue;
          steps[n] = d;
          next.push(n);
        }
      }
    }
    ring = next;
  }
  return steps;
}

function freeCells(grid: Grid): number[] {
  const free: number[] = [];
  for (let c = 0; c < grid.width * grid.height; c++) if (grid.cells[c] === 0) free.push(c);
  return free;
}

function randomShrunk(rng: Rng): Grid {
  return shrinkGrid(randomGrid(rng, { width: rng.range(15, 50), height: rng.range(15, 50), density: rng.next() * 0.35 }), 0.4);
}

describe('Corridor.widenWork', () => {
  it('adds exactly the free cells within the half-width (in steps) of a seed, keeps the rest, in pieces of at most one piece', () => {
    const rng = makeRng(41);
    let added = 0;
    for (let t = 0; t < 40; t++) {
      const shrunk = randomShrunk(rng);
      const free = freeCells(shrunk);
      if (free.length < 4) continue;
      const cells = shrunk.width * shrunk.height;
      const corridor = new Corridor();
      corridor.allocate(cells);
      // A corridor of some random cells (marked by hand), then a widening around a few seeds, repeats included.
      corridor.generation = 1;
      const before = new Uint8Array(cells);
      for (let i = 0; i < cells / 10; i++) {
        const c = rng.int(cells);
        corridor.stamps[c] = 1;
        before[c] = 1;
      }
      const seeds = Array.from({ length: rng.range(1, 6) }, () => rng.pick(free));
      seeds.push(seeds[0]!);
      const turningRadius = rng.pick([1, 2, 3.5]);
      const reach = Math.ceil(turningRadius + CORRIDOR_TILES);
      const build = new SteppedBuild(corridor.widenWork(Int32Array.from(seeds), seeds.length, shrunk, turningRadius));
      while (!build.done) expect(build.step(1)).toBeLessThanOrEqual(MAX_PIECE_UNITS);
      const steps = floodSteps(shrunk, seeds);
      let joined = 0;
      for (let c = 0; c < cells; c++) {
        const within = steps[c]! <= reach;
        expect(corridor.stamps[c] === 1, `map ${t}, cell ${c}, ${steps[c]} steps`).toBe(before[c] === 1 || within);
        expect(corridor.reached(c), `map ${t}, cell ${c} reached`).toBe(within);
        if (within && before[c] === 0) joined++;
      }
      expect(build.result).toBe(joined);
      added += joined;
    }
    expect(added).toBeGreaterThan(1000);
  });
});

describe('Corridor.leavesWork', () => {
  it('says whether a corner of the way has no cell of the corridor among its four', () => {
    const rng = makeRng(42);
    let leaving = 0;
    let staying = 0;
    for (let t = 0; t < 60; t++) {
      const shrunk = randomShrunk(rng);
      const free = freeCells(shrunk);
      if (free.length < 2) continue;
      const { width, height } = shrunk;
      const goal = rng.pick(free);
      const from = rng.pick(free);
      const field = new GoalDistanceField(shrunk);
      const sx = from % width;
      const sy = Math.floor(from / width);
      field.aim((goal % width) + 0.5, Math.floor(goal / width) + 0.5, sx, sy);
      const corners = field.pathFrom(sx, sy);
      if (corners === null) continue;
      // The corridor: one of the four cells around each corner of the way (any of the four must
      // count), less the four of a corner now and then.
      const corridor = new Corridor();
      corridor.allocate(width * height);
      corridor.generation = 1;
      for (const p of corners) {
        const x = Math.min(width - 1, Math.max(0, Math.floor(p.x) - rng.int(2)));
        const y = Math.min(height - 1, Math.max(0, Math.floor(p.y) - rng.int(2)));
        corridor.stamps[y * width + x] = 1;
      }
      if (corners.length > 1 && rng.next() < 0.6) {
        // The four cells of a corner of the way out (the goal point's cell stays).
        const p = corners[rng.int(corners.length - 1)]!;
        for (let y = p.y - 1; y <= p.y; y++) for (let x = p.x - 1; x <= p.x; x++) if (x >= 0 && y >= 0 && x < width && y < height) corridor.stamps[y * width + x] = 0;
      }
      let expected = false;
      for (const p of corners.slice(0, -1)) {
        let inside = false;
        for (let y = p.y - 1; y <= p.y; y++) for (let x = p.x - 1; x <= p.x; x++) inside ||= x >= 0 && y >= 0 && x < width && y < height && corridor.stamps[y * width + x] === 1;
        if (!inside) expected = true;
      }
      const build = new SteppedBuild(corridor.leavesWork(field, sx, sy));
      while (!build.done) expect(build.step(1)).toBeLessThanOrEqual(MAX_PIECE_UNITS);
      expect(build.result, `map ${t}`).toBe(expected);
      if (expected) leaving++;
      else staying++;
    }
    expect(leaving).toBeGreaterThan(3);
    expect(staying).toBeGreaterThan(10);
  });
});
