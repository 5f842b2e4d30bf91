/** A headless Phaser game with the plugin installed as `pathfinding`, for the plugin tests. */
import Phaser from 'phaser';
import { PathfindingPlugin } from '../../src/index.js';

/**
 * Boots a 640x480 headless game whose one scene (`level`) has the plugin, with the game loop
 * stopped so that a test drives frames by hand (`game.headlessStep`); resolves with the scene
 * once it is created. The caller destroys `scene.sys.game`.
 */
export function bootHeadlessScene(): Promise<Phaser.Scene> {
  return new Promise<Phaser.Scene>((resolve) => {
    const game = new Phaser.Game({
      type: Phaser.HEADLESS,
      width: 640,
      height: 480,
      banner: false,
      audio: { noAudio: true },
      plugins: { scene: [{ key: 'PathfindingPlugin', plugin: PathfindingPlugin, mapping: 'pathfinding' }] },
      scene: {
        key: 'level',
        create(this: Phaser.Scene) {
          resolve(this);
        },
      },
    });
    game.loop.stop();
  });
}
