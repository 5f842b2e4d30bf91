/**
 * Runs one scenario with one driver: each agent alone first (its time alone), then all together,
 * at a fixed step, timing each step and tracing positions into the shared metrics.
 */
import { collectGarbage } from '../lib/measure.js';
import type { CrowdDriver, DriverKind } from './driver.js';
import { TraceMetrics, type TraceSummary } from './metrics.js';
import type { Arrival, Scenario } from './scenarios.js';

/** The fixed time step, seconds: 60 frames a second. */
export const DT = 1 / 60;
/** Seconds an agent alone may take before it counts as never arriving. */
const ALONE_LIMIT = 120;
/** A crowd run ends at this many times the slowest time alone (the targets are 2x and 3x)... */
const LIMIT_FACTOR = 5;
/** ...but is given at least this long, seconds. */
const MIN_LIMIT = 30;
/** Seconds the crowd runs on after all have arrived, so overlaps at rest are counted too. */
const SETTLE = 1;

/** One driver's run of one scenario. */
export interface DriverRun {
  driver: string;
  /** Why the driver cannot run the scenario. */
  na?: string;
  /** The error that ended the run, if one did. */
  error?: string;
  summary?: TraceSummary;
  /** Milliseconds of each crowd step. */
  ms: number[];
  /** Milliseconds of the steps before the first agent arrived (all moving). */
  movingMs: number[];
  /** The slowest agent's time alone, seconds (undefined: one never arrived alone). */
  slowestAlone?: number;
  /** Agents that never arrived alone. */
  aloneMissed: number;
  failures: readonly string[];
}

interface Simulation {
  summary: TraceSummary;
  ms: number[];
  movingMs: number[];
  failures: readonly string[];
}

/** The arrival rule for the agents `ids`, indexed by their place in `ids`. */
function arrivalOf(arrival: Arrival, ids: readonly number[]): Arrival {
  return arrival.rule === 'exact' ? arrival : { rule: 'near', radius: (k) => arrival.radius(ids[k]!) };
}

function simulate(driver: CrowdDriver, scenario: Scenario, ids: readonly number[], limit: number, settle: number): Simulation {
  const n = ids.length;
  driver.spawn(ids);
  const radii = Float64Array.from(ids, (id) => scenario.agents[id]!.kind.radius);
  const goals = ids.map((id) => scenario.agents[id]!.goal);
  const metrics = new TraceMetrics(scenario.grid, radii, goals, arrivalOf(scenario.arrival, ids), DT);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const ms: number[] = [];
  const movingMs: number[] = [];
  let settleFrames = Math.round(settle / DT);
  const frames = Math.ceil(limit / DT);
  let anyArrived = false;
  for (let frame = 0; frame < frames; frame++) {
    const t0 = performance.now();
    driver.step(DT);
    const t = performance.now() - t0;
    ms.push(t);
    if (!anyArrived) movingMs.push(t);
    driver.read(xs, ys);
    metrics.record(xs, ys);
    anyArrived ||= metrics.arrived > 0;
    if (metrics.deadlocked) break;
    if (metrics.allArrived && settleFrames-- <= 0) break;
  }
  const failures = [...driver.failures()];
  driver.clear();
  return { summary: metrics.summary(), ms, movingMs, failures };
}

/** Runs `scenario` with `kind`: every agent alone, then the crowd. */
export function runScenario(kind: DriverKind, scenario: Scenario, alone = true): DriverRun {
  const made = kind.create(scenario);
  if ('na' in made) return { driver: kind.name, na: made.na, ms: [], movingMs: [], aloneMissed: 0, failures: [] };
  const driver = made;
  try {
    let slowest: number | undefined = 0;
    let missed = 0;
    // One untimed run alone per unit kind first: the first order of a kind builds its planner's
    // tables within the frame budget, which would count as driving time in its time alone.
    const firstOfKind = [...new Map(scenario.agents.map((a, id) => [a.kind.name, id])).values()];
    for (const id of firstOfKind) simulate(driver, scenario, [id], ALONE_LIMIT, 0);
    if (alone) {
      for (let id = 0; id < scenario.agents.length; id++) {
        const t = simulate(driver, scenario, [id], ALONE_LIMIT, 0).summary.allArrivedAt;
        if (t === undefined) missed++;
        else if (slowest !== undefined) slowest = Math.max(slowest, t);
      }
      if (missed > 0) slowest = undefined;
    } else slowest = undefined;
    const limit = Math.max(MIN_LIMIT, LIMIT_FACTOR * (slowest ?? 0));
    collectGarbage();
    const all = scenario.agents.map((_, i) => i);
    const sim = simulate(driver, scenario, all, limit, SETTLE);
    return { driver: kind.name, summary: sim.summary, ms: sim.ms, movingMs: sim.movingMs, slowestAlone: slowest, aloneMissed: missed, failures: sim.failures };
  } catch (error) {
    return { driver: kind.name, error: error instanceof Error ? (error.stack ?? error.message) : String(error), ms: [], movingMs: [], aloneMissed: 0, failures: [] };
  } finally {
    driver.destroy();
  }
}
