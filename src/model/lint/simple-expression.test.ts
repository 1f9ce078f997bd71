import * as acorn from 'acorn';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simpleExpressionParses } from './simple-expression';

/** What lint asks acorn (./js-syntax.ts): the source as the operand of a return, in a script. */
function acornParses(source: string): boolean {
  try {
    acorn.parse(`return (${source}\n);`, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true });
    return true;
  } catch {
    return false;
  }
}

describe('the plain-expression check that spares lint loading acorn', () => {
  it('vouches for the expressions agents write', () => {
    for (const source of [
      'searches >= 3', '(s) => s.slots.length > 0', 's => s.verified && s.caller_name !== ""', '!verified || attempts < 2',
      "(s) => s.slots?.length > 0 ? true : false", "['a', 'b'].includes(s.kind)", '(state, call) => call.from === state.phone',
      'typeof s.count === "number"', '-1 < x', '() => true', 'a.default + 1 .toFixed(2)', 'count % 2 == 0 != false', '(a, b)',
    ]) expect(simpleExpressionParses(source), source).toBe(true);
  });

  it('leaves to acorn what it does not know, valid or not', () => {
    for (const source of [
      '', 'a b', 'searches >=', '(s) => { return s.x }', 'a ?? b', 'a ** 2', 'x = 1', 'a++ + b', 'a ++ b', 'a +++ b', '1.toFixed()',
      '08', '`t`', '/re/.test(x)', 'a // note', 'a /* c */', 'new Date()', 'let', 'await x', 'async x => x', '(a, a) => 1',
      '(eval) => 1', 'a\n+ b', "'\\n'", 'a in b', 'x <!-- y', 'f(a,)', '[1,,2]', '{}', 'café', 'a?.5:1', '(a) => (b) => c'.repeat(40),
      `${'('.repeat(60)}1${')'.repeat(60)}`, 'a || (b) => c', '...a', 'a\u00a0+ b',
    ]) expect(simpleExpressionParses(source), source).toBe(false);
  });

  it('never vouches for a source acorn refuses (random token strings)', () => {
    const token = fc.constantFrom(
      'a', 's', 'x1', '$', '_b', 'this', 'true', 'null', 'typeof', 'in', 'let', 'yield', 'await', 'async', 'eval', 'new', 'class', 'of',
      '0', '1', '2.5', '3e2', '07', "'s'", '"t"', '.', '?.', '?', ':', ',', '(', ')', '[', ']', '{', '}', '=>', '=', '==', '===', '!',
      '!=', '!==', '<', '>', '<=', '>=', '+', '-', '++', '--', '*', '**', '/', '%', '&&', '||', '??', '&', '|', '<!--', '-->', ' ', '\t', '\n',
    );
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 14 }), fc.boolean(), (tokens, spaced) => {
        const source = tokens.join(spaced ? ' ' : '');
        if (simpleExpressionParses(source)) expect(acornParses(source), source).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('never vouches for a source acorn refuses (well-formed expressions, then one token dropped or doubled)', () => {
    const expr: fc.Memo<string> = fc.memo((n) => (n <= 1
      ? fc.constantFrom('a', 's.x', 'this', '1', "'q'", 'true', 'f()')
      : fc.oneof(
        fc.tuple(expr(n - 1), fc.constantFrom('||', '&&', '===', '<', '+', '-', '*', '%', '!='), expr(n - 1)).map(([l, op, r]) => `${l} ${op} ${r}`),
        fc.tuple(fc.constantFrom('!', '-', 'typeof '), expr(n - 1)).map(([op, e]) => `${op}${e}`),
        fc.tuple(expr(n - 1), expr(n - 1), expr(n - 1)).map(([c, t, e]) => `${c} ? ${t} : ${e}`),
        fc.tuple(fc.constantFrom('s', '(s)', '(s, t)', '()'), expr(n - 1)).map(([p, b]) => `${p} => ${b}`),
        expr(n - 1).map((e) => `(${e})`),
        fc.tuple(expr(n - 1), fc.constantFrom('.y', '?.z', '[0]', '(1, 2)')).map(([e, post]) => `${e}${post}`),
      )));
    fc.assert(
      fc.property(expr(4), fc.nat(), fc.constantFrom('drop', 'double', 'keep'), (source, at, how) => {
        const parts = source.split(' ');
        const i = at % parts.length;
        const mutated = how === 'keep' ? source : [...parts.slice(0, i), ...(how === 'double' ? [parts[i]!, parts[i]!] : []), ...parts.slice(i + 1)].join(' ');
        if (simpleExpressionParses(mutated)) expect(acornParses(mutated), mutated).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('vouches for every `when` and expression condition of the examples (no acorn to open them)', () => {
    const dir = new URL('../../../public/examples/', import.meta.url);
    const sources: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const doc = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as { tools?: { when?: string }[]; edges?: { conditions?: { kind: string; expression?: string }[] }[] };
      for (const tool of doc.tools ?? []) if (tool.when !== undefined) sources.push(tool.when);
      for (const edge of doc.edges ?? []) for (const c of edge.conditions ?? []) if (c.kind === 'expression' && c.expression) sources.push(c.expression);
    }
    expect(sources.length).toBeGreaterThan(1);
    expect(sources.filter((s) => !simpleExpressionParses(s))).toEqual([]);
  });
});
