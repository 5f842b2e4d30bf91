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
/** FLAGS >> TURNS is the node's turning endpoints (`successors.ts`), found when the node is made. */
export const TURNS = 6;

/** Offsets of a node's double fields in {@link NodePool.data}; a node takes {@link NODE} doubles. */
export const RX = 0;
export const RY = 1;
export const G = 2;
export const LO = 3;
export const HI = 4;
export const LAX = 5;
export const LAY = 6;
export const HAX = 7;
export const HAY = 8;
/**
 * Offsets of a node's integer fields in {@link NodePool.ints} (Int32 units, after the doubles).
 * Integers used as indices are kept as integers: read from a double array, every one would be
 * converted and checked first.
 */
export const ROOT = 18;
export const ROW = 19;
export const DIR = 20;
export const FLAGS = 21;
export const RUN = 22;
/** Doubles per node: the fields, padded to two 64-byte cache lines. */
export const NODE = 16;
/** Int32 slots per node in {@link NodePool.ints}. */
export const NODE_INTS = NODE * 2;

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
  /** The same memory as {@link data}, for the integer fields. */
  ints = new Int32Array(this.data.buffer);
  /** Number of nodes in use; the next `alloc` returns this id. */
  top = 0;

  /** Forgets every node. */
  reset(): void {
    this.top = 0;
  }

  /** A fresh node id. `data` and `ints` may be replaced: read them through the pool after this call. */
  alloc(): number {
    if ((this.top + 1) * NODE > this.data.length) {
      const data = new Float64Array(this.data.length * 2);
      data.set(this.data);
      this.data = data;
      this.ints = new Int32Array(data.buffer);
    }
    return this.top++;
  }
}

/** Nodes allocated up front; a query on a 512x512 game map rarely makes more, and the pool grows. */
const INITIAL_NODES = 1 << 12;
