// The Pinecall import client without Web Workers (Node): the same Comlink-shaped api runs in
// place, so the dialog's import of a class can be tested here; the worker itself in e2e/formats.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importPinecallInWorker } from './pinecall-client';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/pinecall/goldens/${name}.tsx`, import.meta.url), 'utf8');

describe('importPinecallInWorker', () => {
  it('reads a class; overlapping imports each get their own result', async () => {
    const [clinic, minimal] = await Promise.all([importPinecallInWorker(fixture('clinic-booking')), importPinecallInWorker(fixture('minimal'))]);
    expect(clinic.ok && clinic.doc.name).toBe('Clinic Booking');
    expect(minimal.ok && minimal.doc.stages.length).toBe(0);
  });

  it('answers with the importer\'s errors for a file that is not a class', async () => {
    const result = await importPinecallInWorker('export const x = 1;');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
  });
});
