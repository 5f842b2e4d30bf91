/**
 * Where a directional query's work went, read from the planner's own work counters (the ones its
 * session's `work` sums): expansions, the reachability proof, the goal distance field, the
 * kinematic heuristic table, the exact start's joins, the analytic shots and the shortcut pass.
 * Units are the session's work units (about a microsecond each, by the planner's calibration).
 *
 * The counters are private fields of DirectionalPlanner: this module reads them by name, for
 * diagnosis only, and reports NaN for any it no longer finds (the planner is being changed).
 */
import type { DirectionalPlanner } from '../../src/directional/directional-planner.js';

/** One query's work by part, in work units (NaN where the counter was not found). */
export interface WorkBreakdown {
  expanded: number;
  proof: number;
  field: number;
  kinematic: number;
  joins: number;
  shots: number;
  shortcut: number;
  /** Hybrid only: true when the corridor ran dry and the search fell back to the whole lattice. */
  fellBack: boolean;
  /** Hybrid only: times the corridor ran dry and was widened around the states it cut (before any fall-back). */
  widenings: number;
}

/** The internals read, all optional: a renamed field reads as NaN rather than failing the run. */
interface Internals {
  expanded?: number;
  proofWork?: number;
  field?: { work?: number };
  kinematic?: { computed?: number };
  curveUnits?: number;
  joins?: { work?: number };
  shotWork?: number;
  shortcutWork?: number;
  corridorPhase?: boolean;
  phase?: string;
  localWidenings?: number;
}

/** The lifetime counters of a planner (they only grow), and its per-query ones. */
interface Counters {
  field: number;
  kinematic: number;
  joins: number;
  shots: number;
  shortcut: number;
}

const num = (v: number | undefined): number => (typeof v === 'number' ? v : NaN);

function counters(p: Internals): Counters {
  return {
    field: num(p.field?.work),
    kinematic: num(p.kinematic?.computed) * num(p.curveUnits),
    joins: num(p.joins?.work),
    shots: num(p.shotWork),
    shortcut: num(p.shortcutWork),
  };
}

/**
 * Snapshots the planner's counters before a query; the returned function, called after it, gives
 * the query's breakdown.
 */
export function probeQuery(planner: DirectionalPlanner, hybrid: boolean): () => WorkBreakdown {
  const p = planner as unknown as Internals;
  const before = counters(p);
  return () => {
    const after = counters(p);
    return {
      expanded: num(p.expanded),
      // Reset by each query's begin.
      proof: num(p.proofWork),
      field: after.field - before.field,
      kinematic: after.kinematic - before.kinematic,
      joins: after.joins - before.joins,
      shots: after.shots - before.shots,
      shortcut: after.shortcut - before.shortcut,
      // corridorPhase is stale after a query that ended before its first expansion.
      fellBack: hybrid && num(p.expanded) > 0 && (p.phase !== undefined ? p.phase !== 'corridor' : p.corridorPhase === false),
      // Reset by each query's seed, like the corridor's phase: stale after a query that never searched.
      widenings: hybrid && num(p.expanded) > 0 ? num(p.localWidenings) : 0,
    };
  };
}
