import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedSpan } from './changed-span';

const apply = (before: string, span: ReturnType<typeof changedSpan>) =>
  span ? before.slice(0, span.start) + span.text + before.slice(span.end) : before;

describe('changedSpan', () => {
  it('is nothing when the texts are equal', () => {
    expect(changedSpan('same', 'same')).toBeNull();
  });

  it('replaces only the characters a keystroke changed', () => {
    expect(changedSpan('instructions: Greet the caller.\nnext: x', 'instructions: Greet the callers.\nnext: x')).toEqual({ start: 30, end: 30, text: 's' });
    expect(changedSpan('abcdef', 'abXef')).toEqual({ start: 2, end: 4, text: 'X' });
  });

  it('keeps a repeated letter typed at the end of a run apart from the shared suffix', () => {
    // "aa" → "aaa": the prefix takes two letters, so the suffix may not take them again.
    const span = changedSpan('aa', 'aaa');
    expect(apply('aa', span)).toBe('aaa');
  });

  it('never splits a character outside the basic plane', () => {
    const span = changedSpan('a😀b', 'a😃b');
    expect(span).not.toBeNull();
    expect(span!.text).toBe('😃');
  });

  it('turns any text into any other', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (before, after) => {
      expect(apply(before, changedSpan(before, after))).toBe(after);
    }));
  });

  it('finds the span in long texts, wherever it falls against the chunks compared at once', () => {
    const naive = (before: string, after: string) => {
      const shorter = Math.min(before.length, after.length);
      let start = 0;
      while (start < shorter && before[start] === after[start]) start++;
      let common = 0;
      while (common < shorter - start && before[before.length - 1 - common] === after[after.length - 1 - common]) common++;
      return { start, end: before.length - common, text: after.slice(start, after.length - common) };
    };
    const long = Array.from({ length: 20_000 }, (_, i) => `line ${i % 97}\n`).join('');
    fc.assert(fc.property(fc.nat(long.length), fc.nat(40), fc.string({ maxLength: 40 }), (at, cut, text) => {
      const after = long.slice(0, at) + text + long.slice(Math.min(long.length, at + cut));
      const span = changedSpan(long, after);
      expect(apply(long, span)).toBe(after);
      if (span) expect(span).toEqual(naive(long, after));
    }), { numRuns: 300 });
  });
});
