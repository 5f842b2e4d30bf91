/**
 * Damaged move-tables files (issue 30, hostile point 4): every single flipped bit of a file is
 * refused with a MoveTablesError, before anything loads; before the checksum, two flips in three
 * loaded silently, a flip in the key loaded the tables under another profile's key, and some threw
 * a bare TypeError from the text decoder.
 */
import { describe, expect, it } from 'vitest';
import { DirectionalPlanner } from '../../../src/directional/directional-planner.js';
import { exportMoveTables, loadMoveTables, MoveTablesError } from '../../../src/directional/move-tables.js';
import { crc32 } from '../../../src/directional/crc32.js';
import { Grid } from '../../../src/grid/grid.js';
import type { UnitProfile } from '../../../src/unit/profile.js';
import { makeRng } from '../../support/rng.js';

/** The smallest useful file: a narrow unit of radius 0.5 on Directional-8 with 8 headings (about 15 kB). */
const SMALL: UnitProfile = { turningRadius: 0.5, width: 0.2 };
const SMALL_LATTICE = { headings: 8, neighborhood: 8 } as const;

/** What loading `bytes` does: the fault it is refused for, or 'loaded'. */
function outcome(bytes: Uint8Array): string {
  try {
    loadMoveTables(bytes);
    return 'loaded';
  } catch (error) {
    return error instanceof MoveTablesError ? error.fault : `${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe('damaged move tables', () => {
  it('CRC-32 is the standard one (the check value of "123456789")', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('a flipped bit in every byte of a small file (all 8 bits in the header, key and checksum) is refused with a MoveTablesError, and nothing loads', () => {
    const good = exportMoveTables(SMALL, SMALL_LATTICE);
    expect(good.length).toBeLessThan(20_000);
    const built = new DirectionalPlanner(new Grid(1, 1), SMALL, SMALL_LATTICE).moves;
    const key = loadMoveTables(good).key;
    const loaded = new DirectionalPlanner(new Grid(1, 1), SMALL, SMALL_LATTICE).moves;
    expect(loaded).not.toBe(built);
    const bytes = good.slice();
    // Header (10 bytes), the key's length and text, and the checksum: every bit.
    const everyBit = (i: number): boolean => i < 14 + key.length + 16 || i >= bytes.length - 8;
    const rng = makeRng(30);
    const faults = new Map<string, number>();
    const loadedAt: string[] = [];
    let flips = 0;
    for (let i = 0; i < bytes.length; i++) {
      for (const bit of everyBit(i) ? [0, 1, 2, 3, 4, 5, 6, 7] : [rng.int(8)]) {
        bytes[i]! ^= 1 << bit;
        const what = outcome(bytes);
        bytes[i]! ^= 1 << bit;
        flips++;
        faults.set(what, (faults.get(what) ?? 0) + 1);
        if (what !== 'checksum' && loadedAt.length < 5 && !['not-move-tables', 'version', 'truncated', 'too-long'].includes(what)) loadedAt.push(`byte ${i} bit ${bit}: ${what}`);
      }
    }
    expect(flips).toBeGreaterThan(bytes.length);
    // Only the typed faults: nothing loaded, no bare TypeError from the text decoder, no RangeError from an array.
    expect(loadedAt, 'bit flips not refused with a MoveTablesError').toEqual([]);
    expect(faults.get('checksum')).toBeGreaterThan(flips - 100);
    // Nothing refused was loaded: planners of the profile still get the set of the good file.
    expect(new DirectionalPlanner(new Grid(1, 1), SMALL, SMALL_LATTICE).moves).toBe(loaded);
    expect(bytes).toEqual(good);
  });

  it("a flip in the key (the issue's repro) is refused, not loaded under another profile's key", () => {
    const b = exportMoveTables({ turningRadius: 1, width: 0.8 }, SMALL_LATTICE);
    const key = loadMoveTables(b).key;
    const text = new TextDecoder().decode(b);
    const at = text.indexOf(key);
    expect(at).toBeGreaterThan(0);
    for (const i of [14, at, at + 2, at + key.length - 1]) {
      const bad = b.slice();
      bad[i]! ^= 2;
      expect(() => loadMoveTables(bad), `byte ${i}`).toThrow(MoveTablesError);
      expect(outcome(bad)).toBe('checksum');
    }
    try {
      const bad = b.slice();
      bad[at + 2]! ^= 2;
      loadMoveTables(bad);
    } catch (error) {
      expect((error as Error).message).toMatch(/damaged.*CRC-32/);
    }
  });

  it('a file of format version 1 (before the checksum) is refused with a request to export it again', () => {
    const old = exportMoveTables(SMALL, SMALL_LATTICE);
    old[4] = 1;
    old[5] = 0;
    expect(outcome(old)).toBe('version');
    expect(() => loadMoveTables(old)).toThrow(/version 1.*headway tables/);
  });

  it('bytes cut short, joined to others, or not a file at all say so', () => {
    const good = exportMoveTables(SMALL, SMALL_LATTICE);
    expect(outcome(good.slice(0, good.length - 1))).toBe('truncated');
    expect(outcome(good.slice(0, 3))).toBe('truncated');
    expect(outcome(new Uint8Array([...good, 0, 0]))).toBe('too-long');
    expect(outcome(new TextEncoder().encode('PK\u0003\u0004 a zip file'))).toBe('not-move-tables');
    expect(() => loadMoveTables(new Uint8Array([...good, 0]))).toThrow(/1 bytes after the end/);
  });
});
