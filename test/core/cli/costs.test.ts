import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { captureCli, type CliRun } from '../../support/cli.js';

const run = (...args: string[]): Promise<CliRun> => captureCli(main, args);

afterEach(() => vi.restoreAllMocks());

const dir = mkdtempSync(join(tmpdir(), 'headway-cli-costs-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// A 5x3 open map; one query from cell (0, 1) to cell (4, 1).
const map = file('open.map', 'type octile\nheight 3\nwidth 5\nmap\n.....\n.....\n.....\n');
const scen = file('open.map.scen', 'version 1\n0\topen.map\t5\t3\t0\t1\t4\t1\t4\n');
// Row 0 costs 2, the middle row 9 inside, row 2 costs 3.
const costs = file('costs.txt', '22222\n.999.\n33333\n');

describe('headway solve --costs', () => {
  it('plans by cost and prints the weighted cost beside the Euclidean length', async () => {
    const { code, out, err } = await run('solve', '--map', map, '--scen', scen, '--cells', '--costs', costs);
    expect(err).toBe('');
    expect(code).toBe(0);
    const line = JSON.parse(out);
    // Straight along the middle row: ½ + 9 + 9 + 9 + ½ = 28. Over row 0: two diagonals half in a
    // cost-1 and half in a cost-2 cell (√2/2 · 3 each) and two steps of cost 2: 4 + 3√2.
    expect(line.status).toBe('found');
    expect(line.cost).toBeCloseTo(4 + 3 * Math.SQRT2, 9);
    expect(line.length).toBeCloseTo(2 + 2 * Math.SQRT2, 9);
    expect(line.path).toEqual([[0.5, 1.5], [1.5, 0.5], [2.5, 0.5], [3.5, 0.5], [4.5, 1.5]]);
  });

  it('without --costs the cost is the length; theta and lazy-theta take costs too', async () => {
    const plain = JSON.parse((await run('solve', '--map', map, '--scen', scen, '--cells')).out);
    expect(plain.cost).toBe(plain.length);
    expect(plain.length).toBe(4);
    for (const algo of ['theta', 'lazy-theta']) {
      const { code, out } = await run('solve', '--map', map, '--scen', scen, '--costs', costs, '--algo', algo);
      expect(code, algo).toBe(0);
      const line = JSON.parse(out);
      expect(line.status, algo).toBe('found');
      expect(line.cost, algo).toBeGreaterThan(line.length);
    }
  });

  it('exits 2 with one line for a planner that cannot take costs or a bad costs file', async () => {
    const cases: [string[], RegExp][] = [
      [['--algo', 'jps', '--costs', costs], /--algo jps assumes uniform tile costs and cannot take --costs; planners that can: astar, theta, lazy-theta$/],
      [['--algo', 'anya', '--costs', costs], /--algo anya assumes uniform tile costs/],
      [['--costs', file('short.txt', '.....\n.....\n')], /short\.txt: has 2 rows, the map has 3$/],
      [['--costs', file('long.txt', '.....\n.....\n.....\n.....\n')], /long\.txt: has 4 rows, the map has 3$/],
      [['--costs', file('narrow.txt', '.....\n....\n.....\n')], /narrow\.txt: row 1 has 4 cells, the map is 5 wide$/],
      [['--costs', file('letter.txt', '.....\n..x..\n.....\n')], /letter\.txt: row 1 column 2: unknown cost "x" \(1 to 9, or \. for 1\)$/],
      [['--costs', file('zero.txt', '.....\n.....\n...0.\n')], /zero\.txt: row 2 column 3: unknown cost "0"/],
      [['--costs', join(dir, 'missing.txt')], /missing\.txt: no such file/],
    ];
    for (const [extra, message] of cases) {
      const { code, err, out } = await run('solve', '--map', map, '--scen', scen, ...extra);
      expect(code, extra.join(' ')).toBe(2);
      expect(err.trim(), extra.join(' ')).toMatch(message);
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(out).toBe('');
    }
  });

  it('accepts trailing spaces, CRLF and a final blank line', async () => {
    const { code, out } = await run('solve', '--map', map, '--scen', scen, '--cells', '--costs', file('crlf.txt', '22222  \r\n.999.\r\n33333\r\n\r\n'));
    expect(code).toBe(0);
    expect(JSON.parse(out).cost).toBeCloseTo(4 + 3 * Math.SQRT2, 9);
  });
});

describe('headway steer --costs', () => {
  const queries = file('q.jsonl', '{"sx":0.5,"sy":1.5,"sh":0,"gx":4.5,"gy":1.5,"gh":null}\n');
  const steer = (...extra: string[]): Promise<CliRun> => run('steer', '--map', map, '--queries', queries, '--radius', '1', '--width', '0.5', ...extra);

  it('plans on the costs and prints each path\'s weighted cost; a bad file exits 2', async () => {
    const { code, out } = await steer('--costs', costs);
    expect(code).toBe(0);
    const line = JSON.parse(out) as { status: string; length: number; cost: number };
    expect(line.status).toBe('found');
    // The straight way along the middle row costs 0.5 + 3 x 9 + 0.5 = 28: the path bends into
    // the row of cost 2 instead, longer than 4 tiles and far cheaper.
    expect(line.length).toBeGreaterThan(4);
    expect(line.cost).toBeGreaterThanOrEqual(line.length);
    expect(line.cost).toBeLessThan(16);
    const plain = await steer();
    expect(JSON.parse(plain.out)).not.toHaveProperty('cost');
    const bad = await steer('--costs', file('bad-steer.txt', '.....\n.....\n....?\n'));
    expect(bad.code).toBe(2);
    expect(bad.err.trim()).toMatch(/bad-steer\.txt: row 2 column 4: unknown cost "\?"/);
  });
});
