/**
 * WindowHits: a whole expansion's hit checks as bit sets, out of a state and into one, against
 * each move's cells checked on the grid (outside the map counts as blocked); and the proof reading
 * them gives the verdicts it gives without them.
 */
import { describe, expect, it } from 'vitest';
import { moveSetFor, type MoveSet } from '../../../src/directional/hit-check.js';
import { MoveBits } from '../../../src/directional/move-bits.js';
import { PaddedGrid } from '../../../src/directional/padded-grid.js';
import { movesEndingAt, ReachabilityProof } from '../../../src/directional/reachability.js';
import { intoBitsWork, WindowHits } from '../../../src/directional/window-hits.js';
import { shotNearDistance } from '../../../src/directional/lattice-rules.js';
import { runBuild } from '../../../src/search/stepped-build.js';
import { Grid } from '../../../src/grid/grid.js';
import { discHitsBlocked } from '../../../src/curves/footprint.js';
import { resolveProfile } from '../../../src/unit/profile.js';
import { makeRng, randomGrid } from '../../support/rng.js';

const profiles = [
  { name: 'tank r = 2, reversing, D-24', profile: resolveProfile({ turningRadius: 2, width: 1.5, reverse: true }), neighborhood: 24 as const },
  { name: 'ship r = 4, D-48', profile: resolveProfile({ turningRadius: 4, width: 2.4 }), neighborhood: 48 as const },
  { name: 'r = 1, D-8', profile: resolveProfile({ turningRadius: 1, width: 0.6 }), neighborhood: 8 as const },
];

/** True when move m from cell (fx, fy) touches a blocked cell or leaves the map. */
function hits(grid: Grid, moves: MoveSet, m: number, fx: number, fy: number): boolean {
  for (let i = moves.cellFirst[m]!; i < moves.cellFirst[m + 1]!; i++) {
    const x = fx + moves.cellX[i]!;
    const y = fy + moves.cellY[i]!;
    if (x < 0 || y < 0 || x >= grid.width || y >= grid.height || grid.isBlocked(x, y)) return true;
  }
  return false;
}

function windowHitsOn(grid: Grid, moves: MoveSet): WindowHits {
  const padded = new PaddedGrid();
  padded.padFor(grid, moves);
  runBuild(padded.fillWork(grid));
  const hitsOf = new WindowHits(padded, () => true);
  hitsOf.use(new MoveBits(moves), runBuild(intoBitsWork(moves, movesEndingAt(moves)))!);
  return hitsOf;
}

describe('WindowHits', () => {
  it('gives the blocked moves out of and into a state, as each move\'s cells do', () => {
    const rng = makeRng(1717);
    for (const { name, profile, neighborhood } of profiles) {
      const moves = moveSetFor(profile, 16, neighborhood);
      const into = movesEndingAt(moves);
      let blockedSeen = 0;
      let freeSeen = 0;
      for (let map = 0; map < 6; map++) {
        // Sparse maps too: a ship's moves (up to 14 cells long) are rarely free on dense ones.
        const density = map % 2 === 0 ? 0.01 * rng.next() : 0.03 + 0.2 * rng.next();
        const grid = randomGrid(rng, { width: 30 + rng.int(20), height: 30 + rng.int(20), density, mode: 'uniform' });
        const windowHits = windowHitsOn(grid, moves);
        const out = new Int32Array(windowHits.words);
        for (let trial = 0; trial < 25; trial++) {
          const cx = rng.int(grid.width);
          const cy = rng.int(grid.height);
          const k = rng.int(16);
          // Blocked start cells too: the window is then read whole.
          expect(windowHits.blockedFrom(k, cx, cy, out)).toBe(true);
          for (let m = moves.first[k]!; m < moves.first[k + 1]!; m++) {
            const j = m - moves.first[k]!;
            const hit = hits(grid, moves, m, cx, cy);
            expect(((out[j >> 5]! >>> (j & 31)) & 1) === 1, `${name}, out of (${cx}, ${cy}, ${k}), move ${m}`).toBe(hit);
          }
          expect(windowHits.blockedInto(k, cx, cy, out)).toBe(true);
          for (let i = into.first[k]!; i < into.first[k + 1]!; i++) {
            const m = into.moves[i]!;
            const j = i - into.first[k]!;
            const hit = hits(grid, moves, m, cx - moves.dx[m]!, cy - moves.dy[m]!);
            expect(((out[j >> 5]! >>> (j & 31)) & 1) === 1, `${name}, into (${cx}, ${cy}, ${k}), move ${m}`).toBe(hit);
            if (hit) blockedSeen++;
            else freeSeen++;
          }
        }
      }
      expect(blockedSeen, name).toBeGreaterThan(1000);
      expect(freeSeen, name).toBeGreaterThan(1000);
    }
  });

  it('answers nothing while its padded grid is stale, or before it has bit sets', () => {
    const moves = moveSetFor(profiles[2]!.profile, 16, 8);
    const grid = new Grid(12, 12);
    const padded = new PaddedGrid();
    padded.padFor(grid, moves);
    let fresh = false;
    const windowHits = new WindowHits(padded, () => fresh);
    const out = new Int32Array(64);
    expect(windowHits.blockedFrom(0, 5, 5, out)).toBe(false);
    windowHits.use(new MoveBits(moves), runBuild(intoBitsWork(moves, movesEndingAt(moves)))!);
    expect(windowHits.blockedInto(0, 5, 5, out)).toBe(false);
    fresh = true;
    expect(windowHits.blockedInto(0, 5, 5, out)).toBe(true);
  });

  it('leaves the proof\'s verdicts and work as they are without it, on random maps', () => {
    const rng = makeRng(1718);
    let unreachable = 0;
    let reachable = 0;
    for (const { profile, neighborhood } of profiles.slice(0, 2)) {
      const moves = moveSetFor(profile, 16, neighborhood);
      const shotNear = shotNearDistance(profile.turningRadius, moves.rings);
      for (let map = 0; map < 24; map++) {
        const grid = randomGrid(rng, { width: 30, height: 30, density: 0.05 + 0.3 * rng.next() });
        const plain = new ReachabilityProof(grid, profile, moves, { shotNear });
        const withHits = new ReachabilityProof(grid, profile, moves, { shotNear, hits: windowHitsOn(grid, moves) });
        for (let q = 0; q < 6; q++) {
          const start = { x: 1 + rng.next() * 28, y: 1 + rng.next() * 28, heading: rng.next() * 6.28 - 3.14 };
          const goal = { x: 1 + rng.next() * 28, y: 1 + rng.next() * 28, heading: null };
          if (discHitsBlocked(grid, start.x, start.y, profile.sweepRadius) || discHitsBlocked(grid, goal.x, goal.y, profile.sweepRadius)) continue;
          let a = plain.begin(start, goal);
          while (a === 'pending') a = plain.step(100_000);
          let b = withHits.begin(start, goal);
          while (b === 'pending') b = withHits.step(100_000);
          expect(b).toBe(a);
          expect(withHits.work).toBe(plain.work);
          if (a === 'unreachable') unreachable++;
          else reachable++;
        }
      }
    }
    expect(unreachable).toBeGreaterThan(3);
    expect(reachable).toBeGreaterThan(3);
  });
});
