import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // At least three files at once: a file mostly waits on its own database, and Vitest's default
    // (cores - 1) ran one at a time on two cores: 433 s, against 270 s with three (decision 053).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // A worker keeps the modules it imported from one file to the next instead of importing the
    // whole server again for each (import time 275 s -> 27 s summed over the files; the suite 356 s
    // -> 218 s on two cores). Every file makes its own database, apps and clock, and puts back what
    // it changes of the process (decision 077).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'reports/api-results.json' }]] : ['default'],
  },
});
