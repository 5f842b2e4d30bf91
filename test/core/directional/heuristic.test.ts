import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { GoalDistanceField, shrinkGrid } from '../../../src/directional/distance-field.js';
import { dubinsLength } from '../../../src/curves/dubins.js';
import { KinematicTable } from '../../../src/directional/heuristic-table.js';
import { latticeHeading, type MoveSet } from '../../../src/directional/hit-check.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { reedsShepp } from '../../../src/curves/reeds-shepp.js';
import { bruteLineOfSight } from '../../support/brute-los.js';
import { squareDistance } from '../../support/footprint-sampler.js';
import { makeRng, randomGrid } from '../../support/rng.js';
import { OCTILE_STRETCH, SQRT2 } from '../../../src/search/lattice.js';

/**
 * The exact cost from every lattice state to the goal over the planner's own move set, by a
 * backward Dijkstra that checks each move's cells itself: no heuristic, no wall-distance shortcut,
 * no bit masks, no shots.
 */
function costToGo(grid: Grid, set: MoveSet, goalCell: number, goalK: number): Float64Array {
  const H = set.headings;
  const n = grid.width * grid.height * H;
  const into: [number, number][][] = Array.from({ length: n }, () => []);
  for (let cell = 0; cell < grid.width * grid.height; cell++) {
    const x = cell % grid.width;
    const y = Math.floor(cell / grid.width);
    if (grid.isBlocked(x, y)) continue;
    for (let k = 0; k < H; k++) {
      for (let m = set.first[k]!; m < set.first[k + 1]!; m++) {
        let legal = true;
        for (let i = set.cellFirst[m]!; i < set.cellFirst[m + 1]! && legal; i++) {
          if (grid.isBlocked(x + set.cellX[i]!, y + set.cellY[i]!)) legal = false;
        }
        if (!legal) continue;
        const to = ((y + set.dy[m]!) * grid.width + x + set.dx[m]!) * H + set.endHeading[m]!;
        into[to]!.push([cell * H + k, set.cost[m]!]);
      }
    }
  }
  const dist = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  for (let k = 0; k < H; k++) if (goalK < 0 || k === goalK) dist[goalCell * H + k] = 0;
  // O(n²) Dijkstra: the maps are tiny.
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (const [v, c] of into[u]!) if (dist[u]! + c < dist[v]!) dist[v] = dist[u]! + c;
  }
  return dist;
}

const PROFILES: UnitProfile[] = [
  { turningRadius: 1, width: 0.8 },
  { turningRadius: 0.5, width: 0.6 },
  { turningRadius: 2, width: 0.8 },
  { turningRadius: 1, width: 0.8, reverse: true, reverseCost: 1.5 },
  { turningRadius: 1, width: 0.7, turnPenalty: 0.5 },
];

describe('the directional heuristic', () => {
  it('never exceeds the exhaustive cost, and full A* finds that cost, on small random maps', () => {
    const rng = makeRng(505);
    let compared = 0;
    let searched = 0;
    for (let t = 0; t < 40; t++) {
      const profile = PROFILES[t % PROFILES.length]!;
      const headings = t % 3 === 0 ? 16 : 8;
      const neighborhood = ([8, 24, 24, 48] as const)[t % 4]!;
      const grid = randomGrid(rng, { width: rng.range(4, 8), height: rng.range(4, 8), density: rng.next() * 0.25 });
      const planner = new DirectionalPlanner(grid, profile, { headings, neighborhood });
      const free: number[] = [];
      for (let c = 0; c < grid.width * grid.height; c++) if (grid.cells[c] === 0) free.push(c);
      if (free.length < 2) continue;
      const goalCell = rng.pick(free);
      const goalK = rng.chance(0.5) ? -1 : rng.int(headings);
      const goal = { x: (goalCell % grid.width) + 0.5, y: Math.floor(goalCell / grid.width) + 0.5, heading: goalK < 0 ? null : latticeHeading(goalK, headings) };
      const dist = costToGo(grid, planner.moves, goalCell, goalK);
      for (const cell of free) {
        for (let k = 0; k < headings; k++) {
          const x = cell % grid.width;
          const y = Math.floor(cell / grid.width);
          const h = planner.heuristicAt(goal, x, y, k, true);
          const truth = dist[cell * headings + k]!;
          expect(h, `seed 505 map ${t}: state (${x}, ${y}, ${k})`).toBeLessThanOrEqual(truth + 1e-9);
          // The default (tight) estimate is the field undivided: within the octile stretch of the
          // truth (measured from the cell's corner, √2/2 from its centre).
          const tightMost = OCTILE_STRETCH * (truth + SQRT2 / 2) - SQRT2 / 2;
          expect(planner.heuristicAt(goal, x, y, k), `seed 505 map ${t}: state (${x}, ${y}, ${k})`).toBeLessThanOrEqual(tightMost + 1e-9);
          if (truth < Infinity) compared++;
        }
      }
      // A* over the same lattice (no shots, no shortcuts off the lattice) finds exactly the exhaustive optimum.
      for (let q = 0; q < 6; q++) {
        const cell = rng.pick(free);
        const k = rng.int(headings);
        const start = { x: (cell % grid.width) + 0.5, y: Math.floor(cell / grid.width) + 0.5, heading: latticeHeading(k, headings) };
        const r = planner.findPath(start, goal, { analyticShots: false, shortcut: false, admissible: true });
        const truth = dist[cell * headings + k]!;
        const where = `seed 505 map ${t} query ${q}: from (${start.x}, ${start.y}, ${k})`;
        if (truth === Infinity) {
          expect(['no-path', 'no-room-to-turn'], where).toContain(r.status);
        } else {
          expect(r.status, where).toBe('found');
          expect(r.cost, where).toBeCloseTo(truth, 7);
          searched++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1500);
    expect(searched).toBeGreaterThan(60);
  }, 300_000);
});

describe('KinematicTable', () => {
  it('is the shortest curve length between lattice states, through every quarter turn', () => {
    const rng = makeRng(606);
    for (const reverse of [false, true]) {
      const profile = resolveProfile({ turningRadius: 1.5, width: 0.8, reverse });
      const table = new KinematicTable(profile, 16);
      for (let t = 0; t < 300; t++) {
        const k = rng.int(16);
        const k2 = rng.int(16);
        const dx = rng.range(-table.span, table.span);
        const dy = rng.range(-table.span, table.span);
        const from = { x: 0, y: 0, heading: latticeHeading(k, 16) };
        const to = { x: dx, y: dy, heading: latticeHeading(k2, 16) };
        const exact = reverse ? reedsShepp(from, to, 1.5).length : dubinsLength(from, to, 1.5);
        expect(table.lookup(k, dx, dy, k2), `seed 606 case ${t}`).toBeCloseTo(exact, 8);
        expect(table.lookup(k, dx, dy, k2)).toBeLessThanOrEqual(exact);
      }
      // Any heading: the least over the goal headings; beyond the span, no information.
      let least = Infinity;
      for (let k2 = 0; k2 < 16; k2++) least = Math.min(least, table.lookup(3, 2, -1, k2));
      expect(table.lookup(3, 2, -1, -1)).toBe(least);
      expect(table.lookup(0, table.span + 1, 0, 0)).toBe(0);
    }
  });
});

/**
 * The any-angle shortest path length from every grid corner to the point (gx, gy) under the grid
 * rule, by Dijkstra on a visibility graph; `from(x, y)` then gives it for any point.
 */
function anyAngleField(grid: Grid, gx: number, gy: number): (x: number, y: number) => number {
  const pts: [number, number][] = [[gx, gy]];
  for (let y = 0; y <= grid.height; y++) for (let x = 0; x <= grid.width; x++) pts.push([x, y]);
  const dist = new Float64Array(pts.length).fill(Infinity);
  const done = new Uint8Array(pts.length);
  dist[0] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < pts.length; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (let v = 0; v < pts.length; v++) {
      if (done[v]) continue;
      const d = Math.hypot(pts[v]![0] - pts[u]![0], pts[v]![1] - pts[u]![1]);
      if (dist[u]! + d < dist[v]! && bruteLineOfSight(grid, pts[u]![0], pts[u]![1], pts[v]![0], pts[v]![1])) dist[v] = dist[u]! + d;
    }
  }
  // A shortest path from any point goes straight to the goal or to a corner it sees first.
  return (x, y) => {
    let best = Infinity;
    pts.forEach(([px, py], i) => {
      const d = Math.hypot(px - x, py - y) + dist[i]!;
      if (d < best && bruteLineOfSight(grid, x, y, px, py)) best = d;
    });
    return best;
  };
}

describe('GoalDistanceField', () => {
  it('bounds the any-angle distance from every cell centre to the goal from below', () => {
    const rng = makeRng(707);
    let finite = 0;
    for (let t = 0; t < 40; t++) {
      const grid = randomGrid(rng, { width: rng.range(3, 9), height: rng.range(3, 9) });
      const free: number[] = [];
      for (let c = 0; c < grid.width * grid.height; c++) if (grid.cells[c] === 0) free.push(c);
      if (free.length < 2) continue;
      const gc = rng.pick(free);
      const gx = (gc % grid.width) + rng.next();
      const gy = Math.floor(gc / grid.width) + rng.next();
      const field = new GoalDistanceField(grid);
      const sc = rng.pick(free);
      field.reset(gx, gy, sc % grid.width, Math.floor(sc / grid.width));
      const distanceFrom = anyAngleField(grid, gx, gy);
      for (const c of free) {
        const x = c % grid.width;
        const y = Math.floor(c / grid.width);
        const truth = distanceFrom(x + 0.5, y + 0.5);
        const bound = field.cellBound(x, y);
        expect(bound, `seed 707 map ${t} cell (${x}, ${y})`).toBeLessThanOrEqual(truth + 1e-9);
        if (truth < Infinity) {
          finite++;
          // Not uselessly weak: within the octile stretch, plus the corner offsets at both ends and
          // the stretched seed offset.
          expect(bound, `seed 707 map ${t} cell (${x}, ${y})`).toBeGreaterThan(truth / 1.0824 - 4.2);
        }
      }
    }
    expect(finite).toBeGreaterThan(300);
  }, 120_000);

  it('shrinks only cells no disc centre can occupy, and closes gaps narrower than the disc', () => {
    const rng = makeRng(808);
    let shrunkCells = 0;
    for (let t = 0; t < 40; t++) {
      const grid = randomGrid(rng, { width: rng.range(3, 8), height: rng.range(3, 8), density: 0.15 });
      const rho = 0.3 + rng.next() * 1.5;
      const shrunk = shrinkGrid(grid, rho);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          if (grid.isBlocked(x, y) || !shrunk.isBlocked(x, y)) continue;
          shrunkCells++;
          // Every probe point of a shrunk cell is closer than rho to some blocked or outside cell.
          let farthest = 0;
          for (let i = 0; i <= 10; i++) {
            for (let j = 0; j <= 10; j++) {
              const px = x + i / 10;
              const py = y + j / 10;
              let near = Infinity;
              for (let by = -1; by <= grid.height; by++) for (let bx = -1; bx <= grid.width; bx++) if (grid.isBlocked(bx, by)) near = Math.min(near, squareDistance(px, py, bx, by));
              farthest = Math.max(farthest, near);
            }
          }
          expect(farthest, `seed 808 map ${t} cell (${x}, ${y})`).toBeLessThan(rho);
        }
      }
    }
    expect(shrunkCells).toBeGreaterThan(20);
    // A one-tile gap closes for a disc of diameter 1.5 and stays open for 0.8.
    const gap = Grid.fromAscii(['.....', '.....', '@@.@@', '.....', '.....']);
    expect(shrinkGrid(gap, 0.75).isBlocked(2, 2)).toBe(true);
    expect(shrinkGrid(gap, 0.75).isBlocked(2, 1)).toBe(false);
    expect(shrinkGrid(gap, 0.4).isBlocked(2, 2)).toBe(false);
  }, 120_000);
});
