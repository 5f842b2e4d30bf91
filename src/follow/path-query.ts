/**
 * One-off path queries: the path a unit would take from A to B, or whether it can get there at
 * all, without moving anything. A query is planned as a move is (`planRoute`, the same planners
 * and checks, so the same statuses) on the navigator's plan queue, within the frame budget, and
 * answers with a promise that never rejects. Tile units.
 */
import type { Point } from '../grid/point.js';
import type { Pose } from '../curves/segment.js';
import type { SegmentPath } from '../curves/segment-path.js';
import type { MoveFailure } from './move.js';
import type { PlanQueue } from './plan-queue.js';
import { planRoute, type Route, type RouteContext, type RouteRequest } from './route.js';
import { WorkJob } from './work.js';

/**
 * How a path query ended: `found`, a move's failure status for the same order (`no-path`,
 * `goal-blocked`, `out-of-bounds`, `start-blocked`, `no-room-to-turn`, `budget`, `invalid` for a
 * bad query, `error` for a defect), or `cancelled` when the navigator (or the scene) went away
 * before the answer.
 */
export type PathQueryStatus = 'found' | Exclude<MoveFailure, 'stuck'> | 'cancelled';

/** The answer to a path query, in the units of whoever asked (tiles for the navigator). */
export interface PathQueryResult {
  readonly status: PathQueryStatus;
  /** Why there is no path, as a sentence (the reason a move would fail with); undefined when found. */
  readonly reason?: string;
  /**
   * The path's points: its start, each corner (or curve junction), its end; empty without a path.
   * A unit that turns on the spot drives straight between them.
   */
  readonly points: readonly Point[];
  /** Length of the path, 0 without one. */
  readonly length: number;
  /** Where the path ends: the target, or with `nearest` the nearest reachable point. Undefined without a path. */
  readonly goal?: Point;
  /** The whole path in tile units (arcs and lines, as a move would drive it); undefined without one. */
  readonly path?: SegmentPath;
}

/** The point or pose a query starts from: `{ x, y }` in tile units, with an optional heading (radians, default 0). */
export type QueryStart = Readonly<Point> & { readonly heading?: number };

/**
 * The pose a query starts from.
 * @throws RangeError when `from` is not a point with finite coordinates and, if any, a finite heading.
 */
export function queryStart(from: unknown): Pose {
  const p = from as Partial<Pose> | null | undefined;
  if (typeof p !== 'object' || p === null || !Number.isFinite(p.x) || !Number.isFinite(p.y) || (p.heading !== undefined && !Number.isFinite(p.heading))) {
    throw new RangeError(`a path query starts from a unit of the navigator or a point {x, y} with finite numbers, got ${describe(from)}`);
  }
  return { x: p.x!, y: p.y!, heading: p.heading ?? 0 };
}

function describe(v: unknown): string {
  if (typeof v !== 'object' || v === null) return String(v);
  const p = v as Record<string, unknown>;
  return `{ x: ${String(p['x'])}, y: ${String(p['y'])}${p['heading'] === undefined ? '' : `, heading: ${String(p['heading'])}`} }`;
}

/**
 * The pending path queries of one navigator: each a job on its plan queue, and a promise that
 * resolves once, with the route's answer or, from {@link cancelAll}, `cancelled`.
 */
export class PathQueries {
  private readonly pending = new Map<WorkJob<Route>, (result: PathQueryResult) => void>();
  /** Set by {@link cancelAll} with `close`: later queries answer `cancelled` with it at once (their queue is gone). */
  private closed: string | undefined;

  /**
   * @param phrase - a reason of the core (tiles) as the caller reads it.
   */
  constructor(
    private readonly routes: RouteContext,
    private readonly queue: PlanQueue,
    private readonly phrase: (reason: string) => string,
  ) {}

  /** Queries waiting for their answer. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Plans the request `build` returns, on the queue; a `build` that throws (bad input) answers
   * `invalid` with the error's message, at once.
   */
  ask(build: () => RouteRequest): Promise<PathQueryResult> {
    if (this.closed !== undefined) return Promise.resolve(this.failed('cancelled', this.closed));
    let request: RouteRequest;
    try {
      request = build();
    } catch (error) {
      return Promise.resolve(this.failed('invalid', messageOf(error)));
    }
    return new Promise<PathQueryResult>((resolve) => {
      const answer = (result: PathQueryResult): void => {
        if (this.pending.delete(job)) resolve(result);
      };
      const job: WorkJob<Route> = new WorkJob(
        (budget) => planRoute(this.routes, request, budget),
        (route) => answer(this.answer(route)),
        (error) => answer(this.failed('error', `internal error: ${messageOf(error)}`)),
      );
      this.pending.set(job, resolve);
      this.queue.add(job);
    });
  }

  /**
   * Answers every pending query `cancelled` with `reason`, and drops its planning; with `close`,
   * every later query too (the navigator is destroyed).
   */
  cancelAll(reason: string, close = false): void {
    if (close) this.closed ??= reason;
    const pending = [...this.pending];
    this.pending.clear();
    for (const [job, resolve] of pending) {
      job.cancel();
      resolve(this.failed('cancelled', reason));
    }
  }

  private answer(route: Route): PathQueryResult {
    const path = route.path;
    if (route.status !== 'found' || !path) return this.failed(route.status === 'found' ? 'no-path' : route.status, route.message ?? `no path (${route.status})`);
    const points: Point[] = [{ x: path.start.x, y: path.start.y }];
    for (const w of route.waypoints) {
      const p = path.sample(w);
      points.push({ x: p.x, y: p.y });
    }
    if (path.length > 0) points.push({ x: path.end.x, y: path.end.y });
    return { status: 'found', points, length: path.length, goal: { x: path.end.x, y: path.end.y }, path };
  }

  private failed(status: Exclude<PathQueryStatus, 'found'>, reason: string): PathQueryResult {
    return { status, reason: this.phrase(reason), points: [], length: 0 };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
