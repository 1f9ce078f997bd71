// Block Agent parallelism (issue 5): a Block Agent step makes two model calls (the reply and the
// tool call); the mock server holds each back 300 ms. The step's wall time over the slower of the
// two calls (timed from outside the engine) is 1.0 when they run fully in parallel, 2.0 in series.
import { lossesFor } from '../../src/formats/losses';
import { startMockLlm } from '../../test/mock-llm/server';
import { mockToolRunner } from '../../src/simulator/mock-runner';
import { createModel } from '../../src/simulator/providers';
import { runStep, startSession } from '../../src/simulator/simulation';
import { sampleAgent } from '../../src/simulator/testing';
import type { Model, StepDeps } from '../../src/simulator/types';
import { SENTINEL_KEY } from '../lib/env';
import type { Figure, Part } from '../lib/results';
import { summarize } from '../lib/stats';

const DELAY_MS = 300;
const RUNS = Number(process.env.BENCH_PARALLEL_RUNS ?? 7);
const LINE = "I'd like an appointment";

export async function parallelPart(): Promise<Part> {
  const mock = await startMockLlm({ port: 0 });
  const doc = { ...sampleAgent(), target: 'block-agent' as const };
  const figures: Figure[] = [];
  const ratios: Record<string, number[]> = {};
  try {
    for (const provider of ['openai', 'anthropic'] as const) {
      const settings = { provider, baseUrl: provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl, apiKey: SENTINEL_KEY, model: 'mock-model' };
      const script = (delayMs: number) => mock.script([
        { match: { hasTools: false, toolChoice: 'none' }, delayMs, reply: { text: 'Of course. May I have your name?' } },
        { match: { toolChoice: 'required' }, delayMs, reply: { toolCalls: [{ name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: LINE } }] } },
      ]);
      const walls: number[] = [];
      const slowest: number[] = [];
      for (let run = -1; run < RUNS; run++) {
        mock.reset();
        // Run -1 warms up (loads the SDK, compiles schemas) with no delay and is not counted.
        script(run < 0 ? 0 : DELAY_MS);
        const spans: number[] = [];
        const inner = createModel(settings);
        const model: Model = {
          complete: async (request) => {
            const start = performance.now();
            try {
              return await inner.complete(request);
            } finally {
              spans.push(performance.now() - start);
            }
          },
        };
        const deps: StepDeps = { model, runner: mockToolRunner, losses: lossesFor, revision: 1 };
        const start = performance.now();
        const session = await runStep(doc, startSession(doc), { kind: 'say', text: LINE }, deps);
        const wall = performance.now() - start;
        if (session.failure) throw new Error(`${provider} step failed: ${JSON.stringify(session.failure).slice(0, 300)}`);
        if (spans.length !== 2) throw new Error(`${provider} step made ${spans.length} model calls, expected 2`);
        if (run < 0) continue;
        walls.push(wall);
        slowest.push(Math.max(...spans));
      }
      ratios[provider] = walls.map((w, i) => w / slowest[i]);
      figures.push({
        section: 'Block Agent parallelism', name: `step time, two calls of ${DELAY_MS} ms each (${provider} provider)`, unit: 'ms',
        ...summarize(walls), baseline: { name: 'the slower of the two calls', ...summarize(slowest) },
        target: { on: 'ratio-median', below: 1.15, text: 'under 1.15× the slower call' },
      });
    }
  } finally {
    await mock.close();
  }
  return {
    name: 'parallel',
    figures,
    facts: { 'per-step ratios (step / slower call)': Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, summarize(v)])) },
    notes: [`Node: runStep of the sample agent as a Block Agent through the real provider clients (openai, @anthropic-ai/sdk) against the mock LLM server (test/mock-llm) holding each answer back ${DELAY_MS} ms; ${RUNS} steps per provider after one warm-up.`],
  };
}
