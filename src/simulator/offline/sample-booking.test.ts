// Acceptance (b): with no network and no key, the offline model books an appointment on the sample
// agent in both runtimes, and walks the formats/block-agent.md example to its end. The caller's
// words share no word with the agents' tools, so what happens comes from general rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../model';
import { newSession } from '../session';
import type { Session, StepDeps } from '../types';
import { blockAgentFixture, exampleAgent, notesOf, offlineDeps, sharedWithTools, stageName, step, toolRuns } from './conversation-testing';

const INTENT = "Hi, I'd like to reserve a spot please.";
const IDENTITY = "I'm Dana Whitfield, you can reach me on 555 123 4567.";
const DAY = 'Could I come Thursday for a cleaning?';
const AGREE = 'Yes, the 10:30 one please.';
const LEAVE = 'Thanks, bye.';

const sample = exampleAgent('clinic-booking.json');
const asBlockAgent: AgentDocument = { ...sample, target: 'block-agent' };

// Any network call would fail the run: fetch is replaced by one that refuses.
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (() => Promise.reject(new Error('the offline model must not use the network'))) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('the caller never says a word of the tools', () => {
  it.each([INTENT, IDENTITY, DAY, AGREE, LEAVE])('"%s"', (line) => {
    expect(sharedWithTools(sample, line)).toEqual([]);
  });

  it('the check itself finds a shared word when there is one', () => {
    expect(sharedWithTools(sample, 'I want to book an appointment')).toEqual(['book', 'appointment']);
  });
});

describe('the sample in Pinecall', () => {
  let deps: StepDeps;
  beforeAll(async () => {
    deps = await offlineDeps(sample);
  });

  it('takes the intent and the identity, then books the slot the caller picks', async () => {
    expect(sample.target).toBe('pinecall');
    let s = await step(sample, newSession(sample), null, deps);
    expect(s.transcript.at(-1)).toMatchObject({ kind: 'agent', text: 'Hello! How can I help?' });

    s = await step(sample, s, INTENT, deps);
    expect(toolRuns(s, 'is_schedule_appointment')[0]).toMatchObject({ args: { schedule_appointment: true, intent_utterance: INTENT }, error: undefined });
    expect(stageName(sample, s)).toBe('identify');

    s = await step(sample, s, IDENTITY, deps);
    expect(toolRuns(s, 'collect_identity')[0]).toMatchObject({ args: { caller_name: 'Dana Whitfield', phone: '5551234567' }, error: undefined });
    expect(s.state).toMatchObject({ caller_name: 'Dana Whitfield', caller_phone: '5551234567' });
    // One step goes on past verify: collect_identity moved the call there, the model is called
    // again with verify's instructions ("… checking their record …"), and names check_record from
    // them; Pinecall's verify edge loses its external condition, so that tool run moves the call.
    expect(toolRuns(s, 'check_record')).toHaveLength(1);
    expect(toolRuns(s, 'check_record')[0]).toMatchObject({ args: {}, error: undefined, writes: { verified: true } });
    expect(s.trace.filter((t) => t.kind === 'stage-change').slice(-2)).toMatchObject([
      { from: 'identify', to: 'verify', via: 'collect_identity' },
      { from: 'verify', to: 'choose', via: 'check_record' },
    ]);
    expect(notesOf(s)).toContain('offline rule tool-by-instructions: picked check_record — the stage\'s instructions say "checking" and "record", the words of its name');
    expect(stageName(sample, s)).toBe('choose');
    expect(s.transcript.at(-1)).toMatchObject({ kind: 'agent', text: 'All right. Which day suits you, and what is the visit for?' });

    s = await step(sample, s, DAY, deps);
    expect(toolRuns(s, 'free_slots')[0]).toMatchObject({ args: { day: 'Thursday', visit: 'cleaning' }, error: undefined });
    expect(s.transcript.at(-1)).toMatchObject({ kind: 'agent', text: expect.stringMatching(/^I can offer Thursday 09:00 .* or Thursday 10:30 .*\?$/) });

    s = await step(sample, s, AGREE, deps);
    const [booked] = toolRuns(s, 'book');
    expect(booked).toMatchObject({ args: { slot: 'Thursday-1' }, error: undefined, result: { when: 'Thursday 10:30', professional: 'Dr. Ruiz' } });
    expect(s.state.booking_when).toBe('Thursday 10:30');
    expect(s.changeLog).toContainEqual(expect.objectContaining({ field: 'booking_when', next: 'Thursday 10:30', author: 'book' }));
    expect(s.changeLog).toContainEqual(expect.objectContaining({ field: 'stage', prev: 'choose', next: 'goodbye', author: 'book' }));
    expect(s.transcript).toContainEqual({ kind: 'runtime', text: 'Booked: Thursday 10:30 with Dr. Ruiz.', source: 'confirm', tool: 'book' });
    expect(notesOf(s)).toContainEqual(expect.stringMatching(/^offline rule pick-by-time: /));

    s = await step(sample, s, LEAVE, deps);
    expect(toolRuns(s, 'end_call')).toHaveLength(1);
    expect(notesOf(s)).toContainEqual('offline rule tool-by-words: picked end_call — the caller\'s "bye" matches its word "end" (same meaning)');
  });
});

describe('the sample in Block Agent', () => {
  let deps: StepDeps;
  beforeAll(async () => {
    deps = await offlineDeps(asBlockAgent);
  });

  /** Opens the call and walks it to the choose stage, asserting each move on the way. */
  async function toChoose(doc: AgentDocument): Promise<Session> {
    let s = await step(doc, newSession(doc), null, deps);
    s = await step(doc, s, INTENT, deps);
    expect(s.state).toMatchObject({ schedule_appointment: true, intent_utterance: INTENT });
    expect(stageName(doc, s)).toBe('identify');
    s = await step(doc, s, IDENTITY, deps);
    // Block Agent captures the parameter phone; the body keeps the number in the state field caller_phone.
    expect(s.state).toMatchObject({ caller_name: 'Dana Whitfield', phone: '5551234567', caller_phone: '5551234567' });
    expect(stageName(doc, s)).toBe('verify');
    expect(s.transcript.at(-1)).toMatchObject({ kind: 'agent', text: 'Thank you. I am checking your record. It takes a moment.' });
    s = await step(doc, s, { token: 'ehr_lookup', value: 'verified' }, deps);
    expect(stageName(doc, s)).toBe('choose');
    s = await step(doc, s, DAY, deps);
    expect(s.state).toMatchObject({ day: 'Thursday', visit: 'cleaning', searches: 1 });
    return s;
  }

  it('books the slot the caller picks from the list the choose stage prints', async () => {
    // choose's content ends with "Slots found so far: {{ slots }}": once free_slots ran, the
    // system prompt of the next step carries the rows as JSON, and the tools call picks one.
    const s = await step(asBlockAgent, await toChoose(asBlockAgent), AGREE, deps);
    const tools = s.trace.filter((t) => t.kind === 'model-call' && t.step === s.turn && t.request.purpose === 'tools');
    expect(tools[0]).toMatchObject({ request: { system: expect.stringContaining('"id":"Thursday-1"') } });
    const [booked] = toolRuns(s, 'book');
    expect(booked).toMatchObject({ args: { slot: 'Thursday-1' }, error: undefined, result: { when: 'Thursday 10:30', professional: 'Dr. Ruiz' } });
    expect(s.state.booking_when).toBe('Thursday 10:30');
    expect(s.changeLog).toContainEqual(expect.objectContaining({ field: 'booking_when', next: 'Thursday 10:30', author: 'book' }));
    expect(notesOf(s)).toContainEqual(expect.stringMatching(/^offline rule pick-by-time: book\.slot = "Thursday-1"/));
    expect(stageName(asBlockAgent, s)).toBe('goodbye');
    expect(s.ended).toBe(true);
    expect(s.transcript.at(-1)).toMatchObject({ kind: 'agent', text: 'Thank you, Dana Whitfield. Goodbye!' });
  });
});

describe('the formats/block-agent.md example', () => {
  const spec = blockAgentFixture('spec-example.yaml');
  const lines = ["Hi, I'd like to reserve a visit with the dentist.", 'I was born on May 5, 1990.'];

  it.each(lines)('the caller never says a word of its tools: "%s"', (line) => {
    expect(sharedWithTools(spec, line)).toEqual([]);
  });

  it('detects the intent, captures the birth date, waits for the lookup and says goodbye', async () => {
    const deps = await offlineDeps(spec);
    let s = await step(spec, newSession(spec), null, deps);
    s = await step(spec, s, lines[0], deps);
    expect(s.state).toMatchObject({ schedule_appointment: true, intent_utterance: lines[0] });
    expect(stageName(spec, s)).toBe('ask_dob');
    s = await step(spec, s, lines[1], deps);
    expect(s.state.date_of_birth).toBe('1990-05-05');
    expect(s.changeLog).toContainEqual(expect.objectContaining({ field: 'date_of_birth', next: '1990-05-05', author: 'collect_date_of_birth' }));
    expect(stageName(spec, s)).toBe('verify');
    s = await step(spec, s, { token: 'dob_lookup', value: 'verified' }, deps);
    expect(stageName(spec, s)).toBe('goodbye');
    expect(s.ended).toBe(true);
    expect(s.transcript.at(-1)).toMatchObject({ kind: 'agent', text: 'Thank you. Goodbye!' });
  });
});
