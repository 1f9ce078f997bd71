// The Pinecall step, rule by rule (formats/pinecall.md, "The step, exactly as Callboard simulates
// it"), against a scripted model whose requests are asserted.
import { classWords } from './prompt-blocks';
import { describe, expect, it } from 'vitest';
import { mockToolRunner, scriptedToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { answer, sampleAgent, say, scriptedModel, type Scripted, sessionAt, promptSent, openToolNames } from '../../../simulator/testing';
import type { ChatMessage, Session, StepDeps } from '../../../simulator/types';
import { pinecallStep } from './step';
import { datePair } from './runtime-words';

const doc = sampleAgent();
const at = (stageId: string, state: Record<string, unknown> = {}): Session => sessionAt(doc, stageId, state);
const deps = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: mockToolRunner, revision: 7, now: () => 1000, ...more } satisfies StepDeps };
};
const toolNames = openToolNames;
/** The messages after the date pair the runtime opens every history with (tools.py date_pair). */
const turns = (r: { messages: ChatMessage[] }): ChatMessage[] => r.messages.slice(2);
const lines = (s: Session) => s.transcript.map((l) => `${l.kind}:${'text' in l ? l.text : l.kind === 'tool-result' ? l.modelReads : 'name' in l ? l.name : l.node}`);

describe('the prompt and the tools offered', () => {
  it('sends the static blocks as the system text, the history, then the stage\'s view after it; every declared tool, the stage\'s open', async () => {
    const { model, deps: d } = deps([say('Hello!')], { call: { today: '2026-05-06' } });
    const session = at('s_goodbye', { caller_name: 'Ana Ruiz' });
    const out = await pinecallStep(doc, session, 'Thanks', d);
    const [request] = model.requests;
    // pinecall/runtime session/_prompt.py request: "static blocks, history, the view".
    expect(classWords(request.system)).toBe(doc.persona);
    expect(request.system).toContain('<tools>');
    expect(request.afterHistory).toEqual(['Thank Ana Ruiz, repeat the booking if there is one, and say goodbye.']);
    // The history opens with the runtime's date pair (tools.py date_pair, session.py _opened), then the caller.
    expect(request.messages).toEqual([...datePair('2026-05-06'), { role: 'user', content: 'Thanks' }]);
    // Every tool the class declares is sent in every request (session/call.py set_tools); the stage opens end_call alone.
    expect(request.tools.map((t) => t.name)).toEqual(doc.tools.filter((t) => t.kind === 'function').map((t) => t.name));
    expect(toolNames(request)).toEqual(['end_call']);
    expect(request.toolChoice).toBe('auto');
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'Thanks' }, { kind: 'agent', text: 'Hello!' }]);
    expect(out.turn).toBe(1);
    expect(out.trace.every((t) => t.revision === 7 && t.step === 1)).toBe(true);
    expect(session.transcript).toEqual([]); // the session passed in is untouched
  });

  it('opens each stage its own tools', async () => {
    const offered = async (stageId: string) => {
      const { model, deps: d } = deps([say('ok')]);
      await pinecallStep(doc, at(stageId), 'hi', d);
      return toolNames(model.requests[0]);
    };
    expect(await offered('s_greet')).toEqual(['is_schedule_appointment', 'caller_intent_not_yet_detected']);
    expect(await offered('s_identity')).toEqual(['collect_identity']); // ehr is an mcp tool: skipped in Pinecall
    expect(await offered('s_choose')).toEqual(['free_slots', 'book']);
  });

  it('decides when through the injected evaluator, and says so when there is none', async () => {
    const hidden = deps([say('ok')], { evaluate: (src, s) => src.includes('slots') && (s.slots as unknown[]).length > 0 });
    await pinecallStep(doc, at('s_choose'), 'hi', hidden.deps);
    expect(toolNames(hidden.model.requests[0])).toEqual(['free_slots']);
    const open = deps([say('ok')]);
    const out = await pinecallStep(doc, at('s_choose'), 'hi', open.deps);
    expect(toolNames(open.model.requests[0])).toEqual(['free_slots', 'book']);
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'note', message: 'when of book not evaluated (no sandbox yet): taken as true' }));
  });

  it('rebuilds the prompt and the tools after a tool moves the stage', async () => {
    const { model, deps: d } = deps([
      answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'a cleaning' }]),
      say('May I have your full name?'),
    ]);
    const out = await pinecallStep(doc, newSession(doc), 'I need a cleaning', d);
    expect(out.stageId).toBe('s_identity');
    expect(promptSent(model.requests[1])).toContain("Ask for the caller's full name");
    expect(toolNames(model.requests[1])).toEqual(['collect_identity']); // ehr is an mcp tool: skipped in Pinecall
    const [user, assistant, tool] = turns(model.requests[1]);
    expect(user).toEqual({ role: 'user', content: 'I need a cleaning' });
    expect(assistant).toMatchObject({ role: 'assistant', content: '', toolCalls: [{ name: 'is_schedule_appointment' }] });
    expect(tool).toMatchObject({ role: 'tool', name: 'is_schedule_appointment' });
    expect(out.changeLog).toEqual([{ seq: 1, turn: 1, field: 'stage', prev: 'greet', next: 'identify', author: 'is_schedule_appointment', at: 1000 }]);
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'stage-change', from: 'greet', to: 'identify', via: 'is_schedule_appointment', edgeId: 'e_greet_identify' }));
  });
});

describe('as the platform runs a reply', () => {
  it('asks the third call of a reply to answer in words (max_tool_steps 1: tool_choice "none" once two tool rounds ran)', async () => {
    const { model, deps: d } = deps([
      answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'a cleaning' }]),
      answer('', ['collect_identity', { caller_name: 'Ana Ruiz', phone: '+15550123456' }]),
      say('Thank you, Ana. Let me check your record.'),
    ]);
    await pinecallStep(doc, newSession(doc), 'I need a cleaning, I am Ana Ruiz, +15550123456', d);
    expect(model.requests.map((r) => r.toolChoice)).toEqual(['auto', 'auto', 'none']);
  });

  it('a call to a tool the stage has closed runs nothing and reads "not available now", though the model was sent it', async () => {
    const { model, deps: d } = deps([answer('', ['book', { slot: 'Thursday-1' }]), say('Which day suits you?')]);
    const out = await pinecallStep(doc, at('s_greet'), 'Book me Thursday', d);
    expect(model.requests[0].tools.map((t) => t.name)).toContain('book');
    expect(toolNames(model.requests[0])).not.toContain('book');
    expect(out.transcript.find((l) => l.kind === 'tool-result')).toMatchObject({ name: 'book', modelReads: 'book is not available now' });
    expect(out.trace.some((t) => t.kind === 'tool-run')).toBe(false);
  });

  it('greets with improvise("…")\'s instruction after the history so far, for that reply\'s calls only', async () => {
    const improvising = { ...doc, preserved: { ...doc.preserved, pinecall: { members: ['static greeting = improvise("Greet the caller and ask how you can help with their teeth.");'] } } };
    const { model, deps: d } = deps([
      answer('', ['caller_intent_not_yet_detected', {}]),
      say('Hello! How can I help with your teeth today?'),
      say('May I have your full name?'),
    ], { call: { today: '2026-05-06' } });
    const opened = await pinecallStep(improvising, newSession(improvising), null, d);
    const instruction: ChatMessage = { role: 'system', content: 'Greet the caller and ask how you can help with their teeth.', livekit: true };
    // livekit's _pipeline_reply_task adds it to its copy of the context: after the date pair, before the reply's own tool round.
    expect(model.requests[0].messages).toEqual([...datePair('2026-05-06'), instruction]);
    expect(model.requests[1].messages.slice(0, 3)).toEqual([...datePair('2026-05-06'), instruction]);
    expect(model.requests[1].messages[3]).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'caller_intent_not_yet_detected' }] });
    // The view is still sent last.
    expect(model.requests[0].afterHistory).toHaveLength(1);
    await pinecallStep(improvising, opened, 'I need a cleaning', d);
    expect(model.requests[2].messages.some((m) => m.role === 'system')).toBe(false);
  });
});

describe('argument checks', () => {
  const check = async (args: Record<string, unknown> | string) => {
    const runner = scriptedToolRunner({});
    const { model, deps: d } = deps([answer('', ['free_slots', args]), say('ok')], { runner });
    const out = await pinecallStep(doc, at('s_choose'), 'Tuesday', d);
    return { out, runner, read: turns(model.requests[1]).find((m) => m.role === 'tool') };
  };

  it('names a missing required argument, runs nothing and logs nothing', async () => {
    const { out, runner, read } = await check({ day: 'Tuesday' });
    expect(read).toMatchObject({ content: 'free_slots: visit is required' });
    expect(runner.calls).toEqual([]);
    expect(out.changeLog).toEqual([]);
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'check-failed', tool: 'free_slots', message: 'free_slots: visit is required' }));
    expect(out.transcript.some((l) => l.kind === 'runtime')).toBe(false); // no announce for a call that does not run
  });

  it('names a wrong type, and joins several messages with "; ", the missing ones first as Pinecall does', async () => {
    expect((await check({ day: 5, visit: 'cleaning' })).read).toMatchObject({ content: 'free_slots: day must be a string, not a number' });
    expect((await check({ day: ['x'] })).read).toMatchObject({ content: 'free_slots: visit is required; day must be a string, not a array' });
    expect((await check({ day: null, visit: true })).read).toMatchObject({ content: 'free_slots: day must be a string, not a null; visit must be a string, not a boolean' });
  });

  it('passes arguments of the right types', async () => {
    const { runner, read } = await check({ day: 'Tuesday', visit: 'cleaning' });
    expect(runner.calls).toEqual([{ tool: 'free_slots', args: { day: 'Tuesday', visit: 'cleaning' } }]);
    // The mock answers with its arguments; the model reads them as Python's json.dumps writes them (tools.py output_text).
    expect(read).toMatchObject({ content: '{"day": "Tuesday", "visit": "cleaning"}' });
  });
});

describe('announce, confirm and preview', () => {
  const slots = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  const runner = () => scriptedToolRunner({ free_slots: { result: slots, writes: { slots } }, book: { result: { when: 'Tuesday 10:00', professional: 'Dr. Vega' } } });

  it('says announce before the tool runs when the answer has no text, once per step', async () => {
    const { deps: d } = deps([
      answer('', ['free_slots', { day: 'Tuesday', visit: 'cleaning' }], ['free_slots', { day: 'Wednesday', visit: 'cleaning' }]),
      answer('', ['free_slots', { day: 'Friday', visit: 'cleaning' }]),
      say('I have two slots.'),
    ], { runner: runner() });
    const out = await pinecallStep(doc, at('s_choose'), 'Tuesday', d);
    expect(lines(out).filter((l) => l.startsWith('runtime'))).toEqual(['runtime:Let me check the agenda.']);
    expect(lines(out).slice(0, 5)).toEqual(['caller:Tuesday', 'tool-call:free_slots', 'tool-call:free_slots', 'runtime:Let me check the agenda.', expect.stringMatching(/^tool-result/)]);
  });

  it('does not announce when the answer carries text', async () => {
    const { model, deps: d } = deps([answer('One moment.', ['free_slots', { day: 'Tuesday', visit: 'cleaning' }]), say('Two slots.')], { runner: runner() });
    const out = await pinecallStep(doc, at('s_choose'), 'Tuesday', d);
    expect(lines(out).filter((l) => l.startsWith('runtime'))).toEqual([]);
    expect(turns(model.requests[1])[1]).toMatchObject({ role: 'assistant', content: 'One moment.', toolCalls: [{ name: 'free_slots' }] });
  });

  it('cuts an array longer than preview for the model, and keeps it whole in the state', async () => {
    const { model, deps: d } = deps([answer('', ['free_slots', { day: 'Tuesday', visit: 'cleaning' }]), say('Two slots.')], { runner: runner() });
    const out = await pinecallStep(doc, at('s_choose'), 'Tuesday', d);
    // The SDK's previewed() cuts the list before it is sent; the runtime sends a list inside {"items": [...]} (tools.py output_text).
    expect(turns(model.requests[1]).find((m) => m.role === 'tool')).toMatchObject({ content: '{"items": [{"id": "a"}, {"id": "b"}]}' });
    expect(out.state.slots).toEqual(slots);
    // The announce line is read as the agent's own, after the results it was said among.
    expect(model.requests[1].messages.at(-1)).toEqual({ role: 'assistant', content: 'Let me check the agenda.' });
  });

  it('says confirm filled from the arguments and the result after the tool ran, then moves the stage', async () => {
    const d = deps([answer('', ['book', { slot: 'a' }]), say('Anything else?')], { runner: runner() }).deps;
    const withArg = { ...doc, tools: doc.tools.map((t) => (t.name === 'book' ? { ...t, confirm: 'Booked {{slot}}: {{result.when}} with {{result.professional}}.' } : t)) };
    const out = await pinecallStep(withArg, at('s_choose', { slots }), 'the first', d);
    expect(lines(out)).toContain('runtime:Booked a: Tuesday 10:00 with Dr. Vega.');
    expect(out.stageId).toBe('s_goodbye');
  });

  it('says no confirm when the tool threw', async () => {
    const d = deps([answer('', ['book', { slot: 'z' }]), say('Sorry.')], { runner: scriptedToolRunner({ book: { error: 'No slot z was offered; offer one of a, b.' } }) }).deps;
    const out = await pinecallStep(doc, at('s_choose', { slots }), 'z', d);
    expect(lines(out).filter((l) => l.startsWith('runtime'))).toEqual([]);
    expect(out.stageId).toBe('s_choose');
  });
});
