/**
 * Anya's root history, which stands in for a closed list: the best g seen for every root (a cell
 * corner, or the start) and the root it was reached from, reused across queries through a
 * generation stamp so a new query costs O(1). A node whose root was reached more cheaply by
 * another path is pruned: every point it could reach, that path reaches more cheaply.
 */
export class RootHistory {
  private readonly best: Float64Array;
  readonly parent: Int32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;

  /** @param size number of root ids. */
  constructor(size: number) {
    this.best = new Float64Array(size);
    this.parent = new Int32Array(size);
    this.stamp = new Uint32Array(size);
  }

  /** Forgets the previous search. */
  reset(): void {
    if (this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }

  /**
   * Records that root `id` is reached with path length `g` from root `parent`. Returns false, so
   * the caller prunes, unless this is the first or a shorter way to the root (beyond rounding).
   *
   * Ties are pruned too. A root's successors depend on the side it is reached from, but an
   * optimal path is taut at each root: bent round the root's one blocked cell, for otherwise the
   * free quadrants around the corner would let it cut the bend. So if the root is reached as
   * cheaply from another side, the optimal path's next leg is also taut after that side, and lies
   * among the successors already made. Keeping ties would instead repeat whole subtrees on maps
   * with symmetric detours (a staircase wall reached round either end).
   */
  offer(id: number, g: number, parent: number): boolean {
    if (this.stamp[id] === this.generation && g >= this.best[id]! - TIE * (1 + g)) return false;
    this.stamp[id] = this.generation;
    this.best[id] = g;
    this.parent[id] = parent;
    return true;
  }

  /** True when a node whose root is `id` and whose g is `g` is still worth expanding. */
  current(id: number, g: number): boolean {
    const best = this.best[id]!;
    return g <= best + TIE * (1 + best);
  }
}

/**
 * Relative slack under which two path lengths count as equal: far above the rounding of a sum of
 * a few thousand legs, far below the 1e-9 to which Anya promises the optimum.
 */
const TIE = 1e-12;
