/**
 * edgeRows: the hit checks of an expansion read only the coast of the walls in its window. Checked
 * against the cells themselves: the moves the coast blocks are exactly the moves that touch any
 * blocked cell, on random padded bitmaps, for every move set the planner builds bit sets for.
 */
import { describe, expect, it } from 'vitest';
import { moveSetFor, type MoveSet } from '../../../src/directional/hit-check.js';
import { MoveBits } from '../../../src/directional/move-bits.js';
import { edgeRows, edgeRowsFit } from '../../../src/directional/edge-rows.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { makeRng, type Rng } from '../../support/rng.js';

const cases: { name: string; moves: MoveSet }[] = [
  { name: 'tank r = 2, reversing, D-24', moves: moveSetFor(resolveProfile({ turningRadius: 2, width: 1.5, reverse: true }), 16, 24) },
  { name: 'ship r = 4, D-48', moves: moveSetFor(resolveProfile({ turningRadius: 4, width: 2.4 }), 16, 48) },
  { name: 'r = 1, D-8', moves: moveSetFor(resolveProfile({ turningRadius: 1, width: 0.6 }), 16, 8) },
];

/** A padded bitmap of `size` x `size` cells, blocked at `density` (blobs, so that walls have an inland). */
function randomBitmap(rng: Rng, size: number, density: number): { bits: Int32Array; rowWords: number; blocked: (x: number, y: number) => boolean } {
  const rowWords = (size >> 5) + 2;
  const cells = new Uint8Array(size * size);
  for (let i = 0; i < size * size; i++) if (rng.chance(density)) cells[i] = 1;
  // Grow blobs: a cell next to two blocked ones is blocked too (one pass).
  const grown = cells.slice();
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const n = cells[y * size + x - 1]! + cells[y * size + x + 1]! + cells[(y - 1) * size + x]! + cells[(y + 1) * size + x]!;
      if (n >= 2) grown[y * size + x] = 1;
    }
  }
  const bits = new Int32Array(rowWords * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (grown[y * size + x] === 1) bits[y * rowWords + (x >> 5)]! |= 1 << (x & 31);
  // Garbage in the spare word past the row's cells: a read across the boundary must ignore it.
  for (let y = 0; y < size; y++) bits[y * rowWords + rowWords - 1] = rng.int(2 ** 31);
  return { bits, rowWords, blocked: (x, y) => grown[y * size + x] === 1 };
}

describe('edgeRows', () => {
  it('gives every move set the planner uses a window that fits', () => {
    for (const { moves } of cases) expect(edgeRowsFit(2 * moves.maxExtent + 1)).toBe(true);
    expect(edgeRowsFit(31)).toBe(false);
  });

  it('marks a blocked cell as coast exactly when one of its eight neighbours is free', () => {
    const rng = makeRng(1701);
    const side = 9;
    const out = new Int32Array(side);
    for (let trial = 0; trial < 300; trial++) {
      const size = 40 + rng.int(40);
      const map = randomBitmap(rng, size, rng.next() * 0.6);
      const x0 = 1 + rng.int(size - side - 2);
      const y0 = 1 + rng.int(size - side - 2);
      edgeRows(map.bits, map.rowWords, x0, y0, side, out);
      for (let r = 0; r < side; r++) {
        for (let c = 0; c < side; c++) {
          const x = x0 + c;
          const y = y0 + r;
          let freeNeighbour = false;
          for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (!map.blocked(x + dx, y + dy)) freeNeighbour = true;
          expect(((out[r]! >>> c) & 1) === 1, `trial ${trial}, cell (${x}, ${y})`).toBe(map.blocked(x, y) && freeNeighbour);
        }
      }
    }
  });

  it('blocks, from a free cell, exactly the moves that touch a blocked cell', () => {
    const rng = makeRng(1702);
    for (const { name, moves } of cases) {
      const bits = new MoveBits(moves);
      const E = moves.maxExtent;
      const side = 2 * E + 1;
      const rows = new Int32Array(side);
      const out = new Int32Array(bits.words);
      let blockedSeen = 0;
      let freeSeen = 0;
      let inlandSeen = 0;
      for (let trial = 0; trial < 150; trial++) {
        const size = side + 2 + rng.int(40);
        // Sparse windows (free moves) and dense ones (walls with an inland), in turn.
        const map = randomBitmap(rng, size, trial % 2 === 0 ? 0.5 * rng.next() ** 3 : 0.2 + 0.4 * rng.next());
        const x0 = 1 + rng.int(size - side - 1);
        const y0 = 1 + rng.int(size - side - 1);
        if (map.blocked(x0 + E, y0 + E)) continue;
        edgeRows(map.bits, map.rowWords, x0, y0, side, rows);
        const k = rng.int(moves.headings);
        bits.blocked(k, rows, out);
        for (let m = moves.first[k]!; m < moves.first[k + 1]!; m++) {
          let hit = false;
          for (let i = moves.cellFirst[m]!; i < moves.cellFirst[m + 1]! && !hit; i++) hit = map.blocked(x0 + E + moves.cellX[i]!, y0 + E + moves.cellY[i]!);
          const j = m - moves.first[k]!;
          expect(((out[j >> 5]! >>> (j & 31)) & 1) === 1, `${name}, trial ${trial}, move ${m}`).toBe(hit);
          if (hit) blockedSeen++;
          else freeSeen++;
        }
        for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) if (map.blocked(x0 + c, y0 + r) && ((rows[r]! >>> c) & 1) === 0) inlandSeen++;
      }
      // Both answers were exercised, and the windows had inland cells to leave out.
      expect(blockedSeen, name).toBeGreaterThan(100);
      expect(freeSeen, name).toBeGreaterThan(100);
      expect(inlandSeen, name).toBeGreaterThan(100);
    }
  });

  it('rests on the move cells being 8-connected and holding the start cell', () => {
    for (const { name, moves } of cases) {
      for (let m = 0; m < moves.size; m++) {
        const cells = new Set<string>();
        for (let i = moves.cellFirst[m]!; i < moves.cellFirst[m + 1]!; i++) cells.add(`${moves.cellX[i]},${moves.cellY[i]}`);
        expect(cells.has('0,0'), `${name}, move ${m}`).toBe(true);
        const seen = new Set(['0,0']);
        const todo = [[0, 0]];
        while (todo.length > 0) {
          const [x, y] = todo.pop()!;
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const key = `${x! + dx},${y! + dy}`;
              if (cells.has(key) && !seen.has(key)) {
                seen.add(key);
                todo.push([x! + dx, y! + dy]);
              }
            }
          }
        }
        expect(seen.size, `${name}, move ${m}`).toBe(cells.size);
      }
    }
  });
});
