import { excerpt } from '../grid/excerpt.js';
import { oneLine, parseArgs, required, UsageError, type ParsedArgs } from './args.js';
import { dubins } from '../curves/dubins.js';
import { firstLeg } from '../curves/first-leg.js';
import { fixedAngle } from '../curves/fixed-angle.js';
import { reedsShepp } from '../curves/reeds-shepp.js';
import type { Pose } from '../curves/segment.js';
import type { Curve } from '../curves/segment-path.js';

const USAGE =
  'curve --from x,y,heading --to x,y,heading --radius r [--reverse] [--reverse-cost f] [--free-heading] [--directions N]';

/**
 * `headway curve --from x,y,heading --to x,y,heading --radius r [--reverse] [--reverse-cost f]
 * [--free-heading] [--directions N]`: prints the shortest curve as one JSON line
 * `{"length","word","cost","end","segments"}` in tile units, y down, headings clockwise.
 * Headings may be written with pi, as in `pi/2` or `-3pi/4`.
 *
 * - `--reverse`: Reeds-Shepp (may back up), with `--reverse-cost` weighting backward distance.
 * - `--free-heading`: the goal heading is ignored (Pinter's first leg, arc then line); `--to` may be `x,y`.
 * - `--directions N`: redraw the curve with straight legs at N legal headings (fixed-angle art).
 *
 * Bad arguments print one line naming the problem to stderr and return 2.
 */
export async function curveCommand(args: readonly string[]): Promise<number> {
  try {
    process.stdout.write(JSON.stringify(runCurve(args)) + '\n');
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof RangeError || error instanceof TypeError) {
      process.stderr.write(`headway curve: ${oneLine(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}

function runCurve(args: readonly string[]): object {
  if (args.length === 0) throw new UsageError(`usage: ${USAGE}`);
  const parsed = parseArgs(args, ['from', 'to', 'radius', 'reverse-cost', 'directions'], ['reverse', 'free-heading']);
  const freeHeading = parsed.flags.has('free-heading');
  const reverse = parsed.flags.has('reverse');
  const from = parsePose('from', required(parsed, 'from'), false);
  const to = parsePose('to', required(parsed, 'to'), freeHeading);
  const radius = parseNumber('radius', required(parsed, 'radius'));
  const reverseCost = optionalNumber(parsed, 'reverse-cost') ?? 1;
  if (parsed.options.has('reverse-cost') && !reverse) throw new UsageError('--reverse-cost needs --reverse');
  const directions = optionalNumber(parsed, 'directions');
  let curve: Curve;
  if (freeHeading) curve = firstLeg(from, to, radius, { reverse, reverseCost });
  else if (reverse) curve = reedsShepp(from, to, radius, { reverseCost });
  else curve = dubins(from, to, radius);
  const path = directions === undefined ? curve.path : fixedAngle(curve.path, directions);
  return {
    length: path.length,
    word: curve.word,
    cost: path.cost(reverseCost),
    end: path.end,
    segments: path.toJSON(),
  };
}

function optionalNumber(parsed: ParsedArgs, name: string): number | undefined {
  const raw = parsed.options.get(name);
  return raw === undefined ? undefined : parseNumber(name, raw);
}

function parseNumber(name: string, raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} must be a finite number, got ${excerpt(raw)}`);
  return value;
}

const PI_ANGLE = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)?)\*?pi(?:\/(\d+(?:\.\d*)?))?$/i;

function parseAngle(name: string, raw: string): number {
  const m = PI_ANGLE.exec(raw.trim());
  if (m === null) return parseNumber(name, raw);
  const coefficient = m[1] === '' || m[1] === '+' ? 1 : m[1] === '-' ? -1 : Number(m[1]);
  const divisor = m[2] === undefined ? 1 : Number(m[2]);
  if (divisor === 0) throw new UsageError(`--${name} divides by zero: ${excerpt(raw)}`);
  return (coefficient * Math.PI) / divisor;
}

function parsePose(name: string, raw: string, headingOptional: boolean): Pose {
  const parts = raw.split(',');
  if (parts.length !== 3 && !(headingOptional && parts.length === 2)) {
    throw new UsageError(`--${name} must be x,y,heading${headingOptional ? ' or x,y' : ''}, got ${excerpt(raw)}`);
  }
  return {
    x: parseNumber(`${name} x`, parts[0]!),
    y: parseNumber(`${name} y`, parts[1]!),
    heading: parts.length === 3 ? parseAngle(`${name} heading`, parts[2]!) : 0,
  };
}
