import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../../src/cli/args.js';
import { directionalCommand } from '../../../src/cli/directional.js';
import { main } from '../../../src/cli/main.js';
import { Grid } from '../../../src/grid/grid.js';
import { pathProblem } from '../../support/footprint-sampler.js';

const ARENA = fileURLToPath(new URL('../../fixtures/arena.map', import.meta.url));

function run(args: string[]): { code: number; out: string } {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  const code = directionalCommand(args);
  vi.restoreAllMocks();
  return { code, out };
}

afterEach(() => vi.restoreAllMocks());

function queriesFile(lines: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'headway-directional-'));
  const file = join(dir, 'q.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

describe('headway directional', () => {
  it('prints one JSON line per query with legal segments, and one picture per query', () => {
    const queries = [
      { sx: 3.5, sy: 3.5, sh: 0, gx: 40.5, gy: 30.5, gh: null },
      { sx: 10.2, sy: 20.7, sh: 1.3, gx: 25.5, gy: 5.5, gh: Math.PI / 2 },
      { sx: 0, sy: 0, sh: 0, gx: 1, gy: 1, gh: null },
    ];
    const file = queriesFile(queries);
    const svg = mkdtempSync(join(tmpdir(), 'headway-svg-'));
    const { code, out } = run(['--map', ARENA, '--queries', file, '--radius', '1', '--width', '0.8', '--mode', 'hybrid', '--svg', svg]);
    expect(code).toBe(0);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    const grid = Grid.fromMovingAi(readFileSync(ARENA, 'utf8'));
    for (let i = 0; i < 2; i++) {
      const line = lines[i];
      expect(Object.keys(line).sort()).toEqual(['expanded', 'length', 'micros', 'segments', 'status']);
      expect(line.status).toBe('found');
      const q = queries[i]!;
      const problem = pathProblem(grid, line.segments, {
        start: { x: q.sx, y: q.sy, heading: q.sh },
        goal: { x: q.gx, y: q.gy, heading: q.gh },
        turningRadius: 1,
        sweepRadius: 0.4,
      });
      expect(problem).toBeNull();
      for (const s of line.segments) {
        expect(['line', 'arc']).toContain(s.kind);
        if (s.kind === 'arc') expect([1, -1]).toContain(s.turn);
      }
    }
    expect(lines[2]).toMatchObject({ status: 'start-blocked', length: null, segments: [] });
    expect(lines[2].message).toMatch(/overlaps a wall/);
    expect(readdirSync(svg).sort()).toEqual(['query-1.svg', 'query-2.svg', 'query-3.svg']);
    expect(readFileSync(join(svg, 'query-1.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<polyline[\s\S]*<\/svg>\n$/);
  });

  it('backs up with --reverse and honours the lattice options', () => {
    const file = queriesFile([{ sx: 10.5, sy: 10.5, sh: 0, gx: 7.5, gy: 10.5, gh: 0 }]);
    const { out } = run(['--map', ARENA, '--queries', file, '--radius', '2', '--width', '0.8', '--reverse', '--reverse-cost', '1.5', '--headings', '8', '--neighborhood', '48']);
    const line = JSON.parse(out);
    expect(line.status).toBe('found');
    expect(line.length).toBeCloseTo(3, 9);
    expect(line.segments.every((s: { reverse: boolean }) => s.reverse)).toBe(true);
  });

  it('runs under its old name steer exactly as under directional, saying nothing more', async () => {
    const file = queriesFile([
      { sx: 3.5, sy: 3.5, sh: 0, gx: 20.5, gy: 9.5, gh: null },
      { sx: 3.5, sy: 3.5, sh: 0, gx: 0, gy: -5, gh: null },
    ]);
    const capture = async (name: string): Promise<{ code: number; out: string; err: string }> => {
      let out = '';
      let err = '';
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
      const code = await main([name, '--map', ARENA, '--queries', file, '--radius', '1', '--width', '0.8']);
      vi.restoreAllMocks();
      // The timing differs from run to run; everything else must not.
      return { code, out: out.replace(/"micros":[0-9.e+-]+/g, '"micros":0'), err };
    };
    const now = await capture('directional');
    expect(now.code).toBe(0);
    expect(now.out.trim().split('\n').map((l) => JSON.parse(l).status)).toEqual(['found', 'out-of-bounds']);
    expect(await capture('steer')).toEqual(now);
  });

  it('rejects bad arguments and bad query lines with a usage error', () => {
    const good = queriesFile([{ sx: 3.5, sy: 3.5, sh: 0, gx: 5.5, gy: 5.5, gh: null }]);
    const base = ['--map', ARENA, '--queries', good, '--radius', '1', '--width', '0.8'];
    expect(() => directionalCommand(['--map', ARENA, '--queries', good, '--width', '0.8'])).toThrow(/--radius is required/);
    expect(() => directionalCommand([...base, '--headings', '12'])).toThrow(/--headings must be 8 or 16/);
    expect(() => directionalCommand([...base, '--neighborhood', '9'])).toThrow(/--neighborhood must be 8, 24 or 48/);
    expect(() => directionalCommand([...base, '--mode', 'fast'])).toThrow(/--mode must be full or hybrid/);
    expect(() => directionalCommand([...base, '--reverse-cost', '2'])).toThrow(/needs --reverse/);
    expect(() => directionalCommand(['--map', ARENA, '--queries', good, '--radius', '-1', '--width', '0.8'])).toThrow(UsageError);
    expect(() => directionalCommand(['--map', ARENA, '--queries', queriesFile([{ sx: 1, sy: 2, sh: 'x' }]), '--radius', '1', '--width', '0.8'])).toThrow(/sh must be a finite number/);
    expect(() => directionalCommand(['--map', '/nonexistent.map', '--queries', good, '--radius', '1', '--width', '0.8'])).toThrow(/no such file/);
  });
});
