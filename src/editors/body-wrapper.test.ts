import { describe, expect, it } from 'vitest';
import { bodyUri, decodeWrapper, encodeWrapper, isBodyFile, spanClampedToBody, spanToBody, wrapperLibUri } from './body-wrapper';

describe('body wrapper protocol', () => {
  it('names the body model and its wrapper lib', () => {
    const uri = bodyUri('t_slots');
    expect(uri).toBe('file:///callboard/tools/t_slots.body.ts');
    expect(isBodyFile(uri)).toBe(true);
    expect(isBodyFile('file:///callboard/agent-state.d.ts')).toBe(false);
    expect(wrapperLibUri(uri)).toBe('file:///callboard/tools/t_slots.wrapper.d.ts');
  });

  it('carries the wrapper in a comment, even one holding */', () => {
    const wrapper = { prefix: '/** a */\nasync function f(this: S, v: "*/") {\n', suffix: '\n}\n' };
    const lib = encodeWrapper(wrapper);
    expect(lib.startsWith('/*')).toBe(true);
    expect(lib.indexOf('*/')).toBe(lib.length - 3);
    expect(decodeWrapper(lib)).toEqual(wrapper);
    expect(decodeWrapper('/* nothing */')).toBeUndefined();
    expect(decodeWrapper(undefined)).toBeUndefined();
  });

  it('maps spans of the wrapped text into the body', () => {
    const map = { shift: 10, length: 20 };
    expect(spanToBody(map, 12, 3)).toEqual({ start: 2, length: 3 });
    expect(spanToBody(map, 5, 3)).toBeUndefined(); // in the prefix
    expect(spanToBody(map, 31, 2)).toBeUndefined(); // in the suffix
    expect(spanToBody(map, 8, 5)).toEqual({ start: 0, length: 3 }); // straddles the start
    expect(spanToBody(map, 28, 5)).toEqual({ start: 18, length: 2 });
    expect(spanToBody(map, 30, 0)).toEqual({ start: 20, length: 0 });
    expect(spanClampedToBody(map, 40, 1)).toEqual({ start: 20, length: 0 }); // "'}' expected" at the end
    expect(spanClampedToBody(map, 2, 1)).toEqual({ start: 0, length: 0 });
  });
});
