/**
 * Acceptance check of issue 4 on the shared Moving AI maps: on a spread of each map's scenarios
 * (taken as corner points, the any-angle convention), Anya's path must be legal under the grid rule
 * (checked by the brute-force test/support/brute-los.ts), never turn at a double corner, equal the
 * visibility-graph optimum within 1e-9 relative, and be no longer than Theta*'s (when that planner
 * exists). The visibility graph is bounded by Anya's length: a shorter path would still be found,
 * and the bound keeps the O(n²) reference affordable on 512x512 maps.
 *
 * Usage: npx tsx bench/verify-anya.ts [mapsDir] [--queries N] [--maps a,b]
 * (default: ../shared/benchmarks/maps, 200 queries per map, every map).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Anya } from '../src/anyangle/anya.js';
import { VisibilityGraph } from '../src/anyangle/visibility-graph.js';
import { Grid } from '../src/grid/grid.js';
import { isDoubleCorner, type Point } from '../src/grid/point.js';
import { parseScenarios } from '../src/grid/scenario.js';
import { createPlanner, plannerNames } from '../src/planners.js';
import { bruteFirstIllegalSegment } from '../test/support/brute-los.js';

/** Relative difference under which two lengths are the same optimum (the tolerance). */
const SAME = 1e-9;

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const perMap = Number(option('queries') ?? 200);
const only = option('maps')?.split(',');
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
  const anya = new Anya(grid);
  const vg = new VisibilityGraph(grid);
  const other = theta ? createPlanner(theta, grid) : undefined;
  let bad = 0;
  let worst = 0;
  let vgMillis = 0;
  let count = 0;
  for (let k = 0; k < Math.min(perMap, scenarios.length); k++) {
    const s = scenarios[Math.floor(k * step)]!;
    const a = anya.findPath(s.startX, s.startY, s.goalX, s.goalY);
    const t0 = performance.now();
    const v = vg.solve(s.startX, s.startY, s.goalX, s.goalY, a.length * (1 + SAME) + SAME);
    vgMillis += performance.now() - t0;
    count++;
    const problems: string[] = [];
    if (a.status !== 'found') problems.push(`anya ${a.status}`);
    else {
      const illegal = bruteFirstIllegalSegment(grid, a.points);
      if (illegal >= 0) problems.push(`illegal segment ${illegal}`);
      if (turnsAtDoubleCorner(grid, a.points)) problems.push('turns at a double corner');
      if (v.status !== 'found') problems.push(`vg ${v.status}`);
      else {
        const diff = Math.abs(a.length - v.length) / Math.max(1, v.length);
        worst = Math.max(worst, diff);
        if (diff > SAME) problems.push(`anya ${a.length} vs vg ${v.length}`);
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
  console.log(
    `${map}: ${count} queries, ${bad} failures, max relative diff ${worst.toExponential(1)}, vg ${(vgMillis / count).toFixed(0)} ms/query`,
  );
  failures += bad;
  total += count;
}
console.log(`${total} queries on ${maps.length} maps, ${failures} failures`);
process.exitCode = failures === 0 ? 0 : 1;
