import { describe, expect, it } from 'vitest';
import { Grid } from '../../../src/grid/grid.js';

describe('Grid.watcherCount', () => {
  it('counts the watchers and layout watchers registered, not the onChange listeners', () => {
    const grid = new Grid(4, 3);
    expect(grid.watcherCount).toBe(0);
    const stops = [grid.watch(() => {}), grid.watchLayout(() => {}), grid.watchLayout(() => {})];
    const unlisten = grid.onChange(() => {});
    expect(grid.watcherCount).toBe(3);
    stops[1]!();
    expect(grid.watcherCount).toBe(2);
    // Removing twice removes once.
    stops[1]!();
    expect(grid.watcherCount).toBe(2);
    stops[0]!();
    stops[2]!();
    unlisten();
    expect(grid.watcherCount).toBe(0);
  });

  it('is not copied by clone', () => {
    const grid = new Grid(4, 3);
    grid.watch(() => {});
    expect(grid.clone().watcherCount).toBe(0);
  });
});
