/**
 * Watches a navigator's plan queue frame by frame for the frame-budget benchmark: every job the
 * queue is given is wrapped so that each `step(allowance)` is timed and its reported work units
 * kept, and each `run` (one frame's planning) is timed. Optionally times the directional
 * planner's phases (tables, `begin`, the search) to say where a slow step spent its time.
 */
import { DirectionalPlanner } from '../../src/directional/directional-planner.js';
import { GoalDistanceField } from '../../src/directional/distance-field.js';
import { KinematicTable } from '../../src/directional/heuristic-table.js';
import { ThetaStar } from '../../src/anyangle/theta-star.js';
import { Components } from '../../src/grid/components.js';
import { WallDistanceMap } from '../../src/curves/footprint.js';
import { FreeRuns } from '../../src/anyangle/free-runs.js';
import { MoveTable } from '../../src/search/move-table.js';
import type { PlanJob, PlanQueue } from '../../src/follow/plan-queue.js';

/** One `step` of one job. */
export interface StepRecord {
  /** The allowance the queue gave, in work units. */
  allowance: number;
  /** Units the job said it did. */
  units: number;
  ms: number;
}

/** One frame's planning, as the queue ran it. */
export interface FrameRecord {
  /** Wall-clock milliseconds of the queue's `run`. */
  ms: number;
  /** The work units of the frame's steps, as the jobs reported them. */
  units: number;
  steps: StepRecord[];
  /** Milliseconds per planner phase spent in this frame (with {@link PlanProbe.timePhases}). */
  phases: Record<string, number>;
}

/**
 * What is timed as phases (private methods included: this is a diagnosis, it reads the code as
 * it is). Phases nest: `field`, `heuristic table` and `start joins` run inside `begin` or
 * `search`; `wall distances` also inside `tables`.
 */
const PHASES: readonly { name: string; proto: object; methods: readonly string[]; generators?: readonly string[] }[] = [
  { name: 'tables', proto: DirectionalPlanner.prototype, methods: ['buildTables'] },
  { name: 'begin', proto: DirectionalPlanner.prototype, methods: ['begin'] },
  { name: 'search', proto: DirectionalPlanner.prototype, methods: ['runPhases'] },
  { name: 'field', proto: GoalDistanceField.prototype, methods: ['cornerValue', 'settle'] },
  { name: 'heuristic table', proto: KinematicTable.prototype, methods: ['compute'] },
  { name: 'start joins', proto: DirectionalPlanner.prototype, methods: ['expandStart'] },
  { name: 'polyline search', proto: ThetaStar.prototype, methods: ['run'] },
  { name: 'region table', proto: Components.prototype, methods: ['rebuild'], generators: ['floodWork'] },
  { name: 'wall distances', proto: WallDistanceMap.prototype, methods: ['refresh'], generators: ['refreshWork'] },
  { name: 'free runs', proto: FreeRuns.prototype, methods: ['refresh'], generators: ['refreshWork'] },
  { name: 'move table', proto: MoveTable.prototype, methods: ['rebuild'], generators: ['refreshWork'] },
];

/**
 * Wraps `queue`: call {@link frame} after each frame's `run` to take that frame's record.
 *
 * @example
 * ```ts
 * const probe = new PlanProbe(navigator.queue);
 * navigator.update(1 / 60);
 * const { ms, units } = probe.frame();
 * ```
 */
export class PlanProbe {
  private current: FrameRecord = emptyFrame();
  private restore: (() => void)[] = [];

  constructor(queue: PlanQueue) {
    const add = queue.add.bind(queue);
    const run = queue.run.bind(queue);
    const probe = this;
    queue.add = (job: PlanJob, urgent?: boolean): void => add(probe.wrap(job), urgent);
    queue.run = () => {
      const t0 = performance.now();
      try {
        return run();
      } finally {
        probe.current.ms += performance.now() - t0;
      }
    };
  }

  /**
   * Times the directional planner's phases in every frame from now on (a few clock reads per step:
   * noise well under a microsecond). {@link release} puts the methods back.
   */
  timePhases(): this {
    for (const { name, proto: target, methods, generators = [] } of PHASES) {
      const proto = target as Record<string, (...args: unknown[]) => unknown>;
      let depth = 0;
      const probe = this;
      const timed = (self: unknown, original: (...args: unknown[]) => unknown, args: unknown[]): unknown => {
        // Only the outermost call of a phase counts (the heuristic table recurses, settle calls on).
        if (depth++ > 0) {
          try {
            return original.apply(self, args);
          } finally {
            depth--;
          }
        }
        const t0 = performance.now();
        try {
          return original.apply(self, args);
        } finally {
          depth--;
          const phases = probe.current.phases;
          phases[name] = (phases[name] ?? 0) + performance.now() - t0;
        }
      };
      for (const method of [...methods, ...generators]) {
        const original = proto[method];
        // A method renamed since: its phase is not timed rather than the run failing.
        if (typeof original !== 'function') continue;
        const generator = generators.includes(method);
        proto[method] = function (this: unknown, ...args: unknown[]): unknown {
          if (!generator) return timed(this, original, args);
          // Resumable work: each resumption (one piece) is timed, not the call that makes it.
          const work = original.apply(this, args) as Generator<unknown, unknown, unknown>;
          const next = work.next;
          work.next = (...a: unknown[]) => timed(work, next as (...args: unknown[]) => unknown, a) as IteratorResult<unknown, unknown>;
          return work;
        };
        this.restore.push(() => {
          proto[method] = original;
        });
      }
    }
    return this;
  }

  /** Puts back what {@link timePhases} replaced. */
  release(): void {
    for (const undo of this.restore.splice(0)) undo();
  }

  /** The record of the frame since the last call, and a fresh one for the next. */
  frame(): FrameRecord {
    const done = this.current;
    this.current = emptyFrame();
    return done;
  }

  private wrap(job: PlanJob): PlanJob {
    const probe = this;
    return {
      step(allowance: number, overdue?: () => boolean): number {
        const t0 = performance.now();
        const units = job.step(allowance, overdue);
        const ms = performance.now() - t0;
        probe.current.steps.push({ allowance, units, ms });
        probe.current.units += units;
        return units;
      },
      get done() {
        return job.done;
      },
      cancel: () => job.cancel(),
    };
  }
}

function emptyFrame(): FrameRecord {
  return { ms: 0, units: 0, steps: [], phases: {} };
}
