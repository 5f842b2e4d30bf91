/**
 * Anya's root history, which stands in for a closed list: the best g seen for every root (a cell
 * corner, or the start) and the root it was reached from. A node whose root was reached more
 * cheaply by another path is pruned: every point it could reach, that path reaches more cheaply.
 *
 * A query settles a few hundred roots on a game map (tens of thousands on the worst random maps),
 * out of every corner of the map, so the history is an open-addressing hash table sized to the
 * query rather than an array over all corners: its slots stay in cache, where a per-corner array
 * took a cache miss per lookup. A slot is four doubles side by side (generation, root id, best g,
 * parent); a slot of an older generation is empty, so a new query costs O(1). The table doubles
 * when half full and keeps its size for later queries, so after warm-up nothing is allocated.
 */
export class RootHistory {
  private slots = new Float64Array(INITIAL_SLOTS * SLOT);
  /** Slots minus one (the slot count is a power of two). */
  private mask = INITIAL_SLOTS - 1;
  /** 32 minus log2 of the slot count: the hash keeps the top bits of the product. */
  private shift = 32 - Math.log2(INITIAL_SLOTS);
  /** Roots recorded by the current query. */
  private count = 0;
  /** A double counts generations for longer than any game runs, so it never wraps. */
  private generation = 1;
  /**
   * The path length for {@link offer}. A field rather than an argument: a fraction passed to a call
   * the compiler does not inline is boxed, one allocation per root offered.
   */
  g = 0;

  /** Forgets the previous search. */
  reset(): void {
    this.generation++;
    this.count = 0;
  }

  /**
   * Records that root `id` is reached with path length {@link g} from root `parent`. Returns false, so
   * the caller prunes, unless this is the first or a shorter way to the root (beyond rounding).
   *
   * Ties are pruned too. A root's successors depend on the side it is reached from, but an
   * optimal path is taut at each root: bent round the root's one blocked cell, for otherwise the
   * free quadrants around the corner would let it cut the bend. So if the root is reached as
   * cheaply from another side, the optimal path's next leg is also taut after that side, and lies
   * among the successors already made. Keeping ties would instead repeat whole subtrees on maps
   * with symmetric detours (a staircase wall reached round either end).
   */
  offer(id: number, parent: number): boolean {
    const g = this.g;
    const s = this.slots;
    const generation = this.generation;
    for (let i = Math.imul(id, HASH) >>> this.shift; ; i = (i + 1) & this.mask) {
      const o = i * SLOT;
      if (s[o] !== generation) {
        s[o] = generation;
        s[o + 1] = id;
        s[o + 2] = g;
        s[o + 3] = parent;
        if (++this.count * 2 > this.mask + 1) this.grow();
        return true;
      }
      if (s[o + 1] === id) {
        if (g >= s[o + 2]! - TIE * (1 + g)) return false;
        s[o + 2] = g;
        s[o + 3] = parent;
        return true;
      }
    }
  }

  /** True when a node whose root is `id` and whose g is `nodes[at]` is still worth expanding. */
  current(id: number, nodes: Float64Array, at: number): boolean {
    const g = nodes[at]!;
    const best = this.slots[this.find(id) + 2]!;
    return g <= best + TIE * (1 + best);
  }

  /** The root that root `id` was last reached from (-1 for the start). `id` must be recorded. */
  parent(id: number): number {
    return this.slots[this.find(id) + 3]!;
  }

  /** Offset of recorded root `id`'s slot. */
  private find(id: number): number {
    const s = this.slots;
    for (let i = Math.imul(id, HASH) >>> this.shift; ; i = (i + 1) & this.mask) {
      const o = i * SLOT;
      if (s[o + 1] === id && s[o] === this.generation) return o;
    }
  }

  /** Doubles the slot count and re-inserts the current query's roots. */
  private grow(): void {
    const old = this.slots;
    const size = (this.mask + 1) * 2;
    this.slots = new Float64Array(size * SLOT);
    this.mask = size - 1;
    this.shift--;
    const s = this.slots;
    for (let o = 0; o < old.length; o += SLOT) {
      if (old[o] !== this.generation) continue;
      let i = Math.imul(old[o + 1]!, HASH) >>> this.shift;
      while (s[i * SLOT] === this.generation) i = (i + 1) & this.mask;
      s.set(old.subarray(o, o + SLOT), i * SLOT);
    }
  }
}

/** Doubles per slot: generation, root id, best g, parent root id. */
const SLOT = 4;
/** Slots allocated up front (32 KB); a query on a 512x512 game map rarely records more than half. */
const INITIAL_SLOTS = 1 << 10;
/** Fibonacci hashing: 2^32 over the golden ratio spreads consecutive corner ids over the table. */
const HASH = 0x9e3779b1;

/**
 * Relative slack under which two path lengths count as equal: far above the rounding of a sum of
 * a few thousand legs, far below the 1e-9 to which Anya promises the optimum.
 */
const TIE = 1e-12;
