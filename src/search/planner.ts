import { componentsOf, type Components } from '../grid/components.js';
import type { Grid, GridArea } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import { segmentCost } from '../grid/segment-cost.js';
import type { Point } from '../grid/point.js';
import { CellLattice, CornerLattice, MAX_ENTRIES, type Connectivity, type Lattice } from './lattice.js';
import { CLOSED, OPEN, SearchMemory, UNSEEN } from './memory.js';
import { moveTableOf, type MoveTable } from './move-table.js';
import { failure, polylineLength, type PathResult, type QueryOptions } from './result.js';
import { SearchSlot, type RunState, type SearchSession } from './session.js';
import { TILE_COST_PLANNERS, coordinatesProblem, tileCostProblem, validateQuery } from './validate.js';

/**
 * What every path planner offers: a one-shot query, and a resumable search a game can spread over
 * several frames. Points are in tile units (see {@link Grid}).
 *
 * @example
 * ```ts
 * const planner = createPlanner('theta', grid);
 * const result = planner.findPath(0, 0, 12, 7);
 * if (result.status === 'found') console.log(result.points, result.length);
 * ```
 */
export interface Planner {
  /** The name `createPlanner` and the CLI know it by, e.g. `astar` or `theta`. */
  readonly name: string;
  readonly grid: Grid;
  /** Plans from (sx, sy) to (gx, gy) in one call. Never throws for bad coordinates: see the result's status. */
  findPath(sx: number, sy: number, gx: number, gy: number, options?: QueryOptions): PathResult;
  /**
   * Starts a search that runs in slices: call `step(n)` once a frame until it returns a result.
   * A planner runs one search at a time: starting another, or calling `findPath`, cancels this
   * one (its next `step` returns status `cancelled`). If the grid's blocking changes while the
   * search is paused, it starts over, unless no changed cell is one it has read (see
   * `SearchPhases.readBox`); either way it ends as a search begun on the final grid would.
   */
  createSearch(sx: number, sy: number, gx: number, gy: number, options?: QueryOptions): SearchSession<PathResult>;
  /**
   * Where the nodes the most recent search closed sit (tile units), for debug views. O(nodes):
   * call it when a search ends, not every frame. Empty before the first search, and for a planner
   * whose nodes are not points (see each planner's notes).
   */
  expandedPoints(): Point[];
  /**
   * Lets go of the grid: removes any watcher the planner registered on it itself, ends the search
   * in progress (`cancelled`) and answers later queries `invalid`. The built-in planners register
   * none of their own (their move tables, free runs and region tables are one per grid, shared by
   * every planner on it, and live as long as the grid), so theirs only ends and refuses searches;
   * a planner that watches the grid must have it. Its owner (a route context) calls it when it
   * drops the planner.
   */
  destroy?(): void;
}

/** Options shared by the planners that search a lattice. */
export interface LatticeOptions {
  /** `corner` (default): nodes at cell corners, any-angle semantics. `cell`: cell centres, Moving AI semantics. */
  lattice?: 'corner' | 'cell';
  /** 8 (default) or 4 neighbours per node. */
  connectivity?: Connectivity;
}

/**
 * The base of the polyline planners: `createSearch` opens a {@link SearchSession} through the
 * planner's {@link SearchSlot}, which runs one search at a time, begins again after a grid change
 * and ends with the result, `budget`, `no-path` or `cancelled`. A planner supplies the phases:
 * `begin` (validate and seed), `run` (expand up to a budget) and `finish` (the path), and counts
 * its expansions in `expanded`.
 */
export abstract class ResumablePlanner implements Planner {
  abstract readonly name: string;
  /** Nodes expanded so far by the current search. */
  protected expanded = 0;
  private readonly slot = new SearchSlot();
  private destroyed = false;

  constructor(readonly grid: Grid) {}

  /** Ends the search in progress and refuses later ones (see {@link Planner.destroy}). */
  destroy(): void {
    this.destroyed = true;
    this.slot.supersede();
  }

  /**
   * Whether this planner honours tile costs ({@link Grid.cost}). One that does not ends every
   * query on a weighted grid with status `invalid` (checked before `begin`, so also when a grid
   * becomes weighted while a search is paused). By default, the planners of
   * {@link TILE_COST_PLANNERS}; a planner that integrates costs exactly overrides it.
   */
  protected get takesTileCosts(): boolean {
    return TILE_COST_PLANNERS.includes(this.name);
  }

  /**
   * The query's end when the planner was destroyed, its coordinates are not numbers (checked
   * before `begin`, whose arithmetic would throw on a BigInt or coerce a string) or the grid has
   * costs this planner cannot take; else `begin`'s answer.
   */
  private start(sx: number, sy: number, gx: number, gy: number, weight: number, cap: number): PathResult | undefined {
    if (this.destroyed) {
      this.expanded = 0;
      return failure('invalid', 0, `this ${this.name} planner was destroyed (its owner let go of the grid): make a new one`);
    }
    const coordinates = coordinatesProblem(sx, sy, gx, gy);
    if (coordinates) {
      this.expanded = 0;
      return failure('invalid', 0, coordinates);
    }
    if (this.grid.weighted && !this.takesTileCosts) {
      this.expanded = 0;
      return failure('invalid', 0, tileCostProblem(this.name));
    }
    return this.begin(sx, sy, gx, gy, weight, cap);
  }

  /**
   * The one-shot query runs the phases directly rather than through {@link createSearch}, so that
   * it allocates nothing but its result (a game may ask for hundreds of short paths a frame). It
   * still ends any search in progress on this planner, as a new search would.
   */
  findPath(sx: number, sy: number, gx: number, gy: number, options: QueryOptions = {}): PathResult {
    this.slot.supersede();
    const cap = options.maxExpansions ?? Infinity;
    const early = this.start(sx, sy, gx, gy, options.weight ?? 1, cap);
    if (early) return early;
    const state = this.run(cap);
    if (state === 'found') return this.finish();
    if (state === 'exhausted') return failure('no-path', this.expanded);
    return failure('budget', this.expanded, `stopped after ${cap} expansions`);
  }

  createSearch(sx: number, sy: number, gx: number, gy: number, options: QueryOptions = {}): SearchSession<PathResult> {
    const cap = options.maxExpansions ?? Infinity;
    const weight = options.weight ?? 1;
    const planner = this;
    return this.slot.open(
      this.grid,
      {
        get expanded() {
          return planner.expanded;
        },
        begin: () => this.start(sx, sy, gx, gy, weight, cap),
        run: (budget) => this.run(budget),
        finish: () => this.finish(),
        exhausted: () => failure('no-path', this.expanded),
        fail: failure,
        readBox: () => this.readBox(),
      },
      cap,
    );
  }

  abstract expandedPoints(): Point[];

  /**
   * The box of cells whose blocking the current search has read (see `SearchPhases.readBox`), or
   * undefined when this planner cannot bound its reads (the default: a paused search then starts
   * over after any change of blocking).
   */
  protected readBox(): GridArea | undefined {
    return undefined;
  }

  /** Validates the query and seeds the search; returns the result when the query ends at once. */
  protected abstract begin(sx: number, sy: number, gx: number, gy: number, weight: number, cap: number): PathResult | undefined;

  /** Expands at most `budget` nodes. */
  protected abstract run(budget: number): RunState;

  /** The result, after `run` said `found`. */
  protected abstract finish(): PathResult;
}

/**
 * Cells around the box of a lattice search's expanded nodes (lattice columns and rows, with its
 * start and goal points) that its reads may reach: an expansion reads the cells touching its node
 * and its moves, whose ends lie one step out, and a line of sight from an expanded node's parent
 * to such an end reads the cells touching that segment, one cell further.
 */
const READ_MARGIN = 2;

/** Room for a node's successors: eight lattice moves, or a start's entries, plus the goal leg. */
const SUCCESSOR_SLOTS = Math.max(8, MAX_ENTRIES) + 1;

/**
 * The machinery every lattice planner shares: query validation, the region check, start and goal
 * points that are not lattice nodes (joined by straight legs to the corners they see), the
 * resumable expansion loop, and path extraction. A planner supplies `expand`, and may post-process
 * the path.
 */
export abstract class LatticePlanner extends ResumablePlanner {
  readonly lattice: Lattice;
  /** The lattice's moves as direction bits, for the in-place loop. */
  protected readonly moves: MoveTable;
  protected readonly memory: SearchMemory;
  protected readonly components: Components;
  /** Id of the start node: a lattice node, or {@link virtualStart} when the start is not one. */
  protected startId = -1;
  /** Id of the goal node: a lattice node, or {@link virtualGoal}. */
  protected goalId = -1;
  /** Lattice column and row of the goal node; -1 when the goal is virtual. */
  protected goalColumn = -1;
  protected goalRow = -1;
  protected readonly virtualStart: number;
  protected readonly virtualGoal: number;
  protected sx = 0;
  protected sy = 0;
  protected gx = 0;
  protected gy = 0;
  protected weight = 1;
  /**
   * The grid had tile costs when this query began: moves and legs cost their integral of cell cost
   * ({@link Lattice.moveCost}, {@link segmentCost}) instead of their length. Fixed for the query: a
   * blocking change, or a uniform grid getting costs, restarts it; later cost edits are read as
   * the search goes (its cost may be slightly stale, its path is legal).
   */
  protected weighted = false;
  /** Scratch buffers {@link successorsOf} fills. */
  protected readonly succIds = new Int32Array(SUCCESSOR_SLOTS);
  protected readonly succCosts = new Float64Array(SUCCESSOR_SLOTS);
  private readonly startEntryIds = new Int32Array(MAX_ENTRIES);
  private readonly startEntryCosts = new Float64Array(MAX_ENTRIES);
  private startEntryCount = 0;
  private readonly goalEntryIds = new Int32Array(MAX_ENTRIES);
  private readonly goalEntryCosts = new Float64Array(MAX_ENTRIES);
  private goalEntryCount = 0;
  private directLeg = -1;
  /**
   * The box, in lattice columns and rows, of the nodes this query has expanded, with its start and
   * goal points (floored and ceiled): the core of {@link readBox}. Loops that pop nodes call
   * {@link reach}.
   */
  private reachX0 = 0;
  private reachY0 = 0;
  private reachX1 = -1;
  private reachY1 = -1;

  constructor(grid: Grid, options: LatticeOptions = {}) {
    super(grid);
    const connectivity = options.connectivity ?? 8;
    if (connectivity !== 4 && connectivity !== 8) {
      throw new RangeError(`connectivity must be 4 or 8, got ${String(connectivity)}`);
    }
    const kind = options.lattice ?? 'corner';
    if (kind !== 'corner' && kind !== 'cell') throw new RangeError(`lattice must be 'corner' or 'cell', got ${String(kind)}`);
    this.lattice = kind === 'corner' ? new CornerLattice(grid, connectivity) : new CellLattice(grid, connectivity);
    this.moves = moveTableOf(this.lattice);
    this.virtualStart = this.lattice.nodeCount;
    this.virtualGoal = this.lattice.nodeCount + 1;
    this.memory = new SearchMemory(this.lattice.nodeCount + 2);
    this.components = componentsOf(grid);
  }

  /** Expands node `id`: relaxes or otherwise handles its successors. */
  protected abstract expand(id: number): void;

  /**
   * True when everything {@link expand} (and {@link settle}, {@link successorsOf} and the
   * planner's own loop) reads lies within {@link READ_MARGIN} cells of the expanded nodes, their
   * parents and their lattice moves, so that {@link readBox} bounds the search's reads. False by
   * default: a planner whose reads run far (jumps) says nothing and restarts after any change.
   */
  protected get localReads(): boolean {
    return false;
  }

  /** Takes the node at lattice column x, row y, just popped for expansion, into the box of reads. */
  protected reach(x: number, y: number): void {
    if (x < this.reachX0) this.reachX0 = x;
    if (x > this.reachX1) this.reachX1 = x;
    if (y < this.reachY0) this.reachY0 = y;
    if (y > this.reachY1) this.reachY1 = y;
  }

  protected override readBox(): GridArea | undefined {
    if (!this.localReads || this.reachX1 < this.reachX0) return undefined;
    const x = this.reachX0 - READ_MARGIN;
    const y = this.reachY0 - READ_MARGIN;
    return { x, y, width: this.reachX1 + READ_MARGIN + 1 - x, height: this.reachY1 + READ_MARGIN + 1 - y };
  }

  /**
   * Called for every node taken off the open list, before the goal test and before `expand`: the
   * place for a check deferred to expansion (Lazy Theta* verifies the node's parent here).
   */
  protected settle(_id: number): void {}

  /** Turns the found node chain into the final waypoints; post-smoothing planners override it. */
  protected refine(points: Point[]): Point[] {
    return points;
  }

  /** Where node `id` (lattice, virtual start or virtual goal) sits, in tile units. */
  protected nodeX(id: number): number {
    return id === this.virtualStart ? this.sx : id === this.virtualGoal ? this.gx : this.lattice.x(id);
  }

  protected nodeY(id: number): number {
    return id === this.virtualStart ? this.sy : id === this.virtualGoal ? this.gy : this.lattice.y(id);
  }

  /** Weighted admissible estimate from node `id` to the goal. */
  protected heuristic(id: number): number {
    if (id === this.virtualGoal) return 0;
    if (id === this.virtualStart) return 0;
    if (this.goalId !== this.virtualGoal) return this.weight * this.lattice.estimate(id, this.gx, this.gy);
    // The goal is reached through one of its entry corners: the cheapest of those is admissible.
    let best = Infinity;
    for (let i = 0; i < this.goalEntryCount; i++) {
      const e = this.goalEntryIds[i]!;
      const h = this.lattice.estimate(id, this.lattice.x(e), this.lattice.y(e)) + this.goalEntryCosts[i]!;
      if (h < best) best = h;
    }
    return this.weight * best;
  }

  /**
   * Fills {@link succIds} and {@link succCosts} with the moves out of `id`, including the legs
   * from a virtual start to its entries and from a goal entry to a virtual goal. Returns how many.
   */
  protected successorsOf(id: number): number {
    if (id === this.virtualStart) return this.legs(this.startEntryIds, this.startEntryCosts, this.startEntryCount, this.virtualGoal);
    const n = this.latticeMoves(id);
    const leg = this.goalLeg(id);
    return leg >= 0 ? this.append(n, this.virtualGoal, leg) : n;
  }

  /**
   * Like {@link successorsOf}, the moves into `id` instead: lattice moves are symmetric, plus the
   * leg from a virtual start to its entry, and for the virtual goal the legs from its entries.
   */
  protected predecessorsOf(id: number): number {
    if (id === this.virtualStart) return 0;
    if (id === this.virtualGoal) return this.legs(this.goalEntryIds, this.goalEntryCosts, this.goalEntryCount, this.virtualStart);
    let n = this.latticeMoves(id);
    if (this.startId !== this.virtualStart) return n;
    for (let i = 0; i < this.startEntryCount; i++) {
      if (this.startEntryIds[i] === id) n = this.append(n, this.virtualStart, this.startEntryCosts[i]!);
    }
    return n;
  }

  /** Fills the scratch buffers with the lattice moves out of lattice node `id` and their costs; returns how many. */
  private latticeMoves(id: number): number {
    const n = this.lattice.successors(id, this.succIds, this.succCosts);
    if (this.weighted) {
      for (let i = 0; i < n; i++) this.succCosts[i] = this.lattice.moveCost(id, this.succIds[i]!);
    }
    return n;
  }

  /** Fills the scratch buffers with a virtual node's entry legs, plus the direct start-goal leg to `other`. */
  private legs(entryIds: Int32Array, entryCosts: Float64Array, count: number, other: number): number {
    this.succIds.set(entryIds.subarray(0, count));
    this.succCosts.set(entryCosts.subarray(0, count));
    return this.directLeg >= 0 ? this.append(count, other, this.directLeg) : count;
  }

  /** Writes move `n` (to `id` at `cost`) into the scratch buffers; returns n + 1. */
  private append(n: number, id: number, cost: number): number {
    this.succIds[n] = id;
    this.succCosts[n] = cost;
    return n + 1;
  }

  /** Length of the leg from lattice node `id` to the virtual goal, or -1 when `id` is not one of its entries. */
  protected goalLeg(id: number): number {
    if (this.goalId !== this.virtualGoal) return -1;
    for (let i = 0; i < this.goalEntryCount; i++) {
      if (this.goalEntryIds[i] === id) return this.goalEntryCosts[i]!;
    }
    return -1;
  }

  /** The standard A* relaxation of one edge. */
  protected relax(from: number, to: number, g: number): void {
    const m = this.memory;
    const state = m.stateOf(to);
    if (state === UNSEEN) m.open(to, g, g + this.heuristic(to), from);
    else if (state === OPEN && g < m.g[to]!) m.improve(to, g, g + this.heuristic(to), from);
  }

  /** Validates the query and seeds the open list; returns a result when the query ends at once. */
  protected begin(sx: number, sy: number, gx: number, gy: number, weight: number, cap: number): PathResult | undefined {
    this.expanded = 0;
    this.reachX1 = this.reachY1 = -1;
    const invalid = validateQuery(this.grid, sx, sy, gx, gy, weight, cap, (x, y) => this.lattice.isFree(x, y));
    if (invalid) return invalid;
    this.sx = sx;
    this.sy = sy;
    this.gx = gx;
    this.gy = gy;
    this.weight = weight;
    this.weighted = this.grid.weighted;
    // The checks of start and goal, their entries and the direct leg read the cells around and
    // between them (a cell lattice's column of a point is its floor too).
    this.reachX0 = Math.floor(Math.min(sx, gx));
    this.reachY0 = Math.floor(Math.min(sy, gy));
    this.reachX1 = Math.ceil(Math.max(sx, gx));
    this.reachY1 = Math.ceil(Math.max(sy, gy));
    this.startEntryCount = this.entries(sx, sy, this.startEntryIds, this.startEntryCosts);
    this.goalEntryCount = this.entries(gx, gy, this.goalEntryIds, this.goalEntryCosts);
    const startNode = this.startEntryCount === 1 && this.startEntryCosts[0] === 0 ? this.startEntryIds[0]! : -1;
    const goalNode = this.goalEntryCount === 1 && this.goalEntryCosts[0] === 0 ? this.goalEntryIds[0]! : -1;
    this.startId = startNode >= 0 ? startNode : this.virtualStart;
    this.goalId = goalNode >= 0 ? goalNode : this.virtualGoal;
    this.goalColumn = goalNode >= 0 ? goalNode % this.lattice.stride : -1;
    this.goalRow = goalNode >= 0 ? (goalNode / this.lattice.stride) | 0 : -1;
    if ((sx === gx && sy === gy) || (startNode >= 0 && startNode === goalNode)) {
      const p = { x: this.nodeX(this.startId), y: this.nodeY(this.startId) };
      return { status: 'found', points: [p], length: 0, cost: 0, expanded: 0 };
    }
    if (!this.components.connected(this.nodeX(this.startId), this.nodeY(this.startId), this.nodeX(this.goalId), this.nodeY(this.goalId))) {
      return failure('no-path');
    }
    this.directLeg =
      this.startId === this.virtualStart && this.goalId === this.virtualGoal && lineOfSight(this.grid, sx, sy, gx, gy)
        ? this.legCost(sx, sy, gx, gy)
        : -1;
    this.memory.reset();
    this.memory.open(this.startId, 0, this.heuristic(this.startId), -1);
    return undefined;
  }

  /** The lattice's entries for point (x, y), with each leg's cost (its length on a uniform grid). */
  private entries(x: number, y: number, ids: Int32Array, costs: Float64Array): number {
    const n = this.lattice.entries(x, y, ids, costs);
    if (this.weighted) {
      for (let i = 0; i < n; i++) costs[i] = this.legCost(x, y, this.lattice.x(ids[i]!), this.lattice.y(ids[i]!));
    }
    return n;
  }

  /** The cost of the straight leg (x0, y0)-(x1, y1) in this query: its length, or its integral of cell cost. */
  private legCost(x0: number, y0: number, x1: number, y1: number): number {
    return this.weighted ? segmentCost(this.grid, x0, y0, x1, y1) : Math.hypot(x1 - x0, y1 - y0);
  }

  /**
   * True when start and goal are both lattice nodes (the usual query). A planner's own in-place
   * loop then reads each node's moves from the {@link moves} table with the target's column and
   * row known, instead of going through {@link expand} and the generic successor buffers: the hot
   * path of A*, Theta* and Lazy Theta*.
   */
  protected get endsOnLattice(): boolean {
    return this.startId !== this.virtualStart && this.goalId !== this.virtualGoal;
  }

  /**
   * Expands up to `budget` nodes through {@link settle} and {@link expand}: the loop every planner
   * can run, for any start and goal.
   */
  protected run(budget: number): RunState {
    const m = this.memory;
    const heap = m.heap;
    const lattice = this.lattice;
    const start = this.startId;
    while (heap.size > 0) {
      if (budget <= 0) return 'pending';
      budget--;
      const id = heap.pop();
      m.close(id);
      this.expanded++;
      if (id < lattice.nodeCount) {
        const x = id % lattice.stride;
        this.reach(x, (id - x) / lattice.stride);
      }
      this.settle(id);
      if (id === this.goalId) return 'found';
      if (id === start || id >= lattice.nodeCount || lattice.passable(id)) this.expand(id);
    }
    return 'exhausted';
  }

  /**
   * The closed lattice nodes of the most recent search (a start or goal off the lattice is not a
   * node: it is the path's end, not an expansion worth drawing).
   */
  expandedPoints(): Point[] {
    const points: Point[] = [];
    const lattice = this.lattice;
    for (let id = 0; id < lattice.nodeCount; id++) {
      if (this.memory.stateOf(id) === CLOSED) points.push({ x: lattice.x(id), y: lattice.y(id) });
    }
    return points;
  }

  protected finish(): PathResult {
    const points: Point[] = [];
    for (let id = this.goalId; id !== -1; id = this.memory.parent[id]!) {
      points.push({ x: this.nodeX(id), y: this.nodeY(id) });
    }
    points.reverse();
    const refined = this.refine(points);
    const length = polylineLength(refined);
    let cost = length;
    if (this.weighted) {
      cost = 0;
      for (let i = 1; i < refined.length; i++) cost += segmentCost(this.grid, refined[i - 1]!.x, refined[i - 1]!.y, refined[i]!.x, refined[i]!.y);
    }
    return { status: 'found', points: refined, length, cost, expanded: this.expanded };
  }
}
