/**
 * What the crowd benchmark asks of a crowd simulation: add some of a scenario's agents with their
 * orders, step it by a fixed time, read where the agents are. One implementation drives our
 * Navigator (ours.ts), one DetourCrowd (detour.ts).
 */
import type { Scenario } from './scenarios.js';

/** A crowd simulation of one scenario. */
export interface CrowdDriver {
  /**
   * Adds the scenario's agents `ids` (indices into `scenario.agents`) at their start poses and
   * gives them their orders (a group order restricted to these agents). Called on an empty crowd.
   */
  spawn(ids: readonly number[]): void;
  /** One fixed step of `dt` seconds: the part the benchmark times. */
  step(dt: number): void;
  /** Writes the spawned agents' positions (tile units), in spawn order. */
  read(xs: Float64Array, ys: Float64Array): void;
  /** Orders that failed since the last spawn, with their reasons. */
  failures(): readonly string[];
  /** Removes every agent, keeping what can be reused (planner tables, the navmesh). */
  clear(): void;
  destroy(): void;
}

/** A kind of driver: makes one for a scenario, or says why it cannot run it. */
export interface DriverKind {
  /** Column title in the report. */
  readonly name: string;
  create(scenario: Scenario): CrowdDriver | { na: string };
}
