/**
 * The directional benchmark of issue 17 (the steering part of `npm run bench`, alone as
 * `npm run bench:directional`): directional A* in full and hybrid mode on the steering queries of
 * ../shared/benchmarks/steer (exact start poses, goal points with any heading) for a unit of width
 * 0.8 with turning radius 1, 2 and 4 tiles, each with the planner's default neighbourhood
 * (Directional-24 up to r = 2, Directional-48 above).
 *
 * Per configuration and mode it reports the statuses, p50/p95/p99/max time over the warm queries
 * (the first query of each map is reported apart), expansions and µs per expansion, the time
 * before the search (the tables, built and timed ahead of the queries, and each query's set-up
 * before its first expansion), length over Anya's any-angle optimum, hybrid length over full, the
 * legality of every found path by the independent sampler (test/support/footprint-sampler.ts,
 * 0.01-tile steps), and the targets of issue 17 as PASS/FAIL lines.
 *
 * Standalone: `npm run bench:directional -- [--maps DIR] [--steer-sample N] [--maps-only a,b]
 * [--radii 1,2,4] [--neighborhood 8|24|48] [--max-expansions N] [--max-ms MS] [--passes N] [--reference-sample N] [--reference-expansions N] [--out DIR]` writes
 * directional.md and directional-time-vs-length.svg to DIR (default bench/results) and prints the
 * table and the checks. The path quality of every found path (turning, reverse driving, loops;
 * bench/lib/path-quality.ts) is compared with a reference of higher resolution (16 headings,
 * Directional-48, full, weight 1, admissible heuristic) run on the same queries (or the first `--reference-sample` of each map). `--maps` takes ../shared/benchmarks (the default) or its maps folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { integerOption, parseArgs, UsageError } from '../src/cli/args.js';
import { Grid } from '../src/grid/grid.js';
import { createPlanner } from '../src/planners.js';
import { DirectionalPlanner } from '../src/directional/directional-planner.js';
import type { Neighborhood } from '../src/directional/hit-check.js';
import { pathProblem } from '../test/support/footprint-sampler.js';
import { loadMap } from './lib/maps.js';
import { collectGarbage } from './lib/measure.js';
import type { Check } from './lib/report.js';
import { benchFolders, listSteerMaps, loadSteerQueries, type SteerQuery } from './lib/steer-queries.js';
import { compareModes, directionalChecks, summarize, TARGETS, type ConfigResult, type DirectionalSample, type ModeSummary, type ReferenceResult } from './lib/directional-stats.js';
import { compareWithReference, pathQuality, type PathQuality, type ReferencePair } from './lib/path-quality.js';
import { logLogChart, type ChartSeries } from './lib/svg.js';
import { max, median } from './lib/stats.js';

/** Options of {@link runDirectionalBench}. */
export interface DirectionalBenchOptions {
  /** `../shared/benchmarks`, or its `maps` folder (the steering queries are in the `steer` folder beside it). */
  mapsDir: string;
  /** Queries per map (the first of each map is reported apart); default {@link DEFAULT_STEER_SAMPLE}. */
  sample?: number;
  /** Only these maps (names without `.map`); default every map with steering queries. */
  only?: readonly string[];
  /** Turning radius (tiles) and neighbourhood of each configuration; default r = 1, 2, 4 with the planner's default neighbourhood. */
  configs?: readonly DirectionalConfig[];
  /** Expansions after which a query stops with status `budget`; default {@link DEFAULT_MAX_EXPANSIONS}. */
  maxExpansions?: number;
  /**
   * Wall time (ms) after which a query is cancelled and counted as status `budget`, whatever
   * work the planner does beside its expansions; default {@link DEFAULT_MAX_MS}.
   */
  maxMs?: number;
  /**
   * Passes over each map's queries; a query's time is the median of its passes (its statuses,
   * expansions and paths are the same every pass). On the shared 2-core machine one timing of a
   * query moves by 2x or more with the load and with the engine re-optimising code after the
   * collection run between queries; the median of 3 is steady within about 10%. Default
   * {@link DEFAULT_PASSES}.
   */
  passes?: number;
  /**
   * Queries per map (the first ones) on which the higher-resolution reference is run; 0 skips it;
   * default every query of the run (`sample`): at 16 headings and D-48 the reference costs about
   * a third of the run (its longer moves need fewer expansions than D-24's).
   */
  referenceSample?: number;
  /** Expansions after which a reference query stops (and is left out of the comparison); default {@link DEFAULT_REFERENCE_EXPANSIONS}. */
  referenceExpansions?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** One lattice configuration of the table. */
export interface DirectionalConfig {
  radius: number;
  neighborhood: Neighborhood;
}

/** The table as markdown, the chart, the per-configuration results and the PASS/FAIL lines. */
export interface DirectionalBenchReport {
  markdown: string;
  /** SVG text of time against path length. */
  chart: string;
  results: ConfigResult[];
  checks: Check[];
  seconds: number;
}

/**
 * Queries per map by default (of 60): the first twelve of each file, four of each distance band
 * (the files cycle through 6-30, 30-100 and 100-300 tiles), so that the whole steering part runs
 * in about five minutes on a loaded 2-core machine. `--steer-sample 60` runs every query.
 */
export const DEFAULT_STEER_SAMPLE = 12;
/** Passes over the queries by default: see {@link DirectionalBenchOptions.passes}. */
export const DEFAULT_PASSES = 3;
/**
 * A query stops with status `budget` after this many expansions: at the 3 to 6 µs an expansion
 * measured, about 1 s, the full mode's "every query" target, so a capped query has failed it.
 */
export const DEFAULT_MAX_EXPANSIONS = 250_000;
/**
 * A query is cancelled (and counted as `budget`) after this much wall time, ms: the expansion cap
 * bounds the search, this bounds whatever a planner does beside it (a proof run alongside). Above
 * the 4 to 5 s the expansion cap takes at r = 4, so that today it never decides.
 */
export const DEFAULT_MAX_MS = 10_000;
/** A reference query stops after this many expansions (it is then left out of the comparison, and counted). */
export const DEFAULT_REFERENCE_EXPANSIONS = 250_000;
/**
 * The reference's lattice: the finest the planner offers (16 headings, Directional-48, weight 1 in
 * full mode, with the admissible heuristic: the lattice's optimum but for the analytic shots). It
 * is "higher resolution" than the benchmarked configuration where that uses fewer moves (D-24 at
 * r = 1 and 2); at r = 4 the benchmarked lattice is this one, and the reference differs from the
 * full mode only in its admissible heuristic.
 */
const REFERENCE_NEIGHBORHOOD: Neighborhood = 48;
/** Work units per `step` when the wall-time cap is watched: tens of ms of search, the cap's resolution. */
const STEP_UNITS = 10_000;
/** Unit width, tiles: the issue's w = 0.8. */
const WIDTH = 0.8;
/** Headings of the lattice: the planner's default. */
const HEADINGS = 16;
/** Sampling step of the legality check, tiles: the issue's "independent 0.01-tile sampler". */
const LEGALITY_STEP = 0.01;
const MODES = ['full', 'hybrid'] as const;
type Mode = (typeof MODES)[number];

/** The default configurations: r = 1, 2, 4 with the neighbourhood the planner picks for them. */
export function defaultConfigs(radii: readonly number[] = [1, 2, 4]): DirectionalConfig[] {
  return radii.map((radius) => ({ radius, neighborhood: new DirectionalPlanner(emptyGrid, { turningRadius: radius, width: WIDTH }).neighborhood }));
}
/** The planner's constructor reads only the grid's size to pick a neighbourhood: a one-cell grid is enough to ask it. */
const emptyGrid = new Grid(1, 1);

/** Tables of one map and configuration: time to build what full needs, then what hybrid adds, ms. */
interface TableTimes {
  full: number;
  hybrid: number;
}

/** Runs the directional benchmark and returns its table, chart and checks. */
export function runDirectionalBench(opts: DirectionalBenchOptions): DirectionalBenchReport {
  const started = performance.now();
  const log = opts.log ?? ((): void => undefined);
  const configs = opts.configs ?? defaultConfigs();
  const sample = opts.sample ?? DEFAULT_STEER_SAMPLE;
  const cap = opts.maxExpansions ?? DEFAULT_MAX_EXPANSIONS;
  const maxMs = opts.maxMs ?? DEFAULT_MAX_MS;
  const passes = opts.passes ?? DEFAULT_PASSES;
  const folders = benchFolders(opts.mapsDir);
  const names = listSteerMaps(folders.steer).filter((n) => !opts.only || opts.only.includes(n));
  const samples = new Map<string, DirectionalSample[]>();
  const tables = new Map<string, TableTimes[]>();
  const refSample = Math.min(opts.referenceSample ?? sample, sample);
  const refCap = opts.referenceExpansions ?? DEFAULT_REFERENCE_EXPANSIONS;
  const refs = new Map<string, ReferenceRun[]>();
  const key = (c: DirectionalConfig, mode: Mode | 'tables'): string => `${c.radius}|${c.neighborhood}|${mode}`;
  for (const name of names) {
    const map = loadMap(folders.maps, name);
    const grid = map.grid;
    const queries = loadSteerQueries(folders.steer, name).slice(0, sample);
    const anya = createPlanner('anya', grid);
    const optimum = queries.map((q) => anya.findPath(q.start.x, q.start.y, q.goal.x, q.goal.y).length);
    for (const config of configs) {
      const t0 = performance.now();
      const planner = new DirectionalPlanner(grid, { turningRadius: config.radius, width: WIDTH }, { headings: HEADINGS, neighborhood: config.neighborhood });
      const built = { full: timeMs(() => planner.buildTables()), hybrid: timeMs(() => planner.buildTables()) };
      pushTo(tables, key(config, 'tables'), built);
      // Each pass over the queries; a query's time is the median of its passes.
      const timings = new Map<string, ReturnType<typeof measureQuery>[]>();
      for (let pass = 0; pass < passes; pass++) {
        queries.forEach((q, i) => {
          // Alternate which mode runs first, so that neither always meets the caches the other left.
          const order = (i + pass) % 2 === 0 ? MODES : ([...MODES].reverse() as Mode[]);
          for (const mode of order) {
            const runKey = `${mode}|${i}`;
            const list = timings.get(runKey) ?? [];
            list.push(measureQuery(planner, q, mode, cap, maxMs, config.radius));
            timings.set(runKey, list);
            collectGarbage();
          }
        });
      }
      queries.forEach((_, i) => {
        for (const mode of MODES) {
          const list = timings.get(`${mode}|${i}`)!;
          const s = { ...list[0]!, ms: median(list.map((r) => r.ms)), preMs: median(list.map((r) => r.preMs)) };
          pushTo(samples, key(config, mode), { ...s, map: name, index: i, first: i === 0, optimum: optimum[i]! });
        }
      });
      const t1 = performance.now();
      const modeSamples = (mode: Mode): DirectionalSample[] => (samples.get(key(config, mode)) ?? []).filter((s) => s.map === name);
      const runs = referenceRuns(grid, queries.slice(0, refSample), config, modeSamples('full'), modeSamples('hybrid'), refCap, maxMs);
      for (const r of runs) pushTo(refs, key(config, 'tables'), r);
      const refNote = runs.length > 0 ? `, reference on ${runs.length} in ${((performance.now() - t1) / 1000).toFixed(1)} s` : '';
      log(`directional ${name} r=${config.radius} D-${config.neighborhood}${refNote}: tables ${built.full.toFixed(0)} + ${built.hybrid.toFixed(0)} ms, ${queries.length} queries x 2 modes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
  const results: ConfigResult[] = configs.map((c) => {
    const full = samples.get(key(c, 'full')) ?? [];
    const hybrid = samples.get(key(c, 'hybrid')) ?? [];
    const runs = refs.get(key(c, 'tables')) ?? [];
    const reference = refSample > 0 ? referenceResult(c, runs) : undefined;
    return { radius: c.radius, neighborhood: c.neighborhood, full: summarize(full), hybrid: summarize(hybrid), vs: compareModes(full, hybrid), ...(reference ? { reference } : {}) };
  });
  const tableTimes = configs.map((c) => tables.get(key(c, 'tables')) ?? []);
  const chartSeries: ChartSeries[] = configs.flatMap((c) =>
    MODES.map((mode) => ({
      name: `r=${c.radius} D-${c.neighborhood} ${mode}`,
      dashed: mode === 'full',
      points: (samples.get(key(c, mode)) ?? []).filter((s) => !s.first).map((s) => ({ x: s.optimum, y: s.ms })),
    })),
  );
  const warmCount = results[0] ? results[0].full.warm : 0;
  const chart = logLogChart(chartSeries, {
    title: 'Directional A*: time per query against path length',
    subtitle: `${warmCount} warm steering queries per series on ${names.length} maps, unit width ${WIDTH}; dots: queries (found or not), lines: medians; dashed: full`,
    xTitle: "the query's any-angle (Anya) length, tiles (log scale)",
    xDecade: (e) => String(10 ** e),
    yDecade: msDecade,
  });
  const seconds = (performance.now() - started) / 1000;
  const refAbout = refSample > 0 ? `; the path-quality reference on ${refSample === sample ? 'the same queries' : `the first ${refSample} queries of each map`} (at most ${refCap.toLocaleString('en-US')} expansions)` : '';
  const about = `${names.length} maps (${names.join(', ')}), the first ${sample} of 60 queries of each, ${HEADINGS} headings, unit width ${WIDTH}, at most ${cap.toLocaleString("en-US")} expansions or ${maxMs.toLocaleString("en-US")} ms a query, each query timed in ${passes} passes (its time: the median)${refAbout}; ${seconds.toFixed(0)} s`;
  const slow = configs.map((c) => MODES.map((mode) => slowest(samples.get(key(c, mode)) ?? [])));
  return { markdown: table(results, tableTimes, slow, about), chart, results, checks: directionalChecks(results), seconds };
}

/** The label of 10^e milliseconds on a time axis. */
function msDecade(exponent: number): string {
  if (exponent >= 3) return `${10 ** (exponent - 3)} s`;
  if (exponent >= 0) return `${10 ** exponent} ms`;
  return `${(10 ** exponent).toFixed(-exponent)} ms`;
}

/** Queries named in the "slowest" column per configuration and mode: the tail the targets are about. */
const SLOWEST_SHOWN = 3;

/** One query the reference was run on: its status and path quality, and the benchmarked modes' paths. */
interface ReferenceRun {
  status: string;
  reference?: PathQuality;
  full?: PathQuality;
  hybrid?: PathQuality;
}

/** The reference's label for the report. */
function referenceLabel(): string {
  return `${HEADINGS} headings, D-${REFERENCE_NEIGHBORHOOD}, full, weight 1, admissible`;
}

/**
 * Runs the reference on the queries either mode found (the others have nothing to compare).
 */
function referenceRuns(
  grid: Grid,
  queries: readonly SteerQuery[],
  config: DirectionalConfig,
  full: readonly DirectionalSample[],
  hybrid: readonly DirectionalSample[],
  cap: number,
  maxMs: number,
): ReferenceRun[] {
  let planner: DirectionalPlanner | undefined;
  const runs: ReferenceRun[] = [];
  queries.forEach((q, i) => {
    const f = full[i];
    const h = hybrid[i];
    if (f?.status !== 'found' && h?.status !== 'found') return;
    const run: ReferenceRun = { status: 'found', ...(f?.quality ? { full: f.quality } : {}), ...(h?.quality ? { hybrid: h.quality } : {}) };
    planner ??= new DirectionalPlanner(grid, { turningRadius: config.radius, width: WIDTH }, { headings: HEADINGS, neighborhood: REFERENCE_NEIGHBORHOOD });
    const r = measureQuery(planner, q, 'full', cap, maxMs, config.radius, true);
    run.status = r.status;
    if (r.quality) run.reference = r.quality;
    collectGarbage();
    runs.push(run);
  });
  return runs;
}

/** Pools the reference runs of one configuration into both modes' comparisons. */
function referenceResult(config: DirectionalConfig, runs: readonly ReferenceRun[]): ReferenceResult {
  const pairs = (mode: Mode): ReferencePair[] => runs.flatMap((r) => (r.reference && r[mode] ? [{ path: r[mode]!, reference: r.reference }] : []));
  return {
    label: referenceLabel(),
    queries: runs.length,
    found: runs.filter((r) => r.status === 'found').length,
    budget: runs.filter((r) => r.status === 'budget').length,
    full: compareWithReference(pairs('full')),
    hybrid: compareWithReference(pairs('hybrid')),
  };
}

/** The slowest warm queries, as `map#index status ms (expansions)`. */
function slowest(samples: readonly DirectionalSample[]): string {
  return [...samples]
    .filter((s) => !s.first)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST_SHOWN)
    .map((s) => `${s.map}#${s.index} ${s.status} ${ms(s.ms)} ms (${s.expanded.toLocaleString('en-US')})`)
    .join('; ');
}

function pushTo<T>(m: Map<string, T[]>, k: string, v: T): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

function timeMs(f: () => unknown): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

/**
 * One query through a session: `step(0)` does the checks and the set-up before the first
 * expansion (goal, heuristic field, corridor), then steps of {@link STEP_UNITS} the search, until
 * it ends or `maxMs` have passed (then it is cancelled and reported as `budget`); both parts are timed.
 */
function measureQuery(planner: DirectionalPlanner, q: SteerQuery, mode: Mode, cap: number, maxMs: number, radius: number, admissible = false): Omit<DirectionalSample, 'map' | 'index' | 'first' | 'optimum'> {
  const t0 = performance.now();
  const search = planner.createSearch(q.start, q.goal, { mode, maxExpansions: cap, admissible });
  let result = search.step(0);
  const t1 = performance.now();
  let timedOut = false;
  while (!result) {
    result = search.step(STEP_UNITS);
    if (!result && performance.now() - t0 > maxMs) {
      timedOut = true;
      search.cancel();
      result = search.result;
    }
  }
  const t2 = performance.now();
  if (!result) throw new Error('a cancelled search has no result');
  const found = result.status === 'found' && !timedOut;
  const segments = found ? result.segments.toJSON() : [];
  const illegal =
    found &&
    pathProblem(planner.grid, segments, {
      start: q.start,
      goal: q.goal,
      turningRadius: radius,
      sweepRadius: planner.profile.sweepRadius,
      step: LEGALITY_STEP,
    }) !== null;
  return {
    status: timedOut ? 'budget' : result.status,
    ms: t2 - t0,
    preMs: t1 - t0,
    expanded: result.expanded,
    sideWork: Math.max(0, search.work - result.expanded),
    length: found ? result.length : NaN,
    illegal,
    ...(found ? { quality: pathQuality(segments) } : {}),
  };
}

const ms = (v: number): string => (!Number.isFinite(v) ? '-' : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US'));
const ratio = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : '-');

function statusText(s: ModeSummary): string {
  return Object.entries(s.statuses)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

function table(results: readonly ConfigResult[], tableTimes: readonly TableTimes[][], slow: readonly string[][], about: string): string {
  const lines = [
    `Directional A* on the steering queries of ../shared/benchmarks/steer: ${about}. Times in ms over the warm queries (every query but the first of each map); ` +
      `statuses and lengths over every query. "pre" is a query's time before its first expansion (checks, goal, heuristic field, corridor), within the total; "side work" is what the search session counted as work besides expansions (a proof beside the search), in its ~1 µs units; "µs / expansion" is the time after the first expansion began over the expansions, side work included. ` +
      `Length against Anya's any-angle optimum from the same start to the goal point.`,
    '',
    '| r | moves | mode | statuses | p50 | p95 | p99 | max | first query (median / max) | median expanded | max expanded | max side work | µs / expansion | pre p50 / p95 / max | length / any-angle (mean / max) | illegal |',
    '| ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const c of results) {
    for (const mode of MODES) {
      const s = c[mode];
      lines.push(
        `| ${c.radius} | D-${c.neighborhood} | ${mode} | ${statusText(s)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${ms(s.firstMedian)} / ${ms(s.firstMax)} | ` +
          `${Number.isFinite(s.medianExpanded) ? Math.round(s.medianExpanded).toLocaleString('en-US') : '-'} | ${Number.isFinite(s.maxExpanded) ? s.maxExpanded.toLocaleString('en-US') : '-'} | ${Number.isFinite(s.maxSideWork) ? s.maxSideWork.toLocaleString('en-US') : '-'} | ` +
          `${Number.isFinite(s.microsPerExpansion) ? s.microsPerExpansion.toFixed(2) : '-'} | ${ms(s.preP50)} / ${ms(s.preP95)} / ${ms(s.preMax)} | ${ratio(s.meanOverOptimum)} / ${ratio(s.maxOverOptimum)} | ${s.illegal} |`,
      );
    }
  }
  lines.push(
    '',
    'Tables, built ahead of the queries with `buildTables` (once per map and configuration; the move sets are cached per profile, so the first map pays for them), ms; and hybrid against full on the same queries:',
    '',
    '| r | moves | tables, full: first map / median / max | hybrid adds: first map / median | full found, hybrid not | hybrid length / full (mean / max, both found) |',
    '| ---: | --- | ---: | ---: | ---: | ---: |',
  );
  results.forEach((c, i) => {
    const t = tableTimes[i] ?? [];
    const full = t.map((x) => x.full);
    const hybrid = t.map((x) => x.hybrid);
    lines.push(
      `| ${c.radius} | D-${c.neighborhood} | ${ms(full[0] ?? NaN)} / ${ms(median(full))} / ${ms(max(full))} | ${ms(hybrid[0] ?? NaN)} / ${ms(median(hybrid))} | ` +
        `${c.vs.hybridMissed} of ${c.vs.bothFound + c.vs.hybridMissed} | ${ratio(c.vs.meanLengthRatio)} / ${ratio(c.vs.maxLengthRatio)} |`,
    );
  });
  lines.push(
    '',
    `The slowest warm queries (\`map#line\`, the query's 0-based line in its \`.steer.jsonl\`; status, ms, expansions):`,
    '',
    '| r | moves | mode | slowest |',
    '| ---: | --- | --- | --- |',
  );
  results.forEach((c, i) => MODES.forEach((mode, j) => lines.push(`| ${c.radius} | D-${c.neighborhood} | ${mode} | ${slow[i]?.[j] ?? '-'} |`)));
  lines.push(
    '',
    'Path quality (bench/lib/path-quality.ts) over the found paths: total absolute heading change (the sum of arcs\' length / radius, radians; a cusp adds nothing and is counted apart), ' +
      'distance driven in reverse over distance driven, and paths with a loop (within a stretch between cusps, the heading turns through 2π net or the trace crosses itself). ' +
      'Against the reference (the same planner on its finest lattice, run on the queries either mode found): length / reference length per query (mean / max), ' +
      'mean turning over the reference\'s mean turning, and loops where the reference has none, over the queries both found. The reference is not an optimum: a path may beat it (ratio < 1); ' +
      'it joins the start and the goal to the lattice as the planner does, so a loop those joins force shows in both and is not counted against the path (the "loops" column counts it); at r = 4 the benchmarked full mode is that lattice already.',
    '',
    '| r | moves | mode | mean turning (rad) | reverse share | cusps | loops | reference | reference found / run (capped) | both found | length / reference (mean / max) | turning / reference | loops where reference has none |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const c of results) {
    for (const mode of MODES) {
      const s = c[mode];
      const r = c.reference;
      const v = r?.[mode];
      lines.push(
        `| ${c.radius} | D-${c.neighborhood} | ${mode} | ${ratio(s.meanTurning)} | ${ratio(s.reverseShare)} | ${s.cusps} | ${s.loops} | ${r ? r.label : 'not run'} | ${r ? `${r.found} / ${r.queries} (${r.budget})` : '-'} | ` +
          `${v ? v.compared : '-'} | ${v ? `${ratio(v.meanLengthRatio)} / ${ratio(v.maxLengthRatio)}` : '-'} | ${v ? ratio(v.turningRatio) : '-'} | ${v ? v.loopsWithout : '-'} |`,
      );
    }
  }
  lines.push('', `Targets of issue 17 are judged at r = ${TARGETS.radius} (INFO at other radii); a query stopped by the expansion or time cap (\`budget\`) fails the "every query within" targets.`);
  return lines.join('\n');
}

/** The commit the run measured, with a `+` when the working tree had changes to src/. */
function commitOf(root: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (with uncommitted changes to src/)` : head;
  } catch {
    return 'unknown';
  }
}

/** File names the report is written under, in the output folder. */
export const DIRECTIONAL_FILES = { table: 'directional.md', chart: 'directional-time-vs-length.svg' } as const;

/** Writes the report's table (with a header naming the run) and chart to `out`; returns the paths. */
export function writeDirectionalReport(report: DirectionalBenchReport, out: string, root: string): string[] {
  mkdirSync(out, { recursive: true });
  const cpu = cpus();
  const header = `# Directional benchmark (issue 17)\n\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commitOf(root)}, node ${process.version}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, load average ${loadavg()[0]!.toFixed(1)} at the end.\n\n`;
  const checks = report.checks.map((c) => `- **${c.status}** ${c.text}`).join('\n');
  const table = join(out, DIRECTIONAL_FILES.table);
  const chart = join(out, DIRECTIONAL_FILES.chart);
  writeFileSync(table, `${header}${report.markdown}\n\n## Targets\n\n${checks}\n\n![time per query against path length](${DIRECTIONAL_FILES.chart})\n`);
  writeFileSync(chart, report.chart);
  return [table, chart];
}

function main(): number {
  const root = fileURLToPath(new URL('..', import.meta.url));
  let parsed;
  let opts: DirectionalBenchOptions;
  let out: string;
  try {
    parsed = parseArgs(process.argv.slice(2), ['maps', 'steer-sample', 'sample', 'maps-only', 'radii', 'neighborhood', 'max-expansions', 'max-ms', 'passes', 'reference-sample', 'reference-expansions', 'out'], []);
    const radii = parsed.options.get('radii')?.split(',').map(Number);
    if (radii?.some((r) => !(r > 0))) throw new UsageError(`--radii must be turning radii > 0 separated by commas, got ${parsed.options.get('radii')}`);
    const configs = defaultConfigs(radii);
    const neighborhood = parsed.options.has('neighborhood') ? (integerOption(parsed, 'neighborhood', 24, 8, 48) as Neighborhood) : undefined;
    if (neighborhood !== undefined && ![8, 24, 48].includes(neighborhood)) throw new UsageError(`--neighborhood must be 8, 24 or 48, got ${neighborhood}`);
    const sample = integerOption(parsed, parsed.options.has('steer-sample') ? 'steer-sample' : 'sample', DEFAULT_STEER_SAMPLE, 1, 100_000);
    opts = {
      mapsDir: parsed.options.get('maps') ?? join(root, '..', 'shared', 'benchmarks'),
      sample,
      only: parsed.options.get('maps-only')?.split(',').map((m) => m.trim().replace(/\.map$/, '')),
      configs: neighborhood === undefined ? configs : configs.map((c) => ({ ...c, neighborhood })),
      maxExpansions: integerOption(parsed, 'max-expansions', DEFAULT_MAX_EXPANSIONS, 1, 1e9),
      maxMs: integerOption(parsed, 'max-ms', DEFAULT_MAX_MS, 1, 1e9),
      passes: integerOption(parsed, 'passes', DEFAULT_PASSES, 1, 100),
      ...(parsed.options.has('reference-sample') ? { referenceSample: integerOption(parsed, 'reference-sample', sample, 0, 100_000) } : {}),
      referenceExpansions: integerOption(parsed, 'reference-expansions', DEFAULT_REFERENCE_EXPANSIONS, 1, 1e9),
      log: (line) => process.stderr.write(line + '\n'),
    };
    out = parsed.options.get('out') ?? join(root, 'bench', 'results');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench:directional: ${error.message}\nusage: npm run bench:directional -- [--maps DIR] [--steer-sample N] [--maps-only a,b] [--radii 1,2,4] [--neighborhood 8|24|48] [--max-expansions N] [--max-ms MS] [--passes N] [--reference-sample N] [--reference-expansions N] [--out DIR]\n`);
    return 2;
  }
  const folders = benchFolders(opts.mapsDir);
  if (listSteerMaps(folders.steer).length === 0) {
    process.stderr.write(`bench:directional: no <map>.steer.jsonl files in ${folders.steer}; pass --maps DIR (../shared/benchmarks or its maps folder)\n`);
    return 2;
  }
  if (!(globalThis as { gc?: unknown }).gc) process.stderr.write('bench:directional: run node with --expose-gc (npm run bench:directional does) for stable timings\n');
  const report = runDirectionalBench(opts);
  const written = writeDirectionalReport(report, out, root);
  process.stdout.write(`${report.markdown}\n\n${report.checks.map((c) => `${c.status.padEnd(4)} ${c.text}`).join('\n')}\n\nWrote ${written.map((f) => relative(process.cwd(), f)).join(', ')} in ${report.seconds.toFixed(0)} s\n`);
  return report.checks.some((c) => c.status === 'FAIL') ? 1 : 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
