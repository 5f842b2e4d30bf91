/**
 * Acceptance check of issue 4 on the shared Moving AI maps: on a spread of each map's scenarios
 * (taken as corner points, the any-angle convention), Anya's path must be legal under the grid rule
 * (checked by the brute-force test/support/brute-los.ts), never turn at a double corner, equal the
 * visibility-graph optimum within 1e-9 relative, and be no longer than Theta*'s (when that planner
 * exists). The visibility graph is bounded by Anya's length: a shorter path would still be found,
 * and the bound lets its pruning (lattice distances, taut edges, the sight sweep; see
 * `VisibilityGraph`) keep the reference at about a second per query on 512x512 mazes and random
 * maps. The queries of a map run from the shortest bucket up, and a map stops after `--seconds`
 * (then the line says how far it got).
 *
 * `--plain N` also checks the pruned reference against the plain O(n²) one (`prune: false`) on the
 * first N queries of each map, the shortest ones, where the plain graph is affordable.
 *
 * Usage: npx tsx bench/verify-anya.ts [mapsDir] [--queries N] [--maps a,b] [--seconds S] [--plain N]
 * (default: ../shared/benchmarks/maps, 200 queries per map, every map, no time limit, no plain check).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Anya } from '../src/anyangle/anya.js';
import { VisibilityGraph } from '../src/anyangle/visibility-graph.js';
import { Grid } from '../src/grid/grid.js';
import { isDoubleCorner, isPointFree, type Point } from '../src/grid/point.js';
import { parseScenarios } from '../src/grid/scenario.js';
import { createPlanner, plannerNames } from '../src/planners.js';
import { bruteFirstIllegalSegment } from '../test/support/brute-los.js';
import { makeRng } from '../test/support/rng.js';

/** Relative difference under which two lengths are the same optimum (the tolerance). */
const SAME = 1e-9;

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const perMap = Number(option('queries') ?? 200);
const only = option('maps')?.split(',');
const seconds = Number(option('seconds') ?? Infinity);
const plainCount = Number(option('plain') ?? 0);
const dir = args[0] ?? fileURLToPath(new URL('../../shared/benchmarks/maps/', import.meta.url));
const maps = readdirSync(dir)
  .filter((f) => f.endsWith('.map') && (!only || only.some((o) => f.includes(o))))
  .sort();
const theta = plannerNames().includes('theta') ? 'theta' : undefined;

/** True when the path turns at a double corner (passing from one free side to the other). */
function turnsAtDoubleCorner(grid: Grid, points: readonly Point[]): boolean {
  for (let i = 1; i + 1 < points.length; i++) {
    const p = points[i]!;
    if (Number.isInteger(p.x) && Number.isInteger(p.y) && isDoubleCorner(grid, p.x, p.y)) return true;
  }
  return false;
}

let failures = 0;
let total = 0;
for (const map of maps) {
  const grid = Grid.fromMovingAi(readFileSync(join(dir, map), 'utf8'));
  const scenarios = parseScenarios(readFileSync(join(dir, `${map}.scen`), 'utf8'));
  const step = scenarios.length / Math.min(perMap, scenarios.length);
  // An even spread over the file, shortest bucket first.
  const picked = Array.from({ length: Math.min(perMap, scenarios.length) }, (_, k) => scenarios[Math.floor(k * step)]!).sort(
    (a, b) => a.bucket - b.bucket,
  );
  // A small map may have fewer scenarios than asked for: random free corners make up the count.
  const rng = makeRng(picked.length);
  while (picked.length < perMap) {
    const [startX, startY, goalX, goalY] = [rng.int(grid.width + 1), rng.int(grid.height + 1), rng.int(grid.width + 1), rng.int(grid.height + 1)];
    if (isPointFree(grid, startX, startY) && isPointFree(grid, goalX, goalY)) picked.push({ ...picked[0]!, bucket: Infinity, startX, startY, goalX, goalY });
  }
  const started = performance.now();
  const anya = new Anya(grid);
  const vg = new VisibilityGraph(grid);
  const plain = new VisibilityGraph(grid, { prune: false });
  const other = theta ? createPlanner(theta, grid) : undefined;
  let bad = 0;
  let worst = 0;
  let vgMillis = 0;
  let count = 0;
  let bucket = -1;
  for (const s of picked) {
    if ((performance.now() - started) / 1000 > seconds) break;
    bucket = s.bucket;
    const a = anya.findPath(s.startX, s.startY, s.goalX, s.goalY);
    const t0 = performance.now();
    const v = vg.solve(s.startX, s.startY, s.goalX, s.goalY, a.length * (1 + SAME) + SAME);
    vgMillis += performance.now() - t0;
    count++;
    const problems: string[] = [];
    if (a.status !== v.status && !(a.status === 'found' && v.status === 'no-path')) problems.push(`anya ${a.status}, vg ${v.status}`);
    else if (a.status === 'found') {
      const illegal = bruteFirstIllegalSegment(grid, a.points);
      if (illegal >= 0) problems.push(`illegal segment ${illegal}`);
      if (turnsAtDoubleCorner(grid, a.points)) problems.push('turns at a double corner');
      if (v.status !== 'found') problems.push(`vg ${v.status}`);
      else {
        const diff = Math.abs(a.length - v.length) / Math.max(1, v.length);
        worst = Math.max(worst, diff);
        if (diff > SAME) problems.push(`anya ${a.length} vs vg ${v.length}`);
        if (count <= plainCount) {
          const p = plain.solve(s.startX, s.startY, s.goalX, s.goalY, a.length * (1 + SAME) + SAME);
          if (p.status !== 'found' || Math.abs(p.length - v.length) > SAME * Math.max(1, p.length)) problems.push(`plain vg ${p.status} ${p.length}`);
        }
      }
      if (other) {
        const t = other.findPath(s.startX, s.startY, s.goalX, s.goalY);
        if (t.status === 'found' && a.length > t.length * (1 + SAME)) problems.push(`longer than ${theta} ${t.length}`);
      }
    }
    if (problems.length > 0) {
      bad++;
      if (bad <= 3) console.log(`  ${map} (${s.startX},${s.startY})->(${s.goalX},${s.goalY}): ${problems.join('; ')}`);
    }
  }
  const reach = count < picked.length ? ` (time limit: buckets 0 to ${bucket} of ${picked[picked.length - 1]!.bucket})` : '';
  console.log(
    `${map}: ${count} of ${picked.length} queries${reach}, ${bad} failures, max relative diff ${worst.toExponential(1)}, vg ${(vgMillis / count).toFixed(0)} ms/query, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  failures += bad;
  total += count;
}
console.log(`${total} queries on ${maps.length} maps, ${failures} failures`);
process.exitCode = failures === 0 ? 0 : 1;
