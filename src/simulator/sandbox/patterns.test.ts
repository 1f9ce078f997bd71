// The pattern sandbox (security issue 30, point 7): a document's regular expressions run in
// QuickJS with a deadline. Everyday patterns answer as V8 does; hostile ones — exponential,
// polynomial, alternations under a star — are stopped at the deadline and say so; and, for any
// pattern of nested quantifiers, the sandbox answers within its deadline (a property).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVERYDAY_PATTERNS, SLOW_PATTERNS } from '../../../test/security/regex-payloads';
import { preparePatternSandbox, type PatternSandbox } from './patterns';

let sandbox: PatternSandbox;
beforeAll(async () => {
  sandbox = await preparePatternSandbox();
});

describe('the pattern sandbox', () => {
  it('answers everyday patterns as the host RegExp would, match text included', () => {
    for (const { pattern, yes, no } of EVERYDAY_PATTERNS) {
      expect(sandbox.exec(pattern, 'u', yes)).toEqual({ matched: yes });
      expect(sandbox.exec(pattern, 'u', no)).toEqual({ matched: null });
    }
    expect(sandbox.exec('(?<![\\w])(?:[A-Z]{2}-[0-9]{4})(?![\\w])', 'u', 'my code is QX-4821 I think')).toEqual({ matched: 'QX-4821' });
    expect(sandbox.exec('x*', 'u', 'abc')).toEqual({ matched: '' });
  });

  it('says a pattern is no regex', () => {
    expect(sandbox.exec('([a-z', 'u', 'a')).toMatchObject({ failed: 'invalid' });
  });

  it.each(SLOW_PATTERNS)('stops $id at the deadline, and answers the next pattern as usual', ({ pattern, text }) => {
    const started = Date.now();
    expect(sandbox.exec(pattern, 'u', text, 50)).toEqual({ failed: 'timeout', message: 'took longer than 50 ms' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(sandbox.exec('^a+$', 'u', 'aaa')).toEqual({ matched: 'aaa' });
  });
});

// A small grammar of nested quantifiers: atoms, groups and alternations, each possibly repeated,
// nested up to three deep — the shapes behind exponential and polynomial backtracking and their
// harmless neighbours.
const atom = fc.constantFrom('a', 'b', '1', '[0-9]', '\\w', '.', '[a1]', '\\d');
const quantifier = fc.constantFrom('', '', '*', '+', '?', '{1,3}', '{2,}', '*?', '+?');
const { term } = fc.letrec<{ term: string; group: string }>((tie) => ({
  term: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.tuple(atom, quantifier).map(([a, q]) => a + q), tie('group')),
  group: fc
    .tuple(fc.array(tie('term'), { minLength: 1, maxLength: 4 }), fc.array(tie('term'), { minLength: 0, maxLength: 3 }), fc.constantFrom('(', '(?:'), quantifier)
    .map(([left, right, open, q]) => `${open}${left.join('')}${right.length ? `|${right.join('')}` : ''})${q}`),
}));
const pattern = fc.tuple(fc.boolean(), fc.array(term, { minLength: 1, maxLength: 5 }), fc.constantFrom('', '$', '!$', 'x$')).map(([anchor, terms, end]) => `${anchor ? '^' : ''}${terms.join('')}${end}`);
// Texts that make backtracking engines work: long runs of one character and a last one that fails.
const text = fc.tuple(fc.constantFrom('a', '1', 'ab', 'a1'), fc.integer({ min: 0, max: 40 }), fc.constantFrom('', '!', 'x', 'b')).map(([unit, n, last]) => unit.repeat(n) + last);

describe('property: any pattern of nested quantifiers', () => {
  const DEADLINE_MS = 20;
  // The deadline is checked by QuickJS's interrupt handler every few thousand steps, and the
  // runtime is rebuilt after a stop: a busy 2-core machine may add that much.
  const SLACK_MS = 1000;

  const outcomes = { answered: 0, timeout: 0, invalid: 0, error: 0 };
  it(`answers within its deadline (${DEADLINE_MS} ms) plus slack: a match, no match, invalid, or out of time`, () => {
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        const started = Date.now();
        const run = sandbox.exec(p, 'u', t, DEADLINE_MS);
        const ms = Date.now() - started;
        expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
        outcomes[('failed' in run ? run.failed : 'answered')] += 1;
        if ('failed' in run) expect(['timeout', 'invalid', 'error']).toContain(run.failed);
        else expect(run.matched === null || typeof run.matched === 'string').toBe(true);
      }),
      { numRuns: 150 },
    );
    // The grammar does reach the shapes the deadline is for, not only quick ones.
    expect(outcomes.timeout).toBeGreaterThan(0);
    expect(outcomes.answered).toBeGreaterThan(outcomes.timeout);
  });
});
