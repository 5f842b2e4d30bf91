/**
 * Anya's open list: a binary min-heap of node ids keyed by (f, -second), lowest f first and among
 * equal f the larger second key, the same order as `IndexedHeap` (`src/search/heap.ts`). Anya
 * never lowers a key (a better way to a root makes new nodes), so there is no position table to
 * keep up: a slot is two doubles side by side (f, second key) beside the node id in an Int32Array,
 * and a sift step moves one slot. Grows on demand; `clear` is O(1).
 */
export class OpenList {
  private slots = new Float64Array(INITIAL_SLOTS * SLOT);
  private ids = new Int32Array(INITIAL_SLOTS);
  /** Number of nodes in the list. */
  size = 0;

  /** Empties the list. */
  clear(): void {
    this.size = 0;
  }

  /** Adds node `id` with keys f and `second`. */
  push(id: number, f: number, second: number): void {
    if ((this.size + 1) * SLOT > this.slots.length) {
      const slots = new Float64Array(this.slots.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const ids = new Int32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
    }
    const s = this.slots;
    const ids = this.ids;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pf = s[p * SLOT]!;
      if (pf < f || (pf === f && s[p * SLOT + 1]! >= second)) break;
      s[i * SLOT] = pf;
      s[i * SLOT + 1] = s[p * SLOT + 1]!;
      ids[i] = ids[p]!;
      i = p;
    }
    s[i * SLOT] = f;
    s[i * SLOT + 1] = second;
    ids[i] = id;
  }

  /** Removes and returns the node with the lowest key. The list must not be empty. */
  pop(): number {
    const s = this.slots;
    const ids = this.ids;
    const top = ids[0]!;
    const n = --this.size;
    if (n === 0) return top;
    const f = s[n * SLOT]!;
    const second = s[n * SLOT + 1]!;
    const id = ids[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let cf = s[c * SLOT]!;
      const r = c + 1;
      if (r < n) {
        const rf = s[r * SLOT]!;
        if (rf < cf || (rf === cf && s[r * SLOT + 1]! > s[c * SLOT + 1]!)) {
          c = r;
          cf = rf;
        }
      }
      if (f < cf || (f === cf && second >= s[c * SLOT + 1]!)) break;
      s[i * SLOT] = cf;
      s[i * SLOT + 1] = s[c * SLOT + 1]!;
      ids[i] = ids[c]!;
      i = c;
    }
    s[i * SLOT] = f;
    s[i * SLOT + 1] = second;
    ids[i] = id;
    return top;
  }
}

/** Doubles per slot: f and the second key. */
const SLOT = 2;
/** Slots allocated up front; a query on a 512x512 game map rarely holds more, and the list grows. */
const INITIAL_SLOTS = 1 << 10;
