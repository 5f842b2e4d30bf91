import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDirectionalQueries } from '../../src/cli/directional.js';
import type { Pose } from '../../src/curves/segment.js';

/** One steering query of `../shared/benchmarks/steer/<map>.steer.jsonl`: an exact start pose, a goal point with an optional heading. */
export interface SteerQuery {
  start: Pose;
  goal: { x: number; y: number; heading: number | null };
}

/** Where the maps and the steering queries of a benchmark folder are. */
export interface BenchFolders {
  maps: string;
  steer: string;
}

const STEER_SUFFIX = '.steer.jsonl';

/**
 * The maps and steering folders of `dir`: `dir/maps` and `dir/steer` when `dir` holds a `maps`
 * folder (`../shared/benchmarks`), else `dir` itself is the maps folder and `dir/../steer` the
 * queries (`../shared/benchmarks/maps`, what `npm run bench --maps` takes).
 */
export function benchFolders(dir: string): BenchFolders {
  if (existsSync(join(dir, 'maps'))) return { maps: join(dir, 'maps'), steer: join(dir, 'steer') };
  return { maps: dir, steer: join(dir, '..', 'steer') };
}

/** Names of the maps (without `.map`) that have a `<name>.steer.jsonl` in `steerDir`, sorted; empty when the folder is missing. */
export function listSteerMaps(steerDir: string): string[] {
  if (!existsSync(steerDir)) return [];
  return readdirSync(steerDir)
    .filter((f) => f.endsWith(STEER_SUFFIX))
    .map((f) => f.slice(0, -STEER_SUFFIX.length))
    .sort();
}

/**
 * Parses one `.steer.jsonl` text with the `directional` command's parser: a JSON object
 * `{sx, sy, sh, gx, gy, gh}` a line (`gh` null for any heading); blank lines are skipped.
 * @throws UsageError naming the line and field that are wrong.
 */
export function parseSteerQueries(text: string): SteerQuery[] {
  return parseDirectionalQueries(text).map(({ start, goal }) => ({ start, goal: { x: goal.x, y: goal.y, heading: goal.heading ?? null } }));
}

/** The queries of map `name` in `steerDir`. */
export function loadSteerQueries(steerDir: string, name: string): SteerQuery[] {
  return parseSteerQueries(readFileSync(join(steerDir, `${name}${STEER_SUFFIX}`), 'utf8'));
}
