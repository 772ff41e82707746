import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));
const backend = process.env.CONSOLE_BACKEND_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@ambassador/contracts': path.resolve(here, '../../packages/contracts/src/index.ts'),
      '@ambassador/webrtc': path.resolve(here, '../../packages/webrtc/src/index.ts'),
      // One name for the console's source root: imports across areas read the same from any depth.
      '@': path.resolve(here, 'src'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/console-bundle.ts reads it to measure what the login route loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/admin_panel': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
      '/realtime': { target: backend, changeOrigin: true, ws: true },
    },
  },
});
