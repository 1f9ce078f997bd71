// The sample agent ships with conversation tests (issue 6, point 6): each passes on the offline
// model, in Pinecall (the sample's target) and in Block Agent, with no network and no key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../model';
import { exampleAgent, offlineDeps } from '../offline/conversation-testing';
import { runConversationTest } from './run';

const sample = exampleAgent('clinic-booking.json');
const RUNTIMES: { name: string; doc: AgentDocument }[] = [
  { name: 'pinecall', doc: sample },
  { name: 'block-agent', doc: { ...sample, target: 'block-agent' } },
];

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (() => Promise.reject(new Error('the offline model must not use the network'))) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('the sample agent’s tests', () => {
  it('are there: a booking path, the identify path and small talk', () => {
    expect(sample.tests?.map((t) => t.name)).toEqual(['books-thursday-cleaning', 'identifies-the-caller', 'small-talk-stays-in-greet']);
  });

  describe.each(RUNTIMES)('in $name', ({ doc }) => {
    it.each(sample.tests ?? [])('$name passes on the offline model', async (test) => {
      const result = await runConversationTest(doc, test, await offlineDeps(doc));
      expect(result.error).toBeUndefined();
      expect(result.expectations.filter((e) => !e.passed)).toEqual([]);
      expect(result.passed).toBe(true);
    });
  });

  it('fail when the agent changes what they check (the tests can fail)', async () => {
    const [booking] = sample.tests ?? [];
    const broken: AgentDocument = { ...sample, tools: sample.tools.map((t) => (t.name === 'book' ? { ...t, implementation: t.implementation!.replace('this.booking_when = found.when;', '') } : t)) };
    const result = await runConversationTest(broken, booking, await offlineDeps(broken));
    expect(result.passed).toBe(false);
    expect(result.expectations.filter((e) => !e.passed)).toEqual([expect.objectContaining({ rule: 'state', expected: { booking_when: 'Thursday 10:30' }, actual: 'booking_when = ""' })]);
  });
});
