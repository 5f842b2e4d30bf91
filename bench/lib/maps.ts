import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Grid } from '../../src/grid/grid.js';
import { parseScenarios, type Scenario } from '../../src/grid/scenario.js';

/** A benchmark map: its grid and every scenario of its `.scen` file. */
export interface BenchMap {
  /** File name without `.map`, e.g. `den520d`. */
  name: string;
  grid: Grid;
  scenarios: Scenario[];
  /** True for maps from games (Baldur's Gate, Dragon Age, StarCraft), false for the synthetic sets. */
  game: boolean;
}

/** The synthetic Moving AI sets: random obstacles, mazes, rooms. Everything else comes from a game. */
const SYNTHETIC = /^(random|maze|\d+room)/;

export function isGameMap(name: string): boolean {
  return !SYNTHETIC.test(name);
}

/** The `.map` names (without extension) in `dir` that have a `.map.scen` beside them, sorted. */
export function listMaps(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.map') && existsSync(join(dir, `${f}.scen`)))
    .map((f) => basename(f, '.map'))
    .sort();
}

export function loadMap(dir: string, name: string): BenchMap {
  const grid = Grid.fromMovingAi(readFileSync(join(dir, `${name}.map`), 'utf8'));
  const scenarios = parseScenarios(readFileSync(join(dir, `${name}.map.scen`), 'utf8'));
  return { name, grid, scenarios, game: isGameMap(name) };
}
