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
import { normalizeAngle, TWO_PI } from './angle.js';
import { dubins } from './dubins.js';
import { IndexedHeap } from '../search/heap.js';
import { forEachSweptCell } from './footprint.js';
import type { ResolvedProfile } from './profile.js';
import { reedsShepp } from './reeds-shepp.js';
import { arcSegment, lineSegment, type Pose, type Segment } from './segment.js';
import { SegmentPath, type Curve } from './segment-path.js';

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

/** Cost agreement for two moves that make the same curve (an exact split at a lattice state). */
const COST_EPSILON = 1e-9;

/** The widest window the bitmask hit check handles: 2 · extent + 1 columns in one 32-bit word. */
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

/** The heading of lattice index `k` of `headings`, in (-π, π]. */
export function latticeHeading(k: number, headings: number): number {
  return normalizeAngle((k * TWO_PI) / headings);
}

/** A segment turned a quarter turn clockwise (on screen) about (0.5, 0.5), the centre of cell (0, 0). */
function rotateSegment(seg: Segment): Segment {
  const start = { x: 1 - seg.y, y: seg.x, heading: seg.heading + Math.PI / 2 };
  return seg.kind === 'line'
    ? lineSegment(start, seg.length, seg.reverse)
    : arcSegment(start, seg.radius, seg.turn, seg.length, seg.reverse);
}

/** One candidate move of a first-quadrant heading. */
interface Candidate {
  k: number;
  dx: number;
  dy: number;
  k2: number;
  curve: Curve;
  cost: number;
  /** Touched cells, as x, y pairs relative to the start cell. */
  cells: Int8Array;
  kept: boolean;
}

/**
 * Every move of one profile, grouped by start heading, in flat typed arrays for the search's inner
 * loop. A move's template curve starts at the centre of cell (0, 0), i.e. at (0.5, 0.5).
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
  readonly cellX: Int8Array;
  readonly cellY: Int8Array;
  /**
   * The same cells as row masks over the window of columns -maxExtent .. maxExtent: move m touches
   * row `maskRow[i]` (offset) in the columns of bit set `mask[i]`, i in `maskFirst[m] .. maskFirst[m + 1] - 1`.
   * Present only when maxExtent <= {@link MAX_MASK_EXTENT}.
   */
  readonly maskFirst: Int32Array;
  readonly maskRow: Int8Array;
  readonly mask: Int32Array;
  /** The template curves. */
  readonly curves: readonly SegmentPath[];
  /** The largest extent over all moves. */
  readonly maxExtent: number;
  private readonly lookup: Int32Array;

  constructor(
    readonly profile: ResolvedProfile,
    headings: HeadingCount,
    neighborhood: Neighborhood,
  ) {
    this.headings = headings;
    const rings = ringsOf(neighborhood);
    this.rings = rings;
    const quarter = headings / 4;
    const side = 2 * rings + 1;
    const candidates = this.candidates(quarter);
    this.prune(candidates, quarter, side);
    const kept = candidates.filter((c) => c.kept);
    const count = kept.length * 4;
    this.first = new Int32Array(headings + 1);
    this.dx = new Int8Array(count);
    this.dy = new Int8Array(count);
    this.endHeading = new Uint8Array(count);
    this.cost = new Float64Array(count);
    this.length = new Float64Array(count);
    this.extent = new Uint8Array(count);
    this.cellFirst = new Int32Array(count + 1);
    this.lookup = new Int32Array(headings * side * side * headings).fill(-1);
    const curves: SegmentPath[] = [];
    const xs: number[] = [];
    const ys: number[] = [];
    let maxExtent = 0;
    let m = 0;
    // Heading k = kc + q · quarter is candidate kc turned q quarter turns.
    for (let q = 0; q < 4; q++) {
      for (let kc = 0; kc < quarter; kc++) {
        const k = kc + q * quarter;
        for (const c of kept) {
          if (c.k !== kc) continue;
          const [dx, dy] = rotateOffset(c.dx, c.dy, q);
          const k2 = (c.k2 + q * quarter) % headings;
          this.dx[m] = dx;
          this.dy[m] = dy;
          this.endHeading[m] = k2;
          this.cost[m] = c.cost;
          this.length[m] = c.curve.length;
          let segs: Segment[] = [...c.curve.path.segments];
          for (let i = 0; i < q; i++) segs = segs.map(rotateSegment);
          curves.push(new SegmentPath(segs));
          this.lookup[this.slot(k, dx, dy, k2)] = m;
          let extent = 0;
          for (let i = 0; i < c.cells.length; i += 2) {
            const [x, y] = rotateOffset(c.cells[i]!, c.cells[i + 1]!, q);
            xs.push(x);
            ys.push(y);
            extent = Math.max(extent, Math.abs(x), Math.abs(y));
          }
          this.extent[m] = extent;
          maxExtent = Math.max(maxExtent, extent);
          m++;
          this.cellFirst[m] = xs.length;
        }
        this.first[k + 1] = m;
      }
    }
    this.cellX = Int8Array.from(xs);
    this.cellY = Int8Array.from(ys);
    this.curves = curves;
    this.maxExtent = maxExtent;
    const masks = this.buildMasks();
    this.maskFirst = masks.first;
    this.maskRow = masks.row;
    this.mask = masks.mask;
  }

  /** Number of moves. */
  get size(): number {
    return this.cost.length;
  }

  /** The move from heading `k` to offset (dx, dy) at heading `k2`, or -1 when there is none. */
  index(k: number, dx: number, dy: number, k2: number): number {
    const r = this.rings;
    if (Math.abs(dx) > r || Math.abs(dy) > r) return -1;
    return this.lookup[this.slot(k, dx, dy, k2)]!;
  }

  private slot(k: number, dx: number, dy: number, k2: number): number {
    const side = 2 * this.rings + 1;
    return ((k * side + dy + this.rings) * side + dx + this.rings) * this.headings + k2;
  }

  /** Every move of the first-quadrant headings, with the cells it touches. */
  private candidates(quarter: number): Candidate[] {
    const { headings, profile, rings } = this;
    const out: Candidate[] = [];
    for (let k = 0; k < quarter; k++) {
      const from = { x: 0.5, y: 0.5, heading: latticeHeading(k, headings) };
      for (let dy = -rings; dy <= rings; dy++) {
        for (let dx = -rings; dx <= rings; dx++) {
          if (dx === 0 && dy === 0) continue;
          for (let k2 = 0; k2 < headings; k2++) {
            const curve = curveBetween(profile, from, { x: dx + 0.5, y: dy + 0.5, heading: latticeHeading(k2, headings) });
            out.push({ k, dx, dy, k2, curve, cost: costOf(profile, curve), cells: sweptCells(curve.path, profile.clearance), kept: true });
          }
        }
      }
    }
    return out;
  }

  /**
   * Drops the loops a chain of loop-free moves replaces (see {@link LOOP_SLACK}), then every move
   * that two cheaper kept moves make exactly (a straight of two tiles is two straights of one):
   * same cost, and the same curve unless the shortest curve is not unique.
   */
  private prune(candidates: Candidate[], quarter: number, side: number): void {
    const { headings, rings } = this;
    const index = new Map<number, Candidate>();
    const key = (k: number, dx: number, dy: number, k2: number): number => ((k * side + dy + rings) * side + dx + rings) * headings + k2;
    for (const c of candidates) index.set(key(c.k, c.dx, c.dy, c.k2), c);
    /** The move from any heading k, found through its first-quadrant rotation. */
    const moveOf = (k: number, dx: number, dy: number, k2: number): Candidate | undefined => {
      const q = Math.floor(k / quarter);
      const [rx, ry] = rotateOffset(dx, dy, (4 - q) % 4);
      return index.get(key(k - q * quarter, rx, ry, (k2 - q * quarter + headings) % headings));
    };
    const loopFree = candidates.filter((c) => turningOf(c.curve.path) <= LOOP_TURN + COST_EPSILON);
    for (let kc = 0; kc < quarter; kc++) {
      const loops = candidates.filter((c) => c.k === kc && turningOf(c.curve.path) > LOOP_TURN + COST_EPSILON);
      if (loops.length === 0) continue;
      const bound = LOOP_SLACK * Math.max(...loops.map((c) => c.cost));
      const dist = this.openGroundDistances(kc, loopFree, quarter, bound);
      for (const c of loops) if (dist(c.dx, c.dy, c.k2) <= LOOP_SLACK * c.cost) c.kept = false;
    }
    const order = candidates.filter((c) => c.kept).sort((a, b) => a.cost - b.cost);
    for (const c of order) {
      for (let ty = -rings; ty <= rings && c.kept; ty++) {
        for (let tx = -rings; tx <= rings && c.kept; tx++) {
          const rx = c.dx - tx;
          const ry = c.dy - ty;
          if ((tx === 0 && ty === 0) || (rx === 0 && ry === 0) || Math.abs(rx) > rings || Math.abs(ry) > rings) continue;
          for (let k1 = 0; k1 < headings; k1++) {
            const head = index.get(key(c.k, tx, ty, k1));
            if (head === undefined || !head.kept || !(head.cost < c.cost)) continue;
            const tail = moveOf(k1, rx, ry, c.k2);
            if (tail === undefined || !tail.kept || !(tail.cost < c.cost)) continue;
            if (head.cost + tail.cost <= c.cost + COST_EPSILON) {
              c.kept = false;
              break;
            }
          }
        }
      }
    }
  }

  /**
   * Cheapest costs from state (0, 0, kc) over `moves` (first-quadrant moves, rotated to every
   * heading) on an empty plane, up to `bound`; a function of (dx, dy, k) giving Infinity beyond.
   */
  private openGroundDistances(
    kc: number,
    moves: readonly Candidate[],
    quarter: number,
    bound: number,
  ): (dx: number, dy: number, k: number) => number {
    const headings = this.headings;
    const reach = Math.ceil(bound) + this.rings;
    const side = 2 * reach + 1;
    const id = (x: number, y: number, k: number): number => ((y + reach) * side + x + reach) * headings + k;
    const size = side * side * headings;
    const g = new Float64Array(size).fill(Infinity);
    const done = new Uint8Array(size);
    const heap = new IndexedHeap(size);
    const byHeading: [number, number, number, number][][] = [];
    for (let k = 0; k < headings; k++) {
      const q = Math.floor(k / quarter);
      byHeading.push(
        moves
          .filter((c) => c.k === k - q * quarter)
          .map((c) => {
            const [dx, dy] = rotateOffset(c.dx, c.dy, q);
            return [dx, dy, (c.k2 + q * quarter) % headings, c.cost];
          }),
      );
    }
    const start = id(0, 0, kc);
    g[start] = 0;
    heap.push(start, 0, 0);
    while (heap.size > 0) {
      const u = heap.pop();
      done[u] = 1;
      const k = u % headings;
      const cell = (u - k) / headings;
      const x = (cell % side) - reach;
      const y = Math.floor(cell / side) - reach;
      for (const [dx, dy, k2, cost] of byHeading[k]!) {
        const nx = x + dx;
        const ny = y + dy;
        const ng = g[u]! + cost;
        if (Math.abs(nx) > reach || Math.abs(ny) > reach || ng > bound) continue;
        const v = id(nx, ny, k2);
        if (done[v] === 1 || !(ng < g[v]!)) continue;
        if (g[v] === Infinity) heap.push(v, ng, ng);
        else heap.decrease(v, ng, ng);
        g[v] = ng;
      }
    }
    return (dx, dy, k) => g[id(dx, dy, k)]!;
  }

  private buildMasks(): { first: Int32Array; row: Int8Array; mask: Int32Array } {
    const n = this.size;
    const first = new Int32Array(n + 1);
    if (this.maxExtent > MAX_MASK_EXTENT) return { first, row: new Int8Array(0), mask: new Int32Array(0) };
    const e = this.maxExtent;
    const rows: number[] = [];
    const masks: number[] = [];
    const perRow = new Int32Array(2 * e + 1);
    for (let m = 0; m < n; m++) {
      perRow.fill(0);
      for (let i = this.cellFirst[m]!; i < this.cellFirst[m + 1]!; i++) {
        perRow[this.cellY[i]! + e]! |= 1 << (this.cellX[i]! + e);
      }
      for (let r = 0; r <= 2 * e; r++) {
        if (perRow[r] !== 0) {
          rows.push(r - e);
          masks.push(perRow[r]!);
        }
      }
      first[m + 1] = rows.length;
    }
    return { first, row: Int8Array.from(rows), mask: Int32Array.from(masks) };
  }
}

/** (dx, dy) turned q quarter turns clockwise on screen: (x, y) → (-y, x) per turn. */
function rotateOffset(dx: number, dy: number, q: number): [number, number] {
  let x = dx;
  let y = dy;
  for (let i = 0; i < q; i++) {
    const t = x;
    x = -y;
    y = t;
  }
  return [x, y];
}

/** The distinct cells a disc of radius `rho` touches along `path`, as x, y pairs relative to cell (0, 0). */
function sweptCells(path: SegmentPath, rho: number): Int8Array {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const seg of path.segments) {
    forEachSweptCell(seg, rho, (x, y) => {
      const key = (x + 128) * 256 + (y + 128);
      if (seen.has(key)) return;
      seen.add(key);
      out.push(x, y);
    });
  }
  return Int8Array.from(out);
}

/** Move sets kept for reuse, most recent last; a handful of profiles per game is typical. */
const cache = new Map<string, MoveSet>();
const CACHE_SIZE = 16;

/**
 * The move set for a profile, built on first use and cached (by geometry, costs, headings and
 * neighbourhood).
 */
export function moveSetFor(profile: ResolvedProfile, headings: HeadingCount, neighborhood: Neighborhood): MoveSet {
  const key = `${profile.key}|${headings}|${neighborhood}`;
  let set = cache.get(key);
  if (set) {
    cache.delete(key);
  } else {
    set = new MoveSet(profile, headings, neighborhood);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, set);
  return set;
}
