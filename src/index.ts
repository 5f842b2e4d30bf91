/** Headway: any-angle and turning-radius pathfinding for Phaser 4. */
export * from './core.js';
export * from './phaser/index.js';
