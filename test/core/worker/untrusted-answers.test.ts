/**
 * A plan worker's answers are checked before the navigator adopts them (issue 30, hostile point 5):
 * a port that answers every plan with a straight `found` route through a wall, with a status no
 * planner gives, or with a route that starts elsewhere, has the answer refused, planned again
 * in-thread, counted and reported. Before the checks the tank drove through the wall ("arrived",
 * its centre inside it) and a `'bogus'` status ended the move with `failure === 'bogus'`.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';
import { Navigator } from '../../../src/follow/navigator.js';
import type { Move } from '../../../src/follow/move.js';
import { segmentToJSON, lineSegment, type Pose } from '../../../src/curves/segment.js';
import { PlanWorkerClient, type PlanWorkerPort } from '../../../src/worker/client.js';
import { PROTOCOL_VERSION, type FromWorker, type ToWorker, type WireRoute } from '../../../src/worker/protocol.js';
import { overlappedCells } from '../../support/footprint-sampler.js';

type Unit = { pose: Pose };

/** What the hostile port answers a plan with, from the request's start and goal. */
type Answer = (start: Pose, goal: { x: number; y: number }) => WireRoute;

/** A straight line from the start to the goal, `found`: through whatever is between them. */
const straight: Answer = (start, goal) => {
  const heading = Math.atan2(goal.y - start.y, goal.x - start.x);
  const seg = lineSegment({ x: start.x, y: start.y, heading }, Math.hypot(goal.x - start.x, goal.y - start.y));
  return { status: 'found', path: { start: { x: start.x, y: start.y, heading }, segments: [segmentToJSON(seg)] }, waypoints: [], goal };
};

/** A port that answers every plan at once (on the next turn) with `answer`. */
function hostilePort(answer: Answer): { port: PlanWorkerPort; plans: () => number } {
  let listener: (message: FromWorker) => void = () => {};
  let plans = 0;
  return {
    plans: () => plans,
    port: {
      post: (message: ToWorker) => {
        if (message.type !== 'plan') return;
        plans++;
        const { id, request } = message;
        setImmediate(() => listener({ v: PROTOCOL_VERSION, type: 'route', id, route: answer(request.start, request.goal) }));
      },
      onMessage: (l) => void (listener = l),
      close: () => {},
    },
  };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A 40 x 20 map with a wall across x = 20..21 and a gap at the bottom (y >= 16). */
function walled(): Grid {
  return Grid.fromPredicate(40, 20, (x, y) => (x === 20 || x === 21) && y < 16);
}

/**
 * A tank ordered across the wall, planned through `answer`'s port: every frame its footprint is
 * off the walls; returns the move once it ended, what was reported, and the client.
 */
async function drive(answer: Answer): Promise<{ move: Move<Unit>; errors: Error[]; client: PlanWorkerClient; plans: number; inWall: string[] }> {
  const grid = walled();
  const errors: Error[] = [];
  const hostile = hostilePort(answer);
  const client = new PlanWorkerClient(hostile.port, { onError: (e) => void errors.push(e) });
  const nav = new Navigator<Unit>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker: client });
  const unit: Unit = { pose: { x: 6.5, y: 6.5, heading: 0 } };
  const r = 0.4;
  nav.addUnit(unit, { speed: 4, turningRadius: 1.5, width: 2 * r });
  const move = nav.moveTo(unit, { x: 34.5, y: 6.5 });
  const inWall: string[] = [];
  for (let frame = 0; frame < 3000 && !move.ended; frame++) {
    await turn();
    nav.update(1 / 60);
    const hit = overlappedCells(grid, unit.pose.x, unit.pose.y, r);
    if (hit.length > 0 && inWall.length < 3) inWall.push(`frame ${frame}: (${unit.pose.x.toFixed(2)}, ${unit.pose.y.toFixed(2)}) overlaps cell (${hit[0]!.join(', ')})`);
  }
  nav.destroy();
  client.destroy();
  return { move, errors, client, plans: hostile.plans(), inWall };
}

describe('answers of a plan worker are checked before they are adopted', () => {
  it('a found route through a wall is refused and planned in-thread: the tank goes round, never into the wall', async () => {
    const { move, errors, client, plans, inWall } = await drive(straight);
    expect(plans).toBeGreaterThan(0);
    expect(inWall).toEqual([]);
    expect(move.state).toBe('arrived');
    // Round the wall through the gap, not through it.
    expect(move.path!.segments.some((s) => s.y > 16)).toBe(true);
    expect(client.rejected).toBeGreaterThan(0);
    expect(errors.length).toBe(client.rejected);
    expect(errors[0]!.message).toMatch(/footprint .*enters a wall.*planned in-thread/);
  });

  it('a status no planner gives is refused: the move is planned in-thread, never failed with it', async () => {
    const { move, errors, client } = await drive((_start, goal) => ({ status: 'bogus' as WireRoute['status'], waypoints: [], goal }));
    expect(move.state).toBe('arrived');
    expect(move.failure).toBeUndefined();
    expect(client.rejected).toBeGreaterThan(0);
    expect(errors[0]!.message).toMatch(/unknown status "bogus"/);
  });

  it('a found route that starts elsewhere than the unit (past the wall) is refused', async () => {
    const { move, errors, client, inWall } = await drive((start, goal) => straight({ ...start, x: 25.5 }, goal));
    expect(inWall).toEqual([]);
    expect(move.state).toBe('arrived');
    expect(client.rejected).toBeGreaterThan(0);
    expect(errors[0]!.message).toMatch(/starting at \(25\.5, 6\.5\).*not at the unit's pose/);
  });

  it('a found route without a path, or with waypoints that are not numbers, is refused', async () => {
    for (const answer of [
      (_s: Pose, goal: { x: number; y: number }): WireRoute => ({ status: 'found', waypoints: [], goal }),
      (s: Pose, goal: { x: number; y: number }): WireRoute => ({ ...straight(s, goal), waypoints: [Number.NaN] }),
    ]) {
      const { move, client, inWall } = await drive(answer);
      expect(inWall).toEqual([]);
      expect(move.state).toBe('arrived');
      expect(client.rejected).toBeGreaterThan(0);
    }
  });

  it('a sound answer is taken as it is (nothing refused, nothing planned twice)', async () => {
    // A straight route where the way is clear: below the wall's end, through the gap.
    const grid = walled();
    const hostile = hostilePort((start, goal) => straight(start, goal));
    const errors: Error[] = [];
    const client = new PlanWorkerClient(hostile.port, { onError: (e) => void errors.push(e) });
    const nav = new Navigator<Unit>(grid, { read: (u) => u.pose, write: (u, p) => void Object.assign(u.pose, p) }, { planWorker: client });
    const unit: Unit = { pose: { x: 6.5, y: 18, heading: 0 } };
    nav.addUnit(unit, { speed: 4, turningRadius: 1.5, width: 0.8 });
    const move = nav.moveTo(unit, { x: 34.5, y: 18 });
    for (let frame = 0; frame < 3000 && !move.ended; frame++) {
      await turn();
      nav.update(1 / 60);
    }
    expect(move.state).toBe('arrived');
    expect(client.rejected).toBe(0);
    expect(errors).toEqual([]);
    // The worker's route exactly: one straight segment.
    expect(move.path!.segments.length).toBe(1);
    nav.destroy();
    client.destroy();
  });
});
