/**
 * The one module where the demo talks to Headway: one plugin, mapped to `this.pathfinding`, with
 * two movement classes on the one tilemap. Land units move on the `default` class, the layer's
 * collision set; ships on the `water` class, the tiles whose `water` property is true. Both read
 * the tiles' `cost` and `speed` properties (demo/terrain.ts): roads are cheap, forests and fords dear
 * and slow. The comparison view calls the planners directly on the land grid's walls, without its
 * costs: it compares shortest paths, which every planner finds.
 */
import type * as Phaser from 'phaser';
import { createPlanner, Grid, plannerEntry, type Planner, type Point } from '../src/core.js';
import { PathfindingPlugin, type PathfindingMove, type PathfindingProfile } from '../src/phaser/index.js';
import { DirectionalPlanner } from '../src/directional/directional-planner.js';
import type { SegmentPath } from '../src/curves/segment-path.js';
import { segmentEnd } from '../src/curves/segment.js';
import { TILE_SIZE } from './terrain.js';
import { UNIT_KINDS, type UnitKind } from './units.js';

/** A planner the demo offers. */
export interface PlannerInfo {
  readonly id: string;
  readonly label: string;
  /** The key that selects it. */
  readonly key: string;
  /** Its colour in paths and the comparison view. */
  readonly colour: number;
}

export const PLANNERS: readonly PlannerInfo[] = [
  { id: 'astar', label: 'A*', key: '1', colour: 0xff5252 },
  { id: 'astar-ps', label: 'A* PS', key: '2', colour: 0xffa726 },
  { id: 'theta', label: 'Theta*', key: '3', colour: 0xffee58 },
  { id: 'lazy-theta', label: 'Lazy Theta*', key: '4', colour: 0x66bb6a },
  { id: 'anya', label: 'Anya', key: '5', colour: 0x26c6da },
  { id: 'directional-full', label: 'Directional', key: '6', colour: 0xab47bc },
  { id: 'directional-hybrid', label: 'Dir. hybrid', key: '7', colour: 0xec407a },
];

/** What one order's planning cost, for the stats panel. */
export interface PlanStats {
  readonly planner: string;
  /** Who was ordered ("Tank 1", "4 units"). */
  readonly unit: string;
  readonly status: string;
  /** Planning time, summed over the frames it was spread across. */
  readonly timeMs: number;
  /** Path length in tiles (the mean over a group). */
  readonly length: number;
  readonly expanded: number;
}

/** One planner's answer in the comparison view. Points in tile units. */
export interface CompareEntry extends PlanStats {
  readonly points: readonly Point[];
}

export type Order = PathfindingMove;

export interface Pathing {
  /** True when units can be ordered with this planner. */
  isAvailable(plannerId: string): boolean;
  addUnit(sprite: Phaser.GameObjects.Sprite, kind: UnitKind): void;
  /**
   * Sends units to a world point (pixels) as one group order: the plugin gives each its own free
   * slot around the point (units that cannot share ground, land and sea, go as separate groups).
   * Returns one order per sprite, in the array's order; `label` names them in the stats.
   */
  moveTo(sprites: readonly Phaser.GameObjects.Sprite[], x: number, y: number, plannerId: string, label: string): Order[];
  /** Makes a tile edit reach the grids now rather than next frame. */
  tilesChanged(x: number, y: number): void;
  setDebug(on: boolean): void;
  /**
   * Every planner's path between two points (tile units) on the land's walls without tile costs
   * (shortest paths): a point unit, and a tank for the directional ones.
   */
  compare(from: Point, to: Point): CompareEntry[];
  /** The rest of the path a unit is driving, tile units, or undefined when it has none. */
  currentPath(sprite: Phaser.GameObjects.Sprite): Point[] | undefined;
  /** Called with the stats of every order once all its units have a path (or failed). */
  onPlan(listener: (stats: PlanStats) => void): void;
  /** Once a frame, before the plugin's own update. */
  update(): void;
}

/** The plugin the game config installs: one instance for land and sea. */
export const PATHING_PLUGINS: Phaser.Types.Core.PluginObjectItem[] = [{ key: 'PathfindingPlugin', plugin: PathfindingPlugin, mapping: 'pathfinding' }];

/** The movement class of ships: where a tile's `water` property is true (open water, bridges). */
const WATER = 'water';

/** Spacing (tiles) of the points that stand for an arc when a path is drawn. */
const ARC_STEP = 0.25;
/** Speed-up and braking of every unit, in units of its top speed per second. */
const ACCELERATION_PER_SPEED = 2.5;

interface Batch {
  readonly planner: string;
  readonly label: string;
  readonly moves: PathfindingMove[];
  timeMs: number;
  expanded: number;
  /** Made this frame: the plugin's last-frame numbers are not its work yet. */
  fresh: boolean;
}

export function createPathing(scene: Phaser.Scene, layer: Phaser.Tilemaps.TilemapLayer): Pathing {
  const pathfinding = scene.pathfinding;
  // One cost and speed per tile serves both classes: each class only ever enters its own tiles, and
  // ships find open water at cost 1 and fords (shallow) at 2, as land units find roads and grass.
  pathfinding.useTilemap(layer, { costs: 'cost', speed: 'speed', classes: { [WATER]: { passable: { water: true } } } });
  /** Each unit's movement class. */
  const classOf = new Map<Phaser.GameObjects.Sprite, string | undefined>();
  const listeners: ((stats: PlanStats) => void)[] = [];
  const comparePlanners = new Map<string, Planner>();
  const directional = new Map<string, DirectionalPlanner>();
  /** The land grid's walls without its costs, rebuilt when the land grid changes. */
  let plain: { source: Grid; version: number; grid: Grid } | undefined;
  const plainGrid = (): Grid => {
    const source = pathfinding.grid!;
    if (!plain || plain.source !== source || plain.version !== source.version) {
      plain = { source, version: source.version, grid: Grid.fromPredicate(source.width, source.height, (x, y) => source.isBlocked(x, y)) };
    }
    return plain.grid;
  };
  let batch: Batch | undefined;

  const finishBatch = (b: Batch): void => {
    const found = b.moves.filter((m) => m.path !== undefined);
    const status = found.length === b.moves.length ? 'found' : found.length === 0 ? (b.moves[0]?.failure ?? 'failed') : `${found.length} of ${b.moves.length} found`;
    const length = found.reduce((sum, m) => sum + m.path!.length, 0) / Math.max(1, found.length);
    const stats: PlanStats = { planner: b.planner, unit: b.label, status, timeMs: b.timeMs, length: found.length > 0 ? length : Infinity, expanded: b.expanded };
    for (const l of listeners) l(stats);
  };

  return {
    // The map has tile costs: orders need a planner that takes them.
    isAvailable: (id) => id.startsWith('directional') || plannerEntry(id)?.traits.tileCosts === true,

    addUnit(sprite, kind) {
      const moves = kind.water ? WATER : undefined;
      classOf.set(sprite, moves);
      const profile: PathfindingProfile = {
        speed: kind.speed * TILE_SIZE,
        acceleration: kind.speed * ACCELERATION_PER_SPEED * TILE_SIZE,
        width: kind.radius * 2 * TILE_SIZE,
        turningRadius: kind.turningRadius * TILE_SIZE,
        reverse: kind.reverse,
        ...(moves ? { moves } : {}),
      };
      pathfinding.addUnit(sprite, profile);
    },

    moveTo(sprites, x, y, plannerId, label) {
      if (!sprites.every((s) => classOf.has(s))) throw new Error('moveTo: not a unit');
      const planner = plannerId === 'directional-full' ? 'directional' : plannerId;
      const moves = pathfinding.moveTo(sprites, x, y, { planner, nearest: true });
      if (!batch || batch.planner !== plannerId || batch.moves.every((m) => m.state !== 'planning')) {
        batch = { planner: plannerId, label, moves: [], timeMs: 0, expanded: 0, fresh: true };
      }
      batch.moves.push(...moves);
      if (batch.moves.length > 1) (batch as { label: string }).label = `${batch.moves.length} units`;
      return moves;
    },

    tilesChanged(x, y) {
      // Every movement class's grid re-reads the tile.
      pathfinding.refresh({ x, y, width: 1, height: 1 });
    },

    setDebug(on) {
      // The blocked cells drawn are the land units' (the default class's).
      pathfinding.debug(on ? { expanded: true } : false);
    },

    compare(from, to) {
      const grid = plainGrid();
      const entries: CompareEntry[] = [];
      for (const p of PLANNERS) {
        const t0 = performance.now();
        if (p.id.startsWith('directional')) {
          const tank = UNIT_KINDS.tank;
          const key = `${tank.turningRadius}`;
          let planner = directional.get(key);
          if (!planner || planner.grid !== grid) {
            planner = new DirectionalPlanner(grid, { turningRadius: tank.turningRadius, width: tank.radius * 2, reverse: tank.reverse });
            directional.set(key, planner);
          }
          const start = { x: from.x, y: from.y, heading: Math.atan2(to.y - from.y, to.x - from.x) };
          const r = planner.findPath(start, to, { mode: p.id === 'directional-hybrid' ? 'hybrid' : 'full' });
          entries.push({
            planner: p.id, unit: 'tank', status: r.status, timeMs: performance.now() - t0, length: r.length, expanded: r.expanded,
            points: r.status === 'found' ? pathPoints(r.segments) : [],
          });
        } else if (plannerEntry(p.id)) {
          let planner = comparePlanners.get(p.id);
          if (!planner || planner.grid !== grid) {
            planner = createPlanner(p.id, grid);
            comparePlanners.set(p.id, planner);
          }
          const r = planner.findPath(from.x, from.y, to.x, to.y);
          entries.push({ planner: p.id, unit: 'point', status: r.status, timeMs: performance.now() - t0, length: r.length, expanded: r.expanded, points: r.points });
        }
      }
      return entries;
    },

    currentPath(sprite) {
      if (!classOf.has(sprite)) return undefined;
      for (const info of pathfinding.navigatorOf(classOf.get(sprite))?.unitInfos() ?? []) {
        if (info.unit !== sprite) continue;
        if (!info.path || !info.move || info.move.ended) return undefined;
        return pathPoints(info.path.split(Math.min(info.distance, info.path.length))[1]);
      }
      return undefined;
    },

    onPlan: (listener) => void listeners.push(listener),

    update() {
      if (!batch) return;
      if (batch.fresh) {
        batch.fresh = false;
        return;
      }
      // The plugin planned last frame after this scene's update: count that frame's work.
      batch.timeMs += pathfinding.lastFrame.milliseconds;
      batch.expanded += pathfinding.lastFrame.expansions;
      if (batch.moves.every((m) => m.state !== 'planning')) {
        finishBatch(batch);
        batch = undefined;
      }
    },
  };
}

/** A path as points (tile units): the ends of its lines, and points every {@link ARC_STEP} along its arcs. */
function pathPoints(path: SegmentPath): Point[] {
  const points: Point[] = [];
  let at = 0;
  for (const seg of path.segments) {
    if (points.length === 0) points.push({ x: seg.x, y: seg.y });
    if (seg.kind === 'arc') {
      for (let d = ARC_STEP; d < seg.length; d += ARC_STEP) {
        const pose = path.sample(at + d);
        points.push({ x: pose.x, y: pose.y });
      }
    }
    const end = segmentEnd(seg);
    points.push({ x: end.x, y: end.y });
    at += seg.length;
  }
  return points;
}
