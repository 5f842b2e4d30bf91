import { describe, expect, it } from 'vitest';
import { IndexedHeap, TIE_WEIGHT } from '../../../src/search/heap.js';
import { makeRng } from '../../support/rng.js';

/** The reference order: lowest f first, larger g first at equal f. */
function before(a: { f: number; g: number }, b: { f: number; g: number }): boolean {
  return a.f < b.f || (a.f === b.f && a.g > b.g);
}

describe('IndexedHeap', () => {
  it('pops in (f, larger g) order through thousands of seeded pushes, decrease-keys and pops', () => {
    const rng = makeRng(11);
    for (let round = 0; round < 200; round++) {
      const heap = new IndexedHeap(8);
      const live = new Map<number, { f: number; g: number }>();
      let nextId = 0;
      for (let op = 0; op < 300; op++) {
        const r = rng.next();
        // Keys on a coarse grid so that equal f (and equal f with another g) happen often.
        const f = rng.int(40) / 4;
        const g = rng.int(8) / 2;
        if (r < 0.5 || live.size === 0) {
          const id = nextId++;
          heap.push(id, f, g);
          live.set(id, { f, g });
        } else if (r < 0.7) {
          const ids = [...live.keys()];
          const id = ids[rng.int(ids.length)]!;
          const old = live.get(id)!;
          const lower = { f: Math.max(0, old.f - rng.int(3) / 4), g: old.g + rng.int(3) };
          heap.decrease(id, lower.f, lower.g);
          live.set(id, lower);
        } else {
          const best = [...live.values()].reduce((a, b) => (before(b, a) ? b : a));
          const id = heap.pop();
          const got = live.get(id)!;
          expect(got.f).toBe(best.f);
          expect(got.g).toBe(best.g);
          live.delete(id);
        }
        expect(heap.size).toBe(live.size);
      }
    }
  });

  it('rekey gives every node a new f and pops in the new order, decrease-key still working after it', () => {
    const rng = makeRng(12);
    for (let round = 0; round < 100; round++) {
      const heap = new IndexedHeap(8);
      const live = new Map<number, { f: number; g: number }>();
      const n = rng.range(1, 200);
      for (let id = 0; id < n; id++) {
        const e = { f: rng.int(40) / 4, g: rng.int(8) / 2 };
        heap.push(id, e.f, e.g);
        live.set(id, e);
      }
      for (let i = rng.int(n); i > 0; i--) live.delete(heap.pop());
      // A new target: each node's f changes by its own amount, g stays.
      const shift = new Map([...live.keys()].map((id) => [id, rng.int(20) / 4]));
      for (const [id, e] of live) live.set(id, { f: e.g + shift.get(id)!, g: e.g });
      heap.rekey(
        (id) => live.get(id)!.f,
        (id) => live.get(id)!.g,
      );
      if (live.size > 0) {
        const id = [...live.keys()][rng.int(live.size)]!;
        const e = { f: live.get(id)!.f - 1, g: live.get(id)!.g };
        heap.decrease(id, e.f, e.g);
        live.set(id, e);
      }
      while (live.size > 0) {
        const best = [...live.values()].reduce((a, b) => (before(b, a) ? b : a));
        const got = live.get(heap.pop())!;
        expect(got).toEqual(best);
        live.delete([...live.entries()].find(([, v]) => v === got)![0]);
      }
      expect(heap.size).toBe(0);
    }
  });

  it('ties f values that differ only by rounding and breaks the tie by g', () => {
    // 0.1 + 0.2 and 0.3 are the same length added in another order; the larger g must come first
    // whichever of the two rounded lower.
    const heap = new IndexedHeap(4);
    heap.push(0, 0.1 + 0.2, 2);
    heap.push(1, 0.3, 1);
    expect(0.1 + 0.2).toBeGreaterThan(0.3);
    expect(heap.pop()).toBe(0);
    expect(heap.pop()).toBe(1);
  });

  it('never puts a really lower f behind a higher one at the largest f and g of an 8192x8192 map', () => {
    // Two lattice path lengths differ by at least about 1e-5 there; the tie term is far smaller.
    const g = 8192 * Math.SQRT2 * 2;
    expect(g * TIE_WEIGHT).toBeLessThan(1e-6);
    const heap = new IndexedHeap(4);
    heap.push(0, 20_000 + 1e-5, g);
    heap.push(1, 20_000, 0);
    expect(heap.pop()).toBe(1);
  });

  it('grows past its first slots and id range', () => {
    const heap = new IndexedHeap(2);
    const n = 10_000;
    for (let i = 0; i < n; i++) heap.push(n - 1 - i, n - 1 - i, 0);
    for (let i = 0; i < n; i++) expect(heap.pop()).toBe(i);
    expect(heap.size).toBe(0);
  });
});
