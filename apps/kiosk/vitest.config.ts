import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react()],
  resolve: {
    alias: {
      // First: a subpath of the package would otherwise match the entry's alias below.
      '@ambassador/contracts/names': path.resolve(here, '../../packages/contracts/src/names.ts'),
      '@ambassador/contracts': path.resolve(here, '../../packages/contracts/src/index.ts'),
      '@ambassador/webrtc': path.resolve(here, '../../packages/webrtc/src/index.ts'),
    },
  },
  test: {
    name: 'kiosk',
    environment: 'jsdom',
    // Node 25+ has its own localStorage global, which hides jsdom's (undefined without a file).
    execArgv: Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-experimental-webstorage'] : [],
    // MUI screens in jsdom on a 2-core machine, beside the server and browser suites: 5 s is too tight.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
