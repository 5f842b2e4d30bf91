import { describe, it, expect } from 'vitest';
import { dubins, dubinsLength, dubinsWord, DUBINS_WORDS, type DubinsWord } from '../../../src/curves/dubins.js';
import { makeRng } from '../../support/rng.js';
import { moved, poseError, randomPose, textbookDubins, yUp } from '../../support/poses.js';

/** Seeded sweeps run thousands of cases; on a busy shared machine they can take many seconds. */
const SWEEP_TIMEOUT_MS = 60_000;

const PI = Math.PI;
/** Closed-form paths agree with hand-worked values to rounding; the values have 12 decimals. */
const EXACT = 1e-9;
const SEED = 20240605;
const CASES = 3000;

describe('dubins: named cases (given y-up, counter-clockwise; lengths do not change under the mirror)', () => {
  const named: [string, ReturnType<typeof yUp>, ReturnType<typeof yUp>, number, number, DubinsWord | null][] = [
    ['LSL to (4,4,3.142)', yUp(0, 0, 0), yUp(4, 4, 3.142), 1, 7.614500337505, 'LSL'],
    ['LSL to (4,4,π)', yUp(0, 0, 0), yUp(4, 4, PI), 1, 7.613728608589, 'LSL'],
    ['LSR to (2,1,0)', yUp(0, 0, 0), yUp(2, 1, 0), 1, 2.287002217587, 'LSR'],
    // LRL and RLR tie here (the goal is symmetric about the start's axis).
    ['CCC to (1,0,π)', yUp(0, 0, 0), yUp(1, 0, PI), 1, 7.051978856171, null],
    ['CCC turning on the spot', yUp(0, 0, 0), yUp(0, 0, PI), 1, (7 * PI) / 3, null],
    ['LRL from (0,0,π/2) to (1,0,-π/2)', yUp(0, 0, PI / 2), yUp(1, 0, -PI / 2), 1, 6.032529644843, 'LRL'],
    ['two loops and a nudge, r = 2', yUp(0, 0, 0), yUp(0, -0.1, 0), 2, 4 * PI + 0.1, null],
  ];
  for (const [name, from, to, r, length, word] of named) {
    it(name, () => {
      const c = dubins(from, to, r);
      expect(c.length).toBeCloseTo(length, 9);
      if (word !== null) expect(c.word).toBe(word);
      expect(poseError(c.path.end, to)).toBeLessThan(EXACT);
    });
  }

  it('the CCC tie: both words give 7π/3 turning on the spot', () => {
    expect(dubinsWord(yUp(0, 0, 0), yUp(0, 0, PI), 1, 'RLR')!.length).toBeCloseTo((7 * PI) / 3, 9);
    expect(dubinsWord(yUp(0, 0, 0), yUp(0, 0, PI), 1, 'LRL')!.length).toBeCloseTo((7 * PI) / 3, 9);
  });

  it('the quarter turn common ports get wrong: (0,0,0) to (1,1,π/2), r = 1, is π/2, not 5π/2', () => {
    const c = dubins({ x: 0, y: 0, heading: 0 }, { x: 1, y: 1, heading: PI / 2 }, 1);
    expect(c.length).toBeCloseTo(PI / 2, 12);
    // The same move in y-up coordinates turns the other way.
    expect(dubins(yUp(0, 0, 0), yUp(1, 1, PI / 2), 1).length).toBeCloseTo(PI / 2, 12);
  });

  it('exact quarter turns between tile centres in every orientation: π·r/2 for r = 1, 2, 3', () => {
    for (const r of [1, 2, 3]) {
      for (let q = 0; q < 4; q++) {
        for (const turn of [1, -1]) {
          const h = (q * PI) / 2;
          const from = { x: 5.5, y: 7.5, heading: h };
          // r tiles ahead and r tiles to the turning side.
          const to = {
            x: from.x + r * Math.cos(h) - turn * r * Math.sin(h),
            y: from.y + r * Math.sin(h) + turn * r * Math.cos(h),
            heading: h + (turn * PI) / 2,
          };
          const c = dubins(from, to, r);
          expect(c.length).toBeCloseTo((PI * r) / 2, 12);
          expect(c.path.segments).toHaveLength(1);
          expect(c.path.segments[0]!.kind).toBe('arc');
          // Words with empty pieces tie; the lone turn is named by its own letter.
          expect(c.word).toBe(turn > 0 ? 'RSR' : 'LSL');
          expect(poseError(c.path.end, to)).toBeLessThan(EXACT);
        }
      }
    }
  });

  it('coincident poses give an empty path; a goal straight ahead gives one straight', () => {
    const p = { x: 3.5, y: -2.5, heading: (3 * PI) / 4 };
    expect(dubins(p, p, 1).length).toBe(0);
    expect(dubins(p, p, 1).path.segments).toHaveLength(0);
    expect(dubins(p, { ...p, heading: p.heading + 2 * PI }, 1).length).toBeLessThan(1e-12);
    const ahead = { x: p.x + 4 * Math.cos(p.heading), y: p.y + 4 * Math.sin(p.heading), heading: p.heading };
    const c = dubins(p, ahead, 2);
    expect(c.length).toBeCloseTo(4, 12);
    expect(c.path.segments.map((s) => s.kind)).toEqual(['line']);
  });

  it('L turns counter-clockwise on screen: the heading decreases along it', () => {
    const c = dubins({ x: 0, y: 0, heading: 0 }, { x: 1, y: -1, heading: -PI / 2 }, 1);
    expect(c.length).toBeCloseTo(PI / 2, 12);
    expect(c.path.segments).toHaveLength(1);
    const arc = c.path.segments[0]!;
    expect(arc.kind === 'arc' && arc.turn).toBe(-1);
    const piece = c.parts.findIndex((part) => part > 0);
    expect(c.word[piece]).toBe('L');
  });
});

describe('dubins: invariants over seeded random cases', { timeout: SWEEP_TIMEOUT_MS }, () => {
  it('reaches the goal, is no shorter than the straight line, and no word beats the chosen one', () => {
    const rng = makeRng(SEED);
    for (let i = 0; i < CASES; i++) {
      const tiles = i % 2 === 0;
      const from = randomPose(rng, tiles);
      const to = randomPose(rng, tiles);
      const r = tiles ? rng.range(1, 3) : 0.2 + rng.next() * 3;
      const c = dubins(from, to, r);
      const ctx = JSON.stringify({ i, from, to, r, word: c.word });
      expect(poseError(c.path.end, to), ctx).toBeLessThan(EXACT);
      expect(c.length, ctx).toBeGreaterThanOrEqual(Math.hypot(to.x - from.x, to.y - from.y) - EXACT);
      expect(Math.abs(c.path.length - c.length), ctx).toBeLessThan(EXACT);
      expect(Math.abs(dubinsLength(from, to, r) - c.length), ctx).toBeLessThan(EXACT);
      for (const word of DUBINS_WORDS) {
        const other = dubinsWord(from, to, r, word);
        if (other === null) continue;
        expect(other.length, `${ctx} ${word}`).toBeGreaterThanOrEqual(c.length - EXACT);
        expect(poseError(other.path.end, to), `${ctx} ${word}`).toBeLessThan(EXACT);
      }
    }
  });

  it('agrees with the textbook closed forms on generic poses (word names mirrored: their L raises the heading)', () => {
    const rng = makeRng(SEED + 1);
    const mirror: Record<string, DubinsWord> = { LSL: 'RSR', RSR: 'LSL', LSR: 'RSL', RSL: 'LSR', RLR: 'LRL', LRL: 'RLR' };
    for (let i = 0; i < CASES; i++) {
      const from = randomPose(rng, false);
      const to = randomPose(rng, false);
      const r = 0.2 + rng.next() * 3;
      const reference = textbookDubins(from, to, r);
      const ctx = JSON.stringify({ i, from, to, r });
      const best = Math.min(...Object.values(reference).filter((v) => !Number.isNaN(v)));
      expect(Math.abs(dubins(from, to, r).length - best), ctx).toBeLessThan(1e-7);
      for (const [word, length] of Object.entries(reference)) {
        const ours = dubinsWord(from, to, r, mirror[word]!);
        if (Number.isNaN(length)) continue;
        // CCC words: both middle circles are tried here, the textbook takes one.
        expect(ours, `${ctx} ${word}`).not.toBeNull();
        expect(ours!.length, `${ctx} ${word}`).toBeLessThan(length + 1e-7);
      }
    }
  });

  it('scales with the radius, and is invariant under rotation, translation and mirroring', () => {
    const rng = makeRng(SEED + 2);
    for (let i = 0; i < CASES; i++) {
      const tiles = i % 2 === 0;
      const from = randomPose(rng, tiles);
      const to = randomPose(rng, tiles);
      const r = tiles ? rng.range(1, 2) : 0.3 + rng.next() * 2;
      const base = dubins(from, to, r).length;
      const ctx = JSON.stringify({ i, from, to, r });
      const k = 0.25 + rng.next() * 4;
      const scale = (p: typeof from) => ({ x: p.x * k, y: p.y * k, heading: p.heading });
      expect(Math.abs(dubins(scale(from), scale(to), r * k).length - k * base), ctx).toBeLessThan(EXACT * k * (1 + base));
      const angle = tiles ? (rng.int(4) * PI) / 2 : rng.next() * 2 * PI;
      const dx = tiles ? rng.range(-20, 20) : rng.next() * 40 - 20;
      const dy = tiles ? rng.range(-20, 20) : rng.next() * 40 - 20;
      expect(Math.abs(dubins(moved(from, angle, dx, dy), moved(to, angle, dx, dy), r).length - base), ctx).toBeLessThan(EXACT * (1 + base));
      const mirrored = (p: typeof from) => ({ x: p.x, y: -p.y, heading: -p.heading });
      expect(Math.abs(dubins(mirrored(from), mirrored(to), r).length - base), ctx).toBeLessThan(EXACT * (1 + base));
    }
  });

  it('replanning from any sampled point of an optimal path gives the remaining length', () => {
    const rng = makeRng(SEED + 3);
    let samples = 0;
    for (let i = 0; i < CASES; i++) {
      const tiles = i % 2 === 0;
      const from = randomPose(rng, tiles);
      const to = randomPose(rng, tiles);
      const r = tiles ? rng.range(1, 2) : 0.3 + rng.next() * 2;
      const c = dubins(from, to, r);
      // Random points plus every piece boundary, where rounding is most likely to add a loop.
      const at = [0, c.parts[0], c.parts[0] + c.parts[1], c.length, rng.next() * c.length, rng.next() * c.length];
      for (const s of at) {
        const p = c.path.sample(s);
        const rest = dubins(p, to, r).length;
        expect(Math.abs(rest - (c.length - s)), JSON.stringify({ i, from, to, r, s, word: c.word })).toBeLessThan(EXACT);
        samples++;
      }
    }
    expect(samples).toBe(CASES * 6);
  });

  it('samples are continuous: position steps at most the step, heading steps at most step / r', () => {
    const rng = makeRng(SEED + 4);
    for (let i = 0; i < 500; i++) {
      const tiles = i % 2 === 0;
      const from = randomPose(rng, tiles);
      const to = randomPose(rng, tiles);
      const r = tiles ? rng.range(1, 3) : 0.3 + rng.next() * 2;
      const c = dubins(from, to, r);
      const step = 0.01 + rng.next() * 0.3;
      const poses = c.path.sampleEvery(step);
      expect(poseError(poses[0]!, from)).toBeLessThan(EXACT);
      expect(poseError(poses[poses.length - 1]!, to)).toBeLessThan(EXACT);
      let moveStep = 0;
      let turnStep = 0;
      for (let j = 1; j < poses.length; j++) {
        const a = poses[j - 1]!;
        const b = poses[j]!;
        moveStep = Math.max(moveStep, Math.hypot(b.x - a.x, b.y - a.y));
        turnStep = Math.max(turnStep, Math.abs(Math.atan2(Math.sin(b.heading - a.heading), Math.cos(b.heading - a.heading))));
      }
      expect(moveStep).toBeLessThanOrEqual(step + 1e-12);
      expect(turnStep).toBeLessThanOrEqual(step / r + 1e-12);
      expect(poses.length).toBe(Math.ceil(c.length / step) + 1);
    }
  });
});

describe('dubins: bad input', () => {
  const p = { x: 0, y: 0, heading: 0 };
  it('rejects a radius that is not > 0, naming it', () => {
    expect(() => dubins(p, p, -1)).toThrow(/turning radius .* got -1/);
    expect(() => dubins(p, p, 0)).toThrow(RangeError);
    expect(() => dubins(p, p, NaN)).toThrow(/got NaN/);
    expect(() => dubins(p, p, Infinity)).toThrow(/got Infinity/);
  });
  it('rejects non-finite coordinates, naming the field', () => {
    expect(() => dubins({ x: NaN, y: 0, heading: 0 }, p, 1)).toThrow(/from\.x .* got NaN/);
    expect(() => dubins(p, { x: 0, y: 0, heading: Infinity }, 1)).toThrow(/to\.heading .* got Infinity/);
    expect(() => dubinsLength(p, { x: 0, y: -Infinity, heading: 0 }, 1)).toThrow(RangeError);
  });
  it('rejects an unknown word', () => {
    expect(() => dubinsWord(p, p, 1, 'SSS' as DubinsWord)).toThrow(/unknown Dubins word "SSS"/);
  });
});
