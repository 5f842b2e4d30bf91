/** Running a CLI command in-process for tests, and the paths of the committed fixtures. */
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';

/** What a command wrote and its exit code. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `command(args)` with stdout and stderr captured. */
export async function captureCli(command: (args: string[]) => number | Promise<number>, args: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  try {
    const code = await command(args);
    return { code, out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

/** The absolute path of a file in test/fixtures/. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}
