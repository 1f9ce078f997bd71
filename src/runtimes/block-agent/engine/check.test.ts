import { beforeAll, describe, expect, it } from 'vitest';
import { newQuickJSWASMModule } from 'quickjs-emscripten';
import type { Tool } from '../../../model';
import { sandboxEvaluate } from '../../../simulator/sandbox-evaluate';
import type { Evaluate } from '../../../simulator/types';
import { checkToolCall } from './check';
import { preparePatternSandbox } from '../../../simulator/sandbox/patterns';
import { DIGIT_LINE, POLYNOMIAL_DIGITS } from '../../../../test/security/regex-payloads';

const tool = (pattern: string): Tool => ({
  id: 't_code', kind: 'function', name: 'take_code', description: 'Takes a code.',
  parameters: { type: 'object', properties: { code: { type: 'string', pattern } }, required: ['code'], additionalProperties: false },
} as unknown as Tool);

let evaluate: Evaluate;
beforeAll(async () => {
  evaluate = sandboxEvaluate(await newQuickJSWASMModule(), 300);
});

describe('a Block Agent tool call checked against a schema from the document', () => {
  it('tests each pattern in the sandbox given, and words the result as ajv did', () => {
    let calls = 0;
    const counted: Evaluate = (source, state, options) => (calls++, evaluate(source, state, options));
    expect(checkToolCall(tool('^[A-Z]{3}$'), '{"code": "ABC"}', counted)).toEqual({ args: { code: 'ABC' } });
    expect(checkToolCall(tool('^[A-Z]{3}$'), '{"code": "abc"}', counted)).toEqual({ error: 'take_code: arguments/code must match pattern "^[A-Z]{3}$"' });
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(checkToolCall(tool('^[A-Z]{3}$'), '{"code": 7, "x": 1}', counted)).toEqual({ error: 'take_code: arguments must NOT have additional properties, arguments/code must be string' });
  });

  it('a catastrophically backtracking pattern is stopped at the deadline and nothing is captured', () => {
    const started = Date.now();
    const out = checkToolCall(tool('^(a+)+$'), JSON.stringify({ code: `${'a'.repeat(40)}!` }), evaluate);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(out).toEqual({ error: expect.stringMatching(/^take_code: the parameters schema cannot be checked \(pattern "\^\(a\+\)\+\$": took longer than 300 ms\)$/) });
  });

  it('a pattern that is no regex says so', () => {
    expect(checkToolCall(tool('^[0-9{7,15}$'), '{"code": "1"}', evaluate)).toEqual({ error: expect.stringMatching(/^take_code: the parameters schema cannot be checked \(pattern "\^\[0-9\{7,15\}\$": .+\)$/) });
  });
});

describe('a step given no predicate sandbox', () => {
  it('tests the patterns in the pattern sandbox, with its deadline: fourteen [0-9]* on 40 digits cannot be checked, and nothing is captured', async () => {
    const sandbox = await preparePatternSandbox();
    expect(checkToolCall(tool('^[A-Z]{3}$'), '{"code": "ABC"}', sandbox)).toEqual({ args: { code: 'ABC' } });
    const started = Date.now();
    const out = checkToolCall(tool(POLYNOMIAL_DIGITS), JSON.stringify({ code: DIGIT_LINE }), sandbox);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(out).toEqual({ error: expect.stringMatching(/^take_code: the parameters schema cannot be checked \(pattern "\^\[0-9\]\*.*": took longer than 100 ms\)$/) });
  });
});
