/**
 * Fuzz: throwing user callbacks around grid changes. A game's `onChange` listener that throws
 * (added before any planner exists, so it would run first), and `fill` predicates that throw
 * part-way, must leave every planner answering exactly as a fresh planner on a copy of the grid.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { createPlanner, plannerNames } from '../../../src/planners.js';
import type { Planner } from '../../../src/search/planner.js';
import { randomFreePoint } from '../../support/queries.js';
import { makeRng, randomGrid } from '../../support/rng.js';

const SEEDS = 40;
const CHANGES_PER_SEED = 25;
const QUERIES_PER_CHANGE = 3;

/** Applies one random change; returns false when it threw and so must have changed nothing. */
function randomChange(rng: ReturnType<typeof makeRng>, grid: Grid): void {
  const x = rng.int(grid.width);
  const y = rng.int(grid.height);
  if (rng.chance(0.6)) {
    grid.setBlocked(x, y, !grid.isBlocked(x, y));
    return;
  }
  const w = rng.range(1, 5);
  const h = rng.range(1, 5);
  const explode = rng.chance(0.4) ? rng.int(w * h) : -1;
  let asked = 0;
  grid.fill(x, y, w, h, () => {
    if (asked++ === explode) throw new Error('predicate broke');
    return rng.chance(0.35);
  });
}

describe('fuzz: throwing callbacks never leave a planner stale', () => {
  it(`${SEEDS} seeds x ${CHANGES_PER_SEED} changes: every planner equals a fresh one on a copy`, () => {
    let compared = 0;
    let listenerErrors = 0;
    let predicateErrors = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const rng = makeRng(seed * 7919);
      const grid = randomGrid(rng, { width: rng.range(4, 16), height: rng.range(4, 16), density: 0.25 });
      let heard = 0;
      grid.onChange(() => {
        heard++;
        throw new Error('game listener broke');
      });
      const planners = new Map<string, Planner>(plannerNames().map((name) => [name, createPlanner(name, grid)]));
      // Warm every cache before the changes start, so a missed change would leave it stale.
      for (const p of planners.values()) p.findPath(0, 0, grid.width, grid.height);
      for (let c = 0; c < CHANGES_PER_SEED; c++) {
        const before = grid.toAscii();
        const version = grid.version;
        const heardBefore = heard;
        try {
          randomChange(rng, grid);
        } catch (error) {
          if ((error as Error).message === 'predicate broke') {
            predicateErrors++;
            expect(grid.toAscii(), `seed ${seed} change ${c}`).toEqual(before);
            expect(grid.version).toBe(version);
            expect(heard).toBe(heardBefore);
          } else {
            expect((error as Error).message).toBe('game listener broke');
            listenerErrors++;
          }
        }
        const copy = grid.clone();
        for (let q = 0; q < QUERIES_PER_CHANGE; q++) {
          const s = randomFreePoint(rng, grid, 'corner');
          const g = randomFreePoint(rng, grid, 'corner');
          if (!s || !g) continue;
          for (const [name, planner] of planners) {
            const got = planner.findPath(s.x, s.y, g.x, g.y);
            const want = createPlanner(name, copy).findPath(s.x, s.y, g.x, g.y);
            const where = `seed ${seed} change ${c} ${name} (${s.x},${s.y})->(${g.x},${g.y})`;
            expect(got.status, where).toBe(want.status);
            if (want.status === 'found') expect(Math.abs(got.length - want.length), where).toBeLessThan(1e-9 * (1 + want.length));
            compared++;
          }
        }
      }
    }
    expect(listenerErrors).toBeGreaterThan(200);
    expect(predicateErrors).toBeGreaterThan(50);
    expect(compared).toBeGreaterThan(10_000);
  });
});
