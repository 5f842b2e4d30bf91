/**
 * How many frames the first vehicle order of a scene waits before the unit sets off (issue 30,
 * newcomer point 10): a Navigator on the demo's land (tank) or sea (ship) grid, frames at 60 Hz on
 * the real clock (the worker runs in real time beside them), the order given `--order-frame`
 * frames after the unit was added (the scene's create), counted from the order to the move's
 * start. One run per process, so no table built by an earlier run is cached.
 *
 * `npx tsx bench/first-order.ts [--kind tank|ship] [--worker on-demand|none] [--tables]
 * [--order-frame N] [--runs N]`: `--tables` loads the profile's move tables (exported before the
 * clock starts) as a game that ships them does; `--runs N` runs N fresh processes and prints each.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Navigator } from '../src/follow/navigator.js';
import type { Pose } from '../src/curves/segment.js';
import { exportMoveTables, loadMoveTables } from '../src/directional/move-tables.js';
import { PlanWorkerClient } from '../src/worker/client.js';
import { nodePort } from '../src/worker/port.js';
import type { FromWorker, ToWorker } from '../src/worker/protocol.js';
import { demoProfile, loadDemoGrids, UNIT_KINDS } from './lib/demo-map.js';
import { tsWorker } from './lib/ts-worker.js';

const FRAME_MS = 1000 / 60;
/** Frames after which a move that has not started is given up on. */
const GIVE_UP = 1200;

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1]! : fallback;
};
const kind = option('kind', 'tank') === 'ship' ? UNIT_KINDS.ship : UNIT_KINDS.tank;
const worker = option('worker', 'on-demand');
const tables = args.includes('--tables');
const orderFrame = Number(option('order-frame', '1'));
const runs = Number(option('runs', '1'));

/** Tank: across the demo's land (the comparison view's pair); ship: along the sea. */
const ORDERS = {
  tank: { start: { x: 22.5, y: 43.5, heading: 0 }, goal: { x: 62.5, y: 8.5 } },
  ship: { start: { x: 0, y: 0, heading: 0 }, goal: { x: 0, y: 0 } },
};

async function once(): Promise<void> {
  const grids = loadDemoGrids();
  const grid = kind.water ? grids.sea : grids.land;
  const profile = demoProfile(kind);
  let order = ORDERS.tank;
  if (kind.water) {
    // Two water cells far apart, found by scanning (the demo's sea).
    const cells: { x: number; y: number }[] = [];
    for (let y = 2; y < grid.height - 2; y += 3) for (let x = 2; x < grid.width - 2; x += 3) if (!grid.isBlocked(x, y) && !grid.isBlocked(x + 1, y) && !grid.isBlocked(x, y + 1) && !grid.isBlocked(x - 1, y) && !grid.isBlocked(x, y - 1)) cells.push({ x: x + 0.5, y: y + 0.5 });
    const a = cells[Math.floor(cells.length / 4)]!;
    const b = cells.reduce((best, c) => (Math.hypot(c.x - a.x, c.y - a.y) > 30 && Math.hypot(c.x - a.x, c.y - a.y) < Math.hypot(best.x - a.x, best.y - a.y) ? c : best), cells[cells.length - 1]!);
    order = { start: { ...a, heading: 0 }, goal: b };
  }
  if (tables) loadMoveTables(exportMoveTables(profile));
  let w: ReturnType<typeof tsWorker> | undefined;
  let frame = 0;
  let firstWord = -1;
  let answered = -1;
  const client =
    worker === 'none'
      ? undefined
      : new PlanWorkerClient(() => {
          w = tsWorker(new URL('../src/worker/node-entry.ts', import.meta.url));
          const port = nodePort<FromWorker, ToWorker>(w);
          // The frame of the worker's first word (its code loaded) and of its first answer.
          return {
            ...port,
            onMessage: (listener) =>
              port.onMessage((m) => {
                if (firstWord < 0) firstWord = frame;
                if (m.type === 'route' && answered < 0) answered = frame;
                listener(m);
              }),
          };
        });
  const nav = new Navigator<{ pose: Pose }>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, client ? { planWorker: client } : {});
  const unit = { pose: { ...order.start } };
  const t0 = performance.now();
  nav.addUnit(unit, profile);
  let ordered = -1;
  let started = -1;
  let move: ReturnType<typeof nav.moveTo> | undefined;
  let connected = -1;
  while (frame < orderFrame + GIVE_UP && started < 0) {
    const due = t0 + frame * FRAME_MS;
    const wait = due - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    if (frame === orderFrame) {
      move = nav.moveTo(unit, order.goal);
      ordered = frame;
    }
    nav.update(1 / 60);
    if (connected < 0 && client?.alive) connected = frame;
    if (move && started < 0 && (move.state === 'moving' || move.ended)) started = frame;
    frame++;
  }
  const state = move?.ended ? move.state : move?.state;
  process.stdout.write(
    `${kind.name} worker=${worker} tables=${tables ? 'loaded' : 'no'} order@${orderFrame}: started after ${started < 0 ? '>' + GIVE_UP : started - ordered} frames (${state}), worker connected at frame ${connected}, first heard at ${firstWord}, first route at ${answered}\n`,
  );
  nav.destroy();
  client?.destroy();
  await w?.terminate();
}

if (runs > 1) {
  const self = fileURLToPath(import.meta.url);
  const rest = args.filter((a, i) => a !== '--runs' && args[i - 1] !== '--runs');
  for (let r = 0; r < runs; r++) {
    const out = spawnSync(process.execPath, ['--import', 'tsx', self, ...rest], { encoding: 'utf8' });
    process.stdout.write(out.stdout + out.stderr);
  }
} else {
  await once();
}
