/**
 * The bounding box of a grid's changes since a cache last caught up, so the cache refreshes only
 * the cells an edit can reach instead of the whole map. Several edits between two refreshes make
 * one box, the smallest that holds them all.
 */
import type { Grid, GridArea } from './grid.js';

/** Which changes a {@link ChangeBox} collects: blocking alone, or blocking and tile costs. */
export type ChangeKind = 'layout' | 'any';

/**
 * Collects the areas a grid reports to its watchers (see `Grid.watch` and `Grid.watchLayout`)
 * into one box of cells.
 *
 * @example
 * ```ts
 * const changes = new ChangeBox(grid, 'layout');
 * grid.setBlocked(3, 4, true);
 * grid.setBlocked(6, 4, true);
 * changes.take(); // { x: 3, y: 4, width: 4, height: 1 }, and the box is empty again
 * ```
 */
export class ChangeBox {
  private x0 = 0;
  private y0 = 0;
  /** One past the box's last column and row; the box is empty while x1 <= x0. */
  private x1 = 0;
  private y1 = 0;

  constructor(grid: Grid, kind: ChangeKind) {
    const collect = (area: GridArea): void => this.add(area);
    if (kind === 'layout') grid.watchLayout(collect);
    else grid.watch(collect);
  }

  /** True when no change is held. */
  get empty(): boolean {
    return this.x1 <= this.x0;
  }

  /** Grows the box to hold `area` (a box of cells; an empty one changes nothing). */
  add(area: GridArea): void {
    if (area.width <= 0 || area.height <= 0) return;
    if (this.empty) {
      this.x0 = area.x;
      this.y0 = area.y;
      this.x1 = area.x + area.width;
      this.y1 = area.y + area.height;
      return;
    }
    this.x0 = Math.min(this.x0, area.x);
    this.y0 = Math.min(this.y0, area.y);
    this.x1 = Math.max(this.x1, area.x + area.width);
    this.y1 = Math.max(this.y1, area.y + area.height);
  }

  /** The box of every change held (null when none), which it then forgets. */
  take(): GridArea | null {
    if (this.empty) return null;
    const box = { x: this.x0, y: this.y0, width: this.x1 - this.x0, height: this.y1 - this.y0 };
    this.x1 = this.x0;
    return box;
  }
}

/**
 * `area` grown by `margin` cells on every side and clipped to a `width` x `height` map; null when
 * nothing of it is left on the map.
 */
export function growArea(area: GridArea, margin: number, width: number, height: number): GridArea | null {
  const x0 = Math.max(0, area.x - margin);
  const y0 = Math.max(0, area.y - margin);
  const x1 = Math.min(width, area.x + area.width + margin);
  const y1 = Math.min(height, area.y + area.height + margin);
  return x1 <= x0 || y1 <= y0 ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The smallest box holding both areas (either may be null). */
export function unionArea(a: GridArea | null, b: GridArea | null): GridArea | null {
  if (a === null) return b;
  if (b === null) return a;
  const x0 = Math.min(a.x, b.x);
  const y0 = Math.min(a.y, b.y);
  return { x: x0, y: y0, width: Math.max(a.x + a.width, b.x + b.width) - x0, height: Math.max(a.y + a.height, b.y + b.height) - y0 };
}
