import { it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { validateDocument } from '/work/main/src/model';
it('valid', () => {
  for (const f of readdirSync('/work/main/test/fixtures/pinecall').filter((f) => f.endsWith('.json'))) {
    const r = validateDocument(JSON.parse(readFileSync('/work/main/test/fixtures/pinecall/' + f, 'utf8')));
    expect(r.ok ? [] : [f, r.errors]).toEqual([]);
  }
});
