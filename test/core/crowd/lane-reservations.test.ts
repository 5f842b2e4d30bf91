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
    // (Within the claim's sampling of a quarter tile.)
    expect(wait!.stopAt).toBeGreaterThanOrEqual(ENTRY - WAIT);
    expect(wait!.stopAt).toBeLessThanOrEqual(ENTRY - WAIT + 0.25);
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
