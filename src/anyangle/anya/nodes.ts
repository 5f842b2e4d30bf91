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

/** Offsets of a node's fields in {@link NodePool.data}; a node takes {@link NODE} doubles. */
export const ROOT = 0;
export const RX = 1;
export const RY = 2;
export const G = 3;
export const ROW = 4;
export const DIR = 5;
export const FLAGS = 6;
export const LO = 7;
export const HI = 8;
export const LAX = 9;
export const LAY = 10;
export const HAX = 11;
export const HAY = 12;
export const RUN = 13;
/** Doubles per node: the fields, padded to two cache lines' worth of 64-byte alignment. */
export const NODE = 16;

/**
 * Anya's search nodes in one typed array that grows on demand and is reused by every query
 * (`reset` is O(1)), so a search allocates nothing per node. A node's fields sit side by side
 * (`data[id * NODE + field]`), so making or reading one touches one or two cache lines.
 *
 * A node is an interval [LO, HI] on row line ROW, every point of which its root (root id ROOT at
 * RX, RY) sees; DIR is +1 when the interval lies below the root (the cone opens downward), -1
 * above. Each endpoint is where ROW meets the line from the root through its anchor (LAX, LAY and
 * HAX, HAY), kept exactly (see `lines.ts`); LO and HI hold the rounded values for the heuristic
 * (exact when the endpoint is a column line, flag LO_INT or HI_INT). RUN is the free run of the
 * strip beyond the interval, as the index of its right end in the row table (`row-changes.ts`), or
 * -1 for an interval of one point, which is never projected. G is the length of the path to the root. FLAGS holds the flags above.
 */
export class NodePool {
  data = new Float64Array(INITIAL_NODES * NODE);
  /** Number of nodes in use; the next `alloc` returns this id. */
  top = 0;

  /** Forgets every node. */
  reset(): void {
    this.top = 0;
  }

  /** A fresh node id. `data` may be replaced: read it through the pool after this call. */
  alloc(): number {
    if ((this.top + 1) * NODE > this.data.length) {
      const data = new Float64Array(this.data.length * 2);
      data.set(this.data);
      this.data = data;
    }
    return this.top++;
  }
}

/** Nodes allocated up front; a query on a 512x512 game map rarely makes more, and the pool grows. */
const INITIAL_NODES = 1 << 12;
