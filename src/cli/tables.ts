/**
 * `headway tables`: the directional planner's move tables for one unit profile, written as a file
 * a game ships and loads at start (`loadMoveTables`, or the plugin's `loadMoveTables`), so that no
 * unit's first order waits while they are built.
 *
 * `headway tables --radius R --width W [--length L] [--reverse] [--reverse-cost F]
 * [--turn-penalty P] [--headings 8|16] [--neighborhood 8|24|48] --out FILE` writes FILE and prints
 * its key and size.
 */
import { basename, dirname } from 'node:path';
import { exportMoveTables, loadMoveTables } from '../directional/move-tables.js';
import type { UnitProfile } from '../unit/profile.js';
import { integerOption, numberOption, parseArgs, required, UsageError } from './args.js';
import { prepareOutputDir, writeOutput } from './files.js';

export function tablesCommand(args: readonly string[]): number {
  const parsed = parseArgs(args, ['radius', 'width', 'length', 'headings', 'neighborhood', 'reverse-cost', 'turn-penalty', 'out'], ['reverse']);
  const out = required(parsed, 'out');
  if (!parsed.options.has('radius')) throw new UsageError('--radius is required');
  if (!parsed.options.has('width')) throw new UsageError('--width is required');
  const headings = integerOption(parsed, 'headings', 16, 8, 16);
  if (headings !== 8 && headings !== 16) throw new UsageError(`--headings must be 8 or 16, got ${headings}`);
  const neighborhood = parsed.options.has('neighborhood') ? integerOption(parsed, 'neighborhood', 24, 8, 48) : undefined;
  if (neighborhood !== undefined && neighborhood !== 8 && neighborhood !== 24 && neighborhood !== 48) {
    throw new UsageError(`--neighborhood must be 8, 24 or 48, got ${neighborhood}`);
  }
  const reverse = parsed.flags.has('reverse');
  if (parsed.options.has('reverse-cost') && !reverse) throw new UsageError('--reverse-cost needs --reverse');
  const profile: UnitProfile = {
    turningRadius: numberOption(parsed, 'radius', NaN),
    width: numberOption(parsed, 'width', NaN),
    reverse,
    reverseCost: numberOption(parsed, 'reverse-cost', 1),
    turnPenalty: numberOption(parsed, 'turn-penalty', 0),
  };
  if (parsed.options.has('length')) profile.length = numberOption(parsed, 'length', NaN);
  const bytes = exportMoveTables(profile, neighborhood === undefined ? { headings } : { headings, neighborhood });
  const dir = dirname(out);
  prepareOutputDir('out', dir);
  writeOutput('out', dir, basename(out), bytes);
  const { key, moves } = loadMoveTables(bytes);
  process.stdout.write(`wrote ${out}: ${moves} moves, ${bytes.length} bytes, key ${key}\n`);
  return 0;
}
