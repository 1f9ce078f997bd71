import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The pure core (document model, formats, simulator engine, runtimes) runs in Node for the CLI and
// unit tests, so it may not depend on any UI library. Which of our floors may import which is
// dependency-cruiser's (.dependency-cruiser.cjs).
const uiLibraries = {
  patterns: [
    { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'The pure core must not import React.' },
    { group: ['@xyflow/*'], message: 'The pure core must not import xyflow.' },
    { group: ['monaco-editor', 'monaco-editor/*', '@monaco-editor/*'], message: 'The pure core must not import Monaco.' },
    { group: ['zustand', 'zustand/*', 'zundo'], message: 'The pure core must not import zustand.' },
    { group: ['**/store/*', '**/canvas/*', '**/editors/*', '**/panels/*', '**/app/*'], message: 'The pure core must not import the UI layers.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist', 'conformance/.venv', 'dist-*', '.probe', '.scratch-*', 'node_modules', 'src/simulator/sandbox/*.generated.ts', 'test-results', 'playwright-report', 'src/model/generated/*', 'test/fixtures/**', 'e2e/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/model/**', 'src/formats/**', 'src/simulator/**', 'src/runtimes/**'],
    rules: { 'no-restricted-imports': ['error', uiLibraries] },
  },
);
