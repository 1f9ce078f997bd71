// Block Agent's two calls of a step (formats/block-agent.md, step 2) really run at the same time,
// measured through the real provider stack (the openai and @anthropic-ai/sdk clients) against the
// mock LLM server, which holds each answer back for DELAY_MS. Every check compares quantities
// measured in the same run, so a slow machine stretches both sides alike.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normaliseRequest } from '../../../../test/mock-llm/match';
import { startMockLlm, type MockLlm } from '../../../../test/mock-llm/server';
import type { AgentDocument } from '../../../model';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { createModel } from '../../../simulator/providers';
import { runStep, startSession } from '../../../simulator/simulation';
import { sampleAgent } from '../../../simulator/testing';
import type { Model, Session, StepDeps, TraceEntry } from '../../../simulator/types';

const DELAY_MS = 300;
const LINE = "I'd like an appointment";
const REPLY = 'Of course. May I have your name and phone number?';

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const doc: AgentDocument = { ...sampleAgent(), target: 'block-agent' };

/** The reply call (no tools) and the tool call (required) each answered after `delayMs`. */
function scriptStep(delayMs: number): void {
  mock.script([
    { match: { hasTools: false, toolChoice: 'none' }, delayMs, reply: { text: REPLY } },
    {
      match: { toolChoice: 'required' },
      delayMs,
      reply: { toolCalls: [{ name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: LINE } }] },
    },
  ]);
}

interface Span {
  purpose?: string;
  start: number;
  end: number;
}

/** The real model, timed from outside the engine, so the engine's own accounting is not all we trust. */
function timed(model: Model): { model: Model; spans: Span[] } {
  const spans: Span[] = [];
  return {
    spans,
    model: {
      complete: async (request) => {
        const start = performance.now();
        try {
          return await model.complete(request);
        } finally {
          spans.push({ purpose: request.purpose, start, end: performance.now() });
        }
      },
    },
  };
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) => Math.min(a.end, b.end) - Math.max(a.start, b.start);

type ModelCall = Extract<TraceEntry, { kind: 'model-call' }>;

describe.each(['openai', 'anthropic'] as const)('the reply call and the tool call through the %s provider', (provider) => {
  const settings = () => ({ provider, baseUrl: provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl, apiKey: 'k', model: 'm' });

  async function step(model: Model): Promise<{ session: Session; wall: number }> {
    const deps: StepDeps = { model, runner: mockToolRunner, revision: 1 };
    const started = performance.now();
    const session = await runStep(doc, startSession(doc), { kind: 'say', text: LINE }, deps);
    return { session, wall: performance.now() - started };
  }

  it('overlap in time: both requests arrive before either answer, and the step takes about one delay, not two', async () => {
    // Warm-up with no delay: loads the SDK chunk, compiles the tool schemas, renders the prompt once,
    // so the measured step below is the two calls and little else.
    scriptStep(0);
    const warm = await step(createModel(settings()));
    expect(warm.session.failure).toBeUndefined();
    expect(warm.session.stageId).toBe('s_identity');
    mock.reset();

    scriptStep(DELAY_MS);
    const { model, spans } = timed(createModel(settings()));
    const { session, wall } = await step(model);

    // The step did what the answers say: the reply is spoken, the tool's capture takes the first edge.
    expect(session.failure).toBeUndefined();
    expect(session.transcript).toEqual([{ kind: 'caller', text: LINE }, { kind: 'agent', text: REPLY }]);
    expect(session.state).toMatchObject({ schedule_appointment: true, intent_utterance: LINE });
    expect(session.stageId).toBe('s_identity');

    // The server saw exactly the two calls, one of each kind, and the second arrived before the
    // first answer could have left (each answer waits DELAY_MS after its own request arrived).
    const requests = mock.requests();
    expect(requests.map((r) => r.path)).toEqual(Array(2).fill(provider === 'openai' ? '/v1/chat/completions' : '/v1/messages'));
    const kinds = requests.map((r) => normaliseRequest(provider, r.body as Record<string, unknown>).toolChoice);
    expect([...kinds].sort()).toEqual(['none', 'required']);
    const [first, second] = requests.map((r) => r.receivedAt);
    expect(Math.abs(second - first)).toBeLessThan(DELAY_MS);

    // The trace: a reply call and a tool call, each at least one delay long, whose intervals overlap.
    const calls = session.trace.filter((t): t is ModelCall => t.kind === 'model-call');
    expect(calls.map((c) => c.request.purpose)).toEqual(['reply', 'tools']);
    for (const call of calls) {
      expect(call.error).toBeUndefined();
      expect(call.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);
    }
    const [reply, tools] = calls.map((c) => ({ start: c.at, end: c.at + c.ms }));
    expect(overlap(reply, tools)).toBeGreaterThan(0);

    // Timed from outside the engine too: the provider calls themselves overlap, by most of a delay.
    expect(spans.map((s) => s.purpose).sort()).toEqual(['reply', 'tools']);
    expect(overlap(spans[0], spans[1])).toBeGreaterThan(DELAY_MS / 2);

    // One after the other, the step would take at least the sum of both calls; in parallel it takes
    // about the longer one plus the little work around them.
    const sum = calls[0].ms + calls[1].ms;
    expect(wall).toBeLessThan(sum * 0.8);
    const spanSum = spans.reduce((total, s) => total + (s.end - s.start), 0);
    expect(wall).toBeLessThan(spanSum * 0.8);
  });
});
