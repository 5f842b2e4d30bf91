/**
 * Robustness runs of the crowd benchmark (issue 19): one scenario, our navigator with
 * avoidance, from starts moved by up to {@link JITTER} tiles (seeded; seed 0 is the benchmark's
 * own starts). The bridge scenarios are chaotic: a rule that helps the one run of
 * `npm run bench:crowd` can hurt most others, so a change to the crowd's rules is judged here.
 *
 * `node --import tsx bench/crowd/jitter.ts --scenario NAME [--seeds N]` prints, per seed, the
 * agents arrived (and all-arrived / slowest-alone when all did), then the totals.
 */
import { integerOption, parseArgs, UsageError } from '../../src/cli/args.js';
import { makeRng } from '../../test/support/rng.js';
import { oursKind } from './ours.js';
import { runScenario } from './run.js';
import { SCENARIOS, type Scenario } from './scenarios.js';

/** Largest shift of a start on each axis, tiles: a twentieth of a tile, less than any rule's margin. */
const JITTER = 0.05;
/** Seeds run by default: enough that one lucky run does not decide. */
const DEFAULT_SEEDS = 24;
/** Seeds at most (each run takes seconds). */
const MAX_SEEDS = 500;
/** Base of the seeds, so that these runs do not share a stream with the tests'. */
const SEED_BASE = 1000;

/** The scenario with every start moved by up to JITTER / 2 on each axis; seed 0 leaves it as it is. */
export function jittered(scenario: Scenario, seed: number): Scenario {
  if (seed === 0) return scenario;
  const rng = makeRng(SEED_BASE + seed);
  const shift = (): number => (rng.next() - 0.5) * JITTER;
  return { ...scenario, agents: scenario.agents.map((a) => ({ ...a, start: { ...a.start, x: a.start.x + shift(), y: a.start.y + shift() } })) };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2), ['scenario', 'seeds'], []);
  const name = args.options.get('scenario');
  if (name === undefined || !(name in SCENARIOS)) throw new UsageError(`--scenario must be one of ${Object.keys(SCENARIOS).join(', ')}, got ${String(name)}`);
  const seeds = integerOption(args, 'seeds', DEFAULT_SEEDS, 1, MAX_SEEDS);
  const cells: string[] = [];
  let arrived = 0;
  let total = 0;
  const ratios: number[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    const scenario = jittered(SCENARIOS[name]!(), seed);
    const run = runScenario(oursKind('ours, avoidance', true, true), scenario, true);
    const summary = run.summary;
    if (!summary) {
      cells.push(`seed ${seed}: error`);
      continue;
    }
    const n = scenario.agents.length;
    const ratio = summary.allArrivedAt !== undefined && run.slowestAlone ? summary.allArrivedAt / run.slowestAlone : undefined;
    arrived += summary.arrived;
    total += n;
    if (ratio !== undefined) ratios.push(ratio);
    cells.push(`${summary.arrived}/${n}${ratio === undefined ? '' : ` ${ratio.toFixed(2)}x`}`);
  }
  const mean = ratios.length > 0 ? ratios.reduce((a, b) => a + b, 0) / ratios.length : NaN;
  process.stdout.write(`${name}, ${seeds} seeds (jitter ${JITTER} tiles): ${cells.join(', ')}\n`);
  process.stdout.write(`arrived ${arrived} of ${total}; all arrived in ${ratios.length} of ${seeds} runs, mean ${mean.toFixed(2)}x the slowest alone\n`);
}

try {
  main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`crowd jitter: ${error.message}\n`);
  process.exit(2);
}
