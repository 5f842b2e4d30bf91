/**
 * The options that describe a vehicle and its lattice, shared by the commands that make a
 * directional planner (`directional`, `tables`): `--radius`, `--width`, `--length`, `--reverse`,
 * `--reverse-cost`, `--turn-penalty`, `--headings`, `--neighborhood`. Tile units.
 */
import type { HeadingCount, Neighborhood } from '../directional/hit-check.js';
import type { UnitProfile } from '../unit/profile.js';
import { integerOption, numberOption, UsageError, type ParsedArgs } from './args.js';

/** The option names {@link vehicleProfile} and {@link vehicleLattice} read that take a value. */
export const VEHICLE_OPTIONS = ['radius', 'width', 'length', 'headings', 'neighborhood', 'reverse-cost', 'turn-penalty'] as const;

/** The unit profile the options give; `--radius` and `--width` are required. */
export function vehicleProfile(parsed: ParsedArgs): UnitProfile {
  if (!parsed.options.has('radius')) throw new UsageError('--radius is required');
  if (!parsed.options.has('width')) throw new UsageError('--width is required');
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
  return profile;
}

/** The headings (default 16) and the neighbourhood (default: the planner's) the options give. */
export function vehicleLattice(parsed: ParsedArgs): { headings: HeadingCount; neighborhood?: Neighborhood } {
  const headings = integerOption(parsed, 'headings', 16, 8, 16);
  if (headings !== 8 && headings !== 16) throw new UsageError(`--headings must be 8 or 16, got ${headings}`);
  if (!parsed.options.has('neighborhood')) return { headings };
  const neighborhood = integerOption(parsed, 'neighborhood', 24, 8, 48);
  if (neighborhood !== 8 && neighborhood !== 24 && neighborhood !== 48) throw new UsageError(`--neighborhood must be 8, 24 or 48, got ${neighborhood}`);
  return { headings, neighborhood };
}
