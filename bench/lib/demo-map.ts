/**
 * The demo's map and unit profiles for Node benchmarks, without Phaser.
 *
 * The grids are built from assets/demo-map.json the way the demo's plugins build theirs: the land
 * grid blocks every tile whose `collides` property is true (the demo calls
 * `setCollisionByProperty({ collides: true })` and `useTilemap(layer)`), the sea grid blocks every
 * tile whose `water` property is not true (the demo's `water` movement class), and both carry the
 * tiles' `cost` property as their tile costs (the demo's `costs: 'cost'`).
 * The unit kinds come from demo/units.ts itself (it imports Phaser's types only); the profile
 * conversion is a copy of demo/pathing.ts's `addUnit` (that module imports the plugin, which needs
 * a browser), in tiles: the plugin divides the pixel lengths by the tile size again.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Grid } from '../../src/grid/grid.js';
import type { UnitProfile } from '../../src/unit/profile.js';
import { UNIT_KINDS, type UnitKind } from '../../demo/units.js';

/** demo/pathing.ts: speed-up and braking of every unit, in units of its top speed per second. */
const ACCELERATION_PER_SPEED = 2.5;

/** The map file the demo loads. */
const MAP_PATH = fileURLToPath(new URL('../../assets/demo-map.json', import.meta.url));

interface TiledProperty {
  name: string;
  value: unknown;
}

interface TiledMap {
  width: number;
  height: number;
  tilesets: { firstgid: number; tiles: { id: number; properties?: TiledProperty[] }[] }[];
  layers: { name: string; type: string; data?: number[] }[];
}

/** The demo map's grids: what land units (infantry, tanks) and ships may not enter, with their tile costs. */
export interface DemoGrids {
  land: Grid;
  sea: Grid;
  /** The land's walls without tile costs: what the comparison view plans on. */
  walls: Grid;
}

/** Reads assets/demo-map.json into the land and sea grids (see the module comment). */
export function loadDemoGrids(path = MAP_PATH): DemoGrids {
  const map = JSON.parse(readFileSync(path, 'utf8')) as TiledMap;
  const ground = map.layers.find((l) => l.name === 'ground' && l.type === 'tilelayer');
  if (!ground?.data) throw new Error(`${path}: no tile layer named "ground"`);
  const props = new Map<number, Map<string, unknown>>();
  for (const set of map.tilesets) {
    for (const tile of set.tiles) props.set(set.firstgid + tile.id, new Map((tile.properties ?? []).map((p) => [p.name, p.value])));
  }
  const property = (x: number, y: number, name: string): unknown => props.get(ground.data![y * map.width + x]!)?.get(name);
  const land = Grid.fromPredicate(map.width, map.height, (x, y) => property(x, y, 'collides') === true);
  const sea = Grid.fromPredicate(map.width, map.height, (x, y) => property(x, y, 'water') !== true);
  // The demo's tile costs (`costs: 'cost'` for both classes): roads 1, grass 2, forest 4, a ford 2.
  const cost = (x: number, y: number): number => {
    const c = property(x, y, 'cost');
    return typeof c === 'number' ? c : 1;
  };
  // The comparison view plans on the land's walls alone (shortest paths, every planner).
  const walls = land.clone();
  land.fillCosts(0, 0, map.width, map.height, cost);
  sea.fillCosts(0, 0, map.width, map.height, cost);
  return { land, sea, walls };
}

/** A unit kind's profile as demo/pathing.ts's `addUnit` gives it to the plugin, in tiles. */
export function demoProfile(kind: UnitKind): UnitProfile {
  return {
    speed: kind.speed,
    acceleration: kind.speed * ACCELERATION_PER_SPEED,
    width: kind.radius * 2,
    turningRadius: kind.turningRadius,
    reverse: kind.reverse,
  };
}

/**
 * The profile demo/pathing.ts's `compare` gives the directional planners in the comparison view:
 * the tank's turning radius, width and reversing only.
 */
export function compareProfile(): UnitProfile {
  const tank = UNIT_KINDS.tank;
  return { turningRadius: tank.turningRadius, width: tank.radius * 2, reverse: tank.reverse };
}

export { UNIT_KINDS };

/** demo/scenes/demo-scene.ts's DEFAULT_COMPARE: the pair the comparison view opens with (tiles). */
export const DEFAULT_COMPARE = { start: { x: 22.5, y: 43.5 }, goal: { x: 62.5, y: 8.5 } } as const;
