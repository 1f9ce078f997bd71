// The matching rules of a test's `expect` (issue 6, point 1): each with a passing and a failing case.
import { describe, expect, it } from 'vitest';
import { sampleAgent, sessionAt } from '../testing';
import type { Session, TraceEntry } from '../types';
import { checkExpectations, jsonEqual } from './expectations';
import type { ConversationTest, TestExpectations } from './types';

const doc = sampleAgent();
const test = (expectations: TestExpectations): ConversationTest => ({ name: 't', input: [], expect: expectations });
const at = { step: 1, revision: 0, at: 0 };
const modelCall = (calls: [id: string, name: string][], error?: string): TraceEntry => ({
  ...at, kind: 'model-call', call: 1, ms: 0,
  request: { system: '', messages: [], tools: [], toolChoice: 'auto' },
  response: { text: '', toolCalls: calls.map(([id, name]) => ({ id, name, arguments: '{}' })) },
  ...(error ? { error } : {}),
});

/** A finished Pinecall booking: free_slots and book called, a bad `end_call` rejected by its check. */
function bookedSession(): Session {
  const s = sessionAt(doc, 's_goodbye', { caller_name: 'Ana Ruiz', booking_when: 'Monday 09:00', slots: [{ id: 'Mon-0', when: 'Monday 09:00' }] });
  s.transcript = [
    { kind: 'caller', text: 'A cleaning on Monday, please' },
    { kind: 'runtime', text: 'Let me check the agenda.', source: 'announce', tool: 'free_slots' },
    { kind: 'agent', text: 'Monday at nine works.' },
    { kind: 'runtime', text: 'Booked: Monday 09:00 with Dr. Vega.', source: 'confirm', tool: 'book' },
  ];
  s.trace = [modelCall([['c1', 'free_slots']]), modelCall([['c2', 'book'], ['c3', 'end_call']]), { ...at, kind: 'check-failed', toolCallId: 'c3', tool: 'end_call', message: 'not now' }];
  return s;
}

const results = (expectations: TestExpectations, session = bookedSession()) => checkExpectations(doc, test(expectations), session);
const passed = (expectations: TestExpectations, session?: Session) => results(expectations, session).map((r) => r.passed);

describe('checkExpectations', () => {
  it('tools: every listed tool called passes, in any order', () => {
    expect(passed({ tools: ['book', 'free_slots'] })).toEqual([true, true]);
  });
  it('tools: a tool never called fails and says what was called', () => {
    expect(results({ tools: ['collect_identity'] })).toEqual([{ rule: 'tools', expected: 'collect_identity', passed: false, actual: 'called: free_slots, book' }]);
  });
  it('tools: a call whose check failed does not count as called', () => {
    expect(passed({ tools: ['end_call'] })).toEqual([false]);
  });
  it("tools: a tool call in an answer that was not used does not count", () => {
    const s = bookedSession();
    s.trace.push(modelCall([['c9', 'collect_identity']], 'not used: the reply call of this step failed'));
    expect(passed({ tools: ['collect_identity'] }, s)).toEqual([false]);
  });

  it('not_tools: a tool never called passes (a rejected call included)', () => {
    expect(passed({ not_tools: ['collect_identity', 'end_call'] })).toEqual([true, true]);
  });
  it('not_tools: a tool that was called fails', () => {
    expect(results({ not_tools: ['book'] })).toEqual([{ rule: 'not_tools', expected: 'book', passed: false, actual: 'called: free_slots, book' }]);
  });

  it('says: a phrase in an agent line or a runtime line (announce, confirm) passes, case-insensitively', () => {
    expect(passed({ says: ['MONDAY AT NINE', 'check the agenda', 'booked: monday 09:00'] })).toEqual([true, true, true]);
  });
  it('says: a phrase only the caller said fails', () => {
    expect(results({ says: ['a cleaning'] })).toEqual([{ rule: 'says', expected: 'a cleaning', passed: false, actual: 'not said; last line: "Booked: Monday 09:00 with Dr. Vega."' }]);
  });
  it('says: a looping line counts as said', () => {
    const s = bookedSession();
    s.transcript.push({ kind: 'runtime', text: 'Still there?', source: 'looping', tool: 'greet' });
    expect(passed({ says: ['still there'] }, s)).toEqual([true]);
  });
  it('says: with nothing said, the failure says so', () => {
    expect(results({ says: ['hello'] }, sessionAt(doc, 's_greet'))[0]).toMatchObject({ passed: false, actual: 'the agent said nothing' });
  });

  it('not: a phrase said by nobody but the caller passes', () => {
    expect(passed({ not: ['a cleaning', 'sorry'] })).toEqual([true, true]);
  });
  it('not: a phrase the agent or runtime said fails, showing the line', () => {
    expect(results({ not: ['dr. vega'] })).toEqual([{ rule: 'not', expected: 'dr. vega', passed: false, actual: 'said: "Booked: Monday 09:00 with Dr. Vega."' }]);
  });

  it('stage: the final stage by name passes', () => {
    expect(passed({ stage: 'goodbye' })).toEqual([true]);
  });
  it('stage: another stage fails (ids are not names)', () => {
    expect(results({ stage: 's_goodbye' })).toEqual([{ rule: 'stage', expected: 's_goodbye', passed: false, actual: 'final stage: goodbye' }]);
    expect(passed({ stage: 'choose' })).toEqual([false]);
  });

  it('state: listed fields equal to the final values pass; unlisted fields are not checked', () => {
    expect(passed({ state: { booking_when: 'Monday 09:00', slots: [{ when: 'Monday 09:00', id: 'Mon-0' }] } })).toEqual([true, true]);
  });
  it('state: a different value fails per field, showing the final value', () => {
    expect(results({ state: { booking_when: 'Tuesday', caller_name: 'Ana Ruiz' } })).toEqual([
      { rule: 'state', expected: { booking_when: 'Tuesday' }, passed: false, actual: 'booking_when = "Monday 09:00"' },
      { rule: 'state', expected: { caller_name: 'Ana Ruiz' }, passed: true, actual: 'caller_name = "Ana Ruiz"' },
    ]);
  });
  it('state: a nested object is compared whole, not as a subset', () => {
    expect(passed({ state: { slots: [{ id: 'Mon-0' }] } })).toEqual([false]);
  });
  it('state: a field the final state lacks fails', () => {
    expect(results({ state: { missing: 1 } })[0]).toMatchObject({ passed: false, actual: 'missing = undefined' });
  });

  it('an empty expect checks nothing', () => {
    expect(results({})).toEqual([]);
  });
});

describe('jsonEqual', () => {
  it('ignores key order and undefined keys, not array order or types', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual(1, '1')).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
  });
});
