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
      // Emotion adds CSS rules while rendering, not in the commit (see the file: issue 20).
      '@emotion/use-insertion-effect-with-fallbacks': path.resolve(here, 'src/app/emotion-insertion.ts'),
      // One name for the console's source root: imports across areas read the same from any depth.
      '@': path.resolve(here, 'src'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/console-bundle.ts reads it to measure what the login route loads.
    manifest: true,
    // Vite preloads every chunk a lazy screen needs by adding a <link rel=modulepreload> per chunk
    // from script when the screen is asked for: ~70 links as /dashboard opens, ≈ 90 ms of a
    // phone's main thread (4× CPU) in the page's first task. The browser finds the same chunks
    // from the imports; measured with Lighthouse (9 runs each), the dashboard's TBT median went
    // 2280 → 1676 ms and its LCP did not grow (docs/performance.md). The HTML's own preloads stay.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
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
