/** The demo's entry point: one Phaser game sized to the map, scaled to fit its box. */
import * as Phaser from 'phaser';
import { PATHING_PLUGINS } from './pathing.js';
import { DemoScene } from './scenes/demo-scene.js';
import { TILE_SIZE } from './terrain.js';

/** The demo map's size in tiles (assets/demo-map.json). */
const MAP_TILES = { width: 80, height: 64 };

/** `?renderer=canvas` or `?renderer=webgl` forces a renderer; the default lets Phaser choose. */
const RENDERERS: Record<string, number> = { canvas: Phaser.CANVAS, webgl: Phaser.WEBGL };

new Phaser.Game({
  type: RENDERERS[new URLSearchParams(location.search).get('renderer') ?? ''] ?? Phaser.AUTO,
  parent: 'game',
  width: MAP_TILES.width * TILE_SIZE,
  height: MAP_TILES.height * TILE_SIZE,
  backgroundColor: '#1b1f24',
  scale: { mode: Phaser.Scale.FIT, autoCenter: Phaser.Scale.CENTER_BOTH },
  plugins: { scene: PATHING_PLUGINS },
  scene: [DemoScene],
  banner: false,
});
