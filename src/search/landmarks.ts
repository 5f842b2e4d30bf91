import { IndexedHeap } from './heap.js';
import type { Lattice } from './lattice.js';
import { MOVE_COST, moveTableOf, type MoveTable } from './move-table.js';
import { SteppedBuild, unitsFor, type BuildWork } from './stepped-build.js';

/**
 * Landmarks per connected region of a table built without a count: 64 bytes a node (one cache
 * line read per estimate). On the weighted benchmark maps (costs 1..9) 8 cut A*'s expansions 4.7
 * to 17x against the octile estimate, 16 only 5.3 to 23x for twice the memory and build time.
 */
export const DEFAULT_LANDMARKS = 8;

/** Most landmarks a table takes: a cap on memory (256 bytes a node, 64 MiB on a 512x512 map), far past where the gain flattens. */
export const MAX_LANDMARKS = 32;

/** The opposite of each move direction, in the order of {@link MOVE_COST}: E-W, S-N, SE-NW, NE-SW. */
const REVERSE = Int8Array.of(1, 0, 3, 2, 7, 6, 5, 4);

/** Heap pops of the building Dijkstra per announced piece of work. */
const POPS_PER_PIECE = 256;
/** Heap pops (each with up to eight relaxations) in about a microsecond of building. */
const POPS_PER_UNIT = 4;
/** Nodes a scan (labelling, selection, copying) visits in about a microsecond. */
const SCANS_PER_UNIT = 64;

/**
 * ALT landmark distances for the lattice A* searches (A*, Landmarks, Triangle inequality: Goldberg
 * and Harrelson, SODA 2005): for each connected region of the lattice, `count` landmark nodes
 * chosen by farthest-point selection, and the exact cost from each landmark to every node of its
 * region under the grid's tile costs, the same move costs A* charges ({@link Lattice.moveCost}).
 *
 * The lattice's moves are symmetric (a move and its reverse are both legal and cost the same, see
 * {@link Lattice.moveCost}), so for landmark L the triangle inequality gives
 * |d(L, goal) − d(L, n)| <= d(n, goal): {@link estimate} is the max of that over the landmarks,
 * admissible and consistent. The distances are taken over the lattice with every node passable
 * (double corners too), a graph with more moves than A* may use, so they are lower bounds there.
 *
 * Distances are a Float64Array, node-major (`count` per node, so one estimate reads one run of
 * memory): `8 · count · nodeCount` bytes, 16 MiB for 8 landmarks on a 512x512 map. Float32 would
 * halve it, but a float32 unit at 4,096 tiles of cost is 5e-4, coarser than the gap between
 * distinct path costs, so the rounding would make the estimate overshoot or break consistency.
 * The landmarks of different regions share a slot: their distances never meet.
 *
 * The table is keyed on `grid.version`: any blocking or cost change makes it stale, and a stale
 * table is never read ({@link distances} returns null). Building costs `count + 1` Dijkstra passes
 * over the whole lattice (one to find the first landmarks) and can be spread over frames with
 * {@link step}; {@link ensure} finishes it in one call.
 *
 * @example
 * ```ts
 * const landmarks = new Landmarks(new CellLattice(grid));
 * while (!landmarks.step(256)); // a slice a frame, or landmarks.ensure() at once
 * const bound = landmarks.estimate(fromId, goalId); // a lower bound on the cheapest path's cost
 * ```
 */
export class Landmarks {
  /** Landmarks per region, and distances per node. */
  readonly count: number;
  private readonly moves: MoveTable;
  private table: Float64Array | null = null;
  private builtVersion = -1;
  private build: SteppedBuild<BuiltTable> | null = null;
  private buildVersion = -1;
  /** The least cost of a free cell when the table was built: every move costs at least its length times this. */
  private leastCost = 1;

  /**
   * @param lattice the lattice A* searches (its grid's costs and blocking are read at build time)
   * @param count landmarks per region, 1 to {@link MAX_LANDMARKS}
   * @throws RangeError when `count` is not an integer from 1 to {@link MAX_LANDMARKS}
   */
  constructor(
    readonly lattice: Lattice,
    count: number = DEFAULT_LANDMARKS,
  ) {
    if (!Number.isInteger(count) || count < 1 || count > MAX_LANDMARKS) {
      throw new RangeError(`landmarks needs a count from 1 to ${MAX_LANDMARKS}, got ${String(count)}`);
    }
    this.count = count;
    this.moves = moveTableOf(lattice);
  }

  /** True when the table is built for the grid as it is now. */
  get fresh(): boolean {
    return this.table !== null && this.builtVersion === this.lattice.grid.version;
  }

  /** Bytes the distance table takes once built: 8 · count · nodeCount. */
  get bytes(): number {
    return 8 * this.count * this.lattice.nodeCount;
  }

  /**
   * The least cost of a free cell on the grid the fresh table was built for (1 on a uniform grid):
   * octile distance times it is a lower bound too. Meaningful only while {@link fresh}.
   */
  get minCost(): number {
    return this.leastCost;
  }

  /**
   * The distances, `count` per node (`table[id * count + i]`: cost from the i-th landmark of the
   * node's region, always finite), or null when the table is stale.
   */
  distances(): Float64Array | null {
    return this.fresh ? this.table : null;
  }

  /**
   * Builds with about `maxUnits` work units (a unit is about a microsecond, see
   * {@link SteppedBuild}); returns true once the table is fresh. A grid change during the build
   * starts it over.
   */
  step(maxUnits: number): boolean {
    if (this.fresh) return true;
    const version = this.lattice.grid.version;
    if (this.build === null || this.buildVersion !== version) {
      this.build = new SteppedBuild(this.work());
      this.buildVersion = version;
    }
    this.build.step(maxUnits);
    if (!this.build.done) return false;
    const result = this.build.result!;
    this.build = null;
    if (this.lattice.grid.version !== version) return false;
    this.table = result.table;
    this.leastCost = result.leastCost;
    this.builtVersion = version;
    return true;
  }

  /** The fresh distance table, built now (in one call) when stale. */
  ensure(): Float64Array {
    if (!this.fresh) this.step(Infinity);
    return this.table!;
  }

  /**
   * The landmark lower bound on the cost of the cheapest lattice path from node `from` to node
   * `to`: the max over landmarks of |d(L, to) − d(L, from)|. Meaningful only for two nodes of one
   * region (a path joins them): across regions the slots hold different landmarks' distances.
   * @throws Error when the table is stale (call {@link ensure} or {@link step} first)
   */
  estimate(from: number, to: number): number {
    const table = this.distances();
    if (table === null) throw new Error('landmarks: the table is stale (the grid changed since it was built); call ensure() first');
    const k = this.count;
    let h = 0;
    for (let i = 0; i < k; i++) {
      const d = Math.abs(table[to * k + i]! - table[from * k + i]!);
      if (d > h) h = d;
    }
    return h;
  }

  /** The build: regions, a first pass from one node of each, then one pass per landmark slot. */
  private *work(): BuildWork<BuiltTable> {
    const lattice = this.lattice;
    const n = lattice.nodeCount;
    const k = this.count;
    yield unitsFor(n * (k + 5), SCANS_PER_UNIT);
    const table = new Float64Array(n * k);
    const dist = new Float64Array(n);
    const nearest = new Float64Array(n);
    const region = new Int32Array(n);
    const exits = new Uint8Array(n);
    // Every node's moves, double corners' included: a supergraph of A*'s moves keeps the bounds.
    const bits = this.moves.fresh();
    const offsets = this.moves.offsets;
    for (let id = 0; id < n; id++) {
      if (id % (SCANS_PER_UNIT * 64) === 0) yield unitsFor(SCANS_PER_UNIT * 64, SCANS_PER_UNIT);
      exits[id] = bits[id] !== 0 ? bits[id]! : this.moves.exits(id);
    }
    // Only moves whose reverse is a move too: the table also records moves out of nodes no path
    // enters (a blocked cell's, on the cell lattice), and the bound needs a symmetric graph.
    for (let id = 0; id < n; id++) {
      if (id % (SCANS_PER_UNIT * 8) === 0) yield unitsFor(SCANS_PER_UNIT * 8, SCANS_PER_UNIT / 8);
      let kept = 0;
      for (let d = 0, b = exits[id]!; b !== 0; d++, b >>= 1) {
        if ((b & 1) !== 0 && (exits[id + offsets[d]!]! & (1 << REVERSE[d]!)) !== 0) kept |= 1 << d;
      }
      exits[id] = kept;
    }
    const regions = yield* labelRegions(exits, offsets, region);
    const sources = new Int32Array(regions);
    for (let id = n - 1; id >= 0; id--) sources[region[id]!] = id;
    const search = new RegionDijkstra(lattice, exits, offsets, dist);
    yield* search.run(sources);
    nearest.set(dist);
    const best = new Float64Array(regions);
    for (let slot = 0; slot < k; slot++) {
      // Farthest-point selection: each region's next landmark is its node farthest from the
      // landmarks it has (from the first pass's node for the first landmark).
      best.fill(-1);
      for (let id = 0; id < n; id++) {
        if (id % (SCANS_PER_UNIT * 64) === 0) yield unitsFor(SCANS_PER_UNIT * 64, SCANS_PER_UNIT);
        const r = region[id]!;
        if (nearest[id]! > best[r]!) {
          best[r] = nearest[id]!;
          sources[r] = id;
        }
      }
      yield* search.run(sources);
      for (let id = 0; id < n; id++) {
        if (id % (SCANS_PER_UNIT * 64) === 0) yield unitsFor(SCANS_PER_UNIT * 64, SCANS_PER_UNIT);
        const d = dist[id]!;
        table[id * k + slot] = d;
        nearest[id] = slot === 0 ? d : Math.min(nearest[id]!, d);
      }
    }
    return { table, leastCost: leastFreeCost(lattice) };
  }
}

/** What a build yields: the distances and the least free cell cost of the grid they were built on. */
interface BuiltTable {
  table: Float64Array;
  leastCost: number;
}

/** The least cost of a free cell of the lattice's grid (1 on a uniform grid). */
function leastFreeCost(lattice: Lattice): number {
  const { costs, cells } = lattice.grid;
  if (costs === null) return 1;
  let least = Infinity;
  for (let i = 0; i < cells.length; i++) if (cells[i] === 0 && costs[i]! < least) least = costs[i]!;
  return least === Infinity ? 1 : least;
}

/**
 * Labels the connected regions of the move graph (`exits`: every node's direction bits, symmetric)
 * into `region` by breadth-first search, in order of each region's lowest node id; returns how many.
 */
function* labelRegions(exits: Uint8Array, offsets: Int32Array, region: Int32Array): BuildWork<number> {
  const n = exits.length;
  region.fill(-1);
  const queue = new Int32Array(n);
  let regions = 0;
  let visited = 0;
  for (let seed = 0; seed < n; seed++) {
    if (region[seed] !== -1) continue;
    region[seed] = regions;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    while (head < tail) {
      if (++visited % (SCANS_PER_UNIT * 16) === 0) yield unitsFor(SCANS_PER_UNIT * 16, SCANS_PER_UNIT / 4);
      const id = queue[head++]!;
      for (let d = 0, b = exits[id]!; b !== 0; d++, b >>= 1) {
        if ((b & 1) === 0) continue;
        const to = id + offsets[d]!;
        if (region[to] === -1) {
          region[to] = regions;
          queue[tail++] = to;
        }
      }
    }
    regions++;
  }
  return regions;
}

/** Node states of the building Dijkstra. */
const UNSEEN = 0;
const QUEUED = 1;
const DONE = 2;

/**
 * Dijkstra from many sources at once (one per region, so their distances never meet) over every
 * node's moves, charging the same move costs as A*'s loop.
 */
class RegionDijkstra {
  private readonly heap: IndexedHeap;
  private readonly state: Uint8Array;

  constructor(
    private readonly lattice: Lattice,
    private readonly exits: Uint8Array,
    private readonly offsets: Int32Array,
    private readonly dist: Float64Array,
  ) {
    this.heap = new IndexedHeap(lattice.nodeCount);
    this.state = new Uint8Array(lattice.nodeCount);
  }

  /** Fills `dist` with each node's cost from the source of its region. */
  *run(sources: Int32Array): BuildWork<void> {
    const { heap, state, dist, exits, offsets, lattice } = this;
    const weighted = lattice.grid.weighted;
    // On the cell lattice a move's cost is half its length in each end's cell, as A* computes it.
    const cellCosts = weighted && lattice.kind === 'cell' ? lattice.grid.costs : null;
    state.fill(UNSEEN);
    dist.fill(Infinity);
    heap.clear();
    for (const s of sources) {
      dist[s] = 0;
      state[s] = QUEUED;
      heap.push(s, 0, 0);
    }
    let pops = 0;
    while (heap.size > 0) {
      if (pops++ % POPS_PER_PIECE === 0) yield unitsFor(POPS_PER_PIECE, POPS_PER_UNIT);
      const id = heap.pop();
      state[id] = DONE;
      const base = dist[id]!;
      for (let d = 0, b = exits[id]!; b !== 0; d++, b >>= 1) {
        if ((b & 1) === 0) continue;
        const to = id + offsets[d]!;
        const s = state[to]!;
        if (s === DONE) continue;
        const c = !weighted ? MOVE_COST[d]! : cellCosts !== null ? (MOVE_COST[d]! / 2) * (cellCosts[id]! + cellCosts[to]!) : lattice.moveCost(id, to);
        const gt = base + c;
        if (s === QUEUED) {
          if (gt < dist[to]!) {
            dist[to] = gt;
            heap.decrease(to, gt, 0);
          }
        } else {
          dist[to] = gt;
          state[to] = QUEUED;
          heap.push(to, gt, 0);
        }
      }
    }
  }
}
