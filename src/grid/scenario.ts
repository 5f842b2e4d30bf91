import { excerpt } from './excerpt.js';
import { GridFormatError } from './grid.js';

/** One query of a Moving AI `.scen` file. Coordinates are cells: column x, row y, from the top left. */
export interface Scenario {
  bucket: number;
  map: string;
  mapWidth: number;
  mapHeight: number;
  startX: number;
  startY: number;
  goalX: number;
  goalY: number;
  /** The 8-connected grid optimum between cell centres, no corner cutting. */
  optimalLength: number;
}

/**
 * Parses the text of a Moving AI `.scen` file: a `version` line, then one query per non-empty line
 * (`bucket map width height sx sy gx gy length`, tab- or space-separated).
 * @throws GridFormatError naming the first bad line.
 */
export function parseScenarios(text: string): Scenario[] {
  const lines = text.split(/\r?\n/);
  const out: Scenario[] = [];
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || (index === 0 && line.startsWith('version'))) return;
    const fields = line.split(/\s+/);
    if (fields.length !== 9) {
      throw new GridFormatError(`scenario line ${index + 1}: expected 9 fields, found ${fields.length}`);
    }
    const nums = fields.map(Number);
    const bad = [0, 2, 3, 4, 5, 6, 7, 8].find((i) => !Number.isFinite(nums[i]!) || (i < 8 && !Number.isInteger(nums[i]!)));
    if (bad !== undefined) {
      throw new GridFormatError(`scenario line ${index + 1}: field ${bad + 1} ${excerpt(fields[bad]!)} is not a valid number`);
    }
    out.push({
      bucket: nums[0]!,
      map: fields[1]!,
      mapWidth: nums[2]!,
      mapHeight: nums[3]!,
      startX: nums[4]!,
      startY: nums[5]!,
      goalX: nums[6]!,
      goalY: nums[7]!,
      optimalLength: nums[8]!,
    });
  });
  return out;
}
