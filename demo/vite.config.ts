import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repo = fileURLToPath(new URL('..', import.meta.url));

/**
 * The demo: served by `npm start`, built to demo/dist by `npm run build:demo`. It imports the
 * library from ../src, so it needs no library build. (The repository's vite.config.ts is the
 * library build; this file is separate so the two never mix.)
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  server: { fs: { allow: [repo] } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
});
