/**
 * The steering table of `npm run bench`: directional A* (full Directional-24, and hybrid) on the
 * game maps of ../shared/benchmarks/maps, for a unit of width 0.8 with turning radius 1, 2 and 4
 * tiles, plus r = 4 with Directional-48 (the planner's default there), against Theta* on the same
 * queries. Queries are the maps' scenarios (a bucket-spread
 * sample) with the start and goal at tile centres, a seeded random start heading, any goal heading.
 *
 * Standalone: `npx tsx bench/directional.ts [--maps DIR] [--sample N] [--maps-only a,b] [--radii 1,2,4]
 * [--neighborhood 8|24|48]` prints the table and the target checks (with --radii or --neighborhood,
 * those configurations instead of the default four).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integerOption, parseArgs } from '../src/cli/args.js';
import type { Grid } from '../src/grid/grid.js';
import { createPlanner, plannerNames } from '../src/planners.js';
import { DirectionalPlanner } from '../src/directional/directional-planner.js';
import type { CurveResult } from '../src/curves/curve-planner.js';
import { pathHitsBlocked } from '../src/curves/footprint.js';
import type { Neighborhood } from '../src/directional/hit-check.js';
import type { Pose } from '../src/curves/segment.js';
import { makeRng } from '../test/support/rng.js';
import { isGameMap, listMaps, loadMap } from './lib/maps.js';
import type { Check } from './lib/report.js';
import { sampleScenarios } from './lib/sample.js';

/** Options of {@link runDirectionalBench}. */
export interface DirectionalBenchOptions {
  /** Folder of Moving AI maps and scenarios. */
  mapsDir: string;
  /** Queries per map. */
  sample: number;
  /** Only these maps (names without `.map`); default every game map. */
  only?: readonly string[];
  /** Turning radius (tiles) and full-search neighbourhood of each row pair; the hybrid corridor always searches the 48-neighbourhood. */
  configs?: readonly DirectionalConfig[];
  /** Progress lines. */
  log?: (line: string) => void;
}

/** One lattice configuration of the table. */
export interface DirectionalConfig {
  radius: number;
  neighborhood: Neighborhood;
}

/** What the table measured for one configuration and mode, pooled over the maps. */
export interface DirectionalRow {
  radius: number;
  neighborhood: Neighborhood;
  mode: 'full' | 'hybrid';
  queries: number;
  found: number;
  illegal: number;
  statuses: Record<string, number>;
  medianExpanded: number;
  medianMicros: number;
  p95Micros: number;
  thetaMedianMicros: number;
  /** Median over found queries of length / any-angle optimum. */
  lengthRatio: number;
}

/** The table as markdown, the rows, and PASS/FAIL lines for the issue's targets. */
export interface DirectionalBenchReport {
  markdown: string;
  rows: DirectionalRow[];
  checks: Check[];
}

const DEFAULT_SAMPLE = 8;
const SAMPLE_SEED = 5;
const HEADING_SEED = 6;
/** Unit width, tiles: the issue's w = 0.8. */
const WIDTH = 0.8;
const CONFIGS: readonly DirectionalConfig[] = [
  { radius: 1, neighborhood: 24 },
  { radius: 2, neighborhood: 24 },
  { radius: 4, neighborhood: 24 },
  { radius: 4, neighborhood: 48 },
];
/** A search stops with status `budget` after this many expansions, so one query cannot stall the run. */
const MAX_EXPANSIONS = 1_000_000;
/** Untimed queries per planner before timing. */
const WARM_UP = 2;
/** Targets of the issue: hybrid median at most 5x Theta*'s, full Directional-24 at most 50x. */
const HYBRID_TARGET = 5;
const FULL_TARGET = 50;

interface Sample {
  micros: number;
  expanded: number;
  status: string;
  legal: boolean;
  ratio: number;
}

/** Runs the directional benchmark and returns its table and checks. */
export function runDirectionalBench(opts: DirectionalBenchOptions): DirectionalBenchReport {
  const log = opts.log ?? ((): void => undefined);
  const configs = opts.configs ?? CONFIGS;
  const names = listMaps(opts.mapsDir).filter((n) => (opts.only ? opts.only.includes(n) : isGameMap(n)));
  const reference = plannerNames().includes('anya') ? 'anya' : 'theta';
  const samples = new Map<string, Sample[]>();
  const thetaMicros: number[] = [];
  for (const name of names) {
    const map = loadMap(opts.mapsDir, name);
    const grid = map.grid;
    const queries = sampleScenarios(map.scenarios, opts.sample, SAMPLE_SEED);
    const headingRng = makeRng(HEADING_SEED);
    const poses = queries.map((q) => ({
      start: { x: q.startX + 0.5, y: q.startY + 0.5, heading: (headingRng.next() * 2 - 1) * Math.PI },
      goal: { x: q.goalX + 0.5, y: q.goalY + 0.5, heading: null },
    }));
    const theta = createPlanner('theta', grid);
    const optimum = createPlanner(reference, grid);
    const optimal = poses.map((p) => optimum.findPath(p.start.x, p.start.y, p.goal.x, p.goal.y).length);
    for (const p of poses.slice(0, WARM_UP)) theta.findPath(p.start.x, p.start.y, p.goal.x, p.goal.y);
    const thetaTimes = poses.map((p) => timed(() => theta.findPath(p.start.x, p.start.y, p.goal.x, p.goal.y)).micros);
    thetaMicros.push(...thetaTimes);
    for (const { radius: r, neighborhood } of configs) {
      const planner = new DirectionalPlanner(grid, { turningRadius: r, width: WIDTH }, { headings: 16, neighborhood });
      for (const p of poses.slice(0, WARM_UP)) {
        for (const mode of ['full', 'hybrid'] as const) planner.findPath(p.start, p.goal, { mode, maxExpansions: 20_000 });
      }
      poses.forEach((p, i) => {
        for (const mode of ['full', 'hybrid'] as const) {
          const { value: result, micros } = timed(() => planner.findPath(p.start, p.goal, { mode, maxExpansions: MAX_EXPANSIONS }));
          const legal = result.status !== 'found' || isLegal(grid, result, p.start, p.goal, r);
          const key = `${r}|${neighborhood}|${mode}`;
          if (!samples.has(key)) samples.set(key, []);
          samples.get(key)!.push({ micros, expanded: result.expanded, status: result.status, legal, ratio: result.length / optimal[i]! });
        }
      });
      log(`directional ${name} r=${r} D-${neighborhood}: ${poses.length} queries`);
    }
  }
  const rows: DirectionalRow[] = [];
  const thetaMedian = median(thetaMicros);
  for (const { radius: r, neighborhood } of configs) {
    for (const mode of ['full', 'hybrid'] as const) {
      const s = samples.get(`${r}|${neighborhood}|${mode}`) ?? [];
      const found = s.filter((x) => x.status === 'found');
      const statuses: Record<string, number> = {};
      for (const x of s) statuses[x.status] = (statuses[x.status] ?? 0) + 1;
      rows.push({
        radius: r,
        neighborhood,
        mode,
        queries: s.length,
        found: found.length,
        illegal: s.filter((x) => !x.legal).length,
        statuses,
        medianExpanded: median(s.map((x) => x.expanded)),
        medianMicros: median(s.map((x) => x.micros)),
        p95Micros: quantile(s.map((x) => x.micros), 0.95),
        thetaMedianMicros: thetaMedian,
        lengthRatio: median(found.map((x) => x.ratio)),
      });
    }
  }
  return { markdown: table(rows, names, reference), rows, checks: targetChecks(rows) };
}

/** True when a found path is legal: from the start to the goal, no arc tighter than r, footprint clear of walls. */
function isLegal(grid: Grid, result: CurveResult, start: Pose, goal: { x: number; y: number }, r: number): boolean {
  const path = result.segments;
  const end = path.end;
  if (Math.hypot(path.start.x - start.x, path.start.y - start.y) > 1e-9 || Math.hypot(end.x - goal.x, end.y - goal.y) > 1e-6) return false;
  if (path.segments.some((s) => s.kind === 'arc' && s.radius < r - 1e-9)) return false;
  return !pathHitsBlocked(grid, path, WIDTH / 2);
}

function timed<T>(f: () => T): { value: T; micros: number } {
  const t0 = performance.now();
  const value = f();
  return { value, micros: (performance.now() - t0) * 1000 };
}

function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

const ms = (micros: number): string => (Number.isFinite(micros) ? (micros / 1000).toFixed(micros < 10_000 ? 2 : 1) : '-');

function table(rows: readonly DirectionalRow[], maps: readonly string[], reference: string): string {
  const lines = [
    `Directional A* (16 headings; the full search with the neighbourhood shown, the hybrid corridor with Directional-48), unit width ${WIDTH}, ` +
      `on ${maps.length} game maps (${maps.join(', ')}); start and goal at tile centres, seeded start heading, any goal heading. ` +
      `Times in ms; length against ${reference}'s any-angle path; "x theta" compares medians over the same queries.`,
    '',
    '| r | moves | mode | found | illegal | median expanded | median ms | p95 ms | x theta | length / any-angle | failures |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const failures = Object.entries(row.statuses)
      .filter(([k]) => k !== 'found')
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    lines.push(
      `| ${row.radius} | D-${row.neighborhood} | ${row.mode} | ${row.found}/${row.queries} (${((100 * row.found) / Math.max(1, row.queries)).toFixed(0)}%) | ${row.illegal} | ` +
        `${row.medianExpanded} | ${ms(row.medianMicros)} | ${ms(row.p95Micros)} | ${(row.medianMicros / row.thetaMedianMicros).toFixed(1)} | ` +
        `${Number.isFinite(row.lengthRatio) ? row.lengthRatio.toFixed(3) : '-'} | ${failures || '-'} |`,
    );
  }
  lines.push('', '| r | moves | hybrid time / full | hybrid length / full (median of found) |', '| ---: | --- | ---: | ---: |');
  for (let i = 0; i + 1 < rows.length; i += 2) {
    const full = rows[i]!;
    const hybrid = rows[i + 1]!;
    lines.push(`| ${full.radius} | D-${full.neighborhood} | ${(hybrid.medianMicros / full.medianMicros).toFixed(2)} | ${(hybrid.lengthRatio / full.lengthRatio).toFixed(3)} |`);
  }
  return lines.join('\n');
}

function targetChecks(rows: readonly DirectionalRow[]): Check[] {
  const checks: Check[] = [];
  for (const row of rows) {
    const ratio = row.medianMicros / row.thetaMedianMicros;
    const target = row.mode === 'hybrid' ? HYBRID_TARGET : row.neighborhood === 24 ? FULL_TARGET : undefined;
    const label = `steering r=${row.radius} D-${row.neighborhood} ${row.mode}`;
    checks.push({
      status: target === undefined ? 'INFO' : ratio <= target ? 'PASS' : 'FAIL',
      text: `${label}: median ${ms(row.medianMicros)} ms = ${ratio.toFixed(1)}x Theta*${target === undefined ? '' : ` (target <= ${target}x)`}`,
    });
    checks.push({ status: row.illegal === 0 ? 'PASS' : 'FAIL', text: `${label}: ${row.illegal} illegal paths of ${row.found} found` });
  }
  return checks;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const parsed = parseArgs(process.argv.slice(2), ['maps', 'sample', 'maps-only', 'radii', 'neighborhood'], []);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const neighborhood = integerOption(parsed, 'neighborhood', 24, 8, 48) as Neighborhood;
  const radii = parsed.options.get('radii')?.split(',').map(Number);
  const custom = radii !== undefined || parsed.options.has('neighborhood');
  const report = runDirectionalBench({
    mapsDir: parsed.options.get('maps') ?? join(root, '..', 'shared', 'benchmarks', 'maps'),
    sample: integerOption(parsed, 'sample', DEFAULT_SAMPLE, 1, 100_000),
    only: parsed.options.get('maps-only')?.split(',').map((m) => m.trim().replace(/\.map$/, '')),
    ...(custom ? { configs: (radii ?? [1, 2, 4]).map((radius) => ({ radius, neighborhood })) } : {}),
    log: (line) => process.stderr.write(line + '\n'),
  });
  process.stdout.write(report.markdown + '\n\n' + report.checks.map((c) => `${c.status} ${c.text}`).join('\n') + '\n');
}
