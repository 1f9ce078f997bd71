// Generates src/model/generated/agent.ts from src/model/agent.schema.json, so the JSON Schema
// stays the one source of both the TypeScript types and the ajv validator.
import { readFile, writeFile } from 'node:fs/promises';
import { compile } from 'json-schema-to-typescript';

export async function generateAgentTypes() {
  const schema = JSON.parse(await readFile(new URL('../src/model/agent.schema.json', import.meta.url), 'utf8'));
  return compile(schema, 'AgentDocument', {
    bannerComment: "/* Generated from agent.schema.json by `npm run gen:types`. Do not edit by hand. */\nimport type { JsonSchema } from '../json-schema';",
    additionalProperties: false,
    unknownAny: true,
    strictIndexSignatures: false,
    style: { singleQuote: true, printWidth: 110 },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(new URL('../src/model/generated/agent.ts', import.meta.url), await generateAgentTypes());
  console.log('wrote src/model/generated/agent.ts');
}
