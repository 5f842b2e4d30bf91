import { describe, expect, it } from 'vitest';
import { dubins } from '../../../src/curves/dubins.js';
import { forEachSweptCell, sweptCellsWork } from '../../../src/curves/footprint.js';
import { reedsShepp } from '../../../src/curves/reeds-shepp.js';
import { moveSetWork } from '../../../src/directional/hit-check.js';
import { MAX_PIECE_UNITS } from '../../../src/search/stepped-build.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { makeRng } from '../../support/rng.js';

/** The first announced piece of a move-set build: the first candidate's shortest curve. */
function firstPiece(reverse: boolean): number {
  const work = moveSetWork(resolveProfile({ turningRadius: 2, width: 0.8, reverse }), 16, 24);
  const first = work.next();
  work.return(undefined as never);
  return first.value as number;
}

describe('move-set build pieces', () => {
  it('a candidate curve is announced at its price: a Reeds-Shepp curve (all word families) far above a Dubins one, both within a piece', () => {
    // Reeds-Shepp tries 48 words where Dubins tries 6: charged alike, a frame of them overran 5-20 times.
    const rs = firstPiece(true);
    const db = firstPiece(false);
    expect(rs).toBeGreaterThanOrEqual(16);
    expect(rs).toBeGreaterThanOrEqual(3 * db);
    expect(rs).toBeLessThanOrEqual(MAX_PIECE_UNITS);
  });

  it('the swept footprint as work gives the distinct cells of forEachSweptCell, first met first, in pieces of bounded cell tests', () => {
    const rng = makeRng(1717);
    for (let t = 0; t < 200; t++) {
      const from = { x: rng.int(5) + 0.5, y: rng.int(5) + 0.5, heading: rng.next() * 2 * Math.PI - Math.PI };
      const to = { x: rng.int(9) - 2 + 0.5, y: rng.int(9) - 2 + 0.5, heading: rng.next() * 2 * Math.PI - Math.PI };
      const radius = 1 + rng.int(6);
      const rho = [0.01, 0.3, 0.6, 2.5, 9][rng.int(5)]!;
      const curve = t % 2 === 0 ? dubins(from, to, radius) : reedsShepp(from, to, radius);
      const expected: number[] = [];
      const seen = new Set<string>();
      for (const seg of curve.path.segments) {
        forEachSweptCell(seg, rho, (x, y) => {
          if (seen.has(`${x},${y}`)) return;
          seen.add(`${x},${y}`);
          expected.push(x, y);
        });
      }
      const out: number[] = [];
      const work = sweptCellsWork(curve.path.segments, rho, out);
      // A piece tests at most its units' worth of cells (4 a unit), so it finds no more; nothing runs unannounced.
      let announced = 0;
      for (;;) {
        const before = out.length;
        const next = work.next();
        expect((out.length - before) / 2).toBeLessThanOrEqual(4 * announced);
        if (next.done) break;
        expect(next.value).toBeGreaterThanOrEqual(1);
        expect(next.value).toBeLessThanOrEqual(MAX_PIECE_UNITS);
        announced = next.value;
      }
      expect(out).toEqual(expected);
    }
  });
});
