import { describe, expect, it } from 'vitest';
import type { ConversationTest } from '../../model';
import { sampleAgent } from '../../simulator/testing';
import { addTest, deleteTest, replaceTest } from './recipes';
import { fieldOfPath, formFromTest, testFromForm } from './test-form';
import { checkTest, parseTestJson } from './test-json';

const full: ConversationTest = {
  name: 'books-tuesday',
  state: { visit: 'checkup' },
  call: { today: '2025-03-04' },
  input: ['A checkup on Tuesday', 'The 10:30 one'],
  waits: { ehr_lookup: 'verified' },
  mocks: { free_slots: [] },
  expect: { tools: ['free_slots', 'book'], not_tools: ['transfer'], says: ['Booked'], not: ['sorry'], stage: 'goodbye', state: { booking_when: 'Tuesday 10:30' } },
};

describe('the Save dialog form', () => {
  it('gives back the test it was made from, key order included', () => {
    const read = testFromForm(formFromTest(full));
    expect(read).toEqual({ ok: true, test: full });
    expect(JSON.stringify(read.ok && read.test)).toBe(JSON.stringify(full));
  });

  it('leaves empty optional fields out', () => {
    const read = testFromForm({ ...formFromTest(full), waits: '', call: ' ', state: '', mocks: '', notTools: '', not: '\n', stage: '', expectState: '' });
    expect(read.ok && read.test).toEqual({ name: 'books-tuesday', input: full.input, expect: { tools: ['free_slots', 'book'], says: ['Booked'] } });
  });

  it('keeps where a test starts: Starts at stage writes start.stage, and start.state shows in Initial state', () => {
    const started: ConversationTest = { ...full, start: { stage: 'choose', state: { verified: true } } };
    const form = formFromTest(started);
    expect([form.startStage, JSON.parse(form.state)]).toEqual(['choose', { visit: 'checkup', verified: true }]);
    const read = testFromForm(form);
    expect(read.ok && read.test.start).toEqual({ stage: 'choose' });
    expect(read.ok && read.test.state).toEqual({ visit: 'checkup', verified: true });
    const entry = testFromForm({ ...form, startStage: ' ' });
    expect(entry.ok && Object.hasOwn(entry.test, 'start')).toBe(false);
    expect(fieldOfPath('/start/stage')).toBe('startStage');
  });

  it('keeps the played model turns (Play the model), and says what to write when they are not an array', () => {
    const { expect: expected, ...call } = full;
    const played: ConversationTest = { ...call, model: [{ step: 3, tools: [{ name: 'book', arguments: { slot: 'Mon-0' } }], says: 'Booked.' }], expect: expected };
    const read = testFromForm(formFromTest(played));
    expect(read).toEqual({ ok: true, test: played });
    expect(JSON.stringify(read.ok && read.test)).toBe(JSON.stringify(played));
    const bad = testFromForm({ ...formFromTest(played), model: '{"step": 3}' });
    expect(bad.ok ? [] : bad.problems).toEqual([expect.objectContaining({ field: 'model', message: expect.stringMatching(/^Played model turns: write a JSON array such as \[\{"step": 3/) })]);
    expect(fieldOfPath('/model/0/step')).toBe('model');
  });

  it('says which field is wrong and what to write there', () => {
    const read = testFromForm({ ...formFromTest(full), call: '{"today": ', waits: 'ehr_lookup verified', expectState: '[1]', input: '' });
    expect(read.ok).toBe(false);
    const problems = read.ok ? [] : read.problems;
    expect(problems.map((p) => p.field).sort()).toEqual(['call', 'expectState', 'input', 'waits']);
    expect(problems.find((p) => p.field === 'waits')!.message).toBe('Waits, line 1: write TOKEN = value (for example ehr_lookup = verified)');
    expect(problems.find((p) => p.field === 'call')!.message).toMatch(/^Call facts: not valid JSON \(.+\); write an object such as \{"today": "2025-03-04"\}/);
    expect(problems.find((p) => p.field === 'expectState')!.message).toMatch(/^Final state: write a JSON object/);
  });

  it('maps a schema path inside the test to its form field', () => {
    expect(fieldOfPath('/name')).toBe('name');
    expect(fieldOfPath('/expect/not_tools/0')).toBe('notTools');
    expect(fieldOfPath('/expect/state')).toBe('expectState');
    expect(fieldOfPath('/waits/ehr_lookup')).toBe('waits');
  });
});

describe('checking a typed test against the schema', () => {
  const doc = { ...sampleAgent(), tests: [full] };

  it('accepts a valid test, and its own name when it is the one edited', () => {
    expect(checkTest(doc, { ...full, name: 'other' })).toEqual({ ok: true, test: { ...full, name: 'other' } });
    expect(checkTest(doc, full, 'books-tuesday').ok).toBe(true);
  });

  it('refuses a name another test has, a bad file name, and an unknown key, saying where', () => {
    expect(checkTest(doc, full)).toEqual({ ok: false, problems: [{ path: '/name', message: 'a test named "books-tuesday" already exists: choose another name' }] });
    const bad = checkTest(doc, { ...full, name: 'no spaces', extra: 1, expect: { tools: 'book' } });
    expect(bad.ok).toBe(false);
    const problems = bad.ok ? [] : bad.problems;
    expect(problems).toContainEqual({ path: '/name', message: expect.stringMatching(/^use letters, digits/) });
    expect(problems).toContainEqual({ path: '/extra', message: 'remove the unknown property "extra"' });
    expect(problems).toContainEqual({ path: '/expect/tools', message: 'must be array' });
  });

  it('says where a JSON syntax error is', () => {
    const parsed = parseTestJson(doc, '{\n  "name": "x",\n  "input": [,]\n}');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems[0]!.message).toMatch(/^not valid JSON \(line 3, column \d+\): write one object/);
  });
});

describe('the document edits', () => {
  it('add, replace in place, and delete (the last one removes the key)', () => {
    // The sample ships tests of its own: start from none, to see the key appear and go.
    const { tests: _sampleTests, ...doc } = sampleAgent();
    const one = addTest(full)(doc);
    expect(one.tests).toEqual([full]);
    const two = addTest({ ...full, name: 'second' })(one);
    const replaced = replaceTest('books-tuesday', { ...full, name: 'renamed' })(two);
    expect(replaced.tests!.map((t) => t.name)).toEqual(['renamed', 'second']);
    expect(replaceTest('missing', full)(two)).toBe(two);
    expect(deleteTest('missing')(two)).toBe(two);
    expect(deleteTest('books-tuesday')(two).tests!.map((t) => t.name)).toEqual(['second']);
    expect('tests' in deleteTest('books-tuesday')(one)).toBe(false);
  });
});
