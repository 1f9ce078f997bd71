import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The page's Content-Security-Policy has no 'unsafe-eval' (index.html; e2e/csp.spec.ts proves it in
// the browser). This is the same rule at the source: nothing under src/ or bin/ compiles a string
// into code, and nothing loads ajv's compiler at run time (the document schema's validator is
// generated at build time; user schemas are interpreted). Agent code runs in QuickJS, whose own
// sources (src/simulator/sandbox/) evaluate strings inside the sandbox and are not the page's.
const root = new URL('..', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const code = (path: string) => readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe('no string becomes page code', () => {
  const sources = [...files(join(root, 'src')), ...files(join(root, 'bin'))]
    .map((path) => relative(root, path))
    .filter((path) => !path.startsWith('src/simulator/sandbox/') && !path.startsWith('src/model/generated/'));

  it('finds the sources it checks', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources).toContain('src/model/validate.ts');
  });

  it('nothing calls eval, Function or a string timer', () => {
    const found = sources.filter((path) => /\bnew Function\b|(^|[^\w.$])Function\(|(^|[^\w.$])eval\(|set(Timeout|Interval)\(\s*['"`]/m.test(code(path)));
    expect(found).toEqual([]);
  });

  it("nothing imports ajv's compiler at run time (types and the draft-07 meta-schema are data)", () => {
    const found = sources.filter((path) => /^\s*import\s+(?!type\b)[^;]*from\s+'ajv(\/dist\/(core|2019|2020|standalone)[^']*)?'/m.test(code(path)));
    expect(found).toEqual([]);
  });
});
