import { describe, expect, it } from 'vitest';
import { dubinsChoice, DUBINS_WORDS, solveDubinsWord } from '../../../src/curves/dubins.js';
import { latticeHeading } from '../../../src/directional/hit-check.js';
import { makeRng } from '../../support/rng.js';

/**
 * The word every word solved would give: the shortest, a tie (relative 1e-12) going to the word
 * whose first driven piece comes first, then to the earlier word. Word-by-word, from
 * `solveDubinsWord`, with nothing skipped.
 */
function enumerated(from: { x: number; y: number; heading: number }, to: { x: number; y: number; heading: number }, r: number): { word: string; parts: number[] } {
  const dx = (to.x - from.x) / r;
  const dy = (to.y - from.y) / r;
  const c = Math.cos(from.heading);
  const s = Math.sin(from.heading);
  const x = c * dx + s * dy;
  const y = -s * dx + c * dy;
  let best: { word: string; parts: number[] } | null = null;
  for (const word of DUBINS_WORDS) {
    const parts = solveDubinsWord(word, x, y, to.heading - from.heading);
    if (parts === null) continue;
    if (best === null) {
      best = { word, parts };
      continue;
    }
    const la = parts[0] + parts[1] + parts[2];
    const lb = best.parts[0]! + best.parts[1]! + best.parts[2]!;
    const first = (p: number[]): number => p.findIndex((v) => v > 0);
    const wins = Math.abs(la - lb) > 1e-12 * (1 + lb) ? la < lb : first(parts) >= 0 && first(parts) < first(best.parts);
    if (wins) best = { word, parts };
  }
  return best!;
}

describe('dubinsChoice', () => {
  it('picks the word and pieces all six words give, bit for bit, though it skips words that cannot win', () => {
    // Shots between lattice states and to goals of any heading, near (CCC words common) and far,
    // at three radii: the skipped CSC words (by their straight) and CCC words (a CSC at most a half
    // turn long) never held the answer.
    const rng = makeRng(2417);
    let ccc = 0;
    let halfTurnOrLess = 0;
    for (let i = 0; i < 40000; i++) {
      const r = [1, 2, 4][i % 3]!;
      const from = { x: rng.range(-8, 8) + 0.5, y: rng.range(-8, 8) + 0.5, heading: latticeHeading(rng.int(16), 16) };
      const pick = rng.int(3);
      // A goal tile, a goal anywhere near the origin, or one within two radii of the start.
      const to =
        pick === 0
          ? { x: 0.5, y: 0.5, heading: latticeHeading(rng.int(16), 16) }
          : pick === 1
            ? { x: rng.next() * 6 - 3, y: rng.next() * 6 - 3, heading: (rng.next() - 0.5) * 2 * Math.PI }
            : { x: from.x + (rng.next() * 4 - 2) * r, y: from.y + (rng.next() * 4 - 2) * r, heading: (rng.next() - 0.5) * 2 * Math.PI };
      const got = dubinsChoice(from, to, r);
      const want = enumerated(from, to, r);
      expect(got.word, JSON.stringify({ from, to, r })).toBe(want.word);
      for (let j = 0; j < 3; j++) expect(Object.is(got.parts[j], want.parts[j]), JSON.stringify({ from, to, r, got, want })).toBe(true);
      if (got.word === 'RLR' || got.word === 'LRL') ccc++;
      if (got.parts[0] + got.parts[1] + got.parts[2] <= Math.PI) halfTurnOrLess++;
    }
    expect(ccc).toBeGreaterThan(1000);
    expect(halfTurnOrLess).toBeGreaterThan(1000);
  });
});
