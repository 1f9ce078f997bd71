import { describe, expect, it } from 'vitest';
import { diffWrites, jsonEqual } from './writes';
import { transpileTool } from './transpile';

describe('jsonEqual', () => {
  it('ignores key order and compares deeply', () => {
    expect(jsonEqual({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
  });
});

describe('diffWrites', () => {
  it('reports changed, added and removed fields only', () => {
    expect(diffWrites({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', d: true })).toEqual({ b: 'y', c: null, d: true });
  });

  it('keeps a field named __proto__ as a field', () => {
    const writes = diffWrites({}, JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(writes)).toBe(Object.prototype);
    expect(Object.keys(writes)).toEqual(['__proto__']);
  });
});

describe('transpileTool', () => {
  it('refuses a parameter name that is not an identifier', () => {
    expect(transpileTool('return 1;', ['a) { }; (function (']).ok).toBe(false);
  });

  it('counts error lines from the first line of the body', () => {
    const out = transpileTool('const a = 1;\nconst b: = 2;', []);
    expect(out.ok ? '' : out.error).toMatch(/^Tool code line 2:/);
  });
});
