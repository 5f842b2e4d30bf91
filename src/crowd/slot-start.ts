/**
 * Where a group's slot walk starts: the target itself when the group's widest disc fits there,
 * else the nearest point where it fits that belongs with the target (see {@link slotStart}).
 */
import { componentsOf } from '../grid/components.js';
import type { Grid } from '../grid/grid.js';
import { lineOfSight } from '../grid/line-of-sight.js';
import { isDoubleCorner, isPointFree, type Point } from '../grid/point.js';
import { WallDistanceMap } from '../curves/footprint.js';
import { pointClear } from '../follow/disc-room.js';

/**
 * Rings (cells) searched for a point the target sees: past this a seen point is no better a
 * stand-in than a merely connected one, and each candidate costs a line of sight of its distance.
 */
const SIGHT_RINGS = 32;

/** Halvings when sliding from a cell's centre toward the target: 2^-20 tiles is far below a pixel. */
const SLIDE_STEPS = 20;

/**
 * The point the slot walk grows from, for discs of radius `r` (tiles); undefined when no such
 * disc fits anywhere that qualifies.
 *
 * - The target, when a disc of radius r fits there (`pointClear`).
 * - When the target is a free point but the disc does not fit (next to a wall, in a corridor too
 *   narrow): the nearest point where it fits that the target sees in a straight line (within
 *   {@link SIGHT_RINGS} cells), so the group stays on the clicked side of a wall; failing that, the
 *   nearest in the target's region.
 * - When the target is in a wall or off the map: the nearest point where the disc fits in the
 *   region of one of the units (`unitsAt`), so a group does not gather in a room it cannot enter;
 *   failing that, the nearest anywhere.
 *
 * - A start on a double corner (point units only) moves to the centre of one of its two free
 *   cells, the one in a unit's region if either is: a group must not straddle one.
 *
 * Regions are the grid's point-unit regions (`componentsOf`); whether each unit's disc can drive
 * to its slot is the route's question, as for a single unit.
 */
export function slotStart(grid: Grid, target: Point, r: number, unitsAt: readonly Point[]): Point | undefined {
  const start = startPoint(grid, target, r, unitsAt);
  return start !== undefined && onDoubleCorner(grid, start.x, start.y) ? offCorner(grid, start, unitsAt) : start;
}

/** True when (x, y) is a double corner, where a point unit may stand but not pass (the grid rule). */
export function onDoubleCorner(grid: Grid, x: number, y: number): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && isDoubleCorner(grid, x, y);
}

/**
 * The centre of one of the two free cells at double corner c: slots on both sides would not reach
 * each other through it. The cell in a region one of the units is in, else the top one.
 */
function offCorner(grid: Grid, c: Point, unitsAt: readonly Point[]): Point {
  const components = componentsOf(grid);
  const out = new Int32Array(4);
  const theirs = new Set<number>();
  for (const u of unitsAt) {
    const k = components.touchedLabels(u.x, u.y, out);
    for (let i = 0; i < k; i++) theirs.add(out[i]!);
  }
  // The two free cells are diagonal: top-left and bottom-right, or top-right and bottom-left.
  const [top, bottom] = grid.isBlocked(c.x - 1, c.y - 1) ? [[c.x, c.y - 1], [c.x - 1, c.y]] : [[c.x - 1, c.y - 1], [c.x, c.y]];
  const [cx, cy] = !theirs.has(components.labelOfCell(top![0]!, top![1]!)) && theirs.has(components.labelOfCell(bottom![0]!, bottom![1]!)) ? bottom! : top!;
  return { x: cx! + 0.5, y: cy! + 0.5 };
}

function startPoint(grid: Grid, target: Point, r: number, unitsAt: readonly Point[]): Point | undefined {
  if (pointClear(grid, target.x, target.y, r)) return { x: target.x, y: target.y };
  const t = { x: Math.min(Math.max(target.x, 0), grid.width), y: Math.min(Math.max(target.y, 0), grid.height) };
  const walls = new WallDistanceMap(grid).refresh();
  const components = componentsOf(grid);
  const out = new Int32Array(4);
  if (isPointFree(grid, target.x, target.y)) {
    const own = new Set(out.subarray(0, components.touchedLabels(t.x, t.y, out)));
    const seen = (p: Point): boolean => lineOfSight(grid, t.x, t.y, p.x, p.y);
    return nearestFit(grid, walls, t, r, own, seen, SIGHT_RINGS) ?? nearestFit(grid, walls, t, r, own);
  }
  const theirs = new Set<number>();
  for (const u of unitsAt) {
    const k = components.touchedLabels(u.x, u.y, out);
    for (let i = 0; i < k; i++) theirs.add(out[i]!);
  }
  return (theirs.size > 0 ? nearestFit(grid, walls, t, r, theirs) : undefined) ?? nearestFit(grid, walls, t, r);
}

/**
 * The point nearest `t` where a disc of radius r fits, over rings of cells around t's cell (up to
 * `rings`, default the whole map): per cell, the point of the cell nearest t on the way from the
 * cell's centre. A cell must touch a region in `regions` (when given) and its point pass `accept`.
 */
function nearestFit(
  grid: Grid,
  walls: WallDistanceMap,
  t: Point,
  r: number,
  regions?: ReadonlySet<number>,
  accept?: (p: Point) => boolean,
  rings = Math.max(grid.width, grid.height),
): Point | undefined {
  const components = regions === undefined ? undefined : componentsOf(grid);
  const gx = Math.min(Math.floor(t.x), grid.width - 1);
  const gy = Math.min(Math.floor(t.y), grid.height - 1);
  let best: Point | undefined;
  let bestD = Infinity;
  for (let ring = 0; ring <= rings; ring++) {
    // A cell of ring k is at least k - 1 tiles from t: once that passes the best, stop.
    if (ring - 1 > bestD) break;
    for (let cy = gy - ring; cy <= gy + ring; cy++) {
      const edge = cy === gy - ring || cy === gy + ring;
      for (let cx = gx - ring; cx <= gx + ring; cx += edge ? 1 : 2 * ring) {
        // Every point of a cell is within sqrt(2) times its wall distance of a wall.
        if (Math.SQRT2 * walls.at(cx, cy) <= r) continue;
        if (components && regions && !regions.has(components.labelOfCell(cx, cy))) continue;
        const p = pointInCell(grid, cx, cy, t, r);
        if (p === undefined || (accept && !accept(p))) continue;
        const d = Math.hypot(p.x - t.x, p.y - t.y);
        if (d < bestD) {
          bestD = d;
          best = p;
        }
      }
    }
  }
  return best;
}

/**
 * The point of cell (cx, cy) nearest `t` where a disc of radius r fits, found on the straight way
 * from the cell's centre (itself when t's nearest point of the cell fits); undefined when not even
 * the centre fits.
 */
function pointInCell(grid: Grid, cx: number, cy: number, t: Point, r: number): Point | undefined {
  const ox = cx + 0.5;
  const oy = cy + 0.5;
  if (!pointClear(grid, ox, oy, r)) return undefined;
  const tx = Math.min(Math.max(t.x, cx), cx + 1);
  const ty = Math.min(Math.max(t.y, cy), cy + 1);
  let lo = 0;
  let hi = 1;
  if (pointClear(grid, tx, ty, r)) lo = 1;
  else {
    for (let i = 0; i < SLIDE_STEPS; i++) {
      const mid = (lo + hi) / 2;
      if (pointClear(grid, ox + (tx - ox) * mid, oy + (ty - oy) * mid, r)) lo = mid;
      else hi = mid;
    }
  }
  return { x: ox + (tx - ox) * lo, y: oy + (ty - oy) * lo };
}
