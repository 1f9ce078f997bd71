import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { DEV_HEADERS, PREVIEW_HEADERS } from './scripts/content-security-policy.mjs';

export default defineConfig({
  plugins: [react()],
  optimizeDeps: { include: ['typescript'] },
  worker: { format: 'es' },
  // The policy as a header on every response (scripts/content-security-policy.mjs says why a
  // header: frame-ancestors, and workers, which take their policy from their own response).
  preview: { headers: PREVIEW_HEADERS },
  server: { headers: DEV_HEADERS },
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
