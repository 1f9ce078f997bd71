// package.json declares which of the app's own files have side effects ("sideEffects"), so that
// the bundler drops what a barrel (src/model/index.ts, src/store/index.ts) re-exports and nobody
// uses: without it, importing one name from '../model' put all of lint on the first paint
// (.size-limit.mjs). A file imported only for what it does when it runs (`import './x'`) is then
// dropped unless it is listed: this test fails for any such import of a file not listed.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const declared = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { sideEffects: string[] }).sideEffects;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const BARE_IMPORT = /^import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (readFileSync(candidate)) return `./${relative(root, candidate)}`;
    } catch {
      // try the next
    }
  }
  return `./${relative(root, base)}`;
}

const listed = (file: string) => declared.some((pattern) => (pattern.startsWith('*.') ? file.endsWith(pattern.slice(1)) : pattern === file));

describe('package.json sideEffects', () => {
  it('lists every file of src/ that is imported only to run it', () => {
    const unlisted: string[] = [];
    for (const file of sources(join(root, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(BARE_IMPORT)) {
        const target = resolveLocal(file, match[1]!);
        if (!listed(target)) unlisted.push(`${relative(root, file)} imports ${target}`);
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('lists only files that exist', () => {
    for (const pattern of declared.filter((p) => !p.startsWith('*.'))) expect(() => readFileSync(join(root, pattern))).not.toThrow();
  });
});
