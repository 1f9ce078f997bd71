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
  },
});
