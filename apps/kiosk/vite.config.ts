import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));
const backend = process.env.KIOSK_BACKEND_URL ?? 'http://localhost:8080';

/** The kiosk is served by the server at /kiosk/. */
export default defineConfig({
  base: '/kiosk/',
  plugins: [react()],
  resolve: {
    alias: {
      // First: a subpath of the package would otherwise match the entry's alias below.
      '@ambassador/contracts/names': path.resolve(here, '../../packages/contracts/src/names.ts'),
      '@ambassador/contracts': path.resolve(here, '../../packages/contracts/src/index.ts'),
      '@ambassador/webrtc': path.resolve(here, '../../packages/webrtc/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two pages: the kiosk, and the avatar player that the kiosk and the console frame.
    rollupOptions: {
      input: {
        kiosk: path.resolve(here, 'index.html'),
        player: path.resolve(here, 'avatar-player/index.html'),
      },
    },
  },
  server: {
    proxy: {
      '/device_api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
      '/avatar-player/api': { target: backend, changeOrigin: true },
      '/realtime': { target: backend, changeOrigin: true, ws: true },
    },
  },
});
