/**
 * An indexed binary min-heap of integer node ids keyed by f, ties going to the larger g (the node
 * closer to the goal: the usual A* tie-break, which saves expansions on open maps). Supports
 * decrease-key. The two are folded into one key, f - g * {@link TIE_WEIGHT}, so a comparison reads
 * one number; the keys live in the heap's own typed array beside the ids, and `position` maps a
 * node id to its slot.
 *
 * Folding also makes f values that differ only by rounding (sums of 1 and sqrt 2 added in another
 * order) tie as they should, instead of going to whichever rounded lower.
 *
 * Allocation happens only when the heap or the id range grows, never per push or pop.
 */
export class IndexedHeap {
  private ids: Int32Array;
  private keys: Float64Array;
  private position: Int32Array;
  /** Number of nodes in the heap. */
  size = 0;

  /** @param idCapacity one more than the largest node id expected; grows on demand. */
  constructor(idCapacity: number) {
    const slots = Math.max(16, Math.min(idCapacity, INITIAL_SLOTS));
    this.ids = new Int32Array(slots);
    this.keys = new Float64Array(slots);
    this.position = new Int32Array(Math.max(1, idCapacity));
  }

  /** Empties the heap in O(1). */
  clear(): void {
    this.size = 0;
  }

  /** Adds a node that is not in the heap, with its f and g. */
  push(id: number, f: number, g: number): void {
    if (this.size === this.ids.length) this.growSlots();
    if (id >= this.position.length) this.growIds(id + 1);
    this.siftUp(this.size++, id, f - g * TIE_WEIGHT);
  }

  /** Lowers the f (or raises the g at equal f) of a node that is in the heap (decrease-key). */
  decrease(id: number, f: number, g: number): void {
    this.siftUp(this.position[id]!, id, f - g * TIE_WEIGHT);
  }

  /** The id with the lowest key, left in the heap. The heap must not be empty. */
  get top(): number {
    return this.ids[0]!;
  }

  /** Removes and returns the node with the lowest key. The heap must not be empty. */
  pop(): number {
    const top = this.ids[0]!;
    const last = --this.size;
    if (last > 0) this.siftDown(0, this.ids[last]!, this.keys[last]!);
    return top;
  }

  /**
   * Gives every node a new f (its g unchanged), as `fOf(id)` and `gOf(id)` say, and restores the
   * heap order in O(size) (Floyd's heapify): for a search whose heuristic changed target.
   */
  rekey(fOf: (id: number) => number, gOf: (id: number) => number): void {
    const { ids, keys } = this;
    for (let i = 0; i < this.size; i++) {
      const id = ids[i]!;
      keys[i] = fOf(id) - gOf(id) * TIE_WEIGHT;
    }
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i, ids[i]!, keys[i]!);
  }

  private siftUp(i: number, id: number, key: number): void {
    const { ids, keys, position } = this;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pk = keys[p]!;
      if (pk <= key) break;
      const pid = ids[p]!;
      ids[i] = pid;
      keys[i] = pk;
      position[pid] = i;
      i = p;
    }
    ids[i] = id;
    keys[i] = key;
    position[id] = i;
  }

  /** Sinks `id` with `key` from slot i (whose previous content is discarded) to its place. */
  private siftDown(i: number, id: number, key: number): void {
    const { ids, keys, position } = this;
    const n = this.size;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let ck = keys[c]!;
      if (c + 1 < n) {
        const rk = keys[c + 1]!;
        if (rk < ck) {
          c++;
          ck = rk;
        }
      }
      if (key <= ck) break;
      const cid = ids[c]!;
      ids[i] = cid;
      keys[i] = ck;
      position[cid] = i;
      i = c;
    }
    ids[i] = id;
    keys[i] = key;
    position[id] = i;
  }

  private growSlots(): void {
    const n = this.ids.length * 2;
    const ids = new Int32Array(n);
    const keys = new Float64Array(n);
    ids.set(this.ids);
    keys.set(this.keys);
    this.ids = ids;
    this.keys = keys;
  }

  private growIds(minimum: number): void {
    const position = new Int32Array(Math.max(minimum, this.position.length * 2));
    position.set(this.position);
    this.position = position;
  }
}

/**
 * How much a unit of g lowers the key at equal f. Large enough that the smallest g step between
 * lattice nodes (sqrt 2 - 1, times this: 6e-12) outweighs a rounding unit of f up to 16,384 (an
 * 8192x8192 map: 3.6e-12); small enough that two f values which really differ are reordered only
 * when they are within this fraction of g, so a path found is within 1.5e-11 (relative) of the
 * optimum, far below the 1e-9 the tests and the benchmark call equal.
 */
export const TIE_WEIGHT = 2 ** -36;

/** Heap slots allocated up front; searches rarely hold more open nodes than this, and it grows. */
const INITIAL_SLOTS = 1 << 12;
