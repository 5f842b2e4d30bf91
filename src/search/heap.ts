/**
 * An indexed binary min-heap of integer node ids keyed by (f, -g): lowest f first, and among equal
 * f the node with the larger g (closer to the goal), which is the usual A* tie-break and saves
 * expansions on open maps. Supports decrease-key. Keys live in the heap's own typed arrays beside
 * the ids, so comparisons touch contiguous memory; `position` maps a node id to its slot.
 *
 * Allocation happens only when the heap or the id range grows, never per push or pop.
 */
export class IndexedHeap {
  private ids: Int32Array;
  private fs: Float64Array;
  private gs: Float64Array;
  private position: Int32Array;
  /** Number of nodes in the heap. */
  size = 0;

  /** @param idCapacity one more than the largest node id expected; grows on demand. */
  constructor(idCapacity: number) {
    const slots = Math.max(16, Math.min(idCapacity, INITIAL_SLOTS));
    this.ids = new Int32Array(slots);
    this.fs = new Float64Array(slots);
    this.gs = new Float64Array(slots);
    this.position = new Int32Array(Math.max(1, idCapacity));
  }

  /** Empties the heap in O(1). */
  clear(): void {
    this.size = 0;
  }

  /** Adds a node that is not in the heap. */
  push(id: number, f: number, g: number): void {
    if (this.size === this.ids.length) this.growSlots();
    if (id >= this.position.length) this.growIds(id + 1);
    this.siftUp(this.size++, id, f, g);
  }

  /** Lowers the key of a node that is in the heap (decrease-key). */
  decrease(id: number, f: number, g: number): void {
    this.siftUp(this.position[id]!, id, f, g);
  }

  /** The f of the top node; Infinity when empty. */
  peekF(): number {
    return this.size > 0 ? this.fs[0]! : Infinity;
  }

  /** Removes and returns the node with the lowest key. The heap must not be empty. */
  pop(): number {
    const top = this.ids[0]!;
    const last = --this.size;
    if (last > 0) this.siftDown(0, this.ids[last]!, this.fs[last]!, this.gs[last]!);
    return top;
  }

  private siftUp(i: number, id: number, f: number, g: number): void {
    const { ids, fs, gs, position } = this;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pf = fs[p]!;
      if (pf < f || (pf === f && gs[p]! >= g)) break;
      ids[i] = ids[p]!;
      fs[i] = pf;
      gs[i] = gs[p]!;
      position[ids[i]!] = i;
      i = p;
    }
    ids[i] = id;
    fs[i] = f;
    gs[i] = g;
    position[id] = i;
  }

  private siftDown(i: number, id: number, f: number, g: number): void {
    const { ids, fs, gs, position } = this;
    const n = this.size;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      if (r < n && (fs[r]! < fs[c]! || (fs[r] === fs[c] && gs[r]! > gs[c]!))) c = r;
      const cf = fs[c]!;
      if (f < cf || (f === cf && g >= gs[c]!)) break;
      ids[i] = ids[c]!;
      fs[i] = cf;
      gs[i] = gs[c]!;
      position[ids[i]!] = i;
      i = c;
    }
    ids[i] = id;
    fs[i] = f;
    gs[i] = g;
    position[id] = i;
  }

  private growSlots(): void {
    const n = this.ids.length * 2;
    const ids = new Int32Array(n);
    const fs = new Float64Array(n);
    const gs = new Float64Array(n);
    ids.set(this.ids);
    fs.set(this.fs);
    gs.set(this.gs);
    this.ids = ids;
    this.fs = fs;
    this.gs = gs;
  }

  private growIds(minimum: number): void {
    const position = new Int32Array(Math.max(minimum, this.position.length * 2));
    position.set(this.position);
    this.position = position;
  }
}

/** Heap slots allocated up front; searches rarely hold more open nodes than this, and it grows. */
const INITIAL_SLOTS = 1 << 12;
