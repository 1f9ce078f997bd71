// The bench's results writer refuses output holding the API key (bench/lib/guard.ts).
import { describe, expect, it } from 'vitest';
import { assertNoSecret } from '../bench/lib/guard';
import { SENTINEL_KEY } from '../bench/lib/env';

describe('bench results: the API key never gets written', () => {
  it('refuses output that contains the key, naming the file it is in', () => {
    const outputs = { 'results.json': '{"figures":[]}', 'results.md': `| turn | ${SENTINEL_KEY} |` };
    expect(() => assertNoSecret(outputs, SENTINEL_KEY)).toThrow(/API key appears in results\.md/);
  });

  it('finds the key inside a longer string, such as a request header copied into a fact', () => {
    const outputs = { 'results.json': JSON.stringify({ facts: { header: `Bearer ${SENTINEL_KEY}` } }) };
    expect(() => assertNoSecret(outputs, SENTINEL_KEY)).toThrow(/results\.json/);
  });

  it('lets output without the key through', () => {
    expect(() => assertNoSecret({ 'results.json': '{"median": 1}', 'results.md': '# Callboard benchmarks' }, SENTINEL_KEY)).not.toThrow();
  });

  it('refuses a key too short to search for, rather than passing everything', () => {
    expect(() => assertNoSecret({ 'results.md': 'x' }, 'sk')).toThrow(/too short/);
  });
});
