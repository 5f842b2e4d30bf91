import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { cornerLineOfSight, lineOfSight } from '../../../src/grid/line-of-sight.js';
import { bruteClassify, bruteLineOfSight, brutePathLegal, type Violation } from '../../support/brute-los.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

type Seg = [number, number, number, number];

/**
 * Checks one hand case in both directions against the expected answer, for lineOfSight, for
 * cornerLineOfSight when all coordinates are integers, and for the brute force itself (so the
 * reference is checked against the hand-drawn truth too).
 */
function check(grid: Grid, seg: Seg, expected: boolean): void {
  const [x0, y0, x1, y1] = seg;
  const integer = seg.every(Number.isInteger);
  for (const [a, b, c, d] of [
    [x0, y0, x1, y1],
    [x1, y1, x0, y0],
  ] as const) {
    const label = `(${a}, ${b}) -> (${c}, ${d}) on\n${grid.toAscii().join('\n')}`;
    expect(bruteLineOfSight(grid, a, b, c, d), `brute ${label}`).toBe(expected);
    expect(lineOfSight(grid, a, b, c, d), `lineOfSight ${label}`).toBe(expected);
    if (integer) expect(cornerLineOfSight(grid, a, b, c, d), `cornerLineOfSight ${label}`).toBe(expected);
  }
}

/** The set of clauses the brute force says a segment breaks, sorted, for asserting *why*. */
function why(grid: Grid, seg: Seg): Violation[] {
  return [...bruteClassify(grid, ...seg).violations].sort();
}

describe('line of sight: hand-drawn cases', () => {
  it('a segment through the interior of a blocked cell is illegal', () => {
    const g = Grid.fromAscii(['...', '.@.', '...']);
    check(g, [0, 0, 3, 3], false); // diagonal through the blocked centre
    check(g, [0, 1, 3, 2], false);
    check(g, [0.5, 1.5, 2.5, 1.5], false); // horizontal through the centre
    check(g, [1.5, 0.5, 1.5, 2.5], false); // vertical through the centre
    check(g, [1.5, 1.5, 1.5, 1.5], false); // zero length inside it
    check(g, [0.5, 0.5, 1.5, 1.5], false); // ends inside it
    check(g, [0, 0, 3, 1], true); // passes above it
    check(g, [0, 1, 3, 1], true); // along its top edge
    check(g, [0, 2, 3, 2], true); // along its bottom edge
    check(g, [1, 0, 1, 3], true); // along its left edge
    expect(why(g, [0, 0, 3, 3])).toEqual(['cell']);
  });

  it('running along an edge between two blocked cells is illegal, along an edge with one blocked legal', () => {
    const g = Grid.fromAscii(['...', '@@.', '...']);
    check(g, [1, 0, 1, 3], false); // x = 1 between (0,1) and (1,1), both blocked
    check(g, [1, 1, 1, 2], false); // exactly that edge
    check(g, [1, 1.25, 1, 1.75], false); // part of it
    check(g, [1, 1.5, 1, 1.5], false); // a point on it
    check(g, [2, 0, 2, 3], true); // x = 2 between (1,1) blocked and (2,1) free
    check(g, [0, 1, 3, 1], true); // y = 1, under free row 0
    check(g, [0, 2, 3, 2], true); // y = 2, above free row 2
    check(g, [0, 1.5, 0, 2.5], false); // x = 0 beside (0,1): outside and blocked
    check(g, [0, 0, 0, 1], true); // the map border beside free (0,0)
    expect(why(g, [1, 0, 1, 3])).toEqual(['edge']);
  });

  it('passing through a double corner is illegal, diagonally and axis-aligned, for both kinds', () => {
    // Vertex (2,2): NW (1,1) and SE (2,2) blocked, NE and SW free.
    const a = Grid.fromAscii(['....', '.@..', '..@.', '....']);
    // Vertex (2,2): NE (2,1) and SW (1,2) blocked.
    const b = Grid.fromAscii(['....', '..@.', '.@..', '....']);
    check(a, [3, 1, 1, 3], false); // through the gap, cells (2,1) and (1,2) free
    check(a, [4, 0, 0, 4], false);
    check(a, [2.5, 1.5, 1.5, 2.5], false); // real points, exactly through (2,2)
    check(a, [2.75, 1.25, 0.5, 3.5], false);
    check(a, [0, 2, 4, 2], false); // along y = 2 through it
    check(a, [2, 0, 2, 4], false); // along x = 2 through it
    check(a, [0.5, 2, 3.5, 2], false);
    check(a, [2, 0.25, 2, 3.75], false);
    check(b, [1, 1, 3, 3], false);
    check(b, [1.5, 1.5, 2.5, 2.5], false);
    check(b, [0.5, 0.5, 3.5, 3.5], false);
    check(b, [0, 2, 4, 2], false);
    check(b, [2, 0, 2, 4], false);
    // Only the corner clause decides these (every piece is in a free cell or beside one).
    for (const s of [
      [3, 1, 1, 3],
      [2.5, 1.5, 1.5, 2.5],
      [0, 2, 4, 2],
      [2, 0, 2, 4],
    ] as Seg[]) {
      expect(why(a, s)).toEqual(['corner']);
    }
    expect(why(b, [1, 1, 3, 3])).toEqual(['corner']);
    // Near misses of a double corner clip one of its blocked cells.
    check(a, [2.5 + 2 ** -40, 1.5, 1.5, 2.5], false);
    check(a, [2.5 - 2 ** -40, 1.5, 1.5, 2.5], false);
    check(a, [2.5, 1.5, 1.5, 2.5 + 1e-12], false);
    check(a, [2.5, 1.5, 1.5, 2.5 - 1e-12], false);
  });

  it('a segment may end on a double corner', () => {
    const a = Grid.fromAscii(['....', '.@..', '..@.', '....']);
    check(a, [3, 1, 2, 2], true);
    check(a, [1, 3, 2, 2], true);
    check(a, [0, 2, 2, 2], true);
    check(a, [2, 4, 2, 2], true);
    check(a, [2.5, 1.5, 2, 2], true);
    check(a, [2, 2, 2, 2], true); // the point itself is free (two cells free)
    check(a, [4, 0, 2, 2], true);
    check(a, [2, 2, 2.5, 1.5], true);
  });

  it('touching a single blocked corner is legal', () => {
    const g = Grid.fromAscii(['...', '.@.', '...']);
    check(g, [0, 2, 2, 0], true); // through vertex (1,1), cell (1,1) is its SE
    check(g, [0.5, 1.5, 1.5, 0.5], true);
    check(g, [1, 3, 3, 1], true); // through vertex (2,2)
    check(g, [0, 0, 1, 1], true); // ends on the corner
    check(g, [0, 1, 2, 1], true); // along the row line through vertices (1,1) and (2,1)
    // Two blocked cells side by side: the vertex between them is not a double corner.
    const h = Grid.fromAscii(['....', '.@@.', '....']);
    check(h, [0, 1, 4, 1], true);
    check(h, [0, 2, 4, 2], true);
    check(h, [2, 0, 2, 1], true);
    check(h, [1, 0, 3, 1], true); // y = (x-1)/2 stays in row 0 and ends on the corner of (2,1)
    check(h, [1, 0, 4, 2], false); // clips (2,1)
  });

  it('the map border', () => {
    const g = new Grid(2, 2);
    check(g, [0, 0, 2, 0], true);
    check(g, [0, 0, 0, 2], true);
    check(g, [2, 0, 2, 2], true);
    check(g, [0, 2, 2, 2], true);
    check(g, [0, 0, 2, 2], true);
    check(g, [0, 0.5, 0, 1.5], true);
    const b = Grid.fromAscii(['@.', '..']);
    check(b, [0, 0, 2, 0], false); // beside outside and the blocked (0,0)
    check(b, [1, 0, 2, 0], true);
    check(b, [0, 0, 0, 2], false);
    check(b, [0, 1, 0, 2], true);
    check(b, [0, 0, 0, 0], false); // map corner whose only cell is blocked
    check(b, [1, 0, 0, 1], false); // the diagonal of the blocked cell
    check(b, [1, 0, 1, 2], true); // beside the blocked cell
    check(b, [1, 0, 2, 1], true);
  });

  it('an end outside the map is illegal', () => {
    const g = new Grid(3, 2);
    check(g, [-1, 0, 1, 1], false);
    check(g, [0, 0, 4, 0], false);
    check(g, [0, -1, 0, 2], false);
    check(g, [1, 1, 1, 3], false);
    check(g, [-1, -1, -1, -1], false);
    check(g, [4, 3, 4, 3], false);
    check(g, [-1, 1, 4, 1], false); // the middle part is inside
    check(g, [3, 2, 3, 2], true); // the far map corner is in the map
    check(g, [0, 0, 3, 2], true);
    check(g, [-1e-12, 1, 2, 1], false);
    check(g, [0.5, 0.5, 3 + 2 ** -40, 1], false);
    check(g, [0.5, 2 + 2 ** -52 * 4, 1.5, 1], false);
    for (const bad of [NaN, Infinity, -Infinity]) {
      expect(lineOfSight(g, bad, 0, 1, 1)).toBe(false);
      expect(lineOfSight(g, 1, 1, 1, bad)).toBe(false);
      expect(bruteLineOfSight(g, bad, 0, 1, 1)).toBe(false);
    }
    const empty = new Grid(0, 0);
    check(empty, [0, 0, 0, 0], false);
  });

  it('zero-length segments are legal exactly on free points', () => {
    const g = Grid.fromAscii(['@@.', '@@.', '...']);
    check(g, [2.5, 0.5, 2.5, 0.5], true); // inside a free cell
    check(g, [0.5, 0.5, 0.5, 0.5], false); // inside a blocked cell
    check(g, [1, 0.5, 1, 0.5], false); // edge between two blocked cells
    check(g, [2, 0.5, 2, 0.5], true); // edge with one blocked
    check(g, [1, 1, 1, 1], false); // vertex with all four blocked
    check(g, [2, 1, 2, 1], true); // vertex with two blocked
    check(g, [2, 2, 2, 2], true); // vertex with one blocked
    check(g, [1, 2, 1, 2], true); // vertex with two blocked below the wall
    check(g, [0, 2, 0, 2], true); // border vertex beside free (0,2)
    check(g, [0, 1, 0, 1], false); // border vertex, outside and blocked cells only
    check(g, [3, 3, 3, 3], true);
  });

  it('brutePathLegal checks every segment', () => {
    const g = Grid.fromAscii(['....', '.@..', '..@.', '....']);
    expect(brutePathLegal(g, [])).toBe(true);
    expect(brutePathLegal(g, [{ x: 2, y: 2 }])).toBe(true);
    expect(brutePathLegal(g, [{ x: 1.5, y: 1.5 }])).toBe(false);
    expect(
      brutePathLegal(g, [
        { x: 3, y: 1 },
        { x: 2, y: 2 },
        { x: 1, y: 3 },
      ]),
    ).toBe(true); // stops on the double corner, then leaves it
    expect(
      brutePathLegal(g, [
        { x: 0, y: 0 },
        { x: 3, y: 1 },
        { x: 1, y: 3 },
      ]),
    ).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Random grids against the brute force.

const SEED = 0x4ead_7a7;

interface Stats {
  total: number;
  legal: number;
  onlyCell: number;
  onlyEdge: number;
  onlyCorner: number;
  outside: number;
  point: number;
  legalAlongLine: number;
  legalThroughVertex: number;
  legalTouchingBlocked: number;
}

function newStats(): Stats {
  return {
    total: 0,
    legal: 0,
    onlyCell: 0,
    onlyEdge: 0,
    onlyCorner: 0,
    outside: 0,
    point: 0,
    legalAlongLine: 0,
    legalThroughVertex: 0,
    legalTouchingBlocked: 0,
  };
}

function record(stats: Stats, grid: Grid, seg: Seg): boolean {
  const v = bruteClassify(grid, ...seg);
  stats.total++;
  if (v.legal) {
    stats.legal++;
    if (v.alongLine) stats.legalAlongLine++;
    if (v.throughVertex) stats.legalThroughVertex++;
    // A legal segment along a line beside a blocked cell, or through a vertex with a blocked cell.
    if ((v.alongLine || v.throughVertex) && touchesBlocked(grid, seg)) stats.legalTouchingBlocked++;
  }
  const only = v.violations.size === 1 ? [...v.violations][0] : undefined;
  if (only === 'cell') stats.onlyCell++;
  if (only === 'edge') stats.onlyEdge++;
  if (only === 'corner') stats.onlyCorner++;
  if (v.violations.has('outside')) stats.outside++;
  if (v.violations.has('point')) stats.point++;
  return v.legal;
}

/** Rough: some cell around the segment's midpoint is blocked (only used for a coverage count). */
function touchesBlocked(grid: Grid, [x0, y0, x1, y1]: Seg): boolean {
  const mx = Math.floor((x0 + x1) / 2);
  const my = Math.floor((y0 + y1) / 2);
  for (let dy = -1; dy <= 0; dy++) for (let dx = -1; dx <= 0; dx++) if (grid.isBlocked(mx + dx, my + dy) && grid.inBounds(mx + dx, my + dy)) return true;
  return false;
}

/** Integer endpoints, biased towards axis-aligned, diagonal and lattice-direction segments. */
function cornerSegment(rng: Rng, grid: Grid): Seg {
  const W = grid.width;
  const H = grid.height;
  const corner = (): [number, number] =>
    rng.chance(0.04) ? [rng.range(-1, W + 1), rng.range(-1, H + 1)] : [rng.int(W + 1), rng.int(H + 1)];
  const [x0, y0] = corner();
  const kind = rng.int(6);
  if (kind === 0) return [x0, y0, ...corner()];
  if (kind === 1) return rng.chance(0.5) ? [x0, y0, x0, rng.int(H + 1)] : [x0, y0, rng.int(W + 1), y0];
  if (kind === 2) {
    const k = rng.range(-Math.max(W, H), Math.max(W, H));
    return [x0, y0, x0 + k, y0 + (rng.chance(0.5) ? k : -k)];
  }
  if (kind === 3) {
    // A direction (p, q), repeated: passes through the vertices at every multiple.
    const p = rng.range(-3, 3);
    const q = rng.range(-3, 3);
    const m = rng.range(1, 8);
    return [x0, y0, x0 + p * m, y0 + q * m];
  }
  if (kind === 4) return [x0, y0, x0, y0];
  return [x0, y0, x0 + rng.range(-2, 2), y0 + rng.range(-2, 2)];
}

const NUDGES = [1e-12, -1e-12, 2 ** -40, -(2 ** -40), 2 ** -52, -(2 ** -52), 1e-9, -1e-9];
const FRACTIONS = [0.5, 0.25, 0.75, 1 / 3, 2 / 3, 1, 1.5, 0.125, 0.1];

/** A real coordinate in [0, side] of a random style. */
function coordinate(rng: Rng, side: number): number {
  const style = rng.int(6);
  if (style === 0) return rng.next() * side;
  if (style === 1) return rng.int(side + 1); // on a grid line
  if (style === 2) return Math.min(side, rng.int(side + 1) + 0.5); // cell centre
  if (style === 3) return Math.min(side, rng.int(side + 1) + rng.range(1, 2) / 3); // thirds
  if (style === 4) return Math.max(0, Math.min(side, rng.int(side + 1) + rng.pick(NUDGES))); // just off a line
  return rng.next() < 0.5 ? rng.int(side) + rng.int(8) / 8 : rng.next() * side;
}

/** Real endpoints: random styles, exactly through a vertex, nudged off a vertex, axis-aligned, outside. */
function realSegment(rng: Rng, grid: Grid): Seg {
  const W = grid.width;
  const H = grid.height;
  const kind = rng.int(8);
  if (kind <= 1) return [coordinate(rng, W), coordinate(rng, H), coordinate(rng, W), coordinate(rng, H)];
  if (kind === 2) {
    // Axis-aligned, often along a grid line.
    if (rng.chance(0.5)) {
      const x = coordinate(rng, W);
      return [x, coordinate(rng, H), x, coordinate(rng, H)];
    }
    const y = coordinate(rng, H);
    return [coordinate(rng, W), y, coordinate(rng, W), y];
  }
  if (kind === 6) {
    // Cell centres: diagonal ones go exactly through vertices, like (0.5,0.5) -> (2.5,2.5).
    const x0 = rng.int(W) + 0.5;
    const y0 = rng.int(H) + 0.5;
    const k = rng.range(-4, 4);
    const x1 = x0 + k;
    const y1 = y0 + (rng.chance(0.5) ? k : -k);
    return rng.chance(0.7) ? [x0, y0, x1, y1] : [x0, y0, rng.int(W) + 0.5, rng.int(H) + 0.5];
  }
  if (kind === 7) {
    // One end slightly outside the map.
    const out = rng.pick(NUDGES.filter((n) => n > 0));
    const side = rng.int(4);
    const x = side === 0 ? -out : side === 1 ? W + out : coordinate(rng, W);
    const y = side === 2 ? -out : side === 3 ? H + out : coordinate(rng, H);
    return [x, y, coordinate(rng, W), coordinate(rng, H)];
  }
  // Through a vertex V along a lattice direction, from V - f1·d to V + f2·d, maybe nudged.
  for (let attempt = 0; attempt < 8; attempt++) {
    const vx = rng.int(W + 1);
    const vy = rng.int(H + 1);
    let p = rng.range(-3, 3);
    let q = rng.range(-3, 3);
    if (p === 0 && q === 0) p = 1;
    if (rng.chance(0.3)) {
      p = rng.chance(0.5) ? 1 : -1;
      q = rng.chance(0.5) ? 1 : -1;
    }
    const f1 = rng.pick(FRACTIONS) * (rng.chance(0.3) ? rng.range(1, 4) : 1);
    const f2 = rng.pick(FRACTIONS) * (rng.chance(0.3) ? rng.range(1, 4) : 1);
    const seg: Seg = [vx - f1 * p, vy - f1 * q, vx + f2 * p, vy + f2 * q];
    if (kind === 4) seg[rng.int(4)]! += rng.pick(NUDGES); // rotate the segment a hair
    if (kind === 5) {
      // shift it sideways a hair
      const n = rng.pick(NUDGES);
      if (rng.chance(0.5)) {
        seg[0] += n;
        seg[2] += n;
      } else {
        seg[1] += n;
        seg[3] += n;
      }
    }
    if (seg[0] >= 0 && seg[2] >= 0 && seg[0] <= W && seg[2] <= W && seg[1] >= 0 && seg[3] >= 0 && seg[1] <= H && seg[3] <= H) {
      return seg;
    }
  }
  return [coordinate(rng, W), coordinate(rng, H), coordinate(rng, W), coordinate(rng, H)];
}

function describeCase(seed: number, gridIndex: number, grid: Grid, seg: Seg, got: Record<string, boolean>, want: boolean): string {
  return `seed ${seed} grid #${gridIndex} segment [${seg.map((v) => String(v)).join(', ')}] expected ${want} got ${JSON.stringify(got)}\n${grid.toAscii().join('\n')}`;
}

function randomGridOf(rng: Rng, i: number): Grid {
  // Cycle through the smallest sizes first so 1x1, 1xN and Nx1 are always covered.
  if (i < 16) return randomGrid(rng, { width: 1 + (i % 4), height: 1 + (i >> 2) });
  return randomGrid(rng, { width: rng.range(1, 24), height: rng.range(1, 24), density: rng.next() * 0.45 });
}

describe('line of sight: seeded random grids against the brute force', () => {
  it('corner points: cornerLineOfSight and lineOfSight equal the brute force, both ways', () => {
    const rng = makeRng(SEED);
    const stats = newStats();
    const failures: string[] = [];
    const GRIDS = 1500;
    const SEGMENTS = 40;
    for (let i = 0; i < GRIDS; i++) {
      const grid = randomGridOf(rng, i);
      for (let s = 0; s < SEGMENTS; s++) {
        const seg = cornerSegment(rng, grid);
        const want = record(stats, grid, seg);
        const [x0, y0, x1, y1] = seg;
        const got = {
          corner: cornerLineOfSight(grid, x0, y0, x1, y1),
          cornerBack: cornerLineOfSight(grid, x1, y1, x0, y0),
          real: lineOfSight(grid, x0, y0, x1, y1),
          realBack: lineOfSight(grid, x1, y1, x0, y0),
          bruteBack: bruteLineOfSight(grid, x1, y1, x0, y0),
        };
        if (Object.values(got).some((g) => g !== want) && failures.length < 5) {
          failures.push(describeCase(SEED, i, grid, seg, got, want));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(stats.total).toBe(GRIDS * SEGMENTS);
    assertCoverage(stats, true);
  });

  it('real points (random, on lines, through vertices, nudged, thirds): lineOfSight equals the brute force, both ways', () => {
    const rng = makeRng(SEED + 1);
    const stats = newStats();
    const failures: string[] = [];
    const GRIDS = 1500;
    const SEGMENTS = 40;
    let nonInteger = 0;
    let nonIntegerOnlyCorner = 0;
    let nonIntegerOnlyEdge = 0;
    for (let i = 0; i < GRIDS; i++) {
      const grid = randomGridOf(rng, i);
      for (let s = 0; s < SEGMENTS; s++) {
        const seg = realSegment(rng, grid);
        const before = { corner: stats.onlyCorner, edge: stats.onlyEdge };
        const want = record(stats, grid, seg);
        if (!seg.every(Number.isInteger)) {
          nonInteger++;
          nonIntegerOnlyCorner += stats.onlyCorner - before.corner;
          nonIntegerOnlyEdge += stats.onlyEdge - before.edge;
        }
        const [x0, y0, x1, y1] = seg;
        const got = {
          real: lineOfSight(grid, x0, y0, x1, y1),
          realBack: lineOfSight(grid, x1, y1, x0, y0),
          bruteBack: bruteLineOfSight(grid, x1, y1, x0, y0),
        };
        if (Object.values(got).some((g) => g !== want) && failures.length < 5) {
          failures.push(describeCase(SEED + 1, i, grid, seg, got, want));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(nonInteger).toBeGreaterThan(stats.total / 2);
    expect(nonIntegerOnlyCorner, 'non-integer ends, illegal only by a double corner').toBeGreaterThan(30);
    expect(nonIntegerOnlyEdge, 'non-integer ends, illegal only by running between blocked cells').toBeGreaterThan(30);
    assertCoverage(stats, false);
  });
});

describe('line of sight: every segment between extreme points on small tricky grids', () => {
  // Coordinates a floating-point walk gets wrong: the smallest subnormal, just below and above
  // integers, a hair off the far border.
  const values = (side: number): number[] => {
    const v = [0, 5e-324, 2 ** -40, 0.5];
    for (let k = 1; k < side; k++) v.push(k - 2 ** -52, k, k + 2 ** -51, k + 1 / 3);
    v.push(side - 1e-12, side);
    return v;
  };
  const grids = {
    'all inner vertices double corners': Grid.fromAscii(['.@.', '@.@', '.@.']),
    'a diagonal wall': Grid.fromAscii(['@..', '.@.', '..@']),
    'a corridor': Grid.fromAscii(['@@@', '...', '@@@']),
  };
  for (const [name, grid] of Object.entries(grids)) {
    it(name, () => {
      const xs = values(grid.width);
      const ys = values(grid.height);
      const points: [number, number][] = [];
      for (const x of xs) for (const y of ys) points.push([x, y]);
      const failures: string[] = [];
      let legal = 0;
      for (let i = 0; i < points.length; i++) {
        for (let j = i; j < points.length; j++) {
          const [x0, y0] = points[i]!;
          const [x1, y1] = points[j]!;
          const want = bruteLineOfSight(grid, x0, y0, x1, y1);
          if (want) legal++;
          const got = [lineOfSight(grid, x0, y0, x1, y1), lineOfSight(grid, x1, y1, x0, y0)];
          if (got.some((g) => g !== want) && failures.length < 5) {
            failures.push(`[${x0}, ${y0}, ${x1}, ${y1}] expected ${want} got ${got}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(legal).toBeGreaterThan(100);
    });
  }
});

/** The generator must reach every clause, or the comparison above proves little. */
function assertCoverage(stats: Stats, corners: boolean): void {
  if (process.env.LOS_STATS) console.log(stats);
  const min = 30;
  expect(stats.legal, 'legal segments').toBeGreaterThan(stats.total / 10);
  expect(stats.total - stats.legal, 'illegal segments').toBeGreaterThan(stats.total / 10);
  expect(stats.onlyCell, 'illegal only by a blocked cell').toBeGreaterThan(min);
  expect(stats.onlyEdge, 'illegal only by running between two blocked cells').toBeGreaterThan(min);
  expect(stats.onlyCorner, 'illegal only by passing a double corner').toBeGreaterThan(min);
  expect(stats.outside, 'an end outside the map').toBeGreaterThan(min);
  expect(stats.legalAlongLine, 'legal, running along a grid line').toBeGreaterThan(min);
  expect(stats.legalThroughVertex, 'legal, through a vertex').toBeGreaterThan(min);
  expect(stats.legalTouchingBlocked, 'legal, grazing a blocked cell').toBeGreaterThan(min);
  if (corners) expect(stats.point, 'zero length on a non-free point').toBeGreaterThan(min);
}
