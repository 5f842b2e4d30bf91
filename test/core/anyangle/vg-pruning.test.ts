import { describe, expect, it } from 'vitest';
import { forEachOnAxis, forEachOpenCorner, VisibilityGraph } from '../../../src/anyangle/visibility-graph.js';
import { Grid } from '../../../src/grid/grid.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import { isDoubleCorner, isPointFree, type Point } from '../../../src/grid/point.js';
import { brutePathLegal } from '../../support/brute-los.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

/** Lengths of the same optimum found along different edge orders differ by rounding only. */
const SAME = 1e-12;

/**
 * A maze of one-wide corridors (recursive backtracker on a (2k+1)-cell grid), with a few walls
 * knocked out so that there are loops and detours: the shape where the lattice bound prunes most.
 */
function maze(rng: Rng, k: number, knockouts: number): Grid {
  const side = 2 * k + 1;
  const grid = Grid.fromPredicate(side, side, () => true);
  const open = (x: number, y: number): void => void grid.setBlocked(x, y, false);
  const seen = new Uint8Array(k * k);
  const stack: number[] = [0];
  seen[0] = 1;
  open(1, 1);
  while (stack.length > 0) {
    const at = stack[stack.length - 1]!;
    const cx = at % k;
    const cy = Math.floor(at / k);
    const next = [
      [cx + 1, cy],
      [cx - 1, cy],
      [cx, cy + 1],
      [cx, cy - 1],
    ].filter(([x, y]) => x! >= 0 && y! >= 0 && x! < k && y! < k && !seen[y! * k + x!]);
    if (next.length === 0) {
      stack.pop();
      continue;
    }
    const [nx, ny] = rng.pick(next) as [number, number];
    seen[ny * k + nx] = 1;
    open(cx + nx + 1, cy + ny + 1);
    open(2 * nx + 1, 2 * ny + 1);
    stack.push(ny * k + nx);
  }
  for (let i = 0; i < knockouts; i++) open(rng.range(1, side - 2), rng.range(1, side - 2));
  return grid;
}

/** A free query point: a corner (often a double corner or the border), or, when `real`, any point. */
function queryPoint(rng: Rng, grid: Grid, real: boolean): Point | undefined {
  for (let tries = 0; tries < 30; tries++) {
    const p = real
      ? rng.pick([
          { x: rng.next() * grid.width, y: rng.next() * grid.height },
          { x: rng.int(grid.width + 1) + rng.pick([-1e-9, 1e-9]), y: rng.int(grid.height + 1) },
        ])
      : { x: rng.int(grid.width + 1), y: rng.int(grid.height + 1) };
    if (isPointFree(grid, p.x, p.y)) return p;
  }
  return undefined;
}

/**
 * Compares the pruned reference with the plain one on `queries` queries per grid: unbounded, then
 * bounded by the optimum plus a hair (which a too-strong prune would turn into a longer path or
 * no path), then by the optimum minus a little (no path, both). Returns the first disagreement.
 */
function comparePruning(grids: Iterable<[number, Grid]>, queries: number, realShare: number): { why: string; checked: number } {
  let checked = 0;
  for (const [seed, grid] of grids) {
    const rng = makeRng(seed + 0x5eed);
    const pruned = new VisibilityGraph(grid);
    const plain = new VisibilityGraph(grid, { prune: false });
    for (let q = 0; q < queries; q++) {
      const s = queryPoint(rng, grid, rng.chance(realShare));
      const t = queryPoint(rng, grid, rng.chance(realShare));
      if (!s || !t) continue;
      const where = `seed ${seed}: (${s.x}, ${s.y}) -> (${t.x}, ${t.y})\n${grid.toAscii().join('\n')}`;
      const truth = plain.findPath(s.x, s.y, t.x, t.y);
      const bounds = truth.status === 'found' ? [Infinity, truth.length * (1 + 1e-9)] : [Infinity];
      for (const bound of bounds) {
        const r = pruned.solve(s.x, s.y, t.x, t.y, bound);
        if (r.status !== truth.status) return { why: `${where}\nbound ${bound}: ${r.status}, plain ${truth.status}`, checked };
        if (r.status !== 'found') continue;
        if (Math.abs(r.length - truth.length) > SAME * Math.max(1, truth.length)) {
          return { why: `${where}\nbound ${bound}: length ${r.length}, plain ${truth.length}`, checked };
        }
        if (!brutePathLegal(grid, r.points)) return { why: `${where}\nillegal path`, checked };
      }
      if (truth.status === 'found' && truth.length > 1e-6) {
        const under = pruned.solve(s.x, s.y, t.x, t.y, truth.length * (1 - 1e-6));
        if (under.status !== 'no-path') return { why: `${where}\nbelow the optimum: ${under.status} ${under.length}`, checked };
      }
      checked++;
    }
  }
  return { why: '', checked };
}

function* randomGrids(first: number, count: number, mode?: 'uniform' | 'tricky'): Generator<[number, Grid]> {
  for (let seed = first; seed < first + count; seed++) yield [seed, randomGrid(makeRng(seed), mode ? { mode } : {})];
}

describe('pruned visibility graph equals the plain one', () => {
  it('on uniform random grids, corner queries, seeds 1..500', () => {
    const { why, checked } = comparePruning(randomGrids(1, 500, 'uniform'), 6, 0);
    expect(why).toBe('');
    expect(checked).toBeGreaterThan(2000);
  }, 120_000);

  it('on tricky random grids (corridors, double corners), corner queries, seeds 1001..1500', () => {
    const { why, checked } = comparePruning(randomGrids(1001, 500, 'tricky'), 6, 0);
    expect(why).toBe('');
    expect(checked).toBeGreaterThan(2000);
  }, 120_000);

  it('with real start and goal points, where only the taut and sight pruning apply', () => {
    const { why, checked } = comparePruning(randomGrids(2001, 400), 6, 0.6);
    expect(why).toBe('');
    expect(checked).toBeGreaterThan(1500);
  }, 120_000);

  it('on dense random grids (35 to 45% blocked), the shape of random512-40', () => {
    const grids = function* (): Generator<[number, Grid]> {
      for (let seed = 3001; seed < 3201; seed++) {
        const rng = makeRng(seed);
        yield [seed, randomGrid(rng, { width: rng.range(16, 32), height: rng.range(16, 32), density: 0.35 + 0.1 * rng.next(), mode: 'uniform' })];
      }
    };
    const { why, checked } = comparePruning(grids(), 6, 0.1);
    expect(why).toBe('');
    expect(checked).toBeGreaterThan(800);
  }, 120_000);

  it('on mazes with loops, the shape of maze512-1', () => {
    const grids = function* (): Generator<[number, Grid]> {
      for (let seed = 4001; seed < 4081; seed++) {
        const rng = makeRng(seed);
        yield [seed, maze(rng, rng.range(4, 12), rng.int(12))];
      }
    };
    const { why, checked } = comparePruning(grids(), 8, 0.1);
    expect(why).toBe('');
    expect(checked).toBeGreaterThan(400);
  }, 120_000);

  it('leaves out what only the Euclidean estimate finds promising, so the pruning is not a no-op', () => {
    // A wall down column 20 with a gap at the bottom, pillars on both sides. Start and goal are
    // near each other across the wall's top: the Euclidean ellipse holds every pillar, and the
    // plain search expands the pillars near the top first; the lattice distance goes round.
    const grid = Grid.fromPredicate(41, 30, (x, y) => (x === 20 && y < 28) || (x % 4 === 2 && y % 4 === 2));
    const pruned = new VisibilityGraph(grid).findPath(18, 1, 23, 1);
    const plain = new VisibilityGraph(grid, { prune: false }).findPath(18, 1, 23, 1);
    expect(pruned.status).toBe('found');
    expect(pruned.length).toBeCloseTo(plain.length, 9);
    expect(pruned.expanded).toBeLessThan(plain.expanded / 2);
  });
});

describe('the sight sweep', () => {
  it('visits every corner in sight of a corner (a superset of lineOfSight), on seeded random grids', () => {
    let pairs = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const grid = randomGrid(makeRng(seed * 7 + 1));
      const { width: W, height: H } = grid;
      for (let ux = 0; ux <= W; ux++) {
        for (let uy = 0; uy <= H; uy++) {
          if (!isPointFree(grid, ux, uy)) continue;
          const seen = new Set<number>();
          const visit = (x: number, y: number): void => void seen.add(y * (W + 1) + x);
          for (const [sx, sy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]] as const) forEachOpenCorner(grid, ux, uy, sx, sy, Infinity, visit);
          for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) forEachOnAxis(grid, ux, uy, dx, dy, Infinity, visit);
          for (let vx = 0; vx <= W; vx++) {
            for (let vy = 0; vy <= H; vy++) {
              if ((vx === ux && vy === uy) || !lineOfSight(grid, ux, uy, vx, vy)) continue;
              pairs++;
              if (!seen.has(vy * (W + 1) + vx)) expect.fail(`seed ${seed}: (${ux}, ${uy}) sees (${vx}, ${vy}) unvisited\n${grid.toAscii().join('\n')}`);
            }
          }
        }
      }
    }
    expect(pairs).toBeGreaterThan(100_000);
  }, 120_000);

  it('keeps a ray that grazes blocked cells on both sides, and leaves double corners to lineOfSight', () => {
    // The ray from (0,0) of slope 1/2 touches blocked cell (1,1) at its corner (2,1), on one side,
    // and blocked cell (4,1) at its corner (4,2), on the other: only that one slope stays open
    // past them, and (6,3) on it is in sight.
    const slit = Grid.fromAscii(['.......', '.@..@..', '.......', '.......']);
    const through: Point[] = [];
    forEachOpenCorner(slit, 0, 0, 1, 1, Infinity, (x, y) => void through.push({ x, y }));
    expect(lineOfSight(slit, 0, 0, 6, 3)).toBe(true);
    expect(through).toContainEqual({ x: 6, y: 3 });
    expect(through).not.toContainEqual({ x: 6, y: 2 });
    // (1,1) is a double corner: the sweep offers (2,2) beyond it, the exact test refuses it.
    const double = Grid.fromAscii(['.@..', '@...', '....']);
    const offered: Point[] = [];
    forEachOpenCorner(double, 0, 0, 1, 1, Infinity, (x, y) => void offered.push({ x, y }));
    expect(isDoubleCorner(double, 1, 1)).toBe(true);
    expect(offered).toContainEqual({ x: 2, y: 2 });
    expect(lineOfSight(double, 0, 0, 2, 2)).toBe(false);
  });

  it('walks an axis until the edge between two blocked cells', () => {
    const wall = Grid.fromAscii(['..@..', '..@..']);
    const along: Point[] = [];
    forEachOnAxis(wall, 0, 1, 1, 0, Infinity, (x, y) => void along.push({ x, y }));
    expect(along).toEqual([
      { x: 1, y: 1 },
      { x: 2, y: 1 },
    ]);
  });
});
