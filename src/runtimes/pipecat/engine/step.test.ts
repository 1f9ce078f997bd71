// The Pipecat Flows step against a scripted model, on Pipecat's own example flows: what the model is
// offered and reads at each node, and where the flow goes, as pipecat-ai 1.14.0's FlowManager does
// (observed by conformance/pipecat_run on the same flows).
import { describe, expect, it } from 'vitest';
import { importPipecatFlow } from '../format';
import { exampleFlow } from '../format/testing';
import type { AgentDocument } from '../../../model';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { openSession } from '../../../simulator/session';
import { answer, say, scriptedModel, type Scripted } from '../../../simulator/testing';
import type { Session, StepDeps } from '../../../simulator/types';
import { ASYNC_TOOL_INSTRUCTIONS, pipecatStep } from './step';

function flow(prefix: string, mocks: Record<string, unknown> = {}): AgentDocument {
  const read = importPipecatFlow(exampleFlow(prefix), { fileName: `${prefix}.yaml` });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  for (const tool of read.doc.tools) if (Object.hasOwn(mocks, tool.name)) tool.mock = mocks[tool.name];
  return read.doc;
}

const deps = (script: Scripted[]) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: mockToolRunner, revision: 1, now: () => 0 } satisfies StepDeps };
};
const stageName = (doc: AgentDocument, s: Session) => doc.stages.find((st) => st.id === s.stageId)?.name;
const toolNames = (r: { tools: { name: string }[] }) => r.tools.map((t) => t.name);

describe('the restaurant reservation flow', () => {
  const state = { restaurant_name: 'Le Petit', party_size: 4 };

  it('opens in the initial node: the role message as the system instruction, the task as a developer message, its function offered', async () => {
    const doc = flow('pipecat__restaurant', { check_availability: { status: 'available' } });
    const { model, deps: d } = deps([say('Hi, welcome to Le Petit! How many are you?')]);
    const out = await pipecatStep(doc, openSession(doc, { initialState: state }), null, d);
    const [request] = model.requests;
    // The folded YAML block keeps its closing newline, so three newlines part it from Pipecat's guidance (as sent by Pipecat).
    expect(request.system).toBe(`You are a restaurant reservation assistant for Le Petit, an upscale French restaurant. Be casual and friendly. This is a voice conversation, so avoid special characters and emojis.\n\n\n${ASYNC_TOOL_INSTRUCTIONS}`);
    expect(request.messages).toEqual([{ role: 'system', as: 'developer', content: expect.stringMatching(/^Warmly greet the customer/) }]);
    expect(toolNames(request)).toEqual(['collect_party_size']);
    expect(request.tools[0].parameters).toEqual({ type: 'object', properties: {}, required: [] });
    expect(stageName(doc, out)).toBe('initial');
  });

  it('a function with a transition moves the flow once it ran, and the model answers at once in the new node with its task appended', async () => {
    const doc = flow('pipecat__restaurant', { check_availability: { status: 'available' } });
    const opening = deps([say('How many are you?')]);
    const opened = await pipecatStep(doc, openSession(doc, { initialState: state }), null, opening.deps);
    const { model, deps: d } = deps([answer('', ['collect_party_size', {}]), say('What time would you like?')]);
    const out = await pipecatStep(doc, opened, 'Four people please', d);
    expect(stageName(doc, out)).toBe('get_time');
    const [, second] = model.requests;
    expect(toolNames(second)).toEqual(['check_availability']);
    // The old node's task, the call and its result stay (append); the new task comes last, filled from the state.
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user', 'assistant', 'tool', 'system']);
    expect(second.messages[4]).toMatchObject({ role: 'tool', content: 'COMPLETED' });
    expect(second.messages[5]).toMatchObject({ content: expect.stringMatching(/for their party of 4\./) });
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'stage-change', from: 'initial', to: 'get_time', via: 'collect_party_size' }));
  });

  it('what a handler stores in flow_manager.state (read from its Python) fills the next node\'s placeholders', async () => {
    const handlers = 'async def collect_party_size(flow_manager, size: int):\n    """Record the party size."""\n    flow_manager.state["party_size"] = size\n    return None, TRANSITION_IN_YAML\n\nasync def check_availability(flow_manager, time: str):\n    """Check a time."""\n    return {"status": "available"}, TRANSITION_IN_YAML\n';
    const read = importPipecatFlow(exampleFlow('pipecat__restaurant'), { fileName: 'flow.yaml', handlers });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const doc = read.doc;
    const opened = await pipecatStep(doc, openSession(doc, { initialState: { restaurant_name: 'Le Petit' } }), null, deps([say('How many?')]).deps);
    const { model, deps: d } = deps([answer('', ['collect_party_size', { size: 6 }]), say('What time?')]);
    const out = await pipecatStep(doc, opened, 'Six of us', d);
    expect(stageName(doc, out)).toBe('get_time');
    expect(out.state.party_size).toBe(6);
    expect(out.changeLog).toContainEqual(expect.objectContaining({ field: 'party_size', next: 6, author: 'collect_party_size' }));
    expect(model.requests[1].messages.at(-1)).toMatchObject({ content: expect.stringMatching(/for their party of 6\./) });
  });

  it('a branch table reads the result: available goes to confirm, unavailable to no_availability', async () => {
    for (const [status, node] of [['available', 'confirm'], ['unavailable', 'no_availability']]) {
      const doc = flow('pipecat__restaurant', { check_availability: { status } });
      const at = { ...openSession(doc, { initialState: state }), stageId: doc.stages.find((s) => s.name === 'get_time')!.id, turn: 2 };
      const { model, deps: d } = deps([answer('', ['check_availability', {}]), say('ok')]);
      const out = await pipecatStep(doc, at, '7pm', d);
      expect(stageName(doc, out)).toBe(node);
      expect(model.requests[1].messages.find((m) => m.role === 'tool')).toMatchObject({ content: `{"status": "${status}"}` });
    }
  });

  it('a result without the branch field is an error the model reads, in Pipecat\'s words, and the flow stays', async () => {
    const doc = flow('pipecat__restaurant', { check_availability: { open: true } });
    const at = { ...openSession(doc, { initialState: state }), stageId: doc.stages.find((s) => s.name === 'get_time')!.id, turn: 2 };
    const { model, deps: d } = deps([answer('', ['check_availability', {}]), say('Sorry, let me check again.')]);
    const out = await pipecatStep(doc, at, '7pm', d);
    expect(stageName(doc, out)).toBe('get_time');
    expect(model.requests[1].messages.find((m) => m.role === 'tool')).toMatchObject({
      content: '{"status": "error", "error": "node \'get_time\' tool \'check_availability\' branches on result field \'status\', but its result has no such field"}',
    });
  });

  it('a placeholder the state lacks stops the move in Pipecat\'s words, and the model is not called again', async () => {
    const doc = flow('pipecat__restaurant');
    const opened = await pipecatStep(doc, openSession(doc, { initialState: { restaurant_name: 'Le Petit' } }), null, deps([say('How many?')]).deps);
    const { model, deps: d } = deps([answer('', ['collect_party_size', {}])]);
    const out = await pipecatStep(doc, opened, 'Four', d);
    expect(stageName(doc, out)).toBe('initial');
    expect(model.requests).toHaveLength(1);
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'note', message: expect.stringContaining("Failed to set node get_time: node 'get_time' uses '{{ party_size }}', which is not in state") }));
  });

  it('a transition-only function answers acknowledged, and the end node\'s post action ends the call after its answer', async () => {
    const doc = flow('pipecat__restaurant');
    const at = { ...openSession(doc, { initialState: state }), stageId: doc.stages.find((s) => s.name === 'confirm')!.id, turn: 3 };
    const { model, deps: d } = deps([answer('', ['end_conversation', {}]), say('Thank you, see you soon!')]);
    const out = await pipecatStep(doc, at, "That's all", d);
    expect(model.requests[1].messages.find((m) => m.role === 'tool')).toMatchObject({ content: '{"status": "acknowledged"}' });
    expect(toolNames(model.requests[1])).toEqual([]);
    // No function offered in the end node: no ASYNC TOOLS guidance.
    expect(model.requests[1].system).not.toContain('ASYNC TOOLS');
    expect(stageName(doc, out)).toBe('end');
    expect(out.ended).toBe(true);
    expect(out.transcript.at(-1)).toEqual({ kind: 'agent', text: 'Thank you, see you soon!' });
  });

  it('a function without a transition whose result is empty leaves the model waiting for the caller; one with a result is answered at once', async () => {
    const doc = flow('pipecat__food_ordering', { get_delivery_estimate: { minutes: 30 } });
    const at = { ...openSession(doc, { initialState: { restaurant_name: 'Marco' } }), stageId: doc.stages.find((s) => s.name === 'choose_pizza')!.id, turn: 2 };
    const empty = deps([answer('', ['get_prices', {}])]);
    const waited = await pipecatStep(doc, at, 'How much is a large?', empty.deps);
    expect(empty.model.requests).toHaveLength(1);
    expect(waited.transcript.at(-1)).toMatchObject({ kind: 'tool-result', modelReads: 'COMPLETED' });
    const full = deps([answer('', ['get_delivery_estimate', {}]), say('About thirty minutes.')]);
    await pipecatStep(doc, at, 'How long will it take?', full.deps);
    expect(full.model.requests).toHaveLength(2);
    expect(full.model.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', content: '{"minutes": 30}' });
  });

  it('a function the node does not offer is answered as Pipecat answers it', async () => {
    const doc = flow('pipecat__restaurant');
    const opened = await pipecatStep(doc, openSession(doc, { initialState: state }), null, deps([say('How many?')]).deps);
    const { model, deps: d } = deps([answer('', ['check_availability', {}]), say('How many are you?')]);
    await pipecatStep(doc, opened, 'Is 7pm free?', d);
    expect(model.requests[1].messages.find((m) => m.role === 'tool')).toMatchObject({ content: 'The function `check_availability` is not currently available.' });
  });
});

describe('context strategy and respond_immediately', () => {
  it('reset replaces the context with the new node\'s task messages', async () => {
    const doc = flow('editor__patient_intake', { verify_birthday: { verified: true } });
    const start = doc.stages.find((s) => s.id === doc.entryStageId)!;
    const edge = doc.edges.find((e) => e.from === start.id && e.conditions[0].kind === 'result')!;
    const target = doc.stages.find((s) => s.id === edge.to)!;
    expect(target.name).toBe('get_prescriptions');
    const opened = await pipecatStep(doc, openSession(doc), null, deps([say('Hello, may I have your birthday?')]).deps);
    const { model, deps: d } = deps([answer('', ['verify_birthday', { birthday: '1983-01-01' }]), say('What medicines do you take?')]);
    await pipecatStep(doc, opened, 'January 1st 1983', d);
    expect(model.requests[1].messages.map((m) => m.role)).toEqual(['system']);
  });

  it('respond_immediately: false waits for the caller before the model is called in that node', async () => {
    const doc = flow('editor__lead_qualification');
    const waiting = doc.stages.find((s) => (doc.preserved?.pipecat as { nodes?: Record<string, { respond_immediately?: boolean }> }).nodes?.[s.id]?.respond_immediately === false)!;
    // A direct transition into it (decline_demo from book_demo), not a branch table's default, which reads the result first.
    const toolOf = (e: (typeof doc.edges)[number]) => (e.conditions[0] as { toolId: string }).toolId;
    const into = doc.edges.find((e) => e.to === waiting.id && e.conditions[0].kind === 'tool' && !doc.edges.some((o) => o.from === e.from && o.conditions[0]?.kind === 'result' && toolOf(o) === toolOf(e)))!;
    const from = doc.stages.find((s) => s.id === into.from)!;
    const tool = doc.tools.find((t) => t.id === (into.conditions[0] as { toolId: string }).toolId)!;
    const at = { ...openSession(doc), stageId: from.id, turn: 2 };
    const { model, deps: d } = deps([answer('', [tool.name, {}])]);
    const out = await pipecatStep(doc, at, 'Yes', d);
    expect(stageName(doc, out)).toBe(waiting.name);
    expect(model.requests).toHaveLength(1);
  });
});

describe('what a flow does not run', () => {
  it('a tool option Pipecat has no word for is traced as skipped once the caller speaks, in the losses\' own words', async () => {
    const doc = flow('pipecat__restaurant', { check_availability: { status: 'available' } });
    const tool = doc.tools.find((t) => t.name === 'collect_party_size')!;
    tool.confirm = 'Party of {{size}}, right?';
    const { lossesFor } = await import('../../../formats/losses');
    const opening = deps([say('How many are you?')]);
    const opened = await pipecatStep(doc, openSession(doc, { initialState: { restaurant_name: 'Le Petit' } }), null, { ...opening.deps, losses: lossesFor });
    const { deps: d } = deps([say('Lovely.')]);
    const out = await pipecatStep(doc, opened, 'Four of us', { ...d, losses: lossesFor });
    const skipped = out.trace.filter((e) => e.kind === 'skipped');
    expect(skipped).toEqual([expect.objectContaining({ feature: 'confirm', path: `/tools/${doc.tools.indexOf(tool)}/confirm` })]);
    expect(lossesFor(doc, 'pipecat').find((l) => l.feature === 'confirm')?.message).toBe((skipped[0] as { message: string }).message);
  });
});
