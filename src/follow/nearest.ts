/**
 * Ring searches for a place to stand: the point nearest a target where a unit's footprint fits
 * (near the target, or reachable from the unit), and the free cell centre nearest a point.
 */
import { componentsOf } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { legClear, pointClear } from './disc-room.js';
import { chargeWork, type Work, type WorkBudget } from './work.js';

/**
 * The point nearest to `goal` where a disc of radius r fits, looking at cells within Chebyshev
 * distance `reach` of the goal's cell; undefined when there is none.
 */
export function nearestClear(grid: Grid, goal: Point, r: number, reach: number): Point | undefined {
  const gx = Math.min(Math.floor(goal.x), grid.width - 1);
  const gy = Math.min(Math.floor(goal.y), grid.height - 1);
  let best: Point | undefined;
  let bestD = Infinity;
  for (let cy = gy - reach; cy <= gy + reach; cy++) {
    for (let cx = gx - reach; cx <= gx + reach; cx++) {
      const p = clearPointInCell(grid, cx, cy, goal, r);
      if (p === undefined) continue;
      const d = Math.hypot(p.x - goal.x, p.y - goal.y);
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
  }
  return best;
}

/**
 * Binary-search steps when sliding from a cell's centre toward the goal: 2^-20 tiles is far below
 * a pixel.
 */
const SLIDE_STEPS = 20;

/**
 * The point of cell (cx, cy) closest to `goal` on the way from the cell's centre where a disc of
 * radius r fits; undefined when not even the centre has room.
 */
function clearPointInCell(grid: Grid, cx: number, cy: number, goal: Point, r: number): Point | undefined {
  if (grid.isBlocked(cx, cy)) return undefined;
  const c = { x: cx + 0.5, y: cy + 0.5 };
  if (!pointClear(grid, c.x, c.y, r)) return undefined;
  const tx = Math.min(Math.max(goal.x, cx), cx + 1);
  const ty = Math.min(Math.max(goal.y, cy), cy + 1);
  if (pointClear(grid, tx, ty, r) && legClear(grid, c, { x: tx, y: ty }, r)) return { x: tx, y: ty };
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < SLIDE_STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (pointClear(grid, c.x + (tx - c.x) * mid, c.y + (ty - c.y) * mid, r)) lo = mid;
    else hi = mid;
  }
  return { x: c.x + (tx - c.x) * lo, y: c.y + (ty - c.y) * lo };
}

/**
 * The reachable point nearest to `goal` (clamped into the map) where a disc of radius r fits:
 * rings of cells around the goal, growing until one holds a candidate connected to the start.
 * Cells are first filtered by their region label (a few array reads), so only cells next to the
 * start's region are tried for room; the work is charged to `budget` ring by ring, since a unit
 * shut in a pocket far from the goal makes the rings cover much of the map. A tile edit while the
 * search is paused is seen from the next ring on (a cell it joins to the start in a ring already
 * passed is not revisited).
 */
export function* nearestReachable(grid: Grid, start: Point, goal: Point, r: number, budget: WorkBudget): Work<Point | undefined> {
  const target = { x: Math.min(Math.max(goal.x, 0), grid.width), y: Math.min(Math.max(goal.y, 0), grid.height) };
  const gx = Math.min(Math.floor(target.x), grid.width - 1);
  const gy = Math.min(Math.floor(target.y), grid.height - 1);
  const components = componentsOf(grid);
  const touched = new Int32Array(4);
  const startLabels = new Set<number>();
  let best: Point | undefined;
  let bestD = Infinity;
  // Region labels are renumbered by any blocking change (a union, a split, a flood), and the
  // search pauses between rings while the game edits tiles: the start's labels are read afresh
  // after every pause, and a best point found before one is kept only while still reachable.
  let version = -1;
  const relabel = (): void => {
    if (version === grid.layoutVersion) return;
    version = grid.layoutVersion;
    startLabels.clear();
    const n = components.touchedLabels(start.x, start.y, touched);
    for (let i = 0; i < n; i++) startLabels.add(touched[i]!);
    if (best !== undefined && !components.connected(start.x, start.y, best.x, best.y)) {
      best = undefined;
      bestD = Infinity;
    }
  };
  // A candidate lies in the closure of its cell, so it can only join the start's region through
  // that cell or one around it.
  const nearStart = (cx: number, cy: number): boolean => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) if (startLabels.has(components.labelOfCell(cx + dx, cy + dy))) return true;
    }
    return false;
  };
  const maxRing = Math.max(grid.width, grid.height);
  for (let ring = 0; ring <= maxRing; ring++) {
    relabel();
    // A cell in ring k is at least k - 1 tiles away: once that exceeds the best, stop.
    if (ring - 1 > bestD) break;
    let tried = 0;
    for (let cy = gy - ring; cy <= gy + ring; cy++) {
      const edge = cy === gy - ring || cy === gy + ring;
      for (let cx = gx - ring; cx <= gx + ring; cx += edge ? 1 : 2 * ring) {
        if (!nearStart(cx, cy)) continue;
        tried++;
        const p = clearPointInCell(grid, cx, cy, target, r);
        if (p === undefined || !components.connected(start.x, start.y, p.x, p.y)) continue;
        const d = Math.hypot(p.x - target.x, p.y - target.y);
        if (d < bestD) {
          bestD = d;
          best = p;
        }
      }
    }
    yield* chargeWork(budget, Math.ceil((8 * ring + 1) / RING_CELLS_PER_WORK) + tried * ROOM_CHECK_WORK);
  }
  return best;
}

/** Ring cells whose label filter costs about one unit of planning work (~1 µs). */
const RING_CELLS_PER_WORK = 16;

/** Work units one room check (a footprint test and its slide toward the goal) costs. */
const ROOM_CHECK_WORK = 4;

/** The centre of the free cell of `grid` nearest to p (p's own cell when free). */
export function cellCentreNear(grid: Grid, p: Point): [number, number] {
  const px = Math.min(Math.floor(p.x), grid.width - 1);
  const py = Math.min(Math.floor(p.y), grid.height - 1);
  const maxRing = Math.max(grid.width, grid.height);
  for (let ring = 0; ring <= maxRing; ring++) {
    let best: [number, number] | undefined;
    let bestD = Infinity;
    for (let cy = py - ring; cy <= py + ring; cy++) {
      for (let cx = px - ring; cx <= px + ring; cx++) {
        if (Math.max(Math.abs(cx - px), Math.abs(cy - py)) !== ring || grid.isBlocked(cx, cy)) continue;
        const d = Math.hypot(cx + 0.5 - p.x, cy + 0.5 - p.y);
        if (d < bestD) {
          bestD = d;
          best = [cx + 0.5, cy + 0.5];
        }
      }
    }
    if (best) return best;
  }
  return [px + 0.5, py + 0.5];
}
