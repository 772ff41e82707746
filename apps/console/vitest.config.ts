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
      '@ambassador/contracts': path.resolve(here, '../../packages/contracts/src/index.ts'),
      '@ambassador/webrtc': path.resolve(here, '../../packages/webrtc/src/index.ts'),
      // One name for the console's source root: imports across areas read the same from any depth.
      '@': path.resolve(here, 'src'),
      // The browser build, as the app's bundle has it (Node would pick the Node one).
      'tus-js-client': path.resolve(here, '../../node_modules/tus-js-client/lib.esm/browser/index.js'),
    },
  },
  test: {
    name: 'console',
    environment: 'jsdom',
    // Node 25+ has its own localStorage global, which hides jsdom's (undefined without a file).
    execArgv: Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-experimental-webstorage'] : [],
    // MUI screens in jsdom on a 2-core machine, beside the server and browser suites: 5 s is too tight.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    // Feature string packs load with their screens in the app; tests render screens directly.
    setupFiles: ['src/i18n/test-setup.ts'],
  },
});
