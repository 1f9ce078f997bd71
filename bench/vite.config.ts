// Builds the two baseline pages of the canvas benchmark, apart from the app's own build (which stays
// untouched): bench/pages/bare.html (a bare @xyflow/react page) and bench/pages/ours.html (our node
// and edge components from a static array). The bench copies them beside the built app, under
// /bench-pages/, so one preview server serves all three pages.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const pages = fileURLToPath(new URL('./pages/', import.meta.url));

export default defineConfig({
  root: pages,
  base: '/bench-pages/',
  plugins: [react()],
  build: {
    outDir: process.env.BENCH_PAGES_OUT ?? fileURLToPath(new URL('../node_modules/.bench-pages', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    rolldownOptions: { input: { bare: `${pages}bare.html`, ours: `${pages}ours.html` } },
  },
});
