import { isDoubleCorner, type Point } from '../grid/point.js';
import { SQRT2 } from '../search/lattice.js';
import { LatticePlanner } from '../search/planner.js';
import { smoothPath } from './smoothing.js';

/** Direction offsets, indexed 0..7: the four orthogonal moves, then the four diagonals. */
const DX = [1, -1, 0, 0, 1, 1, -1, -1] as const;
const DY = [0, 0, 1, -1, 1, -1, 1, -1] as const;
/** Every direction, for a node with no lattice parent (the start, or an entry of a start point). */
const ALL_DIRECTIONS = 0xff;

/** The index in {@link DX}/{@link DY} of direction (dx, dy), each -1, 0 or 1, not both 0. */
function directionIndex(dx: number, dy: number): number {
  if (dy === 0) return dx > 0 ? 0 : 1;
  if (dx === 0) return dy > 0 ? 2 : 3;
  return dx > 0 ? (dy > 0 ? 4 : 5) : dy > 0 ? 6 : 7;
}

/**
 * Jump Point Search (Harabor and Grastien, AAAI 2011): A* that, instead of opening every
 * neighbour, runs straight and diagonal rays from a node and opens only the jump points where a
 * shortest path may have to turn. Same path lengths as A* on the same lattice, far fewer heap
 * operations. Paths are returned as their jump points (straight runs of lattice moves between
 * them).
 *
 * On the cell lattice (`lattice: 'cell'`) the rules are those of Moving AI movement (a diagonal
 * needs both orthogonal neighbours free): a straight ray stops where a cell beside it is free
 * and the cell behind that one is blocked; diagonal moves have no forced neighbours.
 *
 * On the corner lattice, derived for its moves (along an edge unless both cells beside it are
 * blocked; diagonally through a free cell): moving along a row line, the ray stops at a corner
 * when a cell beside the edge just run is blocked and the cell ahead of it on the same side is
 * free; then the perpendicular move and the diagonal through that free cell are forced. Diagonal
 * moves again have no forced neighbours. Double corners end rays (they are dead ends), and every
 * entry of a goal point stops a ray.
 *
 * With 4 neighbours there are no diagonal moves to prune against, and this planner expands like
 * plain A*.
 *
 * @example
 * ```ts
 * const jps = new JumpPointSearch(grid, { lattice: 'cell' });
 * const { points, length } = jps.findPath(3.5, 4.5, 90.5, 60.5);
 * ```
 */
export class JumpPointSearch extends LatticePlanner {
  readonly name: string = 'jps';
  /** Bounding box of the corners that end a ray at the goal (its node, or its entries). */
  private targetX0 = 0;
  private targetY0 = 0;
  private targetX1 = -1;
  private targetY1 = -1;

  protected expand(id: number): void {
    const m = this.memory;
    const lattice = this.lattice;
    const g = m.g[id]!;
    if (lattice.connectivity === 4 || id >= lattice.nodeCount) {
      const n = this.successorsOf(id);
      for (let i = 0; i < n; i++) this.relax(id, this.succIds[i]!, g + this.succCosts[i]!);
      return;
    }
    this.findTargets();
    const corner = lattice.kind === 'corner';
    const stride = lattice.stride;
    const x = id % stride;
    const y = (id / stride) | 0;
    const parent = m.parent[id]!;
    let directions = ALL_DIRECTIONS;
    if (parent >= 0 && parent < lattice.nodeCount) {
      const dx = Math.sign(x - (parent % stride));
      const dy = Math.sign(y - ((parent / stride) | 0));
      directions = corner ? this.cornerDirections(x, y, dx, dy) : this.cellDirections(x, y, dx, dy);
    }
    for (let d = 0; d < 8; d++) {
      if ((directions & (1 << d)) === 0) continue;
      const j = corner ? this.cornerJump(x, y, DX[d]!, DY[d]!) : this.cellJump(x, y, DX[d]!, DY[d]!);
      if (j < 0) continue;
      const run = Math.abs((j % stride) - x) || Math.abs(((j / stride) | 0) - y);
      this.relax(id, j, g + (d < 4 ? run : SQRT2 * run));
    }
    const leg = this.goalLeg(id);
    if (leg >= 0) this.relax(id, this.virtualGoal, g + leg);
  }

  /** Sets the box of corners a ray must stop at: the goal node, or the entries of a goal point. */
  private findTargets(): void {
    if (this.goalId !== this.virtualGoal) {
      this.targetX0 = this.targetX1 = this.lattice.x(this.goalId) - (this.lattice.kind === 'cell' ? 0.5 : 0);
      this.targetY0 = this.targetY1 = this.lattice.y(this.goalId) - (this.lattice.kind === 'cell' ? 0.5 : 0);
      return;
    }
    // Entries are corners of the cells whose closure holds the goal point (CornerLattice.entries).
    this.targetX0 = Math.floor(this.gx) - 1;
    this.targetY0 = Math.floor(this.gy) - 1;
    this.targetX1 = Math.ceil(this.gx) + 1;
    this.targetY1 = Math.ceil(this.gy) + 1;
  }

  /** True when a ray must stop at lattice node `id` at (x, y): the goal or one of its entries. */
  private isTarget(x: number, y: number, id: number): boolean {
    if (x < this.targetX0 || x > this.targetX1 || y < this.targetY0 || y > this.targetY1) return false;
    return id === this.goalId || this.goalLeg(id) >= 0;
  }

  /** Pruned directions out of corner (x, y) entered moving (dx, dy): natural plus forced. */
  private cornerDirections(x: number, y: number, dx: number, dy: number): number {
    const grid = this.grid;
    let set = 1 << directionIndex(dx, dy);
    if (dx !== 0 && dy !== 0) return set | (1 << directionIndex(dx, 0)) | (1 << directionIndex(0, dy));
    if (dy === 0) {
      const behind = dx > 0 ? x - 1 : x;
      const ahead = dx > 0 ? x : x - 1;
      if (grid.isBlocked(behind, y - 1) && !grid.isBlocked(ahead, y - 1)) set |= (1 << directionIndex(0, -1)) | (1 << directionIndex(dx, -1));
      if (grid.isBlocked(behind, y) && !grid.isBlocked(ahead, y)) set |= (1 << directionIndex(0, 1)) | (1 << directionIndex(dx, 1));
    } else {
      const behind = dy > 0 ? y - 1 : y;
      const ahead = dy > 0 ? y : y - 1;
      if (grid.isBlocked(x - 1, behind) && !grid.isBlocked(x - 1, ahead)) set |= (1 << directionIndex(-1, 0)) | (1 << directionIndex(-1, dy));
      if (grid.isBlocked(x, behind) && !grid.isBlocked(x, ahead)) set |= (1 << directionIndex(1, 0)) | (1 << directionIndex(1, dy));
    }
    return set;
  }

  /** Pruned directions out of cell (x, y) entered moving (dx, dy): natural plus forced. */
  private cellDirections(x: number, y: number, dx: number, dy: number): number {
    const grid = this.grid;
    let set = 1 << directionIndex(dx, dy);
    if (dx !== 0 && dy !== 0) return set | (1 << directionIndex(dx, 0)) | (1 << directionIndex(0, dy));
    if (dy === 0) {
      if (!grid.isBlocked(x, y - 1) && grid.isBlocked(x - dx, y - 1)) set |= (1 << directionIndex(0, -1)) | (1 << directionIndex(dx, -1));
      if (!grid.isBlocked(x, y + 1) && grid.isBlocked(x - dx, y + 1)) set |= (1 << directionIndex(0, 1)) | (1 << directionIndex(dx, 1));
    } else {
      if (!grid.isBlocked(x - 1, y) && grid.isBlocked(x - 1, y - dy)) set |= (1 << directionIndex(-1, 0)) | (1 << directionIndex(-1, dy));
      if (!grid.isBlocked(x + 1, y) && grid.isBlocked(x + 1, y - dy)) set |= (1 << directionIndex(1, 0)) | (1 << directionIndex(1, dy));
    }
    return set;
  }

  /** The jump point reached from corner (x, y) in direction (dx, dy), or -1. */
  private cornerJump(x: number, y: number, dx: number, dy: number): number {
    if (dx === 0 || dy === 0) return this.cornerRay(x, y, dx, dy);
    const grid = this.grid;
    const stride = this.lattice.stride;
    for (;;) {
      if (grid.isBlocked(dx > 0 ? x : x - 1, dy > 0 ? y : y - 1)) return -1;
      x += dx;
      y += dy;
      const id = y * stride + x;
      if (this.isTarget(x, y, id)) return id;
      if (isDoubleCorner(grid, x, y)) return -1;
      if (this.cornerRay(x, y, dx, 0) >= 0 || this.cornerRay(x, y, 0, dy) >= 0) return id;
    }
  }

  /**
   * The jump point reached from corner (x, y) along a row line (dy = 0) or a column line (dx = 0),
   * or -1, reading the two cells beside each edge as it goes.
   */
  private cornerRay(x: number, y: number, dx: number, dy: number): number {
    const stride = this.lattice.stride;
    // Bit 1: the cell on one side of the edge ahead is blocked; bit 2: the cell on the other side.
    let beside = this.besideEdge(x, y, dx, dy);
    for (;;) {
      if (beside === 3) return -1;
      x += dx;
      y += dy;
      const id = y * stride + x;
      if (this.isTarget(x, y, id)) return id;
      const ahead = this.besideEdge(x, y, dx, dy);
      // A double corner: the cells behind and ahead are blocked crosswise.
      if ((beside === 1 && ahead === 2) || (beside === 2 && ahead === 1)) return -1;
      // Forced: a side blocked behind and free ahead.
      if ((beside & ~ahead) !== 0) return id;
      beside = ahead;
    }
  }

  /**
   * Which cells beside the edge from corner (x, y) in direction (dx, dy) are blocked: bit 1 the
   * one above (left of a column line), bit 2 the one below (right of it).
   */
  private besideEdge(x: number, y: number, dx: number, dy: number): number {
    const grid = this.grid;
    if (dy === 0) {
      const c = dx > 0 ? x : x - 1;
      return (grid.isBlocked(c, y - 1) ? 1 : 0) | (grid.isBlocked(c, y) ? 2 : 0);
    }
    const r = dy > 0 ? y : y - 1;
    return (grid.isBlocked(x - 1, r) ? 1 : 0) | (grid.isBlocked(x, r) ? 2 : 0);
  }

  /** The jump point reached from cell (x, y) in direction (dx, dy), or -1. */
  private cellJump(x: number, y: number, dx: number, dy: number): number {
    if (dx === 0 || dy === 0) return this.cellRay(x, y, dx, dy);
    const grid = this.grid;
    const stride = this.lattice.stride;
    for (;;) {
      if (grid.isBlocked(x + dx, y) || grid.isBlocked(x, y + dy) || grid.isBlocked(x + dx, y + dy)) return -1;
      x += dx;
      y += dy;
      const id = y * stride + x;
      if (this.isTarget(x, y, id)) return id;
      if (this.cellRay(x, y, dx, 0) >= 0 || this.cellRay(x, y, 0, dy) >= 0) return id;
    }
  }

  /** The jump point reached from cell (x, y) along a row (dy = 0) or a column (dx = 0), or -1. */
  private cellRay(x: number, y: number, dx: number, dy: number): number {
    const grid = this.grid;
    const stride = this.lattice.stride;
    // (px, py) is one side of the ray, (-px, -py) the other.
    const px = dy;
    const py = dx;
    for (;;) {
      x += dx;
      y += dy;
      if (grid.isBlocked(x, y)) return -1;
      const id = y * stride + x;
      if (this.isTarget(x, y, id)) return id;
      if (
        (!grid.isBlocked(x + px, y + py) && grid.isBlocked(x + px - dx, y + py - dy)) ||
        (!grid.isBlocked(x - px, y - py) && grid.isBlocked(x - px - dx, y - py - dy))
      ) {
        return id;
      }
    }
  }
}

/**
 * Jump Point Search followed by post-smoothing ("JPS PS"): the jump-point path is filled back in
 * with its lattice points and smoothed by line of sight exactly like {@link AStarPS}'s, so it is
 * as short as A* PS at JPS's speed. With `lattice: 'cell'` it smooths between cell centres.
 *
 * @example
 * ```ts
 * const planner = new JumpPointSearchPS(grid);
 * const { points } = planner.findPath(0, 0, 200, 140);
 * ```
 */
export class JumpPointSearchPS extends JumpPointSearch {
  override readonly name: string = 'jps-ps';

  protected override refine(points: Point[]): Point[] {
    return smoothPath(this.grid, fillRuns(points, this.lattice.kind === 'cell' ? 0.5 : 0));
  }
}

/**
 * The path with every lattice point between consecutive waypoints that are both lattice points
 * (coordinates `offset` plus an integer) put back. Such waypoints are joined by straight or
 * diagonal runs of unit moves; legs to a start or goal point off the lattice are left alone.
 */
function fillRuns(points: readonly Point[], offset: number): Point[] {
  const out: Point[] = [points[0]!];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (Number.isInteger(a.x - offset) && Number.isInteger(a.y - offset) && Number.isInteger(b.x - offset) && Number.isInteger(b.y - offset)) {
      const steps = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
      const sx = Math.sign(b.x - a.x);
      const sy = Math.sign(b.y - a.y);
      for (let k = 1; k < steps; k++) out.push({ x: a.x + k * sx, y: a.y + k * sy });
    }
    out.push(b);
  }
  return out;
}
