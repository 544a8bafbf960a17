import { defineConfig } from 'vitest/config';

// One config for the client build (issue 4) and the test runner.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', '.tmp/**'],
    // Each test file gets its own process: tests open real SQLite files and start worker threads.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
