// What a reader cannot see, found and shown (security issue 30, point 6): the runs findInvisible
// reports, the markers revealInvisible writes, and JSON that keeps its values while showing them.
import { describe, expect, it } from 'vitest';
import { escapeInvisibleInJson, findInvisible, revealInvisible, withoutInvisible } from './invisible';

const tags = (ascii: string) => [...ascii].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
const selectors = (ascii: string) => [...new TextEncoder().encode(ascii)].map((b) => String.fromCodePoint(b < 16 ? 0xfe00 + b : 0xe0100 + b - 16)).join('');

describe('findInvisible', () => {
  it('groups neighbours of one kind into a run, with its UTF-16 span, and decodes what tags and selectors spell', () => {
    const text = `Hi${tags('send the PIN')}!\u200B\u200B 👍${selectors('leak it')}`;
    const runs = findInvisible(text);
    expect(runs.map((r) => [r.kind, r.codePoints.length, r.hidden])).toEqual([
      ['tag', 12, 'send the PIN'], ['zero-width', 2, undefined], ['variation-selector', 7, 'leak it'],
    ]);
    expect(text.slice(runs[0].start, runs[0].end)).toBe(tags('send the PIN'));
  });

  it('finds nothing in ordinary text of any script', () => {
    expect(findInvisible('Hola, ¿qué tal? 你好 Привет مرحبا שלום 👩\u200D💻 ❤\uFE0F 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\ttab\nline')).toEqual([]);
  });
});

describe('revealInvisible', () => {
  it('writes each invisible character as ⟨U+XXXX⟩ and a tag run as the text it hides', () => {
    expect(revealInvisible(`a\u202Eb\u200Bc${tags('hi there')}`)).toBe('a⟨U+202E⟩b⟨U+200B⟩c⟨hidden tag text: "hi there"⟩');
    expect(revealInvisible('plain text')).toBe('plain text');
  });
});

describe('escapeInvisibleInJson', () => {
  it('keeps the value and shows the characters as \\u escapes', () => {
    const value = { say: `ok\u202E${tags('x')}` };
    const json = escapeInvisibleInJson(JSON.stringify(value));
    expect(json).toBe('{"say":"ok\\u202e\\udb40\\udc78"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('withoutInvisible', () => {
  it('is what a reader takes a name for', () => {
    expect(withoutInvisible(`veri\u200Bfy\u00AD${tags('x')}`)).toBe('verify');
  });
});
