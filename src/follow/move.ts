/**
 * One order to move a unit: an event emitter for what happens on the way, and a promise of how it
 * ended.
 */
import { EventEmitter } from 'eventemitter3';
import type { Point } from '../grid/point.js';
import type { SteerStatus } from '../steering/directional-astar.js';
import type { SegmentPath } from '../steering/segment-path.js';

/** How a move ended. */
export type MoveStatus = 'arrived' | 'failed' | 'cancelled';

/** Why a move failed: a planner status. */
export type MoveFailure = Exclude<SteerStatus, 'found'>;

/** Where a move is: waiting for its path, driving it, or ended. */
export type MoveState = 'planning' | 'moving' | MoveStatus;

/**
 * The events of a {@link Move}; every listener gets the unit and the move.
 * - `start`: the path is planned and the unit sets off (once).
 * - `waypoint`: the unit passed the corner or curve junction number `index` (in order, once each).
 * - `blocked`: a tile change blocked the rest of the path; a replan follows.
 * - `replan`: a new path replaced the rest of the old one (after `blocked`, or a tile change on it).
 * - `arrive`: the unit stands on the goal (final).
 * - `fail`: no path; `move.reason` says why and the unit stays where it stopped (final).
 * - `cancel`: `cancel()`, a newer order for the unit, or the unit was removed (final).
 */
export interface MoveEvents<T> {
  start: (unit: T, move: Move<T>) => void;
  waypoint: (unit: T, move: Move<T>, index: number) => void;
  blocked: (unit: T, move: Move<T>) => void;
  replan: (unit: T, move: Move<T>) => void;
  arrive: (unit: T, move: Move<T>) => void;
  fail: (unit: T, move: Move<T>) => void;
  cancel: (unit: T, move: Move<T>) => void;
}

/**
 * A move order for `unit`. Listen with `on`/`once`, or await `done`.
 *
 * @example
 * ```ts
 * const move = this.pathfinding.moveTo(hero, 400, 300);
 * move.on('waypoint', (sprite, m, i) => console.log('corner', i));
 * const status = await move.done; // 'arrived' | 'failed' | 'cancelled'
 * ```
 */
export class Move<T> extends EventEmitter<MoveEvents<T>> {
  /** Where the move is now. */
  state: MoveState = 'planning';
  /** Why the move failed or was cancelled, as a sentence. */
  reason: string | undefined;
  /** The planner's status for a failure (`no-path`, `goal-blocked`, `out-of-bounds`, `no-room-to-turn`, ...). */
  failure: MoveFailure | undefined;
  /** The path being driven, in tile units (set from `start` on). */
  path: SegmentPath | undefined;
  /** Resolves with the final status once the move ends; never rejects. */
  readonly done: Promise<MoveStatus>;
  private resolve!: (status: MoveStatus) => void;

  /**
   * @param unit - what moves.
   * @param target - where it was asked to go, in the caller's units.
   * @param onCancel - called once by {@link cancel} before the move ends.
   */
  constructor(
    readonly unit: T,
    readonly target: Readonly<Point>,
    private readonly onCancel: (move: Move<T>) => void = () => {},
  ) {
    super();
    this.done = new Promise((resolve) => (this.resolve = resolve));
  }

  /** True once the move has arrived, failed or been cancelled. */
  get ended(): boolean {
    return this.state === 'arrived' || this.state === 'failed' || this.state === 'cancelled';
  }

  /** Stops the move: the unit stops where it is (braking if it can), `cancel` fires. No-op once ended. */
  cancel(reason = 'cancelled'): void {
    if (this.ended) return;
    this.onCancel(this);
    this.end('cancelled', reason);
  }

  /**
   * Ends the move with `status`: fires the matching event, resolves `done` and drops every
   * listener. For the code that drives moves; does nothing once ended.
   */
  end(status: MoveStatus, reason?: string, failure?: MoveFailure): void {
    if (this.ended) return;
    this.state = status;
    this.reason = reason;
    this.failure = failure;
    this.emit(status === 'arrived' ? 'arrive' : status === 'failed' ? 'fail' : 'cancel', this.unit, this);
    this.removeAllListeners();
    this.resolve(status);
  }
}
