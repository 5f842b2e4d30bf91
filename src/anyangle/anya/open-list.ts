/**
 * Anya's open list: a binary min-heap of node ids keyed by (f, -second), lowest f first and among
 * equal f the larger second key, the same order as `IndexedHeap` (`src/search/heap.ts`). Anya
 * never lowers a key (a better way to a root makes new nodes), so there is no position table to
 * keep up: a slot is three doubles side by side (f, second key, id), and a sift step moves one
 * slot within one or two cache lines. Grows on demand; `clear` is O(1).
 */
export class OpenList {
  private slots = new Float64Array(INITIAL_SLOTS * SLOT);
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
    }
    const s = this.slots;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pf = s[p * SLOT]!;
      if (pf < f || (pf === f && s[p * SLOT + 1]! >= second)) break;
      s[i * SLOT] = pf;
      s[i * SLOT + 1] = s[p * SLOT + 1]!;
      s[i * SLOT + 2] = s[p * SLOT + 2]!;
      i = p;
    }
    s[i * SLOT] = f;
    s[i * SLOT + 1] = second;
    s[i * SLOT + 2] = id;
  }

  /** Removes and returns the node with the lowest key. The list must not be empty. */
  pop(): number {
    const s = this.slots;
    const top = s[2]!;
    const n = --this.size;
    if (n === 0) return top;
    const f = s[n * SLOT]!;
    const second = s[n * SLOT + 1]!;
    const id = s[n * SLOT + 2]!;
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
      s[i * SLOT + 2] = s[c * SLOT + 2]!;
      i = c;
    }
    s[i * SLOT] = f;
    s[i * SLOT + 1] = second;
    s[i * SLOT + 2] = id;
    return top;
  }
}

/** Doubles per slot: f, the second key, the node id. */
const SLOT = 3;
/** Slots allocated up front; a query on a 512x512 game map rarely holds more, and the list grows. */
const INITIAL_SLOTS = 1 << 10;
