import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { createCurvePlanner, createPlanner, plannerEntry, plannerNames } from '../../../src/planners.js';
import type { PathResult } from '../../../src/search/result.js';

/** Values a hostile caller passes where a coordinate goes: none is a finite number. */
const BAD: readonly [string, unknown][] = [
  ['a BigInt', 1n],
  ['a Symbol', Symbol('x')],
  ['a string', '1'],
  ['an empty string', ''],
  ['an object', { valueOf: () => 1 }],
  ['an object without a prototype', Object.create(null)],
  ['an array', [1]],
  ['null', null],
  ['undefined', undefined],
  ['a boolean', true],
  ['NaN', NaN],
  ['Infinity', Infinity],
];

const NAMES = ['sx', 'sy', 'gx', 'gy'];

/** Every registered polyline planner on each lattice it takes. */
function polylineCases(): [string, 'corner' | 'cell'][] {
  const cases: [string, 'corner' | 'cell'][] = [];
  for (const name of plannerNames('polyline')) {
    for (const lattice of plannerEntry(name)!.traits.lattices) cases.push([name, lattice]);
  }
  return cases;
}

describe('coordinates that are not finite numbers', () => {
  it('covers the planners the issue names', () => {
    const names = polylineCases().map(([n, l]) => `${n}/${l}`);
    for (const n of ['astar/corner', 'astar/cell', 'astar-ps/corner', 'theta/cell', 'lazy-theta/cell', 'jps/corner', 'anya/corner']) expect(names).toContain(n);
  });

  for (const [name, lattice] of polylineCases()) {
    it(`${name} on the ${lattice} lattice returns invalid, naming the argument, in findPath and createSearch`, () => {
      const planner = createPlanner(name, new Grid(10, 10), { lattice });
      for (const [label, value] of BAD) {
        for (let at = 0; at < 4; at++) {
          const args: unknown[] = [1, 1, 3, 3];
          args[at] = value;
          const [sx, sy, gx, gy] = args as number[];
          let once: PathResult | undefined;
          let sliced: PathResult | undefined;
          expect(() => (once = planner.findPath(sx!, sy!, gx!, gy!)), `${label} as ${NAMES[at]}`).not.toThrow();
          expect(() => (sliced = planner.createSearch(sx!, sy!, gx!, gy!).step(100)), `${label} as ${NAMES[at]}, sliced`).not.toThrow();
          for (const r of [once!, sliced!]) {
            expect(r.status, `${label} as ${NAMES[at]}`).toBe('invalid');
            expect(r.message).toContain(NAMES[at]);
            expect(r.points ?? []).toHaveLength(0);
          }
        }
      }
      // The planner is still usable afterwards.
      expect(planner.findPath(1, 1, 3, 3).status).toBe('found');
    });

    it(`${name} on the ${lattice} lattice takes -0 as 0`, () => {
      const planner = createPlanner(name, new Grid(10, 10), { lattice });
      const zero = planner.findPath(0, 0, 3, 3);
      for (let at = 0; at < 4; at++) {
        const args = [0, 0, 3, 3];
        args[at] = at < 2 ? -0 : args[at]!;
        const r = planner.findPath(args[0]!, args[1]!, args[2]!, args[3]!);
        expect(r.status).toBe(zero.status);
        expect(r.length).toBe(zero.length);
      }
    });
  }

  it('bad weights and caps are invalid, not thrown', () => {
    for (const name of plannerNames('polyline')) {
      const planner = createPlanner(name, new Grid(10, 10));
      for (const [, value] of BAD) {
        // An infinite cap, or none given (null and undefined fall back to the default), is no cap.
        if (value === Infinity || value === null || value === undefined) continue;
        const r = planner.findPath(1, 1, 3, 3, { maxExpansions: value as number });
        expect(r.status, `${name} maxExpansions ${typeof value}`).toBe('invalid');
        expect(planner.findPath(1, 1, 3, 3, { weight: value as number }).status).toBe('invalid');
        let step: PathResult | undefined;
        expect(() => (step = planner.createSearch(1, 1, 3, 3).step(value as number))).not.toThrow();
        expect(step!.status).toBe('invalid');
      }
    }
  });

  it('the curve planners refuse them too', () => {
    for (const name of plannerNames('curve')) {
      const planner = createCurvePlanner(name, new Grid(10, 10), { turningRadius: 1, width: 0.8 });
      for (const [label, value] of BAD) {
        for (const field of ['x', 'y', 'heading'] as const) {
          const r = planner.findPath({ x: 2, y: 2, heading: 0, [field]: value as number }, { x: 6, y: 6, heading: 0 });
          expect(r.status, `${name} start.${field} ${label}`).toBe('invalid');
        }
      }
    }
  });
});
