import type { Grid, GridArea } from '../grid/grid.js';
import { SQRT2, type Lattice, type MoveVisitor } from './lattice.js';
import { MAX_PIECE_UNITS, runBuild, unitsFor, type BuildWork } from './stepped-build.js';

/**
 * Lattice column step of each move direction, in the order the lattices hand moves out:
 * east, west, south, north, then south-east, north-east, south-west, north-west.
 */
export const MOVE_DX: Int8Array = Int8Array.of(1, -1, 0, 0, 1, 1, -1, -1);
/** Lattice row step of each move direction (y grows downward). */
export const MOVE_DY: Int8Array = Int8Array.of(0, 0, 1, -1, 1, -1, 1, -1);
/** Length of each move direction's unit move. */
export const MOVE_COST: Float64Array = Float64Array.of(1, 1, 1, 1, SQRT2, SQRT2, SQRT2, SQRT2);

/** Direction index by (dy + 1) * 3 + (dx + 1); -1 for the centre. */
const DIRECTION_OF = Int8Array.of(7, 3, 5, 1, -1, 0, 6, 2, 4);

/**
 * The legal moves of every lattice node as one byte of direction bits (bit k: the move along
 * {@link MOVE_DX}[k], {@link MOVE_DY}[k] is legal), so a hot search loop reads one byte per
 * expansion instead of the up to eight cells the move rule looks at. A node a path may reach but
 * not pass through ({@link Lattice.passable} false: a double corner) has no moves in the table;
 * a search that starts there asks {@link exits}. The bits are derived from
 * {@link Lattice.forEachMove}, which stays the only statement of the rule.
 *
 * The table follows the grid: a change marks the nodes around it, rebuilt by the next {@link fresh}.
 */
export class MoveTable implements MoveVisitor {
  private readonly bits: Uint8Array;
  /** Node id step of each direction. */
  readonly offsets: Int32Array;
  private readonly columns: number;
  private readonly rows: number;
  /** Stale node rectangle, inclusive; empty when lo > hi. */
  private columnLo: number;
  private columnHi: number;
  private rowLo: number;
  private rowHi: number;
  /** Counts changes marked, so a sliced rebuild knows whether one came while it was paused. */
  private marks = 0;
  /** Column and row of the node being recorded. */
  private x = 0;
  private y = 0;

  constructor(readonly lattice: Lattice) {
    this.columns = lattice.stride;
    this.rows = lattice.nodeCount / lattice.stride;
    this.bits = new Uint8Array(lattice.nodeCount);
    this.offsets = Int32Array.from(MOVE_DX, (dx, k) => dx + MOVE_DY[k]! * lattice.stride);
    this.columnLo = 0;
    this.columnHi = this.columns - 1;
    this.rowLo = 0;
    this.rowHi = this.rows - 1;
    lattice.grid.watchLayout((area) => this.mark(area));
  }

  /** The direction bits of every node, up to date with the grid. */
  fresh(): Uint8Array {
    if (this.columnLo <= this.columnHi && this.rowLo <= this.rowHi) this.rebuild();
    return this.bits;
  }

  /** The direction bits of node `id`'s legal moves, whether or not a path may pass through it. */
  exits(id: number): number {
    const saved = this.bits[id]!;
    this.record(id);
    const exits = this.bits[id]!;
    this.bits[id] = saved;
    return exits;
  }

  /** Records one move of the node being rebuilt; public because the lattice calls it. */
  move(from: number, _to: number, tx: number, ty: number): void {
    this.bits[from]! |= 1 << DIRECTION_OF[(ty - this.y + 1) * 3 + (tx - this.x + 1)]!;
  }

  /**
   * A node's moves look at the cells that touch it: a cell centre's eight neighbours, or a
   * corner's four cells. So a changed cell block dirties the nodes one step around it.
   */
  private mark(area: GridArea): void {
    this.marks++;
    this.columnLo = Math.max(0, Math.min(this.columnLo, area.x - 1));
    this.columnHi = Math.min(this.columns - 1, Math.max(this.columnHi, area.x + area.width));
    this.rowLo = Math.max(0, Math.min(this.rowLo, area.y - 1));
    this.rowHi = Math.min(this.rows - 1, Math.max(this.rowHi, area.y + area.height));
  }

  private record(id: number): void {
    this.bits[id] = 0;
    this.x = id % this.columns;
    this.y = (id - this.x) / this.columns;
    this.lattice.forEachMove(id, this);
  }

  private rebuild(): void {
    runBuild(this.refreshWork());
  }

  /**
   * Rebuilds the stale nodes as resumable work (see `SteppedBuild`), a few rows a piece, so a
   * frame budget can spread a first build over frames. The stale mark stays until the end (a
   * search while it is paused rebuilds the rest itself); a change while it is paused makes it go
   * over the marked nodes again.
   */
  *refreshWork(): BuildWork<void> {
    while (this.columnLo <= this.columnHi && this.rowLo <= this.rowHi) {
      const marks = this.marks;
      const { columnLo, columnHi, rowLo, rowHi } = this;
      const span = columnHi - columnLo + 1;
      const rows = Math.max(1, Math.floor((MAX_PIECE_UNITS * MOVE_NODES_PER_UNIT) / span));
      for (let ya = rowLo; ya <= rowHi; ya += rows) {
        const yb = Math.min(rowHi, ya + rows - 1);
        yield unitsFor((yb - ya + 1) * span, MOVE_NODES_PER_UNIT);
        this.recordRows(ya, yb, columnLo, columnHi);
      }
      if (this.marks === marks) {
        this.columnLo = this.columns;
        this.columnHi = -1;
        this.rowLo = this.rows;
        this.rowHi = -1;
      }
    }
  }

  /**
   * Records the nodes of rows ya .. yb, columns xa .. xb: a plain method, not generator code (the
   * engine optimises a hot loop inside a generator poorly).
   */
  private recordRows(ya: number, yb: number, xa: number, xb: number): void {
    const { bits, lattice, columns } = this;
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        const id = y * columns + x;
        if (lattice.passable(id)) this.record(id);
        else bits[id] = 0;
      }
    }
  }
}

/** Nodes whose moves are recorded in about a microsecond. */
const MOVE_NODES_PER_UNIT = 8;

const shared = new WeakMap<Grid, Map<string, MoveTable>>();

/**
 * The one {@link MoveTable} for a lattice's kind and connectivity on its grid, shared by every
 * planner there: one grid listener and one byte per node however many planners a game creates.
 */
export function moveTableOf(lattice: Lattice): MoveTable {
  let tables = shared.get(lattice.grid);
  if (!tables) {
    tables = new Map();
    shared.set(lattice.grid, tables);
  }
  const key = `${lattice.kind}${lattice.connectivity}`;
  let table = tables.get(key);
  if (!table) {
    table = new MoveTable(lattice);
    tables.set(key, table);
  }
  return table;
}
