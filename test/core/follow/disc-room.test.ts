import { describe, expect, it } from 'vitest';
import { ErodedGrids, erosionFor, legClear, pushCorners } from '../../../src/follow/disc-room.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import { makeRng, randomGrid } from '../../support/rng.js';

function pointSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}

/** Brute force: is every cell within Chebyshev distance k of (x, y) free and inside the map? */
function erodedBlocked(grid: Grid, x: number, y: number, k: number): boolean {
  for (let dy = -k; dy <= k; dy++) for (let dx = -k; dx <= k; dx++) if (grid.isBlocked(x + dx, y + dy)) return true;
  return false;
}

/** Brute force: a disc of radius r at p overlaps a blocked or outside cell (distance sampled on a fine grid of cells). */
function discTouches(grid: Grid, p: Point, r: number): boolean {
  for (let cy = Math.floor(p.y - r) - 1; cy <= Math.floor(p.y + r) + 1; cy++) {
    for (let cx = Math.floor(p.x - r) - 1; cx <= Math.floor(p.x + r) + 1; cx++) {
      if (!grid.isBlocked(cx, cy)) continue;
      const dx = Math.max(cx - p.x, 0, p.x - cx - 1);
      const dy = Math.max(cy - p.y, 0, p.y - cy - 1);
      if (Math.hypot(dx, dy) < r) return true;
    }
  }
  return false;
}

describe('disc room', () => {
  it('replaces each corner by points outside the turn whose polygon keeps the radius from it', () => {
    const rng = makeRng(3);
    for (let c = 0; c < 500; c++) {
      const pts: Point[] = [{ x: 0, y: 0 }];
      for (let i = 2 + rng.int(4); i > 0; i--) pts.push({ x: pts[pts.length - 1]!.x + 1 + rng.int(9), y: rng.int(20) });
      const r = 0.05 + rng.next();
      const pushed = pushCorners(pts, r);
      expect(pushed[0]).toEqual(pts[0]);
      expect(pushed[pushed.length - 1]).toEqual(pts[pts.length - 1]);
      let j = 1;
      for (let i = 1; i < pts.length - 1; i++) {
        const corner = pts[i]!;
        const hin = Math.atan2(corner.y - pts[i - 1]!.y, corner.x - pts[i - 1]!.x);
        const hout = Math.atan2(pts[i + 1]!.y - corner.y, pts[i + 1]!.x - corner.x);
        const turn = Math.atan2(Math.sin(hout - hin), Math.cos(hout - hin));
        const run = Math.abs(turn) < 1e-12 ? 1 : Math.ceil(Math.abs(turn) / (Math.PI / 3));
        const points = pushed.slice(j, j + run);
        if (Math.abs(turn) >= 1e-12) {
          for (const p of points) expect(Math.hypot(p.x - corner.x, p.y - corner.y), `case ${c}`).toBeGreaterThanOrEqual(r);
          for (let k = 0; k + 1 < points.length; k++) expect(pointSegment(corner, points[k]!, points[k + 1]!), `case ${c}`).toBeGreaterThanOrEqual(r);
          // Outside the turn: on the other side of the incoming line from the next point.
          const cross = (p: Point): number => Math.cos(hin) * (p.y - corner.y) - Math.sin(hin) * (p.x - corner.x);
          expect(Math.sign(cross(points[0]!)), `case ${c}`).toBe(-Math.sign(cross(pts[i + 1]!)));
        }
        j += run;
      }
      expect(j).toBe(pushed.length - 1);
    }
  });

  it('shrinks a grid by k cells exactly, and keeps the shrunk grid right as cells change', () => {
    const rng = makeRng(5);
    for (let c = 0; c < 30; c++) {
      const grid = randomGrid(rng, { width: 12 + rng.int(10), height: 8 + rng.int(10) });
      const grids = new ErodedGrids(grid);
      const k = 1 + rng.int(2);
      const check = (): void => {
        const shrunk = grids.get(k);
        for (let y = 0; y < grid.height; y++) {
          for (let x = 0; x < grid.width; x++) expect(shrunk.isBlocked(x, y), `case ${c} (${x}, ${y})`).toBe(erodedBlocked(grid, x, y, k));
        }
      };
      check();
      for (let e = 0; e < 5; e++) grid.setBlocked(rng.int(grid.width), rng.int(grid.height), rng.chance(0.5));
      check();
      grids.destroy();
    }
    expect(erosionFor(0)).toBe(0);
    expect(erosionFor(0.4)).toBe(0);
    expect(erosionFor(0.5)).toBe(1);
    expect(erosionFor(1.2)).toBe(1);
  });

  it('a leg is clear only when the sliding disc touches no wall (against sampled discs)', () => {
    const rng = makeRng(9);
    let clear = 0;
    for (let c = 0; c < 400; c++) {
      const grid = randomGrid(rng, { width: 10, height: 10, density: 0.15 });
      const a = { x: rng.next() * 10, y: rng.next() * 10 };
      const b = { x: rng.next() * 10, y: rng.next() * 10 };
      const r = 0.1 + rng.next() * 0.6;
      if (!legClear(grid, a, b, r)) continue;
      clear++;
      for (let i = 0; i <= 200; i++) {
        const p = { x: a.x + ((b.x - a.x) * i) / 200, y: a.y + ((b.y - a.y) * i) / 200 };
        expect(discTouches(grid, p, r), `case ${c} at ${i}`).toBe(false);
      }
    }
    expect(clear).toBeGreaterThan(20);
  });
});
