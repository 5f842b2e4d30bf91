import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { type MoveSet } from '../../../src/directional/hit-check.js';
import { exportMoveTables, loadMoveTables } from '../../../src/directional/move-tables.js';
import { Grid } from '../../../src/grid/grid.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { captureCli } from '../../support/cli.js';
import { makeRng } from '../../support/rng.js';

/** A profile no other test uses, so the process-wide move-set cache starts without it. */
const TANK: UnitProfile = { turningRadius: 1.7, width: 0.9, reverse: true, reverseCost: 1.5 };

function movesOf(profile: UnitProfile): MoveSet {
  return new DirectionalPlanner(new Grid(1, 1), profile).moves;
}

function sameMoves(a: MoveSet, b: MoveSet): void {
  const da = a.toData();
  const db = b.toData();
  for (const name of ['first', 'dx', 'dy', 'endHeading', 'cost', 'length', 'extent', 'cellFirst', 'cellX', 'cellY', 'templateOf', 'quarterTurns', 'lookup'] as const) {
    expect(Array.from(db[name]), name).toEqual(Array.from(da[name]));
  }
  expect(db.maxExtent).toBe(da.maxExtent);
  for (let m = 0; m < a.size; m++) expect(b.curve(m).toJSON()).toEqual(a.curve(m).toJSON());
}

describe('move tables files', () => {
  it('load back as the very move set the planner builds, and planners then plan the same paths with them', () => {
    const built = movesOf(TANK);
    const bytes = exportMoveTables(TANK);
    const grid = Grid.fromPredicate(40, 30, (x, y) => (x === 15 && y < 20) || (x === 28 && y > 8) || (x > 5 && x < 10 && y === 22));
    const before = new DirectionalPlanner(grid, TANK);
    const info = loadMoveTables(bytes);
    expect(info.moves).toBe(built.size);
    const after = new DirectionalPlanner(grid, TANK);
    const loaded = after.moves;
    // The planner took the file's set: a new object, not the one built before.
    expect(loaded).not.toBe(built);
    sameMoves(built, loaded);
    const rng = makeRng(9);
    for (let q = 0; q < 20; q++) {
      const start = { x: 2.5 + rng.range(0, 10), y: 2.5 + rng.range(0, 25), heading: rng.next() * 6 - 3 };
      const goal = { x: 30.5 + rng.range(0, 8), y: 2.5 + rng.range(0, 25) };
      const a = before.findPath(start, goal);
      const b = after.findPath(start, goal);
      expect(b.status).toBe(a.status);
      expect(b.segments.toJSON()).toEqual(a.segments.toJSON());
      expect(b.cost).toBe(a.cost);
    }
  });

  it('serve only the profile they were made for', () => {
    const other: UnitProfile = { turningRadius: 1.7, width: 0.9, reverse: true, reverseCost: 2.5 };
    loadMoveTables(exportMoveTables(TANK));
    const set = movesOf(other);
    expect(set.toData().cost).not.toEqual(movesOf(TANK).toData().cost);
  });

  it('refuse damaged or foreign bytes with a RangeError that says what is wrong, and load nothing', () => {
    const good = exportMoveTables(TANK);
    const cases: [Uint8Array, RegExp][] = [
      [good.slice(0, 200), /ends inside/],
      [good.slice(0, good.length - 3), /ends inside/],
      [new Uint8Array([...good, 0]), /after the end/],
      [new TextEncoder().encode('not a file at all, just words'), /not a move-tables file/],
    ];
    const version = good.slice();
    version[4] = 99;
    cases.push([version, /version 99/]);
    // A move naming a template that is not there: the move count is in the index; damage templateOf.
    const rng = makeRng(5);
    for (let trial = 0; trial < 200; trial++) {
      const bad = good.slice();
      for (let k = 0; k < 4; k++) bad[rng.range(4, bad.length - 1)] = rng.range(0, 255);
      try {
        loadMoveTables(bad);
      } catch (error) {
        // Random damage may also land in a curve's numbers, which no check can tell from real ones;
        // what is refused is refused with a RangeError.
        expect(error).toBeInstanceOf(RangeError);
      }
    }
    loadMoveTables(good);
    const goodSet = movesOf(TANK);
    for (const [bytes, message] of cases) {
      expect(() => loadMoveTables(bytes)).toThrow(message);
      // What was refused was not loaded: planners still get the good set.
      expect(movesOf(TANK)).toBe(goodSet);
    }
    expect(() => loadMoveTables('HWMT' as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => loadMoveTables(null as unknown as Uint8Array)).toThrow(TypeError);
  });

  it('are written by `headway tables` and read back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hwmt-'));
    const file = join(dir, 'sub', 'tank.hwmt');
    const run = await captureCli(main, ['tables', '--radius', '1.7', '--width', '0.9', '--reverse', '--reverse-cost', '1.5', '--out', file]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/moves/);
    const info = loadMoveTables(readFileSync(file));
    expect(info.moves).toBe(movesOf(TANK).size);
    const bad = await captureCli(main, ['tables', '--radius', '-1', '--width', '0.9', '--out', file]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/turningRadius|radius/);
    const missing = await captureCli(main, ['tables', '--width', '0.9', '--out', file]);
    expect(missing.code).toBe(2);
  });

  it('keep the cached set of a profile until a file for it is loaded', () => {
    const profile: UnitProfile = { turningRadius: 1.3, width: 0.5 };
    const first = movesOf(profile);
    expect(movesOf(profile)).toBe(first);
    loadMoveTables(exportMoveTables(profile));
    expect(movesOf(profile)).not.toBe(first);
  });
});
