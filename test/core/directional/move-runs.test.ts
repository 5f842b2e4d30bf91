/**
 * moveRunEnds: the runs of moves to one target cell that an expansion walks (issue 17: the cell
 * is indexed and tested against the corridor once a run). Checked move by move against the set
 * itself, for forward-only and reversing profiles, and on a hand-made set whose cells repeat
 * apart (a run must stop at a cell change, not merge equal cells across one).
 */
import { describe, expect, it } from 'vitest';
import { moveSetFor, type MoveSet } from '../../../src/directional/hit-check.js';
import { moveRunEnds } from '../../../src/directional/move-runs.js';
import { resolveProfile } from '../../../src/unit/profile.js';

/** The run end of move m found the slow way: walk on while the heading and the cell stay the same. */
function slowEnd(set: MoveSet, m: number, k: number): number {
  let e = m + 1;
  while (e < set.first[k + 1]! && set.dx[e] === set.dx[m] && set.dy[e] === set.dy[m]) e++;
  return e;
}

describe('moveRunEnds', () => {
  for (const reverse of [false, true]) {
    it(`ends every run where the heading or the target cell changes (Directional-24, r = 2, reverse ${reverse})`, () => {
      const set = moveSetFor(resolveProfile({ turningRadius: 2, width: 0.8, reverse }), 16, 24);
      const ends = moveRunEnds(set);
      let runs = 0;
      for (let k = 0; k < set.headings; k++) {
        for (let m = set.first[k]!; m < set.first[k + 1]!; m++) {
          expect(ends[m]).toBe(slowEnd(set, m, k));
          if (m === set.first[k] || ends[m - 1] !== ends[m]) runs++;
        }
      }
      // Grouped by cell: at most one run per heading and target cell (24 around the start's).
      expect(runs).toBeLessThanOrEqual(set.headings * 24);
    });
  }

  it('keeps apart two runs to the same cell with another between them', () => {
    const set = {
      headings: 2,
      first: Int32Array.from([0, 4, 6]),
      dx: Int8Array.from([1, 1, 0, 1, 1, 1]),
      dy: Int8Array.from([0, 0, 1, 0, 0, 0]),
    } as unknown as MoveSet;
    // Heading 0: cells (1,0) (1,0) (0,1) (1,0); heading 1: (1,0) (1,0), not joined to heading 0's last.
    expect([...moveRunEnds(set)]).toEqual([2, 2, 3, 4, 6, 6]);
  });
});
