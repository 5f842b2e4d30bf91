import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['test/core/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'phaser',
          environment: 'happy-dom',
          include: ['test/phaser/**/*.test.ts'],
          setupFiles: ['test/phaser/setup.ts'],
          testTimeout: 30000,
        },
      },
    ],
  },
});
