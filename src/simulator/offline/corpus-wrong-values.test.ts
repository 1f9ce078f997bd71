// Issue 32, "never a wrong value": the offline model plays every agent of the tuned corpora (the
// corpus it was written with, and the blind corpus outside held-out/) and writes no value the caller
// did not give, nor the opposite of what they said (corpus-harness.ts `wrongValues`). A run may
// stop on a question it cannot get answered; it may not lie. The held-out agents are left out on
// purpose: they are the honest measure, run once by `npx tsx scripts/offline-corpus.ts`, never a
// test that would invite tuning on them.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusFiles, loadCorpusAgent, playCorpusAgent } from './corpus-harness';

const BLIND = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind/', import.meta.url));
const tuned = [...corpusFiles(CORPUS_DIR).map((f) => [f, CORPUS_DIR] as const), ...corpusFiles(BLIND).map((f) => [`blind/${f}`, BLIND] as const)];

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (() => Promise.reject(new Error('the offline model must not use the network'))) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('the offline model on the tuned corpora writes no wrong value', () => {
  it('covers both tuned parts', () => {
    expect(tuned.filter(([f]) => !f.startsWith('blind/')).length).toBeGreaterThanOrEqual(10);
    expect(tuned.filter(([f]) => f.startsWith('blind/')).length).toBeGreaterThanOrEqual(10);
  });

  it.each(tuned)('%s', async (file, dir) => {
    const agent = await loadCorpusAgent(file.replace(/^blind\//, ''), dir);
    const result = await playCorpusAgent(agent);
    expect(result.wrongValues).toEqual([]);
  });
});
