import { afterAll, describe, expect, it } from 'vitest';
import { tsWorker } from '../../../bench/lib/ts-worker.js';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Move } from '../../../src/follow/move.js';
import { RouteContext } from '../../../src/follow/route.js';
import type { Pose } from '../../../src/curves/segment.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { PlanWorkerClient } from '../../../src/worker/client.js';
import { nodePort } from '../../../src/worker/port.js';
import type { FromWorker, ToWorker } from '../../../src/worker/protocol.js';
import { makeRng, randomGrid } from '../../support/rng.js';
import { planHere, planThrough, routeFacts, turn } from './pair.js';

const ENTRY = new URL('../../../src/worker/node-entry.ts', import.meta.url);
const TANK = resolveProfile({ speed: 3, turningRadius: 2, width: 0.8, reverse: true });

describe('plan worker in a real worker_threads Worker', () => {
  const clients: PlanWorkerClient[] = [];
  afterAll(() => clients.forEach((c) => c.destroy()));

  it('warms up, then plans as in-thread', async () => {
    const client = new PlanWorkerClient(nodePort<FromWorker, ToWorker>(tsWorker(ENTRY)));
    clients.push(client);
    // The worker reports its warm-up (synthetic plans on its own tiny map).
    expect(await client.ready).toBeGreaterThan(0);
    expect(client.alive).toBe(true);
    const rng = makeRng(1731);
    const grid = randomGrid(rng, { width: 30, height: 30, density: 0.1, mode: 'uniform' });
    client.attach(grid);
    const ctx = new RouteContext(grid);
    for (let q = 0; q < 20; q++) {
      const start = { x: rng.int(30) + 0.5, y: rng.int(30) + 0.5, heading: rng.next() * 6 - 3 };
      const request = { start, goal: { x: rng.int(30) + 0.5, y: rng.int(30) + 0.5 }, profile: TANK };
      expect(routeFacts(await planThrough(client, grid, request)), `query ${q}`).toEqual(routeFacts(planHere(grid, request, ctx)));
    }
  });

  it('a worker that dies mid-plan: the navigator plans those units in-thread, every order answered', async () => {
    const worker = tsWorker(ENTRY);
    const errors: Error[] = [];
    const client = new PlanWorkerClient(nodePort<FromWorker, ToWorker>(worker), { onError: (e) => void errors.push(e) });
    clients.push(client);
    await client.ready;
    const rng = makeRng(1732);
    const grid = randomGrid(rng, { width: 40, height: 40, density: 0.08, mode: 'uniform' });
    const nav = new Navigator<{ pose: Pose }>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker: client });
    const moves: Move<{ pose: Pose }>[] = [];
    for (let i = 0; i < 10; i++) {
      const unit = { pose: { x: rng.int(40) + 0.5, y: rng.int(40) + 0.5, heading: 0 } };
      nav.addUnit(unit, { speed: 3, turningRadius: 2, width: 0.8, reverse: true });
      moves.push(nav.moveTo(unit, { x: rng.int(40) + 0.5, y: rng.int(40) + 0.5 }));
    }
    expect(client.waiting).toBeGreaterThan(0);
    await worker.terminate();
    for (let frame = 0; frame < 5000 && moves.some((m) => m.state === 'planning'); frame++) {
      await turn();
      nav.update(1 / 60);
    }
    expect(moves.filter((m) => m.state === 'planning')).toEqual([]);
    expect(client.alive).toBe(false);
    expect(errors[0]?.message).toMatch(/exited/);
    nav.destroy();
  });
});
