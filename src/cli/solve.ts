import { excerpt } from '../grid/excerpt.js';
import { Grid } from '../grid/grid.js';
import { parseScenarios } from '../grid/scenario.js';
import { createPlanner, plannerEntry, plannerNames } from '../planners.js';
import type { Planner } from '../search/planner.js';
import { integerOption, parseArgs, required, UsageError } from './args.js';
import { applyCostFile, checkTakesCosts } from './costs.js';
import { quotePath, readInput } from './files.js';

/**
 * `headway solve --map M.map --scen M.map.scen [--algo astar] [--cells] [--first N] [--neighbors 4|8] [--costs C.txt]`:
 * runs a planner on every scenario and prints one JSON line per query. `--costs` reads tile costs
 * (see {@link applyCostFile}); each line's `cost` is the path's weighted cost (its `length` on a
 * uniform map), `length` its Euclidean length.
 */
export function solveCommand(args: readonly string[]): number {
  const parsed = parseArgs(args, ['map', 'scen', 'algo', 'first', 'neighbors', 'costs'], ['cells']);
  const mapPath = required(parsed, 'map');
  const scenPath = required(parsed, 'scen');
  const algo = parsed.options.get('algo') ?? 'astar';
  const entry = plannerEntry(algo);
  if (entry?.kind === 'curve') throw new UsageError(`--algo ${algo} is a curve planner, for units with a turning radius: \`headway directional\` runs the directional planner; polyline planners: ${plannerNames().join(', ')}`);
  if (!entry) throw new UsageError(`unknown algorithm ${excerpt(algo)}; known: ${plannerNames().join(', ')}`);
  const first = integerOption(parsed, 'first', Infinity, 0, Number.MAX_SAFE_INTEGER);
  const connectivity = integerOption(parsed, 'neighbors', 8, 4, 8);
  if (connectivity !== 4 && connectivity !== 8) throw new UsageError(`--neighbors must be 4 or 8, got ${connectivity}`);
  const cells = parsed.flags.has('cells');
  const costsPath = parsed.options.get('costs');
  if (costsPath !== undefined) checkTakesCosts(algo, entry.traits.tileCosts);
  const grid = withFileContext(mapPath, () => Grid.fromMovingAi(readInput(mapPath)));
  if (costsPath !== undefined) applyCostFile(costsPath, grid);
  const scenarios = withFileContext(scenPath, () => parseScenarios(readInput(scenPath)));
  const planner: Planner = plannerFor(algo, grid, cells, connectivity);
  const offset = cells ? 0.5 : 0;
  const count = Math.min(first, scenarios.length);
  for (let i = 0; i < count; i++) {
    const s = scenarios[i]!;
    if (s.mapWidth !== grid.width || s.mapHeight !== grid.height) {
      throw new UsageError(`${quotePath(scenPath)}: scenario ${i + 1} is for a ${s.mapWidth}x${s.mapHeight} map, ${quotePath(mapPath)} is ${grid.width}x${grid.height}`);
    }
    const t0 = performance.now();
    const result = planner.findPath(s.startX + offset, s.startY + offset, s.goalX + offset, s.goalY + offset);
    const micros = (performance.now() - t0) * 1000;
    const line = {
      sx: s.startX,
      sy: s.startY,
      gx: s.goalX,
      gy: s.goalY,
      status: result.status,
      length: result.status === 'found' ? result.length : null,
      // A planner that leaves cost out takes no costs, so its map is uniform: the cost is the length.
      cost: result.status === 'found' ? (result.cost ?? result.length) : null,
      expanded: result.expanded,
      micros: Math.round(micros * 1000) / 1000,
      path: result.points.map((p) => [p.x, p.y]),
    };
    process.stdout.write(JSON.stringify(line) + '\n');
  }
  return 0;
}

/** The planner, or a usage error naming what it refused (e.g. a lattice it does not search). */
function plannerFor(algo: string, grid: Grid, cells: boolean, connectivity: 4 | 8): Planner {
  try {
    return createPlanner(algo, grid, { lattice: cells ? 'cell' : 'corner', connectivity });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`--algo ${algo}${cells ? ' --cells' : ''}: ${error.message}`);
    throw error;
  }
}

function withFileContext<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${quotePath(path)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
