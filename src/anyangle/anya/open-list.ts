import { TIE_WEIGHT } from '../../search/heap.js';

/**
 * Anya's open list: a binary min-heap of node ids, lowest f first and among equal f the larger
 * second key, folded into one key as `IndexedHeap` (`src/search/heap.ts`) folds f and g: f minus
 * the second key times {@link TIE_WEIGHT}. Anya never lowers a key (a better way to a root makes
 * new nodes), so there is no position table to keep up: a slot is one double beside the node id
 * in an Int32Array. Grows on demand; `clear` is O(1).
 */
export class OpenList {
  private keys = new Float64Array(INITIAL_SLOTS);
  private ids = new Int32Array(INITIAL_SLOTS);
  /** Number of nodes in the list. */
  size = 0;

  /** Empties the list. */
  clear(): void {
    this.size = 0;
  }

  /** Adds node `id` with keys f and `second`. */
  push(id: number, f: number, second: number): void {
    if (this.size === this.ids.length) {
      const keys = new Float64Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const ids = new Int32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
    }
    const key = f - second * TIE_WEIGHT;
    const keys = this.keys;
    const ids = this.ids;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pk = keys[p]!;
      if (pk <= key) break;
      keys[i] = pk;
      ids[i] = ids[p]!;
      i = p;
    }
    keys[i] = key;
    ids[i] = id;
  }

  /** Removes and returns the node with the lowest key. The list must not be empty. */
  pop(): number {
    const keys = this.keys;
    const ids = this.ids;
    const top = ids[0]!;
    const n = --this.size;
    if (n === 0) return top;
    const key = keys[n]!;
    const id = ids[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let ck = keys[c]!;
      if (c + 1 < n && keys[c + 1]! < ck) ck = keys[++c]!;
      if (key <= ck) break;
      keys[i] = ck;
      ids[i] = ids[c]!;
      i = c;
    }
    keys[i] = key;
    ids[i] = id;
    return top;
  }
}

/** Slots allocated up front; a query on a 512x512 game map rarely holds more, and the list grows. */
const INITIAL_SLOTS = 1 << 10;
