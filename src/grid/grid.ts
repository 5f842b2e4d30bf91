import { excerpt } from './excerpt.js';

/**
 * A map as a rectangle of blocked and free square cells.
 *
 * Cell (x, y) covers [x, x+1] x [y, y+1] in tile units, y grows downward, and everything outside
 * the map is blocked. Points live anywhere in [0, width] x [0, height]; the corners of cells
 * (integer points) are the vertices the lattice planners search over.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['....', '.@@.', '....']);
 * grid.isBlocked(1, 1); // true
 * grid.setBlocked(1, 1, false); // every later query sees the change
 * ```
 */
export class Grid {
  /** Number of columns. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
  /** Row-major cells, 1 = blocked, 0 = free. Write through {@link setBlocked}, never directly. */
  readonly cells: Uint8Array;
  /**
   * Incremented on every change, of blocking or of costs, so caches that read costs (a weighted
   * distance field, a shrunk grid's copy of the costs) can tell they are stale. See
   * {@link layoutVersion} for what depends on blocking alone.
   */
  version = 0;
  /** Incremented on every change of blocking only ({@link setBlocked}, {@link fill}); see {@link layoutVersion}. */
  private layout = 0;
  private readonly listeners = new Set<GridChangeListener>();
  private readonly watchers = new Set<GridChangeListener>();
  private readonly layoutWatchers = new Set<GridChangeListener>();
  /** Row-major cost multipliers, allocated on the first cost other than 1 (a uniform grid has none). */
  private costArray: Float64Array | null = null;
  /** How many cells have a cost other than 1, so {@link weighted} is O(1). */
  private nonUnitCosts = 0;

  /**
   * An all-free grid of the given size.
   * @throws RangeError when a dimension is negative, fractional, or larger than {@link MAX_GRID_SIDE}.
   */
  constructor(width: number, height: number) {
    checkSide('width', width);
    checkSide('height', height);
    this.width = width;
    this.height = height;
    this.cells = new Uint8Array(width * height);
  }

  /**
   * Incremented on every change of blocking ({@link setBlocked}, {@link fill}), never by a cost
   * edit ({@link setCost}, {@link fillCosts}); {@link version} moves with it and with every cost
   * edit. Caches that read only which cells are blocked (region tables, wall distances, eroded
   * layouts) compare this one, so that a game editing costs every frame does not rebuild them,
   * and a paused search begins again only when it moves (see `SearchSlot` in `search/session.ts`).
   *
   * @example
   * ```ts
   * const grid = new Grid(4, 4);
   * grid.setCost(1, 1, 3); // version 1, layoutVersion 0
   * grid.setBlocked(2, 2, true); // version 2, layoutVersion 1
   * ```
   */
  get layoutVersion(): number {
    return this.layout;
  }

  /**
   * True when cell (x, y) is blocked or lies outside the map. `x` and `y` are cell indices; a
   * fractional index is floored, so `isBlocked(1.5, 1)` asks about cell (1, 1), and `NaN` counts as
   * outside the map (blocked). Whether a *point* is free under the grid rule is
   * {@link isPointFree}'s question, not this one's.
   */
  isBlocked(x: number, y: number): boolean {
    // The negated test sends NaN to "outside"; `| 0` floors the non-negative indices left.
    if (!(x >= 0 && y >= 0 && x < this.width && y < this.height)) return true;
    return this.cells[(y | 0) * this.width + (x | 0)] === 1;
  }

  /** True when cell (x, y) is inside the map (fractional indices floored, `NaN` outside). */
  inBounds(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /**
   * Blocks or frees one cell, then tells the watchers and listeners (see {@link onChange}).
   * Cells outside the map are always blocked; setting one is ignored.
   * @throws RangeError when `x` or `y` is not an integer (`NaN`, fractional, infinite); nothing
   *   changes then.
   * @throws the error of a listener that threw, after every other watcher and listener ran (an
   *   `AggregateError` when several threw); the change itself is complete by then.
   */
  setBlocked(x: number, y: number, blocked: boolean): this {
    if (!Number.isInteger(x) || !Number.isInteger(y)) {
      throw new RangeError(`setBlocked needs integer cell coordinates, got (${String(x)}, ${String(y)})`);
    }
    if (!this.inBounds(x, y)) return this;
    const i = y * this.width + x;
    const v = blocked ? 1 : 0;
    if (this.cells[i] === v) return this;
    this.cells[i] = v;
    this.version++;
    this.layout++;
    this.notify({ x, y, width: 1, height: 1 }, true);
    return this;
  }

  /**
   * Sets every cell of a rectangle from a predicate in one change (one step of `version` and of
   * {@link layoutVersion}, one notification): what a game does when a tilemap area is reloaded.
   * The rectangle is clipped to the map; its corner is floored and its far side floored too, so
   * `fill(0, 0, 2.5, 1, f)` sets cells (0, 0) and (1, 0).
   *
   * The change is applied whole or not at all: the predicate is asked for every cell before any
   * cell is written, so a predicate that throws leaves the grid, its `version` and every cache as
   * they were.
   * @throws RangeError when `x` or `y` is not finite, or `width` or `height` is negative or `NaN`
   *   (an infinite size reaches the map's edge).
   * @throws TypeError when `blocked` is not a function.
   * @throws what the predicate throws (the grid unchanged), or what a listener throws (as
   *   {@link setBlocked} says).
   */
  fill(x: number, y: number, width: number, height: number, blocked: (x: number, y: number) => boolean): this {
    const rect = this.clip('fill', 'predicate', x, y, width, height, blocked);
    if (rect === null) return this;
    const { x0, y0, x1, y1, w } = rect;
    const next = new Uint8Array(w * (y1 - y0));
    for (let cy = y0; cy < y1; cy++) {
      for (let cx = x0; cx < x1; cx++) next[(cy - y0) * w + cx - x0] = blocked(cx, cy) ? 1 : 0;
    }
    let changed = false;
    for (let cy = y0; cy < y1; cy++) {
      for (let cx = x0; cx < x1; cx++) {
        const v = next[(cy - y0) * w + cx - x0]!;
        const i = cy * this.width + cx;
        if (this.cells[i] !== v) {
          this.cells[i] = v;
          changed = true;
        }
      }
    }
    if (changed) {
      this.version++;
      this.layout++;
      this.notify({ x: x0, y: y0, width: w, height: y1 - y0 }, true);
    }
    return this;
  }

  /**
   * The movement cost multiplier of cell (x, y): a move's cost is the length it runs inside each
   * cell times that cell's cost. 1 on a uniform grid. `x` and `y` are cell indices, floored like
   * {@link isBlocked}; a cell outside the map (or a `NaN` index) answers 1: it is blocked anyway,
   * and callers check blocking separately. A blocked cell keeps its cost, which it has again once
   * freed.
   *
   * @example
   * ```ts
   * const grid = new Grid(3, 3).setCost(1, 1, 5);
   * grid.cost(1, 1); // 5
   * grid.cost(1.7, 1.2); // 5, the same cell
   * grid.cost(0, 0); // 1
   * ```
   */
  cost(x: number, y: number): number {
    const costs = this.costArray;
    if (costs === null || !(x >= 0 && y >= 0 && x < this.width && y < this.height)) return 1;
    return costs[(y | 0) * this.width + (x | 0)]!;
  }

  /**
   * True when some cell's cost differs from 1 (O(1)). Planners that assume uniform costs refuse a
   * weighted grid; setting every cost back to 1 makes the grid uniform again.
   */
  get weighted(): boolean {
    return this.nonUnitCosts > 0;
  }

  /**
   * Row-major cell costs (index `y * width + x`), or `null` while no cell has ever had a cost
   * other than 1. Read-only: write through {@link setCost} or {@link fillCosts}, never directly,
   * or {@link weighted}, {@link version} and the caches go stale.
   */
  get costs(): Float64Array | null {
    return this.costArray;
  }

  /**
   * Sets the movement cost multiplier of one cell, then tells the watchers and listeners like
   * {@link setBlocked}: one `version` step, no {@link layoutVersion} step. A search in progress
   * goes on (it does not begin again, so steady cost edits cannot starve it): its path stays legal,
   * and the cells it reads after the edit cost their new value (a directional search keeps its
   * distance field), so its cost may be slightly stale; the next search sees the new costs. Setting
   * the cost a cell already has changes nothing; a cell outside the map is ignored. Blocked cells
   * may have a cost too: it applies once they are freed.
   * @throws RangeError when `x` or `y` is not an integer, or `cost` is not a number from 1 to {@link MAX_TILE_COST}
   *   (`NaN`, `Infinity` and costs below 1 are refused; block the cell instead); nothing changes then.
   * @throws the error of a listener that threw, as {@link setBlocked} says.
   */
  setCost(x: number, y: number, cost: number): this {
    if (!Number.isInteger(x) || !Number.isInteger(y)) {
      throw new RangeError(`setCost needs integer cell coordinates, got (${String(x)}, ${String(y)})`);
    }
    if (!isCost(cost)) throw new RangeError(`setCost needs a cost from 1 to ${MAX_TILE_COST}, got ${describe(cost)} for cell (${x}, ${y})`);
    if (!this.inBounds(x, y)) return this;
    if (!this.writeCost(y * this.width + x, cost)) return this;
    this.version++;
    this.notify({ x, y, width: 1, height: 1 }, false);
    return this;
  }

  /**
   * Sets the cost of every cell of a rectangle from a function in one change (one `version` step,
   * no {@link layoutVersion} step, one notification; searches in progress go on as
   * {@link setCost} says), clipped and floored like {@link fill}. The change is whole or absent:
   * the function is asked for every cell and each answer checked before any cell is written.
   * @throws RangeError on a bad rectangle (as {@link fill}), or when the function returns something
   *   other than a number from 1 to {@link MAX_TILE_COST} (the message names the cell and the value; the grid is
   *   unchanged).
   * @throws TypeError when `cost` is not a function.
   * @throws what the function throws (the grid unchanged), or what a listener throws.
   */
  fillCosts(x: number, y: number, width: number, height: number, cost: (x: number, y: number) => number): this {
    const rect = this.clip('fillCosts', 'cost', x, y, width, height, cost);
    if (rect === null) return this;
    const { x0, y0, x1, y1, w } = rect;
    const next = new Float64Array(w * (y1 - y0));
    for (let cy = y0; cy < y1; cy++) {
      for (let cx = x0; cx < x1; cx++) {
        const c = cost(cx, cy);
        if (!isCost(c)) throw new RangeError(`fillCosts: cell (${cx}, ${cy}) needs a cost from 1 to ${MAX_TILE_COST}, got ${describe(c)}`);
        next[(cy - y0) * w + cx - x0] = c;
      }
    }
    let changed = false;
    for (let cy = y0; cy < y1; cy++) {
      for (let cx = x0; cx < x1; cx++) {
        if (this.writeCost(cy * this.width + cx, next[(cy - y0) * w + cx - x0]!)) changed = true;
      }
    }
    if (changed) {
      this.version++;
      this.notify({ x: x0, y: y0, width: w, height: y1 - y0 }, false);
    }
    return this;
  }

  /**
   * The rectangle of {@link fill} or {@link fillCosts} clipped to the map (corner and far side
   * floored), or null when no cell is in it; checks the arguments, naming the method.
   */
  private clip(method: string, what: string, x: number, y: number, width: number, height: number, fn: unknown): { x0: number; y0: number; x1: number; y1: number; w: number } | null {
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new RangeError(`${method} needs a finite corner, got (${String(x)}, ${String(y)})`);
    if (!(width >= 0) || !(height >= 0)) throw new RangeError(`${method} needs a size >= 0, got ${String(width)} x ${String(height)}`);
    if (typeof fn !== 'function') throw new TypeError(`${method} needs a ${what} function, got ${typeof fn}`);
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + width));
    const y1 = Math.min(this.height, Math.floor(y + height));
    return x1 <= x0 || y1 <= y0 ? null : { x0, y0, x1, y1, w: x1 - x0 };
  }

  /** Writes one checked cost, keeping the count of non-1 cells; true when it changed. */
  private writeCost(i: number, cost: number): boolean {
    let costs = this.costArray;
    const old = costs === null ? 1 : costs[i]!;
    if (old === cost) return false;
    if (costs === null) costs = this.costArray = new Float64Array(this.width * this.height).fill(1);
    costs[i] = cost;
    if (old === 1) this.nonUnitCosts++;
    else if (cost === 1) this.nonUnitCosts--;
    return true;
  }

  /**
   * Calls `listener` with the changed area after every change. Returns a function that removes it.
   *
   * A listener that throws harms nothing else: the library's own caches are told first (see
   * {@link watch}), every other listener still runs, and the error is rethrown to whoever changed
   * the grid once all have run.
   */
  onChange(listener: GridChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Like {@link onChange}, for caches that must never miss a change (the library's own tables):
   * watchers run before every `onChange` listener, whatever the order they were added in, so a
   * game's listener cannot come between a change and the caches it would make stale.
   */
  watch(watcher: GridChangeListener): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /**
   * Like {@link watch}, for caches that read only which cells are blocked (move tables, free runs,
   * region tables): called after every change of blocking (a {@link layoutVersion} step), never
   * after a cost edit alone, so a game that edits costs every frame does not mark them stale.
   * Layout watchers run with the watchers, before every `onChange` listener.
   */
  watchLayout(watcher: GridChangeListener): () => void {
    this.layoutWatchers.add(watcher);
    return () => this.layoutWatchers.delete(watcher);
  }

  /**
   * For diagnostics and tests: how many {@link watch} and {@link watchLayout} watchers are
   * registered (not the `onChange` listeners). Every change calls each of them, so a count that
   * grows as planners or navigators come and go is a leak: their `destroy()` releases theirs.
   * Caches shared by everything on the grid (move tables, free runs, regions) keep one each.
   *
   * @example
   * ```ts
   * const before = grid.watcherCount;
   * const planner = createCurvePlanner('directional', grid, { turningRadius: 2 });
   * planner.findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 8.5, y: 1.5 });
   * planner.destroy();
   * grid.watcherCount === before; // true
   * ```
   */
  get watcherCount(): number {
    return this.watchers.size + this.layoutWatchers.size;
  }

  /** Tells layout watchers (when blocking changed), watchers, then listeners; each runs even when one before it threw. */
  private notify(area: GridArea, layout: boolean): void {
    let errors: unknown[] | undefined;
    for (const set of layout ? [this.layoutWatchers, this.watchers, this.listeners] : [this.watchers, this.listeners]) {
      for (const listener of set) {
        try {
          listener({ ...area });
        } catch (error) {
          (errors ??= []).push(error);
        }
      }
    }
    if (errors) throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} grid change listeners threw`);
  }

  /** A copy with the same cells and costs and no listeners. */
  clone(): Grid {
    const copy = new Grid(this.width, this.height);
    copy.cells.set(this.cells);
    if (this.costArray !== null) copy.costArray = this.costArray.slice();
    copy.nonUnitCosts = this.nonUnitCosts;
    return copy;
  }

  /** The grid as ASCII rows, `.` free and `@` blocked. */
  toAscii(): string[] {
    const rows: string[] = [];
    for (let y = 0; y < this.height; y++) {
      let row = '';
      for (let x = 0; x < this.width; x++) row += this.cells[y * this.width + x] ? '@' : '.';
      rows.push(row);
    }
    return rows;
  }

  /**
   * A grid of `width` x `height` whose blocked cells are those where `blocked(x, y)` is true.
   * @throws RangeError on a bad size, TypeError when `blocked` is not a function.
   */
  static fromPredicate(width: number, height: number, blocked: (x: number, y: number) => boolean): Grid {
    if (typeof blocked !== 'function') throw new TypeError(`Grid.fromPredicate needs a predicate function, got ${describe(blocked)}`);
    const grid = new Grid(width, height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) grid.cells[y * width + x] = blocked(x, y) ? 1 : 0;
    }
    return grid;
  }

  /**
   * A grid from rows of booleans, `rows[y][x] === true` meaning blocked.
   * @throws GridFormatError when the rows differ in length; TypeError when `rows` is not an array
   *   of arrays.
   */
  static fromBooleans(rows: readonly (readonly boolean[])[]): Grid {
    if (!Array.isArray(rows)) throw new TypeError(`Grid.fromBooleans needs an array of rows, got ${describe(rows)}`);
    rows.forEach((row, y) => {
      if (!Array.isArray(row)) throw new TypeError(`Grid.fromBooleans: row ${y} is not an array, got ${describe(row)}`);
    });
    const height = rows.length;
    const width = height === 0 ? 0 : rows[0]!.length;
    rows.forEach((row, y) => {
      if (row.length !== width) throw new GridFormatError(`row ${y} has ${row.length} cells, row 0 has ${width}`);
    });
    return Grid.fromPredicate(width, height, (x, y) => rows[y]![x] === true);
  }

  /**
   * A grid from ASCII rows: `.` free, `@` or `#` blocked. Accepts an array of rows or one string
   * with a row per line (blank lines at either end are ignored).
   * @throws GridFormatError on another character or rows of different lengths; TypeError when
   *   `rows` is neither a string nor an array of strings.
   */
  static fromAscii(rows: string | readonly string[]): Grid {
    if (typeof rows !== 'string' && !(Array.isArray(rows) && rows.every((r) => typeof r === 'string'))) {
      throw new TypeError(`Grid.fromAscii needs a string or an array of strings, got ${describe(rows)}`);
    }
    const lines = typeof rows === 'string' ? trimBlankLines(rows.split(/\r?\n/)) : rows;
    return parseRows(lines, ASCII_CELLS, 'ASCII row');
  }

  /**
   * A grid from the text of a Moving AI `.map` file (`type octile`, `height H`, `width W`, `map`,
   * then H rows). `.`, `G` and `S` are free; `@`, `O`, `T` and `W` are blocked.
   * @throws GridFormatError naming the first thing that is wrong; TypeError when `text` is not a
   *   string.
   */
  static fromMovingAi(text: string): Grid {
    if (typeof text !== 'string') throw new TypeError(`Grid.fromMovingAi needs the map's text as a string, got ${describe(text)}`);
    const lines = text.split(/\r?\n/);
    let height = -1;
    let width = -1;
    let i = 0;
    for (; i < lines.length; i++) {
      const line = lines[i]!.trim();
      if (line === '') continue;
      if (line === 'map') break;
      const [key, value] = line.split(/\s+/);
      if (key === 'height') height = parseHeaderNumber('height', value);
      else if (key === 'width') width = parseHeaderNumber('width', value);
      else if (key !== 'type') throw new GridFormatError(`unexpected header line ${i + 1}: ${excerpt(line)}`);
    }
    if (i === lines.length) throw new GridFormatError('no "map" line');
    if (height < 0) throw new GridFormatError('no "height" header');
    if (width < 0) throw new GridFormatError('no "width" header');
    const body = lines.slice(i + 1).map((l) => l.replace(/\s+$/, ''));
    while (body.length > 0 && body[body.length - 1] === '') body.pop();
    if (body.length !== height) throw new GridFormatError(`header says height ${height}, found ${body.length} rows`);
    const grid = parseRows(body, MOVING_AI_CELLS, 'map row');
    if (grid.width !== width) throw new GridFormatError(`header says width ${width}, rows have ${grid.width} cells`);
    return grid;
  }
}

/** The area of a change, in cells. */
export interface GridArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Called after cells change. */
export type GridChangeListener = (area: GridArea) => void;

/** Thrown when map text or rows cannot be read. The message names the problem. */
export class GridFormatError extends Error {
  override name = 'GridFormatError';
}

/**
 * The largest side a grid may have. Lattice searches index (width+1)·(height+1) vertices in
 * typed arrays and the exact line-of-sight arithmetic multiplies two coordinates, which stays
 * exact in doubles far beyond this.
 */
export const MAX_GRID_SIDE = 1 << 14;

const ASCII_CELLS: Record<string, number> = { '.': 0, '@': 1, '#': 1 };
const MOVING_AI_CELLS: Record<string, number> = { '.': 0, G: 0, S: 0, '@': 1, O: 1, T: 1, W: 1 };

/**
 * The largest cell cost: a path's cost sums cost times length over up to millions of cells, and
 * must stay a finite number the searches can compare (and tell from "unreachable").
 */
export const MAX_TILE_COST = 1e9;

/** A legal cell cost: a number from 1 (a cost multiplies distance and keeps the octile heuristic admissible) to {@link MAX_TILE_COST}. */
function isCost(cost: unknown): cost is number {
  return typeof cost === 'number' && cost >= 1 && cost <= MAX_TILE_COST;
}

function checkSide(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_GRID_SIDE) {
    throw new RangeError(`grid ${name} must be an integer from 0 to ${MAX_GRID_SIDE}, got ${describe(value)}`);
  }
}

/** A bad argument, named briefly for an error message (never its whole content). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'undefined') return String(value);
  return typeof value;
}

function parseHeaderNumber(name: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0 || n > MAX_GRID_SIDE) {
    throw new GridFormatError(`bad ${name} ${excerpt(value ?? '')}`);
  }
  return n;
}

function trimBlankLines(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a]!.trim() === '') a++;
  while (b > a && lines[b - 1]!.trim() === '') b--;
  return lines.slice(a, b).map((l) => l.trim());
}

function parseRows(rows: readonly string[], alphabet: Record<string, number>, what: string): Grid {
  const height = rows.length;
  const width = height === 0 ? 0 : rows[0]!.length;
  const grid = new Grid(width, height);
  for (let y = 0; y < height; y++) {
    const row = rows[y]!;
    if (row.length !== width) throw new GridFormatError(`${what} ${y} has ${row.length} cells, row 0 has ${width}`);
    for (let x = 0; x < width; x++) {
      const v = alphabet[row[x]!];
      if (v === undefined) throw new GridFormatError(`${what} ${y} column ${x}: unknown cell ${excerpt(row[x]!)}`);
      grid.cells[y * width + x] = v;
    }
  }
  return grid;
}
