import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { emptyDocument } from './document';
import { validateDocument } from './validate';
import { generateAgentTypes } from '../../scripts/gen-types.mjs';

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
});
