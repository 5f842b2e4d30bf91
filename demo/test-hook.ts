/**
 * `window.__headway`: a small view of the demo for the end-to-end test (and for anyone poking at
 * the demo from the browser console). It only reads, except `spawn`, which adds units for a test
 * that needs more than the map places, and `resetContacts`.
 */
import type { CompareEntry } from './pathing.js';

/** One unit as the hook reports it. Positions in tile units. */
export interface HookUnit {
  id: number;
  name: string;
  kind: string;
  x: number;
  y: number;
  /** Radians, 0 = +x, clockwise on screen. */
  heading: number;
  /** Footprint radius, tiles. */
  radius: number;
  moving: boolean;
  selected: boolean;
  goal: { x: number; y: number } | undefined;
  /** The path being followed (tile units), empty when standing still. */
  path: { x: number; y: number }[];
  /** Times the unit replanned because a wall blocked its path. */
  replans: number;
  /** Times it braked or stopped for another unit (vehicles' `yield` and `wait` events). */
  waits: number;
  /**
   * How its last order ended (`failure` says why a failed one did) and when (game seconds, see
   * `seconds()`); undefined before its first order and while one is in progress.
   */
  ended: { status: 'arrived' | 'failed' | 'cancelled'; failure?: string; seconds: number } | undefined;
  /** Deepest overlap of the footprint with a tile it may not enter, sampled every frame; 0 = never. */
  worstOverlap: number;
}

/** The deepest overlap between two units' discs, sampled every frame since the last reset. */
export interface HookContacts {
  /** Overlap depth over the smaller radius: 0.1 is 10% of it; 0 or less never touched. */
  deepest: number;
  /** The names of the two units, undefined while no pair has touched. */
  pair: [string, string] | undefined;
  /** Frames sampled since the reset. */
  frames: number;
}

export interface TestHook {
  /** Frames the scene has updated. */
  frame(): number;
  /** The renderer Phaser chose. */
  renderer(): 'webgl' | 'canvas';
  units(): HookUnit[];
  /** Page coordinates (CSS pixels) of a point in tile units: where to click. */
  toClient(x: number, y: number): { x: number; y: number };
  plannerId(): string;
  /** The comparison view's results, when it is open and has a start and goal. */
  comparison(): readonly CompareEntry[] | undefined;
  /** True when the tile blocks a unit of this kind. */
  blocks(kind: string, x: number, y: number): boolean;
  /** The terrain kind of a tile (demo/terrain.ts: 'road', 'forest', ...), undefined outside the map. */
  terrain(x: number, y: number): string | undefined;
  /** Game time, seconds: the sum of the frames' deltas the scene and the plugin were given. */
  seconds(): number;
  /** Adds a unit of this kind ('infantry', 'tank', 'ship') at a point in tile units, facing +x; returns its id. */
  spawn(kind: string, x: number, y: number): number;
  /**
   * The deepest overlap between the discs of two units on the same ground (land or water: ships
   * pass under bridges), sampled every frame since {@link resetContacts}.
   */
  contacts(): HookContacts;
  resetContacts(): void;
}

declare global {
  interface Window {
    __headway?: TestHook;
  }
}

export function installTestHook(hook: TestHook): void {
  window.__headway = hook;
}
