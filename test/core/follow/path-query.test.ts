/**
 * One-off path queries of the navigator: the path a move would drive, with the same statuses,
 * answered within the frame budget, never thrown, and cancelled when the navigator goes.
 */
import { describe, expect, it } from 'vitest';
import { Navigator, type MoveOptions } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import { lineOfSight } from '../../../src/grid/line-of-sight.js';
import { pathHitsBlocked } from '../../../src/curves/footprint.js';
import type { Point } from '../../../src/grid/point.js';
import type { Pose } from '../../../src/curves/segment.js';
import type { PathQueryResult } from '../../../src/follow/path-query.js';

const DT = 1 / 60;

/** A wall with a one-tile gap at row 1, and a sealed room in the east (x 12..14). */
const MAP = [
  '........#...#...',
  '............#...',
  '........#...#...',
  '........#...####',
  '........#.......',
];

function setup(options?: ConstructorParameters<typeof Navigator<Pose>>[2]) {
  const grid = Grid.fromAscii(MAP);
  const nav = new Navigator<Pose>(grid, { read: (u) => ({ ...u }), write: (u, p) => void Object.assign(u, p) }, options);
  return { grid, nav };
}

/** Runs frames until every query has answered (or `limit` frames); returns the frames run. */
async function settle(nav: Navigator<Pose>, boxes: readonly { answer: PathQueryResult | undefined }[], limit = 2000): Promise<number> {
  let frames = 0;
  await Promise.resolve();
  while (boxes.some((b) => b.answer === undefined) && frames < limit) {
    nav.update(DT);
    frames++;
    await Promise.resolve();
    await Promise.resolve();
  }
  return frames;
}

function track(query: Promise<PathQueryResult>): { answer: PathQueryResult | undefined } {
  const box: { answer: PathQueryResult | undefined } = { answer: undefined };
  void query.then((a) => (box.answer = a));
  return box;
}

/** The failure a move with the same order ends with. */
async function moveFailure(nav: Navigator<Pose>, from: Pose, goal: Point, options: MoveOptions): Promise<string | undefined> {
  const unit = { ...from };
  const move = nav.moveTo(unit, goal, { speed: 4, ...options });
  for (let i = 0; i < 2000 && move.state === 'planning'; i++) nav.update(DT);
  const failure = move.failure ?? (move.state === 'moving' ? 'found' : move.state);
  nav.removeUnit(unit);
  return failure;
}

describe('Navigator.findPath', () => {
  it('answers with a legal path through the gap, the path a move would drive, without moving anything', async () => {
    const { grid, nav } = setup();
    const unit: Pose = { x: 2.5, y: 3.5, heading: 0 };
    nav.addUnit(unit, { speed: 4 });
    const box = track(nav.findPath(unit, { x: 10.5, y: 3.5 }));
    expect(box.answer).toBeUndefined();
    await settle(nav, [box]);
    const a = box.answer!;
    expect(a.status).toBe('found');
    expect(a.points[0]).toEqual({ x: 2.5, y: 3.5 });
    expect(a.points.at(-1)).toEqual({ x: 10.5, y: 3.5 });
    expect(a.goal).toEqual({ x: 10.5, y: 3.5 });
    // Every leg is legal by the grid rule, and the legs add up to the length.
    let sum = 0;
    for (let i = 1; i < a.points.length; i++) {
      const p = a.points[i - 1]!;
      const q = a.points[i]!;
      expect(lineOfSight(grid, p.x, p.y, q.x, q.y)).toBe(true);
      sum += Math.hypot(q.x - p.x, q.y - p.y);
    }
    expect(a.length).toBeCloseTo(sum, 9);
    // Through the gap: it must pass the wall's column within row 1 (y in [1, 2]).
    expect(a.points.some((p) => p.x >= 8 && p.x <= 9 && p.y >= 1 && p.y <= 2)).toBe(true);
    expect(unit).toEqual({ x: 2.5, y: 3.5, heading: 0 });
    // The move of the same order drives that very path.
    const move = nav.moveTo(unit, { x: 10.5, y: 3.5 });
    for (let i = 0; i < 100 && move.state === 'planning'; i++) nav.update(DT);
    expect(move.path!.length).toBeCloseTo(a.length, 9);
  });

  it('gives the statuses a move with the same order fails with', async () => {
    const { nav } = setup();
    const from: Pose = { x: 2.5, y: 2.5, heading: 0 };
    const cases: [Point, MoveOptions, string][] = [
      [{ x: 13.5, y: 1.5 }, {}, 'no-path'],
      [{ x: 8.5, y: 3.5 }, {}, 'goal-blocked'],
      [{ x: -3, y: 1 }, {}, 'out-of-bounds'],
      [{ x: 10.5, y: 1.5 }, { width: 1.5 }, 'no-path'],
      [{ x: 10.5, y: 1.5 }, { planner: 'no-such-planner' }, 'invalid'],
      [{ x: 10.5, y: 1.5 }, { heading: NaN }, 'invalid'],
    ];
    for (const [goal, options, status] of cases) {
      const box = track(nav.findPath(from, goal, options));
      await settle(nav, [box]);
      expect(box.answer!.status, JSON.stringify({ goal, options })).toBe(status);
      expect(box.answer!.reason).toBeTypeOf('string');
      expect(box.answer!.points).toEqual([]);
      expect(await moveFailure(nav, from, goal, options)).toBe(status);
    }
    // A start inside a wall: the move's status, whatever it is, is the query's.
    const walled: Pose = { x: 8.5, y: 3.5, heading: 0 };
    const box = track(nav.findPath(walled, { x: 2.5, y: 2.5 }));
    await settle(nav, [box]);
    expect(box.answer!.status).toBe(await moveFailure(nav, walled, { x: 2.5, y: 2.5 }, {}));
  });

  it('plans a vehicle\'s drivable path, the footprint off every wall', async () => {
    const { grid, nav } = setup();
    const box = track(nav.findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 6.5, y: 3.5 }, { turningRadius: 1, width: 0.6 }));
    await settle(nav, [box]);
    const a = box.answer!;
    expect(a.status).toBe('found');
    expect(a.path!.segments.some((s) => s.kind === 'arc')).toBe(true);
    expect(pathHitsBlocked(grid, a.path!, 0.3)).toBe(false);
    expect(a.length).toBeCloseTo(a.path!.length, 12);
  });

  it('spreads its planning over frames within the budget, and answers nothing before an update', async () => {
    const grid = new Grid(200, 200);
    for (let y = 0; y < 199; y++) grid.setBlocked(100, y, true);
    const nav = new Navigator<Pose>(grid, { read: (u) => ({ ...u }), write: (u, p) => void Object.assign(u, p) }, { budget: { expansions: 200 } });
    const box = track(nav.findPath({ x: 10.5, y: 10.5 }, { x: 190.5, y: 10.5 }, { planner: 'astar' }));
    await Promise.resolve();
    expect(box.answer).toBeUndefined();
    let frames = 0;
    let most = 0;
    while (box.answer === undefined && frames < 5000) {
      const stats = nav.update(DT);
      most = Math.max(most, stats.expansions);
      frames++;
      await Promise.resolve();
    }
    expect(box.answer!.status).toBe('found');
    expect(frames).toBeGreaterThan(5);
    // A step may pass its slice by a piece: never by a whole search.
    expect(most).toBeLessThan(400);
  });

  it('answers bad input invalid, never throwing', async () => {
    const { nav } = setup();
    const bad: [unknown, unknown, unknown][] = [
      [null, { x: 1.5, y: 1.5 }, {}],
      [{ x: NaN, y: 1 }, { x: 1.5, y: 1.5 }, {}],
      [{ x: 1.5, y: 1.5, heading: Infinity }, { x: 1.5, y: 1.5 }, {}],
      ['unit', { x: 1.5, y: 1.5 }, {}],
      [{ x: 1.5, y: 1.5 }, null, {}],
      [{ x: 1.5, y: 1.5 }, { x: 'a', y: 1 }, {}],
      [{ x: 1.5, y: 1.5 }, { x: 3.5, y: 1.5 }, null],
      [{ x: 1.5, y: 1.5 }, { x: 3.5, y: 1.5 }, { speed: -1 }],
      [{ x: 1.5, y: 1.5 }, { x: 3.5, y: 1.5 }, { width: 100 }],
      [{ x: 1.5, y: 1.5 }, { x: 3.5, y: 1.5 }, { turningRadius: 1e9 }],
      [{ x: 1.5, y: 1.5 }, { x: 3.5, y: 1.5 }, { nearest: 'yes' }],
    ];
    const boxes = bad.map(([from, goal, options]) => track(nav.findPath(from as Pose, goal as Point, options as MoveOptions)));
    await settle(nav, boxes);
    for (const [i, b] of boxes.entries()) {
      expect(b.answer!.status, JSON.stringify(bad[i])).toBe('invalid');
      expect(b.answer!.reason).toMatch(/\w/);
    }
  });

  it('answers pending queries cancelled when the navigator is destroyed, and later ones at once', async () => {
    const { nav } = setup({ budget: { expansions: 1 } });
    const box = track(nav.findPath({ x: 1.5, y: 1.5 }, { x: 10.5, y: 4.5 }));
    nav.update(DT);
    nav.destroy();
    await Promise.resolve();
    expect(box.answer).toEqual({ status: 'cancelled', reason: 'the navigator was destroyed', points: [], length: 0 });
    const later = await nav.findPath({ x: 1.5, y: 1.5 }, { x: 3.5, y: 1.5 });
    expect(later.status).toBe('cancelled');
  });
});
