import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneLineText, visibleEscape, visibleText } from './visible-text';

// eslint-disable-next-line no-control-regex
const STEERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('visibleText: what a terminal is sent steers nothing', () => {
  it('shows ESC sequences, carriage returns, backspaces, OSC and BEL as escapes', () => {
    expect(visibleText('added\x1b[1A\x1b[2K')).toBe('added\\x1b[1A\\x1b[2K');
    expect(visibleText('FAIL\rPASS')).toBe('FAIL\\rPASS');
    expect(visibleText('ok\b\b')).toBe('ok\\b\\b');
    expect(visibleText('\x1b]0;title\x07')).toBe('\\x1b]0;title\\x07');
    expect(visibleText('\x00\x0b\x0c\x1f')).toBe('\\x00\\v\\f\\x1f');
  });

  it('shows DEL, C1 controls (U+009B is a one-character CSI), line separators and bidirectional overrides as \\u escapes', () => {
    expect(visibleText('a\x7fb')).toBe('a\\u007fb');
    expect(visibleText('\x9b1A\x9b2K')).toBe('\\u009b1A\\u009b2K');
    expect(visibleText('x\u2028y\u2029')).toBe('x\\u2028y\\u2029');
    expect(visibleText('\u202eevil\u202c \u2066i\u2069 \u200f')).toBe('\\u202eevil\\u202c \\u2066i\\u2069 \\u200f');
  });

  it('keeps the layout of many lines: line feeds, tabs, and a carriage return that ends a line', () => {
    expect(visibleText('one\n\ttwo\r\nthree')).toBe('one\n\ttwo\r\nthree');
    expect(visibleText('a\r\rb\r')).toBe('a\\r\\rb\\r');
  });

  it('leaves every other character as it is: accents, CJK, emoji joined with zero-width joiners', () => {
    const text = 'Clínica Norte — 予約 👩‍👩‍👧 book_slot "quoted" \\x1b as typed';
    expect(visibleText(text)).toBe(text);
  });

  it('a \\u escape is valid JSON: JSON text escaped stays the same value', () => {
    const value = { said: 'Booked.\x9b2K\u2028\u202e\x7f \x1b[2K' };
    const shown = visibleText(JSON.stringify(value));
    expect(shown).not.toMatch(STEERS);
    expect(JSON.parse(shown)).toEqual(value);
  });

  it('for any text: nothing that steers is left but line feeds, tabs and CR LF; a second pass changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const shown = visibleText(text);
        expect(shown.replace(/\r\n|\n|\t/g, '')).not.toMatch(STEERS);
        expect(visibleText(shown)).toBe(shown);
      }),
    );
  });
});

describe('oneLineText: a name stays on its line', () => {
  it('shows line feeds and tabs too, so a name cannot start a line of its own', () => {
    expect(oneLineText('greet\nPASS all 1/1')).toBe('greet\\nPASS all 1/1');
    expect(oneLineText('a\tb\r\nc')).toBe('a\\tb\\r\\nc');
    expect(oneLineText('book_slot')).toBe('book_slot');
  });

  it('for any text: one line, and nothing in it steers', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
      expect(oneLineText(text)).not.toMatch(STEERS);
    }));
  });
});

describe('visibleEscape', () => {
  it('writes C0 controls as C does, the rest as \\u', () => {
    expect(['\x1b', '\r', '\n', '\t', '\b', '\x07', '\x7f', '\x9b', '\u202e'].map(visibleEscape)).toEqual(['\\x1b', '\\r', '\\n', '\\t', '\\b', '\\x07', '\\u007f', '\\u009b', '\\u202e']);
  });
});
