/**
 * One order to move a unit: an event emitter for what happens on the way, and a promise of how it
 * ended.
 */
import { EventEmitter } from 'eventemitter3';
import type { Point } from '../grid/point.js';
import type { PathStatus } from '../search/result.js';
import type { SegmentPath } from '../curves/segment-path.js';

/** How a move ended. */
export type MoveStatus = 'arrived' | 'failed' | 'cancelled';

/**
 * Why a move failed: a planner status (`no-path`, `start-blocked`, `goal-blocked`,
 * `out-of-bounds`, `invalid`, `budget`, `no-room-to-turn`, ...), `error` when planning or
 * driving the unit threw (a defect, or the game's unit adapter threw; `move.reason` then holds
 * the error's message), or `stuck` when other units kept it from getting closer for
 * `STUCK_TIME` seconds (with avoidance on).
 */
export type MoveFailure = Exclude<PathStatus, 'found'> | 'error' | 'stuck';

/**
 * Receives the errors thrown by a move's listeners during one event, after every listener of the
 * event has run.
 */
export type ListenerErrorSink = (errors: readonly unknown[]) => void;

/** The default sink: rethrow to whoever fired the event, after all its listeners ran. */
const rethrow: ListenerErrorSink = (errors) => {
  throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} move listeners threw`);
};

/** How eventemitter3 (v5) keeps one registration: read, never changed, by {@link Move.emit}. */
interface Registration {
  fn: (...args: unknown[]) => unknown;
  context: unknown;
  once: boolean;
}

/** Where a move is: waiting for its path, driving it, or ended. */
export type MoveState = 'planning' | 'moving' | MoveStatus;

/**
 * The events of a {@link Move}; every listener gets the unit and the move.
 * - `retarget`: the target asked for cannot be reached (the order would fail without `nearest`:
 *   outside the map, inside a wall, no room, out of reach, not drivable) and `nearest` sends the
 *   unit to the nearest point it can reach instead, `move.goal`; fired before the `start` or
 *   `replan` of that path, and again when a replan moves that point.
 * - `start`: the path is planned and the unit sets off (once).
 * - `waypoint`: the unit passed the corner or curve junction number `index` (in order, once each).
 * - `blocked`: a tile change blocked the rest of the path; a replan follows.
 * - `replan`: a new path replaced the rest of the old one (after `blocked`, a tile change on it,
 *   or, with avoidance on, after others pushed the unit off its path or held it up).
 * - `yield`: (avoidance on, a unit with a turning radius) it brakes to let `other` pass.
 * - `wait`: (avoidance on, a unit with a turning radius) it stopped for another unit.
 * - `stuck`: (avoidance on) others kept it from getting closer for a long time; `fail` follows
 *   with failure `stuck`.
 * - `arrive`: the unit stands on the goal (final).
 * - `fail`: no path; `move.reason` says why and the unit stays where it stopped (final).
 * - `cancel`: `cancel()`, a newer order for the unit, or the unit was removed (final).
 *
 * A listener that throws does not stop the others: every listener of the event runs, then the
 * errors go to the move's error sink (the navigator reports them after the frame; a move made
 * without one rethrows them to whoever fired the event).
 */
export interface MoveEvents<T> {
  retarget: (unit: T, move: Move<T>) => void;
  start: (unit: T, move: Move<T>) => void;
  waypoint: (unit: T, move: Move<T>, index: number) => void;
  blocked: (unit: T, move: Move<T>) => void;
  replan: (unit: T, move: Move<T>) => void;
  yield: (unit: T, move: Move<T>, other: T) => void;
  wait: (unit: T, move: Move<T>, other: T) => void;
  stuck: (unit: T, move: Move<T>) => void;
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
  /**
   * Where the unit is going, in the units of `target` (set from `start` on, updated on replans):
   * the target itself, a group member's slot round it, the target nudged off a wall to make room
   * for the unit's footprint, or with `nearest` the nearest point the unit can reach (then
   * `retargeted` is true).
   */
  goal: Readonly<Point> | undefined;
  /**
   * True when the target asked for could not be reached (the same order without `nearest` fails)
   * and `nearest` sent the unit to `goal` instead; for a group, when the group's target could not
   * be reached. Set with the `retarget` event.
   */
  retargeted = false;
  /** Resolves with the final status once the move ends; never rejects. */
  readonly done: Promise<MoveStatus>;
  private resolve!: (status: MoveStatus) => void;

  /**
   * @param unit - what moves.
   * @param target - where it was asked to go, in the caller's units.
   * @param onCancel - called once by {@link cancel} before the move ends.
   * @param onListenerError - gets what listeners threw during an event; default: rethrow.
   */
  constructor(
    readonly unit: T,
    readonly target: Readonly<Point>,
    private readonly onCancel: (move: Move<T>) => void = () => {},
    private readonly onListenerError: ListenerErrorSink = rethrow,
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
    this.resolve(status);
    try {
      this.emit(status === 'arrived' ? 'arrive' : status === 'failed' ? 'fail' : 'cancel', this.unit, this);
    } finally {
      this.removeAllListeners();
    }
  }

  /**
   * Calls every listener of `event`, in order, each even when one before it threw; then hands
   * what was thrown to the move's error sink. Returns true when there were listeners.
   */
  override emit<E extends EventEmitter.EventNames<MoveEvents<T>>>(event: E, ...args: EventEmitter.EventArgs<MoveEvents<T>, E>): boolean {
    const key = typeof event === 'string' && EventEmitter.prefixed ? `${String(EventEmitter.prefixed)}${event}` : event;
    const held = (this as unknown as { _events: Record<string | symbol, Registration | Registration[] | undefined> })._events[key];
    if (held === undefined) return false;
    // A snapshot: listeners may add or remove listeners while they run.
    const registrations = Array.isArray(held) ? [...held] : [held];
    let errors: unknown[] | undefined;
    for (const r of registrations) {
      if (r.once) this.removeListener(event, r.fn as never, undefined, true);
      try {
        r.fn.apply(r.context, args);
      } catch (error) {
        (errors ??= []).push(error);
      }
    }
    if (errors) this.onListenerError(errors);
    return true;
  }
}
