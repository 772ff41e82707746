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
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // MUI's input family in one chunk. The login form needs all of it; the date and time
              // pickers (lazy screens) need only part, which would otherwise split off into a chunk
              // of its own and cost the login route ~1 KB gzipped (bench:bundle).
              name: 'Input',
              test: /node_modules[\\/]@mui[\\/]material[\\/](FormControl|FormLabel|InputLabel|InputBase|Input|OutlinedInput|InputAdornment)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/admin_panel': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
      '/realtime': { target: backend, changeOrigin: true, ws: true },
    },
  },
});
