// Following a step live: onProgress after each model call and tool run, the heard call's text
// streamed through onTextDelta, and every request marked with its purpose and temperature.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { scriptedToolRunner } from './mock-runner';
import { newSession } from './session';
import { runStep } from './simulation';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from './testing';
import type { Session, StepDeps } from './types';

const pinecall = sampleAgent();
const blockAgent: AgentDocument = { ...sampleAgent(), target: 'block-agent' };
const at = (doc: AgentDocument, stageId: string): Session => ({ ...newSession(doc), stageId });
const follow = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  const snapshots: Session[] = [];
  const deltas: string[] = [];
  const deps: StepDeps = {
    model, runner: scriptedToolRunner({ free_slots: { result: [], writes: { searches: 1 } } }), revision: 1, now: () => 1, temperature: 0.3,
    onProgress: (s) => snapshots.push(s), onTextDelta: (d) => deltas.push(d), ...more,
  };
  return { model, snapshots, deltas, deps };
};

describe('Pinecall', () => {
  it('reports the session after each model call and each tool run, as copies', async () => {
    const f = follow([answer('', ['free_slots', { day: 'Monday', visit: 'cleaning' }]), say('Nothing on Monday.')]);
    const out = await runStep(pinecall, at(pinecall, 's_choose'), { kind: 'say', text: 'Monday' }, f.deps);
    // call 1, its tool calls (the tool not run yet: the chat shows it running), the tool run, call 2
    expect(f.snapshots.map((s) => s.transcript.length)).toEqual([1, 2, 4, 4]);
    expect(f.snapshots[1].transcript[1]).toMatchObject({ kind: 'tool-call', name: 'free_slots' });
    expect(f.snapshots[1].state.searches).toBe(0);
    expect(f.snapshots[2].state.searches).toBe(1);
    f.snapshots[0].transcript.push({ kind: 'agent', text: 'tampered' });
    expect(out.transcript.some((l) => 'text' in l && l.text === 'tampered')).toBe(false);
  });

  it("streams the agent call's text and marks each request 'agent' with the temperature", async () => {
    const f = follow([say('Hello there, how can I help?')]);
    await runStep(pinecall, at(pinecall, 's_greet'), { kind: 'say', text: 'hi' }, f.deps);
    expect(f.deltas.join('')).toBe('Hello there, how can I help?');
    expect(f.deltas.length).toBeGreaterThan(1);
    expect(f.model.requests[0]).toMatchObject({ purpose: 'agent', temperature: 0.3, streamed: true });
  });

  it('sends no temperature when none is set', async () => {
    const f = follow([say('Hi')], { temperature: undefined });
    await runStep(pinecall, at(pinecall, 's_greet'), { kind: 'say', text: 'hi' }, f.deps);
    expect('temperature' in f.model.requests[0]).toBe(false);
  });
});

describe('Block Agent', () => {
  it('streams only the reply call; the tool and condition calls are not heard', async () => {
    const f = follow([say('How can I help?'), answer('', ['caller_intent_not_yet_detected', {}]), say('yes')]);
    const out = await runStep(blockAgent, at(blockAgent, 's_greet'), { kind: 'say', text: 'hi' }, f.deps);
    expect(f.model.requests.map((r) => [r.purpose, r.streamed ?? false, r.temperature])).toEqual([
      ['reply', true, 0.3], ['tools', false, 0.3], ['condition', false, 0.3],
    ]);
    expect(f.deltas.join('')).toBe('How can I help?');
    expect(out.trace.filter((t) => t.kind === 'model-call').map((t) => (t.kind === 'model-call' ? t.request.purpose : ''))).toEqual(['reply', 'tools', 'condition']);
  });

  it('reports progress after the parallel calls, each tool run, and the nlu call', async () => {
    const d = structuredClone(blockAgent);
    d.tools.find((t) => t.id === 't_not_yet')!.mock = { noted: true };
    const f = follow([say('How can I help?'), answer('', ['caller_intent_not_yet_detected', {}]), say('no')]);
    await runStep(d, at(d, 's_greet'), { kind: 'say', text: 'hi' }, f.deps);
    expect(f.snapshots.map((s) => s.trace.at(-1)?.kind)).toEqual(['model-call', 'tool-run', 'model-call']);
    expect(f.snapshots[0].transcript).toEqual([{ kind: 'caller', text: 'hi' }, { kind: 'agent', text: 'How can I help?' }]);
  });

  it('notes a Jinja error once per step, naming the stage, and sends the content as written', async () => {
    const d = structuredClone(blockAgent);
    d.stages.find((s) => s.id === 's_greet')!.instructions = 'Greet {% if %} the caller.';
    const f = follow([say('Hi'), answer('', ['caller_intent_not_yet_detected', {}]), say('no')]);
    const out = await runStep(d, at(d, 's_greet'), { kind: 'say', text: 'hi' }, f.deps);
    expect(f.model.requests[0].system).toContain('Greet {% if %} the caller.');
    const notes = out.trace.filter((t) => t.kind === 'note' && t.message.startsWith('Jinja error in stage greet:'));
    expect(notes).toHaveLength(1);
  });
});
