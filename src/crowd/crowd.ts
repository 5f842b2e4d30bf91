/**
 * Local avoidance for units that turn on the spot: a crowd of discs on a grid, each step giving
 * every avoiding agent the ORCA velocity nearest to the one it wants, then moving it without ever
 * letting its disc touch a blocked or outside cell. Phaser-free; the owner (the navigator) sets
 * what each agent wants and reads back where it went.
 */
import type { Grid } from '../grid/grid.js';
import { checkPosition } from '../unit/profile.js';
import { CheckedMove } from './checked-move.js';
import { NeighbourGrid } from './neighbours.js';
import { HalfPlanes, pushAgentPlane, solveVelocity } from './orca.js';
import { pushWallPlanes } from './wall-planes.js';

/** What an agent is: its disc and its top speed. */
export interface CrowdAgentParams {
  /** Disc radius in tiles, >= 0 (0: a point, held to the grid rule's line of sight). */
  radius: number;
  /** Top speed in tiles per second, > 0; ORCA never picks a faster velocity. */
  maxSpeed: number;
  /**
   * 'avoid' (default): the crowd chooses its velocity and moves it each step. 'fixed': the owner
   * moves it (a vehicle holding its path, a unit told not to give way) through
   * {@link Crowd.setState}; avoiding agents then take the whole job of keeping clear of it.
   */
  mode?: CrowdMode;
}

/** Who moves an agent: the crowd ('avoid') or its owner ('fixed'). */
export type CrowdMode = 'avoid' | 'fixed';

/** Tuning of a crowd; every field has a default. */
export interface CrowdOptions {
  /** Seconds ahead that agents look for each other, > 0. */
  timeHorizon?: number;
  /** Seconds ahead that agents look for walls, > 0 (shorter: they get closer before braking). */
  wallHorizon?: number;
  /**
   * Gap in tiles (centre distance minus both radii) within which agents consider each other, >= 0.
   * Choose at least timeHorizon x the fastest closing speed, or a fast neighbour is seen late.
   */
  neighbourDistance?: number;
  /** At most this many nearest neighbours shape an agent's velocity, an integer >= 0. */
  maxNeighbours?: number;
}

/** Two seconds ahead: time to turn away at walking speed, short enough that a dense crowd still moves. */
export const DEFAULT_TIME_HORIZON = 2;
/** Half a second for walls: a unit brakes only within about its last half tile to a wall, and slides along it. */
export const DEFAULT_WALL_HORIZON = 0.5;
/** A gap of five tiles: agents closing at 2.5 tiles/s are seen a whole default horizon before they touch. */
export const DEFAULT_NEIGHBOUR_DISTANCE = 5;
/**
 * Tiles beyond its disc within which an agent takes walls' half-planes, at most: the scan costs
 * the square of this, and without a bound a unit of speed 1e6 (or a step of 1e4 s) scanned
 * millions of cells a step. Only agents faster than 128 tiles/s at the default wall horizon (or
 * with a horizon or step over 32 s at 2 tiles/s) lose planes by it: those brake for a wall once
 * within 64 tiles, and the checked move keeps every disc off walls whatever the velocity.
 */
export const MAX_WALL_LOOKAHEAD = 64;
/** Relative band round a neighbour's reach where {@link Crowd} checks the gap exactly (far wider than rounding). */
const GAP_SHORTCUT_SLACK = 1e-9;

/** Ten nearest neighbours, as RVO2's examples: more rarely changes the velocity, and each costs a half-plane. */
export const DEFAULT_MAX_NEIGHBOURS = 10;

/** Share of the avoidance each of two avoiding agents takes (ORCA's reciprocity). */
const SHARED_RESPONSIBILITY = 0.5;
/** Share an avoiding agent takes against a 'fixed' one, which will not give way. */
const FULL_RESPONSIBILITY = 1;

/**
 * Radians (about 17°) by which an agent turns its preferred velocity to the right (clockwise on
 * screen) while it heads into a neighbour: ORCA alone lets a symmetric meeting (a ring of units
 * swapping places) freeze with every velocity 0; a shared lean turns it into one flow. Measured on
 * the 24- and 48-unit circles: without it the ring freezes; 0.2 arrives in 1.1-1.2x the time
 * alone, 0.3 in about 1.06x.
 */
const KEEP_RIGHT_ANGLE = 0.3;
const KEEP_RIGHT_COS = Math.cos(KEEP_RIGHT_ANGLE);
const KEEP_RIGHT_SIN = Math.sin(KEEP_RIGHT_ANGLE);
/** A neighbour counts as met head-on when the agent wants to close on it faster than this share of its top speed. */
const CLOSING_FRACTION = 0.1;

/**
 * Agents that sit on one point move apart as if each stood at its own point of a disc round it,
 * scattered by a hash of its id (see {@link Crowd.wayApart}): every pair gets its own direction
 * apart and no two pairs push along one line. With one axis for all, 300 agents spawned on one
 * point lined up along it and some stayed overlapped; with a regular spread (a sunflower) pairs
 * on one of its spiral arms flew off side by side, still overlapping, for seconds.
 */
function scatter(id: number, salt: number): number {
  // A 32-bit integer mix (the finaliser of MurmurHash3), to [0, 1).
  let h = Math.imul(id ^ salt, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}
/** Salts of the two coordinates of {@link scatter}: any two different odd constants. */
const SCATTER_ANGLE = 0x9e3779b9;
const SCATTER_RADIUS = 0x7f4a7c15;

const MODE_AVOID = 0;
const MODE_FIXED = 1;

/** Agent slots the crowd starts with; the arrays double when full. */
const INITIAL_CAPACITY = 16;

function checkFinite(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
}

function checkPositive(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number > 0, got ${String(value)}`);
  return value;
}

function modeCode(mode: unknown): number {
  if (mode === undefined || mode === 'avoid') return MODE_AVOID;
  if (mode === 'fixed') return MODE_FIXED;
  throw new RangeError(`crowd agent mode must be 'avoid' or 'fixed', got ${String(mode)}`);
}

/**
 * A crowd of disc agents on a grid, stored as struct-of-arrays. Each {@link step} gives every
 * 'avoid' agent the ORCA velocity (van den Berg et al. 2011) nearest its preferred one, keeping
 * clear of its nearest neighbours and, conservatively, of nearby blocked cells, then moves it.
 *
 * Guarantee: an 'avoid' agent never ends a step with its disc touching a blocked or outside cell
 * (radius 0: its move is legal under the grid rule, never through a double corner). The move is
 * checked; when it fails the agent slides along x alone, then y alone, else stays. An agent
 * placed in a wall by its owner is left where it is until moved out by {@link setState}.
 * Agents may overlap each other slightly in tight crowds; walls are never given up.
 *
 * @example
 * ```ts
 * const crowd = new Crowd(grid);
 * const a = crowd.add({ radius: 0.4, maxSpeed: 2 }, 5.5, 5.5);
 * const b = crowd.add({ radius: 0.4, maxSpeed: 2 }, 9.5, 5.5);
 * crowd.setPreferred(a, 2, 0);
 * crowd.setPreferred(b, -2, 0);
 * for (let i = 0; i < 120; i++) crowd.step(1 / 60); // they pass each other
 * crowd.x(a); crowd.y(a);
 * ```
 */
export class Crowd {
  private readonly timeHorizon: number;
  private readonly wallHorizon: number;
  private readonly neighbourDistance: number;
  private readonly maxNeighbours: number;

  private capacity = 0;
  /** Slots in use or freed: ids are below this. */
  private slots = 0;
  private live = 0;
  private readonly free: number[] = [];

  private alive = new Uint8Array(0);
  private mode = new Uint8Array(0);
  /** 1 when the agent's position touched a wall at the start of the step: it is not moved. */
  private stuck = new Uint8Array(0);
  private px = new Float64Array(0);
  private py = new Float64Array(0);
  private vxs = new Float64Array(0);
  private vys = new Float64Array(0);
  private prefX = new Float64Array(0);
  private prefY = new Float64Array(0);
  private nextX = new Float64Array(0);
  private nextY = new Float64Array(0);
  private radii = new Float64Array(0);
  private speeds = new Float64Array(0);
  /** Each agent's own time horizon, seconds; 0: the crowd's. */
  private horizons = new Float64Array(0);
  /** An upper bound on every live radius, for neighbour queries by gap. */
  private maxRadius = 0;

  private readonly index: NeighbourGrid;
  /** False after anything moved, added or removed: the index is rebuilt before the next query. */
  private indexed = false;
  private readonly mover: CheckedMove;
  private readonly lines = new HalfPlanes();
  private readonly scratch = new HalfPlanes();
  private readonly velocity = new Float64Array(2);
  private readonly found: number[] = [];
  /** Scratch: a slid target. */
  private readonly slide = new Float64Array(2);
  /** Scratch: the way apart of two agents on one point. */
  private readonly apart = new Float64Array(2);

  /**
   * @param grid the map; its cells are read every step, so edits take effect at once.
   * @throws RangeError naming a bad option.
   */
  constructor(
    readonly grid: Grid,
    options: CrowdOptions = {},
  ) {
    this.timeHorizon = checkPositive('crowd timeHorizon', options.timeHorizon ?? DEFAULT_TIME_HORIZON);
    this.wallHorizon = checkPositive('crowd wallHorizon', options.wallHorizon ?? DEFAULT_WALL_HORIZON);
    const range = options.neighbourDistance ?? DEFAULT_NEIGHBOUR_DISTANCE;
    if (typeof range !== 'number' || !(range >= 0) || !Number.isFinite(range)) {
      throw new RangeError(`crowd neighbourDistance must be a finite number >= 0, got ${String(range)}`);
    }
    this.neighbourDistance = range;
    const most = options.maxNeighbours ?? DEFAULT_MAX_NEIGHBOURS;
    if (!Number.isInteger(most) || most < 0) throw new RangeError(`crowd maxNeighbours must be an integer >= 0, got ${String(most)}`);
    this.maxNeighbours = most;
    this.index = new NeighbourGrid(grid.width, grid.height);
    this.mover = new CheckedMove(grid);
    this.grow(INITIAL_CAPACITY);
  }

  /** Removes the crowd's watcher from the grid (its wall distances'); the crowd still works, refreshing them whole. */
  destroy(): void {
    this.mover.walls.release();
  }

  /** Live agents. */
  get count(): number {
    return this.live;
  }

  /**
   * Adds an agent at (x, y) with velocity 0 and no preferred velocity; returns its id (a small
   * integer; the id of a removed agent may be given out again).
   * @throws RangeError naming a bad radius, speed, mode or position (a position must be within
   *   ±MAX_POSITION (2^24) tiles).
   */
  add(params: CrowdAgentParams, x: number, y: number): number {
    const radius = params.radius;
    if (typeof radius !== 'number' || !(radius >= 0) || !Number.isFinite(radius)) {
      throw new RangeError(`crowd agent radius must be a finite number >= 0, got ${String(radius)}`);
    }
    const speed = checkPositive('crowd agent maxSpeed', params.maxSpeed);
    const mode = modeCode(params.mode);
    checkPosition('crowd agent x', x);
    checkPosition('crowd agent y', y);
    let id = this.free.pop();
    if (id === undefined) {
      if (this.slots === this.capacity) this.grow(2 * this.capacity);
      id = this.slots++;
    }
    this.alive[id] = 1;
    this.mode[id] = mode;
    this.stuck[id] = 0;
    this.px[id] = x;
    this.py[id] = y;
    this.vxs[id] = 0;
    this.vys[id] = 0;
    this.prefX[id] = 0;
    this.prefY[id] = 0;
    this.nextX[id] = 0;
    this.nextY[id] = 0;
    this.radii[id] = radius;
    this.speeds[id] = speed;
    this.horizons[id] = 0;
    if (radius > this.maxRadius) this.maxRadius = radius;
    this.live++;
    this.indexed = false;
    return id;
  }

  /**
   * Removes an agent: no query returns it afterwards, and its id may be reused by {@link add}.
   * @throws RangeError when id is not a live agent.
   */
  remove(id: number): void {
    this.check(id);
    this.alive[id] = 0;
    this.free.push(id);
    this.live--;
    this.indexed = false;
  }

  /** True when `id` is a live agent. */
  has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.slots && this.alive[id] === 1;
  }

  /**
   * Sets the velocity (tiles/s) an 'avoid' agent wants, typically towards its next waypoint at
   * its speed; ORCA picks the permitted velocity nearest to it (a faster one is capped).
   * @throws RangeError for an unknown id or a non-finite component.
   */
  setPreferred(id: number, vx: number, vy: number): void {
    this.check(id);
    checkFinite('crowd preferred vx', vx);
    checkFinite('crowd preferred vy', vy);
    this.prefX[id] = vx;
    this.prefY[id] = vy;
  }

  /**
   * Sets position (tiles) and velocity (tiles/s): each step for a 'fixed' agent its owner moves;
   * for an 'avoid' agent, a teleport (its velocity then seeds the next step's ORCA).
   * @throws RangeError for an unknown id, a non-finite velocity or a position beyond ±MAX_POSITION (2^24) tiles.
   */
  setState(id: number, x: number, y: number, vx: number, vy: number): void {
    this.check(id);
    checkPosition('crowd agent x', x);
    checkPosition('crowd agent y', y);
    checkFinite('crowd agent vx', vx);
    checkFinite('crowd agent vy', vy);
    this.px[id] = x;
    this.py[id] = y;
    this.vxs[id] = vx;
    this.vys[id] = vy;
    this.indexed = false;
  }

  /**
   * Sets how far ahead (seconds) one agent looks for the others, in place of the crowd's
   * {@link CrowdOptions.timeHorizon}; undefined goes back to the crowd's. A shorter horizon lets
   * agents in a narrow passage keep to their lanes: with a long one they sidestep units far ahead
   * and spread over the whole width.
   * @throws RangeError for an unknown id or a horizon that is not a finite number > 0.
   */
  setTimeHorizon(id: number, seconds: number | undefined): void {
    this.check(id);
    this.horizons[id] = seconds === undefined ? 0 : checkPositive('crowd agent timeHorizon', seconds);
  }

  /**
   * Switches who moves the agent (see {@link CrowdAgentParams.mode}).
   * @throws RangeError for an unknown id or mode.
   */
  setMode(id: number, mode: CrowdMode): void {
    this.check(id);
    this.mode[id] = modeCode(mode);
  }

  /**
   * Advances the crowd by `h` seconds: first every 'avoid' agent's new velocity from the others'
   * current ones (all at once, as ORCA assumes), then every such agent's checked move.
   * 'fixed' agents do not move. Use a fixed h for results independent of the frame rate.
   * @throws RangeError when h is not a finite number > 0.
   */
  step(h: number): void {
    checkPositive('crowd step', h);
    this.mover.refresh();
    this.ensureIndex();
    // A horizon shorter than the step would let one step overshoot what the half-planes allow.
    const invHorizon = 1 / Math.max(this.timeHorizon, h);
    const wallHorizon = Math.max(this.wallHorizon, h);
    const invStep = 1 / h;
    for (let i = 0; i < this.slots; i++) {
      if (this.alive[i] !== 1 || this.mode[i] !== MODE_AVOID) continue;
      const own = this.horizons[i]!;
      this.chooseVelocity(i, own > 0 ? 1 / Math.max(own, h) : invHorizon, wallHorizon, invStep);
    }
    for (let i = 0; i < this.slots; i++) {
      if (this.alive[i] === 1 && this.mode[i] === MODE_AVOID) this.move(i, h);
    }
    this.indexed = false;
  }

  /** Position x of an agent, tiles. @throws RangeError for an unknown id. */
  x(id: number): number {
    this.check(id);
    return this.px[id]!;
  }

  /** Position y of an agent, tiles. @throws RangeError for an unknown id. */
  y(id: number): number {
    this.check(id);
    return this.py[id]!;
  }

  /** Velocity x of an agent over its last step (or as set), tiles/s. @throws RangeError for an unknown id. */
  vx(id: number): number {
    this.check(id);
    return this.vxs[id]!;
  }

  /** Velocity y of an agent over its last step (or as set), tiles/s. @throws RangeError for an unknown id. */
  vy(id: number): number {
    this.check(id);
    return this.vys[id]!;
  }

  /** Disc radius of an agent, tiles. @throws RangeError for an unknown id. */
  radius(id: number): number {
    this.check(id);
    return this.radii[id]!;
  }

  /**
   * Writes into out[0 .. k - 1] the other live agents whose discs come within `range` tiles of
   * this one's (centre distance minus both radii <= range; overlapping ones included), nearest
   * centre first, and returns k.
   * @throws RangeError for an unknown id or a range that is NaN or negative.
   */
  neighbours(id: number, range: number, out: number[]): number {
    return this.near(id, range, out, true);
  }

  /**
   * Like {@link neighbours}, in no particular order: for a caller that asks whether there is
   * one, or whether any of them does something, it saves the sort by distance.
   * @throws RangeError for an unknown id or a range that is NaN or negative.
   */
  neighboursAnyOrder(id: number, range: number, out: number[]): number {
    return this.near(id, range, out, false);
  }

  /** {@link neighbours}, nearest first when `ordered`, else bucket by bucket. */
  private near(id: number, range: number, out: number[], ordered: boolean): number {
    this.check(id);
    if (typeof range !== 'number' || !(range >= 0)) throw new RangeError(`crowd neighbour range must be a number >= 0, got ${String(range)}`);
    this.ensureIndex();
    const x = this.px[id]!;
    const y = this.py[id]!;
    const r = this.radii[id]!;
    const found = this.found;
    const reach = range + r + this.maxRadius;
    const k = ordered ? this.index.query(x, y, reach, found, Infinity, id) : this.index.collect(x, y, reach, found, id);
    let n = 0;
    for (let s = 0; s < k; s++) {
      const j = found[s]!;
      if (this.withinGap(j, x, y, r, range)) out[n++] = j;
    }
    return n;
  }

  /**
   * True when agent j's disc comes within `range` of the disc of radius r at (x, y). Squared
   * distances settle all but a hair's breadth of cases without a square root; that hair goes to
   * Math.hypot, the exact test, so the answer never depends on the shortcut.
   */
  private withinGap(j: number, x: number, y: number, r: number, range: number): boolean {
    const dx = this.px[j]! - x;
    const dy = this.py[j]! - y;
    const d2 = dx * dx + dy * dy;
    const reach = range + r + this.radii[j]!;
    const reach2 = reach * reach;
    if (d2 < reach2 * (1 - GAP_SHORTCUT_SLACK)) return true;
    if (d2 > reach2 * (1 + GAP_SHORTCUT_SLACK)) return false;
    return Math.hypot(dx, dy) - r - this.radii[j]! <= range;
  }

  /** The ORCA velocity of agent i into nextX/nextY. */
  private chooseVelocity(i: number, invHorizon: number, wallHorizon: number, invStep: number): void {
    const x = this.px[i]!;
    const y = this.py[i]!;
    const r = this.radii[i]!;
    const speed = this.speeds[i]!;
    if (!this.mover.clearAt(x, y, r)) {
      // Placed in a wall: any move would start in it, so no move can be checked clear.
      this.stuck[i] = 1;
      this.nextX[i] = 0;
      this.nextY[i] = 0;
      return;
    }
    this.stuck[i] = 0;
    const lines = this.lines;
    lines.clear();
    pushWallPlanes(this.grid, lines, x, y, r, r + Math.min(speed * wallHorizon, MAX_WALL_LOOKAHEAD), 1 / wallHorizon);
    const hard = lines.count;
    const vx = this.vxs[i]!;
    const vy = this.vys[i]!;
    const found = this.found;
    // By centre distance, so a few agents beyond the gap may come in: they only add slack half-planes.
    const k = this.index.query(x, y, this.neighbourDistance + r + this.maxRadius, found, this.maxNeighbours, i);
    let prefX = this.prefX[i]!;
    let prefY = this.prefY[i]!;
    const closingSpeed = CLOSING_FRACTION * speed;
    let closing = false;
    for (let s = 0; s < k; s++) {
      const j = found[s]!;
      const rx = this.px[j]! - x;
      const ry = this.py[j]! - y;
      const responsibility = this.mode[j] === MODE_FIXED ? FULL_RESPONSIBILITY : SHARED_RESPONSIBILITY;
      if (rx === 0 && ry === 0) this.wayApart(i, j);
      pushAgentPlane(lines, vx, vy, rx, ry, vx - this.vxs[j]!, vy - this.vys[j]!, r + this.radii[j]!, responsibility, invHorizon, invStep, this.apart[0]!, this.apart[1]!);
      if (!closing) {
        closing = rx * (prefX - this.vxs[j]!) + ry * (prefY - this.vys[j]!) > closingSpeed * Math.sqrt(rx * rx + ry * ry);
      }
    }
    if (closing) {
      // Heading into a neighbour: lean right, so that symmetric meetings (a ring of units
      // swapping places) turn into one flow instead of a standoff where every velocity is 0.
      const turnedX = KEEP_RIGHT_COS * prefX - KEEP_RIGHT_SIN * prefY;
      prefY = KEEP_RIGHT_SIN * prefX + KEEP_RIGHT_COS * prefY;
      prefX = turnedX;
    }
    solveVelocity(lines, hard, speed, prefX, prefY, this.velocity, this.scratch);
    this.nextX[i] = this.velocity[0]!;
    this.nextY[i] = this.velocity[1]!;
  }

  /**
   * Into {@link apart}: the unit vector along which agent i moves off agent j when both sit on one
   * point, from j's scattered spot to i's ({@link scatter}; the opposite for j: the pair agrees).
   * Depends only on the ids, so a run is the same every time.
   */
  private wayApart(i: number, j: number): void {
    const ai = 2 * Math.PI * scatter(i, SCATTER_ANGLE);
    const aj = 2 * Math.PI * scatter(j, SCATTER_ANGLE);
    const ri = Math.sqrt(scatter(i, SCATTER_RADIUS));
    const rj = Math.sqrt(scatter(j, SCATTER_RADIUS));
    const dx = ri * Math.cos(ai) - rj * Math.cos(aj);
    const dy = ri * Math.sin(ai) - rj * Math.sin(aj);
    const length = Math.hypot(dx, dy);
    this.apart[0] = length > 0 ? dx / length : i < j ? 1 : -1;
    this.apart[1] = length > 0 ? dy / length : 0;
  }

  /** Moves agent i by its chosen velocity, or the part of it the walls allow. */
  private move(i: number, h: number): void {
    const x = this.px[i]!;
    const y = this.py[i]!;
    const end = this.velocity;
    if (this.stuck[i] === 1) {
      end[0] = x;
      end[1] = y;
    } else {
      let tx = x + this.nextX[i]! * h;
      let ty = y + this.nextY[i]! * h;
      if (this.pressesFixed(i, tx, ty)) {
        // Pushed by the crowd into a unit that does not give way (a vehicle): slide along it, or stay.
        const slid = this.slideAlongFixed(i, tx, ty);
        tx = slid[0]!;
        ty = slid[1]!;
      }
      this.mover.resolve(x, y, tx, ty, this.radii[i]!, end);
    }
    this.vxs[i] = (end[0]! - x) / h;
    this.vys[i] = (end[1]! - y) / h;
    this.px[i] = end[0]!;
    this.py[i] = end[1]!;
  }

  /** True when moving agent i to (tx, ty) takes its disc deeper into a 'fixed' agent's. */
  private pressesFixed(i: number, tx: number, ty: number): boolean {
    const x = this.px[i]!;
    const y = this.py[i]!;
    const r = this.radii[i]!;
    const found = this.found;
    const k = this.index.query(tx, ty, r + this.maxRadius, found, Infinity, i);
    for (let s = 0; s < k; s++) {
      const j = found[s]!;
      if (this.mode[j] !== MODE_FIXED) continue;
      const reach = r + this.radii[j]!;
      const after = Math.hypot(tx - this.px[j]!, ty - this.py[j]!);
      if (after < reach && after < Math.hypot(x - this.px[j]!, y - this.py[j]!)) return true;
    }
    return false;
  }

  /**
   * Where agent i goes instead of (tx, ty), which presses into a fixed agent: the move without its
   * part toward each fixed agent it presses (a slide along it), or where it is when that still
   * presses one.
   */
  private slideAlongFixed(i: number, tx: number, ty: number): Float64Array {
    const x = this.px[i]!;
    const y = this.py[i]!;
    const r = this.radii[i]!;
    let dx = tx - x;
    let dy = ty - y;
    const found = this.found;
    const k = this.index.query(tx, ty, r + this.maxRadius, found, Infinity, i);
    for (let s = 0; s < k; s++) {
      const j = found[s]!;
      if (this.mode[j] !== MODE_FIXED) continue;
      const nx = this.px[j]! - x;
      const ny = this.py[j]! - y;
      const d = Math.hypot(nx, ny);
      const toward = d > 0 ? (dx * nx + dy * ny) / d : 0;
      if (toward > 0 && Math.hypot(x + dx - this.px[j]!, y + dy - this.py[j]!) < r + this.radii[j]!) {
        dx -= (toward * nx) / d;
        dy -= (toward * ny) / d;
      }
    }
    const out = this.slide;
    if (this.pressesFixed(i, x + dx, y + dy)) {
      out[0] = x;
      out[1] = y;
    } else {
      out[0] = x + dx;
      out[1] = y + dy;
    }
    return out;
  }

  /** Rebuilds the neighbour index when agents moved, came or went since the last build. */
  private ensureIndex(): void {
    if (this.indexed) return;
    this.index.rebuild(this.px, this.py, this.slots, this.alive);
    this.indexed = true;
  }

  private check(id: number): void {
    if (!this.has(id)) throw new RangeError(`no crowd agent with id ${String(id)}`);
  }

  private grow(capacity: number): void {
    const n = Math.max(capacity, INITIAL_CAPACITY);
    const bytes = (a: Uint8Array) => {
      const b = new Uint8Array(n);
      b.set(a);
      return b;
    };
    const floats = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.alive = bytes(this.alive);
    this.mode = bytes(this.mode);
    this.stuck = bytes(this.stuck);
    this.px = floats(this.px);
    this.py = floats(this.py);
    this.vxs = floats(this.vxs);
    this.vys = floats(this.vys);
    this.prefX = floats(this.prefX);
    this.prefY = floats(this.prefY);
    this.nextX = floats(this.nextX);
    this.nextY = floats(this.nextY);
    this.radii = floats(this.radii);
    this.speeds = floats(this.speeds);
    this.horizons = floats(this.horizons);
    this.capacity = n;
  }
}
