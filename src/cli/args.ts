/** Thrown for a bad command line; the CLI prints the message as one line and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parsed `--name value` options and bare `--flag`s. */
export interface ParsedArgs {
  options: Map<string, string>;
  flags: Set<string>;
}

/**
 * Reads `--name value` pairs and the given boolean flags.
 * @throws UsageError on an unknown option, a missing value, or a stray argument.
 */
export function parseArgs(args: readonly string[], valued: readonly string[], flagNames: readonly string[]): ParsedArgs {
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const name = arg.slice(2);
    if (flagNames.includes(name)) {
      flags.add(name);
    } else if (valued.includes(name)) {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { options, flags };
}

/** The value of a required option. */
export function required(parsed: ParsedArgs, name: string): string {
  const value = parsed.options.get(name);
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

/** An optional whole-number option within [min, max]. */
export function integerOption(parsed: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const raw = parsed.options.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** An optional number option. */
export function numberOption(parsed: ParsedArgs, name: string, fallback: number): number {
  const raw = parsed.options.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got "${raw}"`);
  return value;
}
