/**
 * The obstacle-aware half of the directional heuristic: a lower bound on how far a unit's centre
 * must travel to the goal, from an octile distance field on the grid shrunk by the unit's
 * sweep radius, computed lazily per goal (Silver's Reverse Resumable A*: a backward search from the
 * goal toward the start, resumed whenever a value it has not settled yet is asked for).
 */
import { Grid, type GridArea } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { CornerLattice, OCTILE_STRETCH, SQRT2 } from '../search/lattice.js';
import { CLOSED, SearchMemory } from '../search/memory.js';
import { MOVE_COST, moveTableOf, type MoveTable } from '../search/move-table.js';
import { MAX_PIECE_UNITS, runBuild, unitsFor, type BuildWork } from '../search/stepped-build.js';
import { WallDistanceMap, pointSquareDistance } from '../curves/footprint.js';

/** Dividing by this instead leaves room for the rounding of a long chain of additions. */
const STRETCH_BOUND = OCTILE_STRETCH * (1 + 1e-12);

/** Each cell is probed at SHRINK_SAMPLES × SHRINK_SAMPLES points, the centres of equal sub-squares (odd: the cell centre is one). */
const SHRINK_SAMPLES = 5;

/** Every point of a sub-square lies within this of its probe. */
const SUB_SQUARE_REACH = SQRT2 / 2 / SHRINK_SAMPLES;

/**
 * The grid eroded by a disc radius: a free cell becomes blocked when every point of it lies
 * closer than `radius` to a blocked (or outside) cell, i.e. when no pose of a disc of that
 * radius has its centre in the cell. The cell is probed at the centres of 5 × 5 sub-squares, and
 * blocked only when each probe is closer than `radius` minus the sub-square's half-diagonal:
 * then each whole sub-square is too close. Paths of the unit's centre therefore only use free
 * cells of the shrunk grid, which keeps distances on it lower bounds and its regions supersets of
 * the unit's. A gap narrower than the footprint closes. With `into` (a grid of the same size) the
 * result is written there, so a planner keeps one shrunk grid across edits.
 */
export function shrinkGrid(grid: Grid, radius: number, clear?: WallDistanceMap, into?: Grid): Grid {
  const shrunk = into ?? new Grid(grid.width, grid.height);
  runBuild(shrinkWork(grid, radius, clear ?? new WallDistanceMap(grid), shrunk));
  return shrunk;
}

/** Cells copied, or written through `fill`, per microsecond. */
const COPY_CELLS_PER_UNIT = 128;

/** Distance tests (a blocked-cell read and a point-to-square distance) per microsecond. */
const TESTS_PER_UNIT = 32;

/** Rows of the grid shrunk as one band: one `fill` each. */
const BAND_ROWS = 8;

/**
 * How far (in cells, Chebyshev) the blocked cells that decide whether a cell of the grid shrunk by
 * `radius` is blocked can lie from it: an edit changes shrunk cells within this of it, no farther.
 */
export function shrinkReach(radius: number): number {
  const limit = radius - SUB_SQUARE_REACH;
  return limit > 0 ? Math.ceil(limit) + 1 : 0;
}

/**
 * {@link shrinkGrid} as resumable work: band by band, each written into `into` (a grid of the
 * same size) with one `fill`. `clear` is the grid's wall-distance map, refreshed here when stale.
 * With `area`, only the cells of that box (on the map) are shrunk anew, and their tile costs
 * copied: after an edit, the edited cells grown by {@link shrinkReach}. `clear` must then be up
 * to date already, as a refresh of the whole map is what the area spares.
 */
export function* shrinkWork(grid: Grid, radius: number, clear: WallDistanceMap, into: Grid, area?: GridArea): BuildWork<void> {
  const { width, height } = grid;
  const limit = radius - SUB_SQUARE_REACH;
  if (limit > 0 && area === undefined) yield* clear.refreshWork();
  const reach = Math.ceil(limit) + 1;
  const probes = SHRINK_SAMPLES * SHRINK_SAMPLES;
  // A cell's test costs at most every probe against every cell of the box; when that is too dear
  // for one piece, each ring of the box is a piece.
  const cellUnits = unitsFor(probes * (2 * reach + 1) ** 2, TESTS_PER_UNIT);
  const xa = area?.x ?? 0;
  const ya = area?.y ?? 0;
  const span = area?.width ?? width;
  const yEnd = area === undefined ? height : area.y + area.height;
  const rowChunk = Math.max(1, Math.floor((MAX_PIECE_UNITS * COPY_CELLS_PER_UNIT) / Math.max(1, span)));
  const bandRows = Math.min(BAND_ROWS, rowChunk);
  const band = new Uint8Array(span * bandRows);
  for (let y0 = ya; y0 < yEnd; y0 += bandRows) {
    const rows = Math.min(bandRows, yEnd - y0);
    yield unitsFor(rows * span, COPY_CELLS_PER_UNIT);
    for (let r = 0; r < rows; r++) band.set(grid.cells.subarray((y0 + r) * width + xa, (y0 + r) * width + xa + span), r * span);
    if (limit > 0) {
      for (let y = y0; y < y0 + rows; y++) {
        yield unitsFor(span, COPY_CELLS_PER_UNIT);
        for (let x = nextToTest(grid, clear, y, xa, xa + span, limit); x < xa + span; x = nextToTest(grid, clear, y, x + 1, xa + span, limit)) {
          let blocked: boolean;
          if (cellUnits <= MAX_PIECE_UNITS) {
            yield cellUnits;
            blocked = cellTooClose(grid, clear, x, y, limit, reach);
          } else {
            blocked = yield* cellTooCloseWork(grid, clear, x, y, limit, reach);
          }
          if (blocked) band[(y - y0) * span + x - xa] = 1;
        }
      }
    }
    yield unitsFor(rows * span, COPY_CELLS_PER_UNIT);
    // The band is applied at once: the shrunk grid is read only when the whole build is done.
    into.fill(xa, y0, span, rows, (x, y) => band[(y - y0) * span + x - xa] === 1);
    // The shrunk grid carries the grid's tile costs, for the field's distances (or loses old ones).
    if (grid.weighted || into.weighted) {
      yield unitsFor(rows * span, COPY_CELLS_PER_UNIT);
      into.fillCosts(xa, y0, span, rows, (x, y) => grid.cost(x, y));
    }
  }
}

/** Cells whose costs are compared per microsecond (two typed-array reads and a test). */
const COMPARE_CELLS_PER_UNIT = 256;

/**
 * Brings the tile costs of `into` (a grid of the same size, `grid` shrunk) in line with `grid`'s,
 * as resumable work, after a cost edit that changed no blocking: band by band, only the bands
 * holding a changed cost are written (one `fillCosts` each), so one edited cell costs a compare
 * pass and one band's write, not a shrink of the map. With `area` (a box on the map holding every
 * cost changed since the last copy) only that box is compared.
 */
export function* copyCostsWork(grid: Grid, into: Grid, area?: GridArea): BuildWork<void> {
  if (!grid.weighted && !into.weighted) return;
  const { width, height } = grid;
  const xa = area?.x ?? 0;
  const span = area?.width ?? width;
  const yEnd = area === undefined ? height : area.y + area.height;
  const bandRows = Math.max(1, Math.min(BAND_ROWS, Math.floor((MAX_PIECE_UNITS * COMPARE_CELLS_PER_UNIT) / Math.max(1, span))));
  for (let y0 = area?.y ?? 0; y0 < yEnd; y0 += bandRows) {
    const rows = Math.min(bandRows, yEnd - y0);
    yield unitsFor(rows * span, COMPARE_CELLS_PER_UNIT);
    let differ = false;
    for (let y = y0; y < y0 + rows && !differ; y++) differ = costsDiffer(grid.costs, into.costs, y * width + xa, y * width + xa + span);
    if (!differ) continue;
    yield unitsFor(rows * span, COPY_CELLS_PER_UNIT);
    into.fillCosts(xa, y0, span, rows, (x, y) => grid.cost(x, y));
  }
}

/** True when two cost arrays (null: every cost 1) differ in cells from .. to - 1. */
function costsDiffer(a: Float64Array | null, b: Float64Array | null, from: number, to: number): boolean {
  if (a !== null && b !== null) {
    for (let i = from; i < to; i++) if (a[i] !== b[i]) return true;
    return false;
  }
  const one = a ?? b;
  if (one === null) return false;
  for (let i = from; i < to; i++) if (one[i] !== 1) return true;
  return false;
}

/**
 * The first column from `x` on (before `end`) in row y whose cell needs the probe test, or `end`: free, and
 * near a wall (every blocked cell is at least its Chebyshev wall distance - 1/2 from the cell's centre).
 */
function nextToTest(grid: Grid, clear: WallDistanceMap, y: number, x: number, end: number, limit: number): number {
  for (let i = y * grid.width + x; x < end; x++, i++) if (grid.cells[i] === 0 && clear.values[i]! - 0.5 < limit) return x;
  return end;
}

/** The probe of index j of cell (x, y): the centre probe first, as it is the likeliest to be far enough. */
function probeX(x: number, j: number): number {
  const k = (j + ((SHRINK_SAMPLES * SHRINK_SAMPLES) >> 1)) % (SHRINK_SAMPLES * SHRINK_SAMPLES);
  return x + ((k % SHRINK_SAMPLES) + 0.5) / SHRINK_SAMPLES;
}

function probeY(y: number, j: number): number {
  const k = (j + ((SHRINK_SAMPLES * SHRINK_SAMPLES) >> 1)) % (SHRINK_SAMPLES * SHRINK_SAMPLES);
  return y + (Math.floor(k / SHRINK_SAMPLES) + 0.5) / SHRINK_SAMPLES;
}

/**
 * True when the blocked cells of ring `d` around cell (x, y) (Chebyshev distance exactly d) hold one
 * closer than `limit` to point (px, py).
 */
function ringTooClose(grid: Grid, px: number, py: number, x: number, y: number, d: number, limit: number): boolean {
  for (let by = y - d; by <= y + d; by++) {
    const edge = by === y - d || by === y + d;
    for (let bx = x - d; bx <= x + d; bx += edge ? 1 : 2 * d) {
      if (grid.isBlocked(bx, by) && pointSquareDistance(px, py, bx, by) < limit) return true;
    }
  }
  return false;
}

/**
 * True when every probe of free cell (x, y) is closer than `limit` to a blocked cell of the box of
 * `reach` rings around it. Blocked cells lie no nearer than the cell's Chebyshev wall distance, so the
 * rings inside it are skipped.
 */
function cellTooClose(grid: Grid, clear: WallDistanceMap, x: number, y: number, limit: number, reach: number): boolean {
  const first = Math.max(1, clear.values[y * grid.width + x]!);
  for (let j = 0; j < SHRINK_SAMPLES * SHRINK_SAMPLES; j++) {
    const px = probeX(x, j);
    const py = probeY(y, j);
    let close = false;
    for (let d = first; d <= reach && !close; d++) close = ringTooClose(grid, px, py, x, y, d, limit);
    if (!close) return false;
  }
  return true;
}

/** {@link cellTooClose} as work, a ring a piece, for wide footprints. */
function* cellTooCloseWork(grid: Grid, clear: WallDistanceMap, x: number, y: number, limit: number, reach: number): BuildWork<boolean> {
  const first = Math.max(1, clear.values[y * grid.width + x]!);
  for (let j = 0; j < SHRINK_SAMPLES * SHRINK_SAMPLES; j++) {
    const px = probeX(x, j);
    const py = probeY(y, j);
    let close = false;
    for (let d = first; d <= reach && !close; d++) {
      yield unitsFor(8 * d, TESTS_PER_UNIT);
      close = ringTooClose(grid, px, py, x, y, d, limit);
    }
    if (!close) return false;
  }
  return true;
}

/**
 * Corners the field expands per work unit (about a microsecond): an expansion reads eight
 * neighbours of a corner lattice and pushes a few onto the heap, about 0.25 µs on the benchmark
 * machine (CatwalkAlley, 80,318 corners in about 20 ms).
 */
export const FIELD_CORNERS_PER_UNIT = 4;

/** Open corners re-keyed per work unit when the field changes target (a heap rebuild, O(open)). */
const REKEYS_PER_UNIT = 16;

/**
 * Distances from the goal over the corner lattice of a (shrunk) grid: orthogonal steps along an
 * edge with a free cell beside it, diagonal steps across a free cell. Such a lattice path follows
 * any free straight segment between corners within {@link OCTILE_STRETCH} of its length, so
 * (value / stretch) bounds the straight-line-and-corners distance from below.
 *
 * The field is kept between queries: a query to the same goal point on the same grid (a group
 * order) reuses every value settled so far and only turns the search toward its own start
 * ({@link aim}). Its {@link work} counts what it did, so a search session can charge it.
 */
export class GoalDistanceField {
  readonly lattice: CornerLattice;
  /** The lattice's moves as direction bits, shared with every planner of the grid; {@link refreshWork} brings it up to date in slices. */
  private readonly moves: MoveTable;
  private readonly memory: SearchMemory;
  private readonly ids = new Int32Array(8);
  private readonly costs = new Float64Array(8);
  private tx = 0;
  private ty = 0;
  private gx = NaN;
  private gy = NaN;
  /**
   * The grid's `version` the field was started on; another version means a new field. Every
   * version, not only `layoutVersion`: on a weighted grid the field's values are costs. A planner
   * keeps the field's grid unchanged while a search runs (see `copyCostsWork`), so a search keeps
   * its field until it ends.
   */
  private version = -1;
  private expansions = 0;
  private rekeys = 0;
  /** The target changed since the open list was keyed. */
  private retargeted = false;
  private readonly estimateOf = (id: number): number => this.memory.g[id]! + this.estimate(id % this.lattice.stride, (id / this.lattice.stride) | 0);
  private readonly gOf = (id: number): number => this.memory.g[id]!;

  constructor(readonly grid: Grid) {
    this.lattice = new CornerLattice(grid, 8);
    this.moves = moveTableOf(this.lattice);
    this.memory = new SearchMemory(this.lattice.nodeCount);
  }

  /** Brings the move table of the field's grid up to date as resumable work: a first build, or the rows a change made stale, in slices. */
  *refreshWork(): BuildWork<void> {
    yield* this.moves.refreshWork();
  }

  /** Work units (about a microsecond each) the field has done since it was made: it only grows. */
  get work(): number {
    return this.expansions / FIELD_CORNERS_PER_UNIT + this.rekeys / REKEYS_PER_UNIT;
  }

  /**
   * Aims the field at goal point (gx, gy), which must lie in a free cell of the grid, searching
   * toward corner (tx, ty) first. On the goal and grid version of the field in use only the target
   * changes (the open corners are re-keyed; every settled value stays exact, as a settled corner's
   * distance does not depend on the order of the search); otherwise the field starts over.
   */
  aim(gx: number, gy: number, tx: number, ty: number): void {
    if (gx === this.gx && gy === this.gy && this.version === this.grid.version) {
      if (tx === this.tx && ty === this.ty) return;
      this.tx = tx;
      this.ty = ty;
      // Re-keyed when the field next expands, so the work (O(open corners)) falls in a step that counts it.
      this.retargeted = true;
      return;
    }
    this.reset(gx, gy, tx, ty);
  }

  /**
   * Starts the field afresh for goal point (gx, gy), which must lie in a free cell of the grid; the
   * search heads for corner (tx, ty) first. Seeds the corners of the goal's cell with minus the
   * stretched distance to the goal, so every corner value bounds the distance to the goal point
   * itself (not to the corner).
   */
  reset(gx: number, gy: number, tx: number, ty: number): void {
    this.gx = gx;
    this.gy = gy;
    this.tx = tx;
    this.ty = ty;
    this.version = this.grid.version;
    this.retargeted = false;
    const m = this.memory;
    m.reset();
    const { width, height } = this.grid;
    const cx = Math.min(width - 1, Math.floor(gx));
    const cy = Math.min(height - 1, Math.floor(gy));
    const stride = this.lattice.stride;
    for (let c = 0; c < 4; c++) {
      const x = cx + (c & 1);
      const y = cy + (c >> 1);
      const g = -STRETCH_BOUND * Math.hypot(x - gx, y - gy);
      m.open(y * stride + x, g, g + this.estimate(x, y), -1);
    }
  }

  /** True when corner (x, y) has its final value, or the search has run dry (the corner is unreachable). */
  settled(x: number, y: number): boolean {
    return this.memory.heap.size === 0 || this.memory.stateOf(y * this.lattice.stride + x) === CLOSED;
  }

  /**
   * Expands at most `maxCorners` corners toward {@link settled}(x, y); returns the corners
   * expanded. Resumable: call it until settled. The field's values do not depend on which corner
   * it settles toward (it expands in the order of its target), only on how far it has run.
   */
  settle(x: number, y: number, maxCorners: number): number {
    let done = 0;
    while (done < maxCorners && !this.settled(x, y)) {
      this.expandNext();
      done++;
    }
    return done;
  }

  /**
   * The settled field value at corner (x, y): Infinity when no lattice path reaches the goal.
   * Resumes the backward search as far as needed.
   */
  cornerValue(x: number, y: number): number {
    const id = y * this.lattice.stride + x;
    const m = this.memory;
    while (m.stateOf(id) !== CLOSED) {
      if (m.heap.size === 0) return Infinity;
      this.expandNext();
    }
    return m.g[id]!;
  }

  /** Closes the open corner of least f and relaxes its neighbours. */
  private expandNext(): void {
    const m = this.memory;
    if (this.retargeted) {
      this.retargeted = false;
      this.rekeys += m.heap.size;
      m.heap.rekey(this.estimateOf, this.gOf);
    }
    const ids = this.ids;
    const costs = this.costs;
    const lattice = this.lattice;
    const stride = lattice.stride;
    const u = m.heap.pop();
    m.close(u);
    this.expansions++;
    const gu = m.g[u]!;
    if (!this.grid.weighted) {
      // The lattice's moves as the shared move table's direction bits: the lattice's own visitor
      // costs a call per move. A double corner's bits are empty there; its exits are read instead.
      const table = this.moves;
      const bits = table.fresh()[u]!;
      const b = bits !== 0 || lattice.passable(u) ? bits : table.exits(u);
      const offsets = table.offsets;
      for (let k = 0, rest = b; rest !== 0; k++, rest >>= 1) {
        if ((rest & 1) === 0) continue;
        const v = u + offsets[k]!;
        const state = m.stateOf(v);
        if (state === CLOSED) continue;
        const g = gu + MOVE_COST[k]!;
        if (state === 0) m.open(v, g, g + this.estimate(v % stride, (v / stride) | 0), u);
        else if (g < m.g[v]!) m.improve(v, g, g + this.estimate(v % stride, (v / stride) | 0), u);
      }
      return;
    }
    const n = lattice.successors(u, ids, costs);
    // Tile costs (copied onto the shrunk grid): each step costs its integral of cell cost.
    for (let i = 0; i < n; i++) costs[i] = lattice.moveCost(u, ids[i]!);
    for (let i = 0; i < n; i++) {
      const v = ids[i]!;
      const g = gu + costs[i]!;
      const state = m.stateOf(v);
      if (state === CLOSED) continue;
      const f = g + this.estimate(v % stride, (v / stride) | 0);
      if (state === 0) m.open(v, g, f, u);
      else if (g < m.g[v]!) m.improve(v, g, f, u);
    }
  }

  /**
   * A lower bound on the length of any path of a point from the centre of cell (cx, cy) to the
   * goal that stays within the free cells (hence on any path of the unit's centre).
   */
  cellBound(cx: number, cy: number): number {
    // From the centre to the cell's top-left corner is √2/2; the corner's value is stretched.
    return this.cornerValue(cx, cy) / STRETCH_BOUND - SQRT2 / 2;
  }

  /**
   * The field's estimate of the distance from the centre of cell (cx, cy) to the goal: as
   * {@link cellBound} but not divided by the octile stretch, so at most {@link OCTILE_STRETCH}
   * times the length of the shortest such path (equal to it along the axes and diagonals).
   */
  cellEstimate(cx: number, cy: number): number {
    return this.cornerValue(cx, cy) - SQRT2 / 2;
  }

  /**
   * The lattice path from corner (x, y) to the goal point, as corners then the goal; null when
   * there is none.
   */
  pathFrom(x: number, y: number): Point[] | null {
    if (this.cornerValue(x, y) === Infinity) return null;
    const stride = this.lattice.stride;
    const points: Point[] = [];
    for (let id = y * stride + x; id !== -1; id = this.memory.parent[id]!) {
      points.push({ x: id % stride, y: (id / stride) | 0 });
    }
    points.push({ x: this.gx, y: this.gy });
    return points;
  }

  /** Octile distance to the target corner: consistent on this lattice. */
  private estimate(x: number, y: number): number {
    const dx = Math.abs(x - this.tx);
    const dy = Math.abs(y - this.ty);
    return dx > dy ? dx + (SQRT2 - 1) * dy : dy + (SQRT2 - 1) * dx;
  }
}
