import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import { segmentCost } from '../../../src/grid/segment-cost.js';
import { eachCellPiece, pathCost } from '../../../src/curves/cell-pieces.js';
import { arcSegment, lineSegment, segmentEnd, segmentPoseAt, type Pose, type Segment } from '../../../src/curves/segment.js';
import { makeRng, type Rng } from '../../support/rng.js';

interface Piece {
  cx: number;
  cy: number;
  ax: number;
  ay: number;
  length: number;
}

function piecesOf(seg: Segment): Piece[] {
  const out: Piece[] = [];
  eachCellPiece(seg, {
    piece(cx, cy, ax, ay, length) {
      out.push({ cx, cy, ax, ay, length });
    },
  });
  return out;
}

/** Pieces inside cells: [cx, cy, length] each. */
function expectPieces(seg: Segment, expected: [number, number, number][]): void {
  const got = piecesOf(seg);
  expect(got.map((p) => [p.cx, p.cy])).toEqual(expected.map(([x, y]) => [x, y]));
  for (let i = 0; i < got.length; i++) {
    expect(got[i]!.ax).toBe(got[i]!.cx);
    expect(got[i]!.ay).toBe(got[i]!.cy);
    expect(got[i]!.length).toBeCloseTo(expected[i]![2], 12);
  }
}

const { PI, SQRT2, sqrt, asin, acos } = Math;

describe('eachCellPiece: hand-worked lines', () => {
  it('a horizontal line from a tile centre: 0.5, 1, 1, 0.5', () => {
    expectPieces(lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 3), [
      [0, 0, 0.5],
      [1, 0, 1],
      [2, 0, 1],
      [3, 0, 0.5],
    ]);
  });

  it('a 45° line through corners touches no corner-only cell, forward and reversed', () => {
    expectPieces(lineSegment({ x: 0, y: 0, heading: PI / 4 }, 3 * SQRT2), [
      [0, 0, SQRT2],
      [1, 1, SQRT2],
      [2, 2, SQRT2],
    ]);
    // Backing up from (3, 3) facing down-right: it drives up-left to (0, 0).
    expectPieces(lineSegment({ x: 3, y: 3, heading: PI / 4 }, 3 * SQRT2, true), [
      [2, 2, SQRT2],
      [1, 1, SQRT2],
      [0, 0, SQRT2],
    ]);
  });

  it('a slope-1/2 line: column and row crossings interleaved', () => {
    // (0, 0.25) to (3, 1.75): cells (0,0) x∈[0,1], (1,0) [1,1.5], (1,1) [1.5,2], (2,1) [2,3].
    const len = sqrt(1.25) * 3;
    const u = len / 3;
    expectPieces(lineSegment({ x: 0, y: 0.25, heading: Math.atan2(1.5, 3) }, len), [
      [0, 0, u],
      [1, 0, u / 2],
      [1, 1, u / 2],
      [2, 1, u],
    ]);
  });

  it('a line along y = 2 runs on edges: each piece names the cells below and above', () => {
    const got = piecesOf(lineSegment({ x: 0.5, y: 2, heading: PI }, 2));
    expect(got).toEqual([
      { cx: 0, cy: 2, ax: 0, ay: 1, length: 0.5 },
      { cx: -1, cy: 2, ax: -1, ay: 1, length: 1 },
      { cx: -2, cy: 2, ax: -2, ay: 1, length: 0.5 },
    ]);
  });

  it('a line along x = 1 (heading π/2, whose cosine is 6e-17, not 0) runs on edges too', () => {
    const got = piecesOf(lineSegment({ x: 1, y: 0.25, heading: PI / 2 }, 1.5));
    expect(got.map((p) => [p.cx, p.cy, p.ax, p.ay])).toEqual([
      [1, 0, 0, 0],
      [1, 1, 0, 1],
    ]);
    expect(got[0]!.length).toBeCloseTo(0.75, 12);
    expect(got[1]!.length).toBeCloseTo(0.75, 12);
  });

  it('negative coordinates floor rather than truncate', () => {
    expectPieces(lineSegment({ x: -2.5, y: -0.5, heading: PI }, 2), [
      [-3, -1, 0.5],
      [-4, -1, 1],
      [-5, -1, 0.5],
    ]);
  });

  it('a zero-length segment has no piece; a short one inside a cell has one', () => {
    expect(piecesOf(lineSegment({ x: 0.5, y: 0.5, heading: 1 }, 0))).toEqual([]);
    expectPieces(lineSegment({ x: 0.5, y: 0.5, heading: 1 }, 0.1), [[0, 0, 0.1]]);
  });
});

describe('eachCellPiece: hand-worked arcs', () => {
  // Radius 2 about corner (0, 0), from (2, 0) to (0, 2): crosses y = 1 at x = √3 (angle π/6) and
  // x = 1 at y = √3 (angle π/3), so three pieces of π/6 · 2 = π/3.
  const third = PI / 3;

  it('a quarter arc about a cell corner, clockwise on screen', () => {
    const seg = arcSegment({ x: 2, y: 0, heading: PI / 2 }, 2, 1, PI);
    expect(seg.cx).toBeCloseTo(0, 12);
    expect(seg.cy).toBeCloseTo(0, 12);
    expectPieces(seg, [
      [1, 0, third],
      [1, 1, third],
      [0, 1, third],
    ]);
  });

  it('the same quarter the other way, counter-clockwise', () => {
    const seg = arcSegment({ x: 0, y: 2, heading: 0 }, 2, -1, PI);
    expectPieces(seg, [
      [0, 1, third],
      [1, 1, third],
      [1, 0, third],
    ]);
  });

  it('the same quarter driven in reverse (facing π, backing along +x first)', () => {
    const seg = arcSegment({ x: 0, y: 2, heading: PI }, 2, -1, PI, true);
    const end = segmentEnd(seg);
    expect(end.x).toBeCloseTo(2, 12);
    expect(end.y).toBeCloseTo(0, 12);
    expectPieces(seg, [
      [0, 1, third],
      [1, 1, third],
      [1, 0, third],
    ]);
  });

  it('a quarter arc about a cell centre: four crossings found by hand', () => {
    // Centre (0.5, 0.5), radius 2, from angle π/2 ((0.5, 2.5)) back to angle 0 ((2.5, 0.5)).
    // Crossings by angle: x = 1 at acos(1/4), y = 2 at asin(3/4), x = 2 at acos(3/4), y = 1 at asin(1/4).
    const seg = arcSegment({ x: 0.5, y: 2.5, heading: 0 }, 2, -1, PI);
    expect(seg.cx).toBeCloseTo(0.5, 12);
    expect(seg.cy).toBeCloseTo(0.5, 12);
    const angles = [PI / 2, acos(1 / 4), asin(3 / 4), acos(3 / 4), asin(1 / 4), 0];
    const cells: [number, number][] = [
      [0, 2],
      [1, 2],
      [1, 1],
      [2, 1],
      [2, 0],
    ];
    expectPieces(
      seg,
      cells.map(([x, y], i) => [x, y, 2 * (angles[i]! - angles[i + 1]!)]),
    );
  });

  it('a full circle touching four grid lines: a touch is not a cut', () => {
    // Centre (0.5, 0.5), radius 1.5: tangent to x = 2, y = 2, x = -1, y = -1; crosses x, y = 0, 1
    // where sin or cos = ±1/3. From the tangent point (2, 0.5), clockwise on screen.
    const r = 1.5;
    const a = asin(1 / 3);
    const q = PI / 2 - 2 * a;
    const turnCells: [number, number, number][] = [
      [1, 1, q],
      [0, 1, 2 * a],
      [-1, 1, q],
      [-1, 0, 2 * a],
      [-1, -1, q],
      [0, -1, 2 * a],
      [1, -1, q],
    ];
    const seg = arcSegment({ x: 2, y: 0.5, heading: PI / 2 }, r, 1, 2 * PI * r);
    expectPieces(
      seg,
      [[1, 0, a] as [number, number, number], ...turnCells, [1, 0, a]].map(([x, y, t]) => [x, y, t * r]),
    );
    // Two turns: the end of the first and the start of the second are one piece in cell (1, 0).
    const two = arcSegment({ x: 2, y: 0.5, heading: PI / 2 }, r, 1, 4 * PI * r);
    expectPieces(
      two,
      [[1, 0, a] as [number, number, number], ...turnCells, [1, 0, 2 * a], ...turnCells, [1, 0, a]].map(([x, y, t]) => [x, y, t * r]),
    );
  });

  it('a tiny arc inside one cell, and a whole small circle inside one cell', () => {
    expectPieces(arcSegment({ x: 0.3, y: 0.4, heading: 2 }, 0.1, 1, 0.2), [[0, 0, 0.2]]);
    expectPieces(arcSegment({ x: 4.5, y: -2.2, heading: 0 }, 0.25, -1, 2 * PI * 0.25), [[4, -3, 2 * PI * 0.25]]);
  });

  it('negative coordinates: the corner quarter moved by (-7, -5)', () => {
    expectPieces(arcSegment({ x: -5, y: -5, heading: PI / 2 }, 2, 1, PI), [
      [-6, -5, third],
      [-6, -4, third],
      [-7, -4, third],
    ]);
  });
});

/** A random segment around the region [-4, 12]², often on grid lines or with axis headings. */
function randomSegment(rng: Rng, lo = -4, span = 16): Segment {
  const coord = (): number => {
    const v = lo + rng.next() * span;
    const k = rng.int(4);
    return k === 0 ? Math.round(v) : k === 1 ? Math.floor(v) + 0.5 : v;
  };
  const start: Pose = {
    x: coord(),
    y: coord(),
    heading: rng.chance(0.3) ? (rng.int(16) * PI) / 8 : (rng.next() * 2 - 1) * PI,
  };
  const reverse = rng.chance(0.4);
  if (rng.chance(0.4)) return lineSegment(start, rng.next() * 8, reverse);
  const radius = rng.chance(0.2) ? rng.range(1, 4) : 0.05 + rng.next() * 5;
  const turns = rng.chance(0.1) ? 2.5 : 0.8;
  return arcSegment(start, radius, rng.chance(0.5) ? 1 : -1, rng.next() * turns * 2 * PI * radius, reverse);
}

const TOL = 1e-9;

describe('eachCellPiece: invariants on random segments', () => {
  it('lengths add up, every piece lies in its cell (or on its edge), consecutive cells touch', () => {
    const seed = 1801;
    const rng = makeRng(seed);
    const pose: Pose = { x: 0, y: 0, heading: 0 };
    let edgePieces = 0;
    let arcs = 0;
    for (let n = 0; n < 4000; n++) {
      const seg = randomSegment(rng);
      if (seg.kind === 'arc') arcs++;
      const pieces = piecesOf(seg);
      edgePieces += pieces.filter((p) => p.cx !== p.ax || p.cy !== p.ay).length;
      const problem = pieceProblem(seg, pieces, pose);
      // Plain checks first, one expect per case: thousands of expect calls per case are slow.
      if (problem !== null) expect.fail(`seed ${seed} case ${n}: ${JSON.stringify(seg)}: ${problem}`);
    }
    expect(edgePieces).toBeGreaterThan(100);
    expect(arcs).toBeGreaterThan(1500);
  });
});

/** What is wrong with `pieces` as the cut of `seg`, or null. */
function pieceProblem(seg: Segment, pieces: readonly Piece[], pose: Pose): string | null {
  let d = 0;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    const at = `piece ${i} ${JSON.stringify(p)}`;
    if (!(p.length > 0)) return `${at}: length not > 0`;
    const edge = p.cx !== p.ax || p.cy !== p.ay;
    if (edge && Math.abs(p.cx - p.ax) + Math.abs(p.cy - p.ay) !== 1) return `${at}: edge cells not side by side`;
    // The whole piece, sampled at five points, lies in the cell (closed) or on the shared edge.
    const loX = Math.min(p.cx, p.ax);
    const loY = Math.min(p.cy, p.ay);
    for (const f of [0, 0.25, 0.5, 0.75, 1]) {
      segmentPoseAt(seg, d + f * p.length, pose);
      const { x, y } = pose;
      const okY = edge && p.cx === p.ax ? Math.abs(y - p.cy) < TOL : y >= loY - TOL && y <= p.cy + 1 + TOL;
      const okX = edge && p.cy === p.ay ? Math.abs(x - p.cx) < TOL : x >= loX - TOL && x <= p.cx + 1 + TOL;
      if (!okX || !okY) return `${at}: point (${x}, ${y}) at fraction ${f} outside`;
    }
    // A midpoint clear of grid lines (not within rounding of one) floors to the cell.
    segmentPoseAt(seg, d + p.length / 2, pose);
    if (!edge && clearOfLines(pose.x) && clearOfLines(pose.y) && (Math.floor(pose.x) !== p.cx || Math.floor(pose.y) !== p.cy)) {
      return `${at}: midpoint (${pose.x}, ${pose.y}) in another cell`;
    }
    if (i > 0) {
      const q = pieces[i - 1]!;
      const dx = Math.abs(p.cx - q.cx);
      const dy = Math.abs(p.cy - q.cy);
      if (dx > 1 || dy > 1) return `${at}: not touching the piece before`;
      // Same cells on both sides of a cut would be a touch taken for a crossing.
      if (dx + dy + Math.abs(p.ax - q.ax) + Math.abs(p.ay - q.ay) === 0) return `${at}: same cells as the piece before`;
    }
    d += p.length;
  }
  if (!(Math.abs(d - seg.length) < TOL * Math.max(1, seg.length))) return `lengths add up to ${d}, not ${seg.length}`;
  return null;
}

function clearOfLines(v: number): boolean {
  return Math.abs(v - Math.round(v)) > TOL;
}

/** Step of the reference's scan, tile units: crossings are bracketed this finely, then bisected. */
const SCAN_STEP = 1e-3;
/** The reference bisects each crossing to this, tile units. */
const BISECT = 1e-12;

/** The cheaper free cell of two (both blocked: the cheaper one). */
function cheaperFree(grid: Grid, x0: number, y0: number, x1: number, y1: number): number {
  const a = grid.cost(x0, y0);
  const b = grid.cost(x1, y1);
  const fa = !grid.isBlocked(x0, y0);
  const fb = !grid.isBlocked(x1, y1);
  if (fa && fb) return Math.min(a, b);
  if (fa) return a;
  if (fb) return b;
  return Math.min(a, b);
}

/**
 * Independent reference: the cost of one segment from crossings found by scanning the segment
 * with segmentPoseAt every SCAN_STEP (plus the points where an arc's x or y is extreme, so a
 * shallow excursion over a grid line is never stepped over) and bisecting each change of cell.
 */
function referenceCost(grid: Grid, seg: Segment): number {
  const pose: Pose = { x: 0, y: 0, heading: 0 };
  const cellAt = (d: number): number => {
    segmentPoseAt(seg, d, pose);
    return Math.floor(pose.x) * 100003 + Math.floor(pose.y);
  };
  const L = seg.length;
  const samples: number[] = [];
  const n = Math.ceil(L / SCAN_STEP);
  for (let i = 0; i <= n; i++) samples.push((i / n) * L);
  if (seg.kind === 'arc') {
    // The heading is h0 + turn·d/r; x or y is extreme where it is a multiple of π/2.
    const h0 = seg.heading;
    const h1 = h0 + (seg.turn * L) / seg.radius;
    for (let k = Math.ceil(Math.min(h0, h1) / (PI / 2)); k <= Math.floor(Math.max(h0, h1) / (PI / 2)); k++) {
      const d = ((k * PI) / 2 - h0) * seg.turn * seg.radius;
      if (d > 0 && d < L) samples.push(d);
    }
    samples.sort((p, q) => p - q);
  }
  const cuts = [0];
  for (let i = 1; i < samples.length; i++) {
    let a = samples[i - 1]!;
    const b = samples[i]!;
    for (let guard = 0; cellAt(a) !== cellAt(b) && guard < 8; guard++) {
      const ca = cellAt(a);
      let lo = a;
      let hi = b;
      while (hi - lo > BISECT) {
        const mid = (lo + hi) / 2;
        if (cellAt(mid) === ca) lo = mid;
        else hi = mid;
      }
      cuts.push(hi);
      a = hi;
    }
  }
  cuts.push(L);
  const lineEdge = seg.kind === 'line' && (Math.abs(Math.sin(seg.heading)) < 1e-12 || Math.abs(Math.cos(seg.heading)) < 1e-12);
  let total = 0;
  for (let i = 1; i < cuts.length; i++) {
    const len = cuts[i]! - cuts[i - 1]!;
    segmentPoseAt(seg, (cuts[i]! + cuts[i - 1]!) / 2, pose);
    const fx = Math.floor(pose.x);
    const fy = Math.floor(pose.y);
    let cost = grid.cost(fx, fy);
    if (lineEdge && Math.abs(Math.sin(seg.heading)) < 1e-12 && Number.isInteger(seg.y)) cost = cheaperFree(grid, fx, seg.y - 1, fx, seg.y);
    else if (lineEdge && Math.abs(Math.cos(seg.heading)) < 1e-12 && Number.isInteger(seg.x)) cost = cheaperFree(grid, seg.x - 1, fy, seg.x, fy);
    total += len * cost;
  }
  return total;
}

function randomWeightedGrid(rng: Rng): Grid {
  const grid = new Grid(12, 12);
  grid.fillCosts(0, 0, 12, 12, () => (rng.chance(0.3) ? 1 : 1 + rng.int(10) * (rng.chance(0.5) ? 1 : 0.37)));
  for (let i = 0; i < 20; i++) grid.setBlocked(rng.int(12), rng.int(12), true);
  return grid;
}

describe('pathCost', () => {
  it('hand-worked: cells, an edge between costs, a blocked side, the reverse factor', () => {
    const g = new Grid(3, 3).setCost(1, 0, 4);
    expect(pathCost(g, [lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 2)], 1)).toBeCloseTo(0.5 + 4 + 0.5, 12);
    expect(pathCost(g, [lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 2)], 3)).toBeCloseTo(5, 12);
    // Backing up the same way costs 3 times as much.
    expect(pathCost(g, [lineSegment({ x: 0.5, y: 0.5, heading: PI }, 2, true)], 3)).toBeCloseTo(15, 12);
    // Along y = 1 under cell (1, 0) (cost 4): the free cell (1, 1) below costs 1.
    expect(pathCost(g, [lineSegment({ x: 0.5, y: 1, heading: 0 }, 2)], 1)).toBeCloseTo(2, 12);
    g.setBlocked(1, 1, true);
    expect(pathCost(g, [lineSegment({ x: 0.5, y: 1, heading: 0 }, 2)], 1)).toBeCloseTo(0.5 + 4 + 0.5, 12);
    g.setCost(1, 1, 2);
    expect(pathCost(g, [lineSegment({ x: 0.5, y: 1, heading: 0 }, 2)], 1)).toBeCloseTo(0.5 + 4 + 0.5, 12);
    // Along the top border: the outside is blocked, so the cell inside is charged.
    expect(pathCost(g, [lineSegment({ x: 1.25, y: 0, heading: 0 }, 0.5)], 1)).toBeCloseTo(0.5 * 4, 12);
    // The corner quarter arc of radius 2 through (1, 0), (1, 1), (0, 1): π/3 in each.
    const h = new Grid(3, 3).setCost(1, 0, 2).setCost(1, 1, 5).setCost(0, 1, 7);
    expect(pathCost(h, [arcSegment({ x: 2, y: 0, heading: PI / 2 }, 2, 1, PI)], 1)).toBeCloseTo((PI / 3) * 14, 12);
    expect(pathCost(h, [arcSegment({ x: 0, y: 2, heading: PI }, 2, -1, PI, true)], 2)).toBeCloseTo((PI / 3) * 28, 12);
  });

  it('on a uniform grid it is the plain length with reversing weighted, exactly', () => {
    const rng = makeRng(1802);
    const g = new Grid(12, 12);
    g.setCost(3, 3, 5).setCost(3, 3, 1);
    expect(g.weighted).toBe(false);
    for (let n = 0; n < 200; n++) {
      const segs = [randomSegment(rng, 0, 12), randomSegment(rng, 0, 12)];
      const rc = 1 + rng.next() * 3;
      const plain = segs.reduce((s, seg) => s + (seg.reverse ? rc * seg.length : seg.length), 0);
      expect(pathCost(g, segs, rc)).toBe(plain);
      // A weighted grid whose dear cells are far away gives the same up to rounding.
      const far = new Grid(40, 40).setCost(39, 39, 9);
      expect(pathCost(far, segs, rc)).toBeCloseTo(plain, 9);
    }
  });

  it('agrees with an independent scan-and-bisect integration on random weighted grids', () => {
    const seed = 1803;
    const rng = makeRng(seed);
    let grid = randomWeightedGrid(rng);
    let reversed = 0;
    for (let n = 0; n < 600; n++) {
      if (n % 50 === 0) grid = randomWeightedGrid(rng);
      const segs = [randomSegment(rng, 0, 12)];
      if (rng.chance(0.5)) segs.push(randomSegment(rng, 0, 12));
      const rc = 1 + rng.next() * 3;
      let want = 0;
      let length = 0;
      for (const seg of segs) {
        want += referenceCost(grid, seg) * (seg.reverse ? rc : 1);
        length += seg.length;
        if (seg.reverse) reversed++;
      }
      const got = pathCost(grid, segs, rc);
      expect(Math.abs(got - want), `seed ${seed} case ${n}: ${JSON.stringify(segs)} rc ${rc}: ${got} vs ${want}`).toBeLessThan(1e-6 * Math.max(1, length));
    }
    expect(reversed).toBeGreaterThan(200);
  });

  it('a legal line costs what segmentCost says (its exact crossing walk)', () => {
    const seed = 1804;
    const rng = makeRng(seed);
    let grid = randomWeightedGrid(rng);
    let compared = 0;
    for (let n = 0; n < 3000; n++) {
      if (n % 100 === 0) grid = randomWeightedGrid(rng);
      const seg = randomSegment(rng, 0, 12);
      if (seg.kind !== 'line') continue;
      const end = segmentEnd(seg);
      // segmentCost sees an edge run only when the ends share x or y exactly: snap the ~1e-16 drift.
      const x1 = Math.abs(end.x - seg.x) < 1e-9 ? seg.x : end.x;
      const y1 = Math.abs(end.y - seg.y) < 1e-9 ? seg.y : end.y;
      if (!lineOfSight(grid, seg.x, seg.y, x1, y1)) continue;
      compared++;
      const want = segmentCost(grid, seg.x, seg.y, x1, y1) * (seg.reverse ? 2 : 1);
      expect(pathCost(grid, [seg], 2), `seed ${seed} case ${n}: ${JSON.stringify(seg)}`).toBeCloseTo(want, 9);
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('a visitor may cut other segments while it is visited', () => {
    const inner = lineSegment({ x: 0.5, y: 0.5, heading: 0 }, 3);
    const outer = arcSegment({ x: 2, y: 0, heading: PI / 2 }, 2, 1, PI);
    const seen: number[] = [];
    eachCellPiece(outer, {
      piece(cx, cy, _ax, _ay, length) {
        seen.push(cx, cy, Number(length.toFixed(9)));
        expect(piecesOf(inner).map((p) => p.length)).toEqual([0.5, 1, 1, 0.5]);
      },
    });
    const t = Number((PI / 3).toFixed(9));
    expect(seen).toEqual([1, 0, t, 1, 1, t, 0, 1, t]);
  });

  it('refuses a reverse cost that is not a finite number >= 0', () => {
    const g = new Grid(2, 2);
    expect(() => pathCost(g, [], Number.NaN)).toThrow(/reverse cost.*NaN/);
    expect(() => pathCost(g, [], -1)).toThrow(RangeError);
    expect(() => pathCost(g, [], Infinity)).toThrow(RangeError);
  });
});
