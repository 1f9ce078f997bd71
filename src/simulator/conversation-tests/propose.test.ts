// "Save as test": the proposal from a finished run, and file-safe names.
import { describe, expect, it } from 'vitest';
import { scriptedToolRunner } from '../mock-runner';
import { runScript } from '../simulation';
import { answer, sampleAgent, say, scriptedModel } from '../testing';
import type { SimInput } from '../types';
import { proposeTest, testNameFrom } from './propose';
import { runConversationTest } from './run';

const slot = { id: 'Mon-0', when: 'Monday 09:00', professional: 'Dr. Vega' };
const doc = { ...sampleAgent(), entryStageId: 's_choose' };
const runner = () => scriptedToolRunner({ free_slots: { result: [slot], writes: { searches: 1, slots: [slot] } }, book: { result: slot, writes: { booking_when: slot.when } } });
const script = () => [say('Hello.'), answer('', ['free_slots', { day: 'Monday', visit: 'cleaning' }]), answer('Booking it.', ['book', { slot: 'Mon-0' }])];

async function bookedRun(lastLine?: string) {
  const model = scriptedModel(lastLine ? [...script(), say(lastLine)] : [...script(), say('')]);
  const session = await runScript(doc, { says: ['Monday, a cleaning'], agentFirst: true, initialState: { caller_name: 'Ana' } }, { model, runner: runner(), revision: 0, call: { today: '2026-12-01' } });
  const inputs: SimInput[] = [{ kind: 'open' }, { kind: 'say', text: 'Monday, a cleaning' }, { kind: 'wait', token: 'ehr_lookup', value: 'verified' }];
  return { session, inputs };
}

describe('proposeTest', () => {
  it('proposes the caller lines, waits, start facts, tools called, final stage and changed fields', async () => {
    const { session, inputs } = await bookedRun();
    const test = proposeTest(doc, { name: 'books-monday', inputs, session, initialState: { caller_name: 'Ana' }, call: { today: '2026-12-01' } });
    expect(test).toEqual({
      name: 'books-monday',
      state: { caller_name: 'Ana' },
      call: { today: '2026-12-01' },
      input: ['Monday, a cleaning'],
      waits: { ehr_lookup: 'verified' },
      expect: {
        tools: ['free_slots', 'book'],
        says: ['Booked: Monday 09:00 with Dr. Vega'],
        stage: 'goodbye',
        state: { searches: 1, slots: [slot], booking_when: 'Monday 09:00' },
      },
    });
    expect(Object.keys(test)).toEqual(['name', 'state', 'call', 'input', 'waits', 'expect']);
    expect(Object.keys(test.expect.state ?? {})).toEqual(['searches', 'slots', 'booking_when']);
  });

  it("proposes no phrase when the last line is the model's own (a model rewords it on a re-run)", async () => {
    const { session, inputs } = await bookedRun('See you Monday!');
    const test = proposeTest(doc, { name: 'x', inputs, session });
    expect(test.expect.says).toBeUndefined();
    expect(test).not.toHaveProperty('state');
    expect(test).not.toHaveProperty('call');
  });

  it('the proposal passes when the same run is replayed', async () => {
    const { session, inputs } = await bookedRun();
    const test = proposeTest(doc, { name: 'again', inputs, session, initialState: { caller_name: 'Ana' } });
    const result = await runConversationTest(doc, test, { model: scriptedModel([...script(), say('')]), runner: runner(), revision: 0 });
    expect(result.expectations.filter((e) => !e.passed)).toEqual([]);
    expect(result.passed).toBe(true);
  });
});

describe('testNameFrom', () => {
  it('makes a file-safe name from free text', () => {
    expect(testNameFrom('Books Tuesday!', [])).toBe('books-tuesday');
    expect(testNameFrom('  Señora Núñez — cita  ', [])).toBe('senora-nunez-cita');
    expect(testNameFrom('¡¿?!', [])).toBe('test');
    expect(testNameFrom('x'.repeat(200), [])).toHaveLength(60);
  });
  it('is unique among the names taken', () => {
    expect(testNameFrom('Books Tuesday', ['books-tuesday'])).toBe('books-tuesday-2');
    expect(testNameFrom('Books Tuesday', ['books-tuesday', 'Books-Tuesday-2'])).toBe('books-tuesday-3');
    expect(testNameFrom('Books Tuesday', ['other'])).toBe('books-tuesday');
  });
  it('always matches the schema name pattern', () => {
    for (const text of ['Books Tuesday!', '---a', 'é', '', '9 lives']) expect(testNameFrom(text, [])).toMatch(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);
  });
});
