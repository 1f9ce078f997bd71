import { describe, expect, it } from 'vitest';
import { locateJsonPointer, pointerSegments } from './json-locate';

const text = JSON.stringify(
  { type: 'object', properties: { 'a/b': { type: 'string' }, phone: { type: 'string', pattern: '^x$' } }, required: ['phone'] },
  null,
  2,
);

describe('locateJsonPointer', () => {
  it('finds a member: from its key to the end of its value', () => {
    const r = locateJsonPointer(text, '/properties/phone/pattern')!;
    expect(r.exact).toBe(true);
    expect(text.slice(r.start, r.end)).toBe('"pattern": "^x$"');
  });

  it('unescapes ~1 and finds array items', () => {
    expect(pointerSegments('/properties/a~1b/x~0y')).toEqual(['properties', 'a/b', 'x~y']);
    const r = locateJsonPointer(text, '/properties/a~1b')!;
    expect(text.slice(r.start, r.start + 7)).toBe('"a/b": ');
    const item = locateJsonPointer(text, '/required/0')!;
    expect(text.slice(item.start, item.end)).toBe('"phone"');
  });

  it('falls back to the deepest part that exists', () => {
    const r = locateJsonPointer(text, '/properties/phone/minLength')!;
    expect(r).toMatchObject({ exact: false, depth: 2 });
    expect(text.slice(r.start, r.start + 8)).toBe('"phone":');
  });

  it('is undefined for text that is not JSON', () => {
    expect(locateJsonPointer('{"a": ', '/a')).toBeUndefined();
  });
});
