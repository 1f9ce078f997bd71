// Generates src/model/generated/agent-validator.ts from src/model/agent.schema.json: ajv compiles
// the document schema here, at build time, into a standalone ES module, so that the page never
// runs `new Ajv()` or `new Function` (its Content-Security-Policy has no 'unsafe-eval'). The
// options are the ones validate.ts used to compile with at run time, so the errors are the same.
// A unit test (validate.test.ts) fails when the committed file is stale: run `npm run gen:validator`.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';

const require = createRequire(import.meta.url);

// ajv's ESM output still `require()`s its small runtime helpers (ajv issue 2209). The ones this
// schema can use depend on nothing else, so their source is written into the module instead.
const SELF_CONTAINED = new Set(['ucs2length', 'equal']);

function inlineRuntime(code) {
  return code.replace(/require\("ajv\/dist\/runtime\/([a-z0-9]+)"\)\.default/gi, (_, name) => {
    if (!SELF_CONTAINED.has(name)) throw new Error(`gen-validator: ajv's runtime helper "${name}" is not known to be self-contained; inline it by hand`);
    const helper = require(`ajv/dist/runtime/${name}`).default;
    return `(${String(helper)})`;
  });
}

export async function generateAgentValidator() {
  const schema = JSON.parse(await readFile(new URL('../src/model/agent.schema.json', import.meta.url), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, code: { esm: true, source: true } });
  ajv.addKeyword('tsType'); // type hint for json-schema-to-typescript, not a validation rule
  const code = inlineRuntime(standaloneCode(ajv, ajv.compile(schema)));
  if (/\brequire\(/.test(code)) throw new Error('gen-validator: the standalone code still calls require()');
  return [
    '// @ts-nocheck',
    '/* Generated from agent.schema.json by `npm run gen:validator` (ajv standalone). Do not edit by hand. */',
    code.replace(/^"use strict";/, ''),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(new URL('../src/model/generated/agent-validator.ts', import.meta.url), await generateAgentValidator());
  console.log('wrote src/model/generated/agent-validator.ts');
}
