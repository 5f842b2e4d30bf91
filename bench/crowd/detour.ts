/**
 * DetourCrowd's side of the crowd benchmark, through recast-navigation-js (the WebAssembly build
 * of Recast/Detour, `@recast-navigation/core` and `/generators`).
 *
 * The navmesh is built from the scenario's grid: every free cell is a floor quad at height 0
 * (tile x, y → world x, 0, z), voxelised at {@link CELL_SIZE}. Recast erodes the walkable area by
 * `walkableRadius` voxels, the agents' radius rounded up: Detour keeps an agent's centre on the
 * mesh, so the eroded mesh is what keeps its disc off the walls, as Recast is meant to be used
 * (the alternative, walkableRadius 0 and a grid pre-eroded by us, would hand Detour our own wall
 * clearance). The rounding leaves at most one voxel (0.1 tile) of extra clearance; a gap 2 tiles
 * wide stays 1.2 wide. Contours are simplified by at most {@link SIMPLIFICATION_ERROR} voxels,
 * less than the rounding's margin for the infantry (0.4 − 0.35 tiles), so simplified edges do not
 * bring a disc onto a wall.
 *
 * Agents get the same radius, top speed and acceleration as ours, and the settings of Recast's
 * own demo (RecastDemo's CrowdTool): collision query range 12 radii, path optimisation range 30
 * radii, separation weight 2, every update flag (anticipate turns, obstacle avoidance,
 * separation, visibility and topology optimisation), obstacle avoidance quality 3 (high).
 */
import * as core from '@recast-navigation/core';
import * as generators from '@recast-navigation/generators';
import type { Grid } from '../../src/grid/grid.js';
import type { CrowdDriver, DriverKind } from './driver.js';
import type { Scenario } from './scenarios.js';

interface Vector3 {
  x: number;
  y: number;
  z: number;
}

/** A navmesh, opaque here. */
interface NavMesh {
  readonly raw: unknown;
}

/** The part of recast-navigation-js's `CrowdAgent` used here. */
interface CrowdAgent {
  position(): Vector3;
  /** DT_CROWDAGENT_STATE_INVALID (0), WALKING (1) or OFFMESH (2). */
  state(): number;
  requestMoveTarget(position: Vector3): boolean;
}

/** The agent parameters set here (recast-navigation-js's `CrowdAgentParams`, after `dtCrowdAgentParams`). */
interface AgentParams {
  radius: number;
  height: number;
  maxAcceleration: number;
  maxSpeed: number;
  collisionQueryRange: number;
  pathOptimizationRange: number;
  separationWeight: number;
  updateFlags: number;
  obstacleAvoidanceType: number;
}

/** The part of recast-navigation-js's `Crowd` used here. */
interface Crowd {
  addAgent(position: Vector3, params: Partial<AgentParams>): CrowdAgent;
  removeAgent(agent: CrowdAgent): void;
  update(dt: number): void;
  destroy(): void;
}

/**
 * The part of the two packages used here, typed by hand: their .d.ts files re-export
 * extensionless paths (`export * from './crowd'`), which TypeScript's nodenext resolution does
 * not follow, so the packages look empty to the compiler; at run time they are what this says.
 */
interface Recast {
  init(): Promise<void>;
  Crowd: new (navMesh: NavMesh, params: { maxAgents: number; maxAgentRadius: number }) => Crowd;
  generateSoloNavMesh(
    positions: ArrayLike<number>,
    indices: ArrayLike<number>,
    config: Partial<Record<'cs' | 'ch' | 'walkableRadius' | 'walkableHeight' | 'walkableClimb' | 'maxSimplificationError', number>>,
  ): { success: true; navMesh: NavMesh } | { success: false; error: string };
}

const recast = { ...(core as unknown as Pick<Recast, 'init' | 'Crowd'>), ...(generators as unknown as Pick<Recast, 'generateSoloNavMesh'>) } as Recast;

/** Voxel size, tiles: ten voxels a tile keep one-tile gaps open after erosion by a 0.35 radius. */
export const CELL_SIZE = 0.1;
/** Voxel height, tiles: the floor is flat, any small value does. */
const CELL_HEIGHT = 0.1;
/** Contour simplification error, voxels (Recast's default 1.3 could cut 0.13 tiles into a wall's clearance). */
const SIMPLIFICATION_ERROR = 0.5;
/** RecastDemo's CrowdTool: how far (in radii) an agent looks for neighbours and optimises its path. */
const COLLISION_QUERY_RADII = 12;
const PATH_OPTIMIZATION_RADII = 30;
/** RecastDemo's separation weight. */
const SEPARATION_WEIGHT = 2;
/** DT_CROWD_ANTICIPATE_TURNS | OBSTACLE_AVOIDANCE | SEPARATION | OPTIMIZE_VIS | OPTIMIZE_TOPO. */
const ALL_UPDATE_FLAGS = 1 | 2 | 4 | 8 | 16;
/** The highest of Detour's four obstacle avoidance qualities. */
const AVOIDANCE_QUALITY = 3;
/** Agent height, tiles: irrelevant on a flat floor, within the navmesh's walkable height. */
const AGENT_HEIGHT = 0.2;

let ready: Promise<void> | undefined;

/** Loads the WebAssembly module (once). */
export function initDetour(): Promise<void> {
  ready ??= recast.init();
  return ready;
}

/** The navmesh of `grid` for agents of radius `radius` (see the module comment). */
export function gridNavMesh(grid: Grid, radius: number): NavMesh {
  const w = grid.width;
  const h = grid.height;
  const positions = new Float32Array((w + 1) * (h + 1) * 3);
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++) {
      const v = (y * (w + 1) + x) * 3;
      positions[v] = x;
      positions[v + 2] = y;
    }
  }
  const indices: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (grid.isBlocked(x, y)) continue;
      const a = y * (w + 1) + x;
      const b = a + 1;
      const c = a + w + 2;
      const d = a + w + 1;
      // Wound so that the normal points up (+y): Recast only walks on upward faces.
      indices.push(a, c, b, a, d, c);
    }
  }
  const result = recast.generateSoloNavMesh(positions, indices, {
    cs: CELL_SIZE,
    ch: CELL_HEIGHT,
    walkableRadius: Math.ceil(radius / CELL_SIZE),
    walkableHeight: 2,
    walkableClimb: 0,
    maxSimplificationError: SIMPLIFICATION_ERROR,
  });
  if (!result.success) throw new Error(`Recast could not build the navmesh: ${result.error}`);
  return result.navMesh;
}

class DetourDriver implements CrowdDriver {
  private readonly crowd: Crowd;
  private agents: CrowdAgent[] = [];
  private failed: string[] = [];

  constructor(
    private readonly scenario: Scenario,
    navMesh: NavMesh,
  ) {
    const maxRadius = Math.max(...scenario.agents.map((a) => a.kind.radius));
    this.crowd = new recast.Crowd(navMesh, { maxAgents: scenario.agents.length, maxAgentRadius: maxRadius });
  }

  spawn(ids: readonly number[]): void {
    const member = new Set(ids);
    for (const id of ids) {
      const spec = this.scenario.agents[id]!;
      const r = spec.kind.radius;
      const agent = this.crowd.addAgent(
        { x: spec.start.x, y: 0, z: spec.start.y },
        {
          radius: r,
          height: AGENT_HEIGHT,
          maxSpeed: spec.kind.speed,
          maxAcceleration: spec.kind.acceleration,
          collisionQueryRange: COLLISION_QUERY_RADII * r,
          pathOptimizationRange: PATH_OPTIMIZATION_RADII * r,
          separationWeight: SEPARATION_WEIGHT,
          updateFlags: ALL_UPDATE_FLAGS,
          obstacleAvoidanceType: AVOIDANCE_QUALITY,
        },
      );
      this.agents.push(agent);
    }
    this.agents.forEach((agent, k) => {
      const id = ids[k]!;
      const order = this.scenario.orders.find((o) => o.agents.includes(id) && o.agents.some((a) => member.has(a)));
      const goal = order?.point ?? this.scenario.agents[id]!.goal;
      if (agent.state() === 0) this.failed.push(`agent ${id}: not on the navmesh`);
      else if (!agent.requestMoveTarget({ x: goal.x, y: 0, z: goal.y })) this.failed.push(`agent ${id}: move request refused`);
    });
  }

  step(dt: number): void {
    this.crowd.update(dt);
  }

  read(xs: Float64Array, ys: Float64Array): void {
    this.agents.forEach((a, i) => {
      const p = a.position();
      xs[i] = p.x;
      ys[i] = p.z;
    });
  }

  failures(): readonly string[] {
    return this.failed;
  }

  clear(): void {
    for (const a of this.agents) this.crowd.removeAgent(a);
    this.agents = [];
    this.failed = [];
  }

  destroy(): void {
    this.crowd.destroy();
  }
}

/** DetourCrowd as a driver; call {@link initDetour} first. One navmesh per scenario. */
export function detourKind(): DriverKind {
  const meshes = new WeakMap<Scenario, NavMesh>();
  return {
    name: 'DetourCrowd',
    create(scenario) {
      if (scenario.detourNa) return { na: scenario.detourNa };
      let mesh = meshes.get(scenario);
      if (!mesh) {
        mesh = gridNavMesh(scenario.grid, Math.max(...scenario.agents.map((a) => a.kind.radius)));
        meshes.set(scenario, mesh);
      }
      return new DetourDriver(scenario, mesh);
    },
  };
}
