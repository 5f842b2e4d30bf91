/**
 * What the reachability proof (src/directional/reachability.ts) costs against today's exhaustive
 * search, on the steering queries of ../shared/benchmarks/steer/.
 *
 *   npx tsx bench/reachability.ts [--maps den520d,AR0304SR] [--radius 2] [--width 0.8] [--reverse]
 *   npx tsx bench/reachability.ts --planner [--maps ...] [--radius 2] [--width 0.8] [--reverse]
 *
 * Per query: the full search (default options) and the proof, both sides and goal side alone
 * (the planner's way), each timed in CPU time in this process. Prints one line per query the search ends `no-room-to-turn`, then p50/p95/max of both
 * on those queries, the proof's cost on the queries the search finds, and any disagreement.
 *
 * With `--planner`: the planner as wired (the proof beside its search) against the planner with
 * the proof off (`proofAfter: Infinity`, the exhaustive search), full and hybrid, query by query in
 * one process (the order alternating): p50/p95/p99/max, the slowest failure, and every query whose
 * status, length or expansions differ.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Grid } from '../src/grid/grid.js';
import { DirectionalPlanner } from '../src/directional/directional-planner.js';
import { ReachabilityProof, type ReachVerdict } from '../src/directional/reachability.js';
import { shotNearDistance } from '../src/directional/lattice-rules.js';
import { WallDistanceMap } from '../src/curves/footprint.js';
import { resolveProfile } from '../src/unit/profile.js';

const ROOT = new URL('../../shared/benchmarks/', import.meta.url);
const DEFAULT_MAPS = ['den520d', 'den011d', 'lak303d', 'AR0304SR', 'AR0602SR', 'BigGameHunters', 'CatwalkAlley'];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

/** CPU milliseconds (user + system) that `run` takes, and its value. */
function cpu<T>(run: () => T): [T, number] {
  const before = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(before);
  return [value, (used.user + used.system) / 1000];
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function summary(label: string, values: number[]): string {
  const f = (v: number): string => (v < 10 ? v.toFixed(2) : v.toFixed(0));
  return `${label}: n=${values.length} p50 ${f(quantile(values, 0.5))} ms, p95 ${f(quantile(values, 0.95))} ms, max ${f(Math.max(...values))} ms`;
}

/** Milliseconds (CPU) and the answers of each query, per planner variant. */
interface Sample {
  ms: number;
  status: string;
  length: number;
  expanded: number;
}

/** The wired planner against the exhaustive one, full and hybrid, on every query of `maps`. */
function comparePlanners(maps: string[], unit: { turningRadius: number; width: number; reverse: boolean }): void {
  for (const mode of ['full', 'hybrid'] as const) {
    const runs: Record<'before' | 'after', Sample[]> = { before: [], after: [] };
    const differences: string[] = [];
    for (const name of maps) {
      const grid = Grid.fromMovingAi(readFileSync(new URL(`maps/${name}.map`, ROOT), 'utf8'));
      const planners = { before: new DirectionalPlanner(grid, unit, { proofAfter: Infinity }), after: new DirectionalPlanner(grid, unit) };
      planners.before.buildTables();
      planners.after.buildTables();
      const lines = readFileSync(new URL(`steer/${name}.steer.jsonl`, ROOT), 'utf8').split('\n').filter((l) => l.trim() !== '');
      lines.forEach((line, i) => {
        const q = JSON.parse(line) as { sx: number; sy: number; sh: number; gx: number; gy: number; gh: number | null };
        const sample = (variant: 'before' | 'after'): Sample => {
          const [r, ms] = cpu(() => planners[variant].findPath({ x: q.sx, y: q.sy, heading: q.sh }, { x: q.gx, y: q.gy, heading: q.gh }, { mode }));
          return { ms, status: r.status, length: r.status === 'found' ? r.length : NaN, expanded: r.expanded };
        };
        // Alternate which goes first, so that neither gets the warmer caches every time.
        const order = i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
        const got = { before: undefined as Sample | undefined, after: undefined as Sample | undefined };
        for (const v of order) got[v] = sample(v);
        const b = got.before!;
        const a = got.after!;
        runs.before.push(b);
        runs.after.push(a);
        if (b.status !== a.status || (b.status === 'found' && (b.length !== a.length || b.expanded !== a.expanded))) {
          differences.push(`  ${name} #${i}: before ${b.status} ${b.length} (${b.expanded} exp., ${b.ms.toFixed(1)} ms), after ${a.status} ${a.length} (${a.expanded} exp., ${a.ms.toFixed(1)} ms)`);
        }
      });
    }
    for (const variant of ['before', 'after'] as const) {
      const samples = runs[variant];
      const ms = samples.map((s) => s.ms);
      const failed = samples.filter((s) => s.status === 'no-room-to-turn');
      const statuses = new Map<string, number>();
      for (const s of samples) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
      const f = (v: number): string => (v < 10 ? v.toFixed(2) : v.toFixed(0));
      console.log(
        `${mode} ${variant === 'before' ? 'proof off' : 'proof on '}: ${[...statuses].map(([k, n]) => `${k} ${n}`).join(', ')}; ` +
          `p50 ${f(quantile(ms, 0.5))} ms, p95 ${f(quantile(ms, 0.95))}, p99 ${f(quantile(ms, 0.99))}, max ${f(Math.max(...ms))}; ` +
          `slowest no-room-to-turn ${f(Math.max(0, ...failed.map((s) => s.ms)))} ms (${Math.max(0, ...failed.map((s) => s.expanded))} exp. at most)`,
      );
    }
    // What the proof's share costs the queries it does not end: the found ones.
    const ratios = runs.after.flatMap((a, i) => (a.status === 'found' ? [a.ms / Math.max(runs.before[i]!.ms, 1e-3)] : []));
    const total = (v: 'before' | 'after'): number => runs[v].reduce((sum, s) => sum + (s.status === 'found' ? s.ms : 0), 0);
    console.log(
      `${mode} found queries, proof on against off: median ratio ${quantile(ratios, 0.5).toFixed(2)}, p95 ratio ${quantile(ratios, 0.95).toFixed(2)}, ` +
        `total ${total('after').toFixed(0)} against ${total('before').toFixed(0)} ms`,
    );
    console.log(differences.length === 0 ? `${mode}: same status, length and expansions on every query` : `${mode}: ${differences.length} queries differ:\n${differences.join('\n')}`);
  }
}

const maps = arg('maps', DEFAULT_MAPS.join(',')).split(',');
const unit = { turningRadius: Number(arg('radius', '2')), width: Number(arg('width', '0.8')), reverse: process.argv.includes('--reverse') };
const profile = resolveProfile(unit);
if (process.argv.includes('--planner')) {
  comparePlanners(maps, unit);
  process.exit(0);
}
const searchFailed: number[] = [];
const proofFailed: number[] = [];
const proofFound: number[] = [];
const goalFailed: number[] = [];
const goalFound: number[] = [];
const disagreements: string[] = [];
for (const name of maps) {
  const mapFile = new URL(`maps/${name}.map`, ROOT);
  const queryFile = new URL(`steer/${name}.steer.jsonl`, ROOT);
  if (!existsSync(mapFile) || !existsSync(queryFile)) throw new Error(`no map or queries for ${name}`);
  const grid = Grid.fromMovingAi(readFileSync(mapFile, 'utf8'));
  const planner = new DirectionalPlanner(grid, unit);
  const [, buildMs] = cpu(() => planner.buildTables());
  const walls = new WallDistanceMap(grid);
  const [, wallsMs] = cpu(() => walls.refresh());
  const moves = planner.moves;
  const shotNear = shotNearDistance(profile.turningRadius, moves.rings);
  const proof = new ReachabilityProof(grid, profile, moves, { shotNear, walls });
  const goalSide = new ReachabilityProof(grid, profile, moves, { shotNear, walls, goalSideOnly: true });
  console.log(`${name} ${grid.width}x${grid.height}: planner tables ${buildMs.toFixed(0)} ms, proof's wall map ${wallsMs.toFixed(1)} ms (the planner has its own)`);
  const lines = readFileSync(queryFile, 'utf8').split('\n').filter((l) => l.trim() !== '');
  lines.forEach((line, i) => {
    const q = JSON.parse(line) as { sx: number; sy: number; sh: number; gx: number; gy: number; gh: number | null };
    const start = { x: q.sx, y: q.sy, heading: q.sh };
    const goal = { x: q.gx, y: q.gy, heading: q.gh };
    const [result, searchMs] = cpu(() => planner.findPath(start, goal));
    if (result.status !== 'found' && result.status !== 'no-room-to-turn') return;
    const prove = (p: ReachabilityProof) => (): ReachVerdict => {
      let v = p.begin(start, goal);
      while (v === 'pending') v = p.step();
      return v;
    };
    const [verdict, proofMs] = cpu(prove(proof));
    const [goalVerdict, goalMs] = cpu(prove(goalSide));
    if (goalVerdict !== verdict) disagreements.push(`${name} #${i}: the goal side alone says ${goalVerdict}, both sides ${verdict}`);
    if (result.status === 'found') {
      proofFound.push(proofMs);
      goalFound.push(goalMs);
      if (verdict !== 'reachable') disagreements.push(`${name} #${i}: found (by a clock shot) but the proof says ${verdict}`);
      return;
    }
    searchFailed.push(searchMs);
    proofFailed.push(proofMs);
    goalFailed.push(goalMs);
    if (verdict !== 'unreachable') disagreements.push(`${name} #${i}: no-room-to-turn but the proof says ${verdict}`);
    console.log(
      `  #${i} no-room-to-turn: search ${searchMs.toFixed(1)} ms (${result.expanded} expansions); proof ${proofMs.toFixed(2)} ms, ${verdict}, ` +
        `${proof.exhausted} side ran dry, forward ${proof.forwardVisited} / backward ${proof.backwardVisited} states, work ${proof.work}; ` +
        `goal side alone ${goalMs.toFixed(2)} ms, work ${goalSide.work}`,
    );
  });
}
console.log(summary('search, queries ending no-room-to-turn', searchFailed));
console.log(summary('proof, same queries', proofFailed));
console.log(summary('proof, queries the search finds (run to its verdict)', proofFound));
console.log(summary('goal side alone, queries ending no-room-to-turn', goalFailed));
console.log(summary('goal side alone, queries the search finds (run to its verdict)', goalFound));
console.log(disagreements.length === 0 ? 'no disagreement' : disagreements.join('\n'));
