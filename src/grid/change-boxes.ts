/**
 * The boxes of a grid's changes since a cache last caught up, so the cache refreshes only the
 * cells an edit can reach instead of the whole map. Edits that touch or overlap make one box;
 * edits far apart stay apart (one box round two edits at opposite corners would be the map), up
 * to {@link MAX_CHANGE_BOXES}.
 */
import type { Grid, GridArea } from './grid.js';

/** Which changes a {@link ChangeBoxes} collects: blocking alone, or blocking and tile costs. */
export type ChangeKind = 'layout' | 'any';

/**
 * Boxes kept apart at most: above this a new box merges with the one that grows least. A planner
 * idle for a second while a game edits a tile a frame gets 60 small boxes (at 16, the merged
 * boxes of 30 edits on den520d cost a tank's refresh 16,000 units instead of 5,400).
 */
export const MAX_CHANGE_BOXES = 64;

/**
 * A list of boxes of cells, disjoint and not touching (boxes that touch or overlap merge), at
 * most {@link MAX_CHANGE_BOXES}. With a grid it collects the areas the grid reports to its
 * watchers (see `Grid.watch` and `Grid.watchLayout`).
 *
 * @example
 * ```ts
 * const changes = new ChangeBoxes(grid, 'layout');
 * grid.setBlocked(3, 4, true);
 * grid.setBlocked(4, 4, true);
 * grid.setBlocked(60, 40, true);
 * changes.take(); // [{ x: 3, y: 4, width: 2, height: 1 }, { x: 60, y: 40, width: 1, height: 1 }]
 * ```
 */
export class ChangeBoxes {
  private boxes: GridArea[] = [];

  /** Collects the changes of `grid` of the given kind (none without a grid: see {@link add}). */
  constructor(grid?: Grid, kind: ChangeKind = 'any') {
    if (grid === undefined) return;
    const collect = (area: GridArea): void => this.add(area);
    if (kind === 'layout') grid.watchLayout(collect);
    else grid.watch(collect);
  }

  /** True when no box is held. */
  get empty(): boolean {
    return this.boxes.length === 0;
  }

  /** The number of cells in the boxes. */
  get cells(): number {
    let n = 0;
    for (const b of this.boxes) n += b.width * b.height;
    return n;
  }

  /** The first box held, or null; it stays until {@link drop} or {@link take}. */
  first(): GridArea | null {
    return this.boxes[0] ?? null;
  }

  /** Forgets `box` (one object {@link first} gave) if it is still held. */
  drop(box: GridArea): void {
    const i = this.boxes.indexOf(box);
    if (i >= 0) this.boxes.splice(i, 1);
  }

  /** Adds a box of cells (an empty one changes nothing), merging it with the boxes it touches. */
  add(area: GridArea): void {
    if (!(area.width > 0 && area.height > 0)) return;
    let box: GridArea = { x: area.x, y: area.y, width: area.width, height: area.height };
    // A merged box may reach others: merge until it touches none.
    for (let i = 0; i < this.boxes.length; ) {
      const other = this.boxes[i]!;
      if (touch(box, other)) {
        box = unionArea(box, other)!;
        this.boxes.splice(i, 1);
        i = 0;
      } else i++;
    }
    this.boxes.push(box);
    if (this.boxes.length > MAX_CHANGE_BOXES) this.mergeNewest();
  }

  /** Every box held (an empty list when none), which it then forgets. */
  take(): GridArea[] {
    const boxes = this.boxes;
    this.boxes = [];
    return boxes;
  }

  /**
   * Merges the newest box with the one whose joint box with it adds the fewest cells (then with any
   * the joint box touches): one pass over the boxes, no allocation but the joint box, as a table
   * nobody refreshes for a while takes this on every edit.
   */
  private mergeNewest(): void {
    const boxes = this.boxes;
    const last = boxes.length - 1;
    const box = boxes[last]!;
    let best = Infinity;
    let bj = 0;
    for (let j = 0; j < last; j++) {
      const o = boxes[j]!;
      const w = Math.max(box.x + box.width, o.x + o.width) - Math.min(box.x, o.x);
      const h = Math.max(box.y + box.height, o.y + o.height) - Math.min(box.y, o.y);
      const added = w * h - box.width * box.height - o.width * o.height;
      if (added < best) {
        best = added;
        bj = j;
      }
    }
    const joint = unionArea(box, boxes[bj]!)!;
    boxes.pop();
    boxes.splice(bj, 1);
    this.add(joint);
  }
}

/** True when boxes a and b overlap or share an edge or a corner. */
function touch(a: GridArea, b: GridArea): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
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
