// Security issue 30, point 7: a tool's pattern from the agent file runs in the pattern sandbox with
// a deadline, never on the host's RegExp. Fourteen adjacent [0-9]* pass the shape screen and, on
// V8, never finish on a line of 40 digits (O(n^14)); the offline model must end its answer, read
// nothing by that pattern, and name it in the trace. The answer runs in a worker thread that is
// terminated at the backstop, so a regression fails here instead of hanging the suite.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backtrackingRisk } from '../../model/pattern-risk';
import { endsWithin } from '../../../test/security/ends-within';
import { DIGIT_LINE, EVERYDAY_PATTERNS, POLYNOMIAL_DIGITS } from '../../../test/security/regex-payloads';
import type { ModelResponse } from '../types';
import { patternReader } from './patterns';
import { patternSandbox } from './testing';

const PROBES = fileURLToPath(new URL('../../../test/security/regex-probes.ts', import.meta.url));
const BACKSTOP_MS = 8000;

describe('a slow pattern in the offline model', () => {
  it('fourteen [0-9]* against a 40-character caller line: the answer ends, the value is not read, and the trace names the pattern, its place and the deadline', async () => {
    expect(backtrackingRisk(POLYNOMIAL_DIGITS)).toBeNull(); // the shape screen lets it through
    expect(DIGIT_LINE).toHaveLength(40);
    const run = await endsWithin<ModelResponse>(BACKSTOP_MS, PROBES, 'offlineAnswer', [POLYNOMIAL_DIGITS, DIGIT_LINE]);
    expect(run.ended, `the offline model did not answer within ${BACKSTOP_MS} ms`).toBe(true);
    if (!run.ended) return;
    const out = run.value;
    // Not read by the pattern: the tool is not called with a value the pattern never judged.
    expect(out.toolCalls).toEqual([]);
    expect(out.text).not.toBe('');
    const notes = (out.notes ?? []).filter((n) => n.startsWith('offline rule pattern-too-slow:'));
    expect(notes).toHaveLength(1); // named once, then not run again in this answer
    expect(notes[0]).toContain('lookup_code.code');
    expect(notes[0]).toContain('took longer than 100 ms');
    expect(notes[0]).toContain(POLYNOMIAL_DIGITS.slice(0, 20));
  }, BACKSTOP_MS + 5000);

  it('near miss: an everyday pattern reads the value in the same sandbox, with no note', async () => {
    const run = await endsWithin<ModelResponse>(BACKSTOP_MS, PROBES, 'offlineAnswer', ['^[A-Z]{2}-[0-9]{4}$', 'my code is QX-4821']);
    expect(run.ended).toBe(true);
    if (!run.ended) return;
    expect(run.value.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([['lookup_code', { code: 'QX-4821' }]]);
    expect(run.value.notes?.some((n) => n.includes('pattern-too-slow'))).toBe(false);
  }, BACKSTOP_MS + 5000);
});

describe('the answer\'s pattern reader', () => {
  it('caches nothing slow: a slow pattern is run once per answer, then answers "slow" at once', () => {
    const reader = patternReader(patternSandbox);
    const first = reader.test(POLYNOMIAL_DIGITS, DIGIT_LINE, 't.p');
    const started = Date.now();
    const again = reader.test(POLYNOMIAL_DIGITS, '1'.repeat(30), 't.p');
    expect(Date.now() - started).toBeLessThan(50);
    expect([first, again]).toEqual([{ unusable: 'slow' }, { unusable: 'slow' }]);
    expect(reader.notes).toHaveLength(1);
  });

  it('holds one answer\'s pattern runs to its allowance, and says when it ran out', () => {
    const reader = patternReader(patternSandbox, 250);
    const outcomes = Array.from({ length: 6 }, (_, i) => reader.test(`${POLYNOMIAL_DIGITS}${'y'.repeat(i)}`, DIGIT_LINE, `t.p${i}`));
    expect(outcomes.every((o) => 'unusable' in o && o.unusable === 'slow')).toBe(true);
    // Three runs of 100 ms use up 250 ms (the third gets the 50 left); the rest are not run.
    expect(reader.notes.filter((n) => n.includes('took longer than')).length).toBeLessThanOrEqual(3);
    expect(reader.notes.at(-1)).toMatch(/took 250 ms in all: no further pattern is run \(first left unrun: t\.p\d/);
  });

  it('still answers everyday patterns right', () => {
    const reader = patternReader(patternSandbox);
    for (const { pattern, yes, no } of EVERYDAY_PATTERNS) {
      expect(reader.test(pattern, yes, 'x')).toEqual({ matched: yes });
      expect(reader.test(pattern, no, 'x')).toEqual({ matched: null });
    }
    expect(reader.test('([a-z', 'a', 'x')).toEqual({ unusable: 'invalid' });
  });
});
