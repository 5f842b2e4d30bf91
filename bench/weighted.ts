/**
 * `npm run bench:weighted`: tile costs (issue 18). Our cell-lattice A* against easystar.js with
 * `setTileCost` on the same queries of the shared maps with seeded random costs 1..9 (cell
 * centres, 8 neighbours, no corner cutting), and a small correctness section: weighted A* against
 * an independent Dijkstra, weighted Theta* against weighted A* on the corner lattice, and the
 * directional planner's reported cost against an independent integration of its curve. Writes
 * bench/results/weighted.md with PASS/FAIL lines.
 *
 * The two libraries price a move differently (see bench/lib/cell-cost-rules.ts): ours charges the
 * integral of cell cost along the move (½·c(a) + ½·c(b) straight, (√2/2)·(c(a) + c(b)) diagonal);
 * easystar.js charges 1 or 1.4 times the cost of the target cell alone. Their optimal costs differ,
 * so each is checked against an independent Dijkstra under its own rule, and each path is
 * re-priced under the other's rule.
 *
 * Our timed A* uses ALT landmarks (`landmarks: DEFAULT_LANDMARKS`, src/search/landmarks.ts): the
 * table is built once per map before timing, like a navmesh, and its build time is reported on
 * its own; the same A* without landmarks (octile estimate) is timed in the same loop.
 *
 * Options: --maps DIR (default ../shared/benchmarks/maps), --maps-only a,b (default
 * {@link DEFAULT_MAPS}), --sample N (queries per map, default 200), --quick (a smoke run written to
 * the temp folder), --out DIR.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integerOption, parseArgs, UsageError } from '../src/cli/args.js';
import type { Grid } from '../src/grid/grid.js';
import { isPointFree } from '../src/grid/point.js';
import { createCurvePlanner, createPlanner } from '../src/planners.js';
import { AStar } from '../src/search/astar.js';
import { DEFAULT_LANDMARKS, Landmarks } from '../src/search/landmarks.js';
import { CellDijkstra, pathCost } from './lib/cell-cost-rules.js';
import { integrateCurveCost } from './lib/curve-integral.js';
import { listMaps, loadMap } from './lib/maps.js';
import { collectGarbage } from './lib/measure.js';
import { formatChecks, type Check } from './lib/report.js';
import { sampleScenarios } from './lib/sample.js';
import { max, mean, median, p95, timeRatios } from './lib/stats.js';
import { easystarWeighted, MAX_EASYSTAR_COST, ourCellAStar, type WeightedAnswer, type WeightedContender } from './lib/weighted-contenders.js';
import { weightedDijkstraCost } from '../test/support/weighted-dijkstra.js';
import { makeRng, randomGrid, type Rng } from '../test/support/rng.js';

/** One game map from each of Dragon Age and Baldur's Gate, and a random one: three sizes and shapes. */
const DEFAULT_MAPS = ['den520d', 'AR0602SR', 'random512-10-0'];
/** Queries per map, as issue 18 asks. */
const DEFAULT_SAMPLE = 200;
const QUICK_SAMPLE = 10;
/** The sample seed of `npm run bench`, so the queries are drawn the same way. */
const SAMPLE_SEED = 3;
const WARM_UP_SEED = 4;
/** Untimed queries per map before timing: enough for the JIT. */
const WARM_UP_QUERIES = 5;
/** Seed of each map's random tile costs. */
const COST_SEED = 18;
/** Seed of the per-query running order. */
const ORDER_SEED = 5;
/** Costs agree when this close (relative): sums of a few thousand products, far above rounding, far below one move. */
const SAME_COST = 1e-9;
/** "ours at least 10x faster by median". */
const SPEED_TARGET = 10;
/** Landmark builds timed per map (each on a new table), for a median. */
const BUILD_REPEATS = 3;
/** "a directional path's reported cost equals an independent integration of its curve to 1e-6". */
const CURVE_TOLERANCE = 1e-6;

const root = fileURLToPath(new URL('..', import.meta.url));

interface Settings {
  mapsDir: string;
  maps: string[];
  sample: number;
  quick: boolean;
  out: string;
}

function settings(argv: readonly string[]): Settings {
  const parsed = parseArgs(argv, ['maps', 'sample', 'maps-only', 'out'], ['quick']);
  const quick = parsed.flags.has('quick');
  const only = parsed.options.get('maps-only')?.split(',').map((m) => m.trim().replace(/\.map$/, '')).filter((m) => m !== '');
  return {
    mapsDir: parsed.options.get('maps') ?? join(root, '..', 'shared', 'benchmarks', 'maps'),
    maps: only && only.length > 0 ? only : DEFAULT_MAPS,
    sample: integerOption(parsed, 'sample', quick ? QUICK_SAMPLE : DEFAULT_SAMPLE, 1, 100_000),
    quick,
    // A smoke run never overwrites the full results.
    out: parsed.options.get('out') ?? (quick ? join(tmpdir(), 'headway-bench') : join(root, 'bench', 'results')),
  };
}

const sameCost = (a: number, b: number): boolean => Math.abs(a - b) <= SAME_COST * Math.max(1, Math.abs(b));
const ms = (micros: number): string => (micros / 1000).toFixed(3);
const pct = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

/** What one map of the library comparison measured, query by query. */
interface MapRun {
  name: string;
  size: string;
  queries: number;
  ours: number[];
  theirs: number[];
  /** The same queries on the map without costs. */
  oursUniform: number[];
  theirsUniform: number[];
  /** Our A* on the weighted map without landmarks (octile estimate), timed in the same loop. */
  oursOctile: number[];
  /** Nodes our A* expanded per query: with landmarks, with the octile estimate, and without costs. */
  expanded: number[];
  expandedOctile: number[];
  expandedUniform: number[];
  /** Queries where the octile A* reports the same cost as the landmark A*. */
  octileAgrees: number;
  /** The landmark table's one-time build, median of {@link BUILD_REPEATS}, ms; its size in bytes. */
  buildMs: number[];
  tableBytes: number;
  /** Queries where both found a path (cost figures cover these). */
  found: number;
  /** Queries where exactly one of the two found a path. */
  disagreeFound: number;
  /** Ours: reported cost = our rule's Dijkstra optimum, and = the re-priced path. */
  oursOptimal: number;
  oursReportMatches: number;
  /** easystar.js: its path under its own rule = that rule's Dijkstra optimum. */
  theirsOptimal: number;
  /** easystar.js: its path under its own rule / that rule's optimum. */
  theirsExcess: number[];
  /** Under our rule: easystar's path cost / ours, and how often equal. */
  theirsUnderOurs: number[];
  theirsUnderOursEqual: number;
  /** Under easystar's rule: our path cost / easystar's, and how often equal. */
  oursUnderTheirs: number[];
  oursUnderTheirsEqual: number;
  /** Either path cheaper than the other's rule's optimum: a bug in the reference or the planner. */
  beatsOptimum: number;
  firstProblem: string;
}

function compareWithEasystar(opts: Settings, log: (line: string) => void): MapRun[] {
  const runs: MapRun[] = [];
  for (const name of opts.maps) {
    const t0 = performance.now();
    const map = loadMap(opts.mapsDir, name);
    const grid = map.grid;
    const costRng = makeRng(COST_SEED);
    grid.fillCosts(0, 0, grid.width, grid.height, () => 1 + costRng.int(MAX_EASYSTAR_COST));
    // The same map without costs, timed in the same loop: how far the costs move the speed ratio.
    const uniform = loadMap(opts.mapsDir, name).grid;
    const landmarked = landmarkCellAStar(grid);
    const contenders: WeightedContender[] = [landmarked.contender, easystarWeighted(grid), ourCellAStar(uniform), easystarWeighted(uniform), ourCellAStar(grid)];
    const queries = sampleScenarios(map.scenarios, opts.sample, SAMPLE_SEED);
    for (const q of sampleScenarios(map.scenarios, opts.quick ? 2 : WARM_UP_QUERIES, WARM_UP_SEED)) {
      for (const c of contenders) c.find(q.startX, q.startY, q.goalX, q.goalY);
      collectGarbage();
    }
    const dijkstra = new CellDijkstra(grid);
    const order = makeRng(ORDER_SEED);
    const seats = contenders.map((_, i) => i);
    const run: MapRun = {
      name,
      size: `${grid.width}x${grid.height}`,
      queries: queries.length,
      ours: [],
      theirs: [],
      oursUniform: [],
      theirsUniform: [],
      oursOctile: [],
      expanded: [],
      expandedOctile: [],
      expandedUniform: [],
      octileAgrees: 0,
      buildMs: [landmarked.buildMs],
      tableBytes: landmarked.bytes,
      found: 0,
      disagreeFound: 0,
      oursOptimal: 0,
      oursReportMatches: 0,
      theirsOptimal: 0,
      theirsExcess: [],
      theirsUnderOurs: [],
      theirsUnderOursEqual: 0,
      oursUnderTheirs: [],
      oursUnderTheirsEqual: 0,
      beatsOptimum: 0,
      firstProblem: '',
    };
    const problem = (text: string): void => {
      if (run.firstProblem === '') run.firstProblem = text;
    };
    for (const q of queries) {
      // A random seat each query, so machine noise and the after-collection cold start spread over all.
      for (let k = seats.length - 1; k > 0; k--) {
        const j = order.int(k + 1);
        [seats[k], seats[j]] = [seats[j]!, seats[k]!];
      }
      const answers: WeightedAnswer[] = [];
      for (const i of seats) {
        answers[i] = contenders[i]!.find(q.startX, q.startY, q.goalX, q.goalY);
        collectGarbage();
      }
      const [ours, theirs, oursUniform, theirsUniform, oursOctile] = answers as [WeightedAnswer, WeightedAnswer, WeightedAnswer, WeightedAnswer, WeightedAnswer];
      run.ours.push(ours.micros);
      run.theirs.push(theirs.micros);
      run.oursUniform.push(oursUniform.micros);
      run.theirsUniform.push(theirsUniform.micros);
      run.oursOctile.push(oursOctile.micros);
      run.expanded.push(ours.expanded);
      run.expandedOctile.push(oursOctile.expanded);
      run.expandedUniform.push(oursUniform.expanded);
      if (ours.reportedCost === oursOctile.reportedCost || sameCost(ours.reportedCost, oursOctile.reportedCost)) run.octileAgrees++;
      const where = `${name} (${q.startX},${q.startY})->(${q.goalX},${q.goalY})`;
      if (!ours.cells || !theirs.cells) {
        if (ours.cells || theirs.cells) {
          run.disagreeFound++;
          problem(`${where}: only ${ours.cells ? 'ours' : 'easystar.js'} found a path`);
        }
        continue;
      }
      run.found++;
      const optimumOurs = dijkstra.cheapestCost('headway', q.startX, q.startY, q.goalX, q.goalY);
      const optimumTheirs = dijkstra.cheapestCost('easystar', q.startX, q.startY, q.goalX, q.goalY);
      const oursOurs = pathCost('headway', grid, ours.cells);
      const oursTheirs = pathCost('easystar', grid, ours.cells);
      const theirsTheirs = pathCost('easystar', grid, theirs.cells);
      const theirsOurs = pathCost('headway', grid, theirs.cells);
      if (sameCost(ours.reportedCost, optimumOurs)) run.oursOptimal++;
      else problem(`${where}: ours reports ${ours.reportedCost}, our rule's optimum is ${optimumOurs}`);
      if (sameCost(ours.reportedCost, oursOurs)) run.oursReportMatches++;
      else problem(`${where}: ours reports ${ours.reportedCost}, its path re-priced costs ${oursOurs}`);
      if (sameCost(theirsTheirs, optimumTheirs)) run.theirsOptimal++;
      run.theirsExcess.push(theirsTheirs / optimumTheirs);
      const below = (cost: number, optimum: number): boolean => cost < optimum * (1 - SAME_COST);
      if (below(theirsOurs, optimumOurs) || below(oursTheirs, optimumTheirs) || below(theirsTheirs, optimumTheirs)) {
        run.beatsOptimum++;
        problem(`${where}: a path beats the Dijkstra optimum of a rule`);
      }
      run.theirsUnderOurs.push(theirsOurs / oursOurs);
      if (sameCost(theirsOurs, oursOurs)) run.theirsUnderOursEqual++;
      run.oursUnderTheirs.push(oursTheirs / theirsTheirs);
      if (sameCost(oursTheirs, theirsTheirs)) run.oursUnderTheirsEqual++;
    }
    runs.push(run);
    log(`${name}: ${queries.length} queries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return runs;
}

/**
 * Our cell-lattice A* with {@link DEFAULT_LANDMARKS} landmarks, its table built before any query
 * (a one-time cost per map, like a navmesh build): the median of {@link BUILD_REPEATS} builds,
 * each on a new table.
 */
function landmarkCellAStar(grid: Grid): { contender: WeightedContender; buildMs: number; bytes: number } {
  const planner = new AStar(grid, { lattice: 'cell', landmarks: DEFAULT_LANDMARKS });
  const builds: number[] = [];
  for (let i = 0; i < BUILD_REPEATS; i++) {
    const table = i === 0 ? planner.landmarks! : new Landmarks(planner.lattice, DEFAULT_LANDMARKS);
    collectGarbage();
    const t0 = performance.now();
    table.ensure();
    builds.push(performance.now() - t0);
  }
  const contender = ourCellAStar(grid, planner, `astar (cells, ${DEFAULT_LANDMARKS} landmarks)`);
  return { contender, buildMs: median(builds), bytes: planner.landmarks!.bytes };
}

function pooled(runs: readonly MapRun[]): MapRun {
  const sum = (f: (r: MapRun) => number): number => runs.reduce((s, r) => s + f(r), 0);
  return {
    name: 'all maps',
    size: '',
    queries: sum((r) => r.queries),
    ours: runs.flatMap((r) => r.ours),
    theirs: runs.flatMap((r) => r.theirs),
    oursUniform: runs.flatMap((r) => r.oursUniform),
    theirsUniform: runs.flatMap((r) => r.theirsUniform),
    oursOctile: runs.flatMap((r) => r.oursOctile),
    expanded: runs.flatMap((r) => r.expanded),
    expandedOctile: runs.flatMap((r) => r.expandedOctile),
    expandedUniform: runs.flatMap((r) => r.expandedUniform),
    octileAgrees: sum((r) => r.octileAgrees),
    buildMs: runs.flatMap((r) => r.buildMs),
    tableBytes: sum((r) => r.tableBytes),
    found: sum((r) => r.found),
    disagreeFound: sum((r) => r.disagreeFound),
    oursOptimal: sum((r) => r.oursOptimal),
    oursReportMatches: sum((r) => r.oursReportMatches),
    theirsOptimal: sum((r) => r.theirsOptimal),
    theirsExcess: runs.flatMap((r) => r.theirsExcess),
    theirsUnderOurs: runs.flatMap((r) => r.theirsUnderOurs),
    theirsUnderOursEqual: sum((r) => r.theirsUnderOursEqual),
    oursUnderTheirs: runs.flatMap((r) => r.oursUnderTheirs),
    oursUnderTheirsEqual: sum((r) => r.oursUnderTheirsEqual),
    beatsOptimum: sum((r) => r.beatsOptimum),
    firstProblem: runs.map((r) => r.firstProblem).find((p) => p !== '') ?? '',
  };
}

function libraryTable(runs: readonly MapRun[]): string {
  const lines = [
    '| map | size | queries | both found | landmark build ms (once) | ours median ms | ours median expanded: landmarks / octile (without costs) | octile A* median ms | easystar.js median ms | easystar / ours (per-query median) | easystar / octile A* (per-query median) | without costs: easystar / ours | ours = our rule\'s optimum | easystar = its rule\'s optimum | easystar path under our rule / ours (mean) | ours under easystar\'s rule / easystar (mean) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of runs) {
    const t = timeRatios(r.theirs, r.ours);
    lines.push(
      `| ${r.name} | ${r.size} | ${r.queries} | ${r.found} | ${r.size === '' ? '' : median(r.buildMs).toFixed(0)} | ${ms(median(r.ours))} | ${median(r.expanded).toFixed(0)} / ${median(r.expandedOctile).toFixed(0)} (${median(r.expandedUniform).toFixed(0)}) | ${ms(median(r.oursOctile))} | ${ms(median(r.theirs))} | ${t.medianOfRatios.toFixed(1)}x | ${timeRatios(r.theirs, r.oursOctile).medianOfRatios.toFixed(1)}x | ${timeRatios(r.theirsUniform, r.oursUniform).medianOfRatios.toFixed(1)}x | ${pct(r.oursOptimal, r.found)} | ${pct(r.theirsOptimal, r.found)} | ${mean(r.theirsUnderOurs).toFixed(4)} | ${mean(r.oursUnderTheirs).toFixed(4)} |`,
    );
  }
  return lines.join('\n');
}

/** The q-quantile of the per-query ratios theirs / ours. */
function ratioQuantile(theirs: readonly number[], ours: readonly number[], q: number): number {
  const ratios = theirs.map((t, i) => t / ours[i]!).sort((a, b) => a - b);
  return ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
}

function libraryChecks(all: MapRun): Check[] {
  const t = timeRatios(all.theirs, all.ours);
  const checks: Check[] = [];
  checks.push({
    status: t.medianOfRatios >= SPEED_TARGET ? 'PASS' : 'FAIL',
    text: `\`astar (cells)\` with ${DEFAULT_LANDMARKS} landmarks at least ${SPEED_TARGET}x faster than easystar.js with setTileCost on the same ${all.queries} weighted queries: per-query median ${t.medianOfRatios.toFixed(1)}x (ratio of medians ${t.ofMedians.toFixed(1)}x: ${ms(median(all.theirs))} ms vs ${ms(median(all.ours))} ms); per-query ratio p5 ${ratioQuantile(all.theirs, all.ours, 0.05).toFixed(1)}x; ours p95 ${ms(p95(all.ours))} ms, max ${ms(max(all.ours))} ms (easystar.js p95 ${ms(p95(all.theirs))} ms, max ${ms(max(all.theirs))} ms)`,
  });
  const o = timeRatios(all.theirs, all.oursOctile);
  checks.push({
    status: 'INFO',
    text: `landmarks against the octile estimate on the same weighted queries: median expanded ${median(all.expanded).toFixed(0)} against ${median(all.expandedOctile).toFixed(0)} (per-query median ${median(all.expandedOctile.map((e, i) => e / Math.max(1, all.expanded[i]!))).toFixed(1)}x fewer), median time ${ms(median(all.ours))} ms against ${ms(median(all.oursOctile))} ms; easystar.js / octile A* per-query median ${o.medianOfRatios.toFixed(1)}x (ratio of medians ${o.ofMedians.toFixed(1)}x); same reported cost on ${all.octileAgrees} of ${all.queries}`,
  });
  checks.push({
    status: 'INFO',
    text: `landmark table, built once per map before the queries (a one-time cost like a navmesh build, not in the query times): ${DEFAULT_LANDMARKS} landmarks per region, ${all.buildMs.map((b) => b.toFixed(0)).join(' / ')} ms (median of ${BUILD_REPEATS} builds per map, in map order), ${(8 * DEFAULT_LANDMARKS * 512 * 512 / 2 ** 20).toFixed(0)} MiB of Float64 distances for a 512x512 map`,
  });
  const u = timeRatios(all.theirsUniform, all.oursUniform);
  checks.push({
    status: 'INFO',
    text: `the same queries on the maps without costs, timed in the same loop: easystar.js / ours per-query median ${u.medianOfRatios.toFixed(1)}x (ratio of medians ${u.ofMedians.toFixed(1)}x: ${ms(median(all.theirsUniform))} ms vs ${ms(median(all.oursUniform))} ms); with costs our A* with landmarks expands ${median(all.expanded).toFixed(0)} nodes by median (${median(all.expandedOctile).toFixed(0)} with the octile estimate, which at the least cost, 1, is weak where cells cost 5 on average) against ${median(all.expandedUniform).toFixed(0)} without costs`,
  });
  checks.push({
    status: all.disagreeFound === 0 ? 'PASS' : 'FAIL',
    text: `both find a path on the same queries: ${all.found} both, ${all.disagreeFound} only one${all.disagreeFound > 0 ? ` (first: ${all.firstProblem})` : ''}`,
  });
  const oursOk = all.oursOptimal === all.found && all.oursReportMatches === all.found && all.beatsOptimum === 0;
  checks.push({
    status: oursOk ? 'PASS' : 'FAIL',
    text: `equal costs on every query (ours against the optimum of our rule): reported cost = an independent Dijkstra's optimum on ${all.oursOptimal} of ${all.found}, = its path re-priced on ${all.oursReportMatches} of ${all.found}; no path of either planner beats a rule's optimum (${all.beatsOptimum} do)${oursOk ? '' : `; first: ${all.firstProblem}`}`,
  });
  // Not ours to fix: easystar.js 0.4.4's octile estimate is 1.4·min(dx, dy) + max(dx, dy) (it adds
  // the longer side instead of the difference), which overestimates, so its A* is not optimal even
  // under its own rule, on uniform grids too.
  checks.push({
    status: 'INFO',
    text: `easystar.js under its own rule (1 or 1.4 times the target cell): its path = an independent Dijkstra's optimum on ${all.theirsOptimal} of ${all.found}; mean ratio to that optimum ${mean(all.theirsExcess).toFixed(4)}, max ${Math.max(...all.theirsExcess).toFixed(4)} (its heuristic, 1.4·min(dx, dy) + max(dx, dy), overestimates)`,
  });
  checks.push({
    status: 'INFO',
    text: `across rules (not a target: the rules differ, so the optima differ): easystar's paths under our rule cost ${mean(all.theirsUnderOurs).toFixed(4)}x ours on average (max ${Math.max(...all.theirsUnderOurs).toFixed(4)}, equal on ${pct(all.theirsUnderOursEqual, all.found)}); our paths under easystar's rule cost ${mean(all.oursUnderTheirs).toFixed(4)}x easystar's (max ${Math.max(...all.oursUnderTheirs).toFixed(4)}, equal on ${pct(all.oursUnderTheirsEqual, all.found)})`,
  });
  return checks;
}

/** A random free corner or cell centre of `grid`, or undefined after a few tries. */
function freePoint(rng: Rng, grid: Grid, cell: boolean): { x: number; y: number } | undefined {
  for (let t = 0; t < 40; t++) {
    const x = cell ? rng.int(grid.width) : rng.int(grid.width + 1);
    const y = cell ? rng.int(grid.height) : rng.int(grid.height + 1);
    const p = cell ? { x: x + 0.5, y: y + 0.5 } : { x, y };
    if (isPointFree(grid, p.x, p.y)) return p;
  }
  return undefined;
}

/** Random weighted grids of the correctness section: small, so the dense Dijkstra stays quick. */
const SMALL_GRID = { width: 16, height: 16, density: 0.2 } as const;
const THETA_GRID = { width: 32, height: 32, density: 0.1, mode: 'uniform' } as const;
const CURVE_GRID = { width: 24, height: 24, density: 0.08 } as const;
/** The directional profile of test/core/directional/tile-costs.test.ts. */
const CURVE_PROFILE = { turningRadius: 1.5, width: 0.6 } as const;
const REVERSE_COST = 2;

function correctness(quick: boolean, log: (line: string) => void): { checks: Check[]; lines: string[] } {
  const checks: Check[] = [];
  const lines: string[] = [];
  const scale = quick ? 0.2 : 1;

  // Weighted A* against an independent dense Dijkstra (test/support/weighted-dijkstra.ts).
  {
    const rng = makeRng(1801);
    let n = 0;
    let equal = 0;
    let worst = 0;
    for (let t = 0; n < 200 * scale && t < 2000; t++) {
      const grid = randomGrid(rng, SMALL_GRID);
      grid.fillCosts(0, 0, grid.width, grid.height, () => 1 + rng.int(9));
      const cell = t % 2 === 1;
      const a = freePoint(rng, grid, cell);
      const b = freePoint(rng, grid, cell);
      if (!a || !b) continue;
      const r = createPlanner('astar', grid, { lattice: cell ? 'cell' : 'corner' }).findPath(a.x, a.y, b.x, b.y);
      const withLandmarks = new AStar(grid, { lattice: cell ? 'cell' : 'corner', landmarks: DEFAULT_LANDMARKS }).findPath(a.x, a.y, b.x, b.y);
      const truth = weightedDijkstraCost(grid, { lattice: cell ? 'cell' : 'corner', connectivity: 8 }, a.x, a.y, b.x, b.y);
      if (r.status !== 'found' && truth === Infinity) continue;
      n++;
      const got = r.status === 'found' ? (r.cost ?? NaN) : Infinity;
      const gotLandmarks = withLandmarks.status === 'found' ? (withLandmarks.cost ?? NaN) : Infinity;
      if (sameCost(got, truth) && sameCost(gotLandmarks, truth)) equal++;
      worst = Math.max(worst, Math.abs(got - truth) / Math.max(1, truth), Math.abs(gotLandmarks - truth) / Math.max(1, truth));
    }
    checks.push({
      status: equal === n && n > 0 ? 'PASS' : 'FAIL',
      text: `weighted A* = weighted Dijkstra on seeded random weighted ${SMALL_GRID.width}x${SMALL_GRID.height} grids (costs 1..9, corner and cell lattices, 8 neighbours; with the octile estimate and with ${DEFAULT_LANDMARKS} landmarks, both equal counted): ${equal} of ${n} equal, worst relative difference ${worst.toExponential(1)}`,
    });
  }

  // Weighted Theta* (and Lazy Theta*) against weighted A* on the corner lattice.
  {
    const rng = makeRng(1802);
    const names = ['theta', 'lazy-theta'];
    const stats = names.map(() => ({ n: 0, cheaper: 0, dearer: 0, ratios: [] as number[] }));
    for (let t = 0; stats[0]!.n < 300 * scale && t < 3000; t++) {
      const grid = randomGrid(rng, THETA_GRID);
      grid.fillCosts(0, 0, grid.width, grid.height, () => 1 + rng.int(9));
      const a = freePoint(rng, grid, false);
      const b = freePoint(rng, grid, false);
      if (!a || !b || (a.x === b.x && a.y === b.y)) continue;
      const base = createPlanner('astar', grid).findPath(a.x, a.y, b.x, b.y);
      if (base.status !== 'found') continue;
      names.forEach((name, i) => {
        const r = createPlanner(name, grid).findPath(a.x, a.y, b.x, b.y);
        const s = stats[i]!;
        s.n++;
        const cost = r.status === 'found' ? (r.cost ?? NaN) : Infinity;
        s.ratios.push(cost / base.cost!);
        if (cost < base.cost! * (1 - SAME_COST)) s.cheaper++;
        else if (!(cost <= base.cost! * (1 + SAME_COST))) s.dearer++;
      });
    }
    names.forEach((name, i) => {
      const s = stats[i]!;
      const figures = `strictly cheaper on ${s.cheaper} of ${s.n} (${pct(s.cheaper, s.n)}), dearer on ${s.dearer}, mean cost ratio ${mean(s.ratios).toFixed(4)}`;
      if (name === 'theta') {
        checks.push({
          status: s.dearer === 0 && s.n > 0 ? 'PASS' : 'FAIL',
          text: `weighted Theta* never costs more than weighted A* on the corner lattice (seeded random ${THETA_GRID.width}x${THETA_GRID.height} grids, 10% blocked, costs 1..9): ${figures}`,
        });
        checks.push({ status: s.cheaper * 2 > s.n ? 'PASS' : 'FAIL', text: `weighted Theta* strictly cheaper than weighted A* on most queries: ${pct(s.cheaper, s.n)} (mean ratio ${mean(s.ratios).toFixed(4)})` });
      } else {
        checks.push({ status: 'INFO', text: `weighted Lazy Theta* against weighted A* on the same queries: ${figures}` });
      }
    });
  }

  // The directional planner's reported cost against an independent integration of its curve.
  {
    const rng = makeRng(1803);
    let n = 0;
    let within = 0;
    let worst = 0;
    for (let t = 0; t < 40 * scale; t++) {
      const grid = randomGrid(rng, CURVE_GRID);
      grid.fillCosts(0, 0, grid.width, grid.height, () => 1 + rng.int(6));
      const reverse = t % 2 === 1;
      const profile = { ...CURVE_PROFILE, reverse, reverseCost: REVERSE_COST };
      const full = createCurvePlanner('directional', grid, profile);
      const hybrid = createCurvePlanner('directional-hybrid', grid, profile);
      for (let q = 0; q < 3; q++) {
        const start = { x: 2 + rng.next() * 20, y: 2 + rng.next() * 20, heading: rng.next() * 6 - 3 };
        const goal = { x: 2 + rng.next() * 20, y: 2 + rng.next() * 20, heading: q === 0 ? null : rng.next() * 6 - 3 };
        const r = (q === 2 ? hybrid : full).findPath(start, goal);
        if (r.status !== 'found') continue;
        n++;
        const truth = integrateCurveCost(grid, r.segments.segments, REVERSE_COST);
        const error = Math.abs(r.cost - truth) / Math.max(1, truth);
        worst = Math.max(worst, error);
        if (error <= CURVE_TOLERANCE) within++;
      }
    }
    checks.push({
      status: within === n && n > 0 ? 'PASS' : 'FAIL',
      text: `directional paths' reported cost = an independent integration of the curve to ${CURVE_TOLERANCE} (seeded random ${CURVE_GRID.width}x${CURVE_GRID.height} grids, costs 1..6, full and hybrid, forward and reversing at ${REVERSE_COST}x): ${within} of ${n}, worst relative difference ${worst.toExponential(1)}`,
    });
  }
  lines.push('Smaller versions of test/core/search/weighted-astar.test.ts, test/core/anyangle/weighted-theta.test.ts and test/core/directional/tile-costs.test.ts.');
  log('correctness section done');
  return { checks, lines };
}

function main(): number {
  let opts: Settings;
  try {
    opts = settings(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench:weighted: ${error.message}\nusage: npm run bench:weighted -- [--maps DIR] [--maps-only a,b] [--sample N] [--quick] [--out DIR]\n`);
    return 2;
  }
  if (!existsSync(opts.mapsDir)) {
    process.stderr.write(`bench:weighted: no benchmark maps at ${opts.mapsDir}\n  It reads the Moving AI maps and .scen files of ../shared/benchmarks/maps; pass --maps DIR to use another folder.\n`);
    return 2;
  }
  const known = listMaps(opts.mapsDir);
  const unknown = opts.maps.filter((m) => !known.includes(m));
  if (unknown.length > 0) {
    process.stderr.write(`bench:weighted: no map ${unknown.join(', ')} in ${opts.mapsDir}; known: ${known.join(', ')}\n`);
    return 2;
  }
  if (!(globalThis as { gc?: unknown }).gc) process.stderr.write('bench:weighted: run node with --expose-gc (npm run bench:weighted does) for stable timings\n');
  const log = (line: string): void => void process.stdout.write(line + '\n');
  log(`Weighted benchmark: ${opts.maps.join(', ')}, ${opts.sample} queries per map, costs 1..${MAX_EASYSTAR_COST} seeded (${COST_SEED})`);
  const started = performance.now();
  const loadBefore = loadavg()[0]!;

  const runs = compareWithEasystar(opts, log);
  const all = pooled(runs);
  const checks = libraryChecks(all);
  const correct = correctness(opts.quick, log);
  checks.push(...correct.checks);

  const seconds = (performance.now() - started) / 1000;
  const cpu = cpus();
  const about = `${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}; ${all.queries} queries (${opts.sample} per map, seed ${SAMPLE_SEED}) on ${runs.length} maps with random tile costs 1..${MAX_EASYSTAR_COST} (seed ${COST_SEED}); ${seconds.toFixed(0)} s; load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end.`;
  const table = libraryTable([...runs, all]);
  const markdown = [
    '# Weighted benchmark (tile costs, issue 18)',
    '',
    about,
    '',
    'Targets:',
    '',
    ...checks.map((c) => `- **${c.status}** ${c.text}`),
    '',
    '## Ours against easystar.js with `setTileCost`',
    '',
    'Cell centres, 8 neighbours, no corner cutting; each free cell costs a seeded random integer 1..9, given to easystar.js as its tile type with `setTileCost(t, t)`. Times are the search call alone (easystar.js: `findPath` and `calculate()` until its callback, synchronous, no iteration cap); each query runs on both planners with and without costs, and on our A* without landmarks, in a random order, with a full collection after each. Our A* with costs uses ' + `${DEFAULT_LANDMARKS} ALT landmarks (src/search/landmarks.ts); their table is built once per map before the queries, a one-time cost like a navmesh build, reported in its own column and not in the query times. ` + 'easystar.js\'s octile estimate, 1.4·min(dx, dy) + max(dx, dy), overestimates (the difference would be max − min), so its search is greedier than an optimal A* and not always optimal even under its own rule.',
    '',
    'The two price a move differently, so their optimal costs differ: ours charges the integral of cell cost along the move (½·c(a) + ½·c(b) for a straight move, (√2/2)·(c(a) + c(b)) for a diagonal, which crosses the shared corner); easystar.js charges 1 (straight) or 1.4 (diagonal, not √2) times the cost of the cell it enters, nothing for the cell it leaves. So each is compared with an independent Dijkstra under its own rule ("= optimum" columns), and each path is re-priced under the other\'s rule (the last two columns: 1 would mean the other planner\'s path is as good under that rule).',
    '',
    table,
    '',
    '## Correctness (small seeded versions of the unit tests)',
    '',
    ...correct.lines,
    '',
  ].join('\n');
  mkdirSync(opts.out, { recursive: true });
  const file = join(opts.out, 'weighted.md');
  writeFileSync(file, markdown);
  log('');
  log(table);
  log('');
  log(formatChecks(checks));
  log('');
  log(`Wrote ${relative(process.cwd(), file)} in ${seconds.toFixed(0)} s`);
  return checks.some((c) => c.status === 'FAIL') ? 1 : 0;
}

process.exitCode = main();
