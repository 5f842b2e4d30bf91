/**
 * The one module where the demo talks to Headway. Land units move through the plugin mapped to
 * `this.pathfinding`, whose grid is the layer's collision set; ships through a second instance,
 * `this.seaways`, whose grid blocks everything but water (the `blocked` predicate on the tiles'
 * `water` property). The comparison view calls the planners directly on the land grid.
 */
import type * as Phaser from 'phaser';
import { createPlanner, plannerNames, type Planner, type Point } from '../src/core.js';
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
  /** Sends a unit to a world point (pixels); `label` names it in the stats. */
  moveTo(sprite: Phaser.GameObjects.Sprite, x: number, y: number, plannerId: string, label: string): Order;
  /** Makes a tile edit reach the grids now rather than next frame. */
  tilesChanged(x: number, y: number): void;
  setDebug(on: boolean): void;
  /** Every planner's path between two points (tile units): a point unit, and a tank for the directional ones. */
  compare(from: Point, to: Point): CompareEntry[];
  /** The rest of the path a unit is driving, tile units, or undefined when it has none. */
  currentPath(sprite: Phaser.GameObjects.Sprite): Point[] | undefined;
  /** Called with the stats of every order once all its units have a path (or failed). */
  onPlan(listener: (stats: PlanStats) => void): void;
  /** Once a frame, before the plugins' own update. */
  update(): void;
}

/** The plugin instances the game config installs: land and sea, each with its own grid. */
export const PATHING_PLUGINS: Phaser.Types.Core.PluginObjectItem[] = [
  { key: 'PathfindingPlugin', plugin: PathfindingPlugin, mapping: 'pathfinding' },
  { key: 'SeawaysPlugin', plugin: PathfindingPlugin, mapping: 'seaways' },
];

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
  /** Made this frame: the plugins' last-frame numbers are not its work yet. */
  fresh: boolean;
}

export function createPathing(scene: Phaser.Scene, layer: Phaser.Tilemaps.TilemapLayer): Pathing {
  const mapped = scene as unknown as Record<'pathfinding' | 'seaways', PathfindingPlugin>;
  const land = mapped.pathfinding;
  const sea = mapped.seaways;
  land.useTilemap(layer);
  sea.useTilemap(layer, { collision: false, blocked: (tile) => tile?.properties?.water !== true });
  const pluginOf = new Map<Phaser.GameObjects.Sprite, PathfindingPlugin>();
  const listeners: ((stats: PlanStats) => void)[] = [];
  const comparePlanners = new Map<string, Planner>();
  const directional = new Map<string, DirectionalPlanner>();
  let batch: Batch | undefined;

  const finishBatch = (b: Batch): void => {
    const found = b.moves.filter((m) => m.path !== undefined);
    const status = found.length === b.moves.length ? 'found' : found.length === 0 ? (b.moves[0]?.failure ?? 'failed') : `${found.length} of ${b.moves.length} found`;
    const length = found.reduce((sum, m) => sum + m.path!.length, 0) / Math.max(1, found.length);
    const stats: PlanStats = { planner: b.planner, unit: b.label, status, timeMs: b.timeMs, length: found.length > 0 ? length : Infinity, expanded: b.expanded };
    for (const l of listeners) l(stats);
  };

  return {
    isAvailable: (id) => id.startsWith('directional') || plannerNames().includes(id),

    addUnit(sprite, kind) {
      const plugin = kind.water ? sea : land;
      pluginOf.set(sprite, plugin);
      const profile: PathfindingProfile = {
        speed: kind.speed * TILE_SIZE,
        acceleration: kind.speed * ACCELERATION_PER_SPEED * TILE_SIZE,
        width: kind.radius * 2 * TILE_SIZE,
        turningRadius: kind.turningRadius * TILE_SIZE,
        reverse: kind.reverse,
      };
      plugin.addUnit(sprite, profile);
    },

    moveTo(sprite, x, y, plannerId, label) {
      const plugin = pluginOf.get(sprite);
      if (!plugin) throw new Error('moveTo: not a unit');
      const planner = plannerId === 'directional-full' ? 'directional' : plannerId;
      const move = plugin.moveTo(sprite, x, y, { planner, nearest: true });
      if (!batch || batch.planner !== plannerId || batch.moves.every((m) => m.state !== 'planning')) {
        batch = { planner: plannerId, label, moves: [], timeMs: 0, expanded: 0, fresh: true };
      }
      batch.moves.push(move);
      if (batch.moves.length > 1) (batch as { label: string }).label = `${batch.moves.length} units`;
      return move;
    },

    tilesChanged(x, y) {
      const area = { x, y, width: 1, height: 1 };
      land.refresh(area);
      sea.refresh(area);
    },

    setDebug(on) {
      land.debug(on ? { expanded: true } : false);
      // The sea grid's blocked cells are all the land: drawing them would hide the map.
      sea.debug(on ? { cells: false, expanded: true } : false);
    },

    compare(from, to) {
      const grid = land.grid!;
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
        } else if (plannerNames().includes(p.id)) {
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
      const plugin = pluginOf.get(sprite);
      for (const info of plugin?.navigator?.unitInfos() ?? []) {
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
      // The plugins planned last frame after this scene's update: count that frame's work.
      for (const plugin of [land, sea]) {
        batch.timeMs += plugin.lastFrame.milliseconds;
        batch.expanded += plugin.lastFrame.expansions;
      }
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
