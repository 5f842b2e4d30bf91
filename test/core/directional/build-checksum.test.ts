/**
 * The move-set build gives the same tables bit for bit as before its garbage was cut (issue 17,
 * frame budget): a hash of every array of the MoveSet and of every template curve, for five
 * profiles, against hashes computed with the build at eef8e17.
 */
import { describe, expect, it } from 'vitest';
import { MoveSet, type HeadingCount, type Neighborhood } from '../../../src/directional/hit-check.js';
import { resolveProfile, type UnitProfile } from '../../../src/unit/profile.js';

/** FNV-1a over the bytes of typed arrays and numbers: any changed bit changes it. */
class Hash {
  private h = 0x811c9dc5;
  bytes(view: ArrayBufferView): this {
    const b = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < b.length; i++) this.h = Math.imul(this.h ^ b[i]!, 0x01000193) >>> 0;
    return this;
  }
  numbers(...xs: number[]): this {
    return this.bytes(Float64Array.from(xs));
  }
  get value(): string {
    return this.h.toString(16).padStart(8, '0');
  }
}

/** One hash per array of the set, and one over its curves. */
function hashes(set: MoveSet): Record<string, string> {
  const out: Record<string, string> = {};
  const arrays = { first: set.first, dx: set.dx, dy: set.dy, endHeading: set.endHeading, cost: set.cost, length: set.length, extent: set.extent, cellFirst: set.cellFirst, cellX: set.cellX, cellY: set.cellY };
  for (const [name, a] of Object.entries(arrays)) out[name] = new Hash().bytes(a).value;
  const curves = new Hash();
  for (let m = 0; m < set.size; m++) {
    for (const s of set.curve(m).segments) {
      curves.numbers(s.x, s.y, s.heading, s.length, s.reverse ? 1 : 0);
      if (s.kind === 'arc') curves.numbers(s.cx, s.cy, s.radius, s.turn);
    }
  }
  out['curves'] = curves.value;
  out['maxExtent'] = String(set.maxExtent);
  return out;
}

const PROFILES: [UnitProfile, HeadingCount, Neighborhood][] = [
  [{ turningRadius: 1, width: 0.8 }, 16, 24],
  [{ turningRadius: 2, width: 0.8, reverse: true }, 16, 24],
  [{ turningRadius: 3, width: 1.2 }, 16, 48],
  [{ turningRadius: 1, width: 0.6, length: 0.9, reverse: true, reverseCost: 2 }, 8, 8],
  [{ turningRadius: 0.5, width: 0.3 }, 8, 48],
];

/** The hashes of the build at eef8e17 (before the garbage cut), per profile in {@link PROFILES}' order. */
const EXPECTED: Record<string, string>[] = [
  {
    first: '42274fec',
    dx: 'fc3e97ef',
    dy: '11106b2b',
    endHeading: '8e90b11d',
    cost: 'fb9714ed',
    length: 'fb9714ed',
    extent: 'eba1766d',
    cellFirst: 'ac6fb4c7',
    cellX: 'c2a8e7e2',
    cellY: '500c5a86',
    curves: 'd990cd00',
    maxExtent: '4',
  },
  {
    first: 'f5efc306',
    dx: '289b8d35',
    dy: 'f78a1d51',
    endHeading: '3eaaf4ed',
    cost: 'b500ed75',
    length: 'e8792615',
    extent: '7977fe0d',
    cellFirst: '35d54ffa',
    cellX: 'a265391e',
    cellY: 'a99eef16',
    curves: 'ec0cd3fd',
    maxExtent: '4',
  },
  {
    first: '9f550b85',
    dx: 'de84a46d',
    dy: 'c0bc1c4d',
    endHeading: 'b06c2e95',
    cost: '194201fd',
    length: '194201fd',
    extent: 'b034cd9d',
    cellFirst: '3105ff90',
    cellX: '6559ad53',
    cellY: 'fa0d6537',
    curves: '76b29def',
    maxExtent: '4',
  },
  {
    first: 'f55ece1f',
    dx: '967705c5',
    dy: '9f4705c5',
    endHeading: '10e237c5',
    cost: '3fe1d9c5',
    length: 'bd17a0c5',
    extent: '2d669dc5',
    cellFirst: '88815009',
    cellX: '67c728b9',
    cellY: 'e141f7e9',
    curves: 'be6d7815',
    maxExtent: '2',
  },
  {
    first: '171bd800',
    dx: 'c98bf4ed',
    dy: 'd479bc45',
    endHeading: '96370885',
    cost: '80e7b6a5',
    length: '80e7b6a5',
    extent: '9da9092d',
    cellFirst: '7f31e2c8',
    cellX: 'ccfd8653',
    cellY: 'f954652b',
    curves: 'e8f6969d',
    maxExtent: '4',
  },
];

describe('move-set build, bit for bit', () => {
  it('every array and curve of five profiles hashes as the build at eef8e17 gave', () => {
    const got = PROFILES.map(([p, h, n]) => hashes(new MoveSet(resolveProfile(p), h, n)));
    expect(got).toEqual(EXPECTED);
  });
});
