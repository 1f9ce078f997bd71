// Lint's sample checks (security issue 30, point 7): a parameter's default and examples are tested
// against its pattern in the pattern sandbox, with a deadline; a pattern that runs out of time is
// reported at the sample it ran out on, and the shape screen is a hint (a warning), not the
// defence. The lint runs in a worker thread terminated at a backstop for the slow case, so a
// regression to the host's RegExp fails here instead of hanging the suite.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { preparePatternSandbox } from '../../simulator/sandbox/patterns';
import { endsWithin } from '../../../test/security/ends-within';
import { DIGIT_LINE, NESTED_PLUS, POLYNOMIAL_DIGITS } from '../../../test/security/regex-payloads';
import type { Problem } from './index';
import { setSamplePatterns } from './pattern-samples';
import { describeRuleCases, lintAs, type RuleCase } from './rule-cases';

beforeAll(async () => {
  setSamplePatterns(await preparePatternSandbox());
});

const PHONE = '/tools/2/parameters/properties/phone';
const cases: RuleCase[] = [
  { rule: 'parameter-sample-mismatch', path: '/tools/2/parameters/properties/phone/examples/1', severity: ['warning', 'warning'],
    fail: (d) => { Object.assign(d.tools[2].parameters.properties!.phone, { pattern: '^\\+?[0-9]{7,15}$', examples: ['+34600111222', '600 111'] }); },
    pass: (d) => { Object.assign(d.tools[2].parameters.properties!.phone, { pattern: '^\\+?[0-9]{7,15}$', examples: ['+34600111222', '600111222'] }); } },
  { rule: 'parameter-pattern-slow', path: '/tools/2/parameters/properties/phone/default', severity: ['warning', 'warning'],
    fail: (d) => { Object.assign(d.tools[2].parameters.properties!.phone, { pattern: NESTED_PLUS, default: `${'a'.repeat(40)}!` }); },
    pass: (d) => { Object.assign(d.tools[2].parameters.properties!.phone, { pattern: '^a+$', default: `${'a'.repeat(40)}!` }); } },
  { rule: 'parameter-pattern-backtracks', path: '/tools/2/parameters/properties/phone/pattern', severity: ['warning', 'warning'],
    fail: (d) => { d.tools[2].parameters.properties!.phone.pattern = '^(a|ab)*$'; },
    pass: (d) => { d.tools[2].parameters.properties!.phone.pattern = '^(?:ab?)$'; } },
];

describeRuleCases(cases);

describe('a pattern that backtracks for ever on a sample', () => {
  const PROBES = fileURLToPath(new URL('../../../test/security/regex-probes.ts', import.meta.url));
  const BACKSTOP_MS = 8000;

  it('fourteen [0-9]* (no shape the screen refuses) on a 40-digit default: lint ends and says the pattern took too long on the default, at the default', async () => {
    const run = await endsWithin<Problem[]>(BACKSTOP_MS, PROBES, 'lintWithPattern', [POLYNOMIAL_DIGITS, DIGIT_LINE]);
    expect(run.ended, `lint did not end within ${BACKSTOP_MS} ms`).toBe(true);
    if (!run.ended) return;
    const found = run.value.filter((p) => p.rule.startsWith('parameter-pattern') || p.rule === 'parameter-sample-mismatch');
    expect(found.map((p) => [p.rule, p.path, p.severity])).toEqual([['parameter-pattern-slow', `${PHONE}/default`, 'warning']]);
    expect(found[0].message).toMatch(/^tool \w+: pattern "\^\[0-9\]\*.*" took longer than 100 ms on the default "4{40}" and was stopped; a tool call with such a value cannot be checked/);
  }, BACKSTOP_MS + 5000);

  it('a second lint of the same document does not run it again (lint runs on every edit)', async () => {
    const sandbox = await preparePatternSandbox();
    const ran: string[] = [];
    setSamplePatterns({ timeoutMs: sandbox.timeoutMs, exec: (source, flags, text, ms) => (ran.push(text), sandbox.exec(source, flags, text, ms)) });
    const mutate = (d: Parameters<Parameters<typeof lintAs>[1]>[0]) => { Object.assign(d.tools[2].parameters.properties!.phone, { pattern: NESTED_PLUS, default: `${'a'.repeat(41)}!` }); };
    try {
      expect(lintAs('pinecall', mutate).filter((p) => p.rule === 'parameter-pattern-slow')).toHaveLength(1);
      expect(lintAs('pinecall', mutate).filter((p) => p.rule === 'parameter-pattern-slow')).toHaveLength(1);
      expect(ran.filter((t) => t.startsWith('aaa'))).toHaveLength(1);
    } finally {
      setSamplePatterns(sandbox);
    }
  });
});
