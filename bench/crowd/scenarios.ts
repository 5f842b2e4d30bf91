/**
 * The crowd benchmark's scenarios (issue 19), built in code: each is a grid, a list of agents
 * (kind, start pose, goal) and the orders that send them. Tile units, y down, headings in radians
 * (0 = +x, clockwise on screen). Every random choice is seeded, so a scenario is the same in
 * every run and for every driver.
 */
import { Grid } from '../../src/grid/grid.js';
import type { Point } from '../../src/grid/point.js';
import type { Pose } from '../../src/curves/segment.js';
import { discHitsBlocked } from '../../src/curves/footprint.js';
import { resolveProfile, type UnitProfile } from '../../src/unit/profile.js';
import { makeRng } from '../../test/support/rng.js';
import { loadDemoGrids } from '../lib/demo-map.js';

export type KindName = 'infantry' | 'tank';

/** A unit kind: its profile for our navigator and the disc the metrics (and DetourCrowd) give it. */
export interface Kind {
  readonly name: KindName;
  readonly profile: UnitProfile;
  /**
   * Radius of the disc the metrics check, tiles: the infantry's own disc, and for the tank the
   * disc its rectangle sweeps (√(w² + l²) / 2), the disc the planners keep off the walls. A
   * tank's overlaps are therefore counted conservatively (its corners, not its sides).
   */
  readonly radius: number;
  /** Top speed, tiles per second. */
  readonly speed: number;
  /** Speed-up and braking, tiles per second². */
  readonly acceleration: number;
}

/** demo/pathing.ts: units reach top speed in 1 / 2.5 s and brake as hard. */
const ACCELERATION_PER_SPEED = 2.5;

function kind(name: KindName, profile: UnitProfile): Kind {
  const speed = profile.speed!;
  const full = { ...profile, acceleration: speed * ACCELERATION_PER_SPEED };
  return { name, profile: full, radius: resolveProfile(full).sweepRadius, speed, acceleration: full.acceleration };
}

/** The units: infantry (radius 0.35, 3 tiles/s, turns on the spot) and tanks (0.8 x 1.2, turning radius 2, reverse, 2.5 tiles/s). */
export const KINDS: Readonly<Record<KindName, Kind>> = {
  infantry: kind('infantry', { speed: 3, width: 0.7 }),
  tank: kind('tank', { speed: 2.5, width: 0.8, length: 1.2, turningRadius: 2, reverse: true }),
};

export interface AgentSpec {
  readonly kind: Kind;
  readonly start: Pose;
  /** Where this agent must end (for a group order: the group's point). */
  readonly goal: Point;
}

/** One order: agents sent together. */
export interface Order {
  readonly agents: readonly number[];
  /**
   * A group order to one point (rally, demo): given to the navigator's group order when it has
   * one, else as the same point to each agent. Without it each agent goes to its own goal.
   */
  readonly point?: Point;
}

/**
 * When an agent counts as arrived: `exact`, the first time it comes within `tolerance` of its
 * own goal; `near`, the first time it has stood still for {@link STILL_SECONDS} within `radius`
 * of its group's point (a group cannot all stand on one point).
 */
export type Arrival = { readonly rule: 'exact'; readonly tolerance: number } | { readonly rule: 'near'; readonly radius: (agent: number) => number };

export interface Scenario {
  readonly name: string;
  /** One line for the report. */
  readonly description: string;
  readonly grid: Grid;
  readonly agents: readonly AgentSpec[];
  readonly orders: readonly Order[];
  readonly arrival: Arrival;
  /** Why DetourCrowd cannot run it, if it cannot. */
  readonly detourNa?: string;
}

/** Within this of its own goal an agent has arrived: less than a unit's diameter. */
export const EXACT_TOLERANCE = 0.5;
/** An agent slower than this (tiles per second, 3% of the infantry's top speed) stands still. */
export const STILL_SPEED = 0.1;
/** How long an agent of a group order must stand still near the point to count as arrived. */
export const STILL_SECONDS = 0.5;
/** Hexagonal packing density of equal discs: the densest a group can stand. */
const HEX_DENSITY = Math.PI / (2 * Math.sqrt(3));
/**
 * "Near the point" for a group of n discs of radius r: this many times the radius of the disc
 * that holds them at hexagonal packing (√(n r² / density)), plus one tile: room for a loose
 * crowd, far less than where the group came from.
 */
const NEAR_FACTOR = 1.5;

/** The radius within which a group of `n` discs of radius `r` counts as arrived at its point. */
export function nearRadius(n: number, r: number): number {
  return NEAR_FACTOR * Math.sqrt((n * r * r) / HEX_DENSITY) + 1;
}

/** The heading from a to b. */
function toward(a: Point, b: Point): number {
  return Math.atan2(b.y - a.y, b.x - a.x);
}

function openGrid(width: number, height: number): Grid {
  return new Grid(width, height);
}

/** Checks that every agent starts and ends clear of walls and of each other: a scenario bug otherwise. */
function checked(s: Scenario): Scenario {
  s.agents.forEach((a, i) => {
    for (const p of [a.start, a.goal]) {
      if (discHitsBlocked(s.grid, p.x, p.y, a.kind.radius)) throw new Error(`${s.name}: agent ${i} at (${p.x}, ${p.y}) touches a wall`);
    }
    s.agents.forEach((b, j) => {
      if (j <= i) return;
      if (Math.hypot(a.start.x - b.start.x, a.start.y - b.start.y) < a.kind.radius + b.kind.radius) throw new Error(`${s.name}: agents ${i} and ${j} start overlapping`);
    });
  });
  return s;
}

/** RVO2's classic: agents on a circle, each sent to the opposite point, in open ground. */
export function circle(count = 48, radius = 20): Scenario {
  const margin = 6;
  const side = Math.ceil(2 * (radius + margin));
  const c = side / 2;
  const agents: AgentSpec[] = [];
  for (let i = 0; i < count; i++) {
    const a = (2 * Math.PI * i) / count;
    const start = { x: c + radius * Math.cos(a), y: c + radius * Math.sin(a) };
    const goal = { x: c - radius * Math.cos(a), y: c - radius * Math.sin(a) };
    agents.push({ kind: KINDS.infantry, start: { ...start, heading: toward(start, goal) }, goal });
  }
  return checked({
    name: 'circle',
    description: `${count} infantry on a circle of radius ${radius} tiles in open ground (${side} x ${side}), each sent to the opposite point`,
    grid: openGrid(side, side),
    agents,
    orders: agents.map((_, i) => ({ agents: [i] })),
    arrival: { rule: 'exact', tolerance: EXACT_TOLERANCE },
  });
}

/** Spots of a cols x rows block centred on (cx, cy), `step` apart. */
function block(cx: number, cy: number, cols: number, rows: number, step: number): Point[] {
  const out: Point[] = [];
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) out.push({ x: cx + (k - (cols - 1) / 2) * step, y: cy + (r - (rows - 1) / 2) * step });
  }
  return out;
}

/** Two groups of 16 swap ends through a gap 2 tiles wide (and as long as the wall is thick). */
export function corridor(): Scenario {
  const width = 48;
  const height = 17;
  const wall = { x0: 22, x1: 26 };
  const gap = { y0: 7, y1: 9 };
  const grid = Grid.fromPredicate(width, height, (x, y) => x >= wall.x0 && x < wall.x1 && (y < gap.y0 || y >= gap.y1));
  const left = block(8, 8, 4, 4, 1.5);
  const agents: AgentSpec[] = [];
  for (const p of left) {
    const q = { x: width - p.x, y: p.y };
    agents.push({ kind: KINDS.infantry, start: { ...p, heading: 0 }, goal: q });
    agents.push({ kind: KINDS.infantry, start: { ...q, heading: Math.PI }, goal: { ...p } });
  }
  return checked({
    name: 'corridor',
    description: `two groups of 16 infantry swap ends of a ${width} x ${height} room through a gap ${gap.y1 - gap.y0} tiles wide and ${wall.x1 - wall.x0} long`,
    grid,
    agents,
    orders: agents.map((_, i) => ({ agents: [i] })),
    arrival: { rule: 'exact', tolerance: EXACT_TOLERANCE },
  });
}

/**
 * The bridge with only some of its agents, in mirror pairs: `tankPairs` of its tanks (the first
 * ones, west to east) and `infantryPairs` of its soldiers. The full bridge is one configuration of
 * a chaotic system (a tenth of a tile's change in a path moves it from most units arriving to
 * half); these smaller ones show whether the rules hold in general.
 */
export function bridgeSubset(name: string, tankPairs: number, infantryPairs: number): Scenario {
  const full = bridge();
  const pairs: [AgentSpec, AgentSpec][] = [];
  for (let i = 0; i < full.agents.length; i += 2) pairs.push([full.agents[i]!, full.agents[i + 1]!]);
  const tanks = pairs.filter(([a]) => a.kind === KINDS.tank).slice(0, tankPairs);
  const infantry = pairs.filter(([a]) => a.kind === KINDS.infantry).slice(0, infantryPairs);
  const agents = [...tanks, ...infantry].flat();
  return checked({
    ...full,
    name,
    description: `the bridge with ${2 * tankPairs} of its tanks and ${2 * infantryPairs} of its infantry, half from each bank, each to its mirror spot`,
    agents,
    orders: agents.map((_, i) => ({ agents: [i] })),
  });
}

/** 8 tanks and 16 infantry cross a river on a bridge 3 tiles wide, half of each from either bank. */
export function bridge(): Scenario {
  const width = 40;
  const height = 44;
  const river = { y0: 18, y1: 26 };
  const deck = { x0: 19, x1: 22 };
  const grid = Grid.fromPredicate(width, height, (x, y) => y >= river.y0 && y < river.y1 && (x < deck.x0 || x >= deck.x1));
  const agents: AgentSpec[] = [];
  const mirror = (p: Point): Point => ({ x: p.x, y: height - p.y });
  const north: { kind: Kind; at: Point }[] = [
    ...[11.5, 16.5, 24.5, 29.5].map((x) => ({ kind: KINDS.tank, at: { x, y: 6 } })),
    ...block(20.5, 11, 4, 2, 1.8).map((at) => ({ kind: KINDS.infantry, at })),
  ];
  for (const { kind: k, at } of north) {
    const south = mirror(at);
    agents.push({ kind: k, start: { ...at, heading: Math.PI / 2 }, goal: south });
    agents.push({ kind: k, start: { ...south, heading: -Math.PI / 2 }, goal: { ...at } });
  }
  return checked({
    name: 'bridge',
    description: `8 tanks (0.8 x 1.2, turning radius 2, reverse) and 16 infantry cross a river on a bridge ${deck.x1 - deck.x0} tiles wide and ${river.y1 - river.y0} long, half from each bank, each to its mirror spot`,
    grid,
    agents,
    orders: agents.map((_, i) => ({ agents: [i] })),
    arrival: { rule: 'exact', tolerance: EXACT_TOLERANCE },
    detourNa: 'no turning radius in Detour',
  });
}

/** Seeded spots at least `spacing` apart, clear of walls by `clearance`, within a box and outside `avoid` discs. */
function scatter(grid: Grid, seed: number, count: number, spacing: number, clearance: number, box: { x0: number; y0: number; x1: number; y1: number }, avoid: (p: Point) => boolean = () => false): Point[] {
  const rng = makeRng(seed);
  const out: Point[] = [];
  for (let tries = 0; out.length < count; tries++) {
    if (tries > 1_000_000) throw new Error(`scatter: only ${out.length} of ${count} spots fit`);
    const p = { x: box.x0 + rng.next() * (box.x1 - box.x0), y: box.y0 + rng.next() * (box.y1 - box.y0) };
    if (avoid(p) || discHitsBlocked(grid, p.x, p.y, clearance)) continue;
    if (out.every((q) => Math.hypot(q.x - p.x, q.y - p.y) >= spacing)) out.push(p);
  }
  return out;
}

/** Spacing of scattered starts: a diameter and a half between centres. */
const SCATTER_SPACING = 1.2;

/** 100 infantry scattered around open ground, all ordered to one point. */
export function rally(count = 100): Scenario {
  const side = 64;
  const point = { x: 32, y: 32 };
  const grid = openGrid(side, side);
  const r = KINDS.infantry.radius;
  const starts = scatter(grid, 1901, count, SCATTER_SPACING, r + 0.2, { x0: 2, y0: 2, x1: side - 2, y1: side - 2 }, (p) => Math.hypot(p.x - point.x, p.y - point.y) < 16);
  const agents = starts.map((p) => ({ kind: KINDS.infantry, start: { ...p, heading: toward(p, point) }, goal: point }));
  const near = nearRadius(count, r);
  return checked({
    name: 'rally',
    description: `${count} infantry scattered (seeded) over open ground ${side} x ${side}, at least 16 tiles from the point, all ordered to it; arrived = still for ${STILL_SECONDS} s within ${near.toFixed(1)} tiles of it`,
    grid,
    agents,
    orders: [{ agents: agents.map((_, i) => i), point }],
    arrival: { rule: 'near', radius: () => near },
  });
}

/** Three groups of 12 infantry on the demo map: over the bridges both ways, and into the town through its gate. */
export function demo(): Scenario {
  // The walls alone (bench/lib/demo-map.ts): DetourCrowd has no tile costs, so neither side plans on them.
  const { walls: grid } = loadDemoGrids();
  const r = KINDS.infantry.radius;
  const groups: { from: Point; to: Point }[] = [
    // North of the river, across the bridges (x 36-38 and 42-44, y 25-35) to the south bank.
    { from: { x: 41, y: 18 }, to: { x: 41, y: 42 } },
    // The other way over the same bridges.
    { from: { x: 41, y: 43 }, to: { x: 41, y: 18 } },
    // From the open ground south-east of the town, through its gate (x 19, y 41-44), into the town.
    { from: { x: 28, y: 54 }, to: { x: 13, y: 46.5 } },
  ];
  const agents: AgentSpec[] = [];
  const orders: Order[] = [];
  for (const g of groups) {
    const ids: number[] = [];
    for (const p of block(g.from.x, g.from.y, 4, 3, 1.2)) {
      ids.push(agents.length);
      agents.push({ kind: KINDS.infantry, start: { ...p, heading: toward(p, g.to) }, goal: g.to });
    }
    orders.push({ agents: ids, point: g.to });
  }
  const near = nearRadius(12, r);
  return checked({
    name: 'demo',
    description: `three groups of 12 infantry on the demo map (assets/demo-map.json, walls only: no tile costs): over the bridges north to south and south to north, and into the town through its gate; each group to one point, arrived = still for ${STILL_SECONDS} s within ${near.toFixed(1)} tiles of it`,
    grid,
    agents,
    orders,
    arrival: { rule: 'near', radius: () => near },
  });
}

/**
 * The cost run: `count` infantry scattered over a 64 x 64 field with seeded 2 x 2 pillars, each
 * sent to another's start at least {@link SWARM_MIN_TRIP} tiles away, so all of them move at once.
 */
export function swarm(count = 200): Scenario {
  const side = 64;
  const rng = makeRng(1902);
  const pillars: Point[] = [];
  for (let i = 0; i < 12; i++) pillars.push({ x: 6 + rng.int(side - 12), y: 6 + rng.int(side - 12) });
  const grid = Grid.fromPredicate(side, side, (x, y) => pillars.some((p) => x >= p.x && x < p.x + 2 && y >= p.y && y < p.y + 2));
  const r = KINDS.infantry.radius;
  const starts = scatter(grid, 1903, count, SCATTER_SPACING + 0.3, r + 0.2, { x0: 2, y0: 2, x1: side - 2, y1: side - 2 });
  // Each goal is another agent's start, picked greedily among those far enough away.
  const free = new Set(starts.map((_, i) => i));
  const goals: Point[] = starts.map((p, i) => {
    const far = [...free].filter((j) => j !== i && Math.hypot(starts[j]!.x - p.x, starts[j]!.y - p.y) >= SWARM_MIN_TRIP);
    const pool = far.length > 0 ? far : [...free].filter((j) => j !== i);
    const j = pool.length > 0 ? pool[rng.int(pool.length)]! : i;
    free.delete(j);
    return { ...starts[j]! };
  });
  const agents = starts.map((p, i) => ({ kind: KINDS.infantry, start: { ...p, heading: toward(p, goals[i]!) }, goal: goals[i]! }));
  return checked({
    name: 'swarm',
    description: `the cost run: ${count} infantry scattered (seeded) over a ${side} x ${side} field with 12 pillars 2 x 2, each sent to another's start (a trip of ${SWARM_MIN_TRIP} tiles or more where one is left)`,
    grid,
    agents,
    orders: agents.map((_, i) => ({ agents: [i] })),
    arrival: { rule: 'exact', tolerance: EXACT_TOLERANCE },
  });
}

/** A swarm agent's shortest trip, tiles: long enough that all are still moving after several seconds. */
const SWARM_MIN_TRIP = 20;

/** Every scenario by name, in the order the report lists them. */
export const SCENARIOS: Readonly<Record<string, (units?: number) => Scenario>> = {
  circle: () => circle(),
  corridor: () => corridor(),
  bridge: () => bridge(),
  'bridge-2-tanks': () => bridgeSubset('bridge-2-tanks', 1, 0),
  'bridge-8-tanks': () => bridgeSubset('bridge-8-tanks', 4, 0),
  'bridge-4-tanks-16-infantry': () => bridgeSubset('bridge-4-tanks-16-infantry', 2, 8),
  rally: () => rally(),
  demo: () => demo(),
  swarm: (units) => swarm(units),
};
