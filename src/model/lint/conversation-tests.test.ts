// The lint rules of conversation tests: each fires on a broken test and not on its near miss.
import { describe, expect, it } from 'vitest';
import type { ConversationTest } from '../types';
import { lintAs, TARGETS, describeRuleCases, type RuleCase } from './rule-cases';

const base = (more: Partial<ConversationTest> = {}): ConversationTest => ({ name: 'books', input: ['hi'], expect: {}, ...more });

const cases: RuleCase[] = [
  { rule: 'test-name-duplicate', path: '/tests/1/name', severity: ['error', 'error'],
    fail: (d) => { d.tests = [base(), base()]; },
    pass: (d) => { d.tests = [base(), base({ name: 'books-2' })]; } },
  { rule: 'test-tool-unknown', path: '/tests/0/expect/tools/1', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ expect: { tools: ['free_slots', 'booking'] } })]; },
    pass: (d) => { d.tests = [base({ expect: { tools: ['free_slots', 'book'] } })]; } },
  { rule: 'test-tool-unknown', path: '/tests/0/expect/not_tools/0', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ expect: { not_tools: ['endcall'] } })]; },
    pass: (d) => { d.tests = [base({ expect: { not_tools: ['end_call'] } })]; } },
  { rule: 'test-tool-unknown', path: '/tests/0/mocks/free~1slots', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ mocks: { 'free/slots': [] } })]; },
    pass: (d) => { d.tests = [base({ mocks: { free_slots: [] } })]; } },
  { rule: 'test-stage-unknown', path: '/tests/0/expect/stage', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ expect: { stage: 's_goodbye' } })]; },
    pass: (d) => { d.tests = [base({ expect: { stage: 'goodbye' } })]; } },
  { rule: 'test-state-unknown', path: '/tests/0/expect/state/booking', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ expect: { state: { booking: 'Mon' } } })]; },
    pass: (d) => { d.tests = [base({ expect: { state: { booking_when: 'Mon' } } })]; } },
  { rule: 'test-state-unknown', path: '/tests/0/state/name', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ state: { name: 'Ana' } })]; },
    pass: (d) => { d.tests = [base({ state: { caller_name: 'Ana' } })]; } },
  { rule: 'test-stage-unknown', path: '/tests/0/start/stage', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ start: { stage: 'checkout' } })]; },
    pass: (d) => { d.tests = [base({ start: { stage: 'choose' } })]; } },
  { rule: 'test-state-unknown', path: '/tests/0/start/state/name', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ start: { stage: 'choose', state: { name: 'Ana' } } })]; },
    pass: (d) => { d.tests = [base({ start: { stage: 'choose', state: { caller_name: 'Ana' } } })]; } },
  { rule: 'test-state-unknown', path: '/tests/0/start/state/verified', severity: ['warning', 'warning'],
    fail: (d) => { d.tests = [base({ start: { stage: 'choose', state: { verified: 'yes' } } })]; },
    pass: (d) => { d.tests = [base({ start: { stage: 'choose', state: { verified: true } } })]; } },
];

describeRuleCases(cases);

describe('conversation test rules', () => {
  it.each(TARGETS)('accept an mcp tool’s allowed tool names as tools (%s)', (target) => {
    const problems = lintAs(target, (d) => {
      d.tools[3].mcp = { ...d.tools[3].mcp!, allowedTools: ['lookup_patient'] };
      d.tests = [base({ mocks: { lookup_patient: { found: true } }, expect: { tools: ['lookup_patient'] } })];
    });
    expect(problems.filter((p) => p.rule.startsWith('test-'))).toEqual([]);
  });

  it('say what to write instead', () => {
    const [problem] = lintAs('pinecall', (d) => { d.tests = [base({ expect: { stage: 'choosing' } })]; }).filter((p) => p.rule === 'test-stage-unknown');
    expect(problem.message).toBe('test books expects the call to end on stage choosing, which the agent does not have (stages: greet, identify, verify, choose, goodbye); write a stage\'s name');
  });
});
