import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@ambassador/contracts': path.resolve(import.meta.dirname, '../../packages/contracts/src/index.ts'),
    },
  },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One migrated PGlite database that each suite's store copies (src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // A worker's files share one module graph (the app holds the state; docs/decisions.md, "Test run time").
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
