// An empty model answer (no text, no tool call) is no failure: the runtime says nothing. The chat
// must say so all the same, or the user waits for an agent line that never comes.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { EMPTY_REPLY } from '../runtimes/block-agent/engine/step';
import { scriptedToolRunner } from './mock-runner';
import { EMPTY_ANSWER } from '../runtimes/pinecall/engine/step';
import { newSession } from './session';
import { runStep } from './simulation';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from './testing';
import { chatItems } from '../run/chat-items';
import type { Session, StepDeps } from './types';

const deps = (script: Scripted[]): StepDeps => ({ model: scriptedModel(script), runner: scriptedToolRunner({}), revision: 1, now: () => 5 });
const limitTexts = (doc: AgentDocument, s: Session) => chatItems(doc, s, []).filter((i) => i.kind === 'limit').map((i) => (i.kind === 'limit' ? i.text : ''));

describe('an empty model answer', () => {
  const pinecall = sampleAgent();
  const at = (stageId: string): Session => ({ ...newSession(pinecall), stageId });

  it('Pinecall: the step ends with no agent line, no write, and a note the chat shows', async () => {
    const out = await runStep(pinecall, at('s_greet'), { kind: 'say', text: 'Hello?' }, deps([say('')]));
    expect(out.failure).toBeUndefined();
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'Hello?' }]);
    expect(out.changeLog).toEqual([]);
    expect(limitTexts(pinecall, out)).toEqual([EMPTY_ANSWER]);
  });

  it('Pinecall: an answer with text or a tool call brings no such note', async () => {
    const out = await runStep(pinecall, at('s_greet'), { kind: 'say', text: 'Hello?' }, deps([say('Hi! How can I help?')]));
    expect(limitTexts(pinecall, out)).toEqual([]);
    const called = await runStep(pinecall, at('s_choose'), { kind: 'say', text: 'Monday' }, deps([answer('', ['nope', {}]), say('Which day?')]));
    expect(limitTexts(pinecall, called)).toEqual([]);
  });

  it('Block Agent: an empty reply call says the agent said nothing; the tools call still acts', async () => {
    const doc: AgentDocument = { ...sampleAgent(), target: 'block-agent' };
    const wants = answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'a cleaning' }]);
    const out = await runStep(doc, { ...newSession(doc), stageId: 's_greet' }, { kind: 'say', text: 'I need a cleaning' }, deps([say('   '), wants, say('Your name?')]));
    expect(out.failure).toBeUndefined();
    expect(out.state.schedule_appointment).toBe(true);
    expect(limitTexts(doc, out)).toContain(EMPTY_REPLY);
    expect(out.transcript.filter((l) => l.kind === 'agent').map((l) => (l.kind === 'agent' ? l.text : ''))).not.toContain('   ');
  });
});
