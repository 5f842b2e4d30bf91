/**
 * `npm run bench`: every planner on the Moving AI maps of ../shared/benchmarks/maps, against
 * PathFinding.js and easystar.js on the same queries; tables in bench/results/latest.md, the
 * summary in bench/results/summary.md, a log-log chart beside them, PASS/FAIL lines for the
 * targets of issue 3. Options: --maps DIR, --sample N (queries per map), --maps-only a,b,
 * --steer-sample N (steering queries per map of ../shared/benchmarks/steer for the directional
 * table of bench/directional.ts, 0 to skip), --max-expansions N and --max-ms MS (caps per steering query), --quick (a smoke run that
 * writes to the temp folder), --cells-only (only the cell-centre comparison with the libraries:
 * no any-angle planners, memory check or steering; writes to the temp folder), --out DIR.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { DEFAULT_MAX_EXPANSIONS, DEFAULT_MAX_MS, DEFAULT_STEER_SAMPLE, DIRECTIONAL_FILES, runDirectionalBench, writeDirectionalReport } from './directional.js';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integerOption, parseArgs, UsageError } from '../src/cli/args.js';
import { createPlanner, plannerNames } from '../src/planners.js';
import { libraries, ourPlanner, type Contender } from './lib/contenders.js';
import { listMaps, loadMap, type BenchMap } from './lib/maps.js';
import { heapGrowthKb } from './lib/memory.js';
import { collectGarbage, measure, pool, warmUp, type Run } from './lib/measure.js';
import { CORNER_BASELINE, cellTable, cornerTable, formatChecks, targetChecks, type Check } from './lib/report.js';
import { sampleScenarios } from './lib/sample.js';
import { median } from './lib/stats.js';
import { timeChart } from './lib/svg.js';

/** Planners left out: the visibility graph is the brute-force reference (bench/verify-anya.ts checks Anya against it), not a contender. */
const EXCLUDED = new Set(['vg']);
/** Our planners that also run on cell centres, against the libraries. */
const CELL_PLANNERS = ['astar', 'jps'];
/** Queries per map: about ten minutes for the whole run on an idle 2-core machine. */
const DEFAULT_SAMPLE = 50;
const QUICK_SAMPLE = 6;
/** Fixed seeds, so every run times the same queries. */
const SAMPLE_SEED = 3;
const WARM_UP_SEED = 4;
/** Untimed queries per map before timing: enough for the JIT, cheap next to the timed sample. */
const WARM_UP_QUERIES = 5;
const MEMORY_QUERIES = 10_000;
const MEMORY_WARM_UP = 10_000;
/** Rounds of the memory check, after a warm-up as long as one: the median of three ignores one round of JIT noise. */
const MEMORY_ROUNDS = 3;
/** "After warm-up, 10,000 queries grow the heap by no more than a few KB": one object kept per query would be 160 KB or more. */
const MEMORY_LIMIT_KB = 16;

const root = fileURLToPath(new URL('..', import.meta.url));

interface Settings {
  mapsDir: string;
  sample: number;
  only: string[] | undefined;
  quick: boolean;
  /** Only our cell planners and the libraries: the library comparison in minutes. */
  cellsOnly: boolean;
  out: string;
  /** Steering queries per map of the steer folder; 0 skips the steering table. */
  steerSample: number;
  /** Expansions after which a steering query stops with status `budget`. */
  maxExpansions: number;
  /** Wall time (ms) after which a steering query is cancelled and counted as `budget`. */
  maxMs: number;
}

function settings(argv: readonly string[]): Settings {
  const parsed = parseArgs(argv, ['maps', 'sample', 'maps-only', 'out', 'steer-sample', 'max-expansions', 'max-ms'], ['quick', 'cells-only']);
  const quick = parsed.flags.has('quick');
  const cellsOnly = parsed.flags.has('cells-only');
  const only = parsed.options.get('maps-only')?.split(',').map((m) => m.trim().replace(/\.map$/, '')).filter((m) => m !== '');
  return {
    mapsDir: parsed.options.get('maps') ?? join(root, '..', 'shared', 'benchmarks', 'maps'),
    sample: integerOption(parsed, 'sample', quick ? QUICK_SAMPLE : DEFAULT_SAMPLE, 1, 100_000),
    only,
    quick,
    cellsOnly,
    // A partial run never overwrites the full results.
    out: parsed.options.get('out') ?? (quick || cellsOnly ? join(tmpdir(), 'headway-bench') : join(root, 'bench', 'results')),
    // The quick run keeps two steering queries a map: the first is reported apart, the second is timed.
    steerSample: cellsOnly ? 0 : integerOption(parsed, 'steer-sample', quick ? 2 : DEFAULT_STEER_SAMPLE, 0, 1000),
    maxExpansions: integerOption(parsed, 'max-expansions', DEFAULT_MAX_EXPANSIONS, 1, 1e9),
    maxMs: integerOption(parsed, 'max-ms', DEFAULT_MAX_MS, 1, 1e9),
  };
}

function contendersFor(map: BenchMap, corner: readonly string[], cell: readonly string[]): Contender[] {
  const ours = (name: string, lattice: 'corner' | 'cell'): Contender => {
    try {
      return ourPlanner(name, map.grid, lattice);
    } catch (error) {
      // Keep the series so maps still pool; every query reports the construction error.
      const message = (error as Error).message;
      return { name: lattice === 'cell' ? `${name} (cells)` : name, lattice, library: false, measure: () => { throw new Error(message); } };
    }
  };
  return [
    ...corner.map((n) => ours(n, 'corner')),
    ...cell.map((n) => ours(n, 'cell')),
    ...libraries(map.grid),
  ];
}

function main(): number {
  let opts: Settings;
  try {
    opts = settings(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench: ${error.message}\nusage: npm run bench -- [--maps DIR] [--sample N] [--steer-sample N] [--max-expansions N] [--max-ms MS] [--maps-only a,b] [--quick] [--cells-only] [--out DIR]\n`);
    return 2;
  }
  if (!existsSync(opts.mapsDir)) {
    process.stderr.write(`bench: no benchmark maps at ${opts.mapsDir}\n  The benchmark reads the Moving AI maps and .scen files of ../shared/benchmarks/maps; pass --maps DIR to use another folder.\n`);
    return 2;
  }
  let names = listMaps(opts.mapsDir);
  if (opts.only) {
    const unknown = opts.only.filter((m) => !names.includes(m));
    if (unknown.length > 0) {
      process.stderr.write(`bench: no map ${unknown.join(', ')} in ${opts.mapsDir}; known: ${names.join(', ')}\n`);
      return 2;
    }
    names = names.filter((m) => opts.only!.includes(m));
  }
  if (names.length === 0) {
    process.stderr.write(`bench: no .map files with a .map.scen beside them in ${opts.mapsDir}\n`);
    return 2;
  }
  if (!(globalThis as { gc?: unknown }).gc) process.stderr.write('bench: run node with --expose-gc (npm run bench does) for stable timings and the memory check\n');

  const planners = plannerNames().filter((n) => !EXCLUDED.has(n));
  const corner = opts.cellsOnly ? [] : planners;
  const cell = CELL_PLANNERS.filter((n) => planners.includes(n));
  const log = (line: string): void => void process.stdout.write(line + '\n');
  log(`Headway benchmark: ${names.length} maps, ${opts.sample} queries per map; planners ${corner.join(', ') || 'none (--cells-only)'}; cells: ${cell.join(', ')}`);
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  const runs: Run[] = [];
  const games = new Set<string>();
  const errors: string[] = [];
  const maps: { name: string; size: string; scenarios: number }[] = [];
  let memoryMap: BenchMap | undefined;
  for (const name of names) {
    const t0 = performance.now();
    const map = loadMap(opts.mapsDir, name);
    const queries = sampleScenarios(map.scenarios, opts.sample, SAMPLE_SEED);
    const warm = sampleScenarios(map.scenarios, opts.quick ? 2 : WARM_UP_QUERIES, WARM_UP_SEED);
    const contenders = contendersFor(map, corner, cell);
    warmUp(contenders, warm);
    const run = measure(name, contenders, queries, (message) => {
      if (errors.push(message) <= 5) log(`  error: ${message}`);
    });
    runs.push(run);
    if (map.game) games.add(name);
    maps.push({ name, size: `${map.grid.width}x${map.grid.height}`, scenarios: map.scenarios.length });
    if (map.game && (!memoryMap || map.grid.width * map.grid.height < memoryMap.grid.width * memoryMap.grid.height)) memoryMap = map;
    collectGarbage();
    log(`${name}: ${queries.length} queries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const all = pool('all maps', runs);
  const game = games.size > 0 ? pool('game maps', runs.filter((r) => games.has(r.name))) : undefined;
  const checks = targetChecks(all, game);

  // Memory: the smallest game map keeps it fast; the size of the map does not matter to a leak.
  const memoryOn = memoryMap ?? loadMap(opts.mapsDir, names[0]!);
  const memoryCount = opts.quick ? MEMORY_QUERIES / 10 : MEMORY_QUERIES;
  const memory: string[] = [];
  for (const name of corner) {
    let rounds: number[];
    try {
      rounds = heapGrowthKb(createPlanner(name, memoryOn.grid), memoryOn.scenarios, memoryCount, MEMORY_WARM_UP, MEMORY_ROUNDS);
    } catch (error) {
      checks.push({ status: 'FAIL', text: `\`${name}\` memory check threw: ${(error as Error).message}` });
      continue;
    }
    const growth = median(rounds);
    const each = rounds.map((kb) => kb.toFixed(1)).join(', ');
    memory.push(`${name} ${growth.toFixed(1)} KB (${each})`);
    checks.push({
      status: growth <= MEMORY_LIMIT_KB ? 'PASS' : 'FAIL',
      text: `\`${name}\` heap growth over ${memoryCount.toLocaleString('en-US')} queries on ${memoryOn.name} after warm-up at most ${MEMORY_LIMIT_KB} KB: ${growth.toFixed(1)} KB (median of ${MEMORY_ROUNDS} rounds: ${each})`,
    });
  }
  if (errors.length > 0) checks.push({ status: 'FAIL', text: `${errors.length} queries threw (first: ${errors[0]})` });
  const steer =
    opts.steerSample > 0 ? runDirectionalBench({ mapsDir: opts.mapsDir, sample: opts.steerSample, only: opts.only, maxExpansions: opts.maxExpansions, maxMs: opts.maxMs, log }) : undefined;
  if (steer) checks.push(...steer.checks);
  const steerFiles = steer ? writeDirectionalReport(steer, opts.out, root) : [];

  const seconds = (performance.now() - started) / 1000;
  const cpu = cpus();
  const about = `${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}; ${all.queries.length} queries (${opts.sample} per map spread over the length buckets, seed ${SAMPLE_SEED}) on ${names.length} maps; ${seconds.toFixed(0)} s; load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end.`;
  const chartName = 'time-vs-astar-nodes.svg';
  const steering = steer ? ['## Steering (directional A*, issue 17)', '', steer.markdown, '', `![time per query against path length](${DIRECTIONAL_FILES.chart})`, ''].join('\n') : '';
  const summary = summaryMarkdown(about, checks, all, game, chartName) + (steering ? `\n${steering}` : '');
  const perMap = runs.map((r, i) => {
    const m = maps[i]!;
    return [`### ${r.name} (${m.size}, ${r.queries.length} of ${m.scenarios} scenarios${games.has(r.name) ? ', game map' : ''})`, '', cornerTable(r), '', cellTable(r)].join('\n');
  });
  mkdirSync(opts.out, { recursive: true });
  writeFileSync(join(opts.out, 'summary.md'), summary);
  writeFileSync(join(opts.out, 'latest.md'), ['# Benchmark results', '', summary, '## Per map', '', perMap.join('\n\n'), ''].join('\n'));
  writeFileSync(join(opts.out, chartName), timeChart(all, CORNER_BASELINE, 'Time per query against the nodes octile A* expands'));

  log('');
  log(cornerTable(all));
  log('');
  log(cellTable(all));
  log('');
  if (memory.length > 0) {
    log(`Heap growth after warm-up, ${memoryCount.toLocaleString('en-US')} queries each on ${memoryOn.name}: ${memory.join(', ')}`);
    log('');
  }
  log(formatChecks(checks));
  log('');
  log(`Wrote ${[...['latest.md', 'summary.md', chartName].map((f) => join(opts.out, f)), ...steerFiles].map((f) => relative(process.cwd(), f)).join(', ')} in ${seconds.toFixed(0)} s`);
  return checks.some((c) => c.status === 'FAIL') ? 1 : 0;
}

function summaryMarkdown(about: string, checks: readonly Check[], all: Run, game: Run | undefined, chart: string): string {
  return [
    '## Benchmark summary',
    '',
    about,
    '',
    'Targets (issue 3):',
    '',
    ...checks.map((c) => `- **${c.status}** ${c.text}`),
    '',
    `### Game maps (Baldur's Gate, Dragon Age, StarCraft), any-angle planners`,
    '',
    game ? cornerTable(game) : 'No game map in this run.',
    '',
    '### All maps, any-angle planners',
    '',
    cornerTable(all),
    '',
    '### All maps, cell semantics: ours against PathFinding.js and easystar.js',
    '',
    cellTable(all),
    '',
    `![time per query against the nodes A* expands](${chart})`,
    '',
  ].join('\n');
}

process.exitCode = main();
