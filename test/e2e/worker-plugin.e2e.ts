/**
 * The plugin's default worker (`worker: 'auto'`) as a Vite game gets it: a small game importing the built
 * `dist/index.js` is bundled by Vite (no worker configuration) and run in headless Chromium; a
 * tank ordered at once, and again once the worker is up, must start moving, with its plan made in
 * the worker (the page counts the plans the plugin's worker client sent) and no console error.
 *
 *   npm run build && npx tsx test/e2e/worker-plugin.e2e.ts
 *
 * Needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH). The last line is `worker plugin e2e: ok` or the failure.
 */
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium } from 'playwright-core';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The page's whole run: Phaser in software WebGL takes seconds to start. */
const LIMIT_MS = 90_000;

const MAIN = `
import Phaser from 'phaser';
import { PathfindingPlugin } from ${JSON.stringify(join(REPO, 'dist/index.js'))};
const TILE = 32;
const rows = ['####################', '#..................#', '#..................#', '#......####........#', '#......####........#', '#..................#', '#..................#', '#..................#', '#..................#', '####################'];
const level = rows.map((row) => [...row].map((c) => (c === '#' ? 1 : 0)));
const out = { started: 0, failed: [], sent: 0, alive: false, errors: [] };
window.out = out;
class Level extends Phaser.Scene {
  create() {
    const g = this.make.graphics({}, false);
    g.fillStyle(0x223344).fillRect(0, 0, TILE, TILE).fillStyle(0x8899aa).fillRect(TILE, 0, TILE, TILE);
    g.generateTexture('tiles', 2 * TILE, TILE);
    g.destroy();
    const map = this.make.tilemap({ data: level, tileWidth: TILE, tileHeight: TILE });
    const walls = map.createLayer(0, map.addTilesetImage('tiles'), 0, 0);
    walls.setCollision(1);
    this.events.on('pathfinding-error', (e) => out.errors.push(String(e)));
    // No worker option: the default starts the worker with the first tank.
    this.pathfinding.useTilemap(walls);
    // The worker client is private: the page reads it to count what went to the worker.
    const client = this.pathfinding.planWorker;
    const job = client.job.bind(client);
    client.job = (...args) => { const j = job(...args); if (j) out.sent++; return j; };
    const order = (x, y) => {
      const tank = this.add.rectangle(x * TILE, y * TILE, 24, 16, 0xffcc00);
      this.pathfinding.addUnit(tank, { speed: 90, turningRadius: 2 * TILE, width: 0.8 * TILE, reverse: true });
      this.pathfinding.moveTo(tank, 17.5 * TILE, 7.5 * TILE)
        .on('start', () => out.started++)
        .on('fail', (_t, move) => out.failed.push(move.reason));
    };
    order(1.5, 1.5);
    client.ready.then(() => { out.alive = client.alive; order(2.5, 8.5); });
  }
}
new Phaser.Game({ width: 640, height: 320, type: Phaser.CANVAS, scene: Level, plugins: { scene: [{ key: 'PathfindingPlugin', plugin: PathfindingPlugin, mapping: 'pathfinding' }] } });
`;

const dir = mkdtempSync(join(tmpdir(), 'headway-worker-'));
let failed = false;
try {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><body><script type="module" src="./main.js"></script></body>');
  writeFileSync(join(dir, 'main.js'), MAIN);
  await build({ root: dir, logLevel: 'warn', build: { outDir: join(dir, 'dist') }, resolve: { alias: { phaser: join(REPO, 'node_modules/phaser/dist/phaser.esm.js') } } });
  const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html' };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, 'dist', path === '/' ? 'index.html' : path));
    if (!file.startsWith(join(dir, 'dist')) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A missing resource shows as a console error too: the response names it (the favicon aside).
    page.on('console', (m) => void (m.type() === 'error' && !/status of 404/.test(m.text()) && errors.push(m.text())));
    page.on('response', (r) => void (r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${r.status()} ${r.url()}`)));
    await page.goto(`http://127.0.0.1:${port}/`);
    type Out = { started: number; failed: string[]; sent: number; alive: boolean; errors: string[] };
    const read = (): Promise<Out | undefined> => page.evaluate(() => (window as unknown as { out?: Out }).out);
    const t0 = Date.now();
    let out = await read();
    while (Date.now() - t0 < LIMIT_MS && (out === undefined || out.started + out.failed.length < 2) && errors.length === 0) {
      await new Promise((r) => setTimeout(r, 200));
      out = await read();
    }
    const problems = [
      ...errors,
      ...(out?.errors ?? []),
      ...(out === undefined ? ['the game did not start'] : []),
      ...(out && out.started < 2 ? [`${out.started} of 2 tanks started (${out.failed.join('; ')})`] : []),
      ...(out && !out.alive ? ['the worker was not alive once ready'] : []),
      ...(out && out.sent < 1 ? ['no plan went to the worker'] : []),
    ];
    if (problems.length > 0) {
      failed = true;
      console.log(`worker plugin e2e: FAILED\n${problems.join('\n')}`);
    } else console.log(`worker plugin e2e: ok (${out!.sent} of 2 plans in the worker, both tanks moving)`);
  } finally {
    await browser.close();
    server.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
