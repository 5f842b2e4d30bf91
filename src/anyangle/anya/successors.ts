import type { Grid } from '../../grid/grid.js';
import { admitGeneral, emitGeneral, expandGeneral } from './cone-general.js';
import { ConeRow, type Boundary } from './cone-row.js';
import { emitRow } from './emit-row.js';
import { distance, lineInteger, lineSide } from './lines.js';
import {
  DIR,
  FLAGS,
  G,
  GOAL,
  HAX,
  HAY,
  HI,
  HI_EXACT,
  HI_INT,
  LAX,
  LAY,
  LO,
  LO_EXACT,
  LO_INT,
  NODE,
  NODE_INTS,
  ROOT,
  ROW,
  RUN,
  RX,
  RY,
  START,
  TURNS,
  type NodePool,
} from './nodes.js';
import type { OpenList } from './open-list.js';
import type { RootHistory } from './roots.js';
import { NE, NW, SE, SW, type RowChanges } from './row-changes.js';
import { expandStart } from './start.js';
import { turnAt } from './turns.js';

/** `Successors.cone` splits the cone row the caller set up in {@link Successors.row}. */
const EMIT = -2;
/** `Successors.cone` projects a node being expanded. */
const EXPAND = -3;
/** `Successors.cone` projects a stored node without turning endpoints (any id >= 0). */
const ADMIT = 0;
/** In `Successors.cone`: the piece being projected is stored nowhere. */
const NONE = -1;

/**
 * Which non-observable successors an interval's endpoints have (see {@link Successors.emitPiece}).
 * Module constants here, where the hot code reads them: an imported one is loaded from its module
 * on every use rather than folded (1% slower in an A/B when `emitPiece` and `turnsOf` read them so).
 */
const LEFT_NEAR = 1;
const LEFT_FAR = 2;
const RIGHT_NEAR = 4;
const RIGHT_FAR = 8;

/**
 * Anya's successor generation (Harabor et al. 2016, section 4), with cul-de-sac and intermediate
 * pruning. Rows are the horizontal grid lines y = 0..height; the strip between rows y and y+1 is
 * cell row y. A cone node is an interval on a row seen from a root on another row; a flat node, an
 * interval on the root's own row, is walked at once along the row rather than stored.
 *
 * - Observable successors: the interval projected through the next strip, away from the root,
 *   clipped to the free run of that strip, and split at every corner point of the new row (where
 *   the cells beyond it change) so that corners are only ever endpoints. Pieces whose far strip is
 *   blocked are dropped (nothing lies beyond them; their corners are endpoints of their neighbours).
 * - Non-observable successors: an endpoint that is a corner with exactly one blocked cell around it
 *   turns the path when the root's ray grazes that cell. On the near side (the cell the ray passed)
 *   the shadow is the row beyond the endpoint (a flat) and the strip beyond the ray; on the far
 *   side it is the sliver of the next strip between the ray and the cell's wall. A double corner
 *   has two blocked cells, so a path never turns at one (going on would squeeze through it).
 * - A node with no turning endpoint and exactly one observable successor is not stored: its
 *   successor replaces it (intermediate pruning); with none it is dropped (cul-de-sac pruning).
 * - A projection crosses at once every following strip that repeats the current free run exactly
 *   (a corridor or a room with straight walls), see `cone`.
 *
 * The target is recognised wherever it can lie: on a row inside an interval, inside a strip within
 * a cone's visible region (a target that is not on a row line), or on a flat. It becomes a goal
 * node whose f is the exact path length; once one node yields it, nothing else from that node can
 * be shorter, so the rest of that node's successors are skipped.
 *
 * This class is the state the parts share, explicit and public to them: the query, the search
 * memory and the cone row ({@link row}). It holds the hot part, the cone walk ({@link cone}) with
 * what it calls on every stored node (emitting rows and pieces, admitting, pushing), in one file so
 * that V8 keeps inlining into the walk as before. The cold parts are functions of their own
 * modules that take this state: the start (`start.ts`), turns (`turns.ts`), flats (`flats.ts`)
 * and the cones through a start off the corners (`cone-general.ts`).
 */
export class Successors {
  /** Target point. */
  tx = 0;
  ty = 0;
  /** Both target coordinates are integers, so the integer line tests apply to it. */
  tCorner = false;
  /** Heuristic weight. */
  weight = 1;
  /** Set by `estimate`: from the interval's point it went through to the target. */
  private toTarget = 0;
  /** Root id of a start that is not a cell corner; cell corners are `y * (width + 1) + x`. */
  readonly realStart: number;
  sx = 0;
  sy = 0;
  /** The row table's corner bytes (`RowChanges.quad`) and their row length. */
  readonly quad: Uint8Array;
  readonly quadStride: number;
  readonly W: number;
  readonly H: number;

  /**
   * The cone row the next emit makes nodes of (see {@link ConeRow}), and the root a flat walk
   * starts from (`walkFlat`).
   */
  readonly row = new ConeRow();

  constructor(
    grid: Grid,
    readonly rows: RowChanges,
    readonly pool: NodePool,
    readonly heap: OpenList,
    readonly roots: RootHistory,
  ) {
    this.quad = rows.quad;
    this.quadStride = rows.stride;
    this.W = grid.width;
    this.H = grid.height;
    this.realStart = (grid.width + 1) * (grid.height + 1);
  }

  /** Sets the query's end points and weight. */
  setQuery(sx: number, sy: number, tx: number, ty: number, weight: number): void {
    this.sx = sx;
    this.sy = sy;
    this.tx = tx;
    this.ty = ty;
    this.tCorner = Number.isInteger(tx) && Number.isInteger(ty);
    this.weight = weight;
  }

  /** Root id of the start: its corner, or {@link realStart}. */
  startRoot(): number {
    const { sx, sy } = this;
    return Number.isInteger(sx) && Number.isInteger(sy) ? sy * (this.W + 1) + sx : this.realStart;
  }

  /** Expands node `id` (the start or a cone node). */
  expand(id: number): void {
    if (this.pool.ints[id * NODE_INTS + FLAGS]! & START) {
      expandStart(this);
      return;
    }
    if (this.cone(EXPAND, id)) return;
    this.turn(id);
  }

  /** True when cell (x, r) is blocked or outside the map (x in -1..width, r in -1..height). */
  blocked(x: number, r: number): boolean {
    return (this.quad[(r + 1) * this.quadStride + x + 1]! & SE) !== 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Observable successors.

  /** Emits the cone row between its boundaries and admits every piece; true when the target is on it. */
  emitAndAdmit(): boolean {
    return this.cone(EMIT, -1);
  }

  /**
   * Stores the cone row as a node whose strip beyond is the free run ending at change point index
   * `run` of the row table (-1 for a single point, which is never projected), with its turning
   * endpoints: a corner endpoint with exactly one blocked cell around it, when that cell is the near
   * one beyond the interval (the ray grazed it; the shadow is the row beyond and the next strip past
   * the ray) or the far one beyond the interval with the ray leaning away from it (the shadow is the
   * sliver of the next strip between the ray and the cell's wall). The blocked cells round the
   * corner are compared as one pattern with the single near or far cell.
   */
  emitPiece(run: number): void {
    const p = this.pool;
    const id = p.alloc();
    const d = p.data;
    const o = id * NODE;
    const n = p.ints;
    const oi = id * NODE_INTS;
    const e = this.row;
    const l = e.left;
    const r = e.right;
    n[oi + ROOT] = e.root;
    d[o + RX] = e.rx;
    d[o + RY] = e.ry;
    d[o + G] = e.g;
    n[oi + ROW] = e.y;
    n[oi + DIR] = e.dir;
    n[oi + RUN] = run;
    d[o + LAX] = l.ax;
    d[o + LAY] = l.ay;
    d[o + HAX] = r.ax;
    d[o + HAY] = r.ay;
    const loInt = storeEndpoint(e, l, d, o + LO);
    const hiInt = storeEndpoint(e, r, d, o + HI);
    let turns = 0;
    if (loInt || hiInt) {
      const down = e.dir > 0;
      const rx = e.rx;
      const row = (e.y + 1) * this.quadStride + 1;
      if (loInt) {
        const lo = d[o + LO]!;
        const q = this.quad[row + lo]!;
        if (q === (down ? NW : SW)) turns |= LEFT_NEAR;
        else if (q === (down ? SW : NW) && rx < lo) turns |= LEFT_FAR;
      }
      if (hiInt) {
        const hi = d[o + HI]!;
        const q = this.quad[row + hi]!;
        if (q === (down ? NE : SE)) turns |= RIGHT_NEAR;
        else if (q === (down ? SE : NE) && rx > hi) turns |= RIGHT_FAR;
      }
    }
    n[oi + FLAGS] =
      (l.exact ? LO_EXACT : 0) | (r.exact ? HI_EXACT : 0) | (loInt ? LO_INT : 0) | (hiInt ? HI_INT : 0) | (turns << TURNS);
  }

  /**
   * Puts a freshly made node on the open list, unless pruning applies: a node without turning
   * endpoints whose projection is empty is dropped, and one whose projection is a single interval
   * is replaced by it, repeatedly (see {@link cone}).
   */
  admit(id: number): void {
    if (this.turnsOf(id) !== 0) this.push(id);
    else this.cone(ADMIT, id);
  }

  /**
   * The observable successors of one cone, with intermediate and cul-de-sac pruning. `EMIT` splits
   * the cone row between the boundaries the caller set in {@link row}; `EXPAND` projects node `id` first
   * and admits every piece of that row; `ADMIT` projects node `id`, which has no turning endpoint,
   * and pushes it instead when its projection branches (to be expanded when its turn comes).
   *
   * A row's pieces are the stretches between consecutive corner points of the row (where the cells
   * beyond it change) whose far strip is free, or a single point where the two rays meet a corner.
   * A piece with a turning endpoint (see `emitPiece`) is stored and pushed. A single piece without one
   * is projected at once and never stored: one step further from the root, clipped to the free run
   * of the strip beyond it, after crossing every following strip that repeats that run exactly (a
   * corridor with straight walls: no corner lies between them and they turn nothing, and the cone's
   * lines are monotone, so clipping them there gives what row-by-row clipping would).
   *
   * Most rows are such single pieces, so this walk keeps its whole state in locals and calls
   * nothing on its way. It takes exact cones only (corner root and anchors: every cone but those
   * of a start off the corners), whose boundaries compare with column lines as plain numbers (see
   * `lineCrossing`); `cone-general.ts` takes the others. Rows of two or more pieces go through
   * the cone row and {@link emitRow}. Returns true when the target was found in the first step.
   *
   * V8 keeps a number unboxed only while it can type it as a number: no value here comes from a
   * call, no variable starts undefined, and no fraction is carried round a loop (the crossings are
   * computed afresh every row), else every row would allocate.
   */
  private cone(mode: number, id: number): boolean {
    const rows = this.rows;
    const { xs, starts, bits, before, below, above, words } = rows;
    const quad = this.quad;
    const quadStride = this.quadStride;
    const W = this.W;
    const H = this.H;
    const { tx, ty, tCorner } = this;
    let root = 0;
    let rx = 0;
    let ry = 0;
    let dir = 0;
    let y = 0;
    let run = -1;
    let lInt = false;
    let lAx = 0;
    let lAy = 0;
    let rInt = false;
    let rAx = 0;
    let rAy = 0;
    if (mode === EMIT) {
      const e = this.row;
      if (!e.exact || !e.left.exact || !e.right.exact) return emitGeneral(this);
      root = e.root;
      rx = e.rx;
      ry = e.ry;
      dir = e.dir;
      y = e.y;
      lInt = e.left.int;
      lAx = e.left.ax;
      lAy = e.left.ay;
      rInt = e.right.int;
      rAx = e.right.ax;
      rAy = e.right.ay;
    } else {
      const d = this.pool.data;
      const n = this.pool.ints;
      const o = id * NODE;
      const oi = id * NODE_INTS;
      const f = n[oi + FLAGS]!;
      if ((f & (LO_EXACT | HI_EXACT)) !== (LO_EXACT | HI_EXACT)) {
        return mode === EXPAND ? expandGeneral(this, id) : admitGeneral(this, id);
      }
      root = n[oi + ROOT]!;
      rx = d[o + RX]!;
      ry = d[o + RY]!;
      dir = n[oi + DIR]!;
      y = n[oi + ROW]!;
      run = n[oi + RUN]!;
      lAx = d[o + LAX]!;
      lAy = d[o + LAY]!;
      rAx = d[o + HAX]!;
      rAy = d[o + HAY]!;
      const e = this.row;
      e.root = root;
      e.rx = rx;
      e.ry = ry;
      e.g = d[o + G]!;
      e.exact = e.left.exact = e.right.exact = true;
    }
    // What a branching projection pushes: the stored node `id` (ADMIT), the piece before it as kept
    // below (NONE), or nothing, the pieces being admitted instead (EXPAND and EMIT, first row only).
    let stored = mode === ADMIT ? id : mode;
    let first = true;
    let project = mode !== EMIT;
    let pY = 0;
    let pLInt = false;
    let pLAx = 0;
    let pLAy = 0;
    let pRInt = false;
    let pRAx = 0;
    let pRAy = 0;
    let pRun = 0;
    for (;;) {
      // Where the boundaries meet the row, from the root through their anchors (an integer
      // boundary is its own anchor): n / d, exact when an integer, else at least 2^-14 from one.
      let lX: number;
      let rX: number;
      if (!project) {
        lX = lInt ? lAx : (rx * (lAy - ry) + (lAx - rx) * (y - ry)) / (lAy - ry);
        rX = rInt ? rAx : (rx * (rAy - ry) + (rAx - rx) * (y - ry)) / (rAy - ry);
      } else {
        if (run < 0) return false;
        const L = xs[run - 1]!;
        const R = xs[run]!;
        const y2 = y + ((dir > 0 ? below[run]! : above[run]!) + 1) * dir;
        if ((ty - y) * dir > 0 && (y2 - ty) * dir > 0 && tx >= L && tx <= R) {
          const e = this.row;
          e.left.ax = lAx;
          e.left.ay = lAy;
          e.right.ax = rAx;
          e.right.ay = rAy;
          if (this.targetInCone()) {
            this.pushCurrentGoal();
            return first;
          }
        }
        pY = y;
        pLInt = lInt;
        pLAx = lAx;
        pLAy = lAy;
        pRInt = rInt;
        pRAx = rAx;
        pRAy = rAy;
        pRun = run;
        y = y2;
        // Each side: the ray, or the wall of the free run when the ray runs past it.
        lInt = false;
        lX = (rx * (lAy - ry) + (lAx - rx) * (y - ry)) / (lAy - ry);
        if (lX <= L) {
          lInt = true;
          lX = lAx = L;
          lAy = y;
        }
        rInt = false;
        rX = (rx * (rAy - ry) + (rAx - rx) * (y - ry)) / (rAy - ry);
        if (rX >= R) {
          rInt = true;
          rX = rAx = R;
          rAy = y;
        }
        if (rX < L || lX > R) return false;
      }
      project = true;

      // The target on the row, between the boundaries.
      if (ty === y) {
        const e = this.row;
        e.left.int = lInt;
        e.left.x = lX;
        e.left.ax = lAx;
        e.left.ay = lAy;
        e.right.int = rInt;
        e.right.x = rX;
        e.right.ax = rAx;
        e.right.ay = rAy;
        e.y = y;
        if (e.sideOfTarget(e.left, tx, this.tCorner) <= 0 && e.sideOfTarget(e.right, tx, this.tCorner) >= 0) {
          this.pushCurrentGoal();
          return first;
        }
      }
      // The pieces. A single one is kept in the locals; two or more are left to `emitRow`.
      let count = 0;
      if (lX === rX) {
        // The rays meet a corner exactly: one point, kept only for its turns. (Two lines from one
        // root meet only at the root, so here one boundary at least is a column line.)
        lInt = rInt = true;
        lAx = rAx = lX;
        lAy = rAy = y;
        run = -1;
        count = 1;
      } else {
        const far = dir > 0 ? y : y - 1;
        const firstCell = Math.floor(lX);
        // The index of the first change point of row `far` right of the first cell, as in
        // `RowChanges.upperBound`; change points alternate blocked-to-free and free-to-blocked, so
        // how many lie at or left of the cell says whether it is free.
        let i = 0;
        let end = 0;
        let free = false;
        if (far >= 0 && far < H) {
          const start = starts[far + 1]!;
          end = starts[far + 2]!;
          if (firstCell < 0) i = start;
          else if (firstCell >= W) i = end;
          else {
            const w = far * words + (firstCell >> 5);
            let v = bits[w]! & ((2 << (firstCell & 31)) - 1);
            v = v - ((v >>> 1) & 0x55555555);
            v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
            i = before[w]! + (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
          }
          free = ((i - start) & 1) === 1;
        }
        // The first piece: its left end (-1: the left boundary) and right end (-1: the right one).
        let leftAt = -1;
        let pieceLeft = -1;
        let pieceRight = -1;
        for (; ; i++) {
          // (No NO_NEXT here: a module constant is loaded untyped, and would box `c` and all
          // that it flows into.)
          const inside = i < end && xs[i]! < rX;
          const c = inside ? xs[i]! : -1;
          if (free) {
            if (++count > 1) break;
            pieceLeft = leftAt;
            pieceRight = inside ? c : -1;
            run = i;
          }
          if (!inside) break;
          leftAt = c;
          free = !free;
        }
        if (count === 1) {
          if (pieceLeft >= 0) {
            lInt = true;
            lX = lAx = pieceLeft;
            lAy = y;
          }
          if (pieceRight >= 0) {
            rInt = true;
            rX = rAx = pieceRight;
            rAy = y;
          }
        }
      }
      if (count === 0) return false;
      // How the walk ends, when it does: all the pieces of a first row admitted, or one piece stored
      // and pushed (it turns, or its projection branched).
      let all = false;
      if (count > 1) {
        if (stored === EXPAND || stored === EMIT) all = true;
        else if (stored >= 0) {
          this.push(stored);
          return false;
        } else {
          y = pY;
          lInt = pLInt;
          lAx = pLAx;
          lAy = pLAy;
          rInt = pRInt;
          rAx = pRAx;
          rAy = pRAy;
          run = pRun;
          lX = lInt ? lAx : (rx * (lAy - ry) + (lAx - rx) * (y - ry)) / (lAy - ry);
          rX = rInt ? rAx : (rx * (rAy - ry) + (rAx - rx) * (y - ry)) / (rAy - ry);
        }
      } else {
        // One piece: stored and pushed when an endpoint turns (as `emitPiece`: the blocked cells
        // round the corner as one pattern), else projected in turn.
        const loInt = lInt || lX === Math.floor(lX);
        const hiInt = rInt || rX === Math.floor(rX);
        let turns = false;
        if (loInt || hiInt) {
          const down = dir > 0;
          const row = (y + 1) * quadStride + 1;
          if (loInt) {
            const q = quad[row + lX]!;
            turns = q === (down ? NW : SW) || (q === (down ? SW : NW) && rx < lX);
          }
          if (hiInt && !turns) {
            const q = quad[row + rX]!;
            turns = q === (down ? NE : SE) || (q === (down ? SE : NE) && rx > rX);
          }
        }
        if (!turns) {
          stored = NONE;
          first = false;
          continue;
        }
      }
      // The row or the piece goes to the cone row, fields rather than arguments so that no number
      // is boxed, for `emitRow` or `emitPiece`.
      const e = this.row;
      e.root = root;
      e.rx = rx;
      e.ry = ry;
      e.exact = true;
      e.y = y;
      e.dir = dir;
      e.left.int = lInt;
      e.left.x = lX;
      e.left.ax = lAx;
      e.left.ay = lAy;
      e.left.exact = true;
      e.right.int = rInt;
      e.right.x = rX;
      e.right.ax = rAx;
      e.right.ay = rAy;
      e.right.exact = true;
      if (all) {
        const top = this.pool.top;
        const made = emitRow(this);
        for (let k = top; k < top + made; k++) this.admit(k);
      } else {
        this.emitPiece(run);
        this.push(this.pool.top - 1);
      }
      return false;
    }
  }

  /**
   * Whether the target, inside the strip of the projection being made, lies between the cone's
   * lines: the cone row's root through its boundaries' anchors. From fields, not
   * arguments (see {@link cone}).
   */
  targetInCone(): boolean {
    const e = this.row;
    const l = e.left;
    const r = e.right;
    const { rx, ry } = e;
    const { tx, ty, tCorner } = this;
    return (
      lineSide(rx, ry, l.ax, l.ay, l.exact && tCorner, tx, ty) <= 0 &&
      lineSide(rx, ry, r.ax, r.ay, r.exact && tCorner, tx, ty) >= 0
    );
  }

  /** The turning endpoints of node `id`, found when it was made (see {@link emitPiece}). */
  turnsOf(id: number): number {
    return (this.pool.ints[id * NODE_INTS + FLAGS]! >> TURNS) & (LEFT_NEAR | LEFT_FAR | RIGHT_NEAR | RIGHT_FAR);
  }

  /**
   * Generates the non-observable successors of cone node `id`: those of each turning endpoint
   * (`turns.ts`).
   */
  private turn(id: number): void {
    const mask = this.turnsOf(id);
    if (mask === 0) return;
    if (mask & (LEFT_NEAR | LEFT_FAR)) turnAt(this, id, -1, (mask & LEFT_NEAR) !== 0);
    if (mask & (RIGHT_NEAR | RIGHT_FAR)) turnAt(this, id, 1, (mask & RIGHT_NEAR) !== 0);
  }

  // ---------------------------------------------------------------------------------------------
  // The open list.

  /** {@link pushGoal} for the root of the cone row. */
  pushCurrentGoal(): void {
    const e = this.row;
    this.pushGoal(e.root, e.rx, e.ry, e.g);
  }

  /** Pushes a goal node: the target reached straight from root `root` at (rx, ry), with path length g to it. */
  pushGoal(root: number, rx: number, ry: number, g: number): void {
    const p = this.pool;
    const id = p.alloc();
    const d = p.data;
    const o = id * NODE;
    const n = this.pool.ints;
    const oi = id * NODE_INTS;
    n[oi + ROOT] = root;
    d[o + RX] = rx;
    d[o + RY] = ry;
    d[o + G] = g;
    n[oi + FLAGS] = GOAL;
    const f = g + distance(this.tx - rx, this.ty - ry);
    this.heap.push(id, f, f);
  }

  /**
   * Pushes a node with f = g + weight·h; among equal f the heap prefers the larger second key, here
   * the length to the interval's point nearest the target, so the search pushes on toward it.
   */
  push(id: number): void {
    const h = this.estimate(id);
    const g = this.pool.data[id * NODE + G]!;
    this.heap.push(id, g + this.weight * h, g + h - this.toTarget);
  }

  /**
   * Anya's heuristic: the length of the shortest way from the root through the interval to the
   * target, with the target mirrored across the row when it lies on the root's side.
   */
  private estimate(id: number): number {
    const d = this.pool.data;
    const o = id * NODE;
    const n = this.pool.ints;
    const oi = id * NODE_INTS;
    const rx = d[o + RX]!;
    const ry = d[o + RY]!;
    const y = n[oi + ROW]!;
    const tx = this.tx;
    let ty = this.ty;
    if ((ty - y) * (ry - y) > 0) ty = 2 * y - ty;
    let x = ty === y ? tx : rx + ((tx - rx) * (y - ry)) / (ty - ry);
    const lo = d[o + LO]!;
    const hi = d[o + HI]!;
    if (x < lo) x = lo;
    else if (x > hi) x = hi;
    this.toTarget = distance(tx - x, ty - y);
    return distance(x - rx, y - ry) + this.toTarget;
  }
}

/**
 * Writes where boundary b meets the cone row to `d[at]`, and returns true when that is a column
 * line, stored then as the exact integer: it may be a turning corner.
 */
function storeEndpoint(e: ConeRow, b: Boundary, d: Float64Array, at: number): boolean {
  if (b.int || b.exact) {
    d[at] = b.x;
    return b.int || b.x === Math.floor(b.x);
  }
  const x = lineInteger(e.rx, e.ry, b.ax, b.ay, false, e.y);
  const column = x === x;
  d[at] = column ? x : b.x;
  return column;
}
