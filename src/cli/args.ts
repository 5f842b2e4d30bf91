import { excerpt } from '../grid/excerpt.js';

/**
 * `text` as an error message shows it: as typed when it is short and plain, otherwise quoted, cut
 * to `max` characters and with control and non-ASCII characters escaped (see `excerpt`).
 */
export function plain(text: string, max = 40): string {
  const quoted = excerpt(text, max);
  return quoted === `"${text}"` ? text : quoted;
}

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
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument ${excerpt(arg)}`);
    const name = arg.slice(2);
    if (flagNames.includes(name)) {
      flags.add(name);
    } else if (valued.includes(name)) {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
    } else {
      throw new UsageError(`unknown option ${plain(arg)}`);
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
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got ${excerpt(raw)}`);
  }
  return value;
}

/** An optional number option. */
export function numberOption(parsed: ParsedArgs, name: string, fallback: number): number {
  const raw = parsed.options.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} must be a finite number, got ${excerpt(raw)}`);
  return value;
}

/** The longest error line printed: messages quote inputs short, so only a defect comes near it. */
const MAX_MESSAGE = 1000;

/** `message` on one printable line: line breaks and other control characters escaped, at most MAX_MESSAGE characters. */
export function oneLine(message: string): string {
  const escaped = message.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (c === '\n' ? '\\n' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return escaped.length > MAX_MESSAGE ? `${escaped.slice(0, MAX_MESSAGE)}...` : escaped;
}
