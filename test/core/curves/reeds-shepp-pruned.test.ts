/**
 * reedsShepp skips candidates whose cost cannot beat the best found so far (a lower bound from
 * the pieces each formula knows before its angles), and mod2pi skips the division within a turn
 * of zero (issue 17: the solve is most of a reversing tank's joins, shots and shortcuts). Neither
 * may change an answer: a hash of every field of thousands of seeded solves, near and far, on
 * tile centres (where pieces fall at exactly zero and words tie) and anywhere, against the hash
 * the full enumeration gave at 6b17279.
 */
import { describe, expect, it } from 'vitest';
import { reedsShepp } from '../../../src/curves/reeds-shepp.js';
import type { Pose } from '../../../src/curves/segment.js';
import { makeRng } from '../../support/rng.js';

/** FNV-1a over the bytes of numbers and the characters of strings: any changed bit changes it. */
class Hash {
  private h = 0x811c9dc5;
  private readonly scratch = new Float64Array(1);
  private readonly bytes = new Uint8Array(this.scratch.buffer);
  number(x: number): this {
    this.scratch[0] = x;
    for (let i = 0; i < 8; i++) this.h = Math.imul(this.h ^ this.bytes[i]!, 0x01000193) >>> 0;
    return this;
  }
  text(s: string): this {
    for (let i = 0; i < s.length; i++) this.h = Math.imul(this.h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    return this;
  }
  get value(): string {
    return this.h.toString(16).padStart(8, '0');
  }
}

const SEED = 1717;
const CASES = 6000;
/** Headings of tile-to-tile moves (multiples of π/8), where candidates tie exactly. */
const LATTICE_HEADINGS = 16;

function solvesHash(): string {
  const rng = makeRng(SEED);
  const hash = new Hash();
  for (let i = 0; i < CASES; i++) {
    const lattice = rng.chance(0.5);
    const span = rng.pick([1, 3, 10, 40]);
    const heading = (): number => (lattice ? (rng.int(LATTICE_HEADINGS) * 2 * Math.PI) / LATTICE_HEADINGS - Math.PI : rng.next() * 24 - 12);
    const at = (s: number): number => (lattice ? rng.range(-s, s) + 0.5 : rng.next() * 2 * s - s);
    const from: Pose = { x: at(2), y: at(2), heading: heading() };
    const to: Pose = { x: at(span), y: at(span), heading: heading() };
    const radius = rng.pick([0.5, 1, 2, 3]);
    const reverseCost = rng.pick([1, 1.5, 2, 3, 50]);
    const c = reedsShepp(from, to, radius, { reverseCost });
    hash.text(c.word).number(c.length).number(c.cost);
    for (const s of c.steps) hash.number(s.steer).number(s.distance);
    for (const s of c.path.segments) {
      hash.text(s.kind).number(s.x).number(s.y).number(s.heading).number(s.length).number(s.reverse ? 1 : 0);
      if (s.kind === 'arc') hash.number(s.cx).number(s.cy).number(s.turn);
    }
    hash.number(c.path.end.x).number(c.path.end.y).number(c.path.end.heading);
  }
  return hash.value;
}

describe('pruned Reeds-Shepp solves', () => {
  it('give every curve bit for bit as the full enumeration did', () => {
    expect(solvesHash()).toBe('f289d05b');
  });
});
