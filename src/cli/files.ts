/**
 * The CLI's file access: inputs are read only when they are regular files of a sane size (a
 * device such as /dev/zero never ends, a FIFO blocks), outputs go only into a directory that
 * exists or can be made. Every failure is a UsageError naming the path, quoted short and escaped.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MAX_GRID_SIDE } from '../grid/grid.js';
import { plain, UsageError } from './args.js';

/**
 * The largest input file read, bytes: a Moving AI map at the largest grid side, one byte per cell
 * plus a newline per row, with room for the header (16384 × 16385 ≈ 256 MiB).
 */
export const MAX_INPUT_BYTES = MAX_GRID_SIDE * (MAX_GRID_SIDE + 1) + (1 << 20);

/** Characters of a path an error message shows at most: enough for a deep relative path. */
const PATH_EXCERPT_LENGTH = 120;

/**
 * A path as an error message shows it: as typed when it is short and plain, otherwise quoted,
 * cut short and with control and non-ASCII characters escaped.
 */
export function quotePath(path: string): string {
  return plain(path, PATH_EXCERPT_LENGTH);
}

/** Why a file operation failed, from its error code, without the raw system message. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'EISDIR':
      return 'is a directory';
    case 'EEXIST':
      return 'exists and is not a directory';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on device';
    default:
      return code ?? (error instanceof Error ? error.name : 'unknown error');
  }
}

/**
 * The text of the regular file at `path` (UTF-8).
 * @throws UsageError when it is missing, not a regular file (a directory, a device, a FIFO), larger
 *   than MAX_INPUT_BYTES or unreadable.
 */
export function readInput(path: string): string {
  let size: number;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw new UsageError(`${quotePath(path)}: is a directory`);
    if (!stat.isFile()) throw new UsageError(`${quotePath(path)}: not a regular file (a device, FIFO or socket)`);
    size = stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`${quotePath(path)}: no such file`);
    throw new UsageError(`${quotePath(path)}: cannot read (${reason(error)})`);
  }
  if (size > MAX_INPUT_BYTES) throw new UsageError(`${quotePath(path)}: ${size} bytes is larger than the ${MAX_INPUT_BYTES} bytes read at most`);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${quotePath(path)}: cannot read (${reason(error)})`);
  }
}

/**
 * Makes sure `dir` is a directory the CLI can write into, creating it and its missing parents one
 * level at a time. (Node's `mkdirSync(dir, { recursive: true })` loops forever where a parent
 * exists but refuses children, as under /proc.)
 * @throws UsageError when it is a file or a device, lies under a file, or cannot be created.
 */
export function prepareOutputDir(option: string, dir: string): void {
  const fail = (why: string): UsageError => new UsageError(`--${option} ${quotePath(dir)}: cannot use it as the output directory (${why})`);
  const missing: string[] = [];
  let at = resolve(dir);
  // Walk up to the deepest ancestor that exists; a path has finitely many.
  for (;;) {
    let stat;
    try {
      stat = statSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(reason(error));
      missing.push(at);
      const parent = dirname(at);
      if (parent === at) throw fail('no such file or directory');
      at = parent;
      continue;
    }
    if (!stat.isDirectory()) throw fail(missing.length === 0 ? 'not a directory' : `${quotePath(at)} is not a directory`);
    break;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !isDirectory(path)) throw fail(reason(error));
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Writes `text` to `name` in `dir` (made by prepareOutputDir). @throws UsageError when the write fails. */
export function writeOutput(option: string, dir: string, name: string, text: string | Uint8Array): void {
  const path = join(dir, name);
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError(`--${option}: cannot write ${quotePath(path)} (${reason(error)})`);
  }
}
