/**
 * The spans the shortcut pass tries from a pose. Powers of two alone skipped the span that undid
 * a loop from the exact start's join on AR0304SR (query 5 of the shared steering set: poses 2, 4
 * and 8 ahead were walled off, 3 was free), so three quarters of each power are tried too.
 */
import { describe, expect, it, vi } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { PathShortcut, MAX_SPAN } from '../../../src/directional/shortcut.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import type { Pose } from '../../../src/curves/segment.js';

/**
 * The target x of every curve the pass tries, while `on`: each try first bounds the curve's cost
 * (`costBound`), and solves it only when the bound is below the stretch's.
 */
const tried = vi.hoisted(() => ({ on: false, to: [] as number[] }));

vi.mock('../../../src/directional/hit-check.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../../src/directional/hit-check.js')>();
  const costBound: typeof m.costBound = (profile, from, to) => {
    if (tried.on && from.x === 0.5) tried.to.push(to.x);
    return m.costBound(profile, from, to);
  };
  return { ...m, costBound };
});

describe('PathShortcut spans', () => {
  it('from a pose tries the longest span, then the powers of two and three quarters of each, down to 2', () => {
    // A straight chain of 40 one-tile pieces: no curve is cheaper than its stretch, so every span is tried.
    const grid = Grid.fromAscii(Array.from({ length: 3 }, () => '.'.repeat(44)));
    const profile = resolveProfile({ turningRadius: 1, width: 0.4 });
    const poses: Pose[] = Array.from({ length: 41 }, (_, i) => ({ x: 0.5 + i, y: 1.5, heading: 0 }));
    const pieces = poses.slice(1).map((to, i) => [{ kind: 'line' as const, x: poses[i]!.x, y: 1.5, heading: 0, length: 1, reverse: false }]);
    const pass = new PathShortcut(grid, profile);
    tried.on = true;
    try {
      pass.begin({ poses, pieces }, { freeEnd: false, maxWork: 100_000 });
      pass.step();
    } finally {
      tried.on = false;
    }
    // The curves tried from pose 0, as spans (pose i stands at x = 0.5 + i).
    expect(tried.to.map((x) => x - 0.5)).toEqual([MAX_SPAN, 24, 16, 12, 8, 6, 4, 3, 2]);
    expect(pass.replaced).toBe(0);
  });
});
