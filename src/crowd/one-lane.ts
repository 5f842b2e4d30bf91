/**
 * Where two vehicles cannot pass each other: a bridge, a door, a one-tile road. A free cell is
 * two-lane when some disc of radius `reach` that touches no blocked cell (nor the map's edge)
 * covers its centre: two units of sweep radius r side by side fit in such a disc when reach >=
 * 2r plus a margin. Every other free cell is one-lane. Cells are judged lazily, as paths ask,
 * and the answers are kept until the grid's blocking changes, so no frame pays for a whole map.
 */
import type { Grid } from '../grid/grid.js';

/** The centres tried for a covering disc lie on this lattice (cell centres and corners), tiles. */
const CENTRE_SPACING = 0.5;

/**
 * The one-lane cells of a grid for a given clearance.
 *
 * @example
 * ```ts
 * const lanes = new OneLaneMap(grid, 2 * 0.72 + 0.5); // two tanks of sweep radius 0.72, half a tile to spare
 * lanes.isOneLane(20, 22); // true on a bridge 3 tiles wide
 * ```
 */
export class OneLaneMap {
  /** Per cell: 0 not judged yet, 1 one-lane, 2 two-lane (or blocked: not one-lane). */
  private cells = new Uint8Array(0);
  /** Per lattice centre: 0 not judged yet, 1 a disc of radius `reach` there is free, 2 it is not. */
  private centres = new Uint8Array(0);
  private layout = -1;
  private readonly stride: number;

  /**
   * @param reach - radius of the free disc that makes a cell two-lane, tiles > 0.
   * @throws RangeError when `reach` is not a finite number > 0.
   */
  constructor(
    readonly grid: Grid,
    readonly reach: number,
  ) {
    if (!(reach > 0) || !Number.isFinite(reach)) throw new RangeError(`one-lane reach must be a finite number > 0, got ${String(reach)}`);
    this.stride = 2 * grid.width + 1;
  }

  /** True when cell (x, y) is free and no free disc of radius {@link reach} covers its centre. */
  isOneLane(x: number, y: number): boolean {
    const grid = this.grid;
    if (!grid.inBounds(x, y) || grid.isBlocked(x, y)) return false;
    this.refresh();
    const i = y * grid.width + x;
    let v = this.cells[i]!;
    if (v === 0) {
      v = this.covered(x + 0.5, y + 0.5) ? 2 : 1;
      this.cells[i] = v;
    }
    return v === 1;
  }

  /** Forgets every judgement when the grid's blocking changed. */
  private refresh(): void {
    const grid = this.grid;
    if (this.layout === grid.layoutVersion) return;
    this.layout = grid.layoutVersion;
    const n = grid.width * grid.height;
    const m = this.stride * (2 * grid.height + 1);
    if (this.cells.length !== n) this.cells = new Uint8Array(n);
    else this.cells.fill(0);
    if (this.centres.length !== m) this.centres = new Uint8Array(m);
    else this.centres.fill(0);
  }

  /** True when a free disc of radius reach, centred on the lattice, covers point (px, py). */
  private covered(px: number, py: number): boolean {
    const r = this.reach;
    const i0 = Math.max(0, Math.ceil((px - r) / CENTRE_SPACING));
    const i1 = Math.min(2 * this.grid.width, Math.floor((px + r) / CENTRE_SPACING));
    const j0 = Math.max(0, Math.ceil((py - r) / CENTRE_SPACING));
    const j1 = Math.min(2 * this.grid.height, Math.floor((py + r) / CENTRE_SPACING));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const cx = i * CENTRE_SPACING;
        const cy = j * CENTRE_SPACING;
        if ((cx - px) ** 2 + (cy - py) ** 2 > r * r) continue;
        if (this.fits(i, j)) return true;
      }
    }
    return false;
  }

  /** True when the disc of radius reach centred at lattice point (i, j) touches no blocked cell nor the map's edge. */
  private fits(i: number, j: number): boolean {
    const k = j * this.stride + i;
    const known = this.centres[k]!;
    if (known !== 0) return known === 1;
    const cx = i * CENTRE_SPACING;
    const cy = j * CENTRE_SPACING;
    const r = this.reach;
    const grid = this.grid;
    let free = cx - r >= 0 && cy - r >= 0 && cx + r <= grid.width && cy + r <= grid.height;
    for (let y = Math.floor(cy - r); free && y <= Math.floor(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.floor(cx + r); x++) {
        if (!grid.isBlocked(x, y)) continue;
        // Distance from the centre to the square [x, x+1] x [y, y+1].
        const dx = Math.max(x - cx, 0, cx - (x + 1));
        const dy = Math.max(y - cy, 0, cy - (y + 1));
        if (dx * dx + dy * dy < r * r) {
          free = false;
          break;
        }
      }
    }
    this.centres[k] = free ? 1 : 2;
    return free;
  }
}
