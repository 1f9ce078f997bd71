import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySpans, changedSpan, changedSpans } from './changed-span';

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

const applyAll = applySpans;

describe('changedSpans', () => {
  // A Block Agent YAML writes a tool's docstring once per block: the same edit in many places.
  const block = (i: number, doc: string) => `- block: b${i}\n  turns:\n${'    - say: hello there, this is filler text\n'.repeat(20)}  tools:\n    - name: lookup\n      description: ${doc}\n`;
  const yaml = (doc: string) => Array.from({ length: 50 }, (_, i) => block(i, doc)).join('');

  it('gives one small span per place a repeated line changed, not one span across the file', () => {
    const before = yaml('Look up a record.');
    const after = yaml('Look up a record by kind.');
    const spans = changedSpans(before, after);
    expect(applyAll(before, spans)).toBe(after);
    expect(spans).toHaveLength(50);
    expect(Math.max(...spans.map((s) => s.end - s.start + s.text.length))).toBeLessThan(100);
    // The single span covers nearly everything.
    const one = changedSpan(before, after)!;
    expect(one.end - one.start).toBeGreaterThan(before.length * 0.9);
  });

  it('is one span for a small change, and none for equal texts', () => {
    expect(changedSpans('abc', 'abc')).toEqual([]);
    expect(changedSpans('abcdef', 'abXef')).toEqual([{ start: 2, end: 4, text: 'X' }]);
  });

  it('rebuilds the new text from any two texts, with ordered spans apart', () => {
    const line = fc.constantFrom('a\n', 'b\n', 'key: value\n', '\n', 'x', 'é\n', '😀\n');
    const text = fc.array(line, { maxLength: 900 }).map((l) => l.join(''));
    fc.assert(fc.property(text, text, (before, after) => {
      const spans = changedSpans(before, after);
      expect(applyAll(before, spans)).toBe(after);
      for (let i = 1; i < spans.length; i++) expect(spans[i].start).toBeGreaterThan(spans[i - 1].end - 1);
    }), { numRuns: 300 });
  });

  it('rebuilds the new text after runs of lines inserted, removed and replaced in many places of a long text of repeated lines', () => {
    // Past 8 kB of change the lines are walked (nearSpans) or, far apart, diffed: repeated and blank
    // lines make places where two texts seem to agree again and do not.
    const line = fc.constantFrom('- name: a\n', '  x: 1\n', '\n', 'key: value\n', '  - b\n', 'é😀\n');
    const base = fc.array(line, { minLength: 1500, maxLength: 2500 });
    const edit = fc.tuple(fc.nat(), fc.nat(12), fc.array(line, { maxLength: 12 }));
    fc.assert(fc.property(base, fc.array(edit, { minLength: 1, maxLength: 30 }), fc.boolean(), (lines, edits, unterminated) => {
      const before = lines.join('') + (unterminated ? 'tail' : '');
      const after = [...lines];
      for (const [at, cut, added] of edits) after.splice(at % (after.length + 1), cut, ...added);
      const text = after.join('') + (unterminated ? 'tail' : '');
      const spans = changedSpans(before, text);
      expect(applyAll(before, spans)).toBe(text);
      for (let i = 1; i < spans.length; i++) expect(spans[i].start).toBeGreaterThanOrEqual(spans[i - 1].end);
    }), { numRuns: 150 });
  });

  it('rebuilds a long text that parts at its first character, after a line break there', () => {
    // lastIndexOf('\n', -1) finds a break at 0: a span once started after the first character.
    const many = '- name: a\n'.repeat(1200);
    const before = `\n${many}`;
    const after = `- name: a\n${before.slice(0, 6000)}- name: a\n- name: a\na${before.slice(6010)}`;
    const spans = changedSpans(before, after);
    expect(applyAll(before, spans)).toBe(after);
    expect(spans[0].start).toBe(0);
  });

  it('rebuilds the new text after edits in many places of a long text', () => {
    const base = yaml('first');
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(base.length), fc.nat(30), fc.string({ maxLength: 30 })), { maxLength: 40 }), (edits) => {
      let after = base;
      for (const [at, cut, text] of edits) after = after.slice(0, Math.min(at, after.length)) + text + after.slice(Math.min(at + cut, after.length));
      expect(applyAll(base, changedSpans(base, after))).toBe(after);
    }), { numRuns: 60 });
  });
});
