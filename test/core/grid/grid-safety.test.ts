import { describe, expect, it } from 'vitest';
import { excerpt } from '../../../src/grid/excerpt.js';
import { Grid, GridFormatError, type GridArea } from '../../../src/grid/grid.js';
import { parseScenarios } from '../../../src/grid/scenario.js';

describe('Grid changes are exception-safe', () => {
  it('a fill whose predicate throws part-way writes nothing, keeps the version and tells nobody', () => {
    const g = Grid.fromAscii(['....', '.@@.', '....']);
    const before = g.toAscii();
    const areas: GridArea[] = [];
    g.onChange((a) => areas.push(a));
    g.watch((a) => areas.push(a));
    let asked = 0;
    expect(() =>
      g.fill(0, 0, 4, 3, (x, y) => {
        asked++;
        if (x === 2 && y === 2) throw new Error('predicate broke');
        return !g.isBlocked(x, y); // invert: every cell asked before would change
      }),
    ).toThrow('predicate broke');
    expect(asked).toBe(11);
    expect(g.toAscii()).toEqual(before);
    expect(g.version).toBe(0);
    expect(areas).toEqual([]);
  });

  it('a throwing listener added first does not stop the others, watchers run before listeners, and the error reaches the caller after all ran', () => {
    const g = new Grid(3, 3);
    const calls: string[] = [];
    g.onChange(() => {
      calls.push('bad');
      throw new Error('game listener broke');
    });
    g.onChange(() => calls.push('good'));
    g.watch(() => calls.push('cache'));
    expect(() => g.setBlocked(1, 1, true)).toThrow('game listener broke');
    expect(calls).toEqual(['cache', 'bad', 'good']);
    expect(g.isBlocked(1, 1)).toBe(true);
    expect(g.version).toBe(1);
  });

  it('several throwing listeners are rethrown together as an AggregateError', () => {
    const g = new Grid(2, 2);
    const one = new Error('one');
    const two = new Error('two');
    g.onChange(() => {
      throw one;
    });
    g.watch(() => {
      throw two;
    });
    let caught: unknown;
    try {
      g.fill(0, 0, 2, 2, () => true);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AggregateError);
    expect((caught as AggregateError).errors).toEqual([two, one]);
    expect(g.toAscii()).toEqual(['@@', '@@']);
  });

  it('each listener gets its own copy of the area', () => {
    const g = new Grid(3, 3);
    const seen: GridArea[] = [];
    g.onChange((a) => {
      a.x = 99;
    });
    g.onChange((a) => seen.push(a));
    g.setBlocked(2, 1, true);
    expect(seen).toEqual([{ x: 2, y: 1, width: 1, height: 1 }]);
  });

  it('rejects bad arguments to setBlocked and fill without changing anything', () => {
    const g = new Grid(3, 3);
    for (const [x, y] of [[NaN, 0], [0, NaN], [1.5, 1], [Infinity, 0], [0, -Infinity]] as const) {
      expect(() => g.setBlocked(x, y, true)).toThrow(RangeError);
    }
    expect(() => g.fill(NaN, 0, 1, 1, () => true)).toThrow(/finite corner/);
    expect(() => g.fill(0, Infinity, 1, 1, () => true)).toThrow(/finite corner/);
    expect(() => g.fill(0, 0, -1, 1, () => true)).toThrow(/size >= 0/);
    expect(() => g.fill(0, 0, 1, NaN, () => true)).toThrow(/size >= 0/);
    expect(() => g.fill(0, 0, 1, 1, 'yes' as unknown as () => boolean)).toThrow(TypeError);
    expect(g.version).toBe(0);
    g.fill(1, 1, Infinity, Infinity, () => true); // an infinite size reaches the edge
    expect(g.toAscii()).toEqual(['...', '.@@', '.@@']);
    g.setBlocked(-1, 0, false); // outside the map: ignored, stays blocked
    expect(g.isBlocked(-1, 0)).toBe(true);
  });
});

describe('Grid queries at fractional and NaN indices', () => {
  const g = Grid.fromAscii(['.@', '..']);
  it('floors fractional cell indices', () => {
    expect(g.isBlocked(1.5, 0)).toBe(true);
    expect(g.isBlocked(1.999, 0.999)).toBe(true);
    expect(g.isBlocked(1.5, 1)).toBe(false); // cell (1, 1)
    expect(g.isBlocked(0.5, 0.5)).toBe(false);
    expect(g.isBlocked(-0.5, 0)).toBe(true); // floors to -1: outside
    expect(g.isBlocked(2, 0.5)).toBe(true); // outside
    expect(g.inBounds(1.5, 1.5)).toBe(true);
    expect(g.inBounds(2, 1.5)).toBe(false);
  });
  it('treats NaN as outside the map', () => {
    expect(g.isBlocked(NaN, 0)).toBe(true);
    expect(g.isBlocked(0, NaN)).toBe(true);
    expect(g.inBounds(NaN, 0)).toBe(false);
  });
});

describe('Grid construction from bad input', () => {
  const typeError = (fn: () => unknown): string => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(TypeError);
      return (e as Error).message;
    }
    throw new Error('expected a TypeError');
  };
  it('names what it got instead of failing deep inside', () => {
    expect(typeError(() => Grid.fromAscii(null as unknown as string))).toMatch(/fromAscii needs a string or an array of strings, got null/);
    expect(typeError(() => Grid.fromAscii(['..', 3] as unknown as string[]))).toMatch(/fromAscii/);
    expect(typeError(() => Grid.fromBooleans(undefined as unknown as boolean[][]))).toMatch(/fromBooleans needs an array of rows, got undefined/);
    expect(typeError(() => Grid.fromBooleans([[true], 'x'] as unknown as boolean[][]))).toMatch(/row 1 is not an array/);
    expect(typeError(() => Grid.fromMovingAi(42 as unknown as string))).toMatch(/fromMovingAi needs the map's text as a string, got 42/);
    expect(typeError(() => Grid.fromPredicate(2, 2, null as unknown as () => boolean))).toMatch(/fromPredicate needs a predicate function, got null/);
    expect(() => new Grid('3' as unknown as number, 3)).toThrow(/width must be an integer from 0 to \d+, got a string of 1 characters/);
  });
  it('quotes bad map text as a short escaped excerpt, never raw bytes', () => {
    const binary = 'type octile\nheight 1\n\u0000\u0001\u00ff' + 'x'.repeat(500) + '\nwidth 1\nmap\n.\n';
    let message = '';
    try {
      Grid.fromMovingAi(binary);
    } catch (e) {
      expect(e).toBeInstanceOf(GridFormatError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/^unexpected header line 3: "\\x00\\x01\\u00ffx+"\.\.\.$/);
    expect(message.length).toBeLessThan(120);
    expect(/[\u0000-\u001f\u007f-\uffff]/.test(message)).toBe(false);
    expect(() => Grid.fromAscii(['.\u0007'])).toThrow('row 0 column 1: unknown cell "\\x07"');
    expect(() => parseScenarios('version 1\n0\tm.map\t1\t1\t0\t0\t\u0000\u0000\t0\t0\n')).toThrow(/"\\x00\\x00" is not a valid number/);
  });
  it('excerpt escapes and cuts', () => {
    expect(excerpt('plain')).toBe('"plain"');
    expect(excerpt('a"b\\c\n\t\r')).toBe('"a\\"b\\\\c\\n\\t\\r"');
    expect(excerpt('\u{1f600}')).toBe('"\\u{1f600}"');
    expect(excerpt('abcdef', 3)).toBe('"abc"...');
  });
});
