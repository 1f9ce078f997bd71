// Issue 32, "never a wrong value": the offline model plays every agent of the tuned corpora (the
// corpus it was written with, and the blind batches but the held-out parts of 15 and 16) and writes no value the caller
// did not give, nor the opposite of what they said (corpus-harness.ts `wrongValues`). A run may
// stop on a question it cannot get answered; it may not lie. Batches 15's and 16's held-out agents are left out on
// purpose: they are the honest measure, run once by `npx tsx scripts/offline-corpus.ts`, never a
// test that would invite tuning on them.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusFiles, loadCorpusAgent, playCorpusAgent } from './corpus-harness';

const fixture = (path: string) => fileURLToPath(new URL(`../../../test/fixtures/${path}`, import.meta.url));
const BLIND = fixture('offline-corpus-blind/');
/**
 * The tuned parts: the blind batches 1 to 14 whole (their held-out parts were seen in the end), and
 * the tops of batches 15 and 16.
 */
const BLIND_DIRS = [
  BLIND, `${BLIND}held-out/`,
  ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].flatMap((n) => [fixture(`offline-corpus-blind-${n}/`), fixture(`offline-corpus-blind-${n}/held-out/`)]),
  fixture('offline-corpus-blind-15/'),
  fixture('offline-corpus-blind-16/'),
].filter((dir) => existsSync(dir));
/**
 * Agents of the tuned parts that still write a wrong value, by name: each is checked to still write
 * one (below), so the list cannot outlive its truth, and an agent leaves it for the test above once
 * it writes none. pantomime-group-booking (batch 14) writes group_type "family_and_friends" for a
 * school; the three of batch 16's top are what is left of its first sight's wrong values.
 */
const STILL_WRONG = new Set(['pantomime-group-booking', 'bee-swarm-removal', 'bridal-makeup-trial', 'eyebrow-threading']);
const all = [...corpusFiles(CORPUS_DIR).map((f) => [f, CORPUS_DIR] as const), ...BLIND_DIRS.flatMap((dir) => corpusFiles(dir).map((f) => [`blind/${dir.split('/fixtures/')[1]}${f}`, dir] as const))];
const stem = (file: string) => file.split('/').at(-1)!.replace(/\.[^.]+$/, '');
const tuned = all.filter(([f]) => !STILL_WRONG.has(stem(f)));
const stillWrong = all.filter(([f]) => STILL_WRONG.has(stem(f)));

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
    const agent = await loadCorpusAgent(file.split('/').at(-1)!, dir);
    const result = await playCorpusAgent(agent);
    expect(result.wrongValues).toEqual([]);
  });

  it('names every agent it leaves out, and each of them still writes a wrong value', () => {
    expect(stillWrong.map(([f]) => stem(f)).sort()).toEqual([...STILL_WRONG].sort());
  });
  it.each(stillWrong)('%s still writes one (once it writes none, it leaves STILL_WRONG)', async (file, dir) => {
    const result = await playCorpusAgent(await loadCorpusAgent(file.split('/').at(-1)!, dir));
    expect(result.wrongValues.length).toBeGreaterThan(0);
  });
});

describe('the checker compares a list of plain values as a selection', () => {
  it('the same values in another order are the same; one more, one fewer or another are not', async () => {
    const { sameJson } = await import('./corpus-harness');
    expect(sameJson(['suit', 'dress', 'coat'], ['suit', 'coat', 'dress'])).toBe(true);
    expect(sameJson(['suit', 'dress'], ['suit', 'coat', 'dress'])).toBe(false);
    expect(sameJson(['suit', 'dress', 'coat', 'shirt'], ['suit', 'coat', 'dress'])).toBe(false);
    expect(sameJson(['suit', 'suit'], ['suit'])).toBe(false);
    // Objects and other values still compare exactly.
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson('a', 'a')).toBe(true);
  });
});
