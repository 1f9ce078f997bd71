import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  optimizeDeps: { include: ['typescript'] },
  worker: { format: 'es' },
  build: {
    // CALLBOARD_OUT lets parallel e2e runs (one per port) build and preview apart; dist/ otherwise.
    outDir: process.env.CALLBOARD_OUT ?? 'dist',
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first paint needs in one chunk: split by the lazy editors, exports and
          // panels that share it, it came as ~40 files of 0.1-4 kB, fetched six at a time (issue 16).
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
});
