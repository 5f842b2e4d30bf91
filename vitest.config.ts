import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['test/core/**/*.test.ts'],
          // Seeded sweeps of thousands of cases take seconds on a busy 2-core machine; the limit
          // only catches hangs, speed is the benchmark's business.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'phaser',
          environment: 'happy-dom',
          include: ['test/phaser/**/*.test.ts'],
          setupFiles: ['test/phaser/setup.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
