/**
 * `npx tsx bench/refresh-cost.ts [--edits N] [--batch B] [--map den520d] [--maps DIR]`: the work
 * units and wall time of the directional planner's table refresh after tile edits (B random free
 * cells blocked, refreshed, then freed again, refreshed), for the demo's tank and ship on a shared
 * benchmark map. B = 1 (the default) is one edit a refresh; a larger B is a planner idle while a
 * game edits tiles all over the map. Beside it, in the same process, what a refresh cost before
 * it followed the edits: every table over the whole map (wall distances, padded bitmaps, the
 * shrunk grid, its regions and its move bits), built afresh on the final grid.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { WallDistanceMap } from '../src/curves/footprint.js';
import { DirectionalPlanner } from '../src/directional/directional-planner.js';
import { shrinkWork } from '../src/directional/distance-field.js';
import { PaddedGrid } from '../src/directional/padded-grid.js';
import { RegionLabels } from '../src/directional/regions.js';
import { Grid } from '../src/grid/grid.js';
import { CornerLattice } from '../src/search/lattice.js';
import { moveTableOf } from '../src/search/move-table.js';
import { SteppedBuild, type BuildWork } from '../src/search/stepped-build.js';
import { demoProfile } from './lib/demo-map.js';
import { loadMap } from './lib/maps.js';
import { UNIT_KINDS } from '../demo/units.js';
import { makeRng } from '../test/support/rng.js';
import { quantile } from './lib/stats.js';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}

const edits = Number(option('edits', '200'));
const batch = Number(option('batch', '1'));
const mapName = option('map', 'den520d');
const mapsDir = option('maps', join(import.meta.dirname, '..', '..', 'shared', 'benchmarks', 'maps'));


/** Units and milliseconds of every table the planner refreshes, built whole on `grid`, as the refresh did before it followed the edits. */
function wholeRefresh(grid: Grid, planner: DirectionalPlanner): { units: number; ms: number } {
  const start = performance.now();
  const run = (work: BuildWork<void>): number => new SteppedBuild(work).step(Infinity);
  const walls = new WallDistanceMap(grid);
  let units = run(walls.refreshWork());
  const padded = new PaddedGrid();
  padded.padFor(grid, planner.moves);
  units += run(padded.fillWork(grid));
  const shrunk = new Grid(grid.width, grid.height);
  units += run(shrinkWork(grid, planner.profile.sweepRadius, walls, shrunk));
  units += run(new RegionLabels().labelWork(shrunk));
  units += run(moveTableOf(new CornerLattice(shrunk, 8)).refreshWork());
  return { units, ms: performance.now() - start };
}

for (const kind of ['tank', 'ship'] as const) {
  const { grid } = loadMap(mapsDir, mapName);
  const planner = new DirectionalPlanner(grid, demoProfile(UNIT_KINDS[kind]));
  const t0 = performance.now();
  const firstUnits = planner.buildTables();
  const firstMs = performance.now() - t0;
  // Seeded, so every run edits the same cells.
  const rng = makeRng(17);
  const next = (): number => rng.next();
  const units: number[] = [];
  const ms: number[] = [];
  for (let e = 0; e < edits; e += batch) {
    const cells: [number, number][] = [];
    while (cells.length < batch) {
      const x = Math.floor(next() * grid.width);
      const y = Math.floor(next() * grid.height);
      if (!grid.isBlocked(x, y)) cells.push([x, y]);
    }
    for (const blocked of [true, false]) {
      for (const [x, y] of cells) grid.setBlocked(x, y, blocked);
      const s = performance.now();
      units.push(planner.buildTables());
      ms.push(performance.now() - s);
    }
  }
  const whole: number[] = [];
  const wholeMs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const w = wholeRefresh(grid, planner);
    whole.push(w.units);
    wholeMs.push(w.ms);
  }
  wholeMs.sort((a, b) => a - b);
  units.sort((a, b) => a - b);
  ms.sort((a, b) => a - b);
  const mean = (a: number[]): number => a.reduce((s, v) => s + v, 0) / a.length;
  console.log(
    `${mapName} ${kind}: first build ${firstUnits} units ${firstMs.toFixed(1)} ms; ${batch} edit(s) a refresh (${units.length} refreshes): ` +
      `units mean ${mean(units).toFixed(0)} p50 ${quantile(units, 0.5)} p95 ${quantile(units, 0.95).toFixed(0)} max ${units[units.length - 1]}; ` +
      `ms mean ${mean(ms).toFixed(3)} p50 ${quantile(ms, 0.5).toFixed(3)} p95 ${quantile(ms, 0.95).toFixed(3)} max ${ms[ms.length - 1]!.toFixed(3)}; ` +
      `every table whole (the refresh before): ${whole[0]} units, ms p50 ${quantile(wholeMs, 0.5).toFixed(3)} of 10`,
  );
}
