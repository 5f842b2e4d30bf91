import { defineConfig } from 'vite';

/**
 * Library build: the plugin (Phaser external), the Phaser-free core, the CLI, and the plan
 * worker's script for Node's worker_threads (`phaser-headway/worker-node`). It empties
 * dist/ first, so `npm run build` writes the type declarations (tsc) after it. No sourcemaps:
 * the output is unminified, and maps would more than double what a user downloads.
 */
export default defineConfig({
  build: {
    target: 'es2022',
    sourcemap: false,
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        core: 'src/core.ts',
        cli: 'src/cli/main.ts',
        'worker-node': 'src/worker/node-entry.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: ['phaser', 'eventemitter3', /^node:/],
    },
  },
});
