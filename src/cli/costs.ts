import { excerpt } from '../grid/excerpt.js';
import type { Grid } from '../grid/grid.js';
import { plannerEntries } from '../planners.js';
import { UsageError } from './args.js';
import { quotePath, readInput } from './files.js';

/**
 * Reads a tile-cost file (`--costs C.txt`) and sets the costs on `grid`: one line per map row, one
 * character per cell, `1` to `9` the cell's cost and `.` cost 1. Blocked cells stay as the map says
 * (a cost on one applies if it is freed). Trailing spaces and blank lines at the end are ignored;
 * row and column numbers in messages are the cell's y and x, from 0, as in the map's messages.
 * @throws UsageError naming the file and the row (and column) that is wrong: a different size than
 *   the map, or another character.
 */
export function applyCostFile(path: string, grid: Grid): void {
  const fail = (why: string): UsageError => new UsageError(`${quotePath(path)}: ${why}`);
  const rows = readInput(path)
    .split(/\r?\n/)
    .map((row) => row.replace(/\s+$/, ''));
  while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
  if (rows.length !== grid.height) throw fail(`has ${rows.length} rows, the map has ${grid.height}`);
  rows.forEach((row, y) => {
    if (row.length !== grid.width) throw fail(`row ${y} has ${row.length} cells, the map is ${grid.width} wide`);
    for (let x = 0; x < row.length; x++) {
      if (costOf(row[x]!) === undefined) throw fail(`row ${y} column ${x}: unknown cost ${excerpt(row[x]!)} (1 to 9, or . for 1)`);
    }
  });
  grid.fillCosts(0, 0, grid.width, grid.height, (x, y) => costOf(rows[y]![x]!)!);
}

/** A cost character's cost, or undefined for any other character. */
function costOf(c: string): number | undefined {
  if (c === '.') return 1;
  return c >= '1' && c <= '9' ? c.charCodeAt(0) - 48 : undefined;
}

/**
 * Refuses `--costs` for a polyline planner that assumes uniform costs.
 * @throws UsageError naming the planners that take costs (from the registry).
 */
export function checkTakesCosts(algo: string, tileCosts: boolean): void {
  if (tileCosts) return;
  const can = plannerEntries()
    .filter((e) => e.kind === 'polyline' && e.traits.tileCosts)
    .map((e) => e.name);
  throw new UsageError(`--algo ${algo} assumes uniform tile costs and cannot take --costs; planners that can: ${can.join(', ')}`);
}
