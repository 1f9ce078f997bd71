// First load (issues 5 and 16): the JavaScript and CSS a first visit loads before any editor
// opens, gzipped, must stay under 255 kB (issue 16 aims at 250; it measured 251 kB when the limit
// was lowered from 300). What the first screen does not paint loads lazily: dialogs, the project
// menu, banners, the dock's tabs but Problems, the inspector's tool/stage/edge sections, the
// schema validator and the sample agent (main.tsx). The files are worked out from the built index.html and the
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
    limit: '255 kB',
    gzip: true,
  },
];
