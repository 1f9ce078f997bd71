import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Generous: CI machines have 2 cores; the TypeScript and ESLint API tests take seconds there.
    testTimeout: 30_000,
    setupFiles: ['test/setup/fast-check-seed.ts', 'test/setup/expression-parser.ts'],
    globalSetup: ['test/setup/build-cli.ts'],
  },
});
