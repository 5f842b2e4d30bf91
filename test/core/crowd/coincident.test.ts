import { describe, expect, it } from 'vitest';
import { Crowd } from '../../../src/crowd/crowd.js';
import { Grid } from '../../../src/grid/grid.js';
import { HalfPlanes, pushAgentPlane, solveVelocity } from '../../../src/crowd/orca.js';

/** The deepest overlap of any two agents of `crowd` (ids 0 to n - 1), tiles (<= 0: none touch). */
function deepest(crowd: Crowd, n: number): number {
  let worst = -Infinity;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      worst = Math.max(worst, crowd.radius(i) + crowd.radius(j) - Math.hypot(crowd.x(i) - crowd.x(j), crowd.y(i) - crowd.y(j)));
    }
  }
  return worst;
}

describe('agents spawned on one point', () => {
  it("an agent on its neighbour's point is pushed off along the pair's way apart, whatever it is", () => {
    // Before, the way apart was +x or -x only (the pair's order): a crowd on one point lined up on x.
    for (const [ax, ay] of [
      [0, 1],
      [-0.6, 0.8],
      [1, 0],
    ] as const) {
      const lines = new HalfPlanes();
      // Both at rest on one point, radii 0.4, sharing the avoidance, a step of 0.1 s.
      pushAgentPlane(lines, 0, 0, 0, 0, 0, 0, 0.8, 0.5, 1 / 2, 10, ax, ay);
      const v = new Float64Array(2);
      solveVelocity(lines, 0, 2, 0, 0, v, new HalfPlanes());
      // At top speed straight along (ax, ay): the plane asks for 4 tiles/s that way, more than it has.
      expect(v[0]).toBeCloseTo(2 * ax, 9);
      expect(v[1]).toBeCloseTo(2 * ay, 9);
    }
  });

  it('300 agents of radius 0.4 put on one point of an open map are apart within 10 s', () => {
    // Before, they lined up along x and, at a step of 0.05 s, pairs were still 0.39 deep after 10 s
    // (0.8, one on the other, after 7.5 s). They need about 4 s at 2 tiles/s to spread over the
    // disc of radius 8 that holds them.
    const n = 300;
    const crowd = new Crowd(new Grid(64, 64));
    for (let i = 0; i < n; i++) crowd.add({ radius: 0.4, maxSpeed: 2 }, 32.5, 32.5);
    for (let step = 0; step < 200; step++) crowd.step(0.05);
    // Within the benchmark's overlap target: 10% of a radius.
    expect(deepest(crowd, n)).toBeLessThanOrEqual(0.04);
  });

  it('the same spawn gives the same crowd twice (the way apart depends on the ids alone)', () => {
    const run = (): number[] => {
      const crowd = new Crowd(new Grid(20, 20));
      for (let i = 0; i < 8; i++) crowd.add({ radius: 0.4, maxSpeed: 2 }, 10.5, 10.5);
      for (let step = 0; step < 30; step++) crowd.step(1 / 60);
      return [...Array(8).keys()].flatMap((i) => [crowd.x(i), crowd.y(i)]);
    };
    expect(run()).toEqual(run());
  });
});
