/**
 * Hostile callers through a real plan worker (a `worker_threads` Worker running node-entry.ts):
 * the planner fuzz cases (NaN, infinities, huge numbers, poses in walls and off the map, profiles
 * at the edges of their ranges, grids edited mid-plan) sent across, and the client's own hazards
 * (plans queued then the client destroyed, a worker that answers after it was declared dead).
 * Every answer is a typed status, the same as in-thread, never a hang, never a path through a wall.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { tsWorker } from '../../../bench/lib/ts-worker.js';
import { Grid } from '../../../src/grid/grid.js';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Move } from '../../../src/follow/move.js';
import { PlanQueue } from '../../../src/follow/plan-queue.js';
import { RouteContext, type Route, type RouteRequest } from '../../../src/follow/route.js';
import type { Pose } from '../../../src/curves/segment.js';
import { segmentToJSON } from '../../../src/curves/segment.js';
import { plannerEntries } from '../../../src/planners.js';
import { resolveProfile, type ResolvedProfile } from '../../../src/unit/profile.js';
import { PlanWorkerClient, SILENT_WORKER_MS, type PlanWorkerPort } from '../../../src/worker/client.js';
import { nodePort } from '../../../src/worker/port.js';
import type { FromWorker, ToWorker } from '../../../src/worker/protocol.js';
import { EXTREMES } from '../../support/extremes.js';
import { overlappedCells, samplePoses } from '../../support/footprint-sampler.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';
import { planHere, routeFacts, turn } from './pair.js';

/** A frame's wait for the worker: a real game's frames leave the worker milliseconds, not one turn of the event loop. */
const frameTime = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 2));

const ENTRY = new URL('../../../src/worker/node-entry.ts', import.meta.url);

const STATUSES = ['found', 'no-path', 'no-room-to-turn', 'start-blocked', 'goal-blocked', 'out-of-bounds', 'invalid', 'budget', 'cancelled'];

/** Vehicles across the profile ranges: ordinary, at the edges (radius 64, width past every corridor), costs at their limits. */
const PROFILES: ResolvedProfile[] = [
  { speed: 3, turningRadius: 2, width: 0.8, reverse: true },
  { speed: 2, turningRadius: 1.5, width: 0.6 },
  { speed: 2, turningRadius: 1, width: 2.5 },
  { speed: 1e15, turningRadius: 64, width: 0.5 },
  { speed: 1, turningRadius: 1, width: 64 },
  // Not turnPenalty at its limit: from about 100 the directional tables take seconds to build
  // in-thread too, and from about 1e3 they throw (Invalid typed array length, hit-check.ts).
  { speed: 4, turningRadius: 3, width: 1, length: 2, reverse: true, reverseCost: 1e6, turnPenalty: 10 },
  { speed: 4, turningRadius: 0.5, width: 1e-300 },
].map(resolveProfile);

/** Planner names a vehicle's order may carry: every built-in one (curve, polyline, and those units may not use). */
const PLANNERS = [undefined, ...plannerEntries().map((e) => e.name)];

/** A coordinate: often extreme, sometimes off the map, else a cell centre, corner or edge (inside walls too). */
function coordinate(rng: Rng, n: number): number {
  if (rng.chance(0.2)) return rng.pick(EXTREMES);
  if (rng.chance(0.15)) return rng.next() * (n + 6) - 3;
  return rng.int(Math.max(1, n)) + rng.pick([0.5, 0, 0.25, 1 - 1e-12]);
}

/** A free cell centre of `grid`, or the middle of the map when it has none. */
function freeCentre(rng: Rng, grid: Grid): { x: number; y: number } {
  for (let i = 0; i < 200; i++) {
    const x = rng.int(Math.max(1, grid.width));
    const y = rng.int(Math.max(1, grid.height));
    if (!grid.isBlocked(x, y)) return { x: x + 0.5, y: y + 0.5 };
  }
  return { x: grid.width / 2, y: grid.height / 2 };
}

/** An ordinary order between free cells, with one to three of its fields made hostile (most of the time). */
function hostileRequest(rng: Rng, grid: Grid): RouteRequest {
  const from = freeCentre(rng, grid);
  const request: RouteRequest = {
    start: { ...from, heading: rng.next() * 7 - 3.5 },
    goal: freeCentre(rng, grid),
    profile: PROFILES[rng.int(2)]!,
  };
  for (let k = rng.chance(0.2) ? 0 : rng.range(1, 3); k > 0; k--) {
    switch (rng.int(9)) {
      case 0: request.start.x = coordinate(rng, grid.width); break;
      case 1: request.start.y = coordinate(rng, grid.height); break;
      case 2: request.start.heading = rng.pick(EXTREMES); break;
      case 3: request.goal.x = coordinate(rng, grid.width); break;
      case 4: request.goal.y = coordinate(rng, grid.height); break;
      case 5: request.goalHeading = rng.chance(0.6) ? rng.pick(EXTREMES) : rng.next() * 7 - 3.5; break;
      case 6: request.tolerance = rng.pick(EXTREMES); break;
      case 7: request.profile = rng.pick(PROFILES); break;
      default: request.planner = rng.pick(PLANNERS);
    }
  }
  if (rng.chance(0.3)) request.nearest = true;
  return request;
}

/** Plans `requests` through `client` all at once (answers delivered through a plan queue, as the navigator's are). */
async function planAll(client: PlanWorkerClient, grid: Grid, requests: readonly RouteRequest[], routes: RouteContext): Promise<Route[]> {
  const queue = new PlanQueue({ expansions: 1e9 });
  const answers: (Route | undefined)[] = requests.map(() => undefined);
  const errors: unknown[] = [];
  requests.forEach((request, i) => {
    const job = client.job(grid, request, { queue, routes, urgent: false }, (r) => (answers[i] = r), (e) => errors.push(e));
    if (!job) throw new Error(`the client refused plan ${i}: ${JSON.stringify(request)}`);
  });
  while (answers.includes(undefined) && errors.length === 0) {
    await turn();
    queue.run();
  }
  expect(errors).toEqual([]);
  return answers as Route[];
}

/** The first place where a disc of radius r moving along the route overlaps a blocked cell, or null. */
function wallHit(grid: Grid, route: Route, r: number): string | null {
  if (!route.path) return null;
  for (const p of samplePoses(route.path.segments.map(segmentToJSON), 0.02)) {
    const hit = overlappedCells(grid, p.x, p.y, r);
    if (hit.length > 0) return `(${p.x.toFixed(3)}, ${p.y.toFixed(3)}) overlaps cell (${hit[0]!.join(', ')})`;
  }
  return null;
}

/**
 * Vehicles ordered and re-ordered on a grid edited every few frames (walls built and opened, never
 * on a unit), planned by `client`'s workers: at every adoption the route is clear of the grid as
 * it is then; once the edits stop, every move ends, none with an error.
 */
async function editedWhilePlanning(client: PlanWorkerClient, seed: number): Promise<void> {
  const ADOPTIONS = 40;
  const rng = makeRng(seed);
  const grid = randomGrid(rng, { width: 40, height: 30, density: 0.05, mode: 'uniform' });
  const errors: unknown[] = [];
  const nav = new Navigator<{ pose: Pose }>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker: client, onError: (e) => void errors.push(e) });
  const units: { pose: Pose; r: number }[] = [];
  const moves: Move<{ pose: Pose }>[] = [];
  const last = new Map<{ pose: Pose; r: number }, Move<{ pose: Pose }>>();
  let adopted = 0;
  const bad: string[] = [];
  const free = (): { x: number; y: number } => {
    for (;;) {
      const x = rng.int(40);
      const y = rng.int(30);
      if (!grid.isBlocked(x, y)) return { x: x + 0.5, y: y + 0.5 };
    }
  };
  const order = (unit: { pose: Pose; r: number }): void => {
    const move = nav.moveTo(unit, free(), rng.chance(0.3) ? { nearest: true } : {});
    // At adoption, the route from where the unit is now is clear of the grid as it is now.
    const check = (): void => {
      adopted++;
      const hit = wallHit(grid, { status: 'found', path: move.path!, waypoints: [], goal: move.path!.end }, unit.r);
      if (hit) bad.push(hit);
    };
    move.on('start', check).on('replan', check);
    moves.push(move);
    last.set(unit, move);
  };
  for (let i = 0; i < 12; i++) {
    const p = free();
    const profile = PROFILES[i % 2]!;
    const unit = { pose: { ...p, heading: rng.next() * 6 - 3 }, r: profile.sweepRadius };
    nav.addUnit(unit, profile);
    units.push(unit);
    order(unit);
  }
  const nearUnit = (x: number, y: number): boolean => units.some((u) => Math.hypot(u.pose.x - x - 0.5, u.pose.y - y - 0.5) < u.r + 2.5);
  let edits = 0;
  // Edits and orders go on until the vehicles have taken ADOPTIONS routes (how many frames that
  // takes depends on the machine), then the moves settle without edits.
  for (let frame = 0; frame < 600 || (adopted < ADOPTIONS && frame < 10_000); frame++) {
    await frameTime();
    if (frame % 3 === 0) {
      // A wall across open ground, or one opened: never on a unit (the edits fuzz covers those).
      const x = rng.int(38);
      const y = rng.int(28);
      const w = rng.range(1, 3);
      const h = rng.range(1, 6);
      let clear = true;
      for (let cy = y; cy < y + h; cy++) for (let cx = x; cx < x + w; cx++) if (nearUnit(cx, cy)) clear = false;
      if (clear) {
        const block = rng.chance(0.5);
        grid.fill(x, y, w, h, () => block);
        edits++;
      }
    }
    // A new order for a unit whose last one was answered (one still planning would only be cancelled).
    const answered = units.filter((u) => last.get(u)!.state !== 'planning');
    if (frame % 10 === 0 && answered.length > 0) order(rng.pick(answered));
    nav.update(1 / 30);
  }
  for (let frame = 0; frame < 6000 && moves.some((m) => !m.ended && m.state === 'planning'); frame++) {
    await frameTime();
    nav.update(1 / 30);
  }
  expect(edits).toBeGreaterThan(100);
  expect(adopted).toBeGreaterThanOrEqual(ADOPTIONS);
  expect(bad).toEqual([]);
  expect(errors).toEqual([]);
  expect(moves.filter((m) => m.state === 'planning')).toEqual([]);
  expect(moves.filter((m) => m.failure === 'error').map((m) => m.reason)).toEqual([]);
  expect(client.alive).toBe(true);
  nav.destroy();
}

describe('hostile callers through a real plan worker', () => {
  let worker: Worker;
  let client: PlanWorkerClient;
  const reported: Error[] = [];
  beforeAll(async () => {
    worker = tsWorker(ENTRY);
    client = new PlanWorkerClient(nodePort<FromWorker, ToWorker>(worker), { onError: (e) => void reported.push(e) });
    await client.ready;
  }, 60_000);
  afterAll(() => client.destroy());

  it('extreme numbers, poses in walls and off the map, profiles at their limits: the in-thread answer, a typed status, no path through a wall', async () => {
    const rng = makeRng(1701);
    const statuses = new Map<string, number>();
    let checked = 0;
    const grids = [
      randomGrid(rng, { width: 24, height: 20, density: 0.25, mode: 'tricky' }),
      randomGrid(rng, { width: 30, height: 12, density: 0.1, mode: 'uniform' }),
      randomGrid(rng, { width: 16, height: 16, density: 0.35, mode: 'uniform' }),
      Grid.fromAscii(['#########', '.........', '#.#.#.#.#', '.........', '#########']),
      new Grid(1, 1),
      new Grid(0, 0),
      new Grid(3, 0),
    ];
    grids[1]!.fillCosts(0, 0, 30, 12, () => 1 + rng.int(4));
    for (const [g, grid] of grids.entries()) {
      client.attach(grid);
      const ctx = new RouteContext(grid);
      const requests = Array.from({ length: grid.width * grid.height > 10 ? 40 : 12 }, () => hostileRequest(rng, grid));
      const there = await planAll(client, grid, requests, new RouteContext(grid));
      requests.forEach((request, q) => {
        const where = `grid ${g} query ${q}: ${JSON.stringify(request, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))}`;
        const here = planHere(grid, request, ctx);
        expect(routeFacts(there[q]!), where).toEqual(routeFacts(here));
        expect(STATUSES, where).toContain(there[q]!.status);
        if (there[q]!.status !== 'found') expect(there[q]!.message, where).toMatch(/\w/);
        statuses.set(here.status, (statuses.get(here.status) ?? 0) + 1);
        // A unit already overlapping a wall first steps out of it: the sampler would flag that step.
        const start = request.start;
        if (there[q]!.status === 'found' && overlappedCells(grid, start.x, start.y, request.profile.sweepRadius).length === 0) {
          expect(wallHit(grid, there[q]!, request.profile.sweepRadius), where).toBeNull();
          checked++;
        }
      });
      client.release(grid);
    }
    // Every kind of answer came up, and the worker is still the one planning.
    for (const status of ['found', 'no-path', 'start-blocked', 'goal-blocked', 'out-of-bounds', 'invalid']) expect(statuses.get(status), status).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(40);
    expect(reported).toEqual([]);
    expect(client.alive).toBe(true);
  });

  it('numbers of the wrong type (strings, objects, symbols, big integers) or a hand-made profile stay in-thread, and the worker lives on', async () => {
    const grid = Grid.fromAscii(['..........', '..##......', '..........', '..........']);
    client.attach(grid);
    const ctx = new RouteContext(grid);
    const base: RouteRequest = { start: { x: 0.5, y: 0.5, heading: 0 }, goal: { x: 8.5, y: 3.5 }, profile: PROFILES[0]! };
    const wild: unknown[] = ['5', { x: 1 }, Symbol('x'), 5n, null, () => 1, [1]];
    const requests: RouteRequest[] = [];
    for (const v of wild) {
      requests.push({ ...base, goal: { x: v as number, y: 3.5 } });
      requests.push({ ...base, start: { ...base.start, heading: v as number } });
      requests.push({ ...base, goalHeading: v as number });
      requests.push({ ...base, tolerance: v as number });
    }
    // Not plain numbers: planned in-thread, where the route's checks answer them (a worker could
    // not even be sent a symbol or a function: the message would not clone).
    for (const request of requests) {
      expect(client.job(grid, request, { queue: new PlanQueue(), routes: ctx, urgent: false }, () => {}, () => {}), JSON.stringify(request, (_k, v: unknown) => String(v))).toBeUndefined();
    }
    expect(client.alive).toBe(true);
    expect(reported).toEqual([]);
    // A profile made by hand, not by resolveProfile (the worker would resolve its fields again, or refuse them).
    for (const profile of [{ ...PROFILES[0]!, turningRadius: Number.NaN }, { ...PROFILES[0]! }]) {
      expect(client.job(grid, { ...base, profile }, { queue: new PlanQueue(), routes: ctx, urgent: false }, () => {}, () => {})).toBeUndefined();
    }
    // A plain order still goes to the worker and is answered there.
    const [after] = await planAll(client, grid, [base], ctx);
    expect(routeFacts(after!)).toEqual(routeFacts(planHere(grid, base, ctx)));
    client.release(grid);
  });

  it('a grid edited every few frames while vehicles plan in the worker: no route adopted through a wall, every move ends', async () => {
    await editedWhilePlanning(client, 1702);
  }, 120_000);
});

describe('the client against a real worker: destroyed with plans queued, answers after death', () => {
  afterEach(() => vi.useRealTimers());

  const exited = (w: Worker): Promise<number> => new Promise((resolve) => w.once('exit', resolve));

  it('a pool of two: the grid edited while both plan, no route adopted through a wall, every move ends', async () => {
    const workers = [tsWorker(ENTRY), tsWorker(ENTRY)];
    const pool = new PlanWorkerClient(workers.map((w) => nodePort<FromWorker, ToWorker>(w)));
    await pool.ready;
    await editedWhilePlanning(pool, 1705);
    pool.destroy();
    await Promise.all(workers.map(exited));
  }, 120_000);

  it('many plans queued, then the client destroyed: each answered once, in-thread, as in-thread; the worker exits', async () => {
    const worker = tsWorker(ENTRY);
    const gone = exited(worker);
    const reported: Error[] = [];
    const client = new PlanWorkerClient(nodePort<FromWorker, ToWorker>(worker), { onError: (e) => void reported.push(e) });
    await client.ready;
    const rng = makeRng(1703);
    const grid = randomGrid(rng, { width: 60, height: 60, density: 0.1, mode: 'uniform' });
    client.attach(grid);
    const ctx = new RouteContext(grid);
    const requests: RouteRequest[] = Array.from({ length: 120 }, () => ({
      start: { x: rng.int(60) + 0.5, y: rng.int(60) + 0.5, heading: rng.next() * 6 - 3 },
      goal: { x: rng.int(60) + 0.5, y: rng.int(60) + 0.5 },
      profile: PROFILES[rng.int(2)]!,
    }));
    const queue = new PlanQueue({ expansions: 1e9 });
    const answers: Route[][] = requests.map(() => []);
    for (const [i, request] of requests.entries()) {
      expect(client.job(grid, request, { queue, routes: ctx, urgent: false }, (r) => void answers[i]!.push(r), (e) => void reported.push(e as Error))).toBeDefined();
    }
    // A few answers in, most still waiting in the worker.
    for (let i = 0; i < 3; i++) {
      await turn();
      queue.run();
    }
    expect(client.waiting).toBeGreaterThan(50);
    client.destroy();
    expect(client.alive).toBe(false);
    expect(client.waiting).toBe(0);
    expect(client.job(grid, requests[0]!, { queue, routes: ctx, urgent: false }, () => {}, () => {})).toBeUndefined();
    for (let i = 0; i < 1000 && answers.some((a) => a.length === 0); i++) {
      await turn();
      queue.run();
    }
    requests.forEach((request, i) => {
      expect(answers[i]!.length, `plan ${i}`).toBe(1);
      expect(routeFacts(answers[i]![0]!), `plan ${i}`).toEqual(routeFacts(planHere(grid, request, ctx)));
    });
    expect(await gone).toBeTypeOf('number');
    expect(reported).toEqual([]);
  }, 60_000);

  it('a worker started on demand and destroyed before it connects exits, and its plans stay in-thread', async () => {
    let worker: Worker | undefined;
    const client = new PlanWorkerClient(() => turn().then(() => nodePort<FromWorker, ToWorker>((worker = tsWorker(ENTRY)))));
    client.prepare(PROFILES[0]!);
    client.destroy();
    for (let i = 0; i < 100 && !worker; i++) await turn();
    expect(worker).toBeDefined();
    expect(await exited(worker!)).toBeTypeOf('number');
    expect(client.alive).toBe(false);
  });

  it('a worker declared dead (silent too long) whose answers come afterwards: they are dropped, each plan answered once, in-thread', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const worker = tsWorker(ENTRY);
    const gone = exited(worker);
    // The worker's messages reach the client only when the test lets them through.
    let held = false;
    const withheld: FromWorker[] = [];
    let listener: (m: FromWorker) => void = () => {};
    const real = nodePort<FromWorker, ToWorker>(worker);
    real.onMessage((m) => (held ? withheld.push(m) : listener(m)));
    let closed = false;
    const port: PlanWorkerPort = {
      post: (m, t) => real.post(m, t),
      onMessage: (l) => void (listener = l),
      onFailure: (l) => real.onFailure!(l),
      // Termination comes late: the worker's answers still arrive after it was given up.
      close: () => void (closed = true),
    };
    const clock = { now: 0 };
    const reported: Error[] = [];
    const client = new PlanWorkerClient(port, { clock: () => clock.now, onError: (e) => void reported.push(e) });
    await client.ready;
    const rng = makeRng(1704);
    const grid = randomGrid(rng, { width: 30, height: 30, density: 0.1, mode: 'uniform' });
    client.attach(grid);
    const ctx = new RouteContext(grid);
    const requests: RouteRequest[] = Array.from({ length: 20 }, () => ({
      start: { x: rng.int(30) + 0.5, y: rng.int(30) + 0.5, heading: 0 },
      goal: { x: rng.int(30) + 0.5, y: rng.int(30) + 0.5 },
      profile: PROFILES[0]!,
    }));
    held = true;
    const queue = new PlanQueue({ expansions: 1e9 });
    const answers: Route[][] = requests.map(() => []);
    for (const [i, request] of requests.entries()) client.job(grid, request, { queue, routes: ctx, urgent: false }, (r) => void answers[i]!.push(r), (e) => void reported.push(e as Error));
    // The worker answers every plan; the client hears none of it.
    for (let i = 0; i < 100_000 && withheld.filter((m) => m.type === 'route').length < requests.length; i++) await turn();
    expect(withheld.filter((m) => m.type === 'route').length).toBe(requests.length);
    for (let s = 0; s <= SILENT_WORKER_MS; s += 1000) {
      clock.now += 1000;
      vi.advanceTimersByTime(1000);
    }
    expect(client.alive).toBe(false);
    expect(closed).toBe(true);
    expect(reported.map((e) => e.message)).toEqual([expect.stringMatching(/silent/)]);
    // Now the answers come: too late, the plans are in-thread already.
    held = false;
    for (const m of withheld) listener(m);
    for (let i = 0; i < 1000 && answers.some((a) => a.length === 0); i++) queue.run();
    requests.forEach((request, i) => {
      expect(answers[i]!.length, `plan ${i}`).toBe(1);
      expect(routeFacts(answers[i]![0]!), `plan ${i}`).toEqual(routeFacts(planHere(grid, request, ctx)));
    });
    expect(reported.length).toBe(1);
    await worker.terminate();
    await gone;
  }, 60_000);
});
