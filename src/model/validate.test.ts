import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { emptyDocument } from './document';
import { validateDocument } from './validate';
import Ajv from 'ajv';
import schema from './agent.schema.json';
import { generateAgentTypes } from '../../scripts/gen-types.mjs';
import { generateAgentValidator } from '../../scripts/gen-validator.mjs';
import validateAgent from './generated/agent-validator';

const sample = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

describe('document schema', () => {
  it('accepts an empty document and the sample agent', () => {
    expect(validateDocument(emptyDocument()).ok).toBe(true);
    const result = validateDocument(sample);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('rejects a wrong envelope, a missing field and an unknown key, with paths', () => {
    const result = validateDocument({ ...emptyDocument(), format: 'other', stages: [{ id: 's', name: 'x' }], bogus: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.errors.map((e) => e.path);
    expect(paths).toContain('/format');
    expect(paths).toContain('/stages/0');
    expect(result.errors.some((e) => e.message.includes('"bogus"'))).toBe(true);
  });

  it('rejects a condition of no known kind and a tool scope of no known kind', () => {
    const doc = structuredClone(sample);
    doc.edges[0].conditions = [{ kind: 'vibes' }];
    doc.tools[0].scope = { kind: 'everywhere' };
    const result = validateDocument(doc);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.some((e) => e.path.startsWith('/edges/0/conditions/0'))).toBe(true);
      expect(result.errors.some((e) => e.path.startsWith('/tools/0/scope'))).toBe(true);
    }
  });

  it('the generated TypeScript types are up to date with the schema', async () => {
    const current = readFileSync(new URL('./generated/agent.ts', import.meta.url), 'utf8');
    expect(current).toBe(await generateAgentTypes());
  });

  it('the generated standalone validator is up to date with the schema (npm run gen:validator)', async () => {
    const current = readFileSync(new URL('./generated/agent-validator.ts', import.meta.url), 'utf8');
    expect(current === (await generateAgentValidator()), 'src/model/generated/agent-validator.ts is stale: run npm run gen:validator').toBe(true);
  });

  it('the standalone validator reports exactly what ajv compiling the schema at run time reports', () => {
    const runtime = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    runtime.addKeyword('tsType');
    const compiled = runtime.compile(schema);
    const broken = structuredClone(sample);
    broken.format = 'other';
    broken.bogus = 1;
    broken.stages[0] = { id: 's', name: 'x' };
    broken.edges[0].conditions = [{ kind: 'vibes' }];
    broken.tools[0].scope = { kind: 'everywhere' };
    broken.tests = [{ name: '-bad name', input: 'not a list' }];
    for (const value of [sample, emptyDocument(), broken, { format: 'callboard.agent' }, null, []]) {
      const standalone = validateAgent as unknown as typeof compiled;
      expect(standalone(value)).toBe(compiled(value));
      expect(standalone.errors ?? null).toEqual(compiled.errors ?? null);
    }
    expect(compiled(broken)).toBe(false);
    expect(compiled.errors!.length).toBeGreaterThan(5);
  });

  it('validate.ts compiles nothing at run time: it imports only types from ajv', () => {
    const source = readFileSync(new URL('./validate.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/new Ajv|\.compile\(|^import (?!type )[^;]*from 'ajv/m);
  });
});
