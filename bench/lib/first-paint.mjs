// Which built files a first visit loads before anything is clicked: index.html's scripts,
// stylesheets and module preloads, and every chunk those import statically (import … from / import "…"),
// followed transitively. Dynamic import() targets are left out: they load when first needed.
// Shared by .size-limit.mjs (the limit `npm test` enforces) and the bench's first-load figure.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const TAGS = /<(?:script|link)\b[^>]*>/g;
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** Absolute paths of the first-paint files of the app built into `outDir`, sorted. */
export function firstPaintFiles(outDir) {
  const html = join(outDir, 'index.html');
  if (!existsSync(html)) throw new Error(`${html} does not exist: build the app first (npx vite build)`);
  const seen = new Set();
  const queue = [];
  for (const tag of readFileSync(html, 'utf8').match(TAGS) ?? []) {
    const src = /\b(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
    const wanted = tag.startsWith('<script') || /rel="(?:stylesheet|modulepreload)"/.test(tag);
    if (src && wanted && /\.(?:js|css)$/.test(src)) queue.push(resolve(outDir, src));
  }
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) queue.push(resolve(dirname(file), match[1]));
  }
  return [...seen].sort();
}
