import { defineConfig } from 'vite';

/** Library build: the plugin (Phaser external), the Phaser-free core, and the CLI. */
export default defineConfig({
  build: {
    target: 'es2022',
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        core: 'src/core.ts',
        cli: 'src/cli/main.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: ['phaser', 'eventemitter3', /^node:/],
    },
  },
});
