// The step budget: agent code (predicates, templates, tool bodies) may take at most budgetMs per
// step in all, however many pieces each stay under their own deadline; what ran out is named.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentDocument, Tool } from '../model';
import { blockAgentStep } from '../runtimes/block-agent/engine/step';
import { pinecallStep } from '../runtimes/pinecall/engine/step';
import { prepareSandboxEvaluate } from './sandbox-evaluate';
import { sandboxToolRunner } from './sandbox-runner';
import { answer, sampleAgent, say, scriptedModel, sessionAt } from './testing';
import type { Evaluate, StepDeps } from './types';

let evaluate: Evaluate;
beforeAll(async () => {
  evaluate = await prepareSandboxEvaluate();
});

const looping = (doc: AgentDocument, n: number): AgentDocument => {
  const base = doc.tools.find((t) => t.name === 'end_call')!;
  const tools: Tool[] = Array.from({ length: n }, (_, i) => ({ ...structuredClone(base), id: `t_loop${i}`, name: `loop${i}`, scope: { kind: 'all' }, when: '(s) => { while (true) {} }' }) as Tool);
  return { ...doc, tools: [...doc.tools, ...tools] };
};

describe('the step budget', () => {
  it('60 looping `when` predicates end the step within the budget, naming the one that ran out, and send nothing', async () => {
    const doc = looping(sampleAgent(), 60);
    const model = scriptedModel([say('never sent')]);
    const deps: StepDeps = { model, runner: sandboxToolRunner(doc), evaluate, revision: 0, budgetMs: 1500 };
    const started = Date.now();
    const out = await pinecallStep(doc, sessionAt(doc, 's_greet'), 'Hi', deps);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(model.requests).toHaveLength(0);
    expect(out.failure).toMatchObject({ kind: 'budget', message: expect.stringContaining('the when of tool loop1 was running') });
    expect(out.failure?.message).toContain('budget of 1.5 s');
    // The predicates after the budget ran out were not run at all, and the trace says so.
    const notes = out.trace.filter((t) => t.kind === 'note').map((t) => (t as { message: string }).message);
    expect(notes.some((n) => /when of loop59 threw \(not run: the step has used up its budget/.test(n))).toBe(true);
  }, 20_000);

  it("a tool body that loops is stopped at the budget, not at its own 30 s, and the step ends before the next call", async () => {
    const doc = sampleAgent();
    doc.tools = doc.tools.map((t) => (t.name === 'end_call' ? { ...t, scope: { kind: 'all' }, when: undefined, implementation: 'while (true) {}' } : t));
    const model = scriptedModel([answer('', ['end_call', {}]), say('never sent')]);
    const deps: StepDeps = { model, runner: sandboxToolRunner(doc), evaluate, revision: 0, budgetMs: 800 };
    const started = Date.now();
    const out = await pinecallStep(doc, sessionAt(doc, 's_greet'), 'Bye', deps);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(model.requests).toHaveLength(1);
    const run = out.trace.find((t) => t.kind === 'tool-run') as { error?: string } | undefined;
    expect(run?.error).toBe("end_call stopped: the step's budget of 0.8 s for agent code ran out");
    expect(out.failure).toMatchObject({ kind: 'budget', message: expect.stringContaining('tool end_call was running') });
  }, 20_000);

  it('a Block Agent template that loops is cut at its deadline: a located note, and the step goes on with the text as written', async () => {
    const doc: AgentDocument = { ...sampleAgent(), target: 'block-agent', persona: 'Front desk. {% for i in range(0,100000) %}{% for j in range(0,100000) %}x{% endfor %}{% endfor %}' };
    const model = scriptedModel([say('Hello'), answer('', ['is_schedule_appointment', {}])]);
    const deps: StepDeps = { model, runner: sandboxToolRunner(doc), evaluate, revision: 0 };
    const out = await blockAgentStep(doc, sessionAt(doc, 's_greet'), 'Hi', deps);
    expect(model.requests[0].system.startsWith(doc.persona)).toBe(true);
    const notes = out.trace.filter((t) => t.kind === 'note').map((t) => (t as { message: string }).message);
    expect(notes).toContain('Jinja error in the personality: the template took longer than 1 s to render; the text is sent as written');
    // Both parallel calls went out with the text as written: the step went on.
    expect(model.requests.slice(0, 2).map((r) => r.purpose)).toEqual(['reply', 'tools']);
    expect(out.failure?.kind).not.toBe('budget');
  }, 20_000);

  it('a fresh budget for every step: a step within budget after one that ran out', async () => {
    const doc = sampleAgent();
    const model = scriptedModel([say('Hello')]);
    const out = await pinecallStep(doc, sessionAt(doc, 's_greet'), 'Hi', { model, runner: sandboxToolRunner(doc), evaluate, revision: 0, budgetMs: 1500 });
    expect(out.failure).toBeUndefined();
    expect(out.transcript.at(-1)).toEqual({ kind: 'agent', text: 'Hello' });
  });
});
