import { describe, expect, it } from 'vitest';
import { LaneReservations, type LaneTraveller } from '../../../src/crowd/lane-reservations.js';
import { OneLaneMap } from '../../../src/crowd/one-lane.js';
import type { SegmentPath } from '../../../src/curves/segment-path.js';
import { polylinePath } from '../../../src/follow/polyline.js';
import { Grid } from '../../../src/grid/grid.js';

/** A river across rows 8..15 of a 24 x 24 map, a deck 3 tiles wide at x 10..12: one-lane for tanks. */
function bridgeGrid(): Grid {
  return Grid.fromPredicate(24, 24, (x, y) => y >= 8 && y < 16 && (x < 10 || x >= 13));
}

const TANK_RADIUS = 0.72;
const INFANTRY_RADIUS = 0.35;
const WAIT = 1;

/** Straight down the deck's middle: southward from y = 1 to y = 23, or northward. */
const SOUTH: SegmentPath = polylinePath([{ x: 11.5, y: 1 }, { x: 11.5, y: 23 }]).path;
const NORTH: SegmentPath = polylinePath([{ x: 11.5, y: 23 }, { x: 11.5, y: 1 }]).path;
/** Across the map west to east on the north bank: never on the deck. */
const BANK: SegmentPath = polylinePath([{ x: 1, y: 4 }, { x: 22, y: 4 }]).path;

/** A traveller `distance` tiles along `path`, stopping at once. */
function at(id: number, path: SegmentPath, distance: number, vehicle = true): LaneTraveller {
  const p = path.sample(distance);
  return { id, vehicle, radius: vehicle ? TANK_RADIUS : INFANTRY_RADIUS, x: p.x, y: p.y, path, distance, braking: 0, waitGap: WAIT };
}

function lanes(): LaneReservations {
  return new LaneReservations(new OneLaneMap(bridgeGrid(), 2 * TANK_RADIUS + 0.5));
}

/** Where a tank on SOUTH (or NORTH) first touches the deck's cells with its disc plus side room: the deck is 7 tiles on. */
const ENTRY = 7 - (TANK_RADIUS + 0.25);
/** Near enough to claim: the notice is the wait gap, a tile and the radius beyond where it stands (braking 0). */
const NEAR = 4;
/** Too far to claim yet. */
const FAR = 1;

describe('LaneReservations', () => {
  it('lets one of two vehicles head on into the run and holds the other short of it until the first is through', () => {
    const r = lanes();
    let waits = r.update([at(1, SOUTH, NEAR), at(2, NORTH, FAR)]);
    expect(r.holds(1)).toBe(true);
    expect(waits.size).toBe(0);
    // B claims when near, and must wait, its wait gap short of where its disc would touch the deck.
    waits = r.update([at(1, SOUTH, NEAR + 0.5), at(2, NORTH, NEAR)]);
    const wait = waits.get(2);
    expect(wait?.waitsFor).toBe(1);
    // Its wait gap short of the deck it would stand in A's way out, straight on past the deck: it
    // stops where it stands (where it claimed, within the claim's sampling of a quarter tile).
    expect(wait!.stopAt).toBeLessThanOrEqual(NEAR);
    expect(wait!.stopAt).toBeGreaterThanOrEqual(NEAR - 0.25);
    // A crosses; B keeps waiting until A's disc is off the deck (its far edge is 15 tiles on).
    for (let d = 5; d <= 15; d++) expect(r.update([at(1, SOUTH, d), at(2, NORTH, NEAR)]).has(2)).toBe(true);
    waits = r.update([at(1, SOUTH, 15 + TANK_RADIUS + 0.5), at(2, NORTH, NEAR)]);
    expect(waits.has(2)).toBe(false);
    expect(r.holds(2)).toBe(true);
    expect(r.holds(1)).toBe(false);
  });

  it('lets vehicles going the same way share the run', () => {
    const r = lanes();
    const waits = r.update([at(1, SOUTH, 5), at(2, SOUTH, NEAR)]);
    expect(waits.size).toBe(0);
    expect(r.holds(1) && r.holds(2)).toBe(true);
  });

  it('lets units that turn on the spot pass each other, holds a vehicle while one is on the run, and holds one only for a vehicle coming the other way', () => {
    const r = lanes();
    expect(r.update([at(1, SOUTH, 6, false), at(2, NORTH, 6, false)]).size).toBe(0);
    // A vehicle waits for the infantry on the run, whichever way they go.
    expect(r.update([at(1, SOUTH, 9, false), at(2, NORTH, 9, false), at(3, SOUTH, NEAR)]).get(3)?.waitsFor).toBeDefined();
    // Infantry behind a vehicle going its way go on; infantry facing one wait.
    const s = lanes();
    s.update([at(1, SOUTH, 5)]);
    const waits = s.update([at(1, SOUTH, 6), at(2, SOUTH, NEAR + 0.5, false), at(3, NORTH, NEAR + 0.5, false)]);
    expect(waits.has(2)).toBe(false);
    expect(waits.get(3)?.waitsFor).toBe(1);
  });

  it('serves who waited first: a newcomer the open way waits behind a vehicle waiting for the other way', () => {
    const r = lanes();
    r.update([at(1, SOUTH, 5)]);
    expect(r.update([at(1, SOUTH, 6), at(2, NORTH, NEAR)]).get(2)?.waitsFor).toBe(1);
    // C comes south after B began to wait: it waits for B, though the run is open its way.
    expect(r.update([at(1, SOUTH, 7), at(2, NORTH, NEAR), at(3, SOUTH, NEAR)]).get(3)?.waitsFor).toBe(2);
    // A leaves the deck: B goes, C still waits (now for B on the run).
    const waits = r.update([at(1, SOUTH, 18), at(2, NORTH, NEAR), at(3, SOUTH, NEAR)]);
    expect(waits.has(2)).toBe(false);
    expect(waits.get(3)?.waitsFor).toBe(2);
  });

  it('lets in a unit that can no longer stop short of the run', () => {
    const r = lanes();
    r.update([at(1, SOUTH, 5)]);
    r.update([at(1, SOUTH, 6), at(2, NORTH, NEAR)]);
    expect(r.update([at(1, SOUTH, 6), at(2, NORTH, ENTRY + 0.25)]).has(2)).toBe(false);
    expect(r.holds(2)).toBe(true);
  });

  it('keeps what a unit between two paths holds, and frees what a unit gone holds', () => {
    const r = lanes();
    r.update([at(1, SOUTH, 6)]);
    expect(r.update([at(2, NORTH, NEAR)], new Set([1])).get(2)?.waitsFor).toBe(1);
    expect(r.update([at(2, NORTH, NEAR)]).has(2)).toBe(false);
    expect(r.holds(2)).toBe(true);
  });

  it('claims nothing for a path that never comes near a one-lane cell', () => {
    const r = lanes();
    expect(r.update([at(1, BANK, 0), at(2, SOUTH, 6)]).size).toBe(0);
    expect(r.holds(1)).toBe(false);
  });

  it('sends vehicles in batches: all those waiting to go one way when it opens go before the other way, a later one waits its turn', () => {
    const r = lanes();
    // Infantry hold the run; vehicles queue: 1 south, then 2 north, then 3 south.
    const soldiers = [at(10, SOUTH, 9, false)];
    r.update([...soldiers, at(1, SOUTH, NEAR)]);
    r.update([...soldiers, at(1, SOUTH, NEAR), at(2, NORTH, NEAR)]);
    expect(r.update([...soldiers, at(1, SOUTH, NEAR), at(2, NORTH, NEAR), at(3, SOUTH, NEAR + 0.5)]).size).toBe(3);
    // The soldiers leave: 1 opens the southward batch, and 3, already waiting, goes with it though 2 waited longer.
    let waits = r.update([at(1, SOUTH, NEAR), at(2, NORTH, NEAR), at(3, SOUTH, NEAR + 0.5)]);
    expect(r.holds(1) && r.holds(3)).toBe(true);
    expect(waits.get(2)?.waitsFor).toBeDefined();
    // 4 comes south after the batch opened: it waits for 2, whose turn is next.
    waits = r.update([at(1, SOUTH, 6), at(2, NORTH, NEAR), at(3, SOUTH, 5), at(4, SOUTH, NEAR + 0.25)]);
    expect(waits.get(4)?.waitsFor).toBe(2);
    // The batch is through: 2 goes, 4 still waits (now for 2 on the run).
    waits = r.update([at(1, SOUTH, 18), at(3, SOUTH, 18), at(2, NORTH, NEAR), at(4, SOUTH, NEAR + 0.25)]);
    expect(waits.has(2)).toBe(false);
    expect(waits.get(4)?.waitsFor).toBe(2);
  });

  it('keeps the turn of a vehicle let in that plans a new path the same way through the run', () => {
    const r = lanes();
    r.update([at(1, SOUTH, NEAR)]);
    expect(r.update([at(1, SOUTH, NEAR), at(2, NORTH, NEAR)]).get(2)?.waitsFor).toBe(1);
    // A new path for 1 (a replan where it stands): the same way over the deck.
    const again: SegmentPath = polylinePath([{ x: 11.5, y: 1 }, { x: 11.5, y: 22 }]).path;
    const waits = r.update([at(1, again, NEAR), at(2, NORTH, NEAR)]);
    expect(waits.has(1)).toBe(false);
    expect(r.holds(1)).toBe(true);
    expect(waits.get(2)?.waitsFor).toBe(1);
  });

  it('holds a waiting vehicle short of the way out of a vehicle coming the other way, and only then', () => {
    // 1 comes south over the deck and turns west onto the bank at y 17-21; 2 comes from there (the same road, the other way).
    const outWest: SegmentPath = polylinePath([{ x: 11.5, y: 1 }, { x: 11.5, y: 17 }, { x: 2, y: 22 }]).path;
    const inFromWest: SegmentPath = polylinePath([{ x: 2, y: 22 }, { x: 11.5, y: 17 }, { x: 11.5, y: 1 }]).path;
    const outEast: SegmentPath = polylinePath([{ x: 11.5, y: 1 }, { x: 11.5, y: 17 }, { x: 21, y: 22 }]).path;
    const gap = 3;
    // Braking from speed: it claims early, while still clear of 1's way out.
    const waiter = (path: SegmentPath, d: number): LaneTraveller => ({ ...at(2, path, d), waitGap: gap, braking: 4 });
    const holder = (path: SegmentPath): LaneTraveller => ({ ...at(1, path, 6), waitGap: gap });
    // Where 2's disc first touches the deck, by sampling: its wait gap short of there is where it waits without others.
    const entry = firstDistance(inFromWest, (p) => p.y - (TANK_RADIUS + 0.25) < 16);
    const apart = lanes();
    apart.update([holder(outEast)]);
    const alone = apart.update([holder(outEast), waiter(inFromWest, 3)]).get(2);
    expect(alone!.stopAt).toBeCloseTo(entry - gap, 0);
    const r = lanes();
    r.update([holder(outWest)]);
    const wait = r.update([holder(outWest), waiter(inFromWest, 3)]).get(2);
    expect(wait?.waitsFor).toBe(1);
    // Its stop is short of where it would wait alone, and its disc there is off 1's way out (a wait gap of 1's path past the deck).
    expect(wait!.stopAt).toBeLessThan(entry - gap - 1);
    const exit = firstDistance(outWest, (p) => p.y - (TANK_RADIUS + 0.25) >= 16);
    const stop = inFromWest.sample(Math.max(0, wait!.stopAt));
    for (let d = exit - 0.5; d <= exit + gap; d += 0.05) {
      const q = outWest.sample(d);
      expect(Math.hypot(q.x - stop.x, q.y - stop.y)).toBeGreaterThanOrEqual(2 * TANK_RADIUS);
    }
  });

  it('promotes a waiting vehicle only when nothing holds the run the other way', () => {
    const r = lanes();
    r.update([at(1, NORTH, 5)]);
    r.update([at(1, NORTH, 6), at(2, SOUTH, NEAR)]);
    expect(r.promote(2)).toBe(false);
    const s = lanes();
    s.update([at(1, NORTH, 5)]);
    s.update([at(1, NORTH, 6), at(2, SOUTH, NEAR)]);
    s.update([at(1, NORTH, 6), at(2, SOUTH, NEAR), at(3, NORTH, NEAR)]);
    // 3 waits behind 2 in the queue, but goes the way the run is held: it may go at once.
    expect(s.holds(3)).toBe(false);
    expect(s.promote(3)).toBe(true);
    expect(s.holds(3)).toBe(true);
  });
});

/** The first distance along `path` (in steps of 0.01 tile) where `test` holds. */
function firstDistance(path: SegmentPath, test: (p: { x: number; y: number }) => boolean): number {
  for (let d = 0; d <= path.length; d += 0.01) if (test(path.sample(d))) return d;
  return Infinity;
}
