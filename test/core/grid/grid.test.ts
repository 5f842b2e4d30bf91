import { describe, expect, it } from 'vitest';
import { Grid, GridFormatError, MAX_GRID_SIDE, type GridArea } from '../../../src/grid/grid.js';
import { isDoubleCorner, isPointFree } from '../../../src/grid/point.js';

const movingAi = (height: number | string, width: number | string, rows: string[], type = 'type octile'): string =>
  [type, `height ${height}`, `width ${width}`, 'map', ...rows].join('\n') + '\n';

function formatError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GridFormatError);
    expect((e as Error).name).toBe('GridFormatError');
    return (e as Error).message;
  }
  throw new Error('expected a GridFormatError, nothing was thrown');
}

describe('Grid construction and parsing', () => {
  it('new Grid is all free and has the given size', () => {
    const g = new Grid(3, 2);
    expect([g.width, g.height]).toEqual([3, 2]);
    expect(g.toAscii()).toEqual(['...', '...']);
    expect(g.version).toBe(0);
    expect(new Grid(0, 0).toAscii()).toEqual([]);
  });

  it('rejects bad sizes', () => {
    expect(() => new Grid(-1, 2)).toThrow(RangeError);
    expect(() => new Grid(2, 1.5)).toThrow(RangeError);
    expect(() => new Grid(MAX_GRID_SIDE + 1, 1)).toThrow(RangeError);
    expect(() => new Grid(NaN, 1)).toThrow(RangeError);
  });

  it('fromAscii reads rows: . free, @ and # blocked, y down', () => {
    const g = Grid.fromAscii(['.@.#', '....', '#...']);
    expect([g.width, g.height]).toEqual([4, 3]);
    expect(g.isBlocked(1, 0)).toBe(true);
    expect(g.isBlocked(3, 0)).toBe(true);
    expect(g.isBlocked(0, 2)).toBe(true);
    expect(g.isBlocked(0, 0)).toBe(false);
    expect(g.isBlocked(2, 2)).toBe(false);
    expect(g.toAscii()).toEqual(['.@.@', '....', '@...']);
  });

  it('fromAscii reads a multi-line string, ignoring blank lines at either end and CRLF', () => {
    const g = Grid.fromAscii(`
      ..@
      @..
    `);
    expect(g.toAscii()).toEqual(['..@', '@..']);
    expect(Grid.fromAscii('.@\r\n@.\r\n').toAscii()).toEqual(['.@', '@.']);
    expect(Grid.fromAscii('').width).toBe(0);
    expect(Grid.fromAscii([]).height).toBe(0);
  });

  it('fromAscii names a bad character and ragged rows', () => {
    const bad = formatError(() => Grid.fromAscii(['...', '.x.']));
    expect(bad).toMatch(/row 1/);
    expect(bad).toMatch(/column 1/);
    expect(bad).toMatch(/"x"/);
    const ragged = formatError(() => Grid.fromAscii(['...', '..', '...']));
    expect(ragged).toMatch(/row 1 has 2 cells/);
    expect(formatError(() => Grid.fromAscii('..\n\n..'))).toMatch(/row 1 has 0 cells/);
  });

  it('fromBooleans and fromPredicate', () => {
    const g = Grid.fromBooleans([
      [false, true],
      [true, false],
      [false, false],
    ]);
    expect(g.toAscii()).toEqual(['.@', '@.', '..']);
    expect(formatError(() => Grid.fromBooleans([[true], [true, false]]))).toMatch(/row 1 has 2 cells/);
    const p = Grid.fromPredicate(3, 2, (x, y) => x === y);
    expect(p.toAscii()).toEqual(['@..', '.@.']);
  });

  it('fromMovingAi reads the octile format: . G S free, @ O T W blocked', () => {
    const g = Grid.fromMovingAi(movingAi(3, 4, ['.GS@', 'OTW.', '....']));
    expect(g.toAscii()).toEqual(['...@', '@@@.', '....']);
    expect([g.width, g.height]).toEqual([4, 3]);
    // CRLF line ends and trailing spaces on rows are tolerated.
    const crlf = Grid.fromMovingAi('type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.@  \r\nT.\r\n');
    expect(crlf.toAscii()).toEqual(['.@', '@.']);
  });

  it('fromMovingAi names what is wrong', () => {
    expect(formatError(() => Grid.fromMovingAi(movingAi(2, 3, ['...', '.x.'])))).toMatch(/row 1 column 1: unknown cell "x"/);
    expect(formatError(() => Grid.fromMovingAi(movingAi(2, 3, ['...', '..'])))).toMatch(/row 1 has 2 cells/);
    expect(formatError(() => Grid.fromMovingAi(movingAi(2, 4, ['...', '...'])))).toMatch(/header says width 4, rows have 3/);
    expect(formatError(() => Grid.fromMovingAi('type octile\nheight 3\nwidth 3\nmap\n...\n...'))).toMatch(
      /header says height 3, found 2 rows/,
    );
    expect(formatError(() => Grid.fromMovingAi('type octile\nheight 2\nwidth 2\n'))).toMatch(/no "map" line/);
    // Without the map line the first row reads as a header line, and the message says which.
    expect(formatError(() => Grid.fromMovingAi('type octile\nheight 2\nwidth 2\n..\n..'))).toMatch(
      /unexpected header line 4: "\.\."/,
    );
    expect(formatError(() => Grid.fromMovingAi('type octile\nwidth 2\nmap\n..'))).toMatch(/no "height" header/);
    expect(formatError(() => Grid.fromMovingAi('type octile\nheight 1\nmap\n..'))).toMatch(/no "width" header/);
    expect(formatError(() => Grid.fromMovingAi(movingAi('two', 2, ['..'])))).toMatch(/bad height "two"/);
    expect(formatError(() => Grid.fromMovingAi(movingAi(1, -2, ['..'])))).toMatch(/bad width "-2"/);
    expect(formatError(() => Grid.fromMovingAi(movingAi(1, 2, ['..'], 'kind octile')))).toMatch(/unexpected header line 1/);
  });

  it('fromMovingAi rejects a height header that disagrees with the rows', () => {
    expect(formatError(() => Grid.fromMovingAi(movingAi(2, 3, ['...', '...', '@@@'])))).toMatch(/header says height 2, found 3 rows/);
    expect(formatError(() => Grid.fromMovingAi('type octile\nheight 2\nwidth 3\nmap\n...\n'))).toMatch(/header says height 2, found 1 rows/);
  });
});

describe('Grid queries and changes', () => {
  it('isBlocked is true outside the map', () => {
    const g = new Grid(2, 3);
    for (const [x, y] of [
      [-1, 0],
      [0, -1],
      [2, 0],
      [0, 3],
      [-1, -1],
      [2, 3],
      [100, 100],
    ]) {
      expect(g.isBlocked(x!, y!), `(${x}, ${y})`).toBe(true);
    }
    expect(g.isBlocked(1, 2)).toBe(false);
    expect(g.inBounds(1, 2)).toBe(true);
    expect(g.inBounds(2, 2)).toBe(false);
  });

  it('setBlocked changes the cell, bumps version and calls onChange only on a real change', () => {
    const g = new Grid(3, 3);
    const areas: GridArea[] = [];
    const off = g.onChange((a) => areas.push(a));
    g.setBlocked(1, 2, true);
    expect(g.isBlocked(1, 2)).toBe(true);
    expect(g.version).toBe(1);
    expect(areas).toEqual([{ x: 1, y: 2, width: 1, height: 1 }]);
    g.setBlocked(1, 2, true); // no change
    expect(g.version).toBe(1);
    expect(areas).toHaveLength(1);
    g.setBlocked(5, 5, true); // outside: ignored
    expect(() => g.setBlocked(0.5, 0, true)).toThrow(/integer cell coordinates, got \(0\.5, 0\)/); // not a cell
    expect(g.version).toBe(1);
    expect(g.toAscii()).toEqual(['...', '...', '.@.']);
    g.setBlocked(1, 2, false);
    expect(g.version).toBe(2);
    expect(g.isBlocked(1, 2)).toBe(false);
    off();
    g.setBlocked(0, 0, true);
    expect(g.version).toBe(3);
    expect(areas).toHaveLength(2);
  });

  it('fill sets a clipped rectangle in one change', () => {
    const g = new Grid(4, 3);
    const areas: GridArea[] = [];
    g.onChange((a) => areas.push(a));
    g.fill(-1, 1, 3, 5, () => true);
    expect(g.toAscii()).toEqual(['....', '@@..', '@@..']);
    expect(g.version).toBe(1);
    expect(areas).toEqual([{ x: 0, y: 1, width: 2, height: 2 }]);
    g.fill(0, 0, 4, 3, (x, y) => g.isBlocked(x, y)); // nothing changes
    expect(g.version).toBe(1);
    expect(areas).toHaveLength(1);
    g.fill(0, 0, 4, 3, (x, y) => (x + y) % 2 === 0);
    expect(g.toAscii()).toEqual(['@.@.', '.@.@', '@.@.']);
    expect(g.version).toBe(2);
    expect(areas[1]).toEqual({ x: 0, y: 0, width: 4, height: 3 });
  });

  it('clone copies the cells, not the listeners', () => {
    const g = Grid.fromAscii(['.@', '..']);
    let calls = 0;
    g.onChange(() => calls++);
    const c = g.clone();
    c.setBlocked(0, 0, true);
    expect(c.toAscii()).toEqual(['@@', '..']);
    expect(g.toAscii()).toEqual(['.@', '..']);
    expect(calls).toBe(0);
  });
});

describe('isPointFree and isDoubleCorner', () => {
  // Cells: (0,0) (1,0) blocked; (2,1) blocked; (0,2) blocked. Vertex (2,1): NW (1,0) and SE (2,1)
  // blocked, NE (2,0) and SW (1,1) free: a double corner.
  const g = Grid.fromAscii(['@@..', '..@.', '@...']);

  it('isPointFree: cell interiors, edges, vertices, the border and outside', () => {
    expect(isPointFree(g, 0.5, 0.5)).toBe(false); // in a blocked cell
    expect(isPointFree(g, 2.5, 0.5)).toBe(true); // in a free cell
    expect(isPointFree(g, 1, 0.5)).toBe(false); // edge between (0,0) and (1,0), both blocked
    expect(isPointFree(g, 2, 0.5)).toBe(true); // edge between (1,0) blocked and (2,0) free
    expect(isPointFree(g, 0.5, 1)).toBe(true); // edge under (0,0), above free (0,1)
    expect(isPointFree(g, 0.5, 0)).toBe(false); // top border over blocked (0,0)
    expect(isPointFree(g, 2.5, 0)).toBe(true); // top border over free (2,0)
    expect(isPointFree(g, 1, 0)).toBe(false); // border vertex: outside and two blocked cells
    expect(isPointFree(g, 2, 0)).toBe(true);
    expect(isPointFree(g, 1, 1)).toBe(true); // two blocked above, two free below
    expect(isPointFree(g, 2, 1)).toBe(true); // the double corner itself is free
    expect(isPointFree(g, 0, 3)).toBe(false); // map corner of blocked (0,2)
    expect(isPointFree(g, 4, 3)).toBe(true); // map corner of free (3,2)
    expect(isPointFree(g, -0.001, 1.5)).toBe(false);
    expect(isPointFree(g, 4.001, 1.5)).toBe(false);
    expect(isPointFree(g, 1, 3.5)).toBe(false);
    expect(isPointFree(g, NaN, 1)).toBe(false);
    const solid = Grid.fromAscii(['@@', '@@']);
    expect(isPointFree(solid, 1, 1)).toBe(false); // vertex with all four blocked
    expect(isPointFree(Grid.fromAscii(['@@', '@.']), 1, 1)).toBe(true); // three blocked
  });

  it('isDoubleCorner: both diagonals, and what is not one', () => {
    expect(isDoubleCorner(g, 2, 1)).toBe(true);
    expect(isDoubleCorner(Grid.fromAscii(['.@', '@.']), 1, 1)).toBe(true);
    expect(isDoubleCorner(Grid.fromAscii(['@.', '.@']), 1, 1)).toBe(true);
    expect(isDoubleCorner(Grid.fromAscii(['@@', '..']), 1, 1)).toBe(false);
    expect(isDoubleCorner(Grid.fromAscii(['@@', '@.']), 1, 1)).toBe(false);
    expect(isDoubleCorner(Grid.fromAscii(['@@', '@@']), 1, 1)).toBe(false);
    expect(isDoubleCorner(Grid.fromAscii(['..', '..']), 1, 1)).toBe(false);
    expect(isDoubleCorner(Grid.fromAscii(['@.', '..']), 1, 1)).toBe(false);
    // On the border two of the four cells are outside (blocked) and side by side: never a double corner.
    const b = Grid.fromAscii(['.@', '@.']);
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [2, 1],
      [0, 1],
      [1, 2],
    ]) {
      expect(isDoubleCorner(b, x!, y!), `(${x}, ${y})`).toBe(false);
    }
  });
});
