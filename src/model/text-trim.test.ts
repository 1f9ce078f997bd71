import { describe, expect, it } from 'vitest';
import { trimLineEnds } from './text-trim';

describe('trimLineEnds', () => {
  it('drops spaces, tabs and no-break spaces at the end of each line, and only there', () => {
    expect(trimLineEnds('Book a slot.  \nAsk first.\t\n  Indented stays. \u00a0')).toBe('Book a slot.\nAsk first.\n  Indented stays.');
    expect(trimLineEnds('Windows lines  \r\nkept as written ')).toBe('Windows lines\r\nkept as written');
    expect(trimLineEnds('a  b')).toBe('a  b');
    expect(trimLineEnds('')).toBe('');
  });
});
