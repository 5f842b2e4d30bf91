/**
 * The goal distance field is kept between queries to the same goal point (a group order) and
 * settled in the session's slices: answers equal a fresh planner's however the queries come and
 * however they are sliced, the reuse saves the field's work, and the field's work is charged to
 * the steps that do it (a step reports at least the corners it settled).
 */
import { describe, expect, it } from 'vitest';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { FIELD_CORNERS_PER_UNIT, GoalDistanceField } from '../../../src/directional/distance-field.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import type { CurveGoal, CurveResult } from '../../../src/curves/curve-planner.js';
import type { Pose } from '../../../src/curves/segment.js';
import { MAX_PIECE_UNITS } from '../../../src/search/stepped-build.js';
import { Grid } from '../../../src/grid/grid.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

const UNIT = { turningRadius: 1.5, width: 0.6 };

/** Starts per goal: a group order. */
const GROUP = 6;

function freeCentres(grid: Grid): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) if (!discHitsBlocked(grid, x + 0.5, y + 0.5, 0.3)) out.push({ x: x + 0.5, y: y + 0.5 });
  return out;
}

function pick(rng: Rng, free: { x: number; y: number }[]): { x: number; y: number } {
  return free[rng.int(free.length)]!;
}

/** Runs a search in steps of `slice` units; returns the result and the largest step's work. */
function sliced(planner: DirectionalPlanner, start: Pose, goal: CurveGoal, slice: number): { result: CurveResult; largest: number } {
  const search = planner.createSearch(start, goal);
  let largest = 0;
  for (let steps = 0; ; steps++) {
    const before = search.work;
    const r = search.step(slice);
    largest = Math.max(largest, search.work - before);
    if (r) return { result: r, largest };
    if (steps > 1e6) throw new Error('the search does not end');
  }
}

/**
 * What must not depend on history or slicing: the status, and a found path with its expansions. A
 * failure's expansions may: the proof beside the search takes its turns by work units, and the
 * kinematic table (shared by the planners of a profile) may hold entries another query computed.
 */
/** Counts the corners every goal distance field expands, until `restore`. */
function countCorners(): { corners: number; restore: () => void } {
  const proto = GoalDistanceField.prototype as unknown as { expandNext: () => void };
  const expand = proto.expandNext;
  const counter = {
    corners: 0,
    restore: (): void => void (proto.expandNext = expand),
  };
  proto.expandNext = function (this: GoalDistanceField): void {
    counter.corners++;
    expand.call(this);
  };
  return counter;
}

const summary = (r: CurveResult): unknown => (r.status === 'found' ? { status: r.status, length: r.length, expanded: r.expanded } : { status: r.status });

describe('the goal distance field across queries and slices', () => {
  it('a group order to one goal answers as fresh planners do, settling fewer field corners', () => {
    const rng = makeRng(5150);
    const settled = countCorners();
    let reused = 0;
    let fresh = 0;
    let groups = 0;
    try {
      for (let t = 0; t < 40; t++) {
        const grid = randomGrid(rng, { width: rng.range(12, 30), height: rng.range(12, 30), density: rng.next() * 0.25 });
        const free = freeCentres(grid);
        if (free.length < 4) continue;
        const shared = new DirectionalPlanner(grid, UNIT);
        if (shared.refusal) continue;
        shared.buildTables();
        groups++;
        const goal = { ...pick(rng, free), heading: rng.chance(0.5) ? null : rng.next() * 2 * Math.PI };
        for (let i = 0; i < GROUP; i++) {
          const start = { ...pick(rng, free), heading: rng.next() * 2 * Math.PI };
          const own = new DirectionalPlanner(grid, UNIT);
          own.buildTables();
          let corners = settled.corners;
          const a = shared.findPath(start, goal);
          reused += settled.corners - corners;
          corners = settled.corners;
          const b = own.findPath(start, goal);
          fresh += settled.corners - corners;
          expect(summary(a), `map ${t}, start ${i}`).toEqual(summary(b));
        }
      }
    } finally {
      settled.restore();
    }
    expect(groups).toBeGreaterThan(20);
    expect(reused).toBeLessThan(0.8 * fresh);
  });

  it('sliced queries answer as unsliced ones, each step within its allowance and a piece, the field charged to the step that settles it', () => {
    const rng = makeRng(5151);
    const settled = countCorners();
    try {
      let compared = 0;
      for (let t = 0; t < 30; t++) {
        const grid = randomGrid(rng, { width: rng.range(20, 40), height: rng.range(20, 40), density: rng.next() * 0.2 });
        const free = freeCentres(grid);
        if (free.length < 4) continue;
        const planner = new DirectionalPlanner(grid, UNIT);
        const reference = new DirectionalPlanner(grid, UNIT);
        if (planner.refusal) continue;
        planner.buildTables();
        for (let q = 0; q < 4; q++) {
          const start = { ...pick(rng, free), heading: rng.next() * 2 * Math.PI };
          const goal = { ...pick(rng, free), heading: null };
          const slice = rng.range(1, 40);
          const search = planner.createSearch(start, goal);
          let result: CurveResult | undefined;
          while (!result) {
            const work = search.work;
            const corners = settled.corners;
            result = search.step(slice);
            const did = search.work - work;
            expect(did).toBeLessThanOrEqual(slice + MAX_PIECE_UNITS);
            // Every corner settled in a step is in the work it reports.
            expect(did + 1e-9).toBeGreaterThanOrEqual((settled.corners - corners) / FIELD_CORNERS_PER_UNIT);
          }
          expect(summary(result), `map ${t}, query ${q}, slice ${slice}`).toEqual(summary(reference.findPath(start, goal)));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(60);
    } finally {
      settled.restore();
    }
  });
});
