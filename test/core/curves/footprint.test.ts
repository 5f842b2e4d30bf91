import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import {
  arcSquareDistance,
  WallDistanceMap,
  discHitsBlocked,
  forEachSweptCell,
  pointSquareDistance,
  segmentHitsBlocked,
  segmentSquareDistance,
} from '../../../src/curves/footprint.js';
import { arcSegment, lineSegment, type Segment } from '../../../src/curves/segment.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';
import { overlappedCells, poseAlong, squareDistance } from '../../support/footprint-sampler.js';

/** Dense poses along a segment, from the sampler (which shares no geometry with the code under test). */
function dense(seg: Segment, step = 0.002): { x: number; y: number }[] {
  const n = Math.max(1, Math.ceil(seg.length / step));
  return Array.from({ length: n + 1 }, (_, i) => poseAlong(seg, (seg.length * i) / n));
}

function randomSegment(rng: Rng): Segment {
  const start = { x: rng.next() * 8, y: rng.next() * 8, heading: (rng.next() - 0.5) * 2 * Math.PI };
  const length = rng.next() * 4;
  const reverse = rng.chance(0.3);
  if (rng.chance(0.4)) return lineSegment(start, length, reverse);
  return arcSegment(start, 0.3 + rng.next() * 4, rng.chance(0.5) ? 1 : -1, length, reverse);
}

describe('exact distances from a curve to a square', () => {
  it('match hand-worked cases', () => {
    expect(pointSquareDistance(0.5, 0.5, 0, 0)).toBe(0);
    expect(pointSquareDistance(-3, 0.5, 0, 0)).toBe(3);
    expect(pointSquareDistance(2, 2, 0, 0)).toBeCloseTo(Math.SQRT2, 14);
    // A horizontal line under a square, 0.25 below its bottom edge.
    expect(segmentSquareDistance(-2, 1.25, 3, 1.25, 0, 0)).toBeCloseTo(0.25, 14);
    // A diagonal through the square's corner region.
    expect(segmentSquareDistance(2, 0, 0, 2, 0, 0)).toBe(0);
    expect(segmentSquareDistance(3, 0, 0, 3, 0, 0)).toBeCloseTo(Math.SQRT2 / 2, 14);
    // A quarter circle of radius 2 about (0, 0) from angle 0 to π/2 passes (√2, √2); the square
    // [2, 3] x [2, 3] is closest at its corner (2, 2), 2√2 - 2 from the arc's middle.
    expect(arcSquareDistance(0, 0, 2, 0, Math.PI / 2, 2, 2)).toBeCloseTo(2 * Math.SQRT2 - 2, 12);
    // The same arc swept the other way round (angles decreasing) misses that side: nearest is an end.
    expect(arcSquareDistance(0, 0, 2, 0, -Math.PI / 2, 2, 2)).toBeCloseTo(2, 12);
    // An arc bulging toward an edge: circle of radius 1 about (0.5, -1.5), top of the square at y = 0.
    expect(arcSquareDistance(0.5, -1.5, 1, 0, Math.PI, 0, 0)).toBeCloseTo(0.5, 12);
    // A circle around the whole square never enters it.
    expect(arcSquareDistance(0.5, 0.5, 3, 0, 2 * Math.PI, 0, 0)).toBeCloseTo(3 - Math.SQRT2 / 2, 12);
  });

  it('agree with dense sampling on thousands of random segments and squares', () => {
    const rng = makeRng(101);
    for (let t = 0; t < 3000; t++) {
      const seg = randomSegment(rng);
      const sx = rng.range(-2, 9);
      const sy = rng.range(-2, 9);
      let brute = Infinity;
      for (const p of dense(seg)) brute = Math.min(brute, squareDistance(p.x, p.y, sx, sy));
      let exact: number;
      if (seg.kind === 'line') {
        const end = poseAlong(seg, seg.length);
        exact = segmentSquareDistance(seg.x, seg.y, end.x, end.y, sx, sy);
      } else {
        const a0 = Math.atan2(seg.y - seg.cy, seg.x - seg.cx);
        exact = arcSquareDistance(seg.cx, seg.cy, seg.radius, a0, (seg.turn * seg.length) / seg.radius, sx, sy);
      }
      // Sampling can only overestimate, by at most half a step.
      expect(exact, `seed 101 case ${t}`).toBeLessThanOrEqual(brute + 1e-9);
      expect(exact, `seed 101 case ${t}`).toBeGreaterThanOrEqual(brute - 0.002);
    }
  });
});

describe('forEachSweptCell', () => {
  it('reports exactly the cells a stadium touches for a hand-worked line', () => {
    const cells = new Set<string>();
    forEachSweptCell(lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 2), 0.4, (x, y) => cells.add(`${x},${y}`));
    expect([...cells].sort()).toEqual(['0,0', '1,0', '2,0']);
    const wider = new Set<string>();
    forEachSweptCell(lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 2), 0.6, (x, y) => wider.add(`${x},${y}`));
    // 0.6 reaches the rows above and below (0.5 away) and one cell beyond each end, but not the
    // diagonal cells beyond the ends (√2/2 away).
    expect([...wider].sort()).toEqual(['-1,0', '0,-1', '0,0', '0,1', '1,-1', '1,0', '1,1', '2,-1', '2,0', '2,1', '3,0']);
  });

  it('covers every cell dense sampling touches, and nothing much farther, on random curves', () => {
    const rng = makeRng(202);
    for (let t = 0; t < 600; t++) {
      const seg = randomSegment(rng);
      const rho = 0.05 + rng.next() * 1.2;
      const reported = new Map<string, [number, number]>();
      forEachSweptCell(seg, rho, (x, y) => reported.set(`${x},${y}`, [x, y]));
      const poses = dense(seg, 0.005);
      const touched = new Set<string>();
      const everything = Grid.fromPredicate(0, 0, () => true);
      for (const p of poses) for (const [x, y] of overlappedCells(everything, p.x, p.y, rho)) touched.add(`${x},${y}`);
      for (const key of touched) expect(reported.has(key), `seed 202 case ${t}: cell ${key} missing`).toBe(true);
      for (const [key, [x, y]] of reported) {
        let best = Infinity;
        for (const p of poses) best = Math.min(best, squareDistance(p.x, p.y, x, y));
        expect(best, `seed 202 case ${t}: cell ${key} reported`).toBeLessThan(rho + 0.003);
      }
    }
  });
});

describe('WallDistanceMap', () => {
  it('is the Chebyshev distance to the nearest blocked or outside cell', () => {
    const rng = makeRng(303);
    for (let t = 0; t < 200; t++) {
      const grid = randomGrid(rng, { width: rng.range(1, 14), height: rng.range(1, 14) });
      const map = new WallDistanceMap(grid).refresh();
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          let best = Infinity;
          for (let by = -1; by <= grid.height; by++) {
            for (let bx = -1; bx <= grid.width; bx++) {
              if (grid.isBlocked(bx, by)) best = Math.min(best, Math.max(Math.abs(bx - x), Math.abs(by - y)));
            }
          }
          expect(map.at(x, y), `seed 303 grid ${t} cell ${x},${y}`).toBe(best);
        }
      }
    }
  });

  it('follows grid changes', () => {
    const grid = Grid.fromAscii(['.....', '.....', '.....']);
    const map = new WallDistanceMap(grid).refresh();
    expect(map.at(2, 1)).toBe(2);
    grid.setBlocked(3, 1, true);
    expect(map.refresh().at(2, 1)).toBe(1);
  });
});

describe('segmentHitsBlocked', () => {
  it('agrees with dense sampling on random grids, with and without the wall-distance shortcut', () => {
    const rng = makeRng(404);
    let hits = 0;
    for (let t = 0; t < 1500; t++) {
      const grid = randomGrid(rng, { width: 10, height: 10, density: rng.next() * 0.25 });
      const seg = randomSegment(rng);
      const rho = 0.1 + rng.next() * 0.6;
      const walls = new WallDistanceMap(grid).refresh();
      const fast = segmentHitsBlocked(grid, seg, rho, walls);
      expect(segmentHitsBlocked(grid, seg, rho), `seed 404 case ${t}`).toBe(fast);
      const poses = dense(seg, 0.003);
      const sampledHit = poses.some((p) => overlappedCells(grid, p.x, p.y, rho - 1e-9).length > 0);
      // Sampling may miss a graze the exact test sees; it can never see a hit the exact test misses.
      if (sampledHit) expect(fast, `seed 404 case ${t}`).toBe(true);
      if (fast) {
        hits++;
        expect(poses.some((p) => overlappedCells(grid, p.x, p.y, rho + 0.003).length > 0), `seed 404 case ${t}`).toBe(true);
      }
    }
    expect(hits).toBeGreaterThan(100);
  });

  it('sees a one-tile wall between the ends of a line', () => {
    const grid = Grid.fromAscii(['...', '.@.', '...']);
    const across = lineSegment({ x: 0.5, y: 1.5, heading: 0 }, 2);
    expect(discHitsBlocked(grid, 0.5, 1.5, 0.4)).toBe(false);
    expect(discHitsBlocked(grid, 2.5, 1.5, 0.4)).toBe(false);
    expect(segmentHitsBlocked(grid, across, 0.4)).toBe(true);
    expect(segmentHitsBlocked(grid, lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 2), 0.4)).toBe(false);
    // A disc of radius 0.5 touching the wall's edge exactly counts as hitting it.
    expect(segmentHitsBlocked(Grid.fromAscii(['...', '...', '.@.']), lineSegment({ x: 0.5, y: 1.5, heading: 0 }, 2), 0.5)).toBe(true);
  });
});
