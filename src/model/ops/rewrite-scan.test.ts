import { describe, expect, it } from 'vitest';
import { renameInTemplate } from './rewrite';

describe('renameInTemplate scans in one pass', () => {
  it('renames in tags around 400 KB of unclosed {{ and of closed tags, in linear time (the lazy regex took seconds)', () => {
    const flood = '{{'.repeat(200_000);
    expect(renameInTemplate(`{{ day }} {% if day %}${flood}`, 'day', 'date')).toBe(`{{ date }} {% if date %}${flood}`);
    const tags = '{{ day }} '.repeat(40_000);
    expect(renameInTemplate(tags, 'day', 'date')).toBe('{{ date }} '.repeat(40_000));
  }, 10_000);

  it('keeps the regex\'s reading: a tag ends at the first }} or %}, a secret is left alone', () => {
    expect(renameInTemplate('{% day }} day {{ day %} {{secret:day}} {{ day', 'day', 'd')).toBe('{% d }} day {{ d %} {{secret:day}} {{ day');
  });
});
