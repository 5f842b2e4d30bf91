import { ChangeBoxes } from '../grid/change-boxes.js';
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
 * The table follows the grid: a change marks the nodes around it (a box of nodes per group of
 * nearby changes, so edits far apart never mark the map between them), rebuilt by the next
 * {@link fresh} or {@link refreshWork}.
 */
export class MoveTable implements MoveVisitor {
  private readonly bits: Uint8Array;
  /** Node id step of each direction. */
  readonly offsets: Int32Array;
  private readonly columns: number;
  private readonly rows: number;
  /** Boxes of stale nodes (columns and rows of the lattice). */
  private readonly stale = new ChangeBoxes();
  /** Column and row of the node being recorded. */
  private x = 0;
  private y = 0;

  constructor(readonly lattice: Lattice) {
    this.columns = lattice.stride;
    this.rows = lattice.nodeCount / lattice.stride;
    this.bits = new Uint8Array(lattice.nodeCount);
    this.offsets = Int32Array.from(MOVE_DX, (dx, k) => dx + MOVE_DY[k]! * lattice.stride);
    this.stale.add({ x: 0, y: 0, width: this.columns, height: this.rows });
    lattice.grid.watchLayout((area) => this.mark(area));
  }

  /**
   * The box a sliced {@link refreshWork} has taken off the stale list and is recording, and the
   * first of its rows not yet recorded; null when none is.
   */
  private building: GridArea | null = null;
  private buildRow = 0;

  /** The direction bits of every node, up to date with the grid. */
  fresh(): Uint8Array {
    if (!this.stale.empty || this.building !== null) this.rebuild();
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
    const x0 = Math.max(0, area.x - 1);
    const y0 = Math.max(0, area.y - 1);
    const x1 = Math.min(this.columns - 1, area.x + area.width);
    const y1 = Math.min(this.rows - 1, area.y + area.height);
    this.stale.add({ x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 });
  }

  private record(id: number): void {
    this.bits[id] = 0;
    this.x = id % this.columns;
    this.y = (id - this.x) / this.columns;
    this.lattice.forEachMove(id, this);
  }

  private rebuild(): void {
    const box = this.building;
    if (box !== null) {
      this.building = null;
      if (this.buildRow < box.y + box.height) this.recordRows(this.buildRow, box.y + box.height - 1, box.x, box.x + box.width - 1);
    }
    runBuild(this.refreshWork());
  }

  /**
   * Rebuilds the stale nodes as resumable work (see `SteppedBuild`), a few rows a piece, so a
   * frame budget can spread a first build over frames. The box being recorded leaves the stale
   * list but stays marked as {@link building} until its last row is recorded (a search while this
   * is paused records the rest itself). A change while it is paused marks its own box, recorded
   * after this one: it never merges into the box under way, which would make a first build start
   * over at every edit and, with an edit every frame, never end.
   */
  *refreshWork(): BuildWork<void> {
    for (;;) {
      // The box under way, whoever began it (another refresh paused meanwhile shares the cursor).
      let box = this.building;
      if (box === null) {
        box = this.stale.first();
        if (box === null) return;
        this.stale.drop(box);
        this.building = box;
        this.buildRow = box.y;
      }
      const { x, y, width: span, height } = box;
      const rows = Math.max(1, Math.floor((MAX_PIECE_UNITS * MOVE_NODES_PER_UNIT) / span));
      const ya = this.buildRow;
      const yb = Math.min(y + height - 1, ya + rows - 1);
      yield unitsFor((yb - ya + 1) * span, MOVE_NODES_PER_UNIT);
      // A search or another refresh recorded these rows meanwhile: take stock again.
      if (this.building !== box || this.buildRow !== ya) continue;
      this.recordRows(ya, yb, x, x + span - 1);
      this.buildRow = yb + 1;
      if (this.buildRow >= y + height) this.building = null;
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
