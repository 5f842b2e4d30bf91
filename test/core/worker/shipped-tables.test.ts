/**
 * The first vehicle order of a scene (issue 30, newcomer point 10): move tables a game loads on
 * the main thread reach the plan workers, whose planners would otherwise build their own (a
 * worker is another thread with its own tables), and a vehicle profile the game prepares is
 * warmed before the generic warm-up, not after its 80 plans.
 */
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { moveSetBuild } from '../../../src/directional/hit-check.js';
import { exportMoveTables, loadMoveTables } from '../../../src/directional/move-tables.js';
import { Grid } from '../../../src/grid/grid.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';
import { PlanWorkerClient } from '../../../src/worker/client.js';
import { servePlans } from '../../../src/worker/host.js';
import { nodePort } from '../../../src/worker/port.js';
import { patchOf, PROTOCOL_VERSION, requestToWire, type FromWorker, type ToWorker } from '../../../src/worker/protocol.js';
import { silentPort, turn } from './pair.js';

/** Profiles no other test of this file builds, on a small lattice (tables of a few kB, built fast). */
const LATTICE = { headings: 8, neighborhood: 8 } as const;

/** Whether this thread has the move set of `profile` (on the default lattice) without building it. */
function hasMoves(profile: UnitProfile): boolean {
  const { headings, rings } = new DirectionalPlanner(new Grid(1, 1), { turningRadius: 1, width: 0.1 }).moves;
  return moveSetBuild(resolveProfile(profile), headings, rings === 1 ? 8 : rings === 2 ? 24 : 48).next().done === true;
}

describe('move tables and the plan worker', () => {
  it('tables loaded on the main thread go to each worker as it connects, ahead of its grids; tables loaded later go to the live workers', () => {
    const a = exportMoveTables({ turningRadius: 1.1, width: 0.3 }, LATTICE);
    const b = exportMoveTables({ turningRadius: 1.2, width: 0.3 }, LATTICE);
    loadMoveTables(a);
    const first = silentPort();
    const client = new PlanWorkerClient(() => first.port);
    client.attach(new Grid(8, 8));
    // The worker starts on demand: here with a vehicle's profile prepared.
    client.prepare(resolveProfile({ turningRadius: 2, width: 0.8 }));
    const types = first.sent.map((m) => m.type);
    expect(types.indexOf('tables')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('tables')).toBeLessThan(types.indexOf('grid'));
    const sentTables = first.sent.filter((m): m is Extract<ToWorker, { type: 'tables' }> => m.type === 'tables');
    expect(sentTables.map((m) => Array.from(m.bytes))).toContainEqual(Array.from(a));
    const before = first.sent.length;
    loadMoveTables(b);
    const next = first.sent.slice(before);
    expect(next.map((m) => m.type)).toEqual(['tables']);
    expect(Array.from((next[0] as Extract<ToWorker, { type: 'tables' }>).bytes)).toEqual(Array.from(b));
    client.destroy();
    const after = first.sent.length;
    loadMoveTables(a);
    expect(first.sent.length).toBe(after);
  });

  it("the worker's planners take the tables it is sent; bytes it cannot load leave it planning", async () => {
    const profile: UnitProfile = { turningRadius: 1.3, width: 0.3 };
    const bytes = exportMoveTables(profile);
    // The export built the set here; a load replaces it with the file's (another object).
    const built = new DirectionalPlanner(new Grid(1, 1), profile).moves;
    expect(new DirectionalPlanner(new Grid(1, 1), profile).moves).toBe(built);
    const { port1, port2 } = new MessageChannel();
    const host = servePlans(nodePort<ToWorker, FromWorker>(port2), { warmUp: [] });
    const replies: FromWorker[] = [];
    port1.on('message', (m: FromWorker) => void replies.push(m));
    const damaged = bytes.slice();
    damaged[100]! ^= 1;
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'tables', bytes: damaged });
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'tables', bytes });
    const grid = new Grid(12, 12);
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'grid', grid: 1, width: 12, height: 12, patch: patchOf(grid) });
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'plan', id: 1, grid: 1, request: requestToWire({ start: { x: 2.5, y: 2.5, heading: 0 }, goal: { x: 9.5, y: 9.5 }, profile: resolveProfile(profile) }) });
    for (let i = 0; i < 2000 && !replies.some((r) => r.type === 'route'); i++) await turn();
    // (Host and test share this thread: the host's load is what replaced the set here.)
    expect(new DirectionalPlanner(new Grid(1, 1), profile).moves).not.toBe(built);
    expect(replies.filter((r) => r.type === 'error')).toEqual([]);
    expect(replies.find((r) => r.type === 'route')).toMatchObject({ id: 1, route: { status: 'found' } });
    host.close();
    port1.close();
  });

  it("a prepared profile is warmed before the generic warm-up: its tables are built before the worker says it is ready", async () => {
    const profile: UnitProfile = { speed: 2, turningRadius: 1.4, width: 0.3 };
    expect(hasMoves(profile)).toBe(false);
    const { port1, port2 } = new MessageChannel();
    // The generic warm-up of the default tank, as a worker starts with.
    const host = servePlans(nodePort<ToWorker, FromWorker>(port2));
    let ready = false;
    port1.on('message', (m: FromWorker) => void (ready ||= m.type === 'ready'));
    port1.postMessage({ v: PROTOCOL_VERSION, type: 'warm', profiles: [profile], plans: 2 });
    let built = false;
    for (let i = 0; i < 200_000 && !ready && !built; i++) {
      await turn();
      built = hasMoves(profile);
    }
    expect(built).toBe(true);
    expect(ready).toBe(false);
    host.close();
    port1.close();
  });
});
