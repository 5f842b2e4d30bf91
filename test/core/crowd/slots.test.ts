import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import type { Point } from '../../../src/grid/point.js';
import { legClear, pointClear } from '../../../src/follow/disc-room.js';
import { DEFAULT_SLOT_GAP, MAX_GROUP_SIZE, groupSlots, slotSpacing, type SlotUnit } from '../../../src/crowd/slots.js';
import { assignSlots } from '../../../src/crowd/slot-assignment.js';
import { makeRng, randomGrid, type Rng } from '../../support/rng.js';

const RADII = [0, 0.15, 0.25, 0.3, 0.4, 0.6] as const;
const GAPS = [0, 0.1, 0.3] as const;

/** Distance from p to the unit square with top-left (cx, cy). */
function squareDistance(p: Point, cx: number, cy: number): number {
  const dx = Math.max(cx - p.x, 0, p.x - cx - 1);
  const dy = Math.max(cy - p.y, 0, p.y - cy - 1);
  return Math.hypot(dx, dy);
}

function blockedOrOutside(grid: Grid, cx: number, cy: number): boolean {
  return cx < 0 || cy < 0 || cx >= grid.width || cy >= grid.height || grid.cells[cy * grid.width + cx] === 1;
}

/** Brute force: the distance from p to the nearest blocked or outside cell within 2 tiles (2 when none). */
function clearance(grid: Grid, p: Point): number {
  let best = 2;
  for (let cy = Math.floor(p.y) - 2; cy <= Math.floor(p.y) + 2; cy++) {
    for (let cx = Math.floor(p.x) - 2; cx <= Math.floor(p.x) + 2; cx++) {
      if (blockedOrOutside(grid, cx, cy)) best = Math.min(best, squareDistance(p, cx, cy));
    }
  }
  return best;
}

/** The free cells whose closed square holds p. */
function freeCellsAt(grid: Grid, p: Point): number[] {
  const cells: number[] = [];
  for (let cy = Math.ceil(p.y) - 1; cy <= Math.floor(p.y); cy++) {
    for (let cx = Math.ceil(p.x) - 1; cx <= Math.floor(p.x); cx++) {
      if (!blockedOrOutside(grid, cx, cy)) cells.push(cy * grid.width + cx);
    }
  }
  return cells;
}

/** Brute force: a disc of radius r at p is inside the map and touches no blocked cell (r = 0: p touches a free cell). */
function discFree(grid: Grid, p: Point, r: number): boolean {
  return r === 0 ? freeCellsAt(grid, p).length > 0 : clearance(grid, p) > r;
}

/** Sample spacing of the reachability flood (tiles), offset off the grid lines. */
const H = 0.1;
const OFFSET = 0.0371;

/**
 * Independent reachability for a disc of radius r from `from`: for r >= 0.25 a 4-connected flood
 * over samples H apart whose clearance exceeds r - 0.75 H (each step then stays more than H / 2
 * from every wall, so the flood never crosses one, nor a gap narrower than the disc less 1.5 H; a
 * point with clearance r has its nearest sample, H / sqrt 2 away, in the flood); for
 * smaller r, a 4-connected flood over free cells (no wall crossed, no double corner squeezed).
 * Returns a test "is q reachable".
 */
function reachability(grid: Grid, from: Point, r: number): (q: Point) => boolean {
  if (r < 0.25) {
    const seen = new Uint8Array(grid.width * grid.height);
    const stack = freeCellsAt(grid, from);
    for (const c of stack) seen[c] = 1;
    while (stack.length > 0) {
      const c = stack.pop()!;
      const x = c % grid.width;
      const y = (c - x) / grid.width;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        if (blockedOrOutside(grid, x + dx, y + dy)) continue;
        const k = (y + dy) * grid.width + x + dx;
        if (!seen[k]) {
          seen[k] = 1;
          stack.push(k);
        }
      }
    }
    return (q) => freeCellsAt(grid, q).some((c) => seen[c] === 1);
  }
  const cols = Math.ceil(grid.width / H) + 1;
  const rows = Math.ceil(grid.height / H) + 1;
  const node = new Uint8Array(cols * rows);
  for (let b = 0; b < rows; b++) {
    for (let a = 0; a < cols; a++) node[b * cols + a] = clearance(grid, { x: OFFSET + a * H, y: OFFSET + b * H }) > r - 0.75 * H ? 1 : 0;
  }
  const nearest = (p: Point): number => {
    const a = Math.round((p.x - OFFSET) / H);
    const b = Math.round((p.y - OFFSET) / H);
    return a < 0 || b < 0 || a >= cols || b >= rows ? -1 : b * cols + a;
  };
  const seen = new Uint8Array(cols * rows);
  const s = nearest(from);
  if (s >= 0 && node[s]) {
    seen[s] = 1;
    const stack = [s];
    while (stack.length > 0) {
      const k = stack.pop()!;
      const a = k % cols;
      const b = (k - a) / cols;
      for (const [da, db] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        if (a + da < 0 || b + db < 0 || a + da >= cols || b + db >= rows) continue;
        const m = (b + db) * cols + a + da;
        if (node[m] && !seen[m]) {
          seen[m] = 1;
          stack.push(m);
        }
      }
    }
  }
  return (q) => {
    const k = nearest(q);
    return k >= 0 && seen[k] === 1;
  };
}

interface Case {
  grid: Grid;
  units: SlotUnit[];
  occupied: SlotUnit[];
  target: Point;
  gap: number;
}

function randomCase(rng: Rng): Case {
  const grid = randomGrid(rng, { width: rng.range(3, 16), height: rng.range(3, 16), density: rng.next() * 0.35 });
  const point = (): Point => ({ x: rng.next() * grid.width, y: rng.next() * grid.height });
  const n = rng.range(1, 14);
  const sizes = rng.chance(0.5) ? [rng.pick(RADII)] : [...RADII];
  const units = Array.from({ length: n }, () => ({ ...point(), radius: rng.pick(sizes) }));
  const occupied = Array.from({ length: rng.int(6) }, () => ({ ...point(), radius: rng.pick(RADII) }));
  // Mostly a target where a unit could stand (a free cell's centre), sometimes anywhere, sometimes off the map.
  let target = point();
  if (rng.chance(0.7)) {
    const free: number[] = [];
    grid.cells.forEach((c, i) => c === 0 && free.push(i));
    if (free.length > 0) {
      const c = rng.pick(free);
      target = { x: (c % grid.width) + 0.5, y: Math.floor(c / grid.width) + 0.5 };
    }
  } else if (rng.chance(0.2)) target = { x: -3, y: grid.height + 2 };
  return { grid, units, occupied, target, gap: rng.pick(GAPS) };
}

const CASES = 400;

describe('groupSlots on seeded random maps', () => {
  it('gives slots that are free of walls, of each other and of standing discs, and reachable', () => {
    const rng = makeRng(190_001);
    let checkedReach = 0;
    let slotsSeen = 0;
    for (let c = 0; c < CASES; c++) {
      const { grid, units, occupied, target, gap } = randomCase(rng);
      const slots = groupSlots(grid, units, target, { gap, occupied });
      const where = `case ${c}`;
      expect(slots.length, where).toBe(units.length);
      const placed = units.map((u, k) => ({ u, s: slots[k] })).filter((e): e is { u: SlotUnit; s: Point } => e.s !== undefined);
      slotsSeen += placed.length;
      for (const { u, s } of placed) {
        expect(discFree(grid, s, u.radius), `${where}: slot (${s.x}, ${s.y}) r ${u.radius} touches a wall`).toBe(true);
        for (const o of occupied) expect(Math.hypot(s.x - o.x, s.y - o.y), `${where}: slot on a standing disc`).toBeGreaterThanOrEqual(u.radius + o.radius + gap);
      }
      for (let a = 0; a < placed.length; a++) {
        for (let b = a + 1; b < placed.length; b++) {
          const [p, q] = [placed[a]!, placed[b]!];
          expect(Math.hypot(p.s.x - q.s.x, p.s.y - q.s.y), `${where}: slots overlap`).toBeGreaterThanOrEqual(p.u.radius + q.u.radius + gap);
        }
      }
      if (placed.length === 0) continue;
      // From the target when the widest disc fits there, else from one slot to all the others.
      const widest = Math.max(...units.map((u) => u.radius));
      const from = pointClear(grid, target.x, target.y, widest) ? target : placed[0]!.s;
      for (const r of new Set(placed.map((e) => e.u.radius))) {
        const reach = reachability(grid, from, r);
        for (const { u, s } of placed) {
          if (u.radius !== r) continue;
          checkedReach++;
          expect(reach(s), `${where}: slot (${s.x}, ${s.y}) r ${r} not reachable from (${from.x}, ${from.y})`).toBe(true);
        }
      }
    }
    expect(slotsSeen).toBeGreaterThan(CASES);
    expect(checkedReach).toBeGreaterThan(CASES);
  });

  it('takes the lattice points nearest the target by the walk, and leaves a unit without only when none is left', () => {
    const rng = makeRng(190_002);
    let compared = 0;
    for (let c = 0; c < CASES; c++) {
      const { grid, units, occupied, target, gap } = randomCase(rng);
      const widest = Math.max(...units.map((u) => u.radius));
      if (!pointClear(grid, target.x, target.y, widest)) continue;
      const slots = groupSlots(grid, units, target, { gap, occupied });
      const walk = latticeWalk(grid, target, slotSpacing(widest, gap), widest);
      const usable = [...walk.entries()].filter(([, e]) => !occupied.some((o) => Math.hypot(e.x - o.x, e.y - o.y) < widest + o.radius + gap));
      const used = new Set<string>();
      let farthestUsed = 0;
      for (const s of slots) {
        if (s === undefined) continue;
        const key = latticeKey(s, target, slotSpacing(widest, gap));
        const entry = walk.get(key);
        expect(entry, `case ${c}: slot (${s.x}, ${s.y}) is no reachable lattice point`).toBeDefined();
        used.add(key);
        farthestUsed = Math.max(farthestUsed, entry!.d);
      }
      expect(used.size, `case ${c}: slots shared or units left out`).toBe(Math.min(units.length, usable.length));
      for (const [key, e] of usable) {
        if (used.has(key)) continue;
        compared++;
        expect(e.d, `case ${c}: unused lattice point ${key} nearer than a used one`).toBeGreaterThanOrEqual(farthestUsed - 1e-9);
      }
    }
    expect(compared).toBeGreaterThan(CASES);
  });
});

function latticeKey(p: Point, origin: Point, spacing: number): string {
  const i = (p.x - origin.x) / spacing;
  const j = (p.y - origin.y) / spacing;
  if (Math.abs(i - Math.round(i)) > 1e-6 || Math.abs(j - Math.round(j)) > 1e-6) return `off (${p.x}, ${p.y})`;
  return `${Math.round(i)},${Math.round(j)}`;
}

/**
 * Reference walk: every point of the square lattice at `origin` on the map where a disc of radius
 * r fits, joined to its eight neighbours by clear legs; Dijkstra by a plain scan for the nearest
 * open point. Returns the reachable points with their walk length in spacings.
 */
function latticeWalk(grid: Grid, origin: Point, spacing: number, r: number): Map<string, { x: number; y: number; d: number }> {
  const points = new Map<string, { i: number; j: number; x: number; y: number; d: number; done: boolean }>();
  for (let i = -Math.ceil(grid.width / spacing) - 1; i <= Math.ceil(grid.width / spacing) + 1; i++) {
    for (let j = -Math.ceil(grid.height / spacing) - 1; j <= Math.ceil(grid.height / spacing) + 1; j++) {
      const x = origin.x + i * spacing;
      const y = origin.y + j * spacing;
      if (x < 0 || y < 0 || x > grid.width || y > grid.height || !pointClear(grid, x, y, r)) continue;
      points.set(`${i},${j}`, { i, j, x, y, d: i === 0 && j === 0 ? 0 : Infinity, done: false });
    }
  }
  // A plain binary heap of [d, key] with stale entries skipped.
  const heap: [number, string][] = [[0, '0,0']];
  const pop = (): [number, string] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let k = 0; ; ) {
        const l = 2 * k + 1;
        const m = l + 1 < heap.length && heap[l + 1]![0] < heap[l]![0] ? l + 1 : l;
        if (l >= heap.length || heap[m]![0] >= heap[k]![0]) break;
        [heap[k], heap[m]] = [heap[m]!, heap[k]!];
        k = m;
      }
    }
    return top;
  };
  const push = (e: [number, string]): void => {
    heap.push(e);
    for (let k = heap.length - 1; k > 0 && heap[(k - 1) >> 1]![0] > heap[k]![0]; k = (k - 1) >> 1) {
      [heap[k], heap[(k - 1) >> 1]] = [heap[(k - 1) >> 1]!, heap[k]!];
    }
  };
  while (heap.length > 0) {
    const [d0, key] = pop();
    const best = points.get(key);
    if (!best || best.done || d0 > best.d) continue;
    best.done = true;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        const q = points.get(`${best.i + di},${best.j + dj}`);
        if (!q || q.done || (di === 0 && dj === 0)) continue;
        const d = best.d + Math.hypot(di, dj);
        if (d < q.d && legClear(grid, best, q, r)) {
          q.d = d;
          push([d, `${q.i},${q.j}`]);
        }
      }
    }
  }
  const out = new Map<string, { x: number; y: number; d: number }>();
  for (const [k, p] of points) if (p.d < Infinity) out.set(k, { x: p.x, y: p.y, d: p.d });
  return out;
}

describe('groupSlots by hand', () => {
  const open = Grid.fromAscii(['..........', '..........', '..........', '..........', '..........']);

  it('keeps a row left to right on open ground', () => {
    const units = [
      { x: 1, y: 4, radius: 0.3 },
      { x: 2, y: 4.2, radius: 0.3 },
      { x: 3, y: 3.9, radius: 0.3 },
    ];
    const slots = groupSlots(open, units, { x: 5.5, y: 2.5 }) as Point[];
    // Spacing 0.7 tiles (0.6 wide plus the 0.1 gap): the target and its two neighbours along x.
    expect(slots.map((s) => s.y)).toEqual([2.5, 2.5, 2.5]);
    expect(slots[0]!.x).toBeCloseTo(4.8, 6);
    expect(slots[1]!.x).toBeCloseTo(5.5, 6);
    expect(slots[2]!.x).toBeCloseTo(6.2, 6);
    // The same units listed in another order keep their places.
    const shuffled = groupSlots(open, [units[2]!, units[0]!, units[1]!], { x: 5.5, y: 2.5 }) as Point[];
    expect(shuffled.map((s) => s.x)).toEqual([slots[2]!.x, slots[0]!.x, slots[1]!.x]);
  });

  it('keeps a column top to bottom', () => {
    const units = [0, 1, 2].map((k) => ({ x: 1.5, y: 0.5 + k, radius: 0.2 }));
    const slots = groupSlots(open, units, { x: 7.5, y: 2.5 }, { gap: 0.1 }) as Point[];
    expect(slots.map((s) => s.x)).toEqual([7.5, 7.5, 7.5]);
    for (let k = 1; k < 3; k++) expect(slots[k]!.y).toBeGreaterThan(slots[k - 1]!.y);
  });

  it('lines the group up along a dead-end corridor', () => {
    const grid = Grid.fromAscii(['##########', '#.........', '##########']);
    const units = [9, 8, 7, 6].map((x) => ({ x: x + 0.5, y: 1.5, radius: 0.4 }));
    const slots = groupSlots(grid, units, { x: 1.5, y: 1.5 }) as Point[];
    // Spacing 0.9: the dead end, then 0.9 tiles apart along the corridor; each unit keeps its place in the line.
    expect(slots.map((s) => s.y)).toEqual([1.5, 1.5, 1.5, 1.5]);
    [4.2, 3.3, 2.4, 1.5].forEach((x, k) => expect(slots[k]!.x).toBeCloseTo(x, 6));
  });

  it('lines the group up along a vertical corridor too', () => {
    const grid = Grid.fromAscii(['#.#', '#.#', '#.#', '#.#', '#.#', '#.#']);
    const units = [0, 1, 2].map((k) => ({ x: 1.5, y: 5 - k * 0.2, radius: 0.45 }));
    const slots = groupSlots(grid, units, { x: 1.5, y: 0.5 }) as Point[];
    expect(slots.map((s) => s.x)).toEqual([1.5, 1.5, 1.5]);
    [2.5, 1.5, 0.5].forEach((y, k) => expect(slots[k]!.y).toBeCloseTo(y, 6));
  });

  it('puts nothing behind a wall beside the target', () => {
    // A wall at column 5 with a door at the bottom row, far from the target by walking.
    const grid = Grid.fromAscii(['.....#....', '.....#....', '.....#....', '.....#....', '.....#....', '..........']);
    const units = Array.from({ length: 12 }, (_, k) => ({ x: 1 + (k % 4), y: 1 + Math.floor(k / 4), radius: 0.3 }));
    const slots = groupSlots(grid, units, { x: 4.6, y: 1.5 }) as Point[];
    expect(slots.every((s) => s !== undefined && s.x < 5)).toBe(true);
  });

  it('starts next to a target inside a wall, on the side of the units', () => {
    const grid = Grid.fromAscii(['....#....', '....#....', '....#....']);
    const units = [{ x: 1, y: 1, radius: 0.3 }];
    const [slot] = groupSlots(grid, units, { x: 4.6, y: 1.5 });
    // The nearest point where the disc fits on the units' side: 0.3 (+ the touch margin) left of
    // the wall, 0.9 from the target (the other side's 5.3 is nearer).
    expect(slot!.x).toBeCloseTo(3.7, 5);
    expect(slot!.x).toBeLessThan(3.7);
    expect(slot!.y).toBeCloseTo(1.5, 9);
  });

  it('starts where the target sees when the disc does not fit at the target', () => {
    // The target is in a corridor too narrow for the disc; the nearest place it fits is behind
    // the corridor's wall (about 2.1 away), the nearest the target sees is the corridor's mouth.
    const grid = Grid.fromAscii(['............', '............', '............', '######......', '............', '######......', '............']);
    const [slot] = groupSlots(grid, [{ x: 9, y: 4.5, radius: 0.6 }], { x: 1.5, y: 4.5 });
    expect(slot!.y).toBe(4.5);
    expect(slot!.x).toBeGreaterThan(6 + Math.sqrt(0.6 ** 2 - 0.5 ** 2));
    expect(slot!.x).toBeLessThan(6.34);
  });

  it('gathers a group of points on one side of a target on a double corner', () => {
    const grid = Grid.fromAscii(['.....', '.#...', '..#..', '.....']);
    const units = [0, 1, 2, 3, 4].map((k) => ({ x: 0.5 + k * 0.2, y: 3.5, radius: 0 }));
    const slots = groupSlots(grid, units, { x: 2, y: 2 }, { gap: 0 });
    // Either free cell at the corner will do; what matters is that the walk can leave it.
    expect(slots.every((s) => s !== undefined)).toBe(true);
  });

  it('keeps clear of a standing unit on the target', () => {
    const occupied = [{ x: 5.5, y: 2.5, radius: 0.4 }];
    const slots = groupSlots(open, [{ x: 1, y: 1, radius: 0.3 }], { x: 5.5, y: 2.5 }, { occupied, gap: 0.1 }) as Point[];
    expect(Math.hypot(slots[0]!.x - 5.5, slots[0]!.y - 2.5)).toBeGreaterThanOrEqual(0.8);
  });

  it('gives no slot where nothing fits, and slots for as many as fit in a closed pocket', () => {
    expect(groupSlots(Grid.fromAscii(['###', '###']), [{ x: 1, y: 1, radius: 0 }], { x: 1, y: 1 })).toEqual([undefined]);
    expect(groupSlots(open, [{ x: 1, y: 1, radius: 3 }], { x: 5, y: 2.5 })).toEqual([undefined]);
    // One free cell: room for one disc of radius 0.3 (spacing 0.7 leaves the cell).
    const pocket = Grid.fromAscii(['###', '#.#', '###']);
    const slots = groupSlots(pocket, [0, 1, 2].map((k) => ({ x: 1.5, y: 1.5 + k, radius: 0.3 })), { x: 1.5, y: 1.5 });
    expect(slots.filter((s) => s !== undefined)).toEqual([{ x: 1.5, y: 1.5 }]);
  });
});

describe('assignSlots', () => {
  /** The least sum of squared offset differences over every injective choice, by brute force. */
  function bestCost(u: Point[], s: Point[]): number {
    const cu = centroid(u);
    const cs = centroid(s);
    const rows = u.length <= s.length ? u : s;
    const cols = u.length <= s.length ? s : u;
    const [cr, cc] = u.length <= s.length ? [cu, cs] : [cs, cu];
    let best = Infinity;
    const used = new Array<boolean>(cols.length).fill(false);
    const go = (k: number, acc: number): void => {
      if (k === rows.length) {
        best = Math.min(best, acc);
        return;
      }
      for (let j = 0; j < cols.length; j++) {
        if (used[j]) continue;
        used[j] = true;
        go(k + 1, acc + offsetCost(rows[k]!, cr, cols[j]!, cc));
        used[j] = false;
      }
    };
    go(0, 0);
    return best;
  }

  it('is optimal for small groups, with as many, fewer or more slots than units', () => {
    const rng = makeRng(190_003);
    for (let c = 0; c < 300; c++) {
      const n = rng.range(1, 7);
      const m = rng.range(1, 7);
      const u = Array.from({ length: n }, () => ({ x: rng.next() * 20, y: rng.next() * 20 }));
      const s = Array.from({ length: m }, () => ({ x: rng.next() * 5, y: rng.next() * 5 }));
      const match = assignSlots(...arrays(u), ...arrays(s));
      const taken = [...match].filter((j) => j >= 0);
      expect(new Set(taken).size, `case ${c}`).toBe(Math.min(n, m));
      let cost = 0;
      const cu = centroid(u);
      const cs = centroid(s);
      match.forEach((j, i) => {
        if (j >= 0) cost += offsetCost(u[i]!, cu, s[j]!, cs);
      });
      expect(cost, `case ${c}`).toBeCloseTo(bestCost(u, s), 9);
    }
  });

  it('keeps the order of a long row above the exact limit', () => {
    const n = 300;
    const u = Array.from({ length: n }, (_, k) => ({ x: k * 1.3, y: Math.sin(k) * 0.2 }));
    // Slots: a 20 x 15 block.
    const s = Array.from({ length: n }, (_, k) => ({ x: 50 + (k % 20) * 0.8, y: 50 + Math.floor(k / 20) * 0.8 }));
    const match = assignSlots(...arrays(u), ...arrays(s));
    expect(new Set(match).size).toBe(n);
    // Rank correlation between a unit's place in the row and its slot's x.
    const slotX = [...match].map((j) => s[j]!.x);
    const ranks = rank(slotX);
    let d2 = 0;
    ranks.forEach((r, k) => (d2 += (r - k) ** 2));
    const rho = 1 - (6 * d2) / (n * (n * n - 1));
    expect(rho).toBeGreaterThan(0.9);
  });
});

function centroid(p: Point[]): Point {
  return { x: p.reduce((a, q) => a + q.x, 0) / p.length, y: p.reduce((a, q) => a + q.y, 0) / p.length };
}

function offsetCost(a: Point, ca: Point, b: Point, cb: Point): number {
  return (a.x - ca.x - (b.x - cb.x)) ** 2 + (a.y - ca.y - (b.y - cb.y)) ** 2;
}

function arrays(p: Point[]): [Float64Array, Float64Array] {
  return [Float64Array.from(p, (q) => q.x), Float64Array.from(p, (q) => q.y)];
}

/** Ranks (0-based, ties by index) of the values. */
function rank(values: number[]): number[] {
  const order = values.map((v, k) => [v, k] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out = new Array<number>(values.length);
  order.forEach(([, k], r) => (out[k] = r));
  return out;
}

describe('groupSlots input', () => {
  const grid = Grid.fromAscii(['........', '........', '........', '........']);
  const unit = { x: 1, y: 1, radius: 0.3 };

  it('names a bad value in a RangeError or TypeError', () => {
    expect(() => groupSlots(grid, [{ x: NaN, y: 1, radius: 0.3 }], { x: 2, y: 2 })).toThrow(/units\[0\]\.x .*NaN/);
    expect(() => groupSlots(grid, [unit, { x: 1, y: Infinity, radius: 0.3 }], { x: 2, y: 2 })).toThrow(/units\[1\]\.y .*Infinity/);
    expect(() => groupSlots(grid, [{ x: 1e12, y: 1, radius: 0.3 }], { x: 2, y: 2 })).toThrow(/units\[0\]\.x .*1000000000000/);
    expect(() => groupSlots(grid, [{ x: 1, y: 1, radius: -1 }], { x: 2, y: 2 })).toThrow(/units\[0\]\.radius .*-1/);
    expect(() => groupSlots(grid, [{ x: 1, y: 1, radius: Infinity }], { x: 2, y: 2 })).toThrow(RangeError);
    expect(() => groupSlots(grid, [unit], { x: NaN, y: 2 })).toThrow(/target\.x .*NaN/);
    expect(() => groupSlots(grid, [unit], { x: 2, y: 2 }, { gap: -0.5 })).toThrow(/gap .*-0\.5/);
    expect(() => groupSlots(grid, [unit], { x: 2, y: 2 }, { gap: NaN })).toThrow(RangeError);
    expect(() => groupSlots(grid, [unit], { x: 2, y: 2 }, { occupied: [{ x: 1, y: 1, radius: NaN }] })).toThrow(/occupied\[0\]\.radius .*NaN/);
    expect(() => groupSlots(grid, 'units' as unknown as SlotUnit[], { x: 2, y: 2 })).toThrow(TypeError);
    expect(() => groupSlots(grid, [null as unknown as SlotUnit], { x: 2, y: 2 })).toThrow(TypeError);
    const many = new Array<SlotUnit>(MAX_GROUP_SIZE + 1).fill(unit);
    expect(() => groupSlots(grid, many, { x: 2, y: 2 })).toThrow(new RegExp(`${MAX_GROUP_SIZE + 1}`));
  });

  it('answers an empty group, a target off the map and a huge standing disc', () => {
    expect(groupSlots(grid, [], { x: 2, y: 2 })).toEqual([]);
    const [off] = groupSlots(grid, [unit], { x: -1e300, y: 2.5 });
    expect(off!.x).toBeCloseTo(0.3, 5);
    expect(off!.x).toBeGreaterThan(0.3);
    const wide = Grid.fromPredicate(20, 20, () => false);
    expect(groupSlots(wide, [unit], { x: 2, y: 2 }, { occupied: [{ x: 0, y: 0, radius: 1e6 }] })).toEqual([undefined]);
    // A disc reaching 2.5 tiles into the map (over 64 buckets): the slot keeps 7.5 + 0.3 + 0.1 from its centre.
    const [beside] = groupSlots(wide, [unit], { x: 2, y: 2 }, { occupied: [{ x: -5, y: 2, radius: 7.5 }] });
    expect(Math.hypot(beside!.x + 5, beside!.y - 2)).toBeGreaterThanOrEqual(7.9);
  });

  it('places a large group on a large map in one piece', () => {
    const big = Grid.fromPredicate(120, 120, (x, y) => (x * 7 + y * 13) % 23 === 0);
    const rng = makeRng(190_004);
    const units = Array.from({ length: 2000 }, () => ({ x: 10 + rng.next() * 40, y: 10 + rng.next() * 40, radius: 0.2 + 0.2 * rng.next() }));
    const slots = groupSlots(big, units, { x: 60.5, y: 60.5 }, { gap: DEFAULT_SLOT_GAP });
    const spacing = 2 * Math.max(...units.map((u) => u.radius)) + DEFAULT_SLOT_GAP;
    expect(slots.every((s) => s !== undefined)).toBe(true);
    // No two slots closer than the spacing, by a hash of cells 1 tile wide.
    const seen = new Map<string, Point[]>();
    for (const s of slots as Point[]) {
      const key = `${Math.floor(s.x)},${Math.floor(s.y)}`;
      (seen.get(key) ?? seen.set(key, []).get(key)!).push(s);
    }
    for (const s of slots as Point[]) {
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const q of seen.get(`${Math.floor(s.x) + dx},${Math.floor(s.y) + dy}`) ?? []) {
            if (q !== s) expect(Math.hypot(q.x - s.x, q.y - s.y)).toBeGreaterThanOrEqual(spacing);
          }
        }
      }
    }
  });
});
