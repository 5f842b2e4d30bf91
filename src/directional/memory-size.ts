/**
 * How much memory a directional planner takes for a map: its search state per lattice state and
 * its tables per cell, decided before anything is allocated so that a map too large is refused.
 */
import type { HeadingCount } from './hit-check.js';

/**
 * The default `DirectionalOptions.maxMemory`: 512 MiB. A 1024 x 1024 map at 16 headings
 * needs about 430 MiB; a 4096 x 4096 one would need 6.8 GiB, more than a browser tab may take.
 */
export const DEFAULT_MAX_MEMORY = 512 * 2 ** 20;

/**
 * Bytes of search memory per lattice state: g (8), parent (4), stamp (4), the open list's
 * position (4) and the reachability proof's stamp (4; counted even when `proofAfter` turns the
 * proof off, so that a map's refusal does not depend on it).
 */
const BYTES_PER_STATE = 24;

/**
 * Bytes of per-map tables per cell: heuristic cache (12), prepared-neighbourhood stamp (4),
 * corridor (4), padded grid (1), wall distances (2), eroded grid (1), region labels (8) and the
 * distance field's corner memory (20).
 */
const BYTES_PER_CELL = 52;

/** Bytes a directional planner allocates for a `width` x `height` map at `headings` headings. */
export function directionalMemory(width: number, height: number, headings: HeadingCount): number {
  const cells = width * height;
  return cells * (headings * BYTES_PER_STATE + BYTES_PER_CELL);
}
