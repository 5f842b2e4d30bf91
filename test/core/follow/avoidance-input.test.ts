import { describe, expect, it } from 'vitest';
import { Navigator, type NavigatorOptions } from '../../../src/follow/navigator.js';
import { Grid } from '../../../src/grid/grid.js';
import type { Pose } from '../../../src/curves/segment.js';

interface Unit {
  pose: Pose;
}

const DT = 1 / 60;

function navigator(options: NavigatorOptions = { avoidance: true }): Navigator<Unit> {
  return new Navigator<Unit>(new Grid(20, 20), { read: (u) => ({ ...u.pose }), write: (u, p) => Object.assign(u.pose, p) }, { budget: { expansions: 1e9, milliseconds: 1e9 }, ...options });
}

const at = (x: number, y: number): Unit => ({ pose: { x, y, heading: 0 } });

describe('avoidance and group orders against bad input', () => {
  it('refuses a bad avoidance option or step by name', () => {
    expect(() => navigator({ avoidance: 'yes' as unknown as boolean })).toThrow(/avoidance must be a boolean or an options object, got string/);
    expect(() => navigator({ avoidance: { step: 0 } })).toThrow(/avoidance.step must be a number of seconds > 0 and <= 0.1, got 0/);
    expect(() => navigator({ avoidance: { step: 1 } })).toThrow(RangeError);
  });

  it('refuses bad avoid and priority fields at addUnit, naming them', () => {
    const nav = navigator();
    expect(() => nav.addUnit(at(5, 5), { speed: 2, width: 0.6, avoid: 'no' as unknown as boolean })).toThrow(/avoid must be a boolean, got no/);
    expect(() => nav.addUnit(at(5, 5), { speed: 2, width: 0.6, priority: NaN })).toThrow(/priority must be a finite number, got NaN/);
  });

  it('a group order of nothing is no moves; of something that is not an array, a TypeError', () => {
    const nav = navigator();
    expect(nav.moveGroup([], { x: 5, y: 5 })).toEqual([]);
    expect(() => nav.moveGroup(null as unknown as Unit[], { x: 5, y: 5 })).toThrow(/units must be an array of units, got null/);
  });

  it('a group order to a bad goal fails every move with invalid at the next update, and the frame goes on', () => {
    const nav = navigator();
    const units = [at(3, 3), at(4, 3), at(5, 3)];
    for (const u of units) nav.addUnit(u, { speed: 2, width: 0.6 });
    const moves = nav.moveGroup(units, { x: NaN, y: 4 });
    nav.update(DT);
    expect(moves.map((m) => m.failure)).toEqual(['invalid', 'invalid', 'invalid']);
  });

  it('a unit removed by another unit\'s arrive listener mid-frame leaves no trace, and the others go on', () => {
    const nav = navigator();
    const a = at(3, 3);
    const b = at(3, 6);
    const c = at(3, 9);
    for (const u of [a, b, c]) nav.addUnit(u, { speed: 3, width: 0.6 });
    const ma = nav.moveTo(a, { x: 4, y: 3 });
    const mb = nav.moveTo(b, { x: 16, y: 6 });
    const mc = nav.moveTo(c, { x: 16, y: 9 });
    ma.on('arrive', () => nav.removeUnit(b));
    for (let i = 0; i < 60 * 20 && !mc.ended; i++) nav.update(DT);
    expect(ma.state).toBe('arrived');
    expect(mb.state).toBe('cancelled');
    expect(mc.state).toBe('arrived');
    expect(nav.has(b)).toBe(false);
    expect(nav.debugInfo({ expanded: false }).units.map((u) => u.unit)).toEqual([a, c]);
  });

  it('an idle unit the game moves itself is taken where the game put it, not pulled back', () => {
    const nav = navigator();
    const u = at(5, 5);
    nav.addUnit(u, { speed: 2, width: 0.6 });
    for (let i = 0; i < 10; i++) nav.update(DT);
    u.pose.x = 12;
    u.pose.y = 14;
    for (let i = 0; i < 60; i++) nav.update(DT);
    expect(u.pose.x).toBeCloseTo(12, 9);
    expect(u.pose.y).toBeCloseTo(14, 9);
  });

  it('a frame of seconds (a tab switch) runs a bounded number of steps: units do not jump', () => {
    const nav = navigator();
    const u = at(2, 10);
    nav.addUnit(u, { speed: 3, width: 0.6 });
    nav.moveTo(u, { x: 18, y: 10 });
    nav.update(DT);
    const x0 = u.pose.x;
    nav.update(30);
    // At most 8 steps of 1/60 s at 3 tiles a second.
    expect(u.pose.x - x0).toBeLessThanOrEqual((8 / 60) * 3 + 1e-9);
    for (const dt of [NaN, -1, Infinity]) expect(() => nav.update(dt)).not.toThrow();
  });
});
