// First load (issue 5): the JavaScript and CSS a first visit loads before any editor opens,
// gzipped, must stay under 300 kB. The files are worked out from the built index.html and the
// chunks it imports statically (bench/lib/first-paint.mjs), not globbed, so a lazily loaded chunk
// (Monaco, TypeScript, YAML, elk, the LLM clients) never counts and a new eager one always does.
// `npm test` runs this after Playwright has built the app into CALLBOARD_OUT (dist/ by default).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstPaintFiles } from './bench/lib/first-paint.mjs';

const outDir = resolve(fileURLToPath(new URL('.', import.meta.url)), process.env.CALLBOARD_OUT ?? 'dist');

export default [
  {
    name: 'First paint: JS + CSS before the first editor opens',
    path: firstPaintFiles(outDir),
    limit: '300 kB',
    gzip: true,
  },
];
