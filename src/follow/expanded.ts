/** The nodes a planner's last search expanded, for debug drawing. */
import type { Point } from '../grid/point.js';
import { CLOSED, type SearchMemory } from '../search/memory.js';
import { LatticePlanner, type Planner } from '../search/planner.js';

/**
 * Where the nodes closed by `planner`'s most recent search sit (tile units); empty for planners
 * that do not search a lattice. O(nodes): call it when a search ends, not every frame.
 */
export function expandedPoints(planner: Planner): Point[] {
  if (!(planner instanceof LatticePlanner)) return [];
  // The search memory is protected; reading it is safe and keeps debugging out of the hot path.
  const memory = (planner as unknown as { memory: SearchMemory }).memory;
  const lattice = planner.lattice;
  const points: Point[] = [];
  for (let id = 0; id < lattice.nodeCount; id++) {
    if (memory.stateOf(id) === CLOSED) points.push({ x: lattice.x(id), y: lattice.y(id) });
  }
  return points;
}
