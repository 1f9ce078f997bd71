import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The pure core runs in Node (CLI, unit tests), so ESLint refuses UI imports there (design.md, convention 1).
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
const ruleIds = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.map((m) => m.ruleId);

describe('pure-core import boundary', () => {
  for (const folder of ['src/model', 'src/formats', 'src/simulator']) {
    for (const specifier of ['react', '@xyflow/react', 'monaco-editor', 'zustand', '../store/context']) {
      it(`${folder} may not import ${specifier}`, async () => {
        const ids = await ruleIds(`${folder}/boundary-probe.ts`, `import * as x from '${specifier}';\nexport const y = x;\n`);
        expect(ids).toContain('no-restricted-imports');
      });
    }
  }

  it('the UI folders may import React and zustand', async () => {
    const ids = await ruleIds('src/panels/boundary-probe.ts', "import * as x from 'react';\nimport * as z from 'zustand';\nexport const y = [x, z];\n");
    expect(ids).not.toContain('no-restricted-imports');
  });
});
