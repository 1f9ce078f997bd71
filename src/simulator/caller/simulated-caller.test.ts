// The simulated caller: its request (persona, goal, the end mark, the call with roles swapped), how
// its answers are read, and the loop's every way of stopping, against scripted models on both sides.
import { describe, expect, it } from 'vitest';
import { mockToolRunner } from '../mock-runner';
import { runStep, startSession } from '../simulation';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from '../testing';
import type { Line, Session } from '../types';
import { AGENT_SILENT, CALL_CONNECTED, END_MARK, callerRequest, readCallerAnswer } from './prompt';
import { describeOutcome, runSimulatedCaller } from './simulated-caller';

const BRIEF = { persona: 'Ana Ruiz, phone 600 111 222; gives her phone only when asked.', goal: 'A cleaning on Tuesday morning.' };

describe('the caller request', () => {
  it('says who the caller is, what they want and how to end, with the call seen from their side', () => {
    const transcript: Line[] = [
      { kind: 'agent', text: 'Clínica Norte, hello.' },
      { kind: 'caller', text: 'Hi, I need a cleaning.' },
      { kind: 'tool-call', id: 'c1', name: 'free_slots', arguments: '{}', call: 1 },
      { kind: 'tool-result', id: 'c1', name: 'free_slots', result: [], modelReads: '[]' },
      { kind: 'runtime', text: 'Let me check the agenda.', source: 'announce', tool: 'free_slots' },
      { kind: 'agent', text: 'Tuesday 09:00?' },
    ];
    const request = callerRequest(BRIEF, transcript, { temperature: 0.3 });
    expect(request).toMatchObject({ purpose: 'caller', tools: [], toolChoice: 'none', temperature: 0.3 });
    expect(request.system).toContain(BRIEF.persona);
    expect(request.system).toContain(BRIEF.goal);
    expect(request.system).toContain(`write exactly ${END_MARK}`);
    expect(request.messages).toEqual([
      { role: 'user', content: 'Clínica Norte, hello.' },
      { role: 'assistant', content: 'Hi, I need a cleaning.' },
      { role: 'user', content: 'Let me check the agenda.\nTuesday 09:00?' },
    ]);
  });

  it('lets the caller speak first when the agent has not, and says so when the agent said nothing', () => {
    expect(callerRequest(BRIEF, []).messages).toEqual([{ role: 'user', content: CALL_CONNECTED }]);
    expect(callerRequest({ persona: 'Bo' }, [{ kind: 'caller', text: 'Hello?' }]).messages).toEqual([
      { role: 'user', content: CALL_CONNECTED },
      { role: 'assistant', content: 'Hello?' },
      { role: 'user', content: AGENT_SILENT },
    ]);
    expect(callerRequest({ persona: 'Bo' }, []).system).not.toContain('What you want');
  });
});

describe('reading the caller answer', () => {
  it('ends on the end mark, saying the text before it first', () => {
    expect(readCallerAnswer(END_MARK)).toEqual({ kind: 'end' });
    expect(readCallerAnswer(`Thanks, bye! ${END_MARK}`)).toEqual({ kind: 'say', text: 'Thanks, bye!', hangsUp: true });
    expect(readCallerAnswer('Tuesday morning, please.')).toEqual({ kind: 'say', text: 'Tuesday morning, please.', hangsUp: false });
  });

  it('drops the quotes and the "Caller:" prefix a model adds when it plays a role', () => {
    expect(readCallerAnswer('Caller: "My name is Ana."')).toEqual({ kind: 'say', text: 'My name is Ana.', hangsUp: false });
  });
});

/** The agent side: the sample agent on a scripted model, stepped as the app's send would. */
function agentRun(agentScript: Scripted[]) {
  const doc = sampleAgent();
  const deps = { model: scriptedModel(agentScript), runner: mockToolRunner, revision: 1, now: () => 0 };
  let session: Session | null = startSession(doc);
  return {
    session: () => session,
    say: async (text: string) => {
      session = await runStep(doc, session!, { kind: 'say', text }, deps);
    },
  };
}

describe('runSimulatedCaller', () => {
  it('plays the caller line by line until it is done, each line a step of the run', async () => {
    const run = agentRun([
      answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'a cleaning' }]),
      say('Sure. Your full name?'),
      say('Thanks, Ana. Booked for Tuesday 09:00.'),
      say('Goodbye!'),
    ]);
    const callerModel = scriptedModel([say('Hi, I need a cleaning.'), say('Ana Ruiz.'), say(`Great, thanks! ${END_MARK}`)]);
    const heard: string[] = [];
    const outcome = await runSimulatedCaller({ brief: BRIEF, maxLines: 8, model: callerModel, ...run, onLine: (t) => heard.push(t) });
    expect(outcome).toEqual({ kind: 'done', lines: 3 });
    expect(heard).toEqual(['Hi, I need a cleaning.', 'Ana Ruiz.', 'Great, thanks!']);
    expect(run.session()!.transcript.filter((l) => l.kind === 'caller').map((l) => (l as { text: string }).text)).toEqual(heard);
    // The second caller call heard the agent's answer to the first line.
    expect(callerModel.requests[1].messages.at(-1)).toEqual({ role: 'user', content: 'Sure. Your full name?' });
    expect(callerModel.requests.every((r) => r.purpose === 'caller')).toBe(true);
    expect(describeOutcome(outcome)).toContain('done after 3 lines');
  });

  it('stops after K lines, leaving the call open', async () => {
    const run = agentRun([say('Hm?'), say('Hm?')]);
    const outcome = await runSimulatedCaller({ brief: BRIEF, maxLines: 2, model: scriptedModel([say('Hello?'), say('Hello??'), say('never asked')]), ...run });
    expect(outcome).toEqual({ kind: 'limit', lines: 2 });
    expect(run.session()!.turn).toBe(2);
  });

  it('stops when the call has ended, when an agent call failed, or when the caller model failed', async () => {
    const ended = { ...startSession(sampleAgent()), ended: true };
    expect(await runSimulatedCaller({ brief: BRIEF, maxLines: 5, model: scriptedModel([]), session: () => ended, say: async () => {} })).toEqual({ kind: 'ended', lines: 0 });

    const failing = agentRun([new Error('the upstream model crashed')]);
    const failed = await runSimulatedCaller({ brief: BRIEF, maxLines: 5, model: scriptedModel([say('Hi')]), ...failing });
    expect(failed).toMatchObject({ kind: 'agent-failed', lines: 1, message: expect.stringContaining('the upstream model crashed') });

    const mute = await runSimulatedCaller({ brief: BRIEF, maxLines: 5, model: scriptedModel([new Error('401 bad key')]), ...agentRun([]) });
    expect(mute).toEqual({ kind: 'caller-failed', lines: 0, message: '401 bad key' });
    const empty = await runSimulatedCaller({ brief: BRIEF, maxLines: 5, model: scriptedModel([say('  ')]), ...agentRun([]) });
    expect(empty.kind).toBe('caller-failed');
  });

  it('stops when the user stops it, without saying another line', async () => {
    const abort = new AbortController();
    const run = agentRun([say('Hello!')]);
    const outcome = await runSimulatedCaller({
      brief: BRIEF, maxLines: 5, model: scriptedModel([say('Hi'), say('again')]), signal: abort.signal, ...run,
      onLine: () => abort.abort(),
    });
    expect(outcome).toEqual({ kind: 'stopped', lines: 1 });
    expect(run.session()!.turn).toBe(1);
  });

  it('refuses an empty persona, saying what to write', async () => {
    await expect(runSimulatedCaller({ brief: { persona: ' ' }, maxLines: 3, model: scriptedModel([]), ...agentRun([]) })).rejects.toThrow('needs a persona');
  });
});
