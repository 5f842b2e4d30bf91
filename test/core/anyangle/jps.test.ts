import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JumpPointSearch, JumpPointSearchPS } from '../../../src/anyangle/jps.js';
import { Grid } from '../../../src/grid/grid.js';
import { parseScenarios } from '../../../src/grid/scenario.js';
import { AStar } from '../../../src/search/astar.js';
import { brutePathLegal } from '../../support/brute-los.js';
import { dijkstraLength, lengthMismatch, type LatticeSpec } from '../../support/dijkstra.js';
import { randomFreePoint, type PointKind } from '../../support/queries.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/** Seeded sweeps over thousands of cases: generous on a busy machine. */
const SLOW = { timeout: 120_000 };

const TOLERANCE = 1e-9;
const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

describe('JPS: lengths equal an independent Dijkstra on random grids', () => {
  const specs: LatticeSpec[] = [
    { lattice: 'corner', connectivity: 8 },
    { lattice: 'cell', connectivity: 8 },
    { lattice: 'corner', connectivity: 4 },
  ];
  for (const spec of specs) {
    it(`${spec.lattice} lattice, ${spec.connectivity} neighbours`, SLOW, () => {
      const seed = 2000 + specs.indexOf(spec);
      const rng = makeRng(seed);
      const kinds: PointKind[] = spec.lattice === 'corner' ? ['corner', 'corner', 'real'] : ['cell'];
      let compared = 0;
      for (let t = 0; t < 1500; t++) {
        const big = rng.chance(0.15);
        const grid = randomGrid(rng, big ? { width: rng.range(24, 64), height: rng.range(24, 64) } : {});
        const jps = new JumpPointSearch(grid, spec);
        for (let q = 0; q < 3; q++) {
          const kind = rng.pick(kinds);
          const s = randomFreePoint(rng, grid, kind);
          const g = randomFreePoint(rng, grid, kind);
          if (!s || !g) continue;
          const r = jps.findPath(s.x, s.y, g.x, g.y);
          const expected = dijkstraLength(grid, spec, s.x, s.y, g.x, g.y);
          const label = `seed ${seed} case ${t}: (${s.x}, ${s.y}) -> (${g.x}, ${g.y}) on\n${grid.toAscii().join('\n')}`;
          expect(lengthMismatch(r, expected), label).toBeUndefined();
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(3000);
    });
  }

  it('paths are legal: straight runs between jump points, never through a double corner', SLOW, () => {
    const rng = makeRng(2100);
    for (let t = 0; t < 400; t++) {
      const grid = randomGrid(rng, { mode: 'tricky' });
      const jps = new JumpPointSearch(grid);
      const s = randomFreePoint(rng, grid, 'real');
      const g = randomFreePoint(rng, grid, 'real');
      if (!s || !g) continue;
      const r = jps.findPath(s.x, s.y, g.x, g.y);
      if (r.status === 'found') expect(brutePathLegal(grid, r.points), `seed 2100 case ${t}`).toBe(true);
    }
  });
});

describe('JPS on a game map (arena, Moving AI scenarios)', () => {
  const grid = Grid.fromMovingAi(fixture('arena.map'));
  const scenarios = parseScenarios(fixture('arena.map.scen'));

  it('cell lattice: every scenario at its published optimal length', () => {
    const jps = new JumpPointSearch(grid, { lattice: 'cell' });
    for (const s of scenarios) {
      const r = jps.findPath(s.startX + 0.5, s.startY + 0.5, s.goalX + 0.5, s.goalY + 0.5);
      expect(r.status).toBe('found');
      // The .scen file prints lengths to 5 significant digits or so.
      expect(Math.abs(r.length - s.optimalLength)).toBeLessThan(1e-3 * Math.max(1, s.optimalLength));
    }
  });

  it('corner lattice: the same lengths as A*, with fewer expansions', () => {
    const jps = new JumpPointSearch(grid);
    const astar = new AStar(grid);
    let jpsExpanded = 0;
    let astarExpanded = 0;
    for (const s of scenarios) {
      const a = astar.findPath(s.startX, s.startY, s.goalX, s.goalY);
      const j = jps.findPath(s.startX, s.startY, s.goalX, s.goalY);
      expect(j.status).toBe(a.status);
      expect(Math.abs(j.length - a.length)).toBeLessThan(TOLERANCE * Math.max(1, a.length));
      jpsExpanded += j.expanded;
      astarExpanded += a.expanded;
    }
    expect(jpsExpanded).toBeLessThan(astarExpanded / 2);
  });
});

describe('JPS PS', () => {
  it('is never longer than JPS, legal, and matches A* PS on lattice paths of the same shape', SLOW, () => {
    const rng = makeRng(2200);
    for (let t = 0; t < 300; t++) {
      const grid = randomGrid(rng);
      const cells = rng.chance(0.3);
      const spec = { lattice: cells ? 'cell' : 'corner' } as const;
      const s = randomFreePoint(rng, grid, cells ? 'cell' : 'real');
      const g = randomFreePoint(rng, grid, cells ? 'cell' : 'real');
      if (!s || !g) continue;
      const plain = new JumpPointSearch(grid, spec).findPath(s.x, s.y, g.x, g.y);
      const smooth = new JumpPointSearchPS(grid, spec).findPath(s.x, s.y, g.x, g.y);
      expect(smooth.status).toBe(plain.status);
      if (smooth.status !== 'found') continue;
      const label = `seed 2200 case ${t}`;
      expect(smooth.length, label).toBeLessThanOrEqual(plain.length + TOLERANCE);
      expect(brutePathLegal(grid, smooth.points), label).toBe(true);
      expect(smooth.points[0], label).toEqual(plain.points[0]);
      expect(smooth.points.at(-1), label).toEqual(plain.points.at(-1));
    }
  });
});
