import { IndexedHeap } from './heap.js';

/** A node not touched by the current search. */
export const UNSEEN = 0;
/** A node on the open list. */
export const OPEN = 1;
/** A node already expanded. */
export const CLOSED = 2;
/** A node's state within the current search. */
export type NodeState = typeof UNSEEN | typeof OPEN | typeof CLOSED;

/**
 * Per-node search memory reused across queries: g, parent, open/closed state and the open list.
 * A new query bumps a generation stamp instead of clearing the arrays, so starting a search costs
 * O(1) however large the map; a node whose stamp is old reads as unseen.
 */
export class SearchMemory {
  readonly g: Float64Array;
  readonly parent: Int32Array;
  readonly heap: IndexedHeap;
  private readonly stamp: Uint32Array;
  private readonly state: Uint8Array;
  private generation = 0;

  /** @param size number of node ids, including any virtual start and goal nodes. */
  constructor(readonly size: number) {
    this.g = new Float64Array(size);
    this.parent = new Int32Array(size);
    this.stamp = new Uint32Array(size);
    this.state = new Uint8Array(size);
    this.heap = new IndexedHeap(size);
  }

  /** Forgets the previous search. */
  reset(): void {
    this.heap.clear();
    if (this.generation === MAX_GENERATION) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }

  /** The node's state in this search. */
  stateOf(id: number): NodeState {
    return this.stamp[id] === this.generation ? (this.state[id] as NodeState) : UNSEEN;
  }

  /** Opens a node unseen in this search with the given g, f and parent. */
  open(id: number, g: number, f: number, parent: number): void {
    this.stamp[id] = this.generation;
    this.state[id] = OPEN;
    this.g[id] = g;
    this.parent[id] = parent;
    this.heap.push(id, f, g);
  }

  /** Gives an open node a better g (and f) and parent. */
  improve(id: number, g: number, f: number, parent: number): void {
    this.g[id] = g;
    this.parent[id] = parent;
    this.heap.decrease(id, f, g);
  }

  /** Marks a node closed (expanded). */
  close(id: number): void {
    this.state[id] = CLOSED;
  }
}

/** Stamps are 32-bit; on wrap-around the stamps are cleared once and counting restarts. */
const MAX_GENERATION = 0xffffffff;
