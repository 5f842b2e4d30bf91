import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureCli, fixturePath, type CliRun } from '../../support/cli.js';
import { fileURLToPath } from 'node:url';
import { main } from '../../../src/cli/main.js';
import { registerPlanner } from '../../../src/core.js';
import { STRAIGHT_LINE_ENTRY } from '../../support/straight-line-planner.js';

const fixture = fixturePath;

/** Runs the command in-process and collects what it writes. */
const run = (...args: string[]): Promise<CliRun> => captureCli(main, args);

afterEach(() => vi.restoreAllMocks());

describe('headway solve and the planner registry', () => {
  it('refuses a curve planner by name, pointing to the directional command', async () => {
    const { code, err } = await run('solve', '--map', fixture('arena.map'), '--scen', fixture('arena.map.scen'), '--algo', 'directional-hybrid');
    expect(code).toBe(2);
    expect(err).toMatch(/--algo directional-hybrid is a curve planner.*headway directional.*polyline planners: astar, anya/);
  });

  it('lists and runs a registered planner', async () => {
    registerPlanner(STRAIGHT_LINE_ENTRY);
    expect((await run('--help')).out).toMatch(/--algo astar\|anya\|vg\|astar-ps\|jps\|jps-ps\|theta\|lazy-theta\|toy\]/);
    const { code, out } = await run('solve', '--map', fixture('arena.map'), '--scen', fixture('arena.map.scen'), '--algo', 'toy', '--first', '1');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ sx: 1, sy: 11, gx: 1, gy: 12, status: 'found', length: 1, path: [[1, 11], [1, 12]] });
  });
});
