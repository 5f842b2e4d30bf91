import { afterEach, describe, expect, it, vi } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Move } from '../../../src/follow/move.js';
import { PlanQueue } from '../../../src/follow/plan-queue.js';
import { RouteContext, type Route, type RouteRequest } from '../../../src/follow/route.js';
import type { Pose } from '../../../src/curves/segment.js';
import { segmentToJSON } from '../../../src/curves/segment.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { MAX_STALE_REPLANS, PlanWorkerClient, SILENT_STARTING_WORKER_MS, SILENT_WORKER_MS, type PlanWorkerPort } from '../../../src/worker/client.js';
import { BUSY_EVERY_MS, servePlans, WORKER_SLICE_MS } from '../../../src/worker/host.js';
import { nodePort } from '../../../src/worker/port.js';
import { patchOf, PROTOCOL_VERSION, requestToWire, type FromWorker, type ToWorker } from '../../../src/worker/protocol.js';
import { pathProblem } from '../../support/footprint-sampler.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';
import { heldPair, inProcessPair, planHere, planThrough, routeFacts, silentPort, turn, type Pair } from './pair.js';
import { MessageChannel } from 'node:worker_threads';

const TANK = resolveProfile({ speed: 3, turningRadius: 2, width: 0.8, reverse: true });
const SHIP = resolveProfile({ speed: 2, turningRadius: 1.5, width: 0.6 });

let pair: Pair | undefined;
afterEach(() => {
  pair?.close();
  pair = undefined;
});

/** A free cell centre of `grid` with a random heading. */
function freePose(rng: Rng, grid: Grid): Pose {
  for (;;) {
    const x = rng.int(grid.width);
    const y = rng.int(grid.height);
    if (!grid.isBlocked(x, y)) return { x: x + 0.5, y: y + 0.5, heading: rng.next() * 2 * Math.PI - Math.PI };
  }
}

function randomRequest(rng: Rng, grid: Grid): RouteRequest {
  const start = freePose(rng, grid);
  const goal = freePose(rng, grid);
  return {
    start,
    goal: { x: goal.x, y: goal.y },
    profile: rng.chance(0.5) ? TANK : SHIP,
    ...(rng.chance(0.3) ? { goalHeading: goal.heading } : {}),
    ...(rng.chance(0.2) ? { planner: 'directional' } : {}),
    ...(rng.chance(0.2) ? { nearest: true } : {}),
  };
}

describe('plan worker (host and client over a MessageChannel)', () => {
  it('plans every request as the navigator would in-thread (seeded random queries)', async () => {
    pair = inProcessPair();
    const rng = makeRng(1717);
    let found = 0;
    let total = 0;
    for (let g = 0; g < 6; g++) {
      const grid = randomGrid(rng, { width: 36, height: 30, density: 0.12, mode: g % 2 === 0 ? 'uniform' : 'tricky' });
      if (g % 3 === 2) grid.fillCosts(0, 0, 36, 30, () => 1 + rng.int(3));
      pair.client.attach(grid);
      const ctx = new RouteContext(grid);
      for (let q = 0; q < 40; q++) {
        const request = randomRequest(rng, grid);
        const there = await planThrough(pair.client, grid, request);
        const here = planHere(grid, request, ctx);
        expect(routeFacts(there), `grid ${g} query ${q}`).toEqual(routeFacts(here));
        total++;
        if (here.status === 'found') found++;
      }
      pair.client.release(grid);
    }
    expect(total).toBe(240);
    // Enough of both kinds of answer to mean something.
    expect(found).toBeGreaterThan(60);
    expect(found).toBeLessThan(total);
  });

  it('mirrors tile and cost edits: a plan after edits equals the in-thread plan on the edited grid', async () => {
    pair = inProcessPair();
    const rng = makeRng(1718);
    const grid = randomGrid(rng, { width: 32, height: 32, density: 0.1, mode: 'uniform' });
    pair.client.attach(grid);
    const ctx = new RouteContext(grid);
    for (let round = 0; round < 40; round++) {
      for (let e = 0; e < 6; e++) {
        const x = rng.int(32);
        const y = rng.int(32);
        const kind = rng.int(4);
        if (kind === 0) grid.setBlocked(x, y, !grid.isBlocked(x, y));
        else if (kind === 1) grid.setCost(x, y, 1 + rng.int(5));
        else if (kind === 2) grid.fill(x, y, rng.range(1, 6), rng.range(1, 3), () => rng.chance(0.4));
        else grid.fillCosts(x, y, rng.range(1, 8), rng.range(1, 8), () => 1 + rng.int(3));
      }
      const request = randomRequest(rng, grid);
      const there = await planThrough(pair.client, grid, request);
      expect(routeFacts(there), `round ${round}`).toEqual(routeFacts(planHere(grid, request, ctx)));
    }
  });

  it('an edit mid-search gives a legal route or a replan, never a path through the new wall', async () => {
    const rng = makeRng(1719);
    let walled = 0;
    for (let trial = 0; trial < 8; trial++) {
      pair?.close();
      pair = inProcessPair();
      const grid = new Grid(60, 40);
      const nav = new Navigator<{ pose: Pose }>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker: pair.client });
      const unit = { pose: { x: 5.5, y: 20.5, heading: 0 } };
      nav.addUnit(unit, { speed: 3, turningRadius: 2, width: 0.8, reverse: trial % 2 === 0 });
      const move: Move<{ pose: Pose }> = nav.moveTo(unit, { x: 54.5, y: 20.5 });
      // Let the worker begin (0 to a few slices), then wall off the straight way, a gap at one end.
      for (let i = rng.int(3); i > 0; i--) await turn();
      const gapTop = rng.chance(0.5);
      grid.fill(30, 0, 2, 40, (_x, y) => (gapTop ? y >= 8 : y < 32));
      for (let frame = 0; frame < 2000 && move.state !== 'moving' && !move.ended; frame++) {
        await turn();
        nav.update(1 / 60);
      }
      expect(move.state, `trial ${trial}`).toBe('moving');
      const path = move.path!;
      const problem = pathProblem(grid, path.segments.map(segmentToJSON), { start: path.start, goal: { x: 54.5, y: 20.5 }, turningRadius: 2, sweepRadius: 0.4 });
      expect(problem, `trial ${trial}`).toBeNull();
      if (path.segments.some((s) => s.y < 8 || s.y > 32)) walled++;
      nav.destroy();
    }
    // The routes go round the wall (through its gap), not as if it were absent.
    expect(walled).toBe(8);
  });

  it('a failure answered from a grid edited since (the wall opened meanwhile) is planned again, up to MAX_STALE_REPLANS times', async () => {
    const held = heldPair();
    pair = held;
    // A wall splits the map: no path, until the gap opens while the answer is on its way.
    const grid = Grid.fromPredicate(30, 20, (x) => x === 15);
    held.client.attach(grid);
    const request: RouteRequest = { start: { x: 3.5, y: 10.5, heading: 0 }, goal: { x: 26.5, y: 10.5 }, profile: TANK };
    const queue = new PlanQueue({ expansions: 1e9 });
    const routes: Route[] = [];
    const answered = async (): Promise<void> => {
      for (let i = 0; i < 100_000 && !held.held.some((m) => m.type === 'route'); i++) await turn();
    };
    held.hold(true);
    held.client.job(grid, request, { queue, routes: new RouteContext(grid), urgent: false }, (r) => void routes.push(r), (e) => void routes.push({ status: 'invalid', waypoints: [], goal: request.goal, message: String(e) }));
    await answered();
    expect(held.held.filter((m) => m.type === 'route').map((m) => (m as { route: { status: string } }).route.status)).toEqual(['no-path']);
    grid.fill(15, 8, 1, 5, () => false);
    held.hold(false);
    held.release();
    for (let i = 0; i < 100_000 && routes.length === 0; i++) {
      await turn();
      queue.run();
    }
    // Planned again on the opened grid: the in-thread answer there.
    expect(routes.map(routeFacts)).toEqual([routeFacts(planHere(grid, request))]);
    expect(routes[0]!.status).toBe('found');
    // A game that edits walls while every answer crosses still gets one: the failure, after MAX_STALE_REPLANS plans more.
    grid.fill(15, 0, 1, 20, () => true);
    held.hold(true);
    held.client.job(grid, request, { queue, routes: new RouteContext(grid), urgent: false }, (r) => void routes.push(r), () => {});
    let plans = 0;
    for (let round = 0; routes.length === 1 && round < 10; round++) {
      await answered();
      plans++;
      grid.setBlocked(0, round, true);
      held.release();
      for (let i = 0; i < 20; i++) {
        await turn();
        queue.run();
      }
    }
    expect(plans).toBe(MAX_STALE_REPLANS + 1);
    expect(routes[1]!.status).toBe('no-path');
  });

  it("with a worker, the navigator's frames do no vehicle planning work: answers are delivered at no cost", async () => {
    pair = inProcessPair();
    const rng = makeRng(1723);
    const grid = randomGrid(rng, { width: 40, height: 40, density: 0.08, mode: 'uniform' });
    const nav = new Navigator<{ pose: Pose }>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker: pair.client });
    const moves: Move<{ pose: Pose }>[] = [];
    for (let i = 0; i < 12; i++) {
      const unit = { pose: freePose(rng, grid) };
      nav.addUnit(unit, { speed: 3, turningRadius: 2, width: 0.8, reverse: true });
      const goal = freePose(rng, grid);
      moves.push(nav.moveTo(unit, { x: goal.x, y: goal.y }));
    }
    let units = 0;
    let finished = 0;
    for (let frame = 0; frame < 3000 && moves.some((m) => m.state === 'planning'); frame++) {
      await turn();
      const stats = nav.update(1 / 60);
      units += stats.expansions;
      finished += stats.finished;
    }
    expect(moves.filter((m) => m.state === 'planning')).toEqual([]);
    expect(finished).toBe(12);
    expect(units).toBe(0);
    nav.destroy();
  });

  it("a vehicle's detour round units that stand is planned in the worker, on its mirror of the detour grid", async () => {
    const rng = makeRng(5);
    const tank: UnitProfile = { speed: 2.5, acceleration: 4, width: 0.8, length: 1.2, turningRadius: 2 };
    let detours = 0;
    let arrived = 0;
    let total = 0;
    for (let trial = 0; trial < 4; trial++) {
      pair?.close();
      pair = inProcessPair();
      const client = pair.client;
      const grid = Grid.fromPredicate(40, 40, (x, y) => (x === 20 && y > 8 && y < 32) || (y === 20 && x > 24 && x < 36));
      const job = client.job.bind(client);
      client.job = (on, request, delivery, onDone, onError) => {
        const made = job(on, request, delivery, onDone, onError);
        if (made && on !== grid) {
          detours++;
          // The worker plans on a copy of the grid it was given: the detour grid, with the standing units' cells.
          expect(delivery.routes.grid).toBe(on);
        }
        return made;
      };
      type Tank = { pose: Pose };
      const nav = new Navigator<Tank>(grid, { read: (u) => ({ ...u.pose }), write: (u, p) => void Object.assign(u.pose, p) }, { avoidance: true, planWorker: client });
      const heading = rng.next() * 2 * Math.PI;
      const tanks: Tank[] = [0, 1, 2].map((i) => ({ pose: { x: 6 + i * 2.5, y: 6 + rng.next() * 4, heading } }));
      for (const t of tanks) nav.addUnit(t, tank);
      const moves = nav.moveGroup(tanks, { x: 22 + rng.next() * 12, y: 22 + rng.next() * 12 });
      for (let frame = 0; frame < 60 * 60 && moves.some((m) => !m.ended); frame++) {
        await turn();
        nav.update(1 / 60);
      }
      total += moves.length;
      arrived += moves.filter((m) => m.state === 'arrived').length;
      for (const m of moves) {
        if (!m.path) continue;
        expect(pathProblem(grid, m.path.segments.map(segmentToJSON), { start: m.path.start, goal: m.path.end, turningRadius: 2, sweepRadius: Math.hypot(0.8, 1.2) / 2 })).toBeNull();
      }
      nav.destroy();
    }
    // Group-mates standing at their spots make the last tank of a group plan round them.
    expect(detours).toBeGreaterThan(0);
    expect(arrived).toBeGreaterThanOrEqual(total - 1);
  });

  it('a cancelled plan is never answered, and the host plans the next one', async () => {
    const { port1, port2 } = new MessageChannel();
    const host = servePlans(nodePort<ToWorker, FromWorker>(port2), { warmUp: [] });
    const replies: FromWorker[] = [];
    port1.on('message', (m: FromWorker) => void replies.push(m));
    const grid = Grid.fromAscii(['..........', '....@@....', '..........', '..........', '..........', '..........', '..........', '..........']);
    const post = (m: ToWorker): void => port1.postMessage(m);
    post({ v: PROTOCOL_VERSION, type: 'grid', grid: 1, width: grid.width, height: grid.height, patch: patchOf(grid) });
    const request = requestToWire({ start: { x: 0.5, y: 0.5, heading: 0 }, goal: { x: 8.5, y: 6.5 }, profile: TANK });
    post({ v: PROTOCOL_VERSION, type: 'plan', id: 7, grid: 1, request });
    post({ v: PROTOCOL_VERSION, type: 'cancel', id: 7 });
    post({ v: PROTOCOL_VERSION, type: 'plan', id: 8, grid: 1, request });
    for (let i = 0; i < 200 && !replies.some((r) => r.type === 'route' && r.id === 8); i++) await turn();
    expect(replies.filter((r) => r.type === 'route').map((r) => (r as { id: number }).id)).toEqual([8]);
    host.close();
    port1.close();
  });

  it('an urgent plan (a moving unit replanning) is answered ahead of the plans still waiting', async () => {
    const { port1, port2 } = new MessageChannel();
    const host = servePlans(nodePort<ToWorker, FromWorker>(port2), { warmUp: [] });
    const replies: FromWorker[] = [];
    port1.on('message', (m: FromWorker) => void replies.push(m));
    const grid = new Grid(30, 20);
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'grid', grid: 1, width: 30, height: 20, patch: patchOf(grid) } satisfies ToWorker);
    const request = requestToWire({ start: { x: 1.5, y: 1.5, heading: 0 }, goal: { x: 28.5, y: 18.5 }, profile: TANK });
    for (const id of [1, 2, 3]) port1.postMessage({ v: PROTOCOL_VERSION, type: 'plan', id, grid: 1, request } satisfies ToWorker);
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'plan', id: 4, grid: 1, request, urgent: true } satisfies ToWorker);
    while (replies.filter((r) => r.type === 'route').length < 4) await turn();
    const order = replies.filter((r) => r.type === 'route').map((r) => (r as { id: number }).id);
    // Only plan 1 may come first (it is under way if a slice ran before the urgent one arrived).
    expect(order.indexOf(4)).toBeLessThan(order.indexOf(2));
    expect(order.slice(order.indexOf(4) + 1)).toEqual(order.indexOf(1) < order.indexOf(4) ? [2, 3] : [1, 2, 3]);
    host.close();
    port1.close();
  });

  it('a cancelled job posts a cancel and never delivers', async () => {
    const silent = silentPort();
    const client = new PlanWorkerClient(silent.port);
    const grid = new Grid(10, 10);
    client.attach(grid);
    const queue = new PlanQueue({ expansions: 1e9 });
    const delivered: Route[] = [];
    const job = client.job(grid, { start: { x: 1.5, y: 1.5, heading: 0 }, goal: { x: 8.5, y: 8.5 }, profile: TANK }, { queue, routes: new RouteContext(grid), urgent: false }, (r) => void delivered.push(r), () => {});
    job!.cancel();
    expect(job!.done).toBe(true);
    expect(silent.sent.map((m) => m.type)).toEqual(['grid', 'plan', 'cancel']);
    // Failing afterwards must not bring the cancelled plan back in-thread.
    silent.fail(new Error('gone'));
    queue.run();
    expect(delivered).toEqual([]);
    expect(client.waiting).toBe(0);
  });

  it('when the worker fails, waiting plans are planned in-thread and later plans stay in-thread', async () => {
    const silent = silentPort();
    const errors: Error[] = [];
    const client = new PlanWorkerClient(silent.port, { onError: (e) => void errors.push(e) });
    const rng = makeRng(1720);
    const grid = randomGrid(rng, { width: 24, height: 24, density: 0.1, mode: 'uniform' });
    client.attach(grid);
    const queue = new PlanQueue({ expansions: 1e9 });
    const requests = Array.from({ length: 12 }, () => randomRequest(rng, grid));
    const got = new Map<number, Route>();
    requests.forEach((request, i) => {
      const job = client.job(grid, request, { queue, routes: new RouteContext(grid), urgent: false }, (r) => void got.set(i, r), (e) => {
        throw e;
      });
      expect(job).toBeDefined();
    });
    queue.run();
    expect(got.size).toBe(0);
    silent.fail(new Error('worker crashed'));
    expect(silent.closed()).toBe(true);
    expect(errors.map((e) => e.message)).toEqual(['worker crashed']);
    for (let i = 0; i < 100 && got.size < requests.length; i++) queue.run();
    expect(got.size).toBe(requests.length);
    requests.forEach((request, i) => expect(routeFacts(got.get(i)!)).toEqual(routeFacts(planHere(grid, request))));
    expect(client.alive).toBe(false);
    expect(client.job(grid, requests[0]!, { queue, routes: new RouteContext(grid), urgent: false }, () => {}, () => {})).toBeUndefined();
  });

  it('a pool shares the plans; when one worker fails, its plans are planned in-thread and the others go on', async () => {
    const { port1, port2 } = new MessageChannel();
    const host = servePlans(nodePort<ToWorker, FromWorker>(port2), { warmUp: [] });
    const silent = silentPort();
    const errors: Error[] = [];
    const client = new PlanWorkerClient([nodePort<FromWorker, ToWorker>(port1), silent.port], { onError: (e) => void errors.push(e) });
    const rng = makeRng(1722);
    const grid = randomGrid(rng, { width: 24, height: 24, density: 0.1, mode: 'uniform' });
    client.attach(grid);
    const queue = new PlanQueue({ expansions: 1e9 });
    const requests = Array.from({ length: 10 }, () => randomRequest(rng, grid));
    const got = new Map<number, Route>();
    requests.forEach((request, i) => client.job(grid, request, { queue, routes: new RouteContext(grid), urgent: false }, (r) => void got.set(i, r), () => {}));
    // Each plan went to the worker with fewer unanswered: half to each.
    expect(silent.sent.filter((m) => m.type === 'plan').length).toBe(5);
    for (let i = 0; i < 500 && got.size < 5; i++) {
      await turn();
      queue.run();
    }
    expect(got.size).toBe(5);
    const answered = new Set(got.keys());
    const before = grid.clone();
    // An edit reaches every worker.
    grid.setBlocked(0, 0, !grid.isBlocked(0, 0));
    expect(silent.sent.filter((m) => m.type === 'edit').length).toBe(1);
    silent.fail(new Error('one worker crashed'));
    expect(client.alive).toBe(true);
    for (let i = 0; i < 50 && got.size < 10; i++) queue.run();
    expect(got.size).toBe(10);
    // The worker's answers came before the edit, the fallback plans after it.
    requests.forEach((request, i) => expect(routeFacts(got.get(i)!), `plan ${i}`).toEqual(routeFacts(planHere(answered.has(i) ? before : grid, request))));
    expect(errors.map((e) => e.message)).toEqual(['one worker crashed']);
    client.destroy();
    host.close();
  });

  it('destroy plans the waiting plans in-thread, closes the port and leaves no timer or immediate behind', async () => {
    const handles = (): string[] => process.getActiveResourcesInfo().filter((r) => r === 'Immediate' || r === 'Timeout' || r === 'MessagePort').sort();
    // The test runner's own timers are there before.
    const before = handles();
    pair = inProcessPair();
    const rng = makeRng(1721);
    const grid = randomGrid(rng, { width: 40, height: 40, density: 0.1, mode: 'uniform' });
    pair.client.attach(grid);
    const queue = new PlanQueue({ expansions: 1e9 });
    const got: Route[] = [];
    for (let i = 0; i < 5; i++) pair.client.job(grid, randomRequest(rng, grid), { queue, routes: new RouteContext(grid), urgent: false }, (r) => void got.push(r), () => {});
    await turn();
    pair.close();
    pair = undefined;
    for (let i = 0; i < 50 && got.length < 5; i++) queue.run();
    expect(got.length).toBe(5);
    await turn();
    await turn();
    const count = (list: string[], kind: string): number => list.filter((r) => r === kind).length;
    const after = handles();
    for (const kind of ['Immediate', 'Timeout', 'MessagePort']) expect(count(after, kind), kind).toBeLessThanOrEqual(count(before, kind));
  });

  it('a plan sent while the worker warms up is answered before the warm-up ends', async () => {
    const { port1, port2 } = new MessageChannel();
    const host = servePlans(nodePort<ToWorker, FromWorker>(port2));
    const replies: FromWorker[] = [];
    port1.on('message', (m: FromWorker) => void replies.push(m));
    const grid = new Grid(20, 12);
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'grid', grid: 1, width: 20, height: 12, patch: patchOf(grid) } satisfies ToWorker);
    const request = requestToWire({ start: { x: 1.5, y: 1.5, heading: 0 }, goal: { x: 18.5, y: 10.5 }, profile: TANK });
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'plan', id: 1, grid: 1, request } satisfies ToWorker);
    while (!replies.some((r) => r.type === 'ready')) await turn();
    // A plan of several slices also says it is busy (the watchdog's heartbeat): not an answer.
    const answers = replies.filter((r) => r.type !== 'busy');
    expect(answers.map((r) => r.type)).toEqual(['route', 'ready']);
    expect((answers[1] as { warmUpMs: number }).warmUpMs).toBeGreaterThan(0);
    host.close();
    port1.close();
  });

  it('answers bad messages with an error reply and goes on planning', async () => {
    const { port1, port2 } = new MessageChannel();
    const host = servePlans(nodePort<ToWorker, FromWorker>(port2), { warmUp: [] });
    const replies: FromWorker[] = [];
    port1.on('message', (m: FromWorker) => void replies.push(m));
    const send = (m: unknown): void => port1.postMessage(m);
    const grid = new Grid(12, 12);
    const request = requestToWire({ start: { x: 1.5, y: 1.5, heading: 0 }, goal: { x: 10.5, y: 10.5 }, profile: TANK });
    send(null);
    send({ v: PROTOCOL_VERSION, type: 'launch' });
    send({ v: PROTOCOL_VERSION + 1, type: 'plan', id: 1, grid: 1, request });
    send({ v: PROTOCOL_VERSION, type: 'plan', id: 2, grid: 9, request });
    send({ v: PROTOCOL_VERSION, type: 'grid', grid: 1, width: 12, height: 12, patch: { ...patchOf(grid), width: 11 } });
    send({ v: PROTOCOL_VERSION, type: 'grid', grid: 1, width: 12, height: 12, patch: patchOf(grid) });
    send({ v: PROTOCOL_VERSION, type: 'edit', grid: 1, patch: { x: 11, y: 11, width: 3, height: 3, cells: new Uint8Array(9), costs: null } });
    send({ v: PROTOCOL_VERSION, type: 'warm', profiles: [], plans: 0 });
    send({ v: PROTOCOL_VERSION, type: 'plan', id: 3, grid: 1, request: { ...request, profile: { turningRadius: 'big' } } });
    send({ v: PROTOCOL_VERSION, type: 'plan', id: 4, grid: 1, request });
    for (let i = 0; i < 200 && !replies.some((r) => r.type === 'route'); i++) await turn();
    const errors = replies.filter((r) => r.type === 'error') as { id?: number; message: string }[];
    expect(errors.map((e) => e.id)).toEqual([undefined, undefined, 1, 2, undefined, undefined, undefined, 3]);
    expect(errors[1]!.message).toMatch(/launch/);
    expect(errors[2]!.message).toMatch(/protocol version/);
    expect(errors[3]!.message).toMatch(/unknown grid 9/);
    expect(errors[6]!.message).toMatch(/warm plans must be an integer from 1 to 80, got 0/);
    expect(errors[7]!.message).toMatch(/turningRadius/);
    const route = replies.find((r) => r.type === 'route') as { id: number; route: { status: string } };
    expect(route.id).toBe(4);
    expect(route.route.status).toBe('found');
    host.close();
    port1.close();
  });

  it('prepares each vehicle profile once on every worker, also on one that connects later', async () => {
    const now = silentPort();
    const later = silentPort();
    let connect: (port: typeof later.port) => void = () => {};
    const client = new PlanWorkerClient([now.port, new Promise((resolve) => (connect = resolve))]);
    const grid = new Grid(10, 10);
    const nav = new Navigator<{ pose: Pose }>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker: client });
    nav.addUnit({ pose: { x: 1.5, y: 1.5, heading: 0 } }, { speed: 3, turningRadius: 2, width: 0.8, reverse: true });
    nav.addUnit({ pose: { x: 2.5, y: 1.5, heading: 0 } }, { speed: 2, turningRadius: 2, width: 0.8, reverse: true });
    nav.addUnit({ pose: { x: 3.5, y: 1.5, heading: 0 } }, { speed: 2, turningRadius: 3, width: 1.2 });
    nav.addUnit({ pose: { x: 4.5, y: 1.5, heading: 0 } }, { speed: 4, width: 0.6 });
    const warms = (sent: ToWorker[]): unknown[] => sent.filter((m) => m.type === 'warm').map((m) => (m as { profiles: UnitProfile[]; plans: number }).profiles.map((p) => [p.turningRadius, p.reverse, m.plans]));
    // The two tanks share their tables (speed is not part of them): one preparation; the ship another.
    expect(warms(now.sent)).toEqual([[[2, true, 2]], [[3, false, 2]]]);
    connect(later.port);
    await turn();
    expect(later.sent.map((m) => m.type)).toEqual(['grid', 'warm']);
    expect(warms(later.sent)).toEqual([[[2, true, 2], [3, false, 2]]]);
    nav.destroy();
    client.destroy();
  });

  it('a worker given as a function starts when the first vehicle needs it, never for infantry alone', () => {
    const silent = silentPort();
    let starts = 0;
    const client = new PlanWorkerClient(() => {
      starts++;
      return silent.port;
    });
    const grid = new Grid(10, 10);
    const nav = new Navigator<{ pose: Pose }>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker: client });
    const soldier = { pose: { x: 1.5, y: 1.5, heading: 0 } };
    nav.addUnit(soldier, { speed: 4, width: 0.6 });
    nav.moveTo(soldier, { x: 8.5, y: 8.5 });
    nav.update(1 / 60);
    expect(starts).toBe(0);
    expect(client.alive).toBe(false);
    nav.addUnit({ pose: { x: 3.5, y: 3.5, heading: 0 } }, { speed: 3, turningRadius: 2, width: 0.8, reverse: true });
    expect(starts).toBe(1);
    expect(client.alive).toBe(true);
    // The grid attached before the start reaches the worker once it is there, then the profile to prepare.
    expect(silent.sent.map((m) => m.type)).toEqual(['grid', 'warm']);
    nav.addUnit({ pose: { x: 5.5, y: 3.5, heading: 0 } }, { speed: 2, turningRadius: 3, width: 1.2 });
    expect(starts).toBe(1);
    nav.destroy();
    client.destroy();
  });

  it('a worker that throws when started leaves planning in-thread and reports why', () => {
    const errors: Error[] = [];
    const client = new PlanWorkerClient(
      () => {
        throw new Error('no workers here');
      },
      { onError: (error) => errors.push(error) },
    );
    const grid = new Grid(8, 8);
    client.attach(grid);
    const request = { start: { x: 1.5, y: 1.5, heading: 0 }, goal: { x: 6.5, y: 6.5 }, profile: TANK };
    expect(client.job(grid, request, { queue: new PlanQueue(), routes: new RouteContext(grid), urgent: false }, () => {}, () => {})).toBeUndefined();
    expect(errors.map((e) => e.message)).toEqual(['no workers here']);
    expect(client.alive).toBe(false);
    client.destroy();
  });

  it("a vehicle's plan by a planner the game registered stays in-thread (the worker has only the library's own)", () => {
    const silent = silentPort();
    const client = new PlanWorkerClient(silent.port);
    const grid = new Grid(8, 8);
    client.attach(grid);
    const delivery = { queue: new PlanQueue(), routes: new RouteContext(grid), urgent: false };
    const request = { start: { x: 1.5, y: 1.5, heading: 0 }, goal: { x: 6.5, y: 6.5 }, profile: TANK };
    expect(client.job(grid, { ...request, planner: 'my-tank-planner' }, delivery, () => {}, () => {})).toBeUndefined();
    expect(client.job(grid, { ...request, planner: 'directional' }, delivery, () => {}, () => {})).toBeDefined();
    expect(silent.sent.map((m) => m.type)).toEqual(['grid', 'plan']);
    client.destroy();
  });

  it('plans of units that turn on the spot stay in-thread', () => {
    const silent = silentPort();
    const client = new PlanWorkerClient(silent.port);
    const grid = new Grid(8, 8);
    client.attach(grid);
    const infantry: UnitProfile = { speed: 4, width: 0.6 };
    const request = { start: { x: 1.5, y: 1.5, heading: 0 }, goal: { x: 6.5, y: 6.5 }, profile: resolveProfile(infantry) };
    expect(client.job(grid, request, { queue: new PlanQueue(), routes: new RouteContext(grid), urgent: false }, () => {}, () => {})).toBeUndefined();
    // Nor does a grid that was never attached go to the worker.
    expect(client.job(new Grid(8, 8), { ...request, profile: TANK }, { queue: new PlanQueue(), routes: new RouteContext(grid), urgent: false }, () => {}, () => {})).toBeUndefined();
    expect(silent.sent.map((m) => m.type)).toEqual(['grid']);
  });
});


describe('plan worker watchdog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A port whose replies the test delivers by hand. */
  function scriptedPort() {
    const sent: ToWorker[] = [];
    let listener: (message: FromWorker) => void = () => {};
    const port: PlanWorkerPort = {
      post: (message) => void sent.push(message),
      onMessage: (l) => void (listener = l),
      close: () => {},
    };
    return { port, sent, deliver: (message: FromWorker) => listener(message) };
  }

  /** A client on a scripted port with a clock the test sets, and one tank plan waiting in it. */
  function waiting(spoke: boolean) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = { now: 0 };
    const script = scriptedPort();
    const errors: Error[] = [];
    const client = new PlanWorkerClient(script.port, { onError: (e) => errors.push(e), clock: () => clock.now });
    const grid = new Grid(12, 12);
    client.attach(grid);
    if (spoke) script.deliver({ v: PROTOCOL_VERSION, type: 'ready', warmUpMs: 0 });
    const queue = new PlanQueue();
    const routes: Route[] = [];
    const request: RouteRequest = { start: { x: 2.5, y: 2.5, heading: 0 }, goal: { x: 9.5, y: 9.5 }, profile: TANK };
    const job = client.job(grid, request, { queue, routes: new RouteContext(grid), urgent: false }, (r) => routes.push(r), (e) => errors.push(e as Error));
    expect(job).toBeDefined();
    // The clock moves with the timers, a second at a time, as in a running game.
    const tick = (ms: number): void => {
      for (let left = ms; left > 0; left -= 1000) {
        clock.now += Math.min(1000, left);
        vi.advanceTimersByTime(Math.min(1000, left));
      }
    };
    return { client, script, errors, queue, routes, tick, clock, job: job! };
  }

  it('the host says it is busy at least every BUSY_EVERY_MS while it plans', async () => {
    const { port1, port2 } = new MessageChannel();
    // Each look at the host's clock is 40 ms later: a plan spans many slices of "time".
    let now = 0;
    const host = servePlans(nodePort<ToWorker, FromWorker>(port2), { warmUp: [], clock: () => (now += 40) });
    const replies: { type: string; at: number }[] = [];
    port1.on('message', (m: FromWorker) => void replies.push({ type: m.type, at: now }));
    const grid = new Grid(40, 40);
    const request: RouteRequest = { start: { x: 2.5, y: 2.5, heading: 0 }, goal: { x: 37.5, y: 30.5 }, profile: TANK };
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'grid', grid: 1, width: 40, height: 40, patch: patchOf(grid) } satisfies ToWorker);
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'plan', id: 1, grid: 1, request: requestToWire(request) } satisfies ToWorker);
    for (let i = 0; i < 100_000 && !replies.some((r) => r.type === 'route'); i++) await turn();
    const route = replies.findIndex((r) => r.type === 'route');
    expect(route).toBeGreaterThan(0);
    // From the first word to the answer, never more than BUSY_EVERY_MS (plus one slice) between two words.
    const words = replies.slice(0, route + 1).map((r) => r.at);
    expect(words.length).toBeGreaterThan(2);
    for (let i = 1; i < words.length; i++) expect(words[i]! - words[i - 1]!).toBeLessThanOrEqual(BUSY_EVERY_MS + WORKER_SLICE_MS + 200);
    host.close();
    port1.close();
  });

  it('a worker silent for SILENT_WORKER_MS with a plan waiting is taken as hung: the plan is made in-thread', () => {
    const w = waiting(true);
    w.tick(SILENT_WORKER_MS - 1000);
    expect(w.client.alive).toBe(true);
    w.tick(2000);
    expect(w.client.alive).toBe(false);
    expect(w.errors.map((e) => e.message)).toEqual([expect.stringMatching(/silent for \d+ ms with 1 plans waiting/)]);
    for (let frame = 0; frame < 200 && w.routes.length === 0; frame++) w.queue.run();
    expect(w.routes.map((r) => r.status)).toEqual(['found']);
    expect(vi.getTimerCount()).toBe(0);
    w.client.destroy();
  });

  it('a worker that says it is busy is never taken as hung; once it answers, the watch stops', () => {
    const w = waiting(true);
    for (let s = 0; s < 30; s++) {
      w.tick(1000);
      w.script.deliver({ v: PROTOCOL_VERSION, type: 'busy' });
    }
    expect(w.client.alive).toBe(true);
    expect(w.errors).toEqual([]);
    const plan = w.script.sent.find((m) => m.type === 'plan') as { id: number };
    w.script.deliver({ v: PROTOCOL_VERSION, type: 'error', id: plan.id, message: 'no' });
    w.tick(1000);
    expect(vi.getTimerCount()).toBe(0);
    w.client.destroy();
  });

  it('a look that comes late (the main thread held up) counts silence from then on', () => {
    const w = waiting(true);
    w.tick(1000);
    // One interval fires 30 s late: a stalled main thread, not a silent worker.
    w.clock.now += 30_000;
    vi.advanceTimersByTime(1000);
    expect(w.client.alive).toBe(true);
    w.tick(SILENT_WORKER_MS + 2000);
    expect(w.client.alive).toBe(false);
  });

  it('a worker that has not spoken yet gets SILENT_STARTING_WORKER_MS to load; destroy stops the watch', () => {
    const w = waiting(false);
    w.tick(SILENT_WORKER_MS + 2000);
    expect(w.client.alive).toBe(true);
    w.tick(SILENT_STARTING_WORKER_MS - SILENT_WORKER_MS);
    expect(w.client.alive).toBe(false);
    const v = waiting(true);
    expect(vi.getTimerCount()).toBe(1);
    v.client.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
