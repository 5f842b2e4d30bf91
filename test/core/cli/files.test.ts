/**
 * The CLI under hostile input (issue 15, point 4): output directories that are files, devices or
 * impossible, inputs that are devices, directories, FIFOs or binary, numbers that cannot be
 * computed. Each gets exit 2 and one printable line naming the problem, never a stack trace, a
 * hang or raw bytes from a bad file. The cases that hung or crashed the process before run in a
 * child process with a time limit; the rest run in-process.
 */
import { captureCli, type CliRun } from '../../support/cli.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { makeRng } from '../../support/rng.js';

const ARENA = fileURLToPath(new URL('../../fixtures/arena.map', import.meta.url));
const SCEN = fileURLToPath(new URL('../../fixtures/arena.map.scen', import.meta.url));
const RUNNER = fileURLToPath(new URL('./run-main.mts', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'headway-cli-files-'));
const file = (name: string, content: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const QUERIES = file('q.jsonl', '{"sx":3.5,"sy":3.5,"sh":0,"gx":8.5,"gy":3.5,"gh":null}\n');
const TINY = file('tiny.map', 'type octile\nheight 6\nwidth 8\nmap\n........\n........\n..@@....\n........\n........\n........\n');
const A_FILE = file('plain.txt', 'not a directory\n');
/** Bytes that are no text at all: control characters, an escape sequence, invalid UTF-8. */
const BINARY = Buffer.from([0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x00, 0x07, 0xff, 0xfe, 0x0a, 0x0d, 0x9b, 0x32, 0x4a, ...Array.from({ length: 200 }, (_, i) => (i * 37) % 256)]);
const BINARY_FILE = file('binary.bin', BINARY);

/** Runs the command in-process and collects what it writes. */
const run = (...args: string[]): Promise<CliRun> => captureCli(main, args);

afterEach(() => vi.restoreAllMocks());

/** Exit 2 and one short printable line on stderr that names the problem, nothing raw. */
function expectOneLine(label: string, r: { code: number; err: string }, message?: RegExp): void {
  expect(r.code, `${label}: ${r.err}`).toBe(2);
  const lines = r.err.split('\n');
  expect(lines.length, `${label}: ${r.err}`).toBe(2);
  expect(lines[1], label).toBe('');
  expect(lines[0]!.length, label).toBeLessThan(400);
  expect(lines[0], label).not.toMatch(/^\s+at |node:internal/);
  // No control character, no raw replacement character from undecodable bytes, no raw non-ASCII from a file.
  expect(/[\u0000-\u001f\u007f-\u009f\ufffd]/.test(lines[0]!), `${label}: ${JSON.stringify(lines[0])}`).toBe(false);
  if (message !== undefined) expect(lines[0], label).toMatch(message);
}

/** Runs the CLI in a child process with a time limit: a hang or a crash fails instead of stopping the suite. */
function spawnCli(args: string[]): { code: number | null; err: string; timedOut: boolean } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', RUNNER, ...args], { encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 20 });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return { code: r.status, err: r.stderr ?? '', timedOut };
}

const steer = (...extra: string[]): string[] => ['steer', '--map', TINY, '--queries', QUERIES, '--radius', '1', '--width', '0.8', ...extra];

describe('CLI: files that are not what they should be', () => {
  it('steer --svg at a file, a path under a file, a device, or a directory it cannot create: exit 2, one line', async () => {
    const cases: [string, RegExp][] = [
      [A_FILE, /--svg .*plain\.txt: cannot use it as the output directory \(not a directory\)/],
      [join(A_FILE, 'sub', 'dir'), /plain\.txt.* is not a directory/],
      ['/dev/null', /--svg \/dev\/null: .*not a directory/],
      ['/dev/zero', /--svg \/dev\/zero: .*not a directory/],
      [join(dir, 'ok\u0007\u001b[31m'), /./],
    ];
    for (const [svg, message] of cases) {
      if (svg.startsWith('/dev/') && !existsSync(svg)) continue;
      const r = await run(...steer('--svg', svg));
      if (svg.endsWith('[31m')) {
        // A strange but creatable name works.
        expect(r.code, r.err).toBe(0);
        continue;
      }
      expectOneLine(`--svg ${svg}`, r, message);
      expect(r.out, svg).toBe('');
    }
  });

  it('steer --svg under /proc (where Node\'s recursive mkdir loops forever) and --map /dev/zero end at once in a child process', () => {
    const cases: [string[], RegExp][] = [[steer('--svg', '/dev/null'), /--svg \/dev\/null: /]];
    if (existsSync('/proc/self')) cases.push([steer('--svg', '/proc/headway-no-such/dir'), /--svg \/proc\/headway-no-such\/dir: cannot use it as the output directory/]);
    if (existsSync('/dev/zero')) cases.push([['steer', '--map', '/dev/zero', '--queries', QUERIES, '--radius', '1', '--width', '0.8'], /\/dev\/zero: not a regular file/]);
    for (const [args, message] of cases) {
      const r = spawnCli(args);
      expect(r.timedOut, args.join(' ')).toBe(false);
      expectOneLine(args.join(' '), { code: r.code ?? -1, err: r.err }, message);
    }
  });

  it('inputs that are devices, directories, FIFOs, missing or binary: exit 2, one line, binary quoted short and escaped', async () => {
    const fifo = join(dir, 'fifo');
    const hasFifo = spawnSync('mkfifo', [fifo]).status === 0;
    const bad: [string, RegExp][] = [
      ['/dev/null', /\/dev\/null: not a regular file/],
      [dir, /: is a directory/],
      [join(dir, 'missing.map'), /missing\.map: no such file/],
      [join(A_FILE, 'x.map'), /plain\.txt\/x\.map: cannot read/],
      [BINARY_FILE, /binary\.bin: .*"\\x1b\[31m\\x00\\x07\\ufffd\\ufffd/],
    ];
    if (hasFifo) bad.push([fifo, /fifo: not a regular file/]);
    for (const [path, message] of bad) {
      if (path.startsWith('/dev/') && !existsSync(path)) continue;
      expectOneLine(`steer --map ${path}`, await run('steer', '--map', path, '--queries', QUERIES, '--radius', '1', '--width', '0.8'), message);
      expectOneLine(`steer --queries ${path}`, await run('steer', '--map', TINY, '--queries', path, '--radius', '1', '--width', '0.8'));
      expectOneLine(`solve --map ${path}`, await run('solve', '--map', path, '--scen', SCEN), message);
      expectOneLine(`solve --scen ${path}`, await run('solve', '--map', ARENA, '--scen', path));
    }
    // The quoted excerpt of a binary file is short: at most 40 characters of it.
    const r = await run('solve', '--map', BINARY_FILE, '--scen', SCEN);
    const quoted = /: ("(?:[^"\\]|\\.)*")/.exec(r.err.split(' header line 1')[1] ?? '')?.[1] ?? '';
    expect(quoted.replace(/\\(x..|u....|.)/g, '_').length, r.err).toBeLessThanOrEqual(42);
  });

  it('query lines with numbers beyond the double range or of the wrong type name the line and the value', async () => {
    const cases: [string, RegExp][] = [
      ['{"sx":1e400,"sy":3.5,"sh":0,"gx":8.5,"gy":3.5}', /line 1: sx must be a finite number, got "Infinity"/],
      ['\n{"sx":3.5,"sy":3.5,"sh":0,"gx":8.5,"gy":3.5,"gh":-1e999}', /line 2: gh must be a finite number or null, got "-Infinity"/],
      ['{"sx":"\\u001b[2J","sy":3.5,"sh":0,"gx":8.5,"gy":3.5}', /line 1: sx must be a finite number, got "\\"\\\\u001b\[2J\\""/],
      ['{"sx":"\u001b[2J"}', /line 1 is not JSON: "{\\"sx\\":\\"\\x1b\[2J/],
      ['[1,2,3]', /line 1 must be an object/],
      ['{"sx":3.5,"sy":3.5,"sh":0,"gx":8.5,"gy":3.5,"gh":null', /line 1 is not JSON: /],
    ];
    for (const [text, message] of cases) {
      const queries = file('bad.jsonl', text + '\n');
      const r = await run('steer', '--map', TINY, '--queries', queries, '--radius', '1', '--width', '0.8');
      expectOneLine(text, r, message);
    }
  });
});

describe('CLI: numbers that cannot be computed', () => {
  it('curve radii far from the scale of the poses: exit 2 and one line saying why', async () => {
    for (const radius of ['1e-300', '1e-12', '5e-324', '1e12', '1e300', '1.7976931348623157e308']) {
      const r = await run('curve', '--from', '0,0,0', '--to', '5,0,0', '--radius', radius);
      expectOneLine(`curve --radius ${radius}`, r, /turning radius .* is too (small|large) relative to the distance 5 .*to compute a curve to 1e-9/);
      expect(r.out).toBe('');
      for (const extra of [['--reverse'], ['--free-heading'], ['--directions', '8']]) {
        expectOneLine(`curve --radius ${radius} ${extra.join(' ')}`, await run('curve', '--from', '0,0,0', '--to', '5,0,0', '--radius', radius, ...extra), /turning radius/);
      }
    }
    expectOneLine('heading 1e300', await run('curve', '--from', '0,0,1e300', '--to', '5,0,0', '--radius', '1'), /from\.heading 1e\+300 is beyond/);
    expectOneLine('steer radius', await run(...steer().map((a) => (a === '1' ? '1e300' : a))), /turningRadius/);
  });

  it('seeded fuzz of the argument parsing: exit 0 with JSON lines, or exit 2 with one printable line', async () => {
    const rng = makeRng(4242);
    const numbers = ['1', '0.5', '-1', '0', '-0', 'NaN', 'Infinity', '-Infinity', '1e400', '1e-320', '5e-324', '1e300', '', ' ', '0x10', '1_000', 'pi', '2pi/3', '1/0', '\u0000', '\u001b[31m', '\u00e9', '9'.repeat(400)];
    const paths = [TINY, QUERIES, BINARY_FILE, A_FILE, dir, join(dir, 'missing'), '/dev/null', '\u001b]0;title\u0007'];
    const pick = <T>(items: readonly T[]): T => rng.pick(items);
    const pose = (): string => Array.from({ length: pick([1, 2, 3, 3, 3, 4]) }, () => pick(numbers)).join(',');
    let ok = 0;
    for (let i = 0; i < 250; i++) {
      const command = pick(['curve', 'curve', 'steer', 'solve', 'nope\u0007']);
      const args: string[] = [command];
      if (command === 'curve') {
        args.push('--from', pose(), '--to', pose(), '--radius', pick(numbers));
        if (rng.chance(0.3)) args.push('--reverse');
        if (rng.chance(0.2)) args.push('--reverse-cost', pick(numbers));
        if (rng.chance(0.2)) args.push('--free-heading');
        if (rng.chance(0.2)) args.push('--directions', pick(numbers));
      } else if (command === 'steer') {
        args.push('--map', rng.chance(0.6) ? TINY : pick(paths), '--queries', rng.chance(0.6) ? QUERIES : pick(paths));
        args.push('--radius', rng.chance(0.5) ? pick(['0.5', '1']) : pick(numbers), '--width', rng.chance(0.5) ? '0.8' : pick(numbers));
        if (rng.chance(0.3)) args.push(pick(['--headings', '--neighborhood', '--reverse-cost', '--turn-penalty', '--max-expansions', '--length', '--mode']), pick(numbers));
      } else {
        args.push('--map', rng.chance(0.5) ? ARENA : pick(paths), '--scen', rng.chance(0.5) ? SCEN : pick(paths), '--first', rng.chance(0.5) ? '2' : pick(numbers));
      }
      if (rng.chance(0.1)) args.splice(1 + rng.int(args.length - 1), 1);
      if (rng.chance(0.05)) args.push(pick(['--bogus', 'stray', '--radius']));
      const label = `case ${i}: ${JSON.stringify(args)}`;
      const r = await run(...args);
      if (r.code === 0) {
        ok++;
        expect(r.err, label).toBe('');
        for (const line of r.out.split('\n').slice(0, -1)) expect(() => JSON.parse(line), label).not.toThrow();
        expect(r.out, label).not.toMatch(/NaN/);
      } else {
        expectOneLine(label, r);
      }
    }
    expect(ok).toBeGreaterThan(5);
  });
});
