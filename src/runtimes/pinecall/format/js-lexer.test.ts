import { describe, expect, it } from 'vitest';
import { dedentCode, indentCode, linesInsideLiterals, needsParentheses, prefixStateNames, withoutThisPrefix } from './js-lexer';

describe('js-lexer: re-indenting a body never changes a literal', () => {
  const body = 'const s = `a\n  b ${x + `c\nd`}\ne`;\nconst t = \'x\\\n  y\';\nconst re = /`/g;\nif (ok) {\n  go();\n}\n\n';

  it('finds the lines that start inside a template or a continued string', () => {
    expect(linesInsideLiterals(body)).toEqual([false, true, true, true, false, true, false, false, false, false, false, false]);
  });

  it('indents only code lines, empties blank ones, and dedent takes the same back', () => {
    const indented = indentCode(body, '    ');
    expect(indented.split('\n')).toEqual([
      '    const s = `a', '  b ${x + `c', 'd`}', 'e`;', '    const t = \'x\\', '  y\';', '    const re = /`/g;', '    if (ok) {', '      go();', '    }', '', '',
    ]);
    expect(dedentCode(indented)).toBe(body);
  });

  it('dedents by the whitespace all code lines share (tabs and spaces are not mixed up)', () => {
    expect(dedentCode('  a\n\tb')).toBe('  a\n\tb');
    expect(dedentCode('\t\ta\n\tb\n   ')).toBe('\ta\nb\n');
  });
});

describe('js-lexer: state expressions in a guard', () => {
  const names = new Set(['searches', 'slots', 'stage']);
  it.each([
    ['searches >= 3', 'this.searches >= 3'],
    ['slots.length > 0 && stage === "a"', 'this.slots.length > 0 && this.stage === "a"'],
    ['x.searches + { searches: 1 }.searches', 'x.searches + { searches: 1 }.searches'],
    ['"searches" + `${searches}`', '"searches" + `${this.searches}`'],
  ])('%s → %s', (expression, written) => {
    expect(prefixStateNames(expression, names)).toBe(written);
    expect(withoutThisPrefix(written)).toBe(expression);
  });

  it('keeps `this.` before a reserved word, which cannot stand as a free name', () => {
    expect(withoutThisPrefix('!this.class && this.searches > 1')).toBe('!this.class && searches > 1');
  });

  it.each([
    ['searches >= 3', false], ['a || b', true], ['a && b', true], ['a ? b : c', true], ['(a || b)', true],
    ['(a) + (b)', false], ['f(a || b)', false], ['x?.y', false], ['(s) => s', true],
  ])('%s needs parentheses: %s', (expression, needed) => {
    expect(needsParentheses(expression)).toBe(needed);
  });
});
