/**
 * The built plan worker in a real browser: serves the repository, opens a page that imports
 * `dist/core.js` and the plugin's lazily loaded worker chunk (`dist/browser-worker-*.js`, the
 * worker's code inlined by Vite), starts the worker, and checks that a tank ordered through a
 * navigator with it gets the same path as without it, in headless Chromium.
 *
 *   npm run build && npx tsx test/e2e/worker.e2e.ts
 *
 * Needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH). The last line is `worker e2e: ok` or the failure.
 */
import { createServer } from 'node:http';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The page's whole run: start-up and warm-up take a second or two, the plans less. */
const LIMIT_MS = 60_000;

const chunk = readdirSync(join(REPO, 'dist')).find((f) => f.startsWith('browser-worker-') && f.endsWith('.js'));
if (!chunk) throw new Error('no dist/browser-worker-*.js: run npm run build first');

const PAGE = `<!doctype html><script type="importmap">{"imports":{"eventemitter3":"/eventemitter3.js"}}</script>
<script type="module">
import { Grid, Navigator, PlanWorkerClient } from '/dist/core.js';
import { startBrowserPlanWorker } from '/dist/${chunk}';
const rows = [];
for (let y = 0; y < 40; y++) rows.push(Array.from({ length: 60 }, (_, x) => (x >= 28 && x < 31 && y > 6 && y < 34) || (y === 20 && x > 40 && x < 50) ? '@' : '.').join(''));
async function drive(worker) {
  const grid = Grid.fromAscii(rows);
  const nav = new Navigator(grid, { read: (u) => u.pose, write: (u, p) => Object.assign(u.pose, p) }, worker ? { planWorker: worker } : {});
  const unit = { pose: { x: 5.5, y: 20.5, heading: 0 } };
  nav.addUnit(unit, { speed: 3, turningRadius: 2, width: 0.8, reverse: true });
  const move = nav.moveTo(unit, { x: 55.5, y: 25.5 });
  for (let f = 0; f < 600 && move.state === 'planning'; f++) {
    await new Promise((r) => setTimeout(r, 16));
    nav.update(1 / 60);
  }
  const segments = move.path ? move.path.segments.map((s) => [s.kind, s.x, s.y, s.heading, s.length, s.reverse]) : null;
  const result = { state: move.state, reason: move.reason, segments };
  nav.destroy();
  return result;
}
try {
  const worker = new PlanWorkerClient(startBrowserPlanWorker());
  const warmUpMs = await worker.ready;
  const alive = worker.alive;
  const there = await drive(worker);
  const waiting = worker.waiting;
  worker.destroy();
  const here = await drive(undefined);
  window.result = { warmUpMs, alive, waiting, there, here };
} catch (error) {
  window.result = { error: String(error && error.stack || error) };
}
</script>`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    return;
  }
  if (path === '/eventemitter3.js') {
    // The package's ESM wrapper imports its CommonJS file, which a browser cannot: wrap it here.
    const source = readFileSync(join(REPO, 'node_modules/eventemitter3/index.js'), 'utf8');
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(`const module = { exports: {} };\n(function (module, exports) {\n${source}\n})(module, module.exports);\nexport const EventEmitter = module.exports;\nexport default module.exports;\n`);
    return;
  }
  const file = normalize(join(REPO, path));
  if (!file.startsWith(REPO) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
let failed = false;
try {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && !/404/.test(m.text()) && errors.push(m.text())));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  page.on('response', (r) => void (r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${r.status()} ${r.url()}`)));
  await page.goto(`http://127.0.0.1:${port}/`);
  try {
    await page.waitForFunction(() => (window as unknown as { result?: unknown }).result !== undefined, undefined, { timeout: LIMIT_MS });
  } catch (error) {
    throw new Error(`the page gave no result: ${errors.join('\n') || String(error)}`);
  }
  const result = (await page.evaluate(() => (window as unknown as { result: unknown }).result)) as {
    error?: string;
    warmUpMs: number;
    alive: boolean;
    waiting: number;
    there: { state: string; segments: unknown };
    here: { state: string; segments: unknown };
  };
  const problems = [
    ...errors,
    ...(result.error ? [result.error] : []),
    ...(result.error === undefined && !result.alive ? ['the worker did not start'] : []),
    ...(result.error === undefined && !(result.warmUpMs > 0) ? [`no warm-up reported (${result.warmUpMs})`] : []),
    ...(result.error === undefined && result.there.state !== 'moving' ? [`with the worker the tank is ${result.there.state}: ${JSON.stringify(result.there)}`] : []),
    ...(result.error === undefined && JSON.stringify(result.there.segments) !== JSON.stringify(result.here.segments) ? ['the worker path differs from the in-thread path'] : []),
  ];
  if (problems.length > 0) {
    failed = true;
    console.log(`worker e2e: FAILED\n${problems.join('\n')}`);
  } else console.log(`worker e2e: ok (worker warm-up ${result.warmUpMs.toFixed(0)} ms, ${(result.there.segments as unknown[]).length} segments, same path as in-thread)`);
} finally {
  await browser.close();
  server.close();
}
process.exitCode = failed ? 1 : 0;
