/**
 * Terrain speed (issue 18, "Roads and speed"): a per-cell factor in (0, 1] on a unit's top speed,
 * "slow in forest". One {@link TerrainSpeed} holds one movement class's factors in a
 * `Float32Array`; {@link TerrainSpeeds} builds one per class from the class's rule on first use
 * and re-reads cells after tile edits. {@link terrainSpeedZones} turns the factors under a path
 * into the speed caps a {@link MotionProfile} keeps to. Phaser-free: a rule is any
 * `(x, y) => factor` function.
 */
import type { GridArea } from '../grid/grid.js';
import type { SegmentPath } from '../curves/segment-path.js';
import { eachCellPiece, type CellPieceVisitor } from '../curves/cell-pieces.js';
import type { SpeedZone } from './motion-profile.js';
import { checkClassTableSize, classFunctions } from './movement-grids.js';

/**
 * A terrain rule: the speed factor of cell (x, y), a number in (0, 1] (1: full speed; below
 * {@link MIN_SPEED_FACTOR} counts as that).
 */
export type SpeedRule = (x: number, y: number) => number;

/**
 * The speed factor of every cell of a `width` x `height` map (row-major, index `y * width + x`),
 * 1 outside the map. Read by {@link terrainSpeedZones}; a follower built after an edit sees it.
 *
 * @example
 * ```ts
 * const forest = new TerrainSpeed(8, 4, (x) => (x >= 3 && x < 5 ? 0.5 : 1));
 * forest.factorAt(3, 0); // 0.5
 * forest.factorAt(-1, 0); // 1: outside the map
 * ```
 */
export class TerrainSpeed {
  /** The factors, row-major; write through {@link refresh}, which checks them. */
  readonly factors: Float32Array;
  /** How many cells have a factor below 1, so {@link uniform} is O(1). */
  private slow = 0;

  /**
   * @throws RangeError on a bad size, or naming the cell and value when the rule gives a factor
   *   outside (0, 1]; TypeError when the rule is not a function; what the rule throws.
   */
  constructor(
    readonly width: number,
    readonly height: number,
    private readonly rule: SpeedRule,
  ) {
    checkClassTableSize('TerrainSpeed', width, height);
    if (typeof rule !== 'function') throw new TypeError(`a terrain speed rule must be a function (x, y) => factor, got ${typeof rule}`);
    this.factors = new Float32Array(width * height).fill(1);
    this.refresh();
  }

  /** The factor of cell (x, y) (floored); 1 outside the map. */
  factorAt(x: number, y: number): number {
    if (this.slow === 0 || !(x >= 0 && y >= 0 && x < this.width && y < this.height)) return 1;
    return this.factors[Math.floor(y) * this.width + Math.floor(x)]!;
  }

  /** True while every cell's factor is 1. */
  get uniform(): boolean {
    return this.slow === 0;
  }

  /**
   * True when cell (x, y)'s factor differs from what the rule says now (an edit not yet read).
   * @throws what {@link refresh} throws for a bad factor.
   */
  stale(x: number, y: number): boolean {
    return this.factors[y * this.width + x] !== Math.fround(checkFactor(this.rule(x, y), x, y));
  }

  /**
   * Re-reads an area (cells; default the whole map) from the rule. Every cell is asked before
   * any is written, so a rule that throws or gives a bad factor changes nothing.
   * @throws RangeError naming the cell and the value outside (0, 1]; what the rule throws.
   */
  refresh(area?: GridArea): void {
    const a = area ?? { x: 0, y: 0, width: this.width, height: this.height };
    const x0 = Math.max(0, Math.floor(a.x));
    const y0 = Math.max(0, Math.floor(a.y));
    const x1 = Math.min(this.width, Math.floor(a.x + a.width));
    const y1 = Math.min(this.height, Math.floor(a.y + a.height));
    if (!(x1 > x0) || !(y1 > y0)) return;
    const w = x1 - x0;
    const read = new Float32Array(w * (y1 - y0));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) read[(y - y0) * w + x - x0] = checkFactor(this.rule(x, y), x, y);
    }
    const factors = this.factors;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * this.width + x;
        const f = read[(y - y0) * w + x - x0]!;
        this.slow += (f < 1 ? 1 : 0) - (factors[i]! < 1 ? 1 : 0);
        factors[i] = f;
      }
    }
  }
}

/**
 * The lowest factor kept: a unit at a millionth of its speed is stopped for any game, and a
 * factor this size stays positive in a `Float32Array` (a 1e-50 would round to 0, a cap never crossed).
 */
export const MIN_SPEED_FACTOR = 1e-6;

/**
 * A factor the rule gave, checked, and raised to {@link MIN_SPEED_FACTOR}.
 * @throws RangeError naming the cell and the value when it is not a number in (0, 1].
 */
function checkFactor(value: unknown, x: number, y: number): number {
  if (typeof value !== 'number' || !(value > 0 && value <= 1)) {
    throw new RangeError(`the speed factor of cell (${x}, ${y}) must be a number in (0, 1], got ${typeof value === 'string' ? `"${value}"` : String(value)}`);
  }
  return Math.max(value, MIN_SPEED_FACTOR);
}

/**
 * One {@link TerrainSpeed} per movement class that has a speed rule, built on the class's first
 * use (a class no unit uses costs nothing), all re-read by {@link refresh} after tile edits.
 *
 * @example
 * ```ts
 * const speeds = new TerrainSpeeds(64, 48, { default: (x, y) => (forest(x, y) ? 0.5 : 1) });
 * const land = speeds.of('default'); // built now
 * speeds.of('water'); // undefined: no rule, full speed everywhere
 * speeds.refresh({ x: 3, y: 4, width: 1, height: 1 }); // after a tile edit
 * ```
 */
export class TerrainSpeeds {
  private readonly rules: ReadonlyMap<string, SpeedRule>;
  private readonly built = new Map<string, TerrainSpeed>();

  /** @throws RangeError on a bad size; TypeError when a rule is not a function. */
  constructor(
    readonly width: number,
    readonly height: number,
    rules: Readonly<Record<string, SpeedRule>>,
  ) {
    checkClassTableSize('TerrainSpeeds', width, height);
    this.rules = classFunctions(rules, (name) => `the speed rule of movement class "${name}" must be a function`);
  }

  /**
   * The factors of class `name`, built from its rule on the first call; undefined for a class
   * without a rule (its units drive at full speed everywhere).
   * @throws what {@link TerrainSpeed}'s constructor throws (nothing is kept then).
   */
  of(name: string): TerrainSpeed | undefined {
    let speed = this.built.get(name);
    const rule = this.rules.get(name);
    if (!speed && rule) {
      speed = new TerrainSpeed(this.width, this.height, rule);
      this.built.set(name, speed);
    }
    return speed;
  }

  /**
   * True when cell (x, y) of some built class differs from its rule now (see {@link TerrainSpeed.stale}).
   * @throws what a rule throws, or a RangeError for a bad factor.
   */
  stale(x: number, y: number): boolean {
    for (const speed of this.built.values()) if (speed.stale(x, y)) return true;
    return false;
  }

  /**
   * Re-reads an area (cells; default the whole map) of every built class. Each class is whole or
   * unchanged; all are tried, and the errors are thrown afterwards.
   * @throws what a rule throws, or a RangeError for a bad factor (several as an `AggregateError`).
   */
  refresh(area?: GridArea): void {
    let errors: unknown[] | undefined;
    for (const speed of this.built.values()) {
      try {
        speed.refresh(area);
      } catch (error) {
        (errors ??= []).push(error);
      }
    }
    if (errors) throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} terrain speed rules failed`);
  }
}

/** Collects the zones of one path: runs of pieces with one factor below 1 become one zone. */
class ZoneCollector implements CellPieceVisitor {
  terrain: TerrainSpeed | null = null;
  zones: SpeedZone[] = [];
  topSpeed = 0;
  /** Distance along the path where the current piece starts. */
  at = 0;
  /** The open run: its start and factor (1: none open). */
  private runFrom = 0;
  private runFactor = 1;

  piece(cx: number, cy: number, ax: number, ay: number, length: number): void {
    const terrain = this.terrain!;
    let factor = terrain.factorAt(cx, cy);
    // Along a cell edge the unit touches both cells: the slower one holds it back. A wall beside
    // the edge has no speed of its own (factor 1 unless its rule says otherwise), so the free side counts.
    if (cx !== ax || cy !== ay) factor = Math.min(factor, terrain.factorAt(ax, ay));
    if (factor !== this.runFactor) {
      this.close();
      this.runFrom = this.at;
      this.runFactor = factor;
    }
    this.at += length;
  }

  /** Ends the open run at the current distance. */
  close(): void {
    if (this.runFactor !== 1 && this.at > this.runFrom) this.zones.push({ from: this.runFrom, to: this.at, speed: this.topSpeed * this.runFactor });
    this.runFactor = 1;
  }

  reset(terrain: TerrainSpeed | null, topSpeed: number): void {
    this.terrain = terrain;
    this.topSpeed = topSpeed;
    this.zones = [];
    this.at = 0;
    this.runFrom = 0;
    this.runFactor = 1;
  }
}

const collector = new ZoneCollector();

/**
 * The speed caps terrain puts on `path`: one zone per run of cells with the same factor below 1,
 * capped at `topSpeed × factor` (tile units per second). The path is cut exactly at the grid
 * lines it crosses (`eachCellPiece`); a piece running along a cell edge takes the slower of the
 * two cells. Distances are summed in the path's segment order, as the follower measures them.
 * No zones on a uniform terrain.
 *
 * @example
 * ```ts
 * // A straight run along y = 0.5 from x = 0.5 to 7.5 over a forest in columns 3 and 4:
 * terrainSpeedZones(path, 4, forest); // [{ from: 2.5, to: 4.5, speed: 2 }]
 * ```
 */
export function terrainSpeedZones(path: SegmentPath, topSpeed: number, terrain: TerrainSpeed): SpeedZone[] {
  if (terrain.uniform) return [];
  collector.reset(terrain, topSpeed);
  try {
    let s = 0;
    for (const seg of path.segments) {
      // Each segment starts where the sum of the lengths before it says, not where the pieces'
      // rounded lengths add up to, so zones sit exactly where the follower is.
      collector.at = s;
      eachCellPiece(seg, collector);
      s += seg.length;
      collector.at = s;
    }
    collector.close();
    return collector.zones;
  } finally {
    collector.reset(null, 0);
  }
}
