import type { Run, Series } from './measure.js';
import { max, mean, median, p95, timeRatios } from './stats.js';

/** Our octile A* on the corner lattice: the time baseline of the any-angle planners. */
export const CORNER_BASELINE = 'astar';
/** Our A* on cell centres: the reference length and time baseline of the cell comparison. */
export const CELL_BASELINE = 'astar (cells)';
/** The optimal any-angle planner: once it exists its lengths are the reference. */
export const OPTIMAL = 'anya';
/** Two lengths this close (relative) count as the same path length: well above float noise, far below a cell. */
export const SAME_LENGTH = 1e-6;

/** One line of a results table. */
export interface Row {
  name: string;
  library: boolean;
  medianMicros: number;
  p95Micros: number;
  medianExpanded: number;
  /** Which series the time ratios compare with. */
  baseline: string;
  /** This series' median time over the baseline's, on the same queries. */
  timeRatio: number;
  /** The median of the per-query time ratios. */
  timeRatioPerQuery: number;
  meanLengthRatio: number;
  maxLengthRatio: number;
  /** Share of queries whose length is within {@link SAME_LENGTH} of the reference. */
  optimalShare: number;
  failed: number;
}

const find = (run: Run, name: string): Series | undefined => run.series.find((s) => s.name === name);

/**
 * The reference length of each query: Anya's when it runs (the optimum), else the shortest path
 * any corner-lattice planner found. Where Anya finds nothing but another planner does, the
 * shortest found stands in, so that Anya's miss counts as a failure.
 */
export function cornerReference(run: Run): { lengths: number[]; label: string } {
  const corner = run.series.filter((s) => s.lattice === 'corner');
  const shortest = run.queries.map((_, i) => Math.min(...corner.map((s) => s.lengths[i]!)));
  const optimal = find(run, OPTIMAL);
  if (optimal && optimal.lattice === 'corner') {
    return { lengths: optimal.lengths.map((l, i) => (Number.isFinite(l) ? l : shortest[i]!)), label: `${OPTIMAL} (the optimum)` };
  }
  return { lengths: shortest, label: 'the shortest path any planner found' };
}

/**
 * Queries where some corner-lattice planner found a path shorter than Anya's by more than
 * {@link SAME_LENGTH}: each one is a bug in Anya or in that planner.
 */
export function beatsOptimal(run: Run): { count: number; worst: string } {
  const optimal = find(run, OPTIMAL);
  let count = 0;
  let worst = '';
  let worstRatio = 1;
  if (!optimal) return { count, worst };
  run.queries.forEach((q, i) => {
    const best = optimal.lengths[i]!;
    let beaten = false;
    for (const s of run.series) {
      if (s.lattice !== 'corner' || !(s.lengths[i]! < best * (1 - SAME_LENGTH))) continue;
      beaten = true;
      const ratio = s.lengths[i]! / best;
      if (ratio < worstRatio) {
        worstRatio = ratio;
        worst = `${s.name} ${s.lengths[i]!.toFixed(4)} < ${best.toFixed(4)} on ${q.map} (${q.startX},${q.startY})->(${q.goalX},${q.goalY})`;
      }
    }
    if (beaten) count++;
  });
  return { count, worst };
}

/**
 * The series a cell-lattice contender is timed against: PathFinding.js's JumpPointFinder against
 * our JPS when there is one, everything else against our cell A*.
 */
export function cellBaseline(run: Run, name: string): string {
  if (/JumpPointFinder/.test(name) && find(run, 'jps (cells)')) return 'jps (cells)';
  return CELL_BASELINE;
}

function row(s: Series, base: Series, reference: readonly number[]): Row {
  const ratios: number[] = [];
  let optimal = 0;
  let failed = 0;
  s.lengths.forEach((length, i) => {
    const ref = reference[i]!;
    if (!Number.isFinite(length)) {
      if (Number.isFinite(ref)) failed++;
      return;
    }
    if (!Number.isFinite(ref)) return;
    const ratio = ref === 0 ? (length === 0 ? 1 : Infinity) : length / ref;
    ratios.push(ratio);
    if (Math.abs(ratio - 1) <= SAME_LENGTH) optimal++;
  });
  const times = timeRatios(s.micros, base.micros);
  return {
    name: s.name,
    library: s.library,
    medianMicros: median(s.micros),
    p95Micros: p95(s.micros),
    medianExpanded: median(s.expanded.filter((e) => !Number.isNaN(e))),
    baseline: base.name,
    timeRatio: times.ofMedians,
    timeRatioPerQuery: times.medianOfRatios,
    meanLengthRatio: mean(ratios),
    maxLengthRatio: max(ratios),
    optimalShare: s.lengths.length === 0 ? NaN : optimal / s.lengths.length,
    failed,
  };
}

/** Rows of the any-angle table: every corner-lattice planner against octile A* and the reference length. */
export function cornerRows(run: Run): Row[] {
  const base = find(run, CORNER_BASELINE);
  if (!base) return [];
  const { lengths } = cornerReference(run);
  return run.series.filter((s) => s.lattice === 'corner').map((s) => row(s, base, lengths));
}

/** Rows of the cell table: our cell planners and the libraries, lengths against our cell A*. */
export function cellRows(run: Run): Row[] {
  const ref = find(run, CELL_BASELINE);
  if (!ref) return [];
  return run.series.filter((s) => s.lattice === 'cell').map((s) => row(s, find(run, cellBaseline(run, s.name))!, ref.lengths));
}

const fixed = (digits: number) => (v: number): string => (Number.isFinite(v) ? v.toFixed(digits) : '—');
const micros = (v: number): string => (!Number.isFinite(v) ? '—' : v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US'));
const percent = (v: number): string => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : '—');

/** A table column: its header and how a row fills it. */
type Column = [header: string, cell: (r: Row) => string];

const TIME_COLUMNS: Column[] = [
  ['median µs', (r) => micros(r.medianMicros)],
  ['p95 µs', (r) => micros(r.p95Micros)],
  ['median expanded', (r) => fixed(0)(r.medianExpanded)],
];
const RATIO_COLUMNS: Column[] = [
  ['per-query median', (r) => fixed(2)(r.timeRatioPerQuery)],
  ['mean length ratio', (r) => fixed(5)(r.meanLengthRatio)],
  ['max length ratio', (r) => fixed(5)(r.maxLengthRatio)],
];

function table(columns: readonly Column[], rows: readonly Row[]): string {
  const lines = [`| ${columns.map((c) => c[0]).join(' | ')} |`, `| ${columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`];
  for (const r of rows) lines.push(`| ${columns.map((c) => c[1](r)).join(' | ')} |`);
  return lines.join('\n');
}

/** The any-angle table of a run, in Markdown. */
export function cornerTable(run: Run): string {
  const rows = cornerRows(run);
  if (rows.length === 0) return '';
  const { label } = cornerReference(run);
  return [
    `Corner lattice (scenario points as cell corners). Length ratios are to ${label}; time ratios to \`${CORNER_BASELINE}\`.`,
    '',
    table(
      [
        ['planner', (r) => `\`${r.name}\``],
        ...TIME_COLUMNS,
        ['time / astar', (r) => fixed(2)(r.timeRatio)],
        ...RATIO_COLUMNS,
        ['optimal', (r) => percent(r.optimalShare)],
        ['failed', (r) => String(r.failed)],
      ],
      rows,
    ),
  ].join('\n');
}

/** The cell-semantics table of a run (ours against the libraries), in Markdown. */
export function cellTable(run: Run): string {
  const rows = cellRows(run);
  if (rows.length === 0) return '';
  return [
    `Cell centres, octile moves, no corner cutting. Length ratios are to \`${CELL_BASELINE}\` (the octile optimum); time ratios to the named baseline on the same queries.`,
    '',
    table(
      [
        ['contender', (r) => (r.library ? r.name : `\`${r.name}\``)],
        ...TIME_COLUMNS,
        ['baseline', (r) => `\`${r.baseline}\``],
        ['time / baseline', (r) => fixed(2)(r.timeRatio)],
        ...RATIO_COLUMNS,
        ['same length', (r) => percent(r.optimalShare)],
        ['failed', (r) => String(r.failed)],
      ],
      rows,
    ),
  ].join('\n');
}

/** One target of issue 3, checked against a run. */
export interface Check {
  status: 'PASS' | 'FAIL' | 'SKIP' | 'INFO';
  text: string;
}

/**
 * The issue's speed and quality targets. Library comparisons use every map (`all`); the any-angle
 * targets use the game maps (`game`, undefined when none ran). A speed target is judged by the
 * median of the per-query time ratios over the same queries, from this one run: each query
 * weighs the same whatever its map, so the figure does not swing with which maps are pooled, as
 * the ratio of pooled medians (given beside it) does when the maps differ in size. Against
 * PathFinding.js, the figure with its per-search grid clone is given beside it too.
 */
export function targetChecks(all: Run, game: Run | undefined): Check[] {
  const checks: Check[] = [];
  const faster = (ours: string, theirs: string, atLeast: number): void => {
    const a = find(all, ours);
    const b = find(all, theirs);
    const what = `\`${ours}\` at least ${atLeast}x faster than ${theirs}`;
    if (!a || !b) {
      checks.push({ status: 'SKIP', text: `${what}: no ${!a ? ours : theirs} in this run` });
      return;
    }
    const r = timeRatios(b.micros, a.micros);
    const clone = find(all, `${theirs} + clone`);
    const withClone = clone ? `; ${timeRatios(clone.micros, a.micros).medianOfRatios.toFixed(2)}x per query with its grid clone` : '';
    checks.push({
      status: r.medianOfRatios >= atLeast ? 'PASS' : 'FAIL',
      text: `${what}: per-query median ${r.medianOfRatios.toFixed(2)}x${withClone} (ratio of medians ${r.ofMedians.toFixed(2)}x: ${micros(median(b.micros))} µs vs ${micros(median(a.micros))} µs)`,
    });
  };
  faster(CELL_BASELINE, 'PathFinding.js AStarFinder', 5);
  faster('jps (cells)', 'PathFinding.js JumpPointFinder', 3);
  faster(CELL_BASELINE, 'easystar.js', 1);
  faster('jps (cells)', 'easystar.js', 1);

  const ref = find(all, CELL_BASELINE);
  for (const lib of all.series.filter((s) => s.library && !s.name.endsWith(' + clone'))) {
    if (!ref) break;
    const r = row(lib, ref, ref.lengths);
    const same = r.optimalShare === 1 && r.failed === 0;
    // easystar.js prices a diagonal at 1.4, so its paths may be longer: reported, not a target.
    const status = lib.name === 'easystar.js' ? 'INFO' : same ? 'PASS' : 'FAIL';
    checks.push({
      status,
      text: `${lib.name} path lengths equal ours on identical queries: ${percent(r.optimalShare)} equal, mean ratio ${fixed(6)(r.meanLengthRatio)}, max ${fixed(6)(r.maxLengthRatio)}, ${r.failed} failed`,
    });
  }

  const slower = (name: string, atMost: number): void => {
    const what = `\`${name}\` at most ${atMost}x the time of \`${CORNER_BASELINE}\` on the game maps`;
    const s = game && find(game, name);
    const base = game && find(game, CORNER_BASELINE);
    if (!s || !base) {
      checks.push({ status: 'SKIP', text: `${what}: ${game ? `no ${name} in this run` : 'no game maps in this run'}` });
      return;
    }
    const r = timeRatios(s.micros, base.micros);
    checks.push({
      status: r.medianOfRatios <= atMost ? 'PASS' : 'FAIL',
      text: `${what}: per-query median ${r.medianOfRatios.toFixed(2)}x (ratio of medians ${r.ofMedians.toFixed(2)}x: ${micros(median(s.micros))} µs vs ${micros(median(base.micros))} µs)`,
    });
  };
  slower('theta', 1.5);
  slower('lazy-theta', 1.3);

  const shortEnough = (name: string, atMost: number): void => {
    const what = `\`${name}\` mean length ratio at most ${atMost} on the game maps`;
    const r = game && cornerRows(game).find((x) => x.name === name);
    if (!r) {
      checks.push({ status: 'SKIP', text: `${what}: ${game ? `no ${name} in this run` : 'no game maps in this run'}` });
      return;
    }
    checks.push({
      status: r.meanLengthRatio <= atMost && r.failed === 0 ? 'PASS' : 'FAIL',
      text: `${what}: ${fixed(5)(r.meanLengthRatio)} (to ${cornerReference(game!).label}; max ${fixed(5)(r.maxLengthRatio)}, ${r.failed} failed)`,
    });
  };
  if (find(all, OPTIMAL)) {
    const { count, worst } = beatsOptimal(all);
    checks.push({
      status: count === 0 ? 'PASS' : 'FAIL',
      text: `no planner finds a path shorter than \`${OPTIMAL}\`: ${count} of ${all.queries.length} queries${count > 0 ? `; worst: ${worst}` : ''}`,
    });
  }
  shortEnough('theta', 1.001);
  shortEnough('lazy-theta', 1.002);
  shortEnough('astar-ps', 1.005);
  return checks;
}

export function formatChecks(checks: readonly Check[]): string {
  return checks.map((c) => `${c.status.padEnd(4)} ${c.text}`).join('\n');
}
