// "Play the model" (issue 32): where the offline model's rules cannot read a line, its answer says
// so (`undecided`), and a person's answer given at that step goes the engine's normal way.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importBlockAgentYaml } from '../runtimes/block-agent/format';
import type { AgentDocument, PlayedTurn } from '../model';
import { offlineDeps, stageName, step, toolRuns } from './offline/conversation-testing';
import { newSession } from './session';
import { PLAYED_BY_YOU } from './played';
import { lockersAgent as lockers } from './testing';
import { replayFrom } from './replay';
import type { Session, StepDeps, TraceEntry } from './types';


const UNREADABLE = 'I lost the receipt, sorry';

async function play(doc: AgentDocument, lines: string[], deps: StepDeps): Promise<Session[]> {
  const sessions = [await step(doc, newSession(doc), null, deps)];
  for (const line of lines) sessions.push(await step(doc, sessions.at(-1)!, line, deps));
  return sessions;
}

type ModelCall = Extract<TraceEntry, { kind: 'model-call' }>;
const callsOfStep = (s: Session, n: number) => s.trace.filter((t): t is ModelCall => t.kind === 'model-call' && t.step === n);

describe('the offline model says where its rules cannot decide', () => {
  it('a line that gives no value for the question just asked: undecided, with the line, why, the tool and what was read', async () => {
    const doc = lockers();
    const [, , after] = await play(doc, ['Hello, I left my bag in a locker', UNREADABLE], await offlineDeps(doc));
    const undecided = callsOfStep(after, 3).map((c) => c.response?.undecided).find(Boolean);
    expect(undecided).toEqual({ line: UNREADABLE, why: expect.stringContaining('lockerCode (findLocker)'), tool: 'findLocker', read: {} });
  });

  it('Block Agent: a line that points at no tool, where the tool that guesses least lacks a value, is undecided too', async () => {
    // The same agent the e2e plays (e2e/play-the-model.spec.ts).
    const read = importBlockAgentYaml(readFileSync(fileURLToPath(new URL('../../test/fixtures/play-the-model/bike-desk.yaml', import.meta.url)), 'utf8'));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const deps = await offlineDeps(read.doc);
    const [, unread] = await play(read.doc, ['My sister said you were good, honestly.'], deps);
    expect(callsOfStep(unread, unread.turn).map((c) => c.response?.undecided).find(Boolean)).toMatchObject({ line: 'My sister said you were good, honestly.', tool: 'choose_service' });
    // Near miss: a line that names the service is read, and nothing is undecided.
    const [, readable] = await play(read.doc, ['A brake check, please.'], deps);
    expect(readable.trace.some((t) => t.kind === 'model-call' && t.response?.undecided)).toBe(false);
    expect(readable.state.service).toBe('brake_check');
  });

  it('a line it reads is not undecided', async () => {
    const doc = lockers();
    const [, , after] = await play(doc, ['Hello, I left my bag in a locker', "It's KB 204 771"], await offlineDeps(doc));
    expect(after.trace.some((t) => t.kind === 'model-call' && t.response?.undecided)).toBe(false);
  });
});

describe('a played turn goes the engine\'s normal way', () => {
  it('Pinecall: the step\'s agent call takes the played tool; the tool runs, writes, moves the stage, and is marked played by you', async () => {
    const doc = lockers();
    const deps = await offlineDeps(doc);
    const [, before] = await play(doc, ['Hello, I left my bag in a locker'], deps);
    const played: PlayedTurn = { step: before.turn + 1, tools: [{ name: 'findLocker', arguments: { lockerCode: 'KB204771' } }] };
    const after = await step(doc, before, UNREADABLE, { ...deps, played: [played] });
    expect(toolRuns(after, 'findLocker')).toMatchObject([{ args: { lockerCode: 'KB204771' }, error: undefined }]);
    expect(after.changeLog.filter((c) => c.turn === after.turn)).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'locker', next: 'KB204771', author: 'findLocker' }), expect.objectContaining({ field: 'stage', next: 'open' })]),
    );
    expect(stageName(doc, after)).toBe('open');
    const [first, ...later] = callsOfStep(after, after.turn);
    expect(first.response).toMatchObject({ played: true, toolCalls: [{ name: 'findLocker', arguments: '{"lockerCode":"KB204771"}' }] });
    // After the tool's result the model is the offline model again: it reads the result and goes on.
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((c) => c.response?.played === undefined)).toBe(true);
    expect(after.trace).toContainEqual(expect.objectContaining({ kind: 'note', chat: true, message: expect.stringMatching(new RegExp(`^${PLAYED_BY_YOU}: the model's agent call called findLocker`)) }));
  });

  it('Pinecall: played arguments the tool refuses go through the argument check like any model\'s', async () => {
    const doc = lockers();
    const deps = await offlineDeps(doc);
    const [, before] = await play(doc, ['Hello, I left my bag in a locker'], deps);
    const after = await step(doc, before, UNREADABLE, { ...deps, played: [{ step: before.turn + 1, tools: [{ name: 'findLocker', arguments: { lockerCode: 7 } }] }] });
    expect(after.trace).toContainEqual(expect.objectContaining({ kind: 'check-failed', tool: 'findLocker' }));
    expect(stageName(doc, after)).toBe('find');
  });

  it('Pinecall: a played reply alone is said as the agent\'s line, and a turn for another step changes nothing', async () => {
    const doc = lockers();
    const deps = await offlineDeps(doc);
    const [, before] = await play(doc, ['Hello, I left my bag in a locker'], deps);
    const said = await step(doc, before, UNREADABLE, { ...deps, played: [{ step: before.turn + 1, says: 'No problem: can you read me the code on your locker door?' }] });
    expect(said.transcript.at(-1)).toEqual({ kind: 'agent', text: 'No problem: can you read me the code on your locker door?' });
    const other = await step(doc, before, UNREADABLE, { ...deps, played: [{ step: before.turn + 2, says: 'not this step' }] });
    const plain = await step(doc, before, UNREADABLE, deps);
    expect(other.transcript).toEqual(plain.transcript);
  });

  it('Block Agent: the tools call takes the played tools (captured into state) and the reply call its words', async () => {
    const yaml = `personality: You are Jo at the bike workshop.
blocks:
  - block_id: desk
    name: Desk
    tools:
      - type: function
        function:
          name: log_fault
          description: Log what is wrong with the bike for the mechanics.
          parameters:
            type: object
            properties:
              problem: {type: string, description: What is wrong with the bike}
            required: [problem]
    turns:
      - turn_id: t_ask
        name: ask
        content: Greet the caller and ask what is wrong with the bike.
        edges:
          - type: edge
            conditions:
              - {source: tools, tool: log_fault, expected_value: '*'}
            connect_to: {turn_id: t_done}
      - turn_id: t_done
        name: done
        content: Tell the caller a mechanic will ring back today.
`;
    const read = importBlockAgentYaml(yaml);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const doc = read.doc;
    const deps = await offlineDeps(doc);
    const opened = await step(doc, newSession(doc), null, deps);
    const after = await step(doc, opened, 'it makes a noise', { ...deps, played: [{ step: opened.turn + 1, tools: [{ name: 'log_fault', arguments: { problem: 'a clicking noise' } }], says: 'Thanks, I have noted it.' }] });
    expect(after.state.problem).toBe('a clicking noise');
    expect(after.changeLog).toContainEqual(expect.objectContaining({ field: 'problem', next: 'a clicking noise', author: 'log_fault' }));
    expect(stageName(doc, after)).toBe('done');
    expect(after.transcript).toContainEqual({ kind: 'agent', text: 'Thanks, I have noted it.' });
    const played = callsOfStep(after, after.turn).filter((c) => c.response?.played);
    expect(played.map((c) => c.request.purpose).sort()).toEqual(['reply', 'tools']);
  });

  it('"Replay from here" plays a played step again with the same answer', async () => {
    const doc = lockers();
    const deps = await offlineDeps(doc);
    const [opened, before] = await play(doc, ['Hello, I left my bag in a locker'], deps);
    const played: PlayedTurn = { step: before.turn + 1, tools: [{ name: 'findLocker', arguments: { lockerCode: 'KB204771' } }] };
    const after = await step(doc, before, UNREADABLE, { ...deps, played: [played] });
    const steps = [
      { input: { kind: 'say' as const, text: 'Hello, I left my bag in a locker' }, before: opened, after: before, revision: 0 },
      { input: { kind: 'say' as const, text: UNREADABLE }, before, after, revision: 0, played },
    ];
    const replayed = await replayFrom(doc, steps, 0, deps);
    expect(stageName(doc, replayed.at(-1)!.after)).toBe('open');
    expect(replayed.at(-1)!.played).toEqual(played);
  });
});
