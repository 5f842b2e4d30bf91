/**
 * The discs a group's slots must keep clear of (standing units outside the group), bucketed so a
 * slot candidate looks only at the discs near it.
 */
import type { Grid } from '../grid/grid.js';

/** A disc in tile units. */
export interface Disc {
  x: number;
  y: number;
  radius: number;
}

/**
 * A disc whose reach spans more buckets than this is kept in a short list checked against every
 * candidate instead: one huge disc must not fill millions of buckets.
 */
const WIDE_DISC_BUCKETS = 64;

/** Smallest bucket side (tiles): finer buckets only cost memory, slots are at least this apart anyway. */
const MIN_BUCKET = 1;

/**
 * Answers "does a slot at (x, y) overlap a standing disc?": true when some disc's centre is
 * closer than its radius + `reach`, where `reach` is the slot's radius plus the gap.
 */
export class SlotBlockers {
  private readonly buckets = new Map<number, number[]>();
  private readonly wide: number[] = [];
  private readonly side: number;
  private readonly columns: number;

  /**
   * @param discs standing discs, already checked (finite centres, finite radii >= 0)
   * @param reach the slot's radius plus the gap (tiles), added to each disc's radius
   * @param grid slots lie on the map, so discs are bucketed only over it
   */
  constructor(
    private readonly discs: readonly Disc[],
    private readonly reach: number,
    grid: Grid,
    bucketSide: number,
  ) {
    this.side = Math.max(MIN_BUCKET, bucketSide);
    this.columns = Math.floor(grid.width / this.side) + 1;
    const rows = Math.floor(grid.height / this.side) + 1;
    for (let k = 0; k < discs.length; k++) {
      const d = discs[k]!;
      const r = d.radius + reach;
      const bx0 = Math.max(0, Math.floor((d.x - r) / this.side));
      const bx1 = Math.min(this.columns - 1, Math.floor((d.x + r) / this.side));
      const by0 = Math.max(0, Math.floor((d.y - r) / this.side));
      const by1 = Math.min(rows - 1, Math.floor((d.y + r) / this.side));
      // Off the map entirely: no slot can come near it.
      if (bx0 > bx1 || by0 > by1) continue;
      if ((bx1 - bx0 + 1) * (by1 - by0 + 1) > WIDE_DISC_BUCKETS) {
        this.wide.push(k);
        continue;
      }
      for (let by = by0; by <= by1; by++) {
        for (let bx = bx0; bx <= bx1; bx++) {
          const key = by * this.columns + bx;
          const list = this.buckets.get(key);
          if (list) list.push(k);
          else this.buckets.set(key, [k]);
        }
      }
    }
  }

  /** True when a slot at (x, y) (a point on the map) would overlap a standing disc. */
  blocks(x: number, y: number): boolean {
    const list = this.buckets.get(Math.floor(y / this.side) * this.columns + Math.floor(x / this.side));
    if (list) for (const k of list) if (this.hits(k, x, y)) return true;
    for (const k of this.wide) if (this.hits(k, x, y)) return true;
    return false;
  }

  private hits(k: number, x: number, y: number): boolean {
    const d = this.discs[k]!;
    return Math.hypot(x - d.x, y - d.y) < d.radius + this.reach;
  }
}
