/**
 * The crowd benchmark (issue 19): `npm run bench:crowd`. Drives the same scenarios with our
 * Navigator, without avoidance (the baseline: every unit as if alone) and with it
 * (`NavigatorOptions.avoidance`, group orders through `moveGroup`), and with DetourCrowd (the
 * WebAssembly build of Recast/Detour), and reports each one's figures side by side
 * (bench/crowd/report.ts says what they mean). Headless, fixed step, seeded, deterministic but for
 * the timings.
 *
 * Scenarios (bench/crowd/scenarios.ts): circle, corridor, bridge (ours alone: Detour has no
 * turning radius) and three smaller bridges (2 and 8 of its tanks, 4 tanks and 16 infantry: the
 * full bridge is chaotic, these show whether its rules hold in general), rally, demo (the demo
 * map's walls), swarm (the cost run: 200 moving units).
 * Writes bench/results/crowd.md on a full default run (or with `--out FILE`), and prints the same.
 *
 * `npm run bench:crowd -- [--scenario NAME[,NAME...]] [--units N] [--out FILE] [--no-alone] [--no-avoidance]`
 *   --units N        units of the swarm (cost) scenario, default 200
 *   --no-alone       skip the runs of each unit alone (no time ratios): a quick cost run
 *   --no-avoidance   leave out the column of ours with avoidance (for a navigator without it)
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { integerOption, parseArgs, UsageError } from '../src/cli/args.js';
import { detourKind, initDetour } from './crowd/detour.js';
import type { DriverKind } from './crowd/driver.js';
import { oursKind } from './crowd/ours.js';
import { LEGEND, scenarioSection } from './crowd/report.js';
import { runScenario, type DriverRun } from './crowd/run.js';
import { SCENARIOS } from './crowd/scenarios.js';
import { median } from './lib/stats.js';

const RESULTS = fileURLToPath(new URL('./results/crowd.md', import.meta.url));
/** The issue's cost run. */
const DEFAULT_UNITS = 200;
/** The most units the swarm field (64 x 64 with spacing 1.5) holds comfortably. */
const MAX_UNITS = 1000;

function gitRevision(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} with uncommitted changes under src/` : head;
  } catch {
    return 'unknown';
  }
}

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), ['scenario', 'units', 'out'], ['no-alone', 'no-avoidance']);
  const names = args.options.get('scenario')?.split(',') ?? Object.keys(SCENARIOS);
  for (const name of names) if (!(name in SCENARIOS)) throw new UsageError(`--scenario must be one of ${Object.keys(SCENARIOS).join(', ')}, got ${name}`);
  const units = integerOption(args, 'units', DEFAULT_UNITS, 2, MAX_UNITS);
  const alone = !args.flags.has('no-alone');
  const full = !args.options.has('scenario') && !args.options.has('units') && alone;
  const out = args.options.get('out') ?? (full ? RESULTS : undefined);

  await initDetour();
  const kinds: DriverKind[] = [
    oursKind('ours, no avoidance', false, false),
    ...(args.flags.has('no-avoidance') ? [] : [oursKind('ours, avoidance', true, true)]),
    detourKind(),
  ];
  const started = performance.now();
  const loadBefore = load();
  const sections: string[] = [];
  const costLines: string[] = [];
  for (const name of names) {
    const scenario = SCENARIOS[name]!(units);
    const runs: DriverRun[] = [];
    for (const kind of kinds) {
      const t0 = performance.now();
      runs.push(runScenario(kind, scenario, alone));
      process.stderr.write(`${name}: ${kind.name} ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    const section = scenarioSection(scenario, runs);
    sections.push(section);
    process.stdout.write(section + '\n');
    if (name === 'swarm') {
      const ms = (r: DriverRun): string => (r.movingMs.length > 0 ? `${median(r.movingMs).toFixed(3)} ms` : r.na ?? 'error');
      costLines.push(`Cost (swarm, ${scenario.agents.length} units, median ms per frame while all move): ${runs.map((r) => `${r.driver} ${ms(r)}`).join('; ')}.`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const header = [
    '# Crowd benchmark (issue 19)',
    '',
    `\`npm run bench:crowd\` at ${gitRevision()}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; node ${process.version},`,
    `${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, shared); load average ${loadBefore} before, ${load()} after (1, 5, 15 min);`,
    `${seconds.toFixed(0)} s in all.`,
    '',
    LEGEND,
    '',
    ...(costLines.length > 0 ? [...costLines, ''] : []),
  ].join('\n');
  process.stdout.write(header + '\n');
  if (out) {
    writeFileSync(out, header + '\n' + sections.join('\n'));
    process.stderr.write(`wrote ${out}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`bench:crowd: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
});
