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
 * O(1) however large the map; a node whose stamp is old reads as unseen. One stamp word holds both
 * the generation and the state (the generation when open, one more when closed), so a state test
 * reads one array: on a cold cache that is one miss per neighbour instead of two.
 */
export class SearchMemory {
  readonly g: Float64Array;
  readonly parent: Int32Array;
  readonly heap: IndexedHeap;
  /**
   * Per-node stamp: {@link openStamp} while the node is open in this search, one more once
   * closed, anything else reads as unseen. Public for hot loops that inline {@link stateOf}.
   */
  readonly stamp: Uint32Array;
  /** Even; open nodes carry it, closed nodes carry it plus one. */
  private generation = 0;

  /**
   * @param size number of node ids, including any virtual start and goal nodes.
   * @param g the g array (`size` long) when the caller allocated it already: a builder that
   *   spreads a large allocation over frames allocates the largest array on its own.
   */
  constructor(
    readonly size: number,
    g?: Float64Array,
  ) {
    this.g = g ?? new Float64Array(size);
    this.parent = new Int32Array(size);
    this.stamp = new Uint32Array(size);
    this.heap = new IndexedHeap(size);
  }

  /** Forgets the previous search. */
  reset(): void {
    this.heap.clear();
    if (this.generation === MAX_GENERATION) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation += 2;
  }

  /** The stamp of an open node in this search; closed nodes carry one more. */
  get openStamp(): number {
    return this.generation;
  }

  /** The node's state in this search. */
  stateOf(id: number): NodeState {
    const s = this.stamp[id]! - this.generation;
    return s === 0 ? OPEN : s === 1 ? CLOSED : UNSEEN;
  }

  /** Opens a node unseen in this search with the given g, f and parent. */
  open(id: number, g: number, f: number, parent: number): void {
    this.stamp[id] = this.generation;
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
    this.stamp[id] = this.generation + 1;
  }
}

/** Stamps are 32-bit; before the closed stamp would wrap, the stamps are cleared once and counting restarts. */
const MAX_GENERATION = 0xfffffffc;
