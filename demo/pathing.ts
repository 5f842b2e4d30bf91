/**
 * The one module where the demo talks to the pathfinding library. Everything else in the demo
 * goes through {@link Pathing}.
 *
 * TEMPORARY: the Phaser plugin (src/phaser/) is not written yet, so this stands in for it with the
 * core planners and a plain polyline follower. When the plugin lands, this file becomes a thin
 * wrapper around `scene.pathfinding` and nothing else in the demo changes.
 */
import { EventEmitter } from 'eventemitter3';
import type * as Phaser from 'phaser';
import { createPlanner, Grid, lineOfSight, plannerNames, type Planner, type Point } from '../src/core.js';
import { TILE_SIZE } from './terrain.js';
import type { UnitKind } from './units.js';

/** A planner the demo offers, by the name the library knows it by. */
export interface PlannerInfo {
  readonly id: string;
  readonly label: string;
  /** The key that selects it. */
  readonly key: string;
  /** Its colour in the comparison view. */
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

/** What one planning query cost, for the stats panel. */
export interface PlanStats {
  readonly planner: string;
  readonly unit: string;
  readonly status: string;
  readonly timeMs: number;
  /** Tiles. */
  readonly length: number;
  readonly expanded: number;
}

/** One planner's answer in the comparison view. Points in tile units. */
export interface CompareEntry extends PlanStats {
  readonly points: readonly Point[];
}

/** An order in progress: emits `arrive`, `replan`, `blocked`, `fail`, `cancel`. */
export interface Order extends EventEmitter {
  readonly done: Promise<string>;
  cancel(): void;
}

export interface Pathing {
  /** True when the library offers this planner. */
  isAvailable(plannerId: string): boolean;
  addUnit(sprite: Phaser.GameObjects.Sprite, kind: UnitKind): void;
  /** Sends a unit to a world point (pixels) with the given planner. */
  moveTo(sprite: Phaser.GameObjects.Sprite, x: number, y: number, plannerId: string): Order;
  /** The nearest point (tile units) a unit of this kind may stand on, or undefined. */
  nearestFree(kind: UnitKind, x: number, y: number): Point | undefined;
  /** Call after tiles of the layer changed: units whose path crosses a new wall replan. */
  tilesChanged(): void;
  setDebug(on: boolean): void;
  /** Every available planner's path between two points (tile units) for a unit of this kind. */
  compare(from: Point, to: Point, kind: UnitKind): CompareEntry[];
  /** The path a unit is following, tile units, or undefined when it stands still. */
  currentPath(sprite: Phaser.GameObjects.Sprite): readonly Point[] | undefined;
  /** Called with the stats of every plan. */
  onPlan(listener: (stats: PlanStats) => void): void;
  update(deltaMs: number): void;
}

/** Scene plugins the game config registers (none until the plugin exists). */
export const PATHING_PLUGINS: Phaser.Types.Core.PluginObjectItem[] = [];

interface UnitState {
  sprite: Phaser.GameObjects.Sprite;
  kind: UnitKind;
  plannerId: string;
  path: Point[] | undefined;
  next: number;
  goal: Point | undefined;
  order: OrderImpl | undefined;
}

class OrderImpl extends EventEmitter implements Order {
  readonly done: Promise<string>;
  private settle!: (outcome: string) => void;
  constructor(private readonly onCancel: () => void) {
    super();
    this.done = new Promise((resolve) => (this.settle = resolve));
  }
  finish(outcome: string, ...args: unknown[]): void {
    this.emit(outcome, ...args);
    this.settle(outcome);
  }
  cancel(): void {
    this.onCancel();
  }
}

export function createPathing(scene: Phaser.Scene, layer: Phaser.Tilemaps.TilemapLayer): Pathing {
  const width = layer.layer.width;
  const height = layer.layer.height;
  const prop = (x: number, y: number, name: string): boolean => layer.getTileAt(x, y, true)?.properties?.[name] === true;
  const grids = new Map<string, Grid>();
  const planners = new Map<string, Planner>();
  const units = new Map<Phaser.GameObjects.Sprite, UnitState>();
  const listeners: ((stats: PlanStats) => void)[] = [];
  let debugGraphics: Phaser.GameObjects.Graphics | undefined;

  // A unit's grid: its terrain, with walls grown by its footprint so that its centre may touch
  // every free point of the grid without its disc overlapping a wall.
  const gridFor = (kind: UnitKind): Grid => {
    const grow = kind.radius > 0.5 ? Math.ceil(kind.radius) : 0;
    const key = `${kind.water}/${grow}`;
    let grid = grids.get(key);
    if (!grid) {
      const base = Grid.fromPredicate(width, height, (x, y) => (kind.water ? !prop(x, y, 'water') : prop(x, y, 'collides')));
      grid = Grid.fromPredicate(width, height, (x, y) => {
        for (let dy = -grow; dy <= grow; dy++) for (let dx = -grow; dx <= grow; dx++) if (base.isBlocked(x + dx, y + dy)) return true;
        return false;
      });
      grids.set(key, grid);
    }
    return grid;
  };
  const plannerFor = (id: string, kind: UnitKind): Planner => {
    const grid = gridFor(kind);
    const key = `${id}/${kind.water}/${grid.width}/${kind.radius > 0.5 ? Math.ceil(kind.radius) : 0}`;
    let planner = planners.get(key);
    if (!planner || planner.grid !== grid) {
      planner = createPlanner(plannerNames().includes(id) ? id : 'astar', grid);
      planners.set(key, planner);
    }
    return planner;
  };
  const plan = (id: string, kind: UnitKind, from: Point, to: Point): CompareEntry => {
    const planner = plannerFor(id, kind);
    const t0 = performance.now();
    const result = planner.findPath(from.x, from.y, to.x, to.y);
    const stats: CompareEntry = {
      planner: id,
      unit: kind.name,
      status: result.status,
      timeMs: performance.now() - t0,
      length: result.length,
      expanded: result.expanded,
      points: result.points,
    };
    return stats;
  };
  const tileOf = (sprite: Phaser.GameObjects.Sprite): Point => ({ x: sprite.x / TILE_SIZE, y: sprite.y / TILE_SIZE });
  const replanUnit = (u: UnitState, event: 'replan' | 'start'): void => {
    if (!u.goal) return;
    const entry = plan(u.plannerId, u.kind, tileOf(u.sprite), u.goal);
    for (const l of listeners) l(entry);
    if (entry.status !== 'found') {
      const order = u.order;
      u.path = undefined;
      u.order = undefined;
      order?.finish('fail', entry.status);
      return;
    }
    u.path = [...entry.points];
    u.next = 1;
    if (event === 'replan') u.order?.emit('replan', u.path);
  };

  return {
    isAvailable: (id) => plannerNames().includes(id),
    addUnit(sprite, kind) {
      units.set(sprite, { sprite, kind, plannerId: 'astar', path: undefined, next: 0, goal: undefined, order: undefined });
    },
    moveTo(sprite, x, y, plannerId) {
      const u = units.get(sprite);
      if (!u) throw new Error('moveTo: not a unit');
      u.order?.finish('cancel');
      const order = new OrderImpl(() => {
        if (u.order !== order) return;
        u.order = undefined;
        u.path = undefined;
        order.finish('cancel');
      });
      u.order = order;
      u.plannerId = plannerId;
      u.goal = { x: x / TILE_SIZE, y: y / TILE_SIZE };
      replanUnit(u, 'start');
      return order;
    },
    nearestFree(kind, x, y) {
      const grid = gridFor(kind);
      for (let r = 0; r < 12; r++) {
        let best: Point | undefined;
        let bestD = Infinity;
        for (let dy = -r; dy <= r; dy++) {
          for (let dx = -r; dx <= r; dx++) {
            if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
            const cx = Math.floor(x) + dx;
            const cy = Math.floor(y) + dy;
            if (grid.isBlocked(cx, cy)) continue;
            const p = r === 0 ? { x, y } : { x: cx + 0.5, y: cy + 0.5 };
            const d = Math.hypot(p.x - x, p.y - y);
            if (d < bestD) [best, bestD] = [p, d];
          }
        }
        if (best) return best;
      }
      return undefined;
    },
    tilesChanged() {
      grids.clear();
      for (const u of units.values()) {
        if (!u.path) continue;
        const grid = gridFor(u.kind);
        const here = tileOf(u.sprite);
        let clear = lineOfSight(grid, here.x, here.y, u.path[u.next]!.x, u.path[u.next]!.y);
        for (let i = u.next; clear && i + 1 < u.path.length; i++) clear = lineOfSight(grid, u.path[i]!.x, u.path[i]!.y, u.path[i + 1]!.x, u.path[i + 1]!.y);
        if (!clear) {
          u.order?.emit('blocked');
          replanUnit(u, 'replan');
        }
      }
    },
    setDebug(on) {
      if (on && !debugGraphics) debugGraphics = scene.add.graphics().setDepth(5);
      if (!on && debugGraphics) {
        debugGraphics.destroy();
        debugGraphics = undefined;
      }
    },
    compare(from, to, kind) {
      return PLANNERS.filter((p) => plannerNames().includes(p.id)).map((p) => plan(p.id, kind, from, to));
    },
    currentPath: (sprite) => units.get(sprite)?.path,
    onPlan: (listener) => void listeners.push(listener),
    update(deltaMs) {
      const dt = Math.min(deltaMs, 100) / 1000;
      debugGraphics?.clear();
      for (const u of units.values()) {
        if (!u.path) continue;
        let budget = u.kind.speed * TILE_SIZE * dt;
        while (budget > 0 && u.path) {
          const target = u.path[u.next]!;
          const tx = target.x * TILE_SIZE;
          const ty = target.y * TILE_SIZE;
          const d = Math.hypot(tx - u.sprite.x, ty - u.sprite.y);
          if (d > 1e-6) u.sprite.rotation = Math.atan2(ty - u.sprite.y, tx - u.sprite.x);
          if (d <= budget) {
            u.sprite.setPosition(tx, ty);
            budget -= d;
            if (++u.next >= u.path.length) {
              const order = u.order;
              u.path = undefined;
              u.order = undefined;
              order?.finish('arrive');
            }
          } else {
            u.sprite.setPosition(u.sprite.x + ((tx - u.sprite.x) * budget) / d, u.sprite.y + ((ty - u.sprite.y) * budget) / d);
            budget = 0;
          }
        }
        if (debugGraphics && u.path) {
          debugGraphics.lineStyle(1, 0xffffff, 0.8).beginPath().moveTo(u.sprite.x, u.sprite.y);
          for (let i = u.next; i < u.path.length; i++) debugGraphics.lineTo(u.path[i]!.x * TILE_SIZE, u.path[i]!.y * TILE_SIZE);
          debugGraphics.strokePath();
        }
      }
    },
  };
}
