/**
 * The demo map's vehicle orders (issue 17's target "every tank and ship order answered within
 * 16 ms, in the comparison view too"), in Node, without Phaser: `npm run bench:demo`.
 *
 * The map and the tank and ship profiles are the demo's (bench/lib/demo-map.ts: the grids from
 * assets/demo-map.json as the demo's plugins build them, the unit kinds from demo/units.ts, the
 * profile conversion copied from demo/pathing.ts). One DirectionalPlanner per profile, as the
 * plugin shares one per profile, its tables built before anything is timed. Two query sets:
 *
 * 1. Orders: seeded random start poses (any heading) and goal points, both where the unit's
 *    footprint is clear, `--orders` per unit kind, each run in `directional` (full) mode over the
 *    whole set, then in `directional-hybrid` mode (separate passes: a query after another to the
 *    same goal reuses its distance field, which would flatter the second mode).
 * 2. The comparison view (demo/pathing.ts's `compare`): a tank planner of its own, the start
 *    heading toward the goal, full then hybrid on the same pair, as the view runs them; the view's
 *    default pair and `--pairs` seeded pairs at least {@link MIN_COMPARE_DISTANCE} tiles apart
 *    whose ends the tank's footprint clears.
 *
 * Every query is warm (tables built, {@link WARMUP} untimed queries first). Per set, unit and mode:
 * statuses, p50/p95/p99/max ms, the process's CPU time (steadier when other jobs load the
 * machine), expansions, µs per work unit (all the session counted), the mean found length, the
 * work by part (bench/lib/directional-probe.ts) and the slowest queries; PASS/FAIL against 16 ms
 * (wall) for every query. Writes
 * bench/results/demo-orders.md (or `--out DIR`).
 *
 * `npm run bench:demo -- [--orders N] [--pairs N] [--seed N] [--out DIR]`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { integerOption, parseArgs, UsageError } from '../src/cli/args.js';
import type { Grid } from '../src/grid/grid.js';
import { DirectionalPlanner } from '../src/directional/directional-planner.js';
import { discHitsBlocked } from '../src/curves/footprint.js';
import type { Pose } from '../src/curves/segment.js';
import type { Point } from '../src/grid/point.js';
import { makeRng, type Rng } from '../test/support/rng.js';
import { compareProfile, DEFAULT_COMPARE, demoProfile, loadDemoGrids, UNIT_KINDS } from './lib/demo-map.js';
import { probeQuery, type WorkBreakdown } from './lib/directional-probe.js';
import { collectGarbage } from './lib/measure.js';
import type { Check } from './lib/report.js';
import { max, median, quantile } from './lib/stats.js';

/** Issue 17's demo target: one frame at 60 fps. */
const FRAME_MS = 16;
/** Default orders per unit kind: enough that p99 is the second slowest, not the slowest. */
const DEFAULT_ORDERS = 200;
/** Default seeded comparison-view pairs (besides the view's default pair). */
const DEFAULT_PAIRS = 40;
const DEFAULT_SEED = 17;
/** "Across the map" (80 x 64 tiles): at least half its width apart. */
const MIN_COMPARE_DISTANCE = 40;
/** Untimed queries per planner and mode before timing, so that the code is compiled. */
const WARMUP = 10;
/** A query still running after this long is cancelled and counted as `timeout`: the bench must end. */
const QUERY_TIMEOUT_MS = 20_000;
/** Work units per step: large enough that almost every query ends in one, as in `findPath`. */
const STEP_UNITS = 1_000_000;
/** Slowest queries listed per set, unit and mode. */
const SLOWEST_LISTED = 5;
/** Tries at a random point before the sampler gives up: the map is mostly free. */
const MAX_TRIES = 100_000;

type Mode = 'full' | 'hybrid';
const MODES: readonly Mode[] = ['full', 'hybrid'];

interface Query {
  start: Pose;
  goal: Point;
}

/** One timed query. */
export interface Sample {
  query: Query;
  status: string;
  ms: number;
  /** The process's CPU time over the query (user and system), ms: steadier than `ms` on a machine others load. */
  cpuMs: number;
  length: number;
  work: WorkBreakdown;
  /** Every work unit the session counted (its `work`): the parts above and the rest (moves beyond an expansion's unit, cost sums, the opening). */
  units: number;
}

/** One row of the report: a query set, a unit kind and a mode. */
export interface Series {
  set: 'orders' | 'compare';
  unit: string;
  mode: Mode;
  samples: Sample[];
  /** The grid has tile costs: hybrid mode builds no corridor there (it searches the whole lattice at its weight). */
  weighted: boolean;
}

/** Runs one query as `findPath` does (unbounded steps), with a timeout; times it and reads its work. */
function timeQuery(planner: DirectionalPlanner, query: Query, mode: Mode): Sample {
  const probe = probeQuery(planner, mode === 'hybrid');
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const search = planner.createSearch(query.start, query.goal, { mode });
  let result = search.step(STEP_UNITS);
  while (result === undefined && performance.now() - t0 < QUERY_TIMEOUT_MS) result = search.step(STEP_UNITS);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (result === undefined) search.cancel();
  return { query, status: result?.status ?? 'timeout', ms, cpuMs: (cpu.user + cpu.system) / 1000, length: result?.length ?? NaN, work: probe(), units: search.work };
}

/** A real point whose disc of `radius` touches no blocked cell. */
function clearPoint(rng: Rng, grid: Grid, radius: number): Point {
  for (let i = 0; i < MAX_TRIES; i++) {
    const x = rng.next() * grid.width;
    const y = rng.next() * grid.height;
    if (!discHitsBlocked(grid, x, y, radius)) return { x, y };
  }
  throw new Error(`no point clear of a disc of radius ${radius} after ${MAX_TRIES} tries`);
}

/** Random orders: a clear start with any heading, a clear goal point. */
function orders(rng: Rng, grid: Grid, radius: number, count: number): Query[] {
  return Array.from({ length: count }, () => {
    const s = clearPoint(rng, grid, radius);
    const goal = clearPoint(rng, grid, radius);
    return { start: { ...s, heading: rng.next() * 2 * Math.PI - Math.PI }, goal };
  });
}

/** The comparison view's start pose: at the first click, heading for the second (demo/pathing.ts). */
function compareQuery(from: Point, to: Point): Query {
  return { start: { x: from.x, y: from.y, heading: Math.atan2(to.y - from.y, to.x - from.x) }, goal: { x: to.x, y: to.y } };
}

function comparePairs(rng: Rng, grid: Grid, radius: number, count: number): Query[] {
  const pairs = [compareQuery(DEFAULT_COMPARE.start, DEFAULT_COMPARE.goal)];
  while (pairs.length < count + 1) {
    const a = clearPoint(rng, grid, radius);
    const b = clearPoint(rng, grid, radius);
    if (Math.hypot(b.x - a.x, b.y - a.y) >= MIN_COMPARE_DISTANCE) pairs.push(compareQuery(a, b));
  }
  return pairs;
}

/** Builds a planner's tables (both modes') untimed; returns the milliseconds it took. */
function built(planner: DirectionalPlanner): { planner: DirectionalPlanner; buildMs: number } {
  const t0 = performance.now();
  while (!planner.tablesReady()) planner.buildTables();
  return { planner, buildMs: performance.now() - t0 };
}

export interface DemoBenchOptions {
  orders: number;
  pairs: number;
  seed: number;
  log?: (line: string) => void;
}

export interface DemoBenchReport {
  series: Series[];
  /** Table building per planner, ms (excluded from every query's time). */
  builds: { name: string; ms: number }[];
  checks: Check[];
  markdown: string;
}

export function runDemoBench(opts: DemoBenchOptions): DemoBenchReport {
  const log = opts.log ?? (() => {});
  const grids = loadDemoGrids();
  const rng = makeRng(opts.seed);
  const series: Series[] = [];
  const builds: { name: string; ms: number }[] = [];
  const warm = (planner: DirectionalPlanner, queries: readonly Query[]): void => {
    for (const mode of MODES) for (const q of queries.slice(0, WARMUP)) planner.findPath(q.start, q.goal, { mode });
  };

  for (const kind of [UNIT_KINDS.tank, UNIT_KINDS.ship]) {
    const grid = kind.water ? grids.sea : grids.land;
    const { planner, buildMs } = built(new DirectionalPlanner(grid, demoProfile(kind)));
    builds.push({ name: `${kind.name} (orders)`, ms: buildMs });
    const queries = orders(rng, grid, kind.radius, opts.orders);
    warm(planner, orders(makeRng(opts.seed + 1), grid, kind.radius, WARMUP));
    for (const mode of MODES) {
      collectGarbage();
      log(`orders: ${kind.name} ${mode}, ${queries.length} queries`);
      series.push({ set: 'orders', unit: kind.name, mode, samples: queries.map((q) => timeQuery(planner, q, mode)), weighted: grid.weighted });
    }
  }

  const tank = UNIT_KINDS.tank;
  const { planner, buildMs } = built(new DirectionalPlanner(grids.walls, compareProfile()));
  builds.push({ name: 'tank (comparison view)', ms: buildMs });
  warm(planner, comparePairs(makeRng(opts.seed + 2), grids.walls, tank.radius, WARMUP));
  const pairs = comparePairs(rng, grids.walls, tank.radius, opts.pairs);
  collectGarbage();
  log(`comparison view: ${pairs.length} pairs, full then hybrid on each`);
  const full: Sample[] = [];
  const hybrid: Sample[] = [];
  for (const q of pairs) {
    full.push(timeQuery(planner, q, 'full'));
    hybrid.push(timeQuery(planner, q, 'hybrid'));
  }
  const weighted = grids.walls.weighted;
  series.push({ set: 'compare', unit: 'tank', mode: 'full', samples: full, weighted }, { set: 'compare', unit: 'tank', mode: 'hybrid', samples: hybrid, weighted });

  const checks = series.map((s): Check => {
    const worst = slowest(s.samples, 1)[0]!;
    const over = s.samples.filter((x) => x.ms > FRAME_MS).length;
    return {
      status: over === 0 ? 'PASS' : 'FAIL',
      text: `${label(s)}: every query <= ${FRAME_MS} ms: ${over} of ${s.samples.length} over, max ${worst.ms.toFixed(1)} ms (${worst.status}, ${describe(worst.query)})`,
    };
  });
  const defaults = series.filter((s) => s.set === 'compare').map((s) => `${s.mode} ${s.samples[0]!.ms.toFixed(1)} ms, ${s.samples[0]!.work.expanded} expansions (${s.samples[0]!.status})`);
  checks.push({ status: 'INFO', text: `comparison view's default pair ${describe(pairs[0]!)}: ${defaults.join('; ')}` });
  return { series, builds, checks, markdown: markdownOf(series, builds) };
}

const label = (s: Series): string => `${s.set === 'orders' ? 'orders' : 'comparison view'}, ${s.unit}, ${s.mode}`;

function slowest(samples: readonly Sample[], n: number): Sample[] {
  return [...samples].sort((a, b) => b.ms - a.ms).slice(0, n);
}

const f1 = (v: number): string => (Number.isFinite(v) ? v.toFixed(1) : String(v));
const f2 = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : String(v));

function describe(q: Query): string {
  return `(${f2(q.start.x)}, ${f2(q.start.y)}, ${f2(q.start.heading)} rad) -> (${f2(q.goal.x)}, ${f2(q.goal.y)})`;
}

function statuses(samples: readonly Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k} ${v}`).join(', ');
}

/**
 * Wall time over the work units the session counted (the planner calibrates a unit at about 1 µs):
 * how far its frame-budget accounting is off. All of them: the parts listed in the slowest
 * queries' tables leave out an expansion's moves beyond its one unit, the cost sums over cells,
 * the opening's tables (about two thirds of a weighted tank order's units).
 */
function microsPerUnit(samples: readonly Sample[]): number {
  let ms = 0;
  let units = 0;
  for (const { ms: t, units: u } of samples) {
    ms += t;
    units += u;
  }
  return (1000 * ms) / units;
}

/** Mean length of the found paths: what a change to the search must not make worse. */
function meanFoundLength(samples: readonly Sample[]): number {
  const found = samples.filter((x) => x.status === 'found');
  return found.reduce((sum, x) => sum + x.length, 0) / found.length;
}

/** A sample's work by part, the nonzero parts only. */
function parts(w: WorkBreakdown, weighted: boolean): string {
  const named: [string, number][] = [
    ['proof', w.proof], ['field', w.field], ['kinematic', w.kinematic], ['joins', w.joins], ['shots', w.shots], ['shortcut', w.shortcut],
  ];
  const widened = w.widenings > 0 && !weighted ? `, corridor widened ${w.widenings}x` : '';
  return named.filter(([, v]) => v !== 0).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ') + widened + (w.fellBack && !weighted ? ', corridor fell back' : '');
}

function markdownOf(series: readonly Series[], builds: readonly { name: string; ms: number }[]): string {
  const lines: string[] = [];
  lines.push('| set | unit | mode | n | statuses | p50 ms | p95 ms | p99 ms | max ms | > 16 ms | CPU ms p95 / max, > 16 | expansions p50 / max | µs per work unit | mean length (found) | hybrid widened locally / fell back |');
  lines.push('| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const s of series) {
    const ms = s.samples.map((x) => x.ms);
    const exp = s.samples.map((x) => x.work.expanded);
    const cpu = s.samples.map((x) => x.cpuMs);
    // On tile costs no corridor is built: nothing falls back.
    const fell =
      s.mode !== 'hybrid' ? '' : s.weighted ? 'no corridor (tile costs)' : `${s.samples.filter((x) => x.work.widenings > 0).length} / ${s.samples.filter((x) => x.work.fellBack).length}`;
    lines.push(
      `| ${s.set} | ${s.unit} | ${s.mode} | ${s.samples.length} | ${statuses(s.samples)} | ${f1(median(ms))} | ${f1(quantile(ms, 0.95))} | ${f1(quantile(ms, 0.99))} | ${f1(max(ms))} | ${ms.filter((v) => v > FRAME_MS).length} | ${f1(quantile(cpu, 0.95))} / ${f1(max(cpu))}, ${cpu.filter((v) => v > FRAME_MS).length} | ${median(exp)} / ${max(exp)} | ${f1(microsPerUnit(s.samples))} | ${f2(meanFoundLength(s.samples))} | ${fell} |`,
    );
  }
  lines.push('', `Table building (excluded from the times above): ${builds.map((b) => `${b.name} ${f1(b.ms)} ms`).join(', ')}.`, '');
  lines.push('## Slowest queries', '', 'Work in the planner\'s units (about 1 µs each): expansions, every unit the session counted, then the parts the probe reads.', '');
  for (const s of series) {
    lines.push(`**${label(s)}**`, '', '| ms | status | start (x, y, heading) -> goal | length | expansions | all units | other work |', '| ---: | --- | --- | ---: | ---: | ---: | --- |');
    for (const x of slowest(s.samples, SLOWEST_LISTED)) {
      lines.push(`| ${f1(x.ms)} | ${x.status} | ${describe(x.query)} | ${f1(x.length)} | ${x.work.expanded} | ${Math.round(x.units)} | ${parts(x.work, s.weighted)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function commitOf(root: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    // Others edit the planner in the same tree: say when what ran is not the commit.
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} with uncommitted changes in src/` : head;
  } catch {
    return 'unknown';
  }
}

function main(): number {
  const root = fileURLToPath(new URL('..', import.meta.url));
  let opts: DemoBenchOptions;
  let out: string;
  try {
    const parsed = parseArgs(process.argv.slice(2), ['orders', 'pairs', 'seed', 'out'], []);
    opts = {
      orders: integerOption(parsed, 'orders', DEFAULT_ORDERS, 1, 100_000),
      pairs: integerOption(parsed, 'pairs', DEFAULT_PAIRS, 0, 100_000),
      seed: integerOption(parsed, 'seed', DEFAULT_SEED, 0, 2 ** 31),
      log: (line) => process.stderr.write(line + '\n'),
    };
    out = parsed.options.get('out') ?? join(root, 'bench', 'results');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench:demo: ${error.message}\nusage: npm run bench:demo -- [--orders N] [--pairs N] [--seed N] [--out DIR]\n`);
    return 2;
  }
  if (!(globalThis as { gc?: unknown }).gc) process.stderr.write('bench:demo: run node with --expose-gc (npm run bench:demo does) for stable timings\n');
  const report = runDemoBench(opts);
  const cpu = cpus();
  const header = `# Demo map: vehicle orders (issue 17)\n\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commitOf(root)}, node ${process.version}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, load average ${loadavg()[0]!.toFixed(1)} at the end. ${opts.orders} orders per unit kind, ${opts.pairs} + 1 comparison-view pairs, seed ${opts.seed}; \`npm run bench:demo\` (bench/demo-orders.ts).\n\n`;
  const checks = report.checks.map((c) => `- **${c.status}** ${c.text}`).join('\n');
  mkdirSync(out, { recursive: true });
  const file = join(out, 'demo-orders.md');
  writeFileSync(file, `${header}${report.markdown}\n## Targets\n\n${checks}\n`);
  process.stdout.write(`${report.markdown}\n${report.checks.map((c) => `${c.status.padEnd(4)} ${c.text}`).join('\n')}\n\nWrote ${relative(process.cwd(), file)}\n`);
  return report.checks.some((c) => c.status === 'FAIL') ? 1 : 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
