/**
 * The Phaser 4 scene plugin: tilemap layers become the grid, sprites become units that plan and
 * drive their own paths. The only part of Headway that touches Phaser.
 */
import Phaser from 'phaser';
import type { Grid, GridArea } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { frameForHeading } from './frames.js';
import { Move } from '../follow/move.js';
import { Navigator, type MoveOptions, type NavigatorDebugInfo } from '../follow/navigator.js';
import { DEFAULT_PLAN_BUDGET, type PlanBudget, type PlanFrameStats, type PlanQueue } from '../follow/plan-queue.js';
import { DEFAULT_MOVEMENT_CLASS } from '../follow/movement-grids.js';
import type { Pose } from '../curves/segment.js';
import type { SegmentPath } from '../curves/segment-path.js';
import type { PathQueryResult, PathQueryStatus } from '../follow/path-query.js';
import type { TerrainSpeed } from '../follow/terrain-speed.js';
import { resolveProfile, type UnitProfile } from '../unit/profile.js';
import { DebugDraw, type DebugOptions } from './debug-draw.js';
import { TilemapGrid, type PathfindingLayer, type TilemapOptions } from './tilemap-grid.js';
import type { AvoidanceOptions } from '../follow/crowd-steering.js';
import { loadMoveTables, type MoveTablesInfo } from '../directional/move-tables.js';
import { restateReason, type CallerUnits } from '../follow/caller-units.js';
import type { PlanWorkerClient } from '../worker/client.js';
import { planWorkerFor, type PlanWorkerOption } from '../worker/worker-option.js';

/** Options of `useTilemap`: the map's grids, and how its units share the ground. */
export interface PathfindingMapOptions extends TilemapOptions {
  /**
   * Units see each other (default true): units that turn on the spot steer around each other and
   * come back to their paths, units with a turning radius brake and wait for whoever is in their
   * way, idle units step aside. `false` drives every unit as if alone; a unit's profile can leave
   * it out with `avoid: false`. Units of different movement classes do not see each other.
   */
  avoidance?: boolean | AvoidanceOptions;
  /**
   * Plan the routes of units with a turning radius in a Web Worker, off the main thread: a crowd
   * of tanks ordered at once then costs the frame nothing, and infantry keep the whole budget.
   * `'auto'` (default) starts Headway's own worker (bundled in, nothing to configure) when the
   * first vehicle is added or ordered, where the browser has workers; `true` starts it with the
   * map; a number starts a pool of that many; a function returns a Worker of the game's own;
   * `false` plans on the main thread. Orders given while the worker loads, and the plans of a
   * worker that fails, are made on the main thread. See docs/plugin.md.
   */
  worker?: PlanWorkerOption;
}

/** A game object the plugin can move: anything with a position and a rotation (sprites, images, containers). */
export type PathfindingUnit = Phaser.GameObjects.GameObject & {
  x: number;
  y: number;
  rotation: number;
  setFrame?: (frame: string | number) => unknown;
};

/**
 * How a unit moves and looks: the fields of {@link UnitProfile} (documented there, with their
 * limits) in world units, plus how the sprite shows its heading. Lengths are pixels and are
 * converted to tiles with the tile width (for non-square tiles, speeds along y scale with the
 * tile height): `speed` (pixels per second), `acceleration`, `deceleration` and
 * `lateralAcceleration` (pixels per second²), `width`, `length` and `turningRadius` (pixels).
 * The other fields (`slowAtCorners`, `reverse`, `reverseCost`, `turnPenalty`) pass unchanged.
 * `moves` names the unit's movement class (see `TilemapOptions.classes`).
 *
 * @example
 * ```ts
 * this.pathfinding.addUnit(tank, { speed: 90, turningRadius: 64, width: 28, length: 40, reverse: true, turnPenalty: 0.5 });
 * this.pathfinding.addUnit(ship, { speed: 60, turningRadius: 96, moves: 'water' });
 * ```
 */
export interface PathfindingProfile extends Omit<UnitProfile, 'speed'> {
  /** Top speed, pixels per second; required. */
  speed: number;
  /**
   * The unit's movement class: the ground it plans and drives on, one of the names of
   * `useTilemap`'s `classes`, or `default` (the collision flags). Default `default`. A unit's
   * own, not an order's: `moveTo` refuses it (status `invalid`); `addUnit` again changes it
   * (cancelling the move in progress).
   */
  moves?: string;
  /** Added to the heading to get the sprite's rotation (art drawn facing up: π/2). Default 0. */
  rotationOffset?: number;
  /** Turn the sprite to face its heading. Default true (false with `frames`). */
  rotate?: boolean;
  /**
   * Fixed-angle art: frame keys or indices in heading order, the first facing +x (right), going
   * clockwise. The frame nearest the heading is shown instead of rotating the sprite.
   */
  frames?: readonly (string | number)[];
}

/**
 * Options of one `moveTo`: profile fields override the unit's profile for this move (all but
 * `moves`, the unit's movement class, which only `addUnit` sets).
 */
export interface PathfindingMoveOptions extends Partial<Omit<PathfindingProfile, 'moves'>> {
  /** `theta` (default without a turning radius), `anya`, `astar`, ..., `directional`, or `directional-hybrid` (default with one). */
  planner?: string;
  /** Heading to end in, radians (0 = right, clockwise). */
  heading?: number;
  /** A unit already within this many pixels of the target arrives without moving. Default 0. */
  tolerance?: number;
  /** On a target outside the map, in a wall or out of reach, go to the nearest reachable point instead of failing. */
  nearest?: boolean;
}

/**
 * What one frame of the plugin cost (see `PathfindingPlugin.lastFrame`): the plan queue's run
 * (`expansions`, `milliseconds`, `finished`, `pending`) and the whole update, in milliseconds.
 */
export interface PathfindingFrameStats extends PlanFrameStats {
  /** The plugin's whole update: tile edits, planning, units reacting, the crowd, driving and the debug drawing. */
  totalMilliseconds: number;
  /** Tile edits reaching every movement class's grid and costs. */
  mapMilliseconds: number;
  /** Every class's units reacting to tile edits, seeing each other (the crowd) and driving: the navigators' updates less planning. */
  drivingMilliseconds: number;
}

/**
 * Options of a path query (`findPath`, `isReachable`): a move's options (profile fields in
 * pixels, `planner`, `heading`, `tolerance`, `nearest`), and for a query from a point the
 * movement class to plan for (`moves`, default `default`; a sprite's is its own).
 */
export interface PathfindingQueryOptions extends PathfindingMoveOptions {
  moves?: string;
}

/** The answer to a path query, in world units (see `PathfindingPlugin.findPath`). */
export interface PathfindingPath {
  /** `found`, the failure status a move with the same order would end with, or `cancelled` (the scene shut down, or the map was replaced). */
  readonly status: PathQueryStatus;
  /** Why there is no path, in pixels; undefined when found. */
  readonly reason?: string;
  /** The path's start, corners (or curve junctions) and end, world pixels; empty without a path. */
  readonly points: readonly Point[];
  /** Its length, pixels (tile widths); 0 without a path. */
  readonly length: number;
  /** Where it ends (the target, or the nearest reachable point with `nearest`), world pixels. */
  readonly goal?: Point;
  /** The whole path in tile units (arcs and lines), as `move.path` would be. */
  readonly path?: SegmentPath;
}

/** A move order of the plugin: events get the sprite and the move. */
export type PathfindingMove = Move<PathfindingUnit>;

interface UnitRecord {
  /** Empty until `addUnit`; a move's options may supply what is missing. */
  profile: Partial<PathfindingProfile>;
  /** The profile with the current move's options over it: how the sprite is turned. */
  display: Partial<PathfindingProfile>;
  /** The unit's heading in tile space, radians. */
  heading: number;
  /** Its movement class (the profile's `moves`, checked against the map when there is one). */
  moves: string;
  onDestroy: () => void;
}

/**
 * How each field of a {@link UnitProfile} goes from world units to tiles: `pixels` are divided by
 * the tile width, `same` pass unchanged. Typed over every field, so a new profile field does not
 * compile until it is listed here, and so reaches the navigator.
 */
const PROFILE_FIELDS: Readonly<Record<keyof UnitProfile, 'pixels' | 'same'>> = {
  speed: 'pixels',
  acceleration: 'pixels',
  deceleration: 'pixels',
  lateralAcceleration: 'pixels',
  slowAtCorners: 'same',
  width: 'pixels',
  length: 'pixels',
  turningRadius: 'pixels',
  reverse: 'same',
  reverseCost: 'same',
  turnPenalty: 'same',
  avoid: 'same',
  priority: 'same',
};

/** True once a game object has been destroyed: it must never be moved or written again. */
function isGone(unit: PathfindingUnit): boolean {
  return (unit as { isDestroyed?: boolean }).isDestroyed === true || !unit.scene;
}

/**
 * Why `unit` cannot be a unit at all (not a game object with a position), or undefined when it
 * can: what a caller passed by mistake is named as what it is, not as a destroyed sprite.
 */
function notAUnit(unit: unknown): string | undefined {
  const u = unit as Partial<PathfindingUnit> | null | undefined;
  if (typeof u === 'object' && u !== null && typeof u.once === 'function' && typeof u.x === 'number' && typeof u.y === 'number') return undefined;
  return `a Phaser game object with x and y, got ${describeValue(unit)}`;
}

/** A value a caller passed, as a reason names it. */
function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v !== 'object') return `${typeof v === 'undefined' ? 'undefined' : `a ${typeof v}`}${typeof v === 'number' || typeof v === 'boolean' ? ` (${String(v)})` : ''}`;
  return Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null ? 'a plain object' : `an object that is not a game object (${(v as object).constructor?.name ?? 'no class'})`;
}

/** A path query refused before it was planned: status `invalid`, the error's message as the reason. */
function invalidPath(error: unknown): PathfindingPath {
  return { status: 'invalid', reason: error instanceof Error ? error.message : String(error), points: [], length: 0 };
}

/** Why every move and query of a scene that shut down (or restarted) was cancelled. */
const SHUTDOWN_REASON = 'the scene shut down';

/** A game object as a reason names it: its name when it has one, and its type. */
function describeUnit(unit: PathfindingUnit): string {
  return unit.name ? `"${unit.name}" (${unit.type})` : `a ${unit.type || 'game object'} with no name`;
}

/**
 * Pathfinding for a scene. Install it in the game config:
 *
 * @example
 * ```ts
 * new Phaser.Game({
 *   plugins: { scene: [{ key: 'PathfindingPlugin', plugin: PathfindingPlugin, mapping: 'pathfinding' }] },
 *   scene: { create() {
 *     const layer = map.createLayer('walls', tiles)!;
 *     layer.setCollisionByProperty({ collides: true });
 *     this.pathfinding.useTilemap(layer);
 *     this.pathfinding.moveTo(hero, 400, 300, { speed: 120 }).on('arrive', () => console.log('there'));
 *   } },
 * });
 * ```
 */
export class PathfindingPlugin extends Phaser.Plugins.ScenePlugin {
  /**
   * The scene event (`this.events`) the plugin emits with each error thrown during its frame by a
   * move's listener or a tile change listener: `(error: unknown)`. The frame goes on for every
   * other unit. Without a listener for it, errors go to `console.error`.
   *
   * @example
   * ```ts
   * this.events.on(PathfindingPlugin.ERROR_EVENT, (error) => reportBug(error));
   * ```
   */
  static readonly ERROR_EVENT = 'pathfinding-error';

  private map: TilemapGrid | undefined;
  /** The navigator of the `default` class: it owns the plan queue the other classes share. */
  private nav: Navigator<PathfindingUnit> | undefined;
  /** The navigators of the other movement classes, each made on its class's first use. */
  private readonly classNavs = new Map<string, Navigator<PathfindingUnit>>();
  /** Searches each navigator had finished at the last debug drawing, and whose search finished last. */
  private readonly searchCounts = new Map<Navigator<PathfindingUnit>, number>();
  private lastSearcher: Navigator<PathfindingUnit> | undefined;
  private readonly records = new Map<PathfindingUnit, UnitRecord>();
  private budget: PlanBudget = DEFAULT_PLAN_BUDGET;
  /** The current map's avoidance option, for each navigator made for it. */
  private avoidance: boolean | AvoidanceOptions = true;
  /** The vehicles' plan worker, when the map's `worker` option asks for one. */
  private planWorker: PlanWorkerClient | undefined;
  private drawer: DebugDraw | undefined;
  private debugOptions: DebugOptions | undefined;
  private running = false;
  private stats: PathfindingFrameStats = { expansions: 0, milliseconds: 0, finished: 0, pending: 0, totalMilliseconds: 0, mapMilliseconds: 0, drivingMilliseconds: 0 };
  /** Path queries not answered yet, each settled once: by its navigator, or cancelled by a shutdown or a new map. */
  private readonly queries = new Set<(result: PathfindingPath) => void>();
  /** Orders for destroyed game objects: they fail at the next update, once listeners are attached. */
  private refused: { move: PathfindingMove; reason: string }[] = [];

  /** Phaser calls this once per scene, the hidden system scene included: it only listens for the scene starting. */
  override boot(): void {
    const events = this.systems!.events;
    events.on(Phaser.Scenes.Events.START, this.onSceneStart, this);
    events.once(Phaser.Scenes.Events.DESTROY, this.destroy, this);
    if (this.systems!.settings.active) this.onSceneStart();
  }

  /**
   * Makes tilemap layers the grid units plan on: a cell is blocked where a tile collides on any
   * of them (their collision set, e.g. from `setCollisionByProperty`) or where `options.blocked`
   * says so. Tile edits reach the grid each frame; moving units whose path runs over a changed
   * cell replan. Calling it again replaces the map and cancels every move.
   *
   * `options.classes` adds movement classes: other kinds of ground on the same tiles (ships on
   * water), each with its own grid and its own navigator, made on the class's first use; all
   * classes plan within the one budget of {@link setBudget}.
   *
   * @example
   * ```ts
   * this.pathfinding.useTilemap(layer, { classes: { water: { passable: { water: true } } } });
   * this.pathfinding.addUnit(ship, { speed: 60, turningRadius: 96, moves: 'water' });
   * this.pathfinding.moveTo(ship, 600, 200); // stays on tiles whose properties say water: true
   * ```
   *
   * `options.speed` gives tiles a speed factor in (0, 1] (a tile property such as `'speed'`, a
   * table by tile index such as `{ [FOREST]: 0.5 }`, or a function): units drive over them at
   * their top speed times it, "slow in forest".
   *
   * `options.costs` gives tiles a cost (a tile property such as `'cost'`, a table by tile index
   * such as `{ [MUD]: 4 }`, or a function): the default planners prefer cheap ground, e.g. roads
   * over grass; each class may have its own.
   *
   * A map made in code (`make.tilemap({ data })`) has no tile properties: give costs, speeds and
   * classes by index (`classes: { water: { passable: [WATER] } }`); these follow `putTileAt`.
   *
   * @throws RangeError when no layer is given or the layers' geometries differ; TypeError or
   *   RangeError naming a bad movement class, a bad `costs` or `speed` option (an unknown form, a
   *   table entry with its index and value) or a tile with a bad cost or speed factor.
   */
  useTilemap(layers: PathfindingLayer | readonly PathfindingLayer[], options: PathfindingMapOptions = {}): this {
    const avoidance = options.avoidance ?? true;
    if (typeof avoidance !== 'boolean' && (typeof avoidance !== 'object' || avoidance === null)) {
      throw new TypeError(`avoidance must be a boolean or an options object, got ${avoidance === null ? 'null' : typeof avoidance}`);
    }
    const map = new TilemapGrid(layers, options);
    const planWorker = planWorkerFor(options.worker ?? 'auto', this.planWorker, (error) => this.reportError(error));
    this.cancelQueries('the map was replaced (useTilemap)');
    this.releaseMap();
    this.planWorker = planWorker;
    this.map = map;
    this.avoidance = avoidance;
    this.nav = this.newNavigator(map.grid, undefined, map.speeds.of(DEFAULT_MOVEMENT_CLASS));
    for (const [unit, record] of this.records) {
      // A unit of a class the new map lacks stays out: its orders fail, naming the class.
      if (record.profile.speed !== undefined && map.classes.has(record.moves)) {
        this.navFor(record.moves).addUnit(unit, this.tileProfile(record.profile));
      }
    }
    return this;
  }

  /** The grid of the current map's `default` movement class (tile units), if any; see `tilemap.gridOf` for the others. */
  get grid(): TilemapGrid['grid'] | undefined {
    return this.map?.grid;
  }

  /** The current map's geometry and edit tracking, if any. */
  get tilemap(): TilemapGrid | undefined {
    return this.map;
  }

  /** Re-reads tiles now (an area in tiles, default the whole map), e.g. after editing tile data directly. */
  refresh(area?: GridArea): this {
    this.map?.refresh(area);
    return this;
  }

  /**
   * Sets the tile cost of tile (x, y) for units of movement class `moves` (default `default`),
   * over what its tiles say (`useTilemap`'s `costs`), until set again; `null` gives the cell back
   * to its tiles. Like easystar's `setAdditionalPointCost`, but the cost replaces the tiles' rather
   * than adding to it. Units whose path crosses the cell replan.
   *
   * @example
   * ```ts
   * this.pathfinding.setCost(12, 7, 5); // a crater: units go round it if that is cheaper
   * this.pathfinding.setCost(12, 7, null); // filled in again
   * ```
   * @throws Error before `useTilemap`; RangeError naming a tile outside the map, a cost that is not
   *   a number from 1 to `MAX_TILE_COST`, or an unknown class.
   */
  setCost(x: number, y: number, cost: number | null, moves?: string): this {
    if (!this.map) throw new Error('call this.pathfinding.useTilemap(layer) before setCost');
    this.map.setCost(x, y, cost, moves);
    return this;
  }

  /**
   * Sets the tile cost of every tile of index `index`, on any layer, for units of movement class
   * `moves` (default `default`), over `useTilemap`'s `costs`; `null` takes it back. Like
   * easystar's `setTileCost`. Re-reads the whole map.
   *
   * @example
   * ```ts
   * this.pathfinding.setTileCost(MUD, 4); // mud costs four times the distance
   * ```
   * @throws Error before `useTilemap`; RangeError naming a bad index, cost or class.
   */
  setTileCost(index: number, cost: number | null, moves?: string): this {
    if (!this.map) throw new Error('call this.pathfinding.useTilemap(layer) before setTileCost');
    this.map.setTileCost(index, cost, moves);
    return this;
  }

  /**
   * Gives `unit` a profile that its moves use (each `moveTo` may override fields), and its
   * movement class (`profile.moves`, default `default`). A unit given another class than it had
   * leaves its move (cancelled) and its old class.
   * @throws RangeError naming a bad field or an unknown movement class (with the map's classes);
   *   TypeError when `unit` is not a game object or is destroyed.
   */
  addUnit(unit: PathfindingUnit, profile: PathfindingProfile): this {
    const wrong = notAUnit(unit);
    if (wrong !== undefined) throw new TypeError(`addUnit expects ${wrong}`);
    if (isGone(unit)) throw new TypeError(`cannot add ${describeUnit(unit)}: it is destroyed`);
    const record = this.recordOf(unit);
    // Checked before it is kept: a refused profile must not make every later order (or the next
    // useTilemap) throw.
    const moves = this.checkMoves((profile as Partial<PathfindingProfile> | undefined)?.moves);
    const tile = this.tileProfile(profile);
    try {
      if (this.map) {
        const nav = this.navFor(moves);
        nav.addUnit(unit, tile);
        const old = this.navOf(record.moves);
        if (old !== nav) old?.removeUnit(unit, `the unit now moves as "${moves}"`);
      } else resolveProfile(tile);
    } catch (error) {
      throw this.restated(error);
    }
    record.profile = { ...profile };
    record.display = { ...profile };
    record.moves = moves;
    return this;
  }

  /**
   * The navigator of movement class `moves` (default `default`), or undefined before
   * `useTilemap` and before the class's first use.
   * @throws RangeError naming an unknown class.
   */
  navigatorOf(moves: string = DEFAULT_MOVEMENT_CLASS): Navigator<PathfindingUnit> | undefined {
    this.map?.classes.check(moves);
    return this.navOf(moves);
  }

  /** Forgets `unit` and cancels its move. Destroying the sprite does this too. */
  removeUnit(unit: PathfindingUnit): this {
    return this.forget(unit, 'the unit was removed');
  }

  private forget(unit: PathfindingUnit, reason: string): this {
    const record = this.records.get(unit);
    if (!record) return this;
    this.records.delete(unit);
    unit.off(Phaser.GameObjects.Events.DESTROY, record.onDestroy);
    this.navOf(record.moves)?.removeUnit(unit, reason);
    return this;
  }

  /**
   * Sends `unit` to a world point. Returns the move: an event emitter (`start`, `waypoint`,
   * `arrive`, `blocked`, `replan`, `fail`, `cancel`, each with the unit and the move) with a
   * `done` promise of the final status. A unit already moving replans from its current motion.
   * Bad targets (outside the map, inside a wall, out of reach) fail with `move.reason`, and the
   * unit stays where it is, unless `options.nearest` sends it to the nearest reachable point.
   * An order for a destroyed game object fails at the next update (status `invalid`, the reason
   * names it) and is never registered. So does an order with `moves`, or for a unit whose
   * movement class the map does not have.
   *
   * Given an array of units, it is a group order: each unit gets its own free slot around the
   * target that it can reach, keeping the group's arrangement where the ground allows it, and
   * the moves come back in the array's order (see `Navigator.moveGroup`). A target a single
   * order would fail on fails each unit's move the same way, or with `nearest` sends the group
   * round the nearest reachable point (`move.retargeted`, the `retarget` event, `move.goal`).
   *
   * @example
   * ```ts
   * this.pathfinding.moveTo([a, b, c], 400, 300); // three moves, three slots, no pile-up
   * ```
   * @throws Error when no tilemap is in use yet.
   */
  moveTo(unit: PathfindingUnit, x: number, y: number, options?: PathfindingMoveOptions): PathfindingMove;
  moveTo(unit: PathfindingUnit, target: Readonly<Point>, options?: PathfindingMoveOptions): PathfindingMove;
  moveTo(units: readonly PathfindingUnit[], x: number, y: number, options?: PathfindingMoveOptions): PathfindingMove[];
  moveTo(units: readonly PathfindingUnit[], target: Readonly<Point>, options?: PathfindingMoveOptions): PathfindingMove[];
  moveTo(
    unit: PathfindingUnit | readonly PathfindingUnit[],
    xOrTarget: number | Readonly<Point>,
    yOrOptions?: number | PathfindingMoveOptions,
    maybeOptions?: PathfindingMoveOptions,
  ): PathfindingMove | PathfindingMove[] {
    const map = this.map;
    if (!this.nav || !map) throw new Error('call this.pathfinding.useTilemap(layer) before moveTo');
    const target = typeof xOrTarget === 'number' ? { x: xOrTarget, y: Number(yOrOptions) } : { x: xOrTarget?.x, y: xOrTarget?.y };
    const options = (typeof xOrTarget === 'number' ? maybeOptions : (yOrOptions as PathfindingMoveOptions | undefined)) ?? {};
    if (Array.isArray(unit)) return this.moveGroup(unit, target, options);
    return this.moveOne(unit as PathfindingUnit, target, options);
  }

  /** A group order: the units of each movement class go as one group of that class's navigator. */
  private moveGroup(units: readonly PathfindingUnit[], target: { x: unknown; y: unknown }, options: PathfindingMoveOptions): PathfindingMove[] {
    const map = this.map!;
    const moves = new Map<PathfindingUnit, PathfindingMove>();
    const groups = new Map<string, PathfindingUnit[]>();
    const grouped = new Set<PathfindingUnit>();
    for (const unit of units) {
      if (moves.has(unit) || grouped.has(unit)) continue;
      const record = this.checkUnit(unit, target, options);
      if (record instanceof Move) {
        moves.set(unit, record);
        continue;
      }
      const nav = this.navFor(record.moves);
      if (!nav.has(unit) && record.profile.speed !== undefined) nav.addUnit(unit, this.tileProfile(record.profile));
      record.display = { ...record.profile, ...options };
      const group = groups.get(record.moves) ?? [];
      groups.set(record.moves, group);
      group.push(unit);
      grouped.add(unit);
    }
    const goal = map.toTile(Number(target.x), Number(target.y));
    const tileOptions = this.tileOptions(options);
    for (const [className, group] of groups) {
      const made = this.navFor(className).moveGroup(group, goal, tileOptions, { x: Number(target.x), y: Number(target.y) });
      group.forEach((u, i) => moves.set(u, made[i]!));
    }
    return units.map((u) => moves.get(u)!);
  }

  /** One unit's order. */
  private moveOne(unit: PathfindingUnit, target: { x: unknown; y: unknown }, options: PathfindingMoveOptions): PathfindingMove {
    const map = this.map!;
    const record = this.checkUnit(unit, target, options);
    if (record instanceof Move) return record;
    const nav = this.navFor(record.moves);
    if (!nav.has(unit) && record.profile.speed !== undefined) nav.addUnit(unit, this.tileProfile(record.profile));
    const goal = map.toTile(Number(target.x), Number(target.y));
    record.display = { ...record.profile, ...options };
    return nav.moveTo(unit, goal, this.tileOptions(options), { x: Number(target.x), y: Number(target.y) });
  }

  /** The unit's record, or the refused move of an order the unit cannot take. */
  private checkUnit(unit: PathfindingUnit, target: { x?: unknown; y?: unknown }, options: PathfindingMoveOptions): UnitRecord | PathfindingMove {
    const map = this.map!;
    const wrong = notAUnit(unit);
    if (wrong !== undefined) return this.refuse(unit, target, `moveTo expects ${wrong}`);
    if (isGone(unit)) {
      return this.refuse(unit, target, `${describeUnit(unit)} is destroyed: a destroyed game object cannot move`);
    }
    const record = this.recordOf(unit);
    const orderMoves = (options as { moves?: unknown }).moves;
    if (orderMoves !== undefined) {
      this.navOf(record.moves)?.stop(unit);
      return this.refuse(unit, target, `moves is a unit's own, not an order's: give it to addUnit (got ${JSON.stringify(orderMoves) ?? typeof orderMoves})`);
    }
    if (!map.classes.has(record.moves)) {
      return this.refuse(unit, target, `${describeUnit(unit)} moves as unknown movement class "${record.moves}" (the map has ${map.classes.names.map((n) => `"${n}"`).join(', ')})`);
    }
    return record;
  }

  /** An order's options in tiles. */
  private tileOptions(options: PathfindingMoveOptions): MoveOptions {
    const map = this.map!;
    const tileOptions: MoveOptions = { ...this.tileProfile(options) };
    if (options.planner !== undefined) tileOptions.planner = options.planner;
    // Values that are not numbers go through as they are, for the navigator to refuse by name.
    if (options.heading !== undefined) tileOptions.heading = typeof options.heading === 'number' ? this.tileHeading(options.heading) : options.heading;
    if (options.tolerance !== undefined) {
      tileOptions.tolerance = typeof options.tolerance === 'number' ? options.tolerance / map.tileWidth : options.tolerance;
    }
    if (options.nearest !== undefined) tileOptions.nearest = options.nearest;
    return tileOptions;
  }

  /**
   * The path a unit would take to a world point, or why there is none, without moving anything:
   * planned like a `moveTo` (the same planners, checks and statuses: `found`, `no-path`,
   * `goal-blocked`, ...), spread over frames within the one {@link setBudget} budget, so the
   * promise resolves during a later frame. `from` is a sprite (from where it is, with its profile
   * under `options`, on its movement class) or a world point `{ x, y, heading? }` with the profile
   * in `options` (`speed` not needed; `moves` picks the class). Never rejects: bad input resolves
   * with status `invalid`; a scene shutdown, or a new `useTilemap`, with `cancelled`.
   *
   * @example
   * ```ts
   * const route = await this.pathfinding.findPath(tank, 600, 400);
   * if (route.status === 'found') graphics.strokePoints(route.points);
   * ```
   */
  findPath(from: PathfindingUnit | Readonly<Point>, x: number, y: number, options?: PathfindingQueryOptions): Promise<PathfindingPath>;
  findPath(from: PathfindingUnit | Readonly<Point>, target: Readonly<Point>, options?: PathfindingQueryOptions): Promise<PathfindingPath>;
  findPath(
    from: PathfindingUnit | Readonly<Point>,
    xOrTarget: number | Readonly<Point>,
    yOrOptions?: number | PathfindingQueryOptions,
    maybeOptions?: PathfindingQueryOptions,
  ): Promise<PathfindingPath> {
    const target = typeof xOrTarget === 'number' ? { x: xOrTarget, y: Number(yOrOptions) } : { x: xOrTarget?.x, y: xOrTarget?.y };
    const options = (typeof xOrTarget === 'number' ? maybeOptions : (yOrOptions as PathfindingQueryOptions | undefined)) ?? {};
    return new Promise<PathfindingPath>((resolve) => {
      let settled = false;
      const settle = (result: PathfindingPath): void => {
        if (settled) return;
        settled = true;
        this.queries.delete(settle);
        resolve(result);
      };
      this.queries.add(settle);
      try {
        this.askPath(from, target, options).then((result) => settle(this.worldPath(result)), (error: unknown) => settle(invalidPath(error)));
      } catch (error) {
        settle(invalidPath(error));
      }
    });
  }

  /**
   * True when a unit could get to a world point: {@link findPath}'s status is `found` (false for
   * every other status, `cancelled` included).
   *
   * @example
   * ```ts
   * if (await this.pathfinding.isReachable(ship, 600, 200)) this.pathfinding.moveTo(ship, 600, 200);
   * ```
   */
  isReachable(from: PathfindingUnit | Readonly<Point>, x: number, y: number, options?: PathfindingQueryOptions): Promise<boolean>;
  isReachable(from: PathfindingUnit | Readonly<Point>, target: Readonly<Point>, options?: PathfindingQueryOptions): Promise<boolean>;
  isReachable(from: PathfindingUnit | Readonly<Point>, xOrTarget: number | Readonly<Point>, yOrOptions?: number | PathfindingQueryOptions, maybeOptions?: PathfindingQueryOptions): Promise<boolean> {
    const query = typeof xOrTarget === 'number' ? this.findPath(from, xOrTarget, Number(yOrOptions), maybeOptions) : this.findPath(from, xOrTarget, yOrOptions as PathfindingQueryOptions | undefined);
    return query.then((result) => result.status === 'found');
  }

  /**
   * A path query of the navigator of the unit's (or the options') class, in tiles.
   * @throws what a bad query is: the caller answers `invalid` with it.
   */
  private askPath(from: PathfindingUnit | Readonly<Point>, target: { x: unknown; y: unknown }, options: PathfindingQueryOptions): Promise<PathQueryResult> {
    const map = this.map;
    if (!this.nav || !map) throw new Error('call this.pathfinding.useTilemap(layer) before findPath');
    if (typeof options !== 'object' || options === null) throw new TypeError(`query options must be an object, got ${describeValue(options)}`);
    const goal = map.toTile(Number(target.x), Number(target.y));
    const { moves, ...rest } = options;
    const tileOptions = this.tileOptions(rest);
    if (notAUnit(from) === undefined) {
      const unit = from as PathfindingUnit;
      if (isGone(unit)) throw new TypeError(`${describeUnit(unit)} is destroyed: a destroyed game object has no path`);
      if (moves !== undefined) throw new RangeError(`moves is a unit's own, not a query's: give it to addUnit (got ${JSON.stringify(moves) ?? typeof moves})`);
      const record = this.records.get(unit);
      const nav = this.navFor(this.checkMoves(record?.moves));
      if (nav.has(unit)) return nav.findPath(unit, goal, tileOptions);
      // A sprite that is no unit yet: from where it stands, with the options as its profile.
      return nav.findPath(this.readPose(unit), goal, { ...this.tileProfile(record?.profile ?? {}), ...tileOptions });
    }
    const point = from as Partial<Pose> | null | undefined;
    const heading = point?.heading;
    const start = typeof point === 'object' && point !== null ? { ...map.toTile(Number(point.x), Number(point.y)), heading: typeof heading === 'number' ? this.tileHeading(heading) : (heading ?? 0) } : point;
    return this.navFor(this.checkMoves(moves)).findPath(start as Pose, goal, tileOptions);
  }

  /** A navigator's answer (tiles) in world units; its reason is already in pixels. */
  private worldPath(result: PathQueryResult): PathfindingPath {
    const map = this.map;
    if (!map || result.status !== 'found') return { status: result.status, points: [], length: 0, ...(result.reason === undefined ? {} : { reason: result.reason }) };
    return {
      status: 'found',
      points: result.points.map((p) => map.toWorld(p.x, p.y)),
      length: result.length * map.tileWidth,
      ...(result.goal ? { goal: map.toWorld(result.goal.x, result.goal.y) } : {}),
      ...(result.path ? { path: result.path } : {}),
    };
  }

  /** Answers every pending path query `cancelled` with `reason`. */
  private cancelQueries(reason: string): void {
    for (const settle of [...this.queries]) settle({ status: 'cancelled', reason, points: [], length: 0 });
  }

  /** Stops `unit` (braking if it can) and cancels its move. */
  halt(unit: PathfindingUnit): this {
    const record = this.records.get(unit);
    if (record) this.navOf(record.moves)?.stop(unit);
    return this;
  }

  /**
   * Caps the planning done per frame: requests queue and resume next frame. One budget for the
   * whole plugin, shared by every movement class.
   * @throws RangeError when a limit is not a number > 0.
   */
  setBudget(budget: PlanBudget): this {
    this.nav?.setBudget(budget);
    this.budget = { ...budget };
    return this;
  }

  /**
   * Loads move tables shipped with the game (made by `headway tables` or `exportMoveTables`): the
   * units whose profile they were made for then plan their first order without building them.
   * Load them in `create`, from a file loaded as binary in `preload`.
   *
   * @example
   * ```ts
   * preload() { this.load.binary('tank-moves', 'assets/tank.hwmt'); }
   * create() { this.pathfinding.loadMoveTables(this.cache.binary.get('tank-moves')); }
   * ```
   * @throws RangeError naming what is wrong with bytes that are not a move-tables file; TypeError
   *   when `bytes` is not a Uint8Array or an ArrayBuffer.
   */
  loadMoveTables(bytes: Uint8Array | ArrayBuffer): MoveTablesInfo {
    return loadMoveTables(bytes);
  }

  /**
   * What the plugin's last frame cost: planning (`expansions`, `milliseconds`, `finished` and
   * `pending` requests), and the whole update (`totalMilliseconds`), of which tile edits reaching
   * the grids (`mapMilliseconds`) and units reacting to them, the crowd and driving
   * (`drivingMilliseconds`). For a game's own frame meter.
   *
   * @example
   * ```ts
   * const f = this.pathfinding.lastFrame;
   * text.setText(`pathfinding ${f.totalMilliseconds.toFixed(1)} ms (planning ${f.milliseconds.toFixed(1)})`);
   * ```
   */
  get lastFrame(): Readonly<PathfindingFrameStats> {
    return this.stats;
  }

  /**
   * Draws blocked cells, each unit's path (arcs as arcs) and footprint, and optionally the nodes
   * the last search expanded. `debug(false)` removes the drawing. The cells are the `default`
   * class's; `moves` names another movement class's (`debug({ moves: 'water' })` shades what
   * blocks ships). Calling it again replaces the options.
   *
   * @throws TypeError when the argument is not a boolean or an object, or `moves` is not a
   *   string; RangeError naming an unknown class of the map
   *   in use (the drawing stays as it was). On a map without the class, the frame reports it once
   *   as {@link ERROR_EVENT} and draws no cells.
   */
  debug(enabled: boolean | DebugOptions = true): this {
    if (typeof enabled !== 'boolean' && (typeof enabled !== 'object' || enabled === null || Array.isArray(enabled))) {
      throw new TypeError(`debug takes true, false or an options object, got ${enabled === null ? 'null' : Array.isArray(enabled) ? 'an array' : typeof enabled}`);
    }
    const moves = typeof enabled === 'object' ? enabled.moves : undefined;
    if (moves !== undefined) {
      if (typeof moves !== 'string') throw new TypeError(`debug: moves must be a movement class name, got ${moves === null ? 'null' : typeof moves}`);
      this.map?.classes.check(moves);
    }
    this.drawer?.destroy();
    this.drawer = undefined;
    this.debugOptions = enabled === false ? undefined : enabled === true ? {} : enabled;
    return this;
  }

  /**
   * The navigator behind the plugin's `default` class (tile units), for inspection; see
   * {@link navigatorOf} for the other movement classes.
   */
  get navigator(): Navigator<PathfindingUnit> | undefined {
    return this.nav;
  }

  override destroy(): void {
    this.onSceneShutdown();
    this.systems?.events.off(Phaser.Scenes.Events.START, this.onSceneStart, this);
    super.destroy();
  }

  private onSceneStart(): void {
    if (this.running) return;
    this.running = true;
    const events = this.systems!.events;
    events.on(Phaser.Scenes.Events.POST_UPDATE, this.update, this);
    events.once(Phaser.Scenes.Events.SHUTDOWN, this.onSceneShutdown, this);
  }

  /** Scene shutdown or restart: drop every unit, move, listener and drawing. */
  private onSceneShutdown(): void {
    if (!this.running) return;
    this.running = false;
    const events = this.systems?.events;
    events?.off(Phaser.Scenes.Events.POST_UPDATE, this.update, this);
    events?.off(Phaser.Scenes.Events.SHUTDOWN, this.onSceneShutdown, this);
    for (const unit of [...this.records.keys()]) this.forget(unit, SHUTDOWN_REASON);
    for (const { move } of this.refused.splice(0)) move.cancel(SHUTDOWN_REASON);
    this.cancelQueries(SHUTDOWN_REASON);
    this.releaseMap();
    this.planWorker?.destroy();
    this.planWorker = undefined;
    this.drawer?.destroy();
    this.drawer = undefined;
    this.debugOptions = undefined;
  }

  /** True while the scene shuts down or is destroyed (its status is set before its events go out). */
  private closing(): boolean {
    const status = this.systems?.settings.status;
    return status === Phaser.Scenes.SHUTDOWN || status === Phaser.Scenes.DESTROYED;
  }

  /** A core error (tiles) as the caller reads it: in pixels, rounded; the same class of error. */
  private restated(error: unknown): unknown {
    if (!(error instanceof Error)) return error;
    const message = restateReason(error.message, this.worldUnits());
    if (message === error.message) return error;
    const Kind = error instanceof TypeError ? TypeError : error instanceof RangeError ? RangeError : Error;
    return new Kind(message, { cause: error });
  }

  /** The plugin's units for reasons: world pixels of the current map (before one, lengths pass unconverted). */
  private worldUnits(): CallerUnits {
    const map = this.map;
    if (!map) return { toWorld: (x, y) => ({ x, y }), perTile: 1, point: 'pixel', length: 'px' };
    return { toWorld: (x, y) => map.toWorld(x, y), perTile: map.tileWidth, point: 'pixel', length: 'px' };
  }

  private releaseMap(): void {
    // The default navigator last: it owns the plan queue the others share.
    for (const nav of this.classNavs.values()) nav.destroy();
    this.classNavs.clear();
    this.searchCounts.clear();
    this.lastSearcher = undefined;
    this.nav?.destroy();
    this.nav = undefined;
    this.map?.destroy();
    this.map = undefined;
  }

  /**
   * One frame. Never throws: what goes wrong is reported (see {@link ERROR_EVENT}) and the frame
   * goes on. A unit whose planning or driving throws fails its own move with status `error`.
   */
  private update(_time: number, delta: number): void {
    const begun = performance.now();
    for (const { move, reason } of this.refused.splice(0)) this.guarded(() => move.end('failed', reason, 'invalid'));
    const nav = this.nav;
    const map = this.map;
    if (!nav || !map) return;
    // A game object destroyed without its destroy event reaching us (its listeners were removed)
    // must not be written to again.
    for (const unit of this.records.keys()) {
      if (isGone(unit)) this.guarded(() => this.forget(unit, `${describeUnit(unit)} was destroyed`));
    }
    // A tile change listener of the game may throw from the grid change the edits make.
    const flushed = performance.now();
    this.guarded(() => map.flush());
    const navigating = performance.now();
    // The other classes react and drive first; the default navigator then runs the shared queue
    // once, for every class (their units set off the frame after their plan is found).
    for (const classNav of this.classNavs.values()) this.guarded(() => classNav.update(delta / 1000));
    let planning: PlanFrameStats = { expansions: 0, milliseconds: 0, finished: 0, pending: 0 };
    this.guarded(() => {
      planning = { ...nav.update(delta / 1000) };
    });
    const navigated = performance.now();
    const debugOptions = this.debugOptions;
    if (debugOptions) {
      this.guarded(() => {
        this.drawer ??= new DebugDraw(this.scene!, debugOptions);
        this.drawer.draw(map, this.debugInfo(nav, debugOptions.expanded === true));
      });
    }
    this.stats = {
      ...planning,
      totalMilliseconds: performance.now() - begun,
      mapMilliseconds: navigating - flushed,
      // The navigators' updates less the queue's run, which they hold.
      drivingMilliseconds: Math.max(0, navigated - navigating - planning.milliseconds),
    };
  }

  /** One debug snapshot of every class's navigator: all units, and the search that finished last. */
  private debugInfo(nav: Navigator<PathfindingUnit>, expanded: boolean): NavigatorDebugInfo<PathfindingUnit> {
    const navs = [nav, ...this.classNavs.values()];
    for (const n of navs) {
      const searches = n.routes.searches;
      if (searches !== (this.searchCounts.get(n) ?? 0)) this.lastSearcher = n;
      this.searchCounts.set(n, searches);
    }
    const infos = navs.map((n) => n.debugInfo({ expanded }));
    const last = infos[navs.indexOf(this.lastSearcher ?? nav)] ?? infos[0]!;
    return { units: infos.flatMap((i) => i.units), lastSearch: last.lastSearch, queued: last.queued };
  }

  private guarded(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.reportError(error);
    }
  }

  private reportErrors(errors: readonly unknown[]): void {
    for (const error of errors) this.reportError(error);
  }

  /** Sends an error to the scene's {@link ERROR_EVENT} listeners, or to the console without any. */
  private reportError(error: unknown): void {
    const events = this.systems?.events;
    if (events && events.listenerCount(PathfindingPlugin.ERROR_EVENT) > 0) {
      try {
        events.emit(PathfindingPlugin.ERROR_EVENT, error);
        return;
      } catch (thrown) {
        // The error listener itself threw: both go to the console rather than out of the frame.
        console.error(thrown);
      }
    }
    console.error(error);
  }

  private recordOf(unit: PathfindingUnit): UnitRecord {
    let record = this.records.get(unit);
    if (!record) {
      if (!unit || typeof unit.once !== 'function') throw new TypeError(`unit must be a Phaser game object, got ${String(unit)}`);
      const created: UnitRecord = {
        profile: {},
        display: {},
        heading: 0,
        moves: DEFAULT_MOVEMENT_CLASS,
        // The scene's shutdown destroys its game objects before the plugin hears of it.
        onDestroy: () => this.forget(unit, this.closing() ? SHUTDOWN_REASON : `${describeUnit(unit)} was destroyed`),
      };
      record = created;
      created.heading = this.tileHeading(unit.rotation ?? 0);
      unit.once(Phaser.GameObjects.Events.DESTROY, created.onDestroy);
      this.records.set(unit, created);
    }
    return record;
  }

  /** The navigator of a movement class, if it has been made. */
  private navOf(moves: string): Navigator<PathfindingUnit> | undefined {
    return moves === DEFAULT_MOVEMENT_CLASS ? this.nav : this.classNavs.get(moves);
  }

  /**
   * The navigator of movement class `moves`, made with the class's grid on first use. Needs a map.
   * @throws RangeError naming an unknown class.
   */
  private navFor(moves: string): Navigator<PathfindingUnit> {
    const existing = this.navOf(moves);
    if (existing) return existing;
    const grid = this.map!.gridOf(moves);
    const nav = this.newNavigator(grid, this.nav!.queue, this.map!.speeds.of(moves));
    this.classNavs.set(moves, nav);
    return nav;
  }

  /** A navigator over `grid`: owning the plan queue (the default class), or sharing `queue`; driving at `terrain`'s speed factors. */
  private newNavigator(grid: Grid, queue?: PlanQueue, terrain?: TerrainSpeed): Navigator<PathfindingUnit> {
    return new Navigator(
      grid,
      { read: (u) => this.readPose(u), write: (u, p) => this.writePose(u, p) },
      {
        budget: this.budget,
        onError: (error) => this.reportError(error),
        avoidance: this.avoidance,
        callerUnits: this.worldUnits(),
        toTarget: (p) => this.map!.toWorld(p.x, p.y),
        ...(this.planWorker ? { planWorker: this.planWorker } : {}),
        ...(queue ? { queue } : {}),
        ...(terrain ? { terrain } : {}),
      },
    );
  }

  /**
   * A profile's movement class: checked against the map's classes when there is a map, else only
   * for its type (the map that comes checks it at each order).
   * @throws TypeError when not a string; RangeError naming an unknown class.
   */
  private checkMoves(moves: unknown): string {
    if (moves === undefined) return DEFAULT_MOVEMENT_CLASS;
    if (this.map) return this.map.classes.check(moves);
    if (typeof moves !== 'string' || moves === '') throw new TypeError(`moves must be a movement class name, got ${JSON.stringify(moves) ?? typeof moves}`);
    return moves;
  }

  /** An order that never reaches a navigator: it fails with `invalid` at the next update. */
  private refuse(unit: PathfindingUnit, target: { x?: unknown; y?: unknown }, reason: string): PathfindingMove {
    const move: PathfindingMove = new Move(unit, { x: Number(target.x), y: Number(target.y) }, undefined, (errors) => this.reportErrors(errors));
    this.refused.push({ move, reason });
    return move;
  }

  /**
   * The one conversion of a profile from world units to tiles (see {@link PathfindingProfile}).
   * Values that are not numbers go through as they are, for the navigator to refuse by name, and
   * so does `turnRadius`, the old name of `turningRadius`: it is refused with the new name rather
   * than dropped (which would give a unit that turns on the spot).
   */
  private tileProfile(profile: Partial<PathfindingProfile>): UnitProfile {
    const out: Record<string, unknown> = {};
    const scale = this.map?.tileWidth ?? 1;
    for (const key of Object.keys(PROFILE_FIELDS) as (keyof UnitProfile)[]) {
      const v = profile[key];
      if (v !== undefined) out[key] = PROFILE_FIELDS[key] === 'pixels' && typeof v === 'number' ? v / scale : v;
    }
    const renamed = (profile as { turnRadius?: unknown }).turnRadius;
    if (renamed !== undefined) out['turnRadius'] = renamed;
    return out as UnitProfile;
  }

  private readPose(unit: PathfindingUnit): Pose {
    const p = this.map!.toTile(unit.x, unit.y);
    const record = this.records.get(unit);
    const profile = record?.display;
    const rotating = profile !== undefined && profile.frames === undefined && profile.rotate !== false;
    const heading = rotating ? this.tileHeading(unit.rotation - (profile.rotationOffset ?? 0)) : (record?.heading ?? 0);
    return { x: p.x, y: p.y, heading };
  }

  private writePose(unit: PathfindingUnit, pose: Readonly<Pose>): void {
    // The navigator fails the unit's move with this (status `error`) and stops driving it.
    if (isGone(unit)) throw new Error(`${describeUnit(unit)} was destroyed while moving`);
    const w = this.map!.toWorld(pose.x, pose.y);
    unit.x = w.x;
    unit.y = w.y;
    const record = this.records.get(unit);
    if (!record) return;
    record.heading = pose.heading;
    const profile = record.display;
    const heading = this.worldHeading(pose.heading);
    if (profile.frames && profile.frames.length > 0 && typeof unit.setFrame === 'function') {
      unit.setFrame(profile.frames[frameForHeading(heading, profile.frames.length)]!);
    } else if (profile.rotate !== false && !profile.frames) {
      unit.rotation = heading + (profile.rotationOffset ?? 0);
    }
  }

  /** A world heading in tile space (they differ only for non-square tiles). */
  private tileHeading(h: number): number {
    const map = this.map;
    if (!map || map.tileWidth === map.tileHeight) return h;
    return Math.atan2(Math.sin(h) / map.tileHeight, Math.cos(h) / map.tileWidth);
  }

  private worldHeading(h: number): number {
    const map = this.map;
    if (!map || map.tileWidth === map.tileHeight) return h;
    return Math.atan2(Math.sin(h) * map.tileHeight, Math.cos(h) * map.tileWidth);
  }
}

declare global {
  namespace Phaser {
    interface Scene {
      /** Headway's pathfinding, when the plugin is installed with `mapping: 'pathfinding'`. */
      pathfinding: PathfindingPlugin;
    }
  }
}
