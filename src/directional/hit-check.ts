/**
 * Hit-check tables (Pinter 2001): for every move of the directional search, from a tile centre at
 * one of the lattice headings to a tile centre in the Directional-8, -24 or -48 neighbourhood at
 * any lattice heading along the shortest curve (Dubins, or Reeds-Shepp when the unit reverses),
 * the cells the footprint touches anywhere along the curve. A move is legal iff none of its cells
 * is blocked. Built once per profile, heading count and neighbourhood, and cached.
 *
 * The table is built for the headings of the first quadrant and rotated by quarter turns (which
 * map tile centres to tile centres and cells to cells), so the other three quadrants cost nothing
 * and are exactly as sound.
 */
import { normalizeAngle, TWO_PI } from '../curves/angle.js';
import { dubins } from '../curves/dubins.js';
import { IndexedHeap } from '../search/heap.js';
import { MAX_PIECE_UNITS, runBuild, unitsFor, type BuildWork } from '../search/stepped-build.js';
import { sweptCellsWork } from '../curves/footprint.js';
import type { ResolvedProfile } from '../unit/profile.js';
import { reedsShepp } from '../curves/reeds-shepp.js';
import { arcSegment, lineSegment, type Pose, type Segment } from '../curves/segment.js';
import { SegmentPath, type Curve } from '../curves/segment-path.js';

/** Headings per full turn the directional search uses. */
export type HeadingCount = 8 | 16;

/** The neighbourhood of a move's target: tiles within 1, 2 or 3 rings. */
export type Neighborhood = 8 | 24 | 48;

/** Rings of the neighbourhood: 8 → 1, 24 → 2, 48 → 3. */
export function ringsOf(neighborhood: Neighborhood): number {
  return neighborhood === 8 ? 1 : neighborhood === 24 ? 2 : 3;
}

/**
 * A move turning through more than this (radians, summed over its arcs) is a loop. Loops are kept
 * only where they are needed: when a large turning radius leaves the neighbourhood no other way to
 * change heading.
 */
export const LOOP_TURN = Math.PI;

/**
 * A loop is dropped when a chain of loop-free moves reaches the same state for at most this
 * factor of its cost (in open ground; among obstacles the chain may be blocked where the loop is
 * not, but the loop's wide circle is the likelier one to hit something).
 */
export const LOOP_SLACK = 1.25;

/**
 * The open-ground search that decides {@link LOOP_SLACK} looks at most this many times a loop's
 * length from its start: with the default reverse cost (2) and no turn penalty the cost bound is
 * at most 2.5 lengths, so only penalties or reverse costs beyond that are cut.
 */
const LOOP_REACH_PER_LENGTH = 4;

/** Cost agreement for two moves that make the same curve (an exact split at a lattice state). */
const COST_EPSILON = 1e-9;

/** The widest window the bit-set hit check (move-bits.ts) handles: 2 · extent + 1 columns in one 32-bit word. */
export const MAX_MASK_EXTENT = 15;

/** The total turning of a curve, radians. */
export function turningOf(path: SegmentPath): number {
  let turn = 0;
  for (const s of path.segments) if (s.kind === 'arc') turn += s.length / s.radius;
  return turn;
}

/** The shortest (or cheapest) curve between two poses for a profile: Dubins, or Reeds-Shepp when it reverses. */
export function curveBetween(profile: ResolvedProfile, from: Pose, to: Pose): Curve {
  return profile.reverse
    ? reedsShepp(from, to, profile.turningRadius, { reverseCost: profile.reverseCost })
    : dubins(from, to, profile.turningRadius);
}

/** The cost the search charges for a curve: its (reverse-weighted) cost plus the turn penalty. */
export function costOf(profile: ResolvedProfile, curve: Curve): number {
  return curve.cost + (profile.turnPenalty > 0 ? profile.turnPenalty * turningOf(curve.path) : 0);
}

/**
 * A lower bound on {@link costOf} the curve between two poses, without solving it: a curve is no
 * shorter than the straight line, and it turns through at least the heading change, along arcs of
 * the turning radius; reversing costs at least as much as driving forward.
 */
export function costBound(profile: ResolvedProfile, from: Pose, to: Pose): number {
  const turn = Math.abs(normalizeAngle(to.heading - from.heading));
  return Math.max(Math.hypot(to.x - from.x, to.y - from.y), profile.turningRadius * turn) + profile.turnPenalty * turn;
}

/** The heading of lattice index `k` of `headings`, in (-π, π]. */
export function latticeHeading(k: number, headings: number): number {
  return normalizeAngle((k * TWO_PI) / headings);
}

/**
 * A segment turned q quarter turns clockwise (on screen) about (0.5, 0.5), the centre of cell
 * (0, 0): its start turned one quarter at a time, then one segment made (no segment per quarter).
 */
function rotateSegment(seg: Segment, q: number): Segment {
  let x = seg.x;
  let y = seg.y;
  let heading = seg.heading;
  for (let i = 0; i < q; i++) {
    const old = x;
    x = 1 - y;
    y = old;
    // Normalised each quarter, as a segment made per quarter was: the same bits.
    heading = normalizeAngle(heading + Math.PI / 2);
  }
  const start = { x, y, heading };
  return seg.kind === 'line'
    ? lineSegment(start, seg.length, seg.reverse)
    : arcSegment(start, seg.radius, seg.turn, seg.length, seg.reverse);
}

/**
 * One candidate move of a first-quadrant heading. The prune needs only its cost and turning, so
 * its cells are found only once it is kept ({@link keptCellsWork}): most of a large radius's
 * candidates are pruned (r = 3, D-48: 52 of 3,072 kept), and the cell arrays of the others
 * were garbage the collector copied while the prune ran.
 */
interface Candidate {
  k: number;
  dx: number;
  dy: number;
  k2: number;
  cost: number;
  /** Total turning, radians ({@link turningOf}). */
  turning: number;
  kept: boolean;
  curve: Curve;
  /** Touched cells, as x, y pairs relative to the start cell; set for kept candidates by {@link keptCellsWork}. */
  cells: Int16Array | null;
}

/** The arrays of a {@link MoveSet}, as {@link moveSetWork} builds them (or a move-tables file holds them). */
export interface MoveSetData {
  first: Int32Array;
  dx: Int8Array;
  dy: Int8Array;
  endHeading: Uint8Array;
  cost: Float64Array;
  length: Float64Array;
  extent: Uint8Array;
  cellFirst: Int32Array;
  cellX: Int16Array;
  cellY: Int16Array;
  templates: readonly (readonly Segment[])[];
  templateOf: Int32Array;
  quarterTurns: Uint8Array;
  maxExtent: number;
  lookup: Int32Array;
}

// Work-unit prices (operations per microsecond, measured on the move-set build; see build.ts).
/**
 * Work units of one Reeds-Shepp curve with its cost: measured 17-25 µs warm at r = 2 and 4 (it
 * tries every word family), 50-100 µs in a cold process; it was charged 4.
 */
const REEDS_SHEPP_CURVE_UNITS = 32;
/** Work units of one Dubins curve with its cost: measured ~6 µs warm at r = 3. */
const DUBINS_CURVE_UNITS = 8;
/**
 * Candidates examined per microsecond by a pass over the candidate objects (a filter, a grouping):
 * measured 15-60 per µs warm (a pointer chase and a closure each), far below a plain loop step.
 */
const CANDIDATES_PER_UNIT = 8;
/** Table lookups of the duplicate-move pruning per microsecond. */
const LOOKUPS_PER_UNIT = 16;
/**
 * Relaxations of the open-ground search per microsecond: most end at the reach or cost bound; a
 * unit of 8 measured 0.06-0.26 µs, so the search (most of a large move set's units) was charged
 * 4-15 times its cost and took that many more frames.
 */
const RELAXATIONS_PER_UNIT = 32;
/** Cells rotated and copied per microsecond. */
const CELLS_PER_UNIT = 32;
/** Moves rotated into the open-ground search's flat arrays per microsecond (measured ~17 ns each warm). */
const MOVES_ADDED_PER_UNIT = 16;
/**
 * States of the open-ground search allocated per microsecond (g, state and heap arrays, ~20 bytes
 * each, zeroed): measured 0.2-0.6 ms for a search of r = 2-4, which rode uncharged on a 2-unit piece.
 */
const STATES_ALLOCATED_PER_UNIT = 256;
/** Plain loop steps (filters, index entries) per microsecond. */
const STEPS_PER_UNIT = 64;

/** Largest number of operations of `perUnit` per microsecond that fits one piece of work. */
function chunkOf(perUnit: number): number {
  return Math.max(1, Math.floor(MAX_PIECE_UNITS * perUnit));
}

/**
 * Every move of one profile, grouped by start heading, in flat typed arrays for the search's inner
 * loop. A move's template curve starts at the centre of cell (0, 0), i.e. at (0.5, 0.5).
 * `new MoveSet(...)` builds it in one call; {@link moveSetWork} builds it in slices.
 */
export class MoveSet {
  readonly headings: HeadingCount;
  readonly rings: number;
  /** The moves from heading k are `first[k]` .. `first[k + 1] - 1`. */
  readonly first: Int32Array;
  readonly dx: Int8Array;
  readonly dy: Int8Array;
  readonly endHeading: Uint8Array;
  /** What the search charges: curve cost plus turn penalty. */
  readonly cost: Float64Array;
  /** Distance travelled, tiles. */
  readonly length: Float64Array;
  /** Largest Chebyshev offset of a touched cell from cell (0, 0). */
  readonly extent: Uint8Array;
  /** The touched cells of move m are `cellX/cellY[cellFirst[m] .. cellFirst[m + 1] - 1]`, offsets from the start cell. */
  readonly cellFirst: Int32Array;
  /** 16-bit: a loop of the largest turning radius reaches more than 127 cells away. */
  readonly cellX: Int16Array;
  readonly cellY: Int16Array;
  /**
   * The first-quadrant curves the moves are turned from: move m is `templates[templateOf[m]]`
   * turned `quarterTurns[m]` quarter turns ({@link curve}). One curve object per first-quadrant
   * move instead of four built ones: a reversing tank's 5,880 moves kept about 25,000 objects
   * alive through the build, and the young-generation collections that copied them took 5 to
   * 10 ms inside a frame.
   */
  private readonly templates: readonly (readonly Segment[])[];
  private readonly templateOf: Int32Array;
  private readonly quarterTurns: Uint8Array;
  /** The largest extent over all moves. */
  readonly maxExtent: number;
  /** One more than the move's index by {@link slotOf}; 0 where there is none. */
  private readonly lookup: Int32Array;

  /** Builds the move set in one call; `data` is for {@link moveSetWork}, which built it already. */
  constructor(
    readonly profile: ResolvedProfile,
    headings: HeadingCount,
    neighborhood: Neighborhood,
    data?: MoveSetData,
  ) {
    this.headings = headings;
    this.rings = ringsOf(neighborhood);
    const d = data ?? runBuild(moveSetData(profile, headings, neighborhood));
    this.first = d.first;
    this.dx = d.dx;
    this.dy = d.dy;
    this.endHeading = d.endHeading;
    this.cost = d.cost;
    this.length = d.length;
    this.extent = d.extent;
    this.cellFirst = d.cellFirst;
    this.cellX = d.cellX;
    this.cellY = d.cellY;
    this.templates = d.templates;
    this.templateOf = d.templateOf;
    this.quarterTurns = d.quarterTurns;
    this.maxExtent = d.maxExtent;
    this.lookup = d.lookup;
  }

  /** The arrays the move set is made of (shared, not copied): what a move-tables file stores. */
  toData(): Readonly<MoveSetData> {
    return {
      first: this.first,
      dx: this.dx,
      dy: this.dy,
      endHeading: this.endHeading,
      cost: this.cost,
      length: this.length,
      extent: this.extent,
      cellFirst: this.cellFirst,
      cellX: this.cellX,
      cellY: this.cellY,
      templates: this.templates,
      templateOf: this.templateOf,
      quarterTurns: this.quarterTurns,
      maxExtent: this.maxExtent,
      lookup: this.lookup,
    };
  }

  /** The template curve of move m, from the centre of cell (0, 0): made on each call. */
  curve(m: number): SegmentPath {
    const segments = this.templates[this.templateOf[m]!]!;
    const q = this.quarterTurns[m]!;
    return new SegmentPath(q === 0 ? [...segments] : segments.map((seg) => rotateSegment(seg, q)));
  }

  /** Number of moves. */
  get size(): number {
    return this.cost.length;
  }

  /** The move from heading `k` to offset (dx, dy) at heading `k2`, or -1 when there is none. */
  index(k: number, dx: number, dy: number, k2: number): number {
    const r = this.rings;
    if (Math.abs(dx) > r || Math.abs(dy) > r) return -1;
    return this.lookup[slotOf(this.rings, this.headings, k, dx, dy, k2)]! - 1;
  }
}

/** The lookup slot of the move from heading k to offset (dx, dy) at heading k2. */
function slotOf(rings: number, headings: number, k: number, dx: number, dy: number, k2: number): number {
  const side = 2 * rings + 1;
  return ((k * side + dy + rings) * side + dx + rings) * headings + k2;
}

/** Builds a {@link MoveSet} as resumable work (see {@link SteppedBuild}). */
export function* moveSetWork(profile: ResolvedProfile, headings: HeadingCount, neighborhood: Neighborhood): BuildWork<MoveSet> {
  const data = yield* moveSetData(profile, headings, neighborhood);
  return new MoveSet(profile, headings, neighborhood, data);
}

function* moveSetData(profile: ResolvedProfile, headings: HeadingCount, neighborhood: Neighborhood): BuildWork<MoveSetData> {
  const rings = ringsOf(neighborhood);
  const quarter = headings / 4;
  const side = 2 * rings + 1;
  const candidates = yield* candidatesWork(profile, headings, rings, quarter);
  yield* pruneWork(candidates, headings, rings, quarter, side);
  const kept: Candidate[] = [];
  const chunk = chunkOf(STEPS_PER_UNIT);
  for (let i = 0; i < candidates.length; i++) {
    if (i % chunk === 0) yield unitsFor(Math.min(chunk, candidates.length - i), STEPS_PER_UNIT);
    if (candidates[i]!.kept) kept.push(candidates[i]!);
  }
  yield* keptCellsWork(profile, kept);
  const count = kept.length * 4;
  let cellCount = 0;
  for (const c of kept) cellCount += 2 * c.cells!.length;
  // Zeroed typed arrays cost next to nothing until written.
  yield unitsFor(count, STEPS_PER_UNIT);
  const first = new Int32Array(headings + 1);
  const dxs = new Int8Array(count);
  const dys = new Int8Array(count);
  const endHeading = new Uint8Array(count);
  const cost = new Float64Array(count);
  const length = new Float64Array(count);
  const extents = new Uint8Array(count);
  const cellFirst = new Int32Array(count + 1);
  const cellX = new Int16Array(cellCount);
  const cellY = new Int16Array(cellCount);
  const lookup = new Int32Array(headings * side * side * headings);
  const templates = kept.map((c) => c.curve.path.segments);
  const templateOf = new Int32Array(count);
  const quarterTurns = new Uint8Array(count);
  let maxExtent = 0;
  let m = 0;
  let n = 0;
  const cellChunk = 2 * chunkOf(CELLS_PER_UNIT);
  // Heading k = kc + q · quarter is candidate kc turned q quarter turns.
  for (let q = 0; q < 4; q++) {
    for (let kc = 0; kc < quarter; kc++) {
      const k = kc + q * quarter;
      for (let t = 0; t < kept.length; t++) {
        const c = kept[t]!;
        if (c.k !== kc) continue;
        const curve = c.curve;
        const cells = c.cells!;
        yield 1;
        const dx = rotatedX(c.dx, c.dy, q);
        const dy = rotatedY(c.dx, c.dy, q);
        const k2 = (c.k2 + q * quarter) % headings;
        dxs[m] = dx;
        dys[m] = dy;
        endHeading[m] = k2;
        cost[m] = c.cost;
        length[m] = curve.length;
        templateOf[m] = t;
        quarterTurns[m] = q;
        lookup[slotOf(rings, headings, k, dx, dy, k2)] = m + 1;
        let extent = 0;
        for (let i = 0; i < cells.length; i += cellChunk) {
          const end = Math.min(cells.length, i + cellChunk);
          yield unitsFor((end - i) / 2, CELLS_PER_UNIT);
          extent = Math.max(extent, rotateCells(cells, i, end, q, cellX, cellY, n));
          n += (end - i) / 2;
        }
        extents[m] = extent;
        maxExtent = Math.max(maxExtent, extent);
        m++;
        cellFirst[m] = n;
      }
      first[k + 1] = m;
    }
  }
  return {
    first,
    dx: dxs,
    dy: dys,
    endHeading,
    cost,
    length,
    extent: extents,
    cellFirst,
    cellX,
    cellY,
    templates,
    templateOf,
    quarterTurns,
    maxExtent,
    lookup,
  };
}

/**
 * Writes the cells of pairs `start` .. `end` - 1 of `cells` (x, y pairs), turned q quarter turns,
 * to `xs`/`ys` from index `at`; returns their largest Chebyshev offset.
 */
function rotateCells(cells: Int16Array, start: number, end: number, q: number, xs: Int16Array, ys: Int16Array, at: number): number {
  let extent = 0;
  for (let i = start; i < end; i += 2) {
    let x = cells[i]!;
    let y = cells[i + 1]!;
    for (let t = 0; t < q; t++) {
      const old = x;
      x = -y;
      y = old;
    }
    xs[at] = x;
    ys[at] = y;
    at++;
    extent = Math.max(extent, Math.abs(x), Math.abs(y));
  }
  return extent;
}

function copyRange(from: readonly number[], to: Int16Array, start: number, end: number): void {
  for (let i = start; i < end; i++) to[i] = from[i]!;
}

/** Every move of the first-quadrant headings, with its curve, cost and turning (its cells come once it is kept). */
function* candidatesWork(profile: ResolvedProfile, headings: HeadingCount, rings: number, quarter: number): BuildWork<Candidate[]> {
  const out: Candidate[] = [];
  const curveUnits = profile.reverse ? REEDS_SHEPP_CURVE_UNITS : DUBINS_CURVE_UNITS;
  for (let k = 0; k < quarter; k++) {
    const from = { x: 0.5, y: 0.5, heading: latticeHeading(k, headings) };
    for (let dy = -rings; dy <= rings; dy++) {
      for (let dx = -rings; dx <= rings; dx++) {
        if (dx === 0 && dy === 0) continue;
        for (let k2 = 0; k2 < headings; k2++) {
          yield curveUnits;
          const curve = curveBetween(profile, from, { x: dx + 0.5, y: dy + 0.5, heading: latticeHeading(k2, headings) });
          out.push({ k, dx, dy, k2, curve, cost: costOf(profile, curve), turning: turningOf(curve.path), cells: null, kept: true });
        }
      }
    }
  }
  return out;
}

/** The cells each kept candidate's footprint touches along its curve. */
function* keptCellsWork(profile: ResolvedProfile, kept: readonly Candidate[]): BuildWork<void> {
  const chunk = chunkOf(CELLS_PER_UNIT);
  // One array for every curve's cells: it grows once, not once a curve.
  const found: number[] = [];
  for (const c of kept) {
    found.length = 0;
    yield* sweptCellsWork(c.curve.path.segments, profile.sweepRadius, found);
    const cells = new Int16Array(found.length);
    for (let i = 0; i < found.length; i += chunk) {
      yield unitsFor(Math.min(chunk, found.length - i), CELLS_PER_UNIT);
      copyRange(found, cells, i, Math.min(found.length, i + chunk));
    }
    c.cells = cells;
  }
}

/**
 * Drops the loops a chain of loop-free moves replaces (see {@link LOOP_SLACK}), then every move
 * that two cheaper kept moves make exactly (a straight of two tiles is two straights of one):
 * same cost, and the same curve unless the shortest curve is not unique.
 */
function* pruneWork(candidates: Candidate[], headings: HeadingCount, rings: number, quarter: number, side: number): BuildWork<void> {
  // Keys of first-quadrant moves only: a small dense table.
  const index = new Array<Candidate | undefined>(quarter * side * side * headings);
  const key = (k: number, dx: number, dy: number, k2: number): number => ((k * side + dy + rings) * side + dx + rings) * headings + k2;
  const chunk = chunkOf(CANDIDATES_PER_UNIT);
  // One pass: the index, the loop-free moves, and the loops by start heading.
  const loopFree: Candidate[][] = Array.from({ length: quarter }, () => []);
  const loopsFrom: Candidate[][] = Array.from({ length: quarter }, () => []);
  for (let i = 0; i < candidates.length; i++) {
    if (i % chunk === 0) yield unitsFor(Math.min(chunk, candidates.length - i), CANDIDATES_PER_UNIT);
    const c = candidates[i]!;
    index[key(c.k, c.dx, c.dy, c.k2)] = c;
    if (c.turning <= LOOP_TURN + COST_EPSILON) loopFree[c.k]!.push(c);
    else loopsFrom[c.k]!.push(c);
  }
  /** The move from any heading k, found through its first-quadrant rotation. */
  const moveOf = (k: number, dx: number, dy: number, k2: number): Candidate | undefined => {
    const q = Math.floor(k / quarter);
    const back = (4 - q) % 4;
    return index[key(k - q * quarter, rotatedX(dx, dy, back), rotatedY(dx, dy, back), (k2 - q * quarter + headings) % headings)];
  };
  for (let kc = 0; kc < quarter; kc++) {
    const loops = loopsFrom[kc]!;
    if (loops.length === 0) continue;
    const dist = yield* openGroundDistancesWork(kc, loopFree, loops, headings, rings, quarter);
    yield unitsFor(loops.length, CANDIDATES_PER_UNIT);
    for (const c of loops) if (dist(c.dx, c.dy, c.k2) <= LOOP_SLACK * c.cost) c.kept = false;
  }
  const kept: Candidate[] = [];
  for (let i = 0; i < candidates.length; i++) {
    if (i % chunk === 0) yield unitsFor(Math.min(chunk, candidates.length - i), CANDIDATES_PER_UNIT);
    if (candidates[i]!.kept) kept.push(candidates[i]!);
  }
  const order = yield* sortByCostWork(kept);
  for (const c of order) {
    for (let ty = -rings; ty <= rings && c.kept; ty++) {
      yield unitsFor(side * headings, LOOKUPS_PER_UNIT);
      if (madeOfTwo(c, ty, index, moveOf, key, headings, rings)) c.kept = false;
    }
  }
}

/** True when two cheaper kept moves, the first ending in row `ty`, make move `c` exactly. */
function madeOfTwo(
  c: Candidate,
  ty: number,
  index: readonly (Candidate | undefined)[],
  moveOf: (k: number, dx: number, dy: number, k2: number) => Candidate | undefined,
  key: (k: number, dx: number, dy: number, k2: number) => number,
  headings: number,
  rings: number,
): boolean {
  for (let tx = -rings; tx <= rings; tx++) {
    const rx = c.dx - tx;
    const ry = c.dy - ty;
    if ((tx === 0 && ty === 0) || (rx === 0 && ry === 0) || Math.abs(rx) > rings || Math.abs(ry) > rings) continue;
    for (let k1 = 0; k1 < headings; k1++) {
      const head = index[key(c.k, tx, ty, k1)];
      if (head === undefined || !head.kept || !(head.cost < c.cost)) continue;
      const tail = moveOf(k1, rx, ry, c.k2);
      if (tail === undefined || !tail.kept || !(tail.cost < c.cost)) continue;
      if (head.cost + tail.cost <= c.cost + COST_EPSILON) return true;
    }
  }
  return false;
}

/**
 * Cheapest costs from state (0, 0, kc) over `moves` (first-quadrant moves by start heading, rotated to every
 * heading) on an empty plane, as far as deciding each of `loops` needs: a function of
 * (dx, dy, k) that is exact where it is at most {@link LOOP_SLACK} times the cost of the loop to
 * that state, and above that otherwise. The search stops once every loop's target is settled or
 * costs more than that bound; its arrays start zeroed (no fill), so it costs only the states it reaches.
 */
function* openGroundDistancesWork(
  kc: number,
  moves: readonly (readonly Candidate[])[],
  loops: readonly Candidate[],
  headings: HeadingCount,
  rings: number,
  quarter: number,
): BuildWork<(dx: number, dy: number, k: number) => number> {
  const bound = LOOP_SLACK * Math.max(...loops.map((c) => c.cost));
  // The window is bounded by the loops' lengths too, not by cost alone: a turn penalty or reverse
  // cost in the thousands made it thousands of tiles wide (a 31 s build, or an array too large to
  // allocate). A chain outside it is simply not found, which keeps that loop: slower, never wrong.
  const reach = Math.ceil(Math.min(bound, LOOP_REACH_PER_LENGTH * Math.max(...loops.map((c) => c.curve.length)))) + rings;
  const side = 2 * reach + 1;
  const size = side * side * headings;
  // One allocation cannot be split: beyond a piece (r >= 6 or so) it is charged a whole piece, its cost in part.
  yield Math.min(MAX_PIECE_UNITS, unitsFor(size, STATES_ALLOCATED_PER_UNIT));
  const search = new OpenGroundSearch(reach, headings, size, bound);
  for (let k = 0; k < headings; k++) {
    const q = Math.floor(k / quarter);
    const mine = moves[k - q * quarter]!;
    yield unitsFor(mine.length, MOVES_ADDED_PER_UNIT);
    search.addMoves(k, mine, q, quarter);
  }
  search.start(kc);
  // Loops by falling bound; `open` counts those whose target is not settled yet.
  const pending = loops.map((c) => ({ id: search.id(c.dx, c.dy, c.k2), bound: LOOP_SLACK * c.cost })).sort((a, b) => b.bound - a.bound);
  const chunk = chunkOf(RELAXATIONS_PER_UNIT);
  let largest = 0;
  while (search.heap.size > 0) {
    const u = search.pop();
    // Settled values only grow: once past the bound of every loop still open, nothing can change a verdict.
    while (largest < pending.length && search.settled(pending[largest]!.id)) largest++;
    if (largest === pending.length || search.g[u]! > pending[largest]!.bound) break;
    const count = search.moveCount(u);
    for (let i = 0; i < count; i += chunk) {
      yield unitsFor(Math.min(chunk, count - i), RELAXATIONS_PER_UNIT);
      search.relax(u, i, Math.min(count, i + chunk));
    }
  }
  return (dx, dy, k) => search.distance(dx, dy, k);
}

/**
 * The state of {@link openGroundDistancesWork}'s Dijkstra search. Its loops are plain methods, not
 * generator code: the engine optimises a hot loop inside a generator poorly.
 */
class OpenGroundSearch {
  readonly heap: IndexedHeap;
  readonly g: Float64Array;
  /** 0: unseen (g unset), 1: open, 2: done. */
  private readonly state: Uint8Array;
  private readonly side: number;
  /** Per heading, the moves as flat (dx, dy, k2) and costs. */
  private readonly steps: Int32Array[] = [];
  private readonly costs: Float64Array[] = [];

  constructor(
    private readonly reach: number,
    private readonly headings: number,
    size: number,
    private readonly bound: number,
  ) {
    this.side = 2 * reach + 1;
    this.g = new Float64Array(size);
    this.state = new Uint8Array(size);
    this.heap = new IndexedHeap(size);
  }

  /** Adds heading k's moves: `mine`, the moves of first-quadrant heading k - q · quarter, turned q quarter turns. */
  addMoves(k: number, mine: readonly Candidate[], q: number, quarter: number): void {
    const steps = new Int32Array(3 * mine.length);
    const costs = new Float64Array(mine.length);
    mine.forEach((c, i) => {
      steps[3 * i] = rotatedX(c.dx, c.dy, q);
      steps[3 * i + 1] = rotatedY(c.dx, c.dy, q);
      steps[3 * i + 2] = (c.k2 + q * quarter) % this.headings;
      costs[i] = c.cost;
    });
    this.steps.push(steps);
    this.costs.push(costs);
  }

  id(x: number, y: number, k: number): number {
    return ((y + this.reach) * this.side + x + this.reach) * this.headings + k;
  }

  start(kc: number): void {
    const s = this.id(0, 0, kc);
    this.g[s] = 0;
    this.state[s] = 1;
    this.heap.push(s, 0, 0);
  }

  pop(): number {
    const u = this.heap.pop();
    this.state[u] = 2;
    return u;
  }

  moveCount(u: number): number {
    return this.costs[u % this.headings]!.length;
  }

  /** Relaxes moves `from` .. `to` - 1 out of state u. */
  relax(u: number, from: number, to: number): void {
    const k = u % this.headings;
    const steps = this.steps[k]!;
    const costs = this.costs[k]!;
    const cell = (u - k) / this.headings;
    const x = (cell % this.side) - this.reach;
    const y = Math.floor(cell / this.side) - this.reach;
    const { g, state, heap, reach, bound } = this;
    const gu = g[u]!;
    for (let i = from; i < to; i++) {
      const nx = x + steps[3 * i]!;
      const ny = y + steps[3 * i + 1]!;
      const ng = gu + costs[i]!;
      if (Math.abs(nx) > reach || Math.abs(ny) > reach || ng > bound) continue;
      const v = this.id(nx, ny, steps[3 * i + 2]!);
      const sv = state[v]!;
      if (sv === 2 || (sv === 1 && !(ng < g[v]!))) continue;
      if (sv === 0) heap.push(v, ng, ng);
      else heap.decrease(v, ng, ng);
      state[v] = 1;
      g[v] = ng;
    }
  }

  settled(id: number): boolean {
    return this.state[id] === 2;
  }

  distance(dx: number, dy: number, k: number): number {
    const v = this.id(dx, dy, k);
    return this.state[v] === 0 ? Infinity : this.g[v]!;
  }
}

/**
 * `items` sorted by cost, ties in their given order (as a stable sort does), as resumable work: a
 * bottom-up merge sort, one chunk of merging a piece.
 */
function* sortByCostWork(items: Candidate[]): BuildWork<Candidate[]> {
  let from = items.slice();
  let to = new Array<Candidate>(items.length);
  const n = items.length;
  const chunk = chunkOf(STEPS_PER_UNIT);
  for (let width = 1; width < n; width *= 2) {
    let done = 0;
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      for (let o = lo; o < hi; o++) {
        if (done++ % chunk === 0) yield unitsFor(chunk, STEPS_PER_UNIT);
        // Left first on ties: stable.
        if (i < mid && (j >= hi || !(from[j]!.cost < from[i]!.cost))) to[o] = from[i++]!;
        else to[o] = from[j++]!;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/**
 * The x of (dx, dy) turned q (0-3) quarter turns clockwise on screen ((x, y) → (-y, x) per turn),
 * without an array (the prune asks millions of times).
 */
function rotatedX(dx: number, dy: number, q: number): number {
  return q === 0 ? dx : q === 1 ? -dy : q === 2 ? -dx : dy;
}

/** The y of (dx, dy) turned q (0-3) quarter turns. */
function rotatedY(dx: number, dy: number, q: number): number {
  return q === 0 ? dy : q === 1 ? dx : q === 2 ? -dy : -dx;
}

/** Move sets kept for reuse, most recent last; a handful of profiles per game is typical. */
const cache = new Map<string, MoveSet>();
const CACHE_SIZE = 16;
/** Move sets loaded from files ({@link preloadMoveSet}), by key: used instead of building. */
const preloaded = new Map<string, MoveSetData>();

/** The key of the move set of a profile, heading count and neighbourhood, as caches and files name it. */
export function moveSetKey(profile: ResolvedProfile, headings: HeadingCount, neighborhood: Neighborhood): string {
  return `${profile.key}|${headings}|${neighborhood}`;
}

/** Makes `data` the move set of `key` (see {@link moveSetKey}) for every planner from now on: none builds it. */
export function preloadMoveSet(key: string, data: MoveSetData): void {
  preloaded.set(key, data);
  cache.delete(key);
}

/** The cached move set for a profile, or one built as resumable work and then cached. */
export function* moveSetBuild(profile: ResolvedProfile, headings: HeadingCount, neighborhood: Neighborhood): BuildWork<MoveSet> {
  const key = moveSetKey(profile, headings, neighborhood);
  if (cache.has(key) || preloaded.has(key)) return moveSetFor(profile, headings, neighborhood);
  const set = yield* moveSetWork(profile, headings, neighborhood);
  remember(key, set);
  return set;
}

function remember(key: string, set: MoveSet): void {
  cache.delete(key);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, set);
}

/**
 * The move set for a profile, built on first use and cached (by geometry, costs, headings and
 * neighbourhood).
 */
export function moveSetFor(profile: ResolvedProfile, headings: HeadingCount, neighborhood: Neighborhood): MoveSet {
  const key = moveSetKey(profile, headings, neighborhood);
  const set = cache.get(key) ?? new MoveSet(profile, headings, neighborhood, preloaded.get(key));
  remember(key, set);
  return set;
}
