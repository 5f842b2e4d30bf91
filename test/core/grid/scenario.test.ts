import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { GridFormatError } from '../../../src/grid/grid.js';
import { parseScenarios } from '../../../src/grid/scenario.js';

describe('parseScenarios', () => {
  it('reads tab-separated version 1 files and skips empty lines', () => {
    const text = 'version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n\n1\tarena.map\t49\t49\t3\t4\t5\t6\t7.24264\n';
    expect(parseScenarios(text)).toEqual([
      { bucket: 0, map: 'maps/dao/arena.map', mapWidth: 49, mapHeight: 49, startX: 1, startY: 11, goalX: 1, goalY: 12, optimalLength: 1 },
      { bucket: 1, map: 'arena.map', mapWidth: 49, mapHeight: 49, startX: 3, startY: 4, goalX: 5, goalY: 6, optimalLength: 7.24264 },
    ]);
  });

  it('reads space-separated version 1.0 files', () => {
    const [s] = parseScenarios('version 1.0\n2 maps/bgmaps/AR0011SR.map 512 512 10 20 30 40 9.41\n');
    expect(s).toMatchObject({ startX: 10, startY: 20, goalX: 30, goalY: 40, optimalLength: 9.41 });
  });

  it('names the bad line and field', () => {
    expect(() => parseScenarios('version 1\n0 a.map 4 4 1 2 3\n')).toThrow(/line 2: expected 9 fields, found 7/);
    expect(() => parseScenarios('version 1\n0 a.map 4 4 1.5 2 3 4 5\n')).toThrow(GridFormatError);
    expect(() => parseScenarios('version 1\n0 a.map 4 4 x 2 3 4 5\n')).toThrow(/field 5 "x"/);
  });

  it('parses the committed arena fixture', () => {
    const scenarios = parseScenarios(readFileSync(new URL('../../fixtures/arena.map.scen', import.meta.url), 'utf8'));
    expect(scenarios).toHaveLength(160);
    expect(scenarios.every((s) => s.mapWidth === 49 && s.mapHeight === 49)).toBe(true);
  });
});
