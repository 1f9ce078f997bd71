import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['.scratch-bounds/**/*.test.ts'], environment: 'node', testTimeout: 600000 } });
