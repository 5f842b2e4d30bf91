import { describe, expect, it, vi } from 'vitest';
import { Crowd, MAX_WALL_LOOKAHEAD } from '../../../src/crowd/crowd.js';
import { HalfPlanes } from '../../../src/crowd/orca.js';
import { pushWallPlanes } from '../../../src/crowd/wall-planes.js';
import { pointClear } from '../../../src/follow/disc-room.js';
import { Grid } from '../../../src/grid/grid.js';
import { MAX_POSITION } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

/**
 * Counts `grid.isBlocked` calls, and throws past `limit`: code that scans without bound fails
 * here instead of running for hours (a timeout cannot stop a synchronous loop).
 */
function countReads(grid: Grid, limit: number): { readonly calls: number } {
  const counter = { calls: 0 };
  const isBlocked = grid.isBlocked.bind(grid);
  vi.spyOn(grid, 'isBlocked').mockImplementation((x: number, y: number) => {
    if (++counter.calls > limit) throw new Error(`more than ${limit} cell reads`);
    return isBlocked(x, y);
  });
  return counter;
}

function planes(lines: HalfPlanes): number[][] {
  return Array.from({ length: lines.count }, (_, l) => [lines.px[l]!, lines.py[l]!, lines.dx[l]!, lines.dy[l]!]);
}

/** Every cell a scan may read, with the neighbour checks: 5 reads for each cell of the map and its outside ring. */
const ringReads = (grid: Grid): number => 5 * (grid.width + 2) * (grid.height + 2);

describe('crowd input and work bounds', () => {
  it('refuses positions no map can hold at add and setState, naming the value', () => {
    const crowd = new Crowd(new Grid(10, 5));
    for (const bad of [1e300, 2 ** 53, -(2 ** 53), MAX_POSITION * 2]) {
      expect(() => crowd.add({ radius: 0.4, maxSpeed: 2 }, bad, 1)).toThrow(`crowd agent x must be a finite number from -${MAX_POSITION} tiles to ${MAX_POSITION} tiles, got ${bad} tiles`);
      expect(() => crowd.add({ radius: 0.4, maxSpeed: 2 }, 1, bad)).toThrow(RangeError);
    }
    expect(crowd.count).toBe(0);
    const a = crowd.add({ radius: 0.4, maxSpeed: 2 }, 1.5, 1.5);
    expect(() => crowd.setState(a, 1e300, 1, 0, 0)).toThrow(/crowd agent x must be a finite number from .* got 1e\+300/);
    expect(() => crowd.setState(a, 1, -(2 ** 53), 0, 0)).toThrow(/crowd agent y must be .* got -9007199254740992/);
    expect([crowd.x(a), crowd.y(a)]).toEqual([1.5, 1.5]);
    // The limit itself is a position (off this map: the agent stays where it is).
    crowd.setState(a, MAX_POSITION, 1, 0, 0);
    crowd.setPreferred(a, 2, 0);
    crowd.step(1 / 60);
    expect(crowd.x(a)).toBe(MAX_POSITION);
  });

  it('the wall scan reads only the map and its outside ring, whatever the reach', () => {
    const grid = Grid.fromAscii(['..........', '..#.......', '....##....', '.......#..', '..........']);
    const lines = new HalfPlanes();
    const reads = countReads(grid, 1e6);
    const n = pushWallPlanes(grid, lines, 5.5, 1.5, 0.4, 1e12, 2);
    expect(reads.calls).toBeLessThanOrEqual(ringReads(grid));
    // The same planes as a reach just past the map's far corner, which every earlier scan read whole.
    const whole = new HalfPlanes();
    pushWallPlanes(grid, whole, 5.5, 1.5, 0.4, Math.hypot(grid.width, grid.height) + 2, 2);
    expect(n).toBe(whole.count);
    expect(planes(lines)).toEqual(planes(whole));
  });

  it('keeping to the map loses no plane: the same as on the map padded with blocked cells (seeded random grids)', () => {
    const SEED = 0xb0d5;
    const rng = makeRng(SEED);
    const PAD = 4;
    let compared = 0;
    for (let trial = 0; trial < 300; trial++) {
      const grid = randomGrid(rng, { width: rng.range(2, 12), height: rng.range(2, 12), density: 0.3, mode: 'tricky' });
      const padded = Grid.fromPredicate(grid.width + 2 * PAD, grid.height + 2 * PAD, (x, y) => !grid.inBounds(x - PAD, y - PAD) || grid.isBlocked(x - PAD, y - PAD));
      // Positions on a 1/64 lattice: shifting them by PAD is exact, so the planes must agree to the bit.
      const r = rng.chance(0.3) ? 0 : Math.floor(rng.next() * 40) / 64;
      const x = Math.floor(rng.next() * grid.width * 64) / 64;
      const y = Math.floor(rng.next() * grid.height * 64) / 64;
      if (!pointClear(grid, x, y, r)) continue;
      const reach = r + rng.next() * 3 * PAD;
      const a = new HalfPlanes();
      const b = new HalfPlanes();
      pushWallPlanes(grid, a, x, y, r, reach, 2);
      pushWallPlanes(padded, b, x + PAD, y + PAD, r, reach, 2);
      expect(planes(a), `seed ${SEED} trial ${trial}: r ${r} at (${x}, ${y}) reach ${reach}`).toEqual(planes(b));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('a step of 1e4 s reads a bounded number of cells and ends with every agent sane', { timeout: 20_000 }, () => {
    const grid = Grid.fromAscii(['..........', '..........', '....##....', '..........', '..........']);
    const crowd = new Crowd(grid);
    const a = crowd.add({ radius: 0.4, maxSpeed: 2 }, 1.5, 1.5);
    const b = crowd.add({ radius: 0.4, maxSpeed: 2 }, 8.5, 1.5);
    crowd.setPreferred(a, 2, 0);
    crowd.setPreferred(b, -2, 0);
    const reads = countReads(grid, 1e6);
    crowd.step(1e4);
    // Each agent: its wall scan, plus its move's check (a few cells round the move).
    expect(reads.calls).toBeLessThanOrEqual(2 * 2 * ringReads(grid));
    for (const id of [a, b]) {
      expect(Number.isFinite(crowd.vx(id)) && Number.isFinite(crowd.vy(id))).toBe(true);
      expect(pointClear(grid, crowd.x(id), crowd.y(id), 0.4)).toBe(true);
    }
    expect(Math.hypot(crowd.x(a) - crowd.x(b), crowd.y(a) - crowd.y(b))).toBeGreaterThanOrEqual(0.8 - 1e-9);
  });

  it('an agent of speed 1e6 reads at most the lookahead box of cells a step, on a map far wider', { timeout: 20_000 }, () => {
    const side = 400;
    const grid = Grid.fromPredicate(side, side, (x, y) => (x * 7 + y * 13) % 11 === 0);
    grid.fill(150, 150, 100, 100, () => false);
    const crowd = new Crowd(grid);
    const a = crowd.add({ radius: 0.4, maxSpeed: 1e6 }, 200.5, 200.5);
    crowd.setPreferred(a, 1e6, 3e5);
    const reads = countReads(grid, 1e6);
    crowd.step(1 / 60);
    const box = 2 * Math.ceil(0.4 + MAX_WALL_LOOKAHEAD) + 2;
    expect(reads.calls).toBeLessThanOrEqual(5 * box * box + ringReads(new Grid(10, 10)));
    expect(pointClear(grid, crowd.x(a), crowd.y(a), 0.4)).toBe(true);
  });
});
