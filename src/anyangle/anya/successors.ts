import type { Grid } from '../../grid/grid.js';
import { lineCrossing, lineFloor, lineInteger, lineSide, lineX } from './lines.js';
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
import { NE, NO_NEXT, NW, SE, SW, type RowChanges } from './row-changes.js';

/** `Successors.cone` splits the row the caller set up in the e-state. */
const EMIT = -2;
/** `Successors.cone` projects a node being expanded. */
const EXPAND = -3;
/** `Successors.cone` projects a stored node without turning endpoints (any id >= 0). */
const ADMIT = 0;
/** In `Successors.cone`: the piece being projected is stored nowhere. */
const NONE = -1;

/** Which non-observable successors an interval's endpoints have (see {@link Successors.turnsAt}). */
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
 */
export class Successors {
  /** Target point. */
  tx = 0;
  ty = 0;
  /** Both target coordinates are integers, so the integer line tests apply to it. */
  private tCorner = false;
  /** Heuristic weight. */
  weight = 1;
  /** Set by `estimate`: from the interval's point it went through to the target. */
  private toTarget = 0;
  /** Root id of a start that is not a cell corner; cell corners are `y * (width + 1) + x`. */
  readonly realStart: number;
  sx = 0;
  sy = 0;
  private readonly quad: Uint8Array;
  private readonly quadStride: number;
  private readonly W: number;
  private readonly H: number;

  /**
   * The path length to the root of the flat `walkFlat` walks. A field rather than an argument: a
   * fraction passed to a call the compiler does not inline is boxed (an allocation per call).
   */
  private flatG = 0;

  // The row being emitted by `emitRow`, set by its callers: the root, the row, the boundaries.
  private eRoot = 0;
  private eRx = 0;
  private eRy = 0;
  private eExact = false;
  private eG = 0;
  private eY = 0;
  private eDir = 0;
  private lInt = false;
  private lX = 0;
  private lAx = 0;
  private lAy = 0;
  private lExact = false;
  private rInt = false;
  private rX = 0;
  private rAx = 0;
  private rAy = 0;
  private rExact = false;

  constructor(
    grid: Grid,
    private readonly rows: RowChanges,
    private readonly pool: NodePool,
    private readonly heap: OpenList,
    private readonly roots: RootHistory,
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
      this.expandStart();
      return;
    }
    if (this.cone(EXPAND, id)) return;
    this.turn(id);
  }

  /** True when cell (x, r) is blocked or outside the map (x in -1..width, r in -1..height). */
  private blocked(x: number, r: number): boolean {
    return (this.quad[(r + 1) * this.quadStride + x + 1]! & SE) !== 0;
  }

  // ---------------------------------------------------------------------------------------------
  // The start.

  private expandStart(): void {
    const { sx, sy } = this;
    const root = this.startRoot();
    const exact = root !== this.realStart;
    const c0 = Number.isInteger(sx) ? sx - 1 : Math.floor(sx);
    const c1 = Number.isInteger(sx) ? sx : c0;
    if (Number.isInteger(sy)) {
      this.flatG = 0;
      if (this.walkFlat(root, sx, sy, 1)) return;
      this.flatG = 0;
      if (this.walkFlat(root, sx, sy, -1)) return;
      for (let dir = -1; dir <= 1; dir += 2) {
        const strip = dir > 0 ? sy : sy - 1;
        // The cells of the strip beside the start: one run, or two when a wall cell sits between.
        for (let c = c0; c <= c1; c++) {
          if (this.blocked(c, strip) || (c === c1 && c1 !== c0 && !this.blocked(c0, strip))) continue;
          if (this.startCone(root, exact, strip, c, sy + dir, dir)) return;
        }
      }
      return;
    }
    const strip = Math.floor(sy);
    const c = this.blocked(c0, strip) ? c1 : c0;
    if (this.startCone(root, exact, strip, c, strip, -1)) return;
    this.startCone(root, exact, strip, c, strip + 1, 1);
  }

  /** The cone from the start through the whole free run of `strip` holding cell c, onto row y2. */
  private startCone(root: number, exact: boolean, strip: number, c: number, y2: number, dir: number): boolean {
    const L = this.rows.runStart(strip, c);
    const R = this.rows.runEnd(strip, c);
    const { tx, ty } = this;
    if (ty > strip && ty < strip + 1 && tx >= L && tx <= R) {
      this.pushGoal(root, this.sx, this.sy, 0);
      return true;
    }
    this.setRow(root, this.sx, this.sy, exact, y2, dir);
    this.eG = 0;
    this.setLeftInt(L);
    this.setRightInt(R);
    return this.emitAndAdmit();
  }

  // ---------------------------------------------------------------------------------------------
  // Observable successors.

  /**
   * Emits the intervals of row `eY` between the current boundaries: the target test, then one
   * node per piece between consecutive corner points whose far strip is free (or one node for a
   * single point). Returns how many nodes, or -1 when the target is on the row between them.
   * {@link cone} uses it for rows of two or more pieces.
   */
  private emitRow(): number {
    const y2 = this.eY;
    const { tx, ty } = this;
    if (ty === y2 && this.leftAtMost(tx) && this.rightAtLeast(tx)) {
      this.pushGoal(this.eRoot, this.eRx, this.eRy, this.eG);
      return -1;
    }
    // One point: the rays meet a corner exactly. Kept only for its turns (see `turnsOf`).
    let point = -1;
    if (this.lInt && this.rInt) point = this.lX === this.rX ? this.lX : -1;
    else if (this.lInt) point = this.rightSide(this.lX) === 0 ? this.lX : -1;
    else if (this.rInt) point = this.leftSide(this.rX) === 0 ? this.rX : -1;
    if (point >= 0) {
      this.setLeftInt(point);
      this.setRightInt(point);
      this.emitPiece(-1);
      return 1;
    }
    const far = this.eDir > 0 ? y2 : y2 - 1;
    const rows = this.rows;
    const first =
      this.lInt || this.lExact ? Math.floor(this.lX) : lineFloor(this.eRx, this.eRy, this.lAx, this.lAy, false, y2);
    let i = rows.upperBound(far, first);
    // Change points alternate blocked-to-free and free-to-blocked, so the count at or left of the
    // cell says whether it is free.
    let free = ((i - rows.rowStart(far)) & 1) === 1;
    let count = 0;
    const end = rows.rowEnd(far);
    // The right boundary, kept while pieces move the left one along.
    const rInt = this.rInt;
    const rX = this.rX;
    const rAx = this.rAx;
    const rAy = this.rAy;
    const rExact = this.rExact;
    const rNumeric = rInt || rExact;
    for (; ; i++) {
      const c = i < end ? rows.at(i) : NO_NEXT;
      const inside =
        c !== NO_NEXT && (rNumeric ? c < rX : lineSide(this.eRx, this.eRy, rAx, rAy, false, c, y2) > 0);
      if (!inside) {
        if (free) {
          this.rInt = rInt;
          this.rX = rX;
          this.rAx = rAx;
          this.rAy = rAy;
          this.rExact = rExact;
          this.emitPiece(i);
          count++;
        }
        return count;
      }
      if (free) {
        this.setRightInt(c);
        this.emitPiece(i);
        count++;
      }
      this.setLeftInt(c);
      free = !free;
    }
  }

  /** Emits the current row between the current boundaries and admits every piece; true when the target is on it. */
  private emitAndAdmit(): boolean {
    return this.cone(EMIT, -1);
  }

  /**
   * Stores the current boundaries as a node whose strip beyond is the free run ending at change
   * point index `run` of the row table (-1 for a single point, which is never projected).
   */
  private emitPiece(run: number): void {
    const p = this.pool;
    const id = p.alloc();
    const d = p.data;
    const o = id * NODE;
    const n = this.pool.ints;
    const oi = id * NODE_INTS;
    const y = this.eY;
    const rx = this.eRx;
    const ry = this.eRy;
    n[oi + ROOT] = this.eRoot;
    d[o + RX] = rx;
    d[o + RY] = ry;
    d[o + G] = this.eG;
    n[oi + ROW] = y;
    n[oi + DIR] = this.eDir;
    n[oi + RUN] = run;
    d[o + LAX] = this.lAx;
    d[o + LAY] = this.lAy;
    d[o + HAX] = this.rAx;
    d[o + HAY] = this.rAy;
    let f = (this.lExact ? LO_EXACT : 0) | (this.rExact ? HI_EXACT : 0);
    // An endpoint on a column line is stored as that exact integer: it may be a turning corner.
    if (this.lInt) {
      f |= LO_INT;
      d[o + LO] = this.lX;
    } else if (this.lExact) {
      const lo = this.lX;
      if (lo === Math.floor(lo)) f |= LO_INT;
      d[o + LO] = lo;
    } else {
      const lo = lineInteger(rx, ry, this.lAx, this.lAy, false, y);
      if (lo === lo) {
        f |= LO_INT;
        d[o + LO] = lo;
      } else d[o + LO] = this.lX;
    }
    if (this.rInt) {
      f |= HI_INT;
      d[o + HI] = this.rX;
    } else if (this.rExact) {
      const hi = this.rX;
      if (hi === Math.floor(hi)) f |= HI_INT;
      d[o + HI] = hi;
    } else {
      const hi = lineInteger(rx, ry, this.rAx, this.rAy, false, y);
      if (hi === hi) {
        f |= HI_INT;
        d[o + HI] = hi;
      } else d[o + HI] = this.rX;
    }
    n[oi + FLAGS] = f | (this.turnsAt(f, d[o + LO]!, d[o + HI]!) << TURNS);
  }

  /**
   * Puts a freshly made node on the open list, unless pruning applies: a node without turning
   * endpoints whose projection is empty is dropped, and one whose projection is a single interval
   * is replaced by it, repeatedly (see {@link cone}).
   */
  private admit(id: number): void {
    if (this.turnsOf(id) !== 0) this.push(id);
    else this.cone(ADMIT, id);
  }

  /**
   * The observable successors of one cone, with intermediate and cul-de-sac pruning. `EMIT` splits
   * row eY between the boundaries the caller set in the e-state; `EXPAND` projects node `id` first
   * and admits every piece of that row; `ADMIT` projects node `id`, which has no turning endpoint,
   * and pushes it instead when its projection branches (to be expanded when its turn comes).
   *
   * A row's pieces are the stretches between consecutive corner points of the row (where the cells
   * beyond it change) whose far strip is free, or a single point where the two rays meet a corner.
   * A piece with a turning endpoint (see `turnsAt`) is stored and pushed. A single piece without one
   * is projected at once and never stored: one step further from the root, clipped to the free run
   * of the strip beyond it, after crossing every following strip that repeats that run exactly (a
   * corridor with straight walls: no corner lies between them and they turn nothing, and the cone's
   * lines are monotone, so clipping them there gives what row-by-row clipping would).
   *
   * Most rows are such single pieces, so this walk keeps its whole state in locals and calls
   * nothing on its way. It takes exact cones only (corner root and anchors: every cone but those
   * of a start off the corners), whose boundaries compare with column lines as plain numbers (see
   * `lineCrossing`); {@link coneGeneral} takes the others. Rows of two or more pieces go through
   * the e-state and {@link emitRow}. Returns true when the target was found in the first step.
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
      if (!this.eExact || !this.lExact || !this.rExact) return this.coneGeneral(mode, id);
      root = this.eRoot;
      rx = this.eRx;
      ry = this.eRy;
      dir = this.eDir;
      y = this.eY;
      lInt = this.lInt;
      lAx = this.lAx;
      lAy = this.lAy;
      rInt = this.rInt;
      rAx = this.rAx;
      rAy = this.rAy;
    } else {
      const d = this.pool.data;
      const n = this.pool.ints;
      const o = id * NODE;
      const oi = id * NODE_INTS;
      const f = n[oi + FLAGS]!;
      if ((f & (LO_EXACT | HI_EXACT)) !== (LO_EXACT | HI_EXACT)) return this.coneGeneral(mode, id);
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
      this.eRoot = root;
      this.eRx = rx;
      this.eRy = ry;
      this.eG = d[o + G]!;
      this.eExact = this.lExact = this.rExact = true;
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
          this.lAx = lAx;
          this.lAy = lAy;
          this.rAx = rAx;
          this.rAy = rAy;
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
        this.lInt = lInt;
        this.lX = lX;
        this.lAx = lAx;
        this.lAy = lAy;
        this.rInt = rInt;
        this.rX = rX;
        this.rAx = rAx;
        this.rAy = rAy;
        this.eY = y;
        if (this.leftAtMost(tx) && this.rightAtLeast(tx)) {
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
        // One piece: stored and pushed when an endpoint turns (as `turnsAt`: the blocked cells
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
      // The row or the piece goes to the e-state, fields rather than arguments so that no number
      // is boxed, for `emitRow` or `emitPiece`.
      this.eRoot = root;
      this.eRx = rx;
      this.eRy = ry;
      this.eExact = true;
      this.eY = y;
      this.eDir = dir;
      this.lInt = lInt;
      this.lX = lX;
      this.lAx = lAx;
      this.lAy = lAy;
      this.lExact = true;
      this.rInt = rInt;
      this.rX = rX;
      this.rAx = rAx;
      this.rAy = rAy;
      this.rExact = true;
      if (all) {
        const top = this.pool.top;
        const made = this.emitRow();
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
   * lines: the root (eRx, eRy) through the anchors lAx, lAy and rAx, rAy. From fields, not
   * arguments (see {@link cone}).
   */
  private targetInCone(): boolean {
    const { eRx: rx, eRy: ry, tx, ty, tCorner } = this;
    return (
      lineSide(rx, ry, this.lAx, this.lAy, this.lExact && tCorner, tx, ty) <= 0 &&
      lineSide(rx, ry, this.rAx, this.rAy, this.rExact && tCorner, tx, ty) >= 0
    );
  }

  /**
   * {@link cone} for cones with a boundary through a start off the corners (or such a root), whose
   * comparisons need the orientation predicate: the same steps on stored nodes and the e-state.
   */
  private coneGeneral(mode: number, id: number): boolean {
    const p = this.pool;
    if (mode === EMIT || mode === EXPAND) {
      const count = mode === EMIT ? this.emitRow() : this.project(id);
      if (count < 0) return true;
      const top = p.top;
      for (let k = top - count; k < top; k++) this.admit(k);
      return false;
    }
    for (;;) {
      const mark = p.top;
      const count = this.project(id);
      if (count < 0) return false;
      if (count === 1) {
        id = mark;
        if (this.turnsOf(id) === 0) continue;
      } else p.top = mark;
      if (count > 0) this.push(id);
      return false;
    }
  }

  /**
   * Writes the observable successors of cone node `id` at the pool's top and returns how many, or
   * -1 when the target lies in the projected region (a goal node is pushed instead). For
   * {@link coneGeneral}; see {@link cone} for the steps.
   */
  private project(id: number): number {
    const d = this.pool.data;
    const o = id * NODE;
    const n = this.pool.ints;
    const oi = id * NODE_INTS;
    const run = n[oi + RUN]!;
    if (run < 0) return 0;
    const y = n[oi + ROW]!;
    const dir = n[oi + DIR]!;
    const L = this.rows.at(run - 1);
    const R = this.rows.at(run);
    const y2 = y + (this.rows.sameRows(run, dir) + 1) * dir;
    const root = n[oi + ROOT]!;
    const f = n[oi + FLAGS]!;
    this.setRow(root, d[o + RX]!, d[o + RY]!, root !== this.realStart, y2, dir);
    this.eG = d[o + G]!;
    this.lAx = d[o + LAX]!;
    this.lAy = d[o + LAY]!;
    this.lExact = (f & LO_EXACT) !== 0;
    this.rAx = d[o + HAX]!;
    this.rAy = d[o + HAY]!;
    this.rExact = (f & HI_EXACT) !== 0;
    const { tx, ty } = this;
    if ((ty - y) * dir > 0 && (y2 - ty) * dir > 0 && tx >= L && tx <= R && this.targetInCone()) {
      this.pushCurrentGoal();
      return -1;
    }
    // Each side: the ray, or the wall of the free run when the ray runs past it.
    this.setLeftLine(this.lAx, this.lAy, this.lExact);
    if (this.leftSide(L) <= 0) this.setLeftInt(L);
    this.setRightLine(this.rAx, this.rAy, this.rExact);
    if (this.rightSide(R) >= 0) this.setRightInt(R);
    if (this.lInt && !this.rInt && this.rightSide(L) < 0) return 0;
    if (this.rInt && !this.lInt && this.leftSide(R) > 0) return 0;
    return this.emitRow();
  }

  // ---------------------------------------------------------------------------------------------
  // Non-observable successors.

  /**
   * Which endpoints of the piece being emitted (flags f, endpoints lo and hi on row eY) turn the
   * path: a corner endpoint with exactly one blocked cell around it, when that cell is the near one
   * beyond the interval (the ray grazed it; the shadow is the row beyond and the next strip past
   * the ray) or the far one beyond the interval with the ray leaning away from it (the shadow is
   * the sliver of the next strip between the ray and the cell's wall).
   */
  private turnsAt(f: number, lo: number, hi: number): number {
    if ((f & (LO_INT | HI_INT)) === 0) return 0;
    const down = this.eDir > 0;
    const rx = this.eRx;
    const row = (this.eY + 1) * this.quadStride + 1;
    let mask = 0;
    // The blocked cells round the corner as one pattern, compared with the single near or far cell.
    if (f & LO_INT) {
      const q = this.quad[row + lo]!;
      if (q === (down ? NW : SW)) mask |= LEFT_NEAR;
      else if (q === (down ? SW : NW) && rx < lo) mask |= LEFT_FAR;
    }
    if (f & HI_INT) {
      const q = this.quad[row + hi]!;
      if (q === (down ? NE : SE)) mask |= RIGHT_NEAR;
      else if (q === (down ? SE : NE) && rx > hi) mask |= RIGHT_FAR;
    }
    return mask;
  }

  /** The turning endpoints of node `id`, found when it was made (see {@link turnsAt}). */
  private turnsOf(id: number): number {
    return (this.pool.ints[id * NODE_INTS + FLAGS]! >> TURNS) & (LEFT_NEAR | LEFT_FAR | RIGHT_NEAR | RIGHT_FAR);
  }

  /** Generates the non-observable successors of cone node `id`. */
  private turn(id: number): void {
    const mask = this.turnsOf(id);
    if (mask === 0) return;
    const d = this.pool.data;
    const o = id * NODE;
    const n = this.pool.ints;
    const oi = id * NODE_INTS;
    const y = n[oi + ROW]!;
    const dir = n[oi + DIR]!;
    const rx = d[o + RX]!;
    const ry = d[o + RY]!;
    const g = d[o + G]!;
    const parent = n[oi + ROOT]!;
    const exact = parent !== this.realStart;
    const strip = dir > 0 ? y : y - 1;
    const y2 = y + dir;
    const stride = this.W + 1;
    if (mask & (LEFT_NEAR | LEFT_FAR)) {
      const k = d[o + LO]!;
      const ga = g + distance(k - rx, y - ry);
      const a = y * stride + k;
      this.roots.g = ga;
      if (this.roots.offer(a, parent)) {
        if (mask & LEFT_NEAR) {
          this.flatG = ga;
          if (!this.walkFlat(a, k, y, -1)) {
            // The strip beyond, left of the ray from the old root through a, to the wall of its run.
            this.setRow(a, k, y, true, y2, dir);
            this.eG = ga;
            this.setLeftInt(this.rows.runStart(strip, k - 1));
            this.setRightLine(rx, ry, exact);
            this.shadowCone(strip, k - 1, rx, ry, exact);
          }
        } else {
          // The sliver between the wall of the blocked far cell and the ray.
          this.setRow(a, k, y, true, y2, dir);
          this.eG = ga;
          this.setLeftInt(k);
          this.setRightLine(rx, ry, exact);
          this.shadowCone(strip, k, rx, ry, exact);
        }
      }
    }
    if (mask & (RIGHT_NEAR | RIGHT_FAR)) {
      const k = d[o + HI]!;
      const gb = g + distance(k - rx, y - ry);
      const b = y * stride + k;
      this.roots.g = gb;
      if (this.roots.offer(b, parent)) {
        if (mask & RIGHT_NEAR) {
          this.flatG = gb;
          if (!this.walkFlat(b, k, y, 1)) {
            this.setRow(b, k, y, true, y2, dir);
            this.eG = gb;
            this.setLeftLine(rx, ry, exact);
            this.setRightInt(this.rows.runEnd(strip, k));
            this.shadowCone(strip, k, rx, ry, exact);
          }
        } else {
          this.setRow(b, k, y, true, y2, dir);
          this.eG = gb;
          this.setLeftLine(rx, ry, exact);
          this.setRightInt(k);
          this.shadowCone(strip, k - 1, rx, ry, exact);
        }
      }
    }
  }

  /**
   * Emits a cone whose root (set by `setRow`) sits on the row it starts from: one boundary is the
   * shadow line through the root and the old root (ax, ay), the other is set as an integer. The
   * region it covers inside the first strip is the free run holding cell c, on the shadow side of
   * the line; the run's wall clips the line's end on the new row.
   */
  private shadowCone(strip: number, c: number, ax: number, ay: number, exact: boolean): void {
    const L = this.rows.runStart(strip, c);
    const R = this.rows.runEnd(strip, c);
    const { eRx: rx, eRy: ry, tx, ty } = this;
    const lineIsLeft = !this.lInt;
    if (ty > strip && ty < strip + 1 && tx >= L && tx <= R) {
      const side = lineSide(rx, ry, ax, ay, exact && this.tCorner, tx, ty);
      if (lineIsLeft ? side <= 0 : side >= 0) {
        this.pushGoal(this.eRoot, rx, ry, this.eG);
        return;
      }
    }
    if (lineIsLeft) {
      if (this.leftSide(this.rX) > 0) return;
      if (this.leftSide(L) <= 0) this.setLeftInt(L);
    } else {
      if (this.rightSide(this.lX) < 0) return;
      if (this.rightSide(R) >= 0) this.setRightInt(R);
    }
    this.emitAndAdmit();
  }

  /**
   * Walks the flat from root `root` at (x0, y) in direction `sx` (+1 right, -1 left) along row y,
   * as far as the row stays passable: checks the target on it, and at every corner where the cell
   * behind on one side is the only blocked one, turns into the strip on that side (the region the
   * root cannot see past that cell). Returns true when the target lies on the flat.
   */
  private walkFlat(root: number, x0: number, y: number, sx: number): boolean {
    const g = this.flatG;
    const rows = this.rows;
    const { tx, ty } = this;
    const stride = this.W + 1;
    let x = x0;
    for (;;) {
      const col = sx > 0 ? Math.floor(x) : Math.ceil(x) - 1;
      if (this.blocked(col, y - 1) && this.blocked(col, y)) return false;
      const k =
        sx > 0 ? Math.min(rows.next(y - 1, x), rows.next(y, x)) : Math.max(rows.previous(y - 1, x), rows.previous(y, x));
      if (ty === y && (sx > 0 ? tx > x && tx <= k : tx < x && tx >= k)) {
        this.pushGoal(root, x0, y, g);
        return true;
      }
      const behind = sx > 0 ? k - 1 : k;
      const ahead = sx > 0 ? k : k - 1;
      const bu = this.blocked(behind, y - 1);
      const bd = this.blocked(behind, y);
      const au = this.blocked(ahead, y - 1);
      const ad = this.blocked(ahead, y);
      if ((bu && ad && !bd && !au) || (bd && au && !bu && !ad)) return false;
      if (!au && !ad && bu !== bd) {
        const gk = g + Math.abs(k - x0);
        const corner = y * stride + k;
        this.roots.g = gk;
        if (this.roots.offer(corner, root)) {
          const strip = bu ? y - 1 : y;
          const run = sx > 0 ? this.rows.runEnd(strip, ahead) : this.rows.runStart(strip, ahead);
          const L = sx > 0 ? k : run;
          const R = sx > 0 ? run : k;
          if (ty > strip && ty < strip + 1 && tx >= L && tx <= R) {
            this.pushGoal(corner, k, y, gk);
          } else {
            this.setRow(corner, k, y, true, bu ? y - 1 : y + 1, bu ? -1 : 1);
            this.eG = gk;
            this.setLeftInt(L);
            this.setRightInt(R);
            this.emitAndAdmit();
          }
        }
      }
      if (au && ad) return false;
      x = k;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Boundaries of the row being emitted.

  /** Sets the root and row of the e-state; the caller sets `eG` (see {@link flatG} on why not an argument). */
  private setRow(root: number, rx: number, ry: number, exact: boolean, y: number, dir: number): void {
    this.eRoot = root;
    this.eRx = rx;
    this.eRy = ry;
    this.eExact = exact;
    this.eY = y;
    this.eDir = dir;
  }

  private setLeftInt(x: number): void {
    this.lInt = true;
    this.lX = x;
    this.lAx = x;
    this.lAy = this.eY;
    this.lExact = this.eExact;
  }

  private setRightInt(x: number): void {
    this.rInt = true;
    this.rX = x;
    this.rAx = x;
    this.rAy = this.eY;
    this.rExact = this.eExact;
  }

  private setLeftLine(ax: number, ay: number, exact: boolean): void {
    this.lInt = false;
    this.lAx = ax;
    this.lAy = ay;
    this.lExact = exact && this.eExact;
    this.lX = this.lExact ? lineCrossing(this.eRx, this.eRy, ax, ay, this.eY) : lineX(this.eRx, this.eRy, ax, ay, this.eY);
  }

  private setRightLine(ax: number, ay: number, exact: boolean): void {
    this.rInt = false;
    this.rAx = ax;
    this.rAy = ay;
    this.rExact = exact && this.eExact;
    this.rX = this.rExact ? lineCrossing(this.eRx, this.eRy, ax, ay, this.eY) : lineX(this.eRx, this.eRy, ax, ay, this.eY);
  }

  /**
   * The sign of the left boundary's x on row eY minus x, for an integer x (a column line). A
   * column line or an exact crossing is compared as a number: the crossing is exact or at least
   * 2^-14 from every integer, far beyond its rounding (see `lineCrossing`). A line from a start
   * off the corners goes through the orientation predicate.
   */
  private leftSide(x: number): number {
    if (this.lInt || this.lExact) return this.lX > x ? 1 : this.lX < x ? -1 : 0;
    return lineSide(this.eRx, this.eRy, this.lAx, this.lAy, false, x, this.eY);
  }

  /** The sign of the right boundary's x on row eY minus x, for an integer x; see {@link leftSide}. */
  private rightSide(x: number): number {
    if (this.rInt || this.rExact) return this.rX > x ? 1 : this.rX < x ? -1 : 0;
    return lineSide(this.eRx, this.eRy, this.rAx, this.rAy, false, x, this.eY);
  }

  /** x <= the left boundary's x on row eY? (x <= right / x >= left tests for the target) */
  private leftAtMost(x: number): boolean {
    if (this.lInt || (this.lExact && this.tCorner)) return this.lX <= x;
    return lineSide(this.eRx, this.eRy, this.lAx, this.lAy, this.lExact && this.tCorner, x, this.eY) <= 0;
  }

  private rightAtLeast(x: number): boolean {
    if (this.rInt || (this.rExact && this.tCorner)) return this.rX >= x;
    return lineSide(this.eRx, this.eRy, this.rAx, this.rAy, this.rExact && this.tCorner, x, this.eY) >= 0;
  }

  // ---------------------------------------------------------------------------------------------
  // The open list.

  /** Pushes a goal node: the target reached straight from root `root` at (rx, ry). */
  /** {@link pushGoal} for the root of the e-state (eRoot at eRx, eRy, reached at eG). */
  private pushCurrentGoal(): void {
    this.pushGoal(this.eRoot, this.eRx, this.eRy, this.eG);
  }

  private pushGoal(root: number, rx: number, ry: number, g: number): void {
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
  private push(id: number): void {
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

/** Euclidean length of (dx, dy); `Math.hypot` is several times slower and its overflow guard is not needed here. */
function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}
