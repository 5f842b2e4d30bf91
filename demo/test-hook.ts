/**
 * `window.__headway`: a small read-only view of the demo for the end-to-end test (and for anyone
 * poking at the demo from the browser console).
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
  /** Times the unit replanned because its path was blocked. */
  replans: number;
  /** Deepest overlap of the footprint with a tile it may not enter, sampled every frame; 0 = never. */
  worstOverlap: number;
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
}

declare global {
  interface Window {
    __headway?: TestHook;
  }
}

export function installTestHook(hook: TestHook): void {
  window.__headway = hook;
}
