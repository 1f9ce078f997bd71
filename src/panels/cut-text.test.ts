// What the panels lay out of a long text (security issue 30, point 4): a 12 MB tool result is shown
// as its first 20,000 characters, paged 200,000 at a time on demand, and titles stay short.
import { describe, expect, it } from 'vitest';
import { headOf, pageOf, PAGE_CHARACTERS, SHOWN_CHARACTERS, shortJson } from './cut-text';

describe('cut text', () => {
  const huge = 'x'.repeat(12e6);

  it('shows a short text whole and a huge one up to its first 20,000 characters', () => {
    expect(headOf('hello')).toBe('hello');
    expect(headOf(huge)).toHaveLength(SHOWN_CHARACTERS);
  });

  it('does not split a surrogate pair at the cut', () => {
    const text = 'a'.repeat(SHOWN_CHARACTERS - 1) + '🙂' + 'b';
    expect(headOf(text)).toBe('a'.repeat(SHOWN_CHARACTERS - 1));
  });

  it('pages through all of it, 200,000 characters a page', () => {
    const first = pageOf(huge, 0);
    expect(first).toMatchObject({ from: 0, to: PAGE_CHARACTERS, pages: 60 });
    const last = pageOf(huge, 59);
    expect(last.to).toBe(12e6);
    expect(last.text).toHaveLength(PAGE_CHARACTERS);
    // Past the end is the last page.
    expect(pageOf(huge, 99).from).toBe(last.from);
  });

  it('keeps a title to its limit, for a huge string and a huge object alike', () => {
    expect(shortJson(huge, 1_000).length).toBeLessThanOrEqual(1_001);
    expect(shortJson({ rows: [huge] }, 1_000).length).toBeLessThanOrEqual(1_001);
    expect(shortJson({ a: 1 })).toBe('{"a":1}');
    expect(shortJson(undefined)).toBe('undefined');
  });
});
