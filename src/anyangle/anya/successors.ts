import type { Grid } from '../../grid/grid.js';
import { ConeRow, type Boundary } from './cone-row.js';
import { lineFloor, lineInteger, lineSide } from './lines.js';
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

/** `Successors.cone` splits the cone row the caller set up in {@link Successors.row}. */
const EMIT = -2;
/** `Successors.cone` projects a node being expanded. */
const EXPAND = -3;
/** `Successors.cone` projects a stored node without turning endpoints (any id >= 0). */
const ADMIT = 0;
/** In `Successors.cone`: the piece being projected is stored nowhere. */
const NONE = -1;

/** Which non-observable successors an interval's endpoints have (see {@link Successors.emitPiece}). */
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

  /** The cone row the next emit makes nodes of (see {@link ConeRow}). */
  private readonly row = new ConeRow();

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
    const e = this.row;
    const l = e.left;
    const r = e.right;
    const L = this.rows.runStart(strip, c);
    const R = this.rows.runEnd(strip, c);
    const { tx, ty } = this;
    if (ty > strip && ty < strip + 1 && tx >= L && tx <= R) {
      this.pushGoal(root, this.sx, this.sy, 0);
      return true;
    }
    e.set(root, this.sx, this.sy, exact, y2, dir);
    e.g = 0;
    e.setInt(l, L);
    e.setInt(r, R);
    return this.emitAndAdmit();
  }

  // ---------------------------------------------------------------------------------------------
  // Observable successors.

  /**
   * Emits the intervals of the cone row between its boundaries: the target test, then one
   * node per piece between consecutive corner points whose far strip is free (or one node for a
   * single point). Returns how many nodes, or -1 when the target is on the row between them.
   * {@link cone} uses it for rows of two or more pieces.
   */
  private emitRow(): number {
    const e = this.row;
    const l = e.left;
    const r = e.right;
    const y2 = e.y;
    const { tx, ty } = this;
    if (ty === y2 && e.sideOfTarget(l, tx, this.tCorner) <= 0 && e.sideOfTarget(r, tx, this.tCorner) >= 0) {
      this.pushGoal(e.root, e.rx, e.ry, e.g);
      return -1;
    }
    // One point: the rays meet a corner exactly. Kept only for its turns (see `turnsOf`).
    let point = -1;
    if (l.int && r.int) point = l.x === r.x ? l.x : -1;
    else if (l.int) point = e.side(r, l.x) === 0 ? l.x : -1;
    else if (r.int) point = e.side(l, r.x) === 0 ? r.x : -1;
    if (point >= 0) {
      e.setInt(l, point);
      e.setInt(r, point);
      this.emitPiece(-1);
      return 1;
    }
    const far = e.dir > 0 ? y2 : y2 - 1;
    const rows = this.rows;
    const first = l.int || l.exact ? Math.floor(l.x) : lineFloor(e.rx, e.ry, l.ax, l.ay, false, y2);
    let i = rows.upperBound(far, first);
    // Change points alternate blocked-to-free and free-to-blocked, so the count at or left of the
    // cell says whether it is free.
    let free = ((i - rows.rowStart(far)) & 1) === 1;
    let count = 0;
    const end = rows.rowEnd(far);
    // The right boundary, kept while pieces move the left one along.
    const rInt = r.int;
    const rX = r.x;
    const rAx = r.ax;
    const rAy = r.ay;
    const rExact = r.exact;
    const rNumeric = rInt || rExact;
    for (; ; i++) {
      const c = i < end ? rows.at(i) : NO_NEXT;
      const inside =
        c !== NO_NEXT && (rNumeric ? c < rX : lineSide(e.rx, e.ry, rAx, rAy, false, c, y2) > 0);
      if (!inside) {
        if (free) {
          r.int = rInt;
          r.x = rX;
          r.ax = rAx;
          r.ay = rAy;
          r.exact = rExact;
          this.emitPiece(i);
          count++;
        }
        return count;
      }
      if (free) {
        e.setInt(r, c);
        this.emitPiece(i);
        count++;
      }
      e.setInt(l, c);
      free = !free;
    }
  }

  /** Emits the cone row between its boundaries and admits every piece; true when the target is on it. */
  private emitAndAdmit(): boolean {
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
  private emitPiece(run: number): void {
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
  private admit(id: number): void {
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
   * `lineCrossing`); {@link coneGeneral} takes the others. Rows of two or more pieces go through
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
      if (!e.exact || !e.left.exact || !e.right.exact) return this.coneGeneral(mode, id);
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
   * lines: the cone row's root through its boundaries' anchors. From fields, not
   * arguments (see {@link cone}).
   */
  private targetInCone(): boolean {
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

  /**
   * {@link cone} for cones with a boundary through a start off the corners (or such a root), whose
   * comparisons need the orientation predicate: the same steps on stored nodes and the cone row.
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
    const e = this.row;
    const l = e.left;
    const r = e.right;
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
    e.set(root, d[o + RX]!, d[o + RY]!, root !== this.realStart, y2, dir);
    e.g = d[o + G]!;
    l.ax = d[o + LAX]!;
    l.ay = d[o + LAY]!;
    l.exact = (f & LO_EXACT) !== 0;
    r.ax = d[o + HAX]!;
    r.ay = d[o + HAY]!;
    r.exact = (f & HI_EXACT) !== 0;
    const { tx, ty } = this;
    if ((ty - y) * dir > 0 && (y2 - ty) * dir > 0 && tx >= L && tx <= R && this.targetInCone()) {
      this.pushCurrentGoal();
      return -1;
    }
    // Each side: the ray, or the wall of the free run when the ray runs past it.
    e.setLine(l, l.ax, l.ay, l.exact);
    if (e.side(l, L) <= 0) e.setInt(l, L);
    e.setLine(r, r.ax, r.ay, r.exact);
    if (e.side(r, R) >= 0) e.setInt(r, R);
    if (l.int && !r.int && e.side(r, L) < 0) return 0;
    if (r.int && !l.int && e.side(l, R) > 0) return 0;
    return this.emitRow();
  }

  // ---------------------------------------------------------------------------------------------
  // Non-observable successors.

  /** The turning endpoints of node `id`, found when it was made (see {@link emitPiece}). */
  private turnsOf(id: number): number {
    return (this.pool.ints[id * NODE_INTS + FLAGS]! >> TURNS) & (LEFT_NEAR | LEFT_FAR | RIGHT_NEAR | RIGHT_FAR);
  }

  /** Generates the non-observable successors of cone node `id`: those of each turning endpoint. */
  private turn(id: number): void {
    const mask = this.turnsOf(id);
    if (mask === 0) return;
    if (mask & (LEFT_NEAR | LEFT_FAR)) this.turnAt(id, -1, (mask & LEFT_NEAR) !== 0);
    if (mask & (RIGHT_NEAR | RIGHT_FAR)) this.turnAt(id, 1, (mask & RIGHT_NEAR) !== 0);
  }

  /**
   * The successors of node `id` that turn at its left (`side` -1) or right (+1) endpoint, a corner
   * that becomes their root when the root history takes it. When the corner's one blocked cell is
   * the near one (`near`: the ray from the old root grazed it), they are the flat beyond the
   * endpoint and the strip beyond, past the ray, to the wall of its free run; when it is the far
   * one, the sliver of the strip beyond between the ray and that cell's wall.
   */
  private turnAt(id: number, side: number, near: boolean): void {
    const d = this.pool.data;
    const o = id * NODE;
    const n = this.pool.ints;
    const oi = id * NODE_INTS;
    const y = n[oi + ROW]!;
    const dir = n[oi + DIR]!;
    const rx = d[o + RX]!;
    const ry = d[o + RY]!;
    const parent = n[oi + ROOT]!;
    const k = d[o + (side < 0 ? LO : HI)]!;
    const g = d[o + G]! + distance(k - rx, y - ry);
    const corner = y * (this.W + 1) + k;
    this.roots.g = g;
    if (!this.roots.offer(corner, parent)) return;
    if (near) {
      this.flatG = g;
      if (this.walkFlat(corner, k, y, side)) return;
    }
    const strip = dir > 0 ? y : y - 1;
    // The free run of the strip beyond that the region lies in: beside the corner, past the ray.
    const c = near === (side < 0) ? k - 1 : k;
    const L = this.rows.runStart(strip, c);
    const R = this.rows.runEnd(strip, c);
    const e = this.row;
    e.set(corner, k, y, true, y + dir, dir);
    e.g = g;
    e.setInt(side < 0 ? e.left : e.right, near ? (side < 0 ? L : R) : k);
    e.setLine(side < 0 ? e.right : e.left, rx, ry, parent !== this.realStart);
    this.shadowCone(strip, L, R, side);
  }

  /**
   * Emits a cone whose root sits on the row it starts from (the cone row set by {@link turnAt}):
   * the boundary on the other side from `side` is the shadow line through the root and the old
   * root, the one on `side` is a column line. The region it covers inside the first strip is the
   * free run [L, R] of the strip, on the shadow side of the line; the run's wall clips the line's
   * end on the new row.
   */
  private shadowCone(strip: number, L: number, R: number, side: number): void {
    const { tx, ty } = this;
    const e = this.row;
    const ray = side < 0 ? e.right : e.left;
    const wall = side < 0 ? e.left : e.right;
    if (ty > strip && ty < strip + 1 && tx >= L && tx <= R) {
      // The target is in the region when it lies on the wall's side of the ray (or on it).
      const t = lineSide(e.rx, e.ry, ray.ax, ray.ay, ray.exact && this.tCorner, tx, ty);
      if (t * side <= 0) {
        this.pushCurrentGoal();
        return;
      }
    }
    // Nothing when the ray has crossed the wall; else the ray, or the run's far wall where the ray
    // runs past it.
    if (e.side(ray, wall.x) * side > 0) return;
    const end = side > 0 ? L : R;
    if (e.side(ray, end) * side <= 0) e.setInt(ray, end);
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
            const e = this.row;
            e.set(corner, k, y, true, bu ? y - 1 : y + 1, bu ? -1 : 1);
            e.g = gk;
            e.setInt(e.left, L);
            e.setInt(e.right, R);
            this.emitAndAdmit();
          }
        }
      }
      if (au && ad) return false;
      x = k;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The open list.

  /** {@link pushGoal} for the root of the cone row. */
  private pushCurrentGoal(): void {
    const e = this.row;
    this.pushGoal(e.root, e.rx, e.ry, e.g);
  }

  /** Pushes a goal node: the target reached straight from root `root` at (rx, ry), with path length g to it. */
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

/** Euclidean length of (dx, dy); `Math.hypot` is several times slower and its overflow guard is not needed here. */
function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}
