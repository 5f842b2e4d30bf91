/**
 * What the directional search charges on a grid with tile costs (issue 18): a curve costs the
 * integral of the cell costs along its centre line (reversing weighted by the profile's reverse
 * cost), plus the turn penalty per radian turned; on a uniform grid that is its plain cost.
 *
 * For the search's moves the pieces of every move's curve in the cells around its start are found
 * once per move set ({@link MoveCosts}), so a move's cost at a cell is a short sum of reads.
 */
import { eachCellPiece, pathCost, type CellPieceVisitor } from '../curves/cell-pieces.js';
import type { Segment } from '../curves/segment.js';
import type { Curve } from '../curves/segment-path.js';
import type { Grid } from '../grid/grid.js';
import { runBuild, unitsFor, type BuildWork } from '../search/stepped-build.js';
import type { ResolvedProfile } from '../unit/profile.js';
import { costOf, type MoveSet } from './hit-check.js';

/**
 * Moves walked into cell pieces per work unit: a template curve rotated and made (a few objects)
 * and two to six pieces found, about 2 µs a move.
 */
const MOVES_PER_UNIT = 0.5;

/** Moves a piece of the build handles before it yields. */
const MOVES_PER_PIECE = 64;

/** {@link MoveCosts.lowerBound} times this stays below the sum it bounds, whatever the rounding (a few ulps of ~20 terms). */
const LOWER_BOUND_SHAVE = 1 - 1e-12;

/** The cost of `segments` on `grid`: the cell integral on a weighted grid, else the plain cost; plus the turn penalty. */
export function segmentsCostOn(grid: Grid, profile: ResolvedProfile, segments: readonly Segment[]): number {
  let turn = 0;
  if (profile.turnPenalty > 0) for (const s of segments) if (s.kind === 'arc') turn += s.length / s.radius;
  return pathCost(grid, segments, profile.reverseCost) + profile.turnPenalty * turn;
}

/** {@link costOf} a curve, on `grid`: with tile costs, the integral of cell costs along it. */
export function curveCostOn(grid: Grid, profile: ResolvedProfile, curve: Curve): number {
  return grid.weighted ? segmentsCostOn(grid, profile, curve.path.segments) : costOf(profile, curve);
}

/**
 * Every move of a {@link MoveSet} as pieces of its centre line in cells, offsets from the start
 * cell: move m's pieces are `first[m]` .. `first[m + 1] - 1`, in cell (x, y) with length `length`
 * (reverse weighted), or along the edge between (x, y) and (ax, ay) where those differ, plus
 * `extra[m]`, the turn penalty of its curve. Built once per move set, on the first query on a
 * grid with tile costs.
 */
export class MoveCosts {
  /**
   * Per move, the largest Chebyshev offset of its pieces' cells, or -1 when one runs along an
   * edge (its cost needs the blocked test): a move whose start is that far inside the map reads
   * its cells at fixed offsets.
   */
  private readonly reach: Int16Array;
  /** Per move, its pieces' lengths summed (reverse weighted): what it costs on cells of cost 1, turn penalty aside. */
  private readonly lengthSum: Float64Array;
  /** The largest Chebyshev offset of any cell a move's cost reads (both sides of an edge piece): see {@link lowerBound}. */
  readonly span: number;
  /** The pieces' cells as index offsets, for the map width they were made for. */
  private offsets = new Int32Array(0);
  private offsetsWidth = -1;

  constructor(
    readonly first: Int32Array,
    readonly x: Int16Array,
    readonly y: Int16Array,
    readonly ax: Int16Array,
    readonly ay: Int16Array,
    readonly length: Float64Array,
    readonly extra: Float64Array,
  ) {
    this.reach = new Int16Array(first.length - 1);
    this.lengthSum = new Float64Array(first.length - 1);
    let span = 0;
    for (let i = 0; i < x.length; i++) span = Math.max(span, Math.abs(x[i]!), Math.abs(y[i]!), Math.abs(ax[i]!), Math.abs(ay[i]!));
    this.span = span;
    for (let m = 0; m + 1 < first.length; m++) {
      for (let i = first[m]!; i < first[m + 1]!; i++) this.lengthSum[m]! += length[i]!;
      let r = 0;
      for (let i = first[m]!; i < first[m + 1]!; i++) {
        if (ax[i] !== x[i] || ay[i] !== y[i]) {
          r = -1;
          break;
        }
        r = Math.max(r, Math.abs(x[i]!), Math.abs(y[i]!));
      }
      this.reach[m] = r;
    }
  }

  /** The pieces' index offsets for a map `width` wide (made on a new width: planners of one profile share this table). */
  private offsetsFor(width: number): Int32Array {
    if (width !== this.offsetsWidth) {
      if (this.offsets.length !== this.x.length) this.offsets = new Int32Array(this.x.length);
      for (let i = 0; i < this.x.length; i++) this.offsets[i] = this.y[i]! * width + this.x[i]!;
      this.offsetsWidth = width;
    }
    return this.offsets;
  }

  /**
   * A lower bound on {@link cost} of move m from a cell around which (within {@link span}, cells
   * off the map counting 1) no cell costs less than `least`: each piece costs at least `least` a
   * tile. Shaved by a relative 1e-12 so that the rounding of the two sums never puts it above.
   */
  lowerBound(m: number, least: number): number {
    return (this.extra[m]! + least * this.lengthSum[m]!) * LOWER_BOUND_SHAVE;
  }

  /**
   * The cost of move m from cell (cx, cy) on `grid`: each piece's length times its cell's cost (an
   * edge piece the cheaper free side), plus the turn penalty. A move off the map or into a wall
   * gets some cost: the search's hit check drops it anyway.
   */
  cost(grid: Grid, m: number, cx: number, cy: number): number {
    const { width, height, cells } = grid;
    const costs = grid.costs;
    const r = this.reach[m]!;
    if (costs !== null && r >= 0 && cx >= r && cy >= r && cx + r < width && cy + r < height) {
      // Inside the map and no edge piece: each piece a read at a fixed offset from the cell.
      const offsets = this.offsetsFor(width);
      const base = cy * width + cx;
      let sum = this.extra[m]!;
      const end = this.first[m + 1]!;
      for (let i = this.first[m]!; i < end; i++) sum += this.length[i]! * costs[base + offsets[i]!]!;
      return sum;
    }
    let c = this.extra[m]!;
    const end = this.first[m + 1]!;
    for (let i = this.first[m]!; i < end; i++) {
      const x = cx + this.x[i]!;
      const y = cy + this.y[i]!;
      const inside = x >= 0 && y >= 0 && x < width && y < height;
      let k = inside && costs !== null ? costs[y * width + x]! : 1;
      const bx = cx + this.ax[i]!;
      const by = cy + this.ay[i]!;
      if (bx !== x || by !== y) {
        // Along an edge: the cheaper of the free sides (a legal move has one).
        const other = bx >= 0 && by >= 0 && bx < width && by < height;
        const kb = other && costs !== null ? costs[by * width + bx]! : 1;
        const freeA = inside && cells[y * width + x] === 0;
        const freeB = other && cells[by * width + bx] === 0;
        k = freeA && freeB ? Math.min(k, kb) : freeB ? kb : freeA ? k : Math.min(k, kb);
      }
      c += this.length[i]! * k;
    }
    return c;
  }
}

/** Collects one curve's pieces into growable arrays. */
class PieceCollector implements CellPieceVisitor {
  x: number[] = [];
  y: number[] = [];
  ax: number[] = [];
  ay: number[] = [];
  length: number[] = [];
  factor = 1;

  piece(cx: number, cy: number, ax: number, ay: number, length: number): void {
    this.x.push(cx);
    this.y.push(cy);
    this.ax.push(ax);
    this.ay.push(ay);
    this.length.push(length * this.factor);
  }
}

const built = new WeakMap<MoveSet, MoveCosts>();

/** The {@link MoveCosts} of a move set, built as resumable work once and shared. */
export function* moveCostsWork(moves: MoveSet): BuildWork<MoveCosts> {
  const known = built.get(moves);
  if (known !== undefined) return known;
  const profile = moves.profile;
  const out = new PieceCollector();
  const first = new Int32Array(moves.size + 1);
  const extra = new Float64Array(moves.size);
  for (let m = 0; m < moves.size; m++) {
    if (m % MOVES_PER_PIECE === 0) yield unitsFor(Math.min(MOVES_PER_PIECE, moves.size - m), MOVES_PER_UNIT);
    const segments = moves.curve(m).segments;
    let turn = 0;
    for (const s of segments) {
      out.factor = s.reverse ? profile.reverseCost : 1;
      eachCellPiece(s, out);
      if (s.kind === 'arc') turn += s.length / s.radius;
    }
    extra[m] = profile.turnPenalty * turn;
    first[m + 1] = out.x.length;
  }
  const table = new MoveCosts(
    first,
    Int16Array.from(out.x),
    Int16Array.from(out.y),
    Int16Array.from(out.ax),
    Int16Array.from(out.ay),
    Float64Array.from(out.length),
    extra,
  );
  built.set(moves, table);
  return table;
}

/** {@link moveCostsWork} in one call. */
export function moveCostsOf(moves: MoveSet): MoveCosts {
  return runBuild(moveCostsWork(moves));
}
