/**
 * Our side of the crowd benchmark: the scenario's agents as units of one {@link Navigator}
 * (src/follow/navigator.ts), ordered with `moveTo` (or the navigator's group order, where the
 * scenario gives one and the navigator has it), stepped with `update(dt)`.
 */
import { Navigator, type NavigatorOptions } from '../../src/follow/navigator.js';
import type { Move } from '../../src/follow/move.js';
import type { Pose } from '../../src/curves/segment.js';
import type { Point } from '../../src/grid/point.js';
import type { CrowdDriver, DriverKind } from './driver.js';
import type { Scenario } from './scenarios.js';

interface Unit {
  pose: Pose;
}

/** The navigator's group order (issue 19), when it has one: each unit to its own slot around the point. */
interface GroupOrders<T> {
  moveGroup(units: readonly T[], goal: Point): Move<T>[];
}

function groupOrders<T>(nav: Navigator<T>): GroupOrders<T> | undefined {
  const candidate = nav as unknown as Partial<GroupOrders<T>>;
  return typeof candidate.moveGroup === 'function' ? (candidate as GroupOrders<T>) : undefined;
}

/**
 * Planning work per frame, in the plan queue's work units: a budget in work, not milliseconds,
 * keeps the run deterministic (which frame a plan lands in does not depend on the machine's
 * load), as DetourCrowd's path queue is (a fixed number of nodes per update). Measured here at
 * 2 to 10 µs a unit on these maps (whole orders, setup included): about the plugin's default 4 ms.
 */
export const PLAN_WORK_PER_FRAME = 1_000;

/**
 * THE place where our avoidance is switched on: `NavigatorOptions.avoidance` (issue 19). The
 * baseline passes nothing of it (today's navigator: every unit plans and drives as if alone).
 */
function navigatorOptions(avoidance: boolean): NavigatorOptions {
  const budget = { expansions: PLAN_WORK_PER_FRAME };
  return avoidance ? { budget, avoidance: true } : { budget };
}

class OursDriver implements CrowdDriver {
  private readonly nav: Navigator<Unit>;
  private units: Unit[] = [];
  private failed: string[] = [];

  constructor(
    private readonly scenario: Scenario,
    avoidance: boolean,
    private readonly groups: boolean,
  ) {
    this.nav = new Navigator<Unit>(scenario.grid, { read: (u) => u.pose, write: (u, p) => Object.assign(u.pose, p) }, navigatorOptions(avoidance));
  }

  spawn(ids: readonly number[]): void {
    const byId = new Map<number, Unit>();
    for (const id of ids) {
      const spec = this.scenario.agents[id]!;
      const unit = { pose: { ...spec.start } };
      this.nav.addUnit(unit, spec.kind.profile);
      byId.set(id, unit);
      this.units.push(unit);
    }
    const group = this.groups ? groupOrders(this.nav) : undefined;
    for (const order of this.scenario.orders) {
      const members = order.agents.filter((id) => byId.has(id));
      if (members.length === 0) continue;
      const units = members.map((id) => byId.get(id)!);
      const moves =
        order.point && group
          ? group.moveGroup(units, order.point)
          : members.map((id) => this.nav.moveTo(byId.get(id)!, order.point ?? this.scenario.agents[id]!.goal));
      moves.forEach((m, k) => m.on('fail', (_u, move) => this.failed.push(`agent ${members[k]}: ${move.failure ?? ''} ${move.reason ?? ''}`.trim())));
    }
  }

  step(dt: number): void {
    this.nav.update(dt);
  }

  read(xs: Float64Array, ys: Float64Array): void {
    this.units.forEach((u, i) => {
      xs[i] = u.pose.x;
      ys[i] = u.pose.y;
    });
  }

  failures(): readonly string[] {
    return this.failed;
  }

  clear(): void {
    for (const u of this.units) this.nav.removeUnit(u);
    this.units = [];
    this.failed = [];
  }

  destroy(): void {
    this.nav.destroy();
  }
}

/**
 * Our navigator as a driver. `avoidance`: units see each other (issue 19); `groups`: group orders
 * go to the navigator's `moveGroup` when it has one (else each unit is sent to the point).
 */
export function oursKind(name: string, avoidance: boolean, groups: boolean): DriverKind {
  return { name, create: (scenario) => new OursDriver(scenario, avoidance, groups) };
}
