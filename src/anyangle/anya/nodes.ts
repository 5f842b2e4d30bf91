/** The node's left endpoint line has corner root and anchor (see `lines.ts`). */
export const LO_EXACT = 1;
/** The node's right endpoint line has corner root and anchor. */
export const HI_EXACT = 2;
/** The left endpoint is a column line (a corner point of the row), exactly. */
export const LO_INT = 4;
/** The right endpoint is a column line, exactly. */
export const HI_INT = 8;
/** Not an interval: the target, reached straight from the root; popping it ends the search. */
export const GOAL = 16;
/** Not an interval: the start, whose expansion makes the first nodes. */
export const START = 32;

/**
 * Anya's search nodes, struct-of-arrays in typed arrays that grow on demand and are reused by every
 * query (`reset` is O(1)), so a search allocates nothing per node.
 *
 * A node is an interval [lo, hi] on row line `row`, every point of which the root sees; `dir` is +1
 * when the interval lies below the root (the cone opens downward), -1 above. Each endpoint is
 * where `row` meets the line from the root through its anchor (`lax, lay` and `hax, hay`), kept
 * exactly (see `lines.ts`); `lo` and `hi` hold the rounded values for the heuristic. `cell` is a
 * free cell of the strip beyond the interval (the one under its left end), or -1 for an interval
 * of one point, which is never projected. `g` is the length of the path to the root.
 */
export class NodePool {
  root = new Int32Array(0);
  rx = new Float64Array(0);
  ry = new Float64Array(0);
  g = new Float64Array(0);
  row = new Int32Array(0);
  dir = new Int8Array(0);
  flags = new Uint8Array(0);
  lo = new Float64Array(0);
  hi = new Float64Array(0);
  lax = new Float64Array(0);
  lay = new Float64Array(0);
  hax = new Float64Array(0);
  hay = new Float64Array(0);
  cell = new Int32Array(0);
  /** Number of nodes in use; the next `alloc` returns this id. */
  top = 0;

  constructor(capacity = INITIAL_NODES) {
    this.grow(capacity);
  }

  /** Forgets every node. */
  reset(): void {
    this.top = 0;
  }

  /** A fresh node id. The arrays may be replaced: read them through the pool after this call. */
  alloc(): number {
    if (this.top === this.root.length) this.grow(this.root.length * 2);
    return this.top++;
  }

  private grow(n: number): void {
    const keep = this.top;
    this.root = copy(new Int32Array(n), this.root, keep);
    this.row = copy(new Int32Array(n), this.row, keep);
    this.cell = copy(new Int32Array(n), this.cell, keep);
    this.dir = copy(new Int8Array(n), this.dir, keep);
    this.flags = copy(new Uint8Array(n), this.flags, keep);
    this.rx = copy(new Float64Array(n), this.rx, keep);
    this.ry = copy(new Float64Array(n), this.ry, keep);
    this.g = copy(new Float64Array(n), this.g, keep);
    this.lo = copy(new Float64Array(n), this.lo, keep);
    this.hi = copy(new Float64Array(n), this.hi, keep);
    this.lax = copy(new Float64Array(n), this.lax, keep);
    this.lay = copy(new Float64Array(n), this.lay, keep);
    this.hax = copy(new Float64Array(n), this.hax, keep);
    this.hay = copy(new Float64Array(n), this.hay, keep);
  }
}

/** Nodes allocated up front; a query on a 512x512 game map rarely makes more, and the pool grows. */
const INITIAL_NODES = 1 << 12;

/** `to` with the first n elements of `from` copied in. */
function copy<T extends { set(from: ArrayLike<number>): void }>(to: T, from: T & { subarray(a: number, b: number): ArrayLike<number> }, n: number): T {
  to.set(from.subarray(0, n));
  return to;
}
