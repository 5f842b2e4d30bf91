/**
 * The package as a user installs it: `npm pack`, then a fresh Vite + TypeScript + Phaser project
 * in a temporary directory that installs the tarball, holds the README's quick start verbatim as
 * src/main.ts, type-checks it (`tsc --noEmit`), builds it (`vite build`), serves the build
 * (`vite preview`) and runs it in headless Chromium until the hero arrives, twice: once at the
 * quick start's own target, once after a mouse click. In Node, a script of the project starts the
 * plan worker from the package's `phaser-headway/worker-node` export (found both by
 * `require.resolve` and by `import.meta.resolve`) and has a tank's route planned in it.
 *
 *   npm run test:pack
 *
 * Needs the npm registry (or npm's cache) for the fresh project's dependencies, and Chromium at
 * /usr/bin/chromium (or CHROMIUM_PATH). Fails on any console error or page error. The last line
 * is `pack: N passed, M failed`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The whole run, packing to browser close; the install from npm's cache takes most of it. */
const TOTAL_LIMIT_MS = 300_000;
/** One command (pack, install, tsc, build). */
const COMMAND_LIMIT_MS = 180_000;
/** One wait for the page: Phaser in software WebGL takes seconds to start. */
const WAIT_LIMIT_MS = 60_000;
/** Where the README marks the quick start; the fenced block after it is the project's src/main.ts. */
const QUICK_START_MARKER = '<!-- quick-start: src/main.ts';
/** The quick start's map: its tile size and the hero's two destinations (tile centres, pixels). */
const TILE = 32;
const FIRST_ARRIVAL = { x: 8.5 * TILE, y: 1.5 * TILE };
const CLICK_TARGET = { x: 1.5 * TILE, y: 5.5 * TILE };
/** Built files a user's import or the CLI needs; every one must be in the tarball. */
const REQUIRED_FILES = [
  'package/dist/index.js',
  'package/dist/core.js',
  'package/dist/cli.js',
  'package/dist/worker-node.js',
  'package/dist/types/worker/node-entry.d.ts',
  'package/dist/types/index.d.ts',
  'package/dist/types/core.d.ts',
  'package/bin/headway.js',
  'package/LICENSE',
  'package/README.md',
];

const killer = setTimeout(() => {
  console.error(`pack: time limit of ${TOTAL_LIMIT_MS / 1000} s exceeded`);
  console.log('pack: 0 passed, 1 failed');
  process.exit(1);
}, TOTAL_LIMIT_MS);
killer.unref();

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (bounded), capturing its output. */
function run(command: string, args: readonly string[], cwd: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} took more than ${COMMAND_LIMIT_MS / 1000} s`));
    }, COMMAND_LIMIT_MS);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs a command and fails with its output unless it exits 0. */
async function runOk(command: string, args: readonly string[], cwd: string): Promise<Ran> {
  const ran = await run(command, args, cwd);
  const tail = (s: string): string => s.trim().split('\n').slice(-25).join('\n');
  check(ran.code === 0, `${command} ${args.join(' ')} exited ${ran.code}\n${tail(ran.stdout)}\n${tail(ran.stderr)}`);
  return ran;
}

/** The fenced code block after the quick-start marker in README.md, exactly as written. */
function quickStart(readme: string): string {
  const at = readme.indexOf(QUICK_START_MARKER);
  check(at >= 0, `README.md has no "${QUICK_START_MARKER}" marker`);
  const fence = /^```ts\n([\s\S]*?)^```$/m.exec(readme.slice(at));
  check(fence, 'no ```ts block after the quick-start marker');
  return fence[1]!;
}

/** Relative links and images in a markdown file, without anchors, resolved against its folder. */
function relativeLinks(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!.split('#')[0]!;
    if (target === '' || /^[a-z]+:/i.test(target)) continue;
    out.push(normalize(join(dirname(file), target)));
  }
  return out;
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, limit = WAIT_LIMIT_MS): Promise<T> {
  const end = Date.now() + limit;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${limit / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A Node script of the fresh project: a plan worker started from the package's export, once found
 * by `require.resolve` and once by `import.meta.resolve`, each plans a tank's order given to a
 * Navigator. Prints one JSON line: per worker, its warm-up time, how many plans were sent to it
 * (1: the order was planned there, not in-thread), the move's state and whether the worker lived.
 */
const NODE_WORKER_SCRIPT = `import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { Grid, Navigator, PlanWorkerClient, nodePort } from 'phaser-headway/core';

const require = createRequire(import.meta.url);
const entries = [require.resolve('phaser-headway/worker-node'), new URL(import.meta.resolve('phaser-headway/worker-node'))];
const results = [];
for (const entry of entries) {
  const worker = new Worker(entry);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const planWorker = new PlanWorkerClient(nodePort(worker), { onError: (e) => results.push({ error: e.message }) });
  const warmUpMs = await planWorker.ready;
  const grid = Grid.fromAscii(['............', '............', '....####....', '....####....', '............', '............', '............', '............']);
  const nav = new Navigator(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker });
  const tank = { pose: { x: 1.5, y: 1.5, heading: 0 } };
  nav.addUnit(tank, { speed: 3, turningRadius: 1.5, width: 0.8 });
  const move = nav.moveTo(tank, { x: 10.5, y: 6.5 });
  const sent = planWorker.waiting;
  for (let frame = 0; frame < 2000 && move.state === 'planning'; frame++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    nav.update(1 / 60);
  }
  results.push({ warmUpMs, sent, state: move.state, alive: planWorker.alive });
  nav.destroy();
  planWorker.destroy();
  await exited;
}
console.log(JSON.stringify(results));
`;

/** The fresh project: what `npm create vite -- --template vanilla-ts` gives, with Phaser and the tarball. */
function writeProject(dir: string, tarball: string, main: string): void {
  const ours = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const dev = ours.devDependencies;
  const pkg = {
    name: 'headway-quick-start',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: { build: 'tsc && vite build', preview: 'vite preview' },
    dependencies: { phaser: dev['phaser'], 'phaser-headway': `file:${tarball}` },
    devDependencies: { typescript: dev['typescript'], vite: dev['vite'] },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  // create-vite's vanilla-ts tsconfig.json, compiler options unchanged.
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      useDefineForClassFields: true,
      module: 'ESNext',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: ['vite/client'],
      skipLibCheck: true,
      moduleResolution: 'bundler',
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      moduleDetection: 'force',
      noEmit: true,
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      erasableSyntaxOnly: true,
      noFallthroughCasesInSwitch: true,
      noUncheckedSideEffectImports: true,
    },
    include: ['src'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  writeFileSync(
    join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      // No favicon file: an empty one keeps the browser from asking for /favicon.ico (a 404).
      '    <link rel="icon" href="data:," />',
      '    <title>Headway quick start</title>',
      '  </head>',
      '  <body style="margin: 0">',
      '    <script type="module" src="/src/main.ts"></script>',
      '  </body>',
      '</html>',
      '',
    ].join('\n'),
  );
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/main.ts'), main);
  writeFileSync(join(dir, 'node-worker.mjs'), NODE_WORKER_SCRIPT);
}

async function launch(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 800, height: 600 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Waits for the quick start's next `hero arrived at X, Y` line (from `lines[from]` on) and checks
 * it names `target`; fails at once when a console error shows up. Returns where to look next.
 */
async function arrivalAt(lines: readonly string[], errors: readonly string[], from: number, target: { x: number; y: number }): Promise<number> {
  const index = await waitFor(`the hero to arrive at ${target.x}, ${target.y}`, () => {
    check(errors.length === 0, `console errors: ${errors.join(' | ')}`);
    const i = lines.findIndex((l, k) => k >= from && l.startsWith('hero arrived at'));
    return i >= 0 ? i : undefined;
  });
  const m = /hero arrived at (-?\d+), (-?\d+)/.exec(lines[index]!);
  check(m && Number(m[1]) === Math.round(target.x) && Number(m[2]) === Math.round(target.y), `expected the hero at ${target.x}, ${target.y}: "${lines[index]}"`);
  return index + 1;
}

interface Context {
  work: string;
  tarball: string;
  project: string;
  unpacked: string;
}

interface Step {
  name: string;
  run(c: Context): Promise<void>;
}

const steps: Step[] = [
  {
    name: 'npm pack builds a tarball with the code, the type declarations, LICENSE and no sourcemaps',
    async run(c) {
      const packed = await runOk('npm', ['pack', '--pack-destination', c.work, '--json'], REPO);
      // The prepare script's build log comes first on stdout (with brackets of its own under CI);
      // npm's JSON starts at a line that is only "[".
      const json = /^\[$/m.exec(packed.stdout);
      check(json !== null, `no JSON in the output of npm pack: ${packed.stdout.slice(-300)}`);
      const info = JSON.parse(packed.stdout.slice(json!.index)) as { filename: string; size: number; unpackedSize: number }[];
      c.tarball = join(c.work, info[0]!.filename);
      console.log(`     ${info[0]!.filename}: ${(info[0]!.size / 1024).toFixed(1)} kB packed, ${(info[0]!.unpackedSize / 1024).toFixed(1)} kB unpacked`);
      c.unpacked = join(c.work, 'unpacked');
      mkdirSync(c.unpacked);
      await runOk('tar', ['xzf', c.tarball, '-C', c.unpacked], c.work);
      const files = listFiles(c.unpacked);
      const missing = REQUIRED_FILES.filter((f) => !files.includes(f));
      check(missing.length === 0, `missing from the tarball: ${missing.join(', ')}`);
      const maps = files.filter((f) => f.endsWith('.map'));
      check(maps.length === 0, `sourcemaps in the tarball: ${maps.join(', ')}`);
      const pkg = JSON.parse(readFileSync(join(c.unpacked, 'package/package.json'), 'utf8')) as Record<string, unknown>;
      for (const field of ['repository', 'homepage', 'bugs', 'license']) check(pkg[field], `package.json has no "${field}"`);
    },
  },
  {
    name: 'every relative link in the shipped README and docs resolves inside the tarball',
    async run(c) {
      const root = join(c.unpacked, 'package');
      const docs = listFiles(root).filter((f) => f.endsWith('.md'));
      const broken: string[] = [];
      for (const doc of docs) {
        for (const target of relativeLinks(doc, readFileSync(join(root, doc), 'utf8'))) {
          if (!existsSync(join(root, target))) broken.push(`${doc} -> ${target}`);
        }
      }
      check(docs.includes('docs/plugin.md'), 'docs/ is not in the tarball');
      check(broken.length === 0, `broken links: ${broken.join(', ')}`);
    },
  },
  {
    name: 'a fresh Vite + TypeScript + Phaser project installs the tarball',
    async run(c) {
      c.project = join(c.work, 'project');
      mkdirSync(c.project);
      writeProject(c.project, c.tarball, quickStart(readFileSync(join(REPO, 'README.md'), 'utf8')));
      await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], c.project);
    },
  },
  {
    name: "the installed CLI runs (npx headway curve)",
    async run(c) {
      const ran = await runOk('npx', ['--no-install', 'headway', 'curve', '--from', '0,0,0', '--to', '4,2,pi/2', '--radius', '1'], c.project);
      const curve = JSON.parse(ran.stdout) as { length: number };
      check(curve.length > 0, `unexpected curve: ${ran.stdout.slice(0, 200)}`);
    },
  },
  {
    name: 'in Node, plan workers started from phaser-headway/worker-node (require.resolve, import.meta.resolve) plan a tank order',
    async run(c) {
      const ran = await runOk(process.execPath, ['node-worker.mjs'], c.project);
      const results = JSON.parse(ran.stdout.trim().split('\n').at(-1)!) as { warmUpMs?: number; sent?: number; state?: string; alive?: boolean; error?: string }[];
      check(results.length === 2, `expected two workers' results: ${ran.stdout.slice(0, 300)}`);
      for (const r of results) {
        check(r.error === undefined && r.sent === 1 && r.state === 'moving' && r.alive === true && r.warmUpMs! > 0, `a worker did not plan the order: ${JSON.stringify(r)}`);
      }
      console.log(`     warm-ups ${results.map((r) => `${Math.round(r.warmUpMs!)} ms`).join(', ')}`);
    },
  },
  {
    name: "the README's quick start type-checks (tsc --noEmit)",
    async run(c) {
      await runOk(join(c.project, 'node_modules/.bin/tsc'), ['--noEmit', '-p', '.'], c.project);
    },
  },
  {
    name: 'vite build bundles it',
    async run(c) {
      await runOk(join(c.project, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], c.project);
      check(statSync(join(c.project, 'dist/index.html')).isFile(), 'no dist/index.html');
    },
  },
  {
    name: 'in Chromium the hero drives to its target, then to a clicked tile, with no console error',
    async run(c) {
      const port = await freePort();
      const preview: ChildProcess = spawn(
        join(c.project, 'node_modules/.bin/vite'),
        ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
        { cwd: c.project, stdio: 'ignore' },
      );
      const profile = mkdtempSync(join(tmpdir(), 'headway-pack-browser-'));
      let context: BrowserContext | undefined;
      try {
        const url = `http://127.0.0.1:${port}/`;
        await waitFor('vite preview', async () => (await fetch(url).catch(() => undefined))?.ok, 30_000);
        context = await launch(profile);
        const page: Page = context.pages()[0] ?? (await context.newPage());
        const lines: string[] = [];
        const errors: string[] = [];
        page.on('console', (m) => {
          lines.push(m.text());
          if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
          if (m.text().startsWith('hero cannot go there')) errors.push(m.text());
        });
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(url);
        const next = await arrivalAt(lines, errors, 0, FIRST_ARRIVAL);
        const canvas = await page.locator('canvas').boundingBox();
        check(canvas, 'no canvas on the page');
        await page.mouse.click(canvas.x + CLICK_TARGET.x, canvas.y + CLICK_TARGET.y);
        await arrivalAt(lines, errors, next, CLICK_TARGET);
        // A moment more for late errors (e.g. from the frame after arrival).
        await page.waitForTimeout(500);
        check(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      } finally {
        await context?.close();
        preview.kill();
        rmSync(profile, { recursive: true, force: true });
      }
    },
  },
];

async function main(): Promise<void> {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'headway-pack-'));
  const c: Context = { work, tarball: '', project: '', unpacked: '' };
  let passed = 0;
  let failed = 0;
  try {
    for (const step of steps) {
      const t0 = Date.now();
      try {
        await step.run(c);
        passed++;
        console.log(`  ok   ${step.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed++;
        console.log(`  FAIL ${step.name}\n       ${String((e as Error).message ?? e).replace(/\n/g, '\n       ')}`);
        // Each step needs the one before it: the rest cannot run.
        const skipped = steps.length - steps.indexOf(step) - 1;
        if (skipped > 0) console.log(`  (${skipped} later steps not run)`);
        failed += skipped;
        break;
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`pack: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
