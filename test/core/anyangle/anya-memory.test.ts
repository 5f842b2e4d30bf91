import { describe, expect, it } from 'vitest';
import { OpenList } from '../../../src/anyangle/anya/open-list.js';
import { RootHistory } from '../../../src/anyangle/anya/roots.js';
import { makeRng } from '../../support/rng.js';

describe('Anya open list', () => {
  it('pops by lowest f, then largest second key, through growth and interleaved pushes', () => {
    const rng = makeRng(11);
    const list = new OpenList();
    for (let round = 0; round < 5; round++) {
      list.clear();
      // A reference by linear search; keys from a few values, so ties are common.
      const open: { f: number; second: number }[] = [];
      const keys: { f: number; second: number }[] = [];
      for (let step = 0; step < 5000 || list.size > 0; step++) {
        if (list.size > 0 && (step >= 5000 || rng.chance(0.4))) {
          let best = 0;
          for (let i = 1; i < open.length; i++) {
            const a = open[i]!;
            const b = open[best]!;
            if (a.f < b.f || (a.f === b.f && a.second > b.second)) best = i;
          }
          const want = open.splice(best, 1)[0]!;
          const got = keys[list.pop()]!;
          expect(got, `round ${round}, step ${step}`).toEqual(want);
          continue;
        }
        const k = { f: rng.int(20) / 4, second: rng.int(6) };
        keys.push(k);
        open.push(k);
        list.push(keys.length - 1, k.f, k.second);
      }
      expect(open.length).toBe(0);
    }
  });
});

describe('Anya root history', () => {
  it('keeps the best g and parent per root like a map, through growth and across queries', () => {
    const rng = makeRng(12);
    const roots = new RootHistory();
    for (let query = 0; query < 6; query++) {
      roots.reset();
      const ref = new Map<number, { g: number; parent: number }>();
      // Up to 20000 roots force several doublings of the table; ids are spread like corner ids.
      const n = [10, 3000, 20000, 50, 20000, 7][query]!;
      for (let step = 0; step < 2 * n; step++) {
        const id = rng.int(n) * 513 + rng.int(3);
        const g = rng.int(50);
        const parent = rng.int(1000);
        const old = ref.get(id);
        const better = !old || g < old.g;
        roots.g = g;
        expect(roots.offer(id, parent), `query ${query}: offer ${id} at ${g}`).toBe(better);
        if (better) ref.set(id, { g, parent });
      }
      for (const [id, { g, parent }] of ref) {
        expect(roots.parent(id)).toBe(parent);
        expect(roots.current(id, Float64Array.of(g), 0)).toBe(true);
        expect(roots.current(id, Float64Array.of(0, g + 1e-6), 1)).toBe(false);
      }
    }
  });
});
