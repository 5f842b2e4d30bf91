import { describe, expect, it } from 'vitest';
import { segmentPoseAt, type Pose, type Segment } from '../../../src/curves/segment.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { Grid } from '../../../src/grid/grid.js';
import { makeRng, randomGrid } from '../../support/rng.js';
import { integrateCurveCost } from '../../../bench/lib/curve-integral.js';

/** The independent integration (bench/lib/curve-integral.ts: bracket every cell change, bisect it). */
const integrate = integrateCurveCost;

/** Every sample of the curve's centre line, every 0.05 tiles, as a point. */
function samples(segments: readonly Segment[]): Pose[] {
  const out: Pose[] = [];
  for (const seg of segments) {
    for (let d = 0; d <= seg.length; d += 0.05) out.push(segmentPoseAt(seg, d, { x: 0, y: 0, heading: 0 }));
  }
  return out;
}

describe('directional planner on a grid with tile costs', () => {
  it('reports the cost a fine independent integration of its curve gives, forward and reversing', () => {
    const rng = makeRng(1801);
    let found = 0;
    for (let t = 0; t < 40; t++) {
      const grid = randomGrid(rng, { width: 24, height: 24, density: 0.08 });
      grid.fillCosts(0, 0, 24, 24, () => 1 + rng.int(6));
      const reverse = t % 2 === 1;
      const planner = new DirectionalPlanner(grid, { turningRadius: 1.5, width: 0.6, reverse, reverseCost: 2 });
      for (let q = 0; q < 3; q++) {
        const start = { x: 2 + rng.next() * 20, y: 2 + rng.next() * 20, heading: rng.next() * 6 - 3 };
        const goal = { x: 2 + rng.next() * 20, y: 2 + rng.next() * 20, heading: q === 0 ? null : rng.next() * 6 - 3 };
        const r = planner.findPath(start, goal, { mode: q === 2 ? 'hybrid' : 'full' });
        if (r.status !== 'found') continue;
        found++;
        const truth = integrate(grid, r.segments.segments, 2);
        expect(Math.abs(r.cost - truth)).toBeLessThan(1e-6 * Math.max(1, truth));
      }
    }
    expect(found).toBeGreaterThan(40);
  });

  it('keeps to an L-shaped road of cost 1 on grass of cost 3, where a planner without costs cuts the corner', () => {
    // The road: rows 30-32 from column 3 to 35, and columns 30-32 from row 3 to 32.
    const onRoad = (x: number, y: number): boolean => (y >= 30 && y <= 32 && x >= 3 && x <= 35) || (x >= 30 && x <= 32 && y >= 3 && y <= 32);
    const grid = new Grid(40, 40);
    grid.fillCosts(0, 0, 40, 40, (x, y) => (onRoad(x, y) ? 1 : 3));
    const plain = new Grid(40, 40);
    const unit = { turningRadius: 2, width: 0.8 };
    const start = { x: 5.5, y: 31.5, heading: 0 };
    const goal = { x: 31.5, y: 5.5, heading: -Math.PI / 2 };
    const offRoad = (segments: readonly Segment[]): number => samples(segments).filter((p) => !onRoad(Math.floor(p.x), Math.floor(p.y))).length;
    const full = new DirectionalPlanner(grid, unit).findPath(start, goal, { mode: 'full' });
    for (const mode of ['full', 'hybrid'] as const) {
      const r = mode === 'full' ? full : new DirectionalPlanner(grid, unit).findPath(start, goal, { mode });
      expect(r.status).toBe('found');
      // The hybrid search weighs its estimate (1.2): it may cut the road's inner corner a little
      // (about 0.3 tiles of grass), within its bound of the full search's cost.
      if (mode === 'full') expect(offRoad(r.segments.segments)).toBe(0);
      else expect(r.cost).toBeLessThanOrEqual(1.2 * full.cost);
      expect(offRoad(r.segments.segments)).toBeLessThan(20);
      const direct = new DirectionalPlanner(plain, unit).findPath(start, goal, { mode });
      expect(direct.status).toBe('found');
      expect(offRoad(direct.segments.segments)).toBeGreaterThan(0);
      // The road is dearer in length but cheaper in cost than the direct way across the grass.
      expect(r.length).toBeGreaterThan(direct.length);
      expect(r.cost).toBeLessThan(integrate(grid, direct.segments.segments, 1));
    }
  });

  it('on a grid whose costs are all 1 again, answers as on a uniform grid', () => {
    const grid = new Grid(30, 30);
    grid.setCost(4, 4, 5).setCost(4, 4, 1);
    const planner = new DirectionalPlanner(grid, { turningRadius: 2, width: 0.8 });
    const a = planner.findPath({ x: 3.5, y: 3.5, heading: 0 }, { x: 25.5, y: 20.5, heading: 1 });
    const b = new DirectionalPlanner(new Grid(30, 30), { turningRadius: 2, width: 0.8 }).findPath({ x: 3.5, y: 3.5, heading: 0 }, { x: 25.5, y: 20.5, heading: 1 });
    expect(a.status).toBe('found');
    expect(a.length).toBeCloseTo(b.length, 9);
    expect(a.cost).toBeCloseTo(b.cost, 9);
  });
});
