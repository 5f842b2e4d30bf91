/**
 * A/B of two copies of Anya in one process: the same benchmark queries, the two copies interleaved
 * query by query, CPU time. Each copy is a source tree (a `git worktree` of an older commit, or a
 * copy of its `src/` with the changed files laid over it), imported from its own path so that the
 * two are distinct modules with their own feedback and optimised code. Per query the least of
 * `--reps` runs of each copy is kept (a run is `--inner` back-to-back calls, against the clock's
 * 1 µs grain), and the ratio new/old taken; the process prints the median per-query ratio (and the
 * geometric mean), overall and per map, and a checksum of every status, length (its bits) and
 * expansion count per copy, which must agree.
 *
 * Noise: run a placebo (the old tree against a copy of itself) the same way. Load order matters a
 * little to V8 (which copy's code and feedback come first), so alternate `--new-first` between
 * processes.
 *
 * Usage: npx tsx bench/ab-anya.ts OLD_ROOT NEW_ROOT [--maps a,b] [--queries N] [--reps R]
 *   [--inner K] [--new-first] [--dir mapsDir]
 * (default: 8 maps, 100 queries per map drawn as `npm run bench` draws them, 5 reps of 3 calls).
 * Example: git worktree add /tmp/anya-old HEAD; cp -r /tmp/anya-old /tmp/anya-placebo; then
 * `npx tsx bench/ab-anya.ts /tmp/anya-old .` and `npx tsx bench/ab-anya.ts /tmp/anya-old /tmp/anya-placebo`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScenarios, type Scenario } from '../src/grid/scenario.js';
import { sampleScenarios } from './lib/sample.js';

/** Seed of the query sample, the benchmark's (`SAMPLE_SEED` of bench/run.ts). */
const SEED = 3;
const DEFAULT_MAPS = [
  'AR0602SR',
  'AR0700SR',
  'BigGameHunters',
  'CatwalkAlley',
  'den520d',
  'brc202d',
  'maze512-8-0',
  'random512-10-0',
];

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const flag = (name: string): boolean => {
  const at = args.indexOf(`--${name}`);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const maps = option('maps')?.split(',') ?? DEFAULT_MAPS;
const perMap = Number(option('queries') ?? 100);
const reps = Number(option('reps') ?? 5);
const inner = Number(option('inner') ?? 3);
const newFirst = flag('new-first');
const dir = option('dir') ?? fileURLToPath(new URL('../../shared/benchmarks/maps/', import.meta.url));
const [oldRoot, newRoot] = args.map((a) => resolve(a));
if (!oldRoot || !newRoot) throw new TypeError('usage: ab-anya.ts OLD_ROOT NEW_ROOT [options]');

interface Finder {
  findPath(sx: number, sy: number, gx: number, gy: number): { status: string; length: number; expanded: number };
}
interface Copy {
  make(text: string): Finder;
}

async function load(root: string): Promise<Copy> {
  const { Grid } = await import(join(root, 'src/grid/grid.ts'));
  const { Anya } = await import(join(root, 'src/anyangle/anya.ts'));
  return { make: (text) => new Anya(Grid.fromMovingAi(text)) as Finder };
}

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** FNV-1a over 32-bit words. */
function mix(h: number, word: number): number {
  h ^= word & 0xffff;
  h = Math.imul(h, 16777619);
  h ^= word >>> 16;
  return Math.imul(h, 16777619) >>> 0;
}
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

const copies = newFirst ? [await load(newRoot), await load(oldRoot)] : [await load(oldRoot), await load(newRoot)];
const [oldCopy, newCopy] = newFirst ? [copies[1]!, copies[0]!] : [copies[0]!, copies[1]!];

const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const all: number[] = [];
const sums = [0, 0];
const hashes = [2166136261, 2166136261];
const perMapLines: string[] = [];
for (const name of maps) {
  const text = readFileSync(join(dir, `${name}.map`), 'utf8');
  const scen: Scenario[] = parseScenarios(readFileSync(join(dir, `${name}.map.scen`), 'utf8'));
  const queries = sampleScenarios(scen, perMap, SEED);
  const planners = [oldCopy.make(text), newCopy.make(text)];
  // Warm-up, and the checksum.
  for (const q of queries) {
    for (let k = 0; k < 2; k++) {
      const r = planners[k]!.findPath(q.startX, q.startY, q.goalX, q.goalY);
      bits[0] = r.length;
      let h = mix(hashes[k]!, r.status.length * 31 + r.status.charCodeAt(0));
      h = mix(h, words[0]!);
      h = mix(h, words[1]!);
      hashes[k] = mix(h, r.expanded);
    }
  }
  const ratios: number[] = [];
  for (const [qi, q] of queries.entries()) {
    const best = [Infinity, Infinity];
    for (let rep = 0; rep < reps; rep++) {
      for (let j = 0; j < 2; j++) {
        // Which copy goes first alternates by query and repetition.
        const k = (j + qi + rep) & 1;
        const t0 = cpuMicros();
        for (let m = 0; m < inner; m++) planners[k]!.findPath(q.startX, q.startY, q.goalX, q.goalY);
        const t = (cpuMicros() - t0) / inner;
        if (t < best[k]!) best[k] = t;
      }
    }
    sums[0]! += best[0]!;
    sums[1]! += best[1]!;
    // A query under the clock's grain on both sides says nothing.
    if (best[0]! > 0 && best[1]! > 0) ratios.push(best[1]! / best[0]!);
  }
  all.push(...ratios);
  perMapLines.push(`${name}: ${median(ratios).toFixed(3)} (${ratios.length} queries)`);
}
console.log(perMapLines.join('\n'));
console.log(
  `median per-query ratio new/old ${median(all).toFixed(4)} over ${all.length} queries ` +
    `(geometric mean ${Math.exp(all.reduce((a, r) => a + Math.log(r), 0) / all.length).toFixed(4)}); ` +
    `total ${(sums[0]! / 1000).toFixed(1)} ms old, ${(sums[1]! / 1000).toFixed(1)} ms new; ` +
    `checksum old ${hashes[0]!.toString(16)} new ${hashes[1]!.toString(16)}` +
    (hashes[0] === hashes[1] ? ' (same)' : ' (DIFFERENT)') +
    ` load order ${newFirst ? 'new first' : 'old first'}`,
);
