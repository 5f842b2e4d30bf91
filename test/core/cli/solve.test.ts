import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureCli, fixturePath, type CliRun } from '../../support/cli.js';
import { fileURLToPath } from 'node:url';
import { main } from '../../../src/cli/main.js';
import { parseScenarios } from '../../../src/grid/scenario.js';
import { readFileSync } from 'node:fs';

const fixture = fixturePath;

/** Runs the command in-process and collects what it writes. */
const run = (...args: string[]): Promise<CliRun> => captureCli(main, args);

afterEach(() => vi.restoreAllMocks());

describe('headway solve', () => {
  it('reproduces every optimal length of the arena scenarios with --cells', async () => {
    const { code, out } = await run('solve', '--map', fixture('arena.map'), '--scen', fixture('arena.map.scen'), '--cells');
    expect(code).toBe(0);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    const expected = parseScenarios(readFileSync(fixture('arena.map.scen'), 'utf8'));
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, i) => {
      expect(line.status).toBe('found');
      expect(Math.abs(line.length - expected[i]!.optimalLength)).toBeLessThan(1e-4);
      expect(line.path[0]).toEqual([expected[i]!.startX + 0.5, expected[i]!.startY + 0.5]);
      expect(line.path.at(-1)).toEqual([expected[i]!.goalX + 0.5, expected[i]!.goalY + 0.5]);
      expect(typeof line.micros).toBe('number');
    });
  });

  it('prints corner points without --cells and honours --first', async () => {
    const { code, out } = await run('solve', '--map', fixture('arena.map'), '--scen', fixture('arena.map.scen'), '--first', '2');
    expect(code).toBe(0);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ sx: 1, sy: 11, gx: 1, gy: 12, status: 'found', length: 1 });
    expect(lines[0].path).toEqual([[1, 11], [1, 12]]);
  });

  it('exits 2 with one line naming the problem', async () => {
    const cases: [string[], RegExp][] = [
      [['solve', '--scen', fixture('arena.map.scen')], /--map is required/],
      [['solve', '--map', 'nope.map', '--scen', fixture('arena.map.scen')], /nope\.map: no such file/],
      [['solve', '--map', fixture('arena.map'), '--scen', fixture('arena.map.scen'), '--algo', 'magic'], /unknown algorithm "magic"/],
      [['solve', '--map', fixture('arena.map.scen'), '--scen', fixture('arena.map.scen')], /arena\.map\.scen: /],
      [['solve', '--map', fixture('arena.map'), '--scen', fixture('arena.map')], /arena\.map: scenario line/],
      [['solve', '--map', fixture('arena.map'), '--scen', fixture('arena.map.scen'), '--first', '-1'], /--first/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['solve', '--map', fixture('arena.map'), '--scen', fixture('arena.map.scen'), '--algo', 'anya', '--cells'], /--algo anya --cells: /],
    ];
    for (const [args, message] of cases) {
      const { code, err, out } = await run(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(err).toMatch(message);
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(out).toBe('');
    }
  });
});
