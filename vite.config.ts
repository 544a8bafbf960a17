import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressAssets } from './ui/build/precompress-assets.ts';

// One config for the browser bundle and the test runner. The server renders ui/ directly through tsx
// (see docs/decisions/0011-server-rendering.md); Vite builds only what the browser downloads.
export default defineConfig({
  root: '.',
  publicDir: 'ui/public',
  plugins: [react(), precompressAssets()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: { input: 'ui/entry-client.tsx' },
  },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'dist/**', '.tmp/**'],
    // Each test file gets its own process: tests open real SQLite files and start worker threads.
    pool: 'forks',
    globalSetup: ['ui/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
