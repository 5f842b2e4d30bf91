/**
 * `headway tables`: the directional planner's move tables for one unit profile, written as a file
 * a game ships and loads at start (`loadMoveTables`, or the plugin's `loadMoveTables`), so that no
 * unit's first order waits while they are built.
 *
 * `headway tables --radius R --width W [--length L] [--reverse] [--reverse-cost F]
 * [--turn-penalty P] [--headings 8|16] [--neighborhood 8|24|48] --out FILE` writes FILE and prints
 * its key, size and checksum. The file carries its length and a CRC-32, so a damaged copy is
 * refused when loaded (see `move-tables.ts`).
 */
import { basename, dirname } from 'node:path';
import { exportMoveTables, loadMoveTables } from '../directional/move-tables.js';
import { parseArgs, required } from './args.js';
import { prepareOutputDir, writeOutput } from './files.js';
import { VEHICLE_OPTIONS, vehicleLattice, vehicleProfile } from './vehicle-options.js';

export function tablesCommand(args: readonly string[]): number {
  const parsed = parseArgs(args, [...VEHICLE_OPTIONS, 'out'], ['reverse']);
  const out = required(parsed, 'out');
  const bytes = exportMoveTables(vehicleProfile(parsed), vehicleLattice(parsed));
  const dir = dirname(out);
  prepareOutputDir('out', dir);
  writeOutput('out', dir, basename(out), bytes);
  const { key, moves } = loadMoveTables(bytes);
  const crc = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4, 4).getUint32(0, true);
  process.stdout.write(`wrote ${out}: ${moves} moves, ${bytes.length} bytes, CRC-32 0x${crc.toString(16).padStart(8, '0')}, key ${key}\n`);
  return 0;
}
