/** MoveBits: the moves a window's blocked cells block, as bit sets, against checking each move's cells. */
import { describe, expect, it } from 'vitest';
import { moveSetFor } from '../../../src/directional/hit-check.js';
import { MoveBits, moveBitsWork } from '../../../src/directional/move-bits.js';
import { MAX_PIECE_UNITS, SteppedBuild } from '../../../src/search/stepped-build.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { makeRng } from '../../support/rng.js';

describe('MoveBits', () => {
  const cases = [
    { profile: resolveProfile({ turningRadius: 2, width: 0.8, reverse: true }), neighborhood: 24 as const },
    { profile: resolveProfile({ turningRadius: 2, width: 0.8 }), neighborhood: 48 as const },
    { profile: resolveProfile({ turningRadius: 1, width: 0.6 }), neighborhood: 8 as const },
  ];

  it('blocks exactly the moves that touch a blocked cell of the window, on random windows', () => {
    const rng = makeRng(7);
    for (const { profile, neighborhood } of cases) {
      const moves = moveSetFor(profile, 16, neighborhood);
      const bits = new MoveBits(moves);
      const E = moves.maxExtent;
      const side = 2 * E + 1;
      expect(bits.side).toBe(side);
      const rows = new Int32Array(side);
      const out = new Int32Array(bits.words);
      let blockedSeen = 0;
      let freeSeen = 0;
      for (let trial = 0; trial < 200; trial++) {
        const density = rng.next() * 0.3;
        // Garbage above the window's columns, as the planner's shifted words have: it must be ignored.
        for (let r = 0; r < side; r++) {
          let row = (rng.int(2 ** 16) << 16) | rng.int(2 ** 16);
          row &= ~((2 ** side - 1) >>> 0);
          for (let c = 0; c < side; c++) if (rng.chance(density)) row |= 1 << c;
          rows[r] = row;
        }
        const k = rng.int(16);
        bits.blocked(k, rows, out);
        for (let m = moves.first[k]!; m < moves.first[k + 1]!; m++) {
          let hit = false;
          for (let i = moves.cellFirst[m]!; i < moves.cellFirst[m + 1]! && !hit; i++) {
            hit = ((rows[moves.cellY[i]! + E]! >>> (moves.cellX[i]! + E)) & 1) === 1;
          }
          const j = m - moves.first[k]!;
          const got = ((out[j >> 5]! >>> (j & 31)) & 1) === 1;
          expect(got).toBe(hit);
          if (hit) blockedSeen++;
          else freeSeen++;
        }
      }
      // Both answers were exercised.
      expect(blockedSeen).toBeGreaterThan(100);
      expect(freeSeen).toBeGreaterThan(100);
    }
  });

  it('is built in pieces of at most a piece each, to the same sets', () => {
    for (const { profile, neighborhood } of cases) {
      const moves = moveSetFor(profile, 16, neighborhood);
      const build = new SteppedBuild(moveBitsWork(moves));
      let pieces = 0;
      while (!build.done) {
        expect(build.step(1)).toBeLessThanOrEqual(MAX_PIECE_UNITS);
        pieces++;
      }
      // The reversing unit's sets take many pieces (its 5,900 moves touch about 100,000 cells).
      if (profile.reverse) expect(pieces).toBeGreaterThan(20);
      expect(build.result!.touch).toEqual(new MoveBits(moves).touch);
    }
  });

  it('refuses a move set wider than the window masks', () => {
    const wide = moveSetFor(resolveProfile({ turningRadius: 12, width: 0.8 }), 8, 8);
    expect(wide.maxExtent).toBeGreaterThan(15);
    expect(() => new MoveBits(wide)).toThrow(/maxExtent <= 15, got/);
  });
});
