// The paraphrase matrix: the sample booking run to its end in both runtimes, each step said in
// several natural ways while the other steps keep a plain phrasing. A first-time user types what
// comes to mind, so here the caller's words may share words with the tools' descriptions (the
// strict no-shared-word walk stays in sample-booking.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../model';
import { newSession } from '../session';
import type { Session, StepDeps } from '../types';
import { exampleAgent, offlineDeps, stageName, step, toolRuns } from './conversation-testing';

const pinecall = exampleAgent('clinic-booking.json');
const blockAgent: AgentDocument = { ...pinecall, target: 'block-agent' };

interface Script {
  opening: string;
  identity: string[];
  day: string;
  pick: string;
  /**
   * Pinecall asks before it books (the tool says so), unless the pick itself agrees (confirm ''):
   * Block Agent's required tool call books on the pick.
   */
  confirm: string;
  bye: string;
}

const BASE: Script = {
  opening: "Hi, I'd like to come in for a cleaning",
  identity: ['Dana Whitfield, +15550123456'],
  day: 'Could I come this Thursday for a cleaning?',
  pick: '10:30 please',
  confirm: 'Yes please',
  bye: 'Thanks, bye.',
};
// The state after collect_identity: its body keeps the number in caller_phone, in both runtimes.
const DANA = { caller_name: 'Dana Whitfield', caller_phone: '+15550123456' };
const LOCAL = { caller_name: 'Dana Whitfield', caller_phone: '5551234567' };

interface Expect {
  identity: { caller_name: string; caller_phone: string };
  day: string;
  visit: string;
  /** Slot index picked among `${day}-0…3`. */
  slot: number;
}
const EXPECTED: Expect = { identity: DANA, day: 'this Thursday', visit: 'cleaning', slot: 1 };

const OPENINGS = [
  "Hi, I'd like to come in for a cleaning",
  'Hello, I need to make an appointment.',
  'Hey there, can I book a checkup?',
  'Good morning, I was hoping to see the dentist next week',
  "I'm a new patient and I'd like to get my teeth looked at",
  "Hi, I'm calling because I have a toothache",
  'Quiero hacer una cita, por favor',
  'Can I get my teeth whitened?',
];

const IDENTITIES: [string[], Expect['identity']][] = [
  [['Dana Whitfield, +15550123456'], DANA],
  [["It's Dana Whitfield, my number is (555) 123-4567"], LOCAL],
  [['Dana here, 555-123-4567'], { caller_name: 'Dana', caller_phone: '5551234567' }],
  [['My name is Dana Whitfield', '555 123 4567'], LOCAL],
  [['Dana Whitfield', "It's 555.123.4567"], LOCAL],
  [['My number is 555 123 4567', 'Dana Whitfield'], LOCAL],
  [['This is Dana Whitfield, you can reach me at five five five one two three four five six seven'], LOCAL],
  [["The name's Dana Whitfield. Phone is +1 555 012 3456"], DANA],
];

const DAYS: [string, string, string][] = [
  ['Could I come this Thursday for a cleaning?', 'this Thursday', 'cleaning'],
  ['Thursday next week, just a checkup', 'Thursday next week', 'checkup'],
  ['A cleaning on the 3rd if you have anything', 'the 3rd', 'cleaning'],
  ['Tomorrow morning for whitening please', 'Tomorrow', 'whitening'],
  ["Next week Thursday, it's for a check-up", 'Next week Thursday', 'checkup'],
  ['Do you have anything on Friday? Teeth cleaning.', 'Friday', 'cleaning'],
];

const PICKS: [string, number][] = [
  ['10:30 please', 1],
  ['The half ten one', 1],
  ['Ten thirty works for me', 1],
  ['The second one', 1],
  ['The earlier one', 0],
  ['Can I have the 9 one?', 0],
  ["Let's do nine o'clock", 0],
];

const CONFIRMS = ['Yes please', 'Yeah, go ahead', "That's perfect", 'Sounds good', 'Yep, book it', 'Sure, that works', 'Correct'];
const BYES = ['Thanks, bye.', "That's all, thank you!", "No, that's everything. Goodbye.", 'Nothing else, have a nice day', 'Cheers, see you Thursday'];

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (() => Promise.reject(new Error('the offline model must not use the network'))) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** Each step's expectations checked as the call goes, so a failure names the step that went wrong. */
async function book(doc: AgentDocument, deps: StepDeps, script: Script, want: Expect): Promise<Session> {
  let s = newSession(doc);
  s = await step(doc, s, script.opening, deps);
  expect(stageName(doc, s), `opening "${script.opening}"`).toBe('identify');
  expect(s.state.schedule_appointment ?? toolRuns(s, 'is_schedule_appointment')[0]?.args).toBeTruthy();
  for (const line of script.identity) s = await step(doc, s, line, deps);
  if (doc.target === 'block-agent') s = await step(doc, s, { token: 'ehr_lookup', value: 'verified' }, deps);
  expect(s.state, `identity ${JSON.stringify(script.identity)}`).toMatchObject(want.identity);
  expect(stageName(doc, s)).toBe('choose');
  s = await step(doc, s, script.day, deps);
  expect(toolRuns(s, 'free_slots').at(-1)?.args, `day "${script.day}"`).toEqual({ day: want.day, visit: want.visit });
  s = await step(doc, s, script.pick, deps);
  if (doc.target === 'pinecall' && script.confirm) {
    expect(toolRuns(s, 'book'), `pick "${script.pick}" is asked about first`).toEqual([]);
    expect(s.transcript.at(-1)).toMatchObject({ kind: 'agent', text: expect.stringMatching(/^Shall I go ahead with /) });
    s = await step(doc, s, script.confirm, deps);
  }
  const [booked] = toolRuns(s, 'book');
  expect(booked, `pick "${script.pick}", confirm "${script.confirm}"`).toMatchObject({ args: { slot: `${want.day}-${want.slot}` }, error: undefined });
  expect(stageName(doc, s)).toBe('goodbye');
  if (doc.target === 'pinecall') {
    s = await step(doc, s, script.bye, deps);
    expect(toolRuns(s, 'end_call'), `goodbye "${script.bye}"`).toHaveLength(1);
  } else expect(s.ended).toBe(true);
  return s;
}

describe.each([
  ['Pinecall', pinecall],
  ['Block Agent', blockAgent],
])('the sample booking in %s', (_, doc) => {
  let deps: StepDeps;
  beforeAll(async () => {
    deps = await offlineDeps(doc);
  });

  it.each(OPENINGS)('opening: "%s"', async (opening) => {
    await book(doc, deps, { ...BASE, opening }, EXPECTED);
  });
  it.each(IDENTITIES)('identity: %j', async (identity, want) => {
    await book(doc, deps, { ...BASE, identity }, { ...EXPECTED, identity: want });
  });
  it.each(DAYS)('day and visit: "%s"', async (day, said, visit) => {
    await book(doc, deps, { ...BASE, day }, { ...EXPECTED, day: said, visit });
  });
  it.each(PICKS)('picking a time: "%s"', async (pick, slot) => {
    await book(doc, deps, { ...BASE, pick }, { ...EXPECTED, slot });
  });
  it.each(['Yes, ten thirty is great', 'Sure, the 10:30 one', 'Perfect, the second one please'])('picking and agreeing in one line: "%s"', async (pick) => {
    await book(doc, deps, { ...BASE, pick, confirm: '' }, EXPECTED);
  });
  if (doc.target === 'pinecall') {
    it.each(CONFIRMS)('confirming: "%s"', async (confirm) => {
      await book(doc, deps, { ...BASE, confirm }, EXPECTED);
    });
    it.each(BYES)('goodbye: "%s"', async (bye) => {
      await book(doc, deps, { ...BASE, bye }, EXPECTED);
    });
  }
});
