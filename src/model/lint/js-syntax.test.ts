import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { expressionParserLoaded, expressionSyntaxError } from './js-syntax';

describe('the syntax check of `when` sources and expression conditions', () => {
  it('is loaded before the tests (test/setup/expression-parser.ts)', () => {
    expect(expressionParserLoaded()).toBe(true);
  });

  it('accepts what the sandbox can evaluate: expressions, arrow functions, a trailing comment', () => {
    for (const source of ['searches >= 3 && !verified', '(s) => s.slots.length > 0 // offered', '(s) => { const n = s.slots?.length ?? 0; return n > 0; }', 'await', '`${a}b`']) {
      expect(expressionSyntaxError(source), source).toBeNull();
    }
  });

  it('says what is wrong and where in the source, not in the wrapper', () => {
    expect(expressionSyntaxError('searches >=')).toBe('Unexpected token, at the end');
    expect(expressionSyntaxError('a b')).toBe('Unexpected token at line 1, column 3');
    expect(expressionSyntaxError('(s) =>\n  s.x ++ 1 )')).toMatch(/at line 2, column \d+$/);
    expect(expressionSyntaxError('  ')).toBe('it is empty');
  });

  it('without the parser: vouches for plain sources, passes over the rest and says it wanted the parser', async () => {
    vi.resetModules();
    const fresh = await import('./js-syntax');
    expect(fresh.expressionParserLoaded()).toBe(false);
    expect(fresh.expressionSyntaxError('(s) => s.slots.length > 0')).toBeNull();
    expect(fresh.parserWanted()).toBe(false);
    expect(fresh.expressionSyntaxError('a b')).toBeNull();
    expect(fresh.parserWanted()).toBe(true);
    expect(fresh.parserWanted()).toBe(false);
    expect(fresh.expressionSyntaxError(' ')).toBe('it is empty');
    expect(fresh.parserWanted()).toBe(false);
  });

  it('never hands the text to the engine: no eval, no Function', () => {
    const source = readFileSync(new URL('./js-syntax.ts', import.meta.url), 'utf8').replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(source).not.toMatch(/\bnew Function\b|\bFunction\(|\beval\(/);
    const marker = '__js_syntax_ran__';
    expect(expressionSyntaxError(`(globalThis.${marker} = true)`)).toBeNull();
    expect(marker in globalThis).toBe(false);
  });
});
