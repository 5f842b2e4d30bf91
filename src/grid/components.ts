import type { Grid, GridArea } from './grid.js';

/**
 * Connected components of the free space (Pinter's region table), so a query whose start and goal
 * lie in different components is answered `no-path` without searching.
 *
 * Under the grid rule two free cells connect when they share an edge: a segment between
 * diagonal neighbours whose other two cells are blocked would squeeze through a double corner.
 * Octile movement without corner cutting (the Moving AI cell semantics) connects the same cells.
 * A point joins the components of the free cells it touches.
 *
 * The table is built once by a flood fill and then kept up to date cell by cell, on the first
 * query after a change, so a tile edit costs work near the edit instead of a flood of the map
 * (on a 768 x 768 map the flood takes tens of milliseconds, a frame or two):
 * - a freed cell joins the components of its free neighbours (a union of labels);
 * - a blocked cell whose free neighbours still meet around it changes nothing;
 * - otherwise floods race out from each side of it in turn, one cell each, until the sides meet
 *   (still one component) or one side runs out of cells: that side is a component of its own and
 *   is relabelled. The cost is about the number of sides times the smaller side's area.
 */
export class Components {
  /** The grid whose free cells the table labels. */
  readonly grid: Grid;
  /** Label of each cell (resolve through {@link root}), -1 for a blocked cell. */
  private readonly labels: Int32Array;
  /** Union-find over labels: a label's parent label, itself for a root. */
  private parent: Int32Array;
  private nextLabel = 0;
  /** The grid's `layoutVersion` the table describes (costs do not matter to it), -1 before the first build. */
  private builtVersion = -1;
  private count = 0;
  /** Areas changed since the table was last brought up to date. */
  private pending: GridArea[] = [];
  private pendingCells = 0;
  /** Race-flood bookkeeping: per cell, the generation that reached it and which side did. */
  private readonly seenGen: Int32Array;
  private readonly seenSide: Int8Array;
  private gen = 0;

  constructor(grid: Grid) {
    this.grid = grid;
    const n = grid.width * grid.height;
    this.labels = new Int32Array(n);
    // Grown as labels are made: a map has far fewer components than cells.
    this.parent = new Int32Array(16);
    this.seenGen = new Int32Array(n);
    this.seenSide = new Int8Array(n);
    // Blocking alone decides the components: cost edits are not pending work.
    grid.watchLayout((area) => {
      if (this.floodChanges !== null) {
        // A flood paused for good (its job dropped) keeps no growing list: past a share of the
        // map, the changes are a flood's work again.
        this.floodChangeCells += area.width * area.height;
        if (this.floodChangeCells > REBUILD_SHARE * this.labels.length) this.floodChanges = null;
        else this.floodChanges.push(area);
      }
      if (this.builtVersion < 0 || this.pendingCells > REBUILD_SHARE * this.labels.length) return;
      this.pending.push(area);
      this.pendingCells += area.width * area.height;
    });
  }

  /** Number of components of free cells. */
  get size(): number {
    this.refresh();
    return this.count;
  }

  /**
   * Component label of cell (x, y), or -1 for a blocked or outside cell. Labels are equal exactly
   * when cells are connected; their values may change whenever the grid does.
   */
  labelOfCell(x: number, y: number): number {
    this.refresh();
    const g = this.grid;
    if (!(x >= 0 && y >= 0 && x < g.width && y < g.height)) return -1;
    const label = this.labels[(y | 0) * g.width + (x | 0)]!;
    return label < 0 ? -1 : this.root(label);
  }

  /**
   * True when cells i and j (row-major indices, y · width + x) are both free and connected; false
   * when either is blocked or not a cell of the map.
   */
  sameCell(i: number, j: number): boolean {
    this.refresh();
    const a = this.labels[i]!;
    const b = this.labels[j]!;
    if (!(a >= 0 && b >= 0)) return false;
    return a === b || this.root(a) === this.root(b);
  }

  /**
   * True when some free cell touched by point (x1, y1) is in the same component as some free cell
   * touched by point (x0, y0). Points may be anywhere (corners, edges, cell interiors).
   */
  connected(x0: number, y0: number, x1: number, y1: number): boolean {
    this.refresh();
    const a = this.touchedLabels(x0, y0, this.scratchA);
    const b = this.touchedLabels(x1, y1, this.scratchB);
    for (let i = 0; i < a; i++) {
      for (let j = 0; j < b; j++) if (this.scratchA[i] === this.scratchB[j]) return true;
    }
    return false;
  }

  private readonly scratchA = new Int32Array(4);
  private readonly scratchB = new Int32Array(4);

  /**
   * Writes the labels of the free cells whose closure holds point (x, y) into `out` (room for
   * four); returns how many.
   */
  touchedLabels(x: number, y: number, out: Int32Array): number {
    const fx = Math.floor(x);
    const fy = Math.floor(y);
    const xs = fx === x ? 2 : 1;
    const ys = fy === y ? 2 : 1;
    let n = 0;
    for (let j = 0; j < ys; j++) {
      for (let i = 0; i < xs; i++) {
        const label = this.labelOfCell(fx - (xs === 2 ? 1 - i : 0), fy - (ys === 2 ? 1 - j : 0));
        if (label >= 0) out[n++] = label;
      }
    }
    return n;
  }

  /** True when the table is up to date with the grid's blocking (no work before the next query). */
  get fresh(): boolean {
    return this.builtVersion === this.grid.layoutVersion;
  }

  /**
   * Brings the table up to date as resumable work (a `BuildWork` of `search/stepped-build.ts`:
   * each piece's cost in work units is yielded before it runs), so a frame budget can
   * spread a first build, or the flood after a large change, over frames. The flood fills a
   * scratch table and takes it over at the end, so queries while it is paused see a correct
   * table (they bring it up to date themselves); a grid change while it is paused makes it start
   * over. Cell-by-cell updates after small changes run a row of an area (at most
   * {@link UPDATE_PIECE_CELLS} cells) a piece.
   *
   * @example
   * ```ts
   * const build = new SteppedBuild(componentsOf(grid).refreshWork());
   * while (!build.done) build.step(256); // one call a frame
   * ```
   */
  *refreshWork(): Generator<number, void, void> {
    while (!this.fresh) {
      if (!this.needsFlood()) {
        yield* this.updateWork();
        continue;
      }
      const n = this.labels.length;
      const scratch = (this.scratch ??= { labels: new Int32Array(n), stack: new Int32Array(n), cells: new Uint8Array(n) });
      // The flood reads a copy of the blocking as it is now, so that edits while it is paused
      // cannot make it start over (with an edit a frame, a flood longer than a frame would never
      // end): its labels are exact for this version, and the edits since are updated cell by cell.
      yield Math.max(1, Math.ceil(n / COPY_CELLS_PER_UNIT));
      const flood = ++this.floods;
      const version = this.grid.layoutVersion;
      scratch.cells.set(this.grid.cells);
      const changes: GridArea[] = [];
      this.floodChanges = changes;
      this.floodChangeCells = 0;
      const count = yield* this.floodWork(scratch.labels, scratch.stack, scratch.cells, flood);
      const kept = this.floodChanges === changes;
      if (kept) this.floodChanges = null;
      // Overtaken by a later flood, too many changes meanwhile, or a query brought the table up
      // to date meanwhile.
      if (count < 0 || !kept || this.builtVersion >= version) continue;
      this.labels.set(scratch.labels);
      // Later changes are mostly updated cell by cell: the scratch goes until a flood needs it.
      this.scratch = undefined;
      this.adoptFlood(count);
      this.pending = changes;
      this.pendingCells = 0;
      for (const a of changes) this.pendingCells += a.width * a.height;
      this.builtVersion = version;
    }
  }

  /**
   * The cell-by-cell update of the pending areas as resumable work, {@link UPDATE_PIECE_CELLS}
   * cells a piece. Each cell's update leaves a table exact for the grid with the cells done so
   * far changed, so a query meanwhile (which finishes the update itself) or a change meanwhile
   * (its area joins the list this walks) leaves it right.
   */
  private *updateWork(): Generator<number, void, void> {
    const { width } = this.grid;
    const pending = this.pending;
    // The list may grow while this walks it: a change meanwhile is updated after it happened.
    for (let k = 0; k < pending.length; k++) {
      const a = pending[k]!;
      for (let y = a.y; y < a.y + a.height; y++) {
        for (let x0 = a.x; x0 < a.x + a.width; x0 += UPDATE_PIECE_CELLS) {
          const x1 = Math.min(a.x + a.width, x0 + UPDATE_PIECE_CELLS);
          yield Math.max(1, Math.ceil((x1 - x0) / UPDATE_CELLS_PER_UNIT));
          // A query meanwhile brought the table up to date (and began a new list).
          if (this.fresh || this.pending !== pending) return;
          for (let x = x0; x < x1; x++) this.update(y * width + x);
        }
      }
    }
    // A change the watcher did not list (the list outgrew its share) needs the flood.
    if (this.needsFlood()) return;
    this.pending = [];
    this.pendingCells = 0;
    this.builtVersion = this.grid.layoutVersion;
  }

  /** True when bringing the table up to date takes a flood of the whole map. */
  private needsFlood(): boolean {
    // A change as large as a fair part of the map is cheaper to flood afresh than cell by cell;
    // so is a table whose labels have outgrown their array.
    return this.builtVersion < 0 || this.pendingCells > REBUILD_SHARE * this.grid.cells.length || this.nextLabel > 2 * this.labels.length + 16;
  }

  private refresh(): void {
    const g = this.grid;
    if (this.builtVersion === g.layoutVersion) return;
    if (this.needsFlood()) {
      this.rebuild();
    } else {
      for (const a of this.pending) {
        for (let y = a.y; y < a.y + a.height; y++) {
          for (let x = a.x; x < a.x + a.width; x++) this.update(y * g.width + x);
        }
      }
    }
    this.pending = [];
    this.pendingCells = 0;
    this.builtVersion = g.layoutVersion;
  }

  /** The full flood fill: one label per component, every label a root. */
  private rebuild(): void {
    this.labels.fill(-1);
    // Its own stack: a sliced flood paused meanwhile keeps the scratch one.
    const flood: Flood = { labels: this.labels, stack: new Int32Array(this.labels.length), cells: this.grid.cells, start: 0, top: 0, count: 0 };
    this.floodSome(flood, Infinity);
    this.adoptFlood(flood.count);
  }

  /** Scratch of the sliced flood (labels, stack, the blocking it floods), allocated on its first use. */
  private scratch: { labels: Int32Array; stack: Int32Array; cells: Uint8Array } | undefined;
  /** The areas changed since the sliced flood under way copied the blocking; null when none is. */
  private floodChanges: GridArea[] | null = null;
  private floodChangeCells = 0;
  /** Counts sliced floods begun: a flood whose number is no longer this one has lost the scratch. */
  private floods = 0;

  /**
   * The flood fill as resumable work into `labels`, in pieces of {@link FLOOD_PIECE_UNITS} units;
   * returns the number of components, or -1 when flood number `flood` was overtaken by a later
   * one that took over the scratch.
   */
  private *floodWork(labels: Int32Array, stack: Int32Array, cells: Uint8Array, flood: number): Generator<number, number, void> {
    const perPiece = FLOOD_PIECE_UNITS * FLOOD_CELLS_PER_UNIT;
    for (let from = 0; from < labels.length; from += perPiece) {
      yield Math.max(1, Math.ceil(Math.min(perPiece, labels.length - from) / FLOOD_CELLS_PER_UNIT));
      if (flood !== this.floods) return -1;
      labels.fill(-1, from, from + perPiece);
    }
    const state: Flood = { labels, stack, cells, start: 0, top: 0, count: 0 };
    do {
      yield FLOOD_PIECE_UNITS;
      if (flood !== this.floods) return -1;
    } while (!this.floodSome(state, perPiece));
    return state.count;
  }

  /**
   * Advances `flood` by up to `cells` cells (start cells scanned and cells taken off the stack);
   * true once every cell is labelled. A plain method, not generator code: the engine optimises a
   * hot loop inside a generator poorly.
   */
  private floodSome(flood: Flood, cells: number): boolean {
    const { width } = this.grid;
    const { labels, stack, cells: grid } = flood;
    let { start, top, count } = flood;
    let left = cells;
    let done = false;
    for (;;) {
      if (top > 0) {
        if (--left < 0) break;
        const i = stack[--top]!;
        const x = i % width;
        if (x > 0 && grid[i - 1] === 0 && labels[i - 1] === -1) (labels[i - 1] = count), (stack[top++] = i - 1);
        if (x < width - 1 && grid[i + 1] === 0 && labels[i + 1] === -1) (labels[i + 1] = count), (stack[top++] = i + 1);
        if (i >= width && grid[i - width] === 0 && labels[i - width] === -1) (labels[i - width] = count), (stack[top++] = i - width);
        if (i + width < grid.length && grid[i + width] === 0 && labels[i + width] === -1) (labels[i + width] = count), (stack[top++] = i + width);
        // The component's last cell: the next start begins a new one.
        if (top === 0) count++;
        continue;
      }
      if (start >= grid.length) {
        done = true;
        break;
      }
      if (--left < 0) break;
      const s = start++;
      if (grid[s] === 1 || labels[s] !== -1) continue;
      labels[s] = count;
      stack[top++] = s;
    }
    flood.start = start;
    flood.top = top;
    flood.count = count;
    return done;
  }

  /** Makes the `count` labels of a finished flood the table's: one root each. */
  private adoptFlood(count: number): void {
    if (this.parent.length < count) this.parent = new Int32Array(count * 2);
    for (let l = 0; l < count; l++) this.parent[l] = l;
    this.nextLabel = count;
    this.count = count;
  }

  /** Brings cell i's label in line with the grid (the cells before it in the batch already are). */
  private update(i: number): void {
    const blocked = this.grid.cells[i] === 1;
    if (blocked === (this.labels[i] === -1)) return;
    if (blocked) this.block(i);
    else this.free(i);
  }

  private free(i: number): void {
    const { width } = this.grid;
    let label = -1;
    for (const n of this.neighbours(i, width)) {
      if (n < 0 || this.labels[n] === -1) continue;
      const r = this.root(this.labels[n]!);
      if (label < 0) label = r;
      else if (r !== label) {
        this.parent[r] = label;
        this.count--;
      }
    }
    if (label < 0) {
      label = this.newLabel();
      this.count++;
    }
    this.labels[i] = label;
  }

  private block(i: number): void {
    const { width, height } = this.grid;
    this.labels[i] = -1;
    const x = i % width;
    const y = (i - x) / width;
    // The eight cells around i in ring order; consecutive ones share an edge, so a run of free
    // ones is connected without i. Each run that holds an edge neighbour is one side.
    const free = this.ring;
    let blockedAt = -1;
    for (let k = 0; k < 8; k++) {
      const cx = x + RING_DX[k]!;
      const cy = y + RING_DY[k]!;
      free[k] = cx >= 0 && cy >= 0 && cx < width && cy < height && this.labels[cy * width + cx] !== -1 ? 1 : 0;
      if (!free[k]) blockedAt = k;
    }
    if (blockedAt < 0) return; // all eight free: one ring around the cell, nothing splits
    const sides: number[] = [];
    let sideOfRun = false;
    // Walk the ring once, starting after a blocked cell so that no run wraps around.
    for (let step = 1; step <= 8; step++) {
      const k = (blockedAt + step) % 8;
      if (!free[k]) {
        sideOfRun = false;
        continue;
      }
      if (k % 2 === 0 && !sideOfRun) {
        sideOfRun = true;
        sides.push((y + RING_DY[k]!) * width + x + RING_DX[k]!);
      }
    }
    if (sides.length === 0) this.count--; // a component of one cell, now gone
    else if (sides.length > 1) this.race(sides);
  }

  private readonly ring = new Uint8Array(8);

  /**
   * Floods out from each side in turn, one cell at a time. Sides that meet merge; a side that
   * runs out of cells before meeting another is a component of its own and gets a new label. Ends
   * when one side is left.
   */
  private race(starts: number[]): void {
    const { width } = this.grid;
    const gen = ++this.gen;
    const k = starts.length;
    const owner = starts.map((_, s) => s);
    const find = (s: number): number => {
      while (owner[s] !== s) s = owner[s]!;
      return s;
    };
    const queues: number[][] = starts.map((c) => [c]);
    const heads = starts.map(() => 0);
    const visited: number[][] = starts.map((c) => [c]);
    starts.forEach((c, s) => {
      this.seenGen[c] = gen;
      this.seenSide[c] = s;
    });
    let alive = k;
    while (alive > 1) {
      for (let s = 0; s < k && alive > 1; s++) {
        if (find(s) !== s || heads[s] === -1) continue;
        if (heads[s]! >= queues[s]!.length) {
          // Exhausted without meeting another side: a component of its own.
          const label = this.newLabel();
          for (const c of visited[s]!) this.labels[c] = label;
          this.count++;
          heads[s] = -1;
          alive--;
          continue;
        }
        const c = queues[s]![heads[s]!++]!;
        const cx = c % width;
        for (const n of this.neighbours(c, width, cx)) {
          if (n < 0 || this.labels[n] === -1) continue;
          if (this.seenGen[n] === gen) {
            const other = find(this.seenSide[n]!);
            if (other !== s) {
              // Two sides meet: one component; the merged side floods on from both frontiers.
              owner[other] = s;
              for (let q = heads[other]!; q < queues[other]!.length; q++) queues[s]!.push(queues[other]![q]!);
              for (const v of visited[other]!) visited[s]!.push(v);
              heads[other] = -1;
              alive--;
            }
            continue;
          }
          this.seenGen[n] = gen;
          this.seenSide[n] = s;
          queues[s]!.push(n);
          visited[s]!.push(n);
        }
      }
    }
    // The side left keeps the old label, and so do the cells it did not get to.
  }

  private readonly around = new Int32Array(4);

  /** The four edge neighbours of cell i, -1 where outside the map. */
  private neighbours(i: number, width: number, x = i % width): Int32Array {
    const n = this.around;
    const size = this.labels.length;
    n[0] = i >= width ? i - width : -1;
    n[1] = x < width - 1 ? i + 1 : -1;
    n[2] = i + width < size ? i + width : -1;
    n[3] = x > 0 ? i - 1 : -1;
    return n;
  }

  private newLabel(): number {
    const label = this.nextLabel++;
    if (label >= this.parent.length) {
      const grown = new Int32Array(this.parent.length * 2);
      grown.set(this.parent);
      this.parent = grown;
    }
    this.parent[label] = label;
    return label;
  }

  private root(label: number): number {
    const parent = this.parent;
    let r = label;
    while (parent[r] !== r) r = parent[r]!;
    // Path halving keeps later finds short.
    while (parent[label] !== r) {
      const next = parent[label]!;
      parent[label] = r;
      label = next;
    }
    return r;
  }
}

/** A flood fill under way: where its scan of start cells is, its stack, and the components labelled so far. */
interface Flood {
  labels: Int32Array;
  stack: Int32Array;
  /** The blocking it floods: the grid's cells, or a sliced flood's copy of them. */
  cells: Uint8Array;
  /** The next cell to try as the start of a component. */
  start: number;
  top: number;
  count: number;
}

/**
 * Share of the map's cells a batch of changes may cover before the table is flooded afresh
 * instead of updated cell by cell (a race flood per blocked cell would cost more).
 */
const REBUILD_SHARE = 1 / 16;

/** Cells a sliced flood copies in about a microsecond before it begins (a plain byte copy). */
const COPY_CELLS_PER_UNIT = 256;

/**
 * Work units of a piece of the sliced flood: `MAX_PIECE_UNITS` of `search/stepped-build.ts`, which
 * the grid layer does not import (the layers run one way).
 */
const FLOOD_PIECE_UNITS = 64;

/** Cells of a flood (scanned or taken off its stack) that take about a microsecond. */
const FLOOD_CELLS_PER_UNIT = 32;

/** Cells of a cell-by-cell update that take about a microsecond (most change nothing around them). */
const UPDATE_CELLS_PER_UNIT = 4;

/** Cells of a cell-by-cell update done as one piece: a piece of {@link FLOOD_PIECE_UNITS} units. */
const UPDATE_PIECE_CELLS = FLOOD_PIECE_UNITS * UPDATE_CELLS_PER_UNIT;

/** The eight cells around a cell in ring order, edge neighbours at even places (N, NE, E, ...). */
const RING_DX = [0, 1, 1, 1, 0, -1, -1, -1];
const RING_DY = [-1, -1, 0, 1, 1, 1, 0, -1];

const shared = new WeakMap<Grid, Components>();

/** The one {@link Components} table of a grid, shared by every planner on it. */
export function componentsOf(grid: Grid): Components {
  let table = shared.get(grid);
  if (!table) {
    table = new Components(grid);
    shared.set(grid, table);
  }
  return table;
}
