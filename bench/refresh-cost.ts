/**
 * `npx tsx bench/refresh-cost.ts [--edits N] [--batch B] [--map den520d] [--maps DIR]`: the work
 * units and wall time of the directional planner's table refresh after tile edits (B random free
 * cells blocked, refreshed, then freed again, refreshed), for the demo's tank and ship on a shared
 * benchmark map. B = 1 (the default) is one edit a refresh; a larger B is a planner idle while a
 * game edits tiles all over the map.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { DirectionalPlanner } from '../src/directional/directional-planner.js';
import { demoProfile } from './lib/demo-map.js';
import { loadMap } from './lib/maps.js';
import { UNIT_KINDS } from '../demo/units.js';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}

const edits = Number(option('edits', '200'));
const batch = Number(option('batch', '1'));
const mapName = option('map', 'den520d');
const mapsDir = option('maps', join(import.meta.dirname, '..', '..', 'shared', 'benchmarks', 'maps'));

/** A small deterministic generator (mulberry32), so every run edits the same cells. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

for (const kind of ['tank', 'ship'] as const) {
  const { grid } = loadMap(mapsDir, mapName);
  const planner = new DirectionalPlanner(grid, demoProfile(UNIT_KINDS[kind]));
  const t0 = performance.now();
  const firstUnits = planner.buildTables();
  const firstMs = performance.now() - t0;
  const next = rng(17);
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
  units.sort((a, b) => a - b);
  ms.sort((a, b) => a - b);
  const mean = (a: number[]): number => a.reduce((s, v) => s + v, 0) / a.length;
  console.log(
    `${mapName} ${kind}: first build ${firstUnits} units ${firstMs.toFixed(1)} ms; ${batch} edit(s) a refresh (${units.length} refreshes): ` +
      `units mean ${mean(units).toFixed(0)} p50 ${quantile(units, 0.5)} p95 ${quantile(units, 0.95)} max ${units[units.length - 1]}; ` +
      `ms mean ${mean(ms).toFixed(3)} p50 ${quantile(ms, 0.5).toFixed(3)} p95 ${quantile(ms, 0.95).toFixed(3)} max ${ms[ms.length - 1]!.toFixed(3)}`,
  );
}
