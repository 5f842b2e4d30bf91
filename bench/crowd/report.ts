/** The crowd benchmark's markdown: one table per scenario, the drivers side by side. */
import { max, median, p95 } from '../lib/stats.js';
import { OVERLAP_SHARE } from './metrics.js';
import { DT, type DriverRun } from './run.js';
import type { Scenario } from './scenarios.js';

const s1 = (v: number): string => v.toFixed(1);
const s2 = (v: number): string => v.toFixed(2);
const ms3 = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : '—');

/** Stragglers listed per run. */
const STRAGGLERS_SHOWN = 3;

function stragglers(r: DriverRun): string {
  const list = r.summary!.stragglers;
  if (list.length === 0) return '—';
  const shown = list.slice(0, STRAGGLERS_SHOWN).map((s) => `${s.agent} (${s2(s.distance)})`);
  return shown.join(', ') + (list.length > STRAGGLERS_SHOWN ? `, ${list.length - STRAGGLERS_SHOWN} more` : '');
}

/** The table rows: a label and how each run shows it. */
const ROWS: readonly [string, (r: DriverRun) => string][] = [
  ['frames with an overlap > 10% of the smaller radius', (r) => `${r.summary!.overlapFrames} of ${r.summary!.frames}`],
  ['most such pairs in one frame', (r) => String(r.summary!.maxOverlapPairs)],
  ['deepest overlap (tiles)', (r) => s2(r.summary!.deepestOverlap)],
  ['smallest gap between two units (tiles)', (r) => s2(r.summary!.minGap)],
  ['wall contacts (unit-frames / units)', (r) => `${r.summary!.wallFrames} / ${r.summary!.wallAgents}`],
  ['units arrived', (r) => `${r.summary!.arrived} of ${r.summary!.agents}`],
  ['farthest not arrived: agent (tiles from its goal)', (r) => stragglers(r)],
  ['all arrived after (s)', (r) => (r.summary!.allArrivedAt === undefined ? 'not all' : s1(r.summary!.allArrivedAt))],
  ['slowest unit alone (s)', (r) => (r.slowestAlone === undefined ? (r.aloneMissed > 0 ? `${r.aloneMissed} never arrive alone` : '—') : s1(r.slowestAlone))],
  ['all arrived / slowest alone', (r) => (r.summary!.allArrivedAt === undefined || !r.slowestAlone ? '—' : `${s2(r.summary!.allArrivedAt / r.slowestAlone)}x`)],
  ['deadlock (5 s without progress)', (r) => (r.summary!.deadlock ? `at ${s1(r.summary!.deadlock.at)} s, ${r.summary!.deadlock.waiting} waiting` : 'none')],
  ['failed orders', (r) => (r.failures.length === 0 ? '0' : `${r.failures.length} (${r.failures[0]})`)],
  ['ms per frame, median / p95 / max', (r) => `${ms3(median(r.ms))} / ${ms3(p95(r.ms))} / ${ms3(max(r.ms))} (at ${s1(r.ms.indexOf(max(r.ms)) * DT)} s)`],
  ['ms per frame while all move, median', (r) => ms3(median(r.movingMs))],
];

/** One scenario's section. */
export function scenarioSection(scenario: Scenario, runs: readonly DriverRun[]): string {
  const lines = [`## ${scenario.name}`, '', scenario.description[0]!.toUpperCase() + scenario.description.slice(1) + '.', ''];
  lines.push(`| | ${runs.map((r) => r.driver).join(' | ')} |`);
  lines.push(`| --- | ${runs.map(() => '---').join(' | ')} |`);
  for (const [label, cell] of ROWS) {
    lines.push(`| ${label} | ${runs.map((r) => (r.na ? 'n/a' : r.error ? 'error' : cell(r))).join(' | ')} |`);
  }
  for (const r of runs) {
    if (r.na) lines.push('', `${r.driver}: n/a (${r.na}).`);
    if (r.error) lines.push('', `${r.driver} failed:`, '', '```', r.error.split('\n').slice(0, 6).join('\n'), '```');
  }
  lines.push('');
  return lines.join('\n');
}

/** What every table means, once at the top. */
export const LEGEND = [
  'Each run: every unit alone first (its time alone), then all of them together, at a fixed step of 1/60 s, headless',
  'and seeded. Every figure comes from the same trace metrics (bench/crowd/metrics.ts) for every column:',
  `- an overlap is a pair of discs deeper into each other than ${OVERLAP_SHARE * 100}% of the smaller radius (infantry radius 0.35;`,
  '  a tank counts as the disc its 0.8 x 1.2 rectangle sweeps, radius 0.72: conservative);',
  '- a wall contact is a disc touching a blocked cell (`discHitsBlocked`, src/curves/footprint.ts) in one frame;',
  '- a unit arrives when it first comes within 0.5 tiles of its own goal, or, for a group sent to one point',
  '  (rally, demo), when it has stood still (< 0.1 tiles/s) for 0.5 s within the stated distance of the point;',
  '- a deadlock: for 5 s no unit that has not arrived got 0.1 tiles closer to its goal; the run stops there;',
  '- a run ends 1 s after all have arrived, at a deadlock, or at 5x the slowest time alone (at least 30 s);',
  '- ms per frame: the driver\'s whole step (our `Navigator.update`, with its planning: 1,000 work units a frame,',
  '  a budget in work so the run is deterministic, about 4 ms here; DetourCrowd\'s `crowd.update`, with its path',
  '  queue), wall clock, over every frame of the crowd run; "while all move": the frames before the first arrival.',
  '  Planner tables and the navmesh are built before (an untimed run of one unit of each kind, before the runs',
  '  alone). The max is the noisiest figure on a shared machine.',
  '',
  'DetourCrowd (recast-navigation-js 0.43.1, bench/crowd/detour.ts): its navmesh is the grid\'s free cells at 0.1',
  'tile voxels, eroded by Recast by the agent radius rounded up to a voxel (0.4 for 0.35); agents have our radius,',
  'top speed and acceleration and RecastDemo\'s crowd settings (every update flag, avoidance quality 3, separation',
  'weight 2). Its group orders send each agent to the point itself: Detour has no slots. It has no turning radius,',
  'so the bridge is ours alone.',
].join('\n');
