// A conversation test keeps the model's turns a person played (`model`, issue 32): "Save as test"
// writes them, a golden carries them (validated like the rest), and a run replays them at their
// step, so the test passes deterministically on the offline model where its rules cannot read a line.
import { describe, expect, it } from 'vitest';
import { goldenText, readGolden } from '../../formats/bundle';
import { lossesFor } from '../../formats/losses';
import { lint, renameTool, type AgentDocument, type PlayedTurn } from '../../model';
import { createOfflineModel } from '../offline';
import { prepareSandboxEvaluate } from '../sandbox-evaluate';
import { sandboxToolRunner } from '../sandbox-runner';
import { runScript } from '../simulation';
import { lockersAgent } from '../testing';
import type { StepDeps } from '../types';
import { proposeTest } from './propose';
import { runConversationTest } from './run';
import type { ConversationTest } from './types';

const INPUT = ['Hello, I left my bag in a locker', 'I lost the receipt, sorry'];

async function offline(doc: AgentDocument): Promise<StepDeps> {
  return { model: createOfflineModel({ today: '2026-12-01' }), runner: sandboxToolRunner(doc), evaluate: await prepareSandboxEvaluate(), losses: lossesFor, revision: 0, now: () => 0 };
}

/** The step whose model call could not read its line, in a run of the test's input. */
async function undecidedStep(doc: AgentDocument): Promise<number> {
  const session = await runScript(doc, { says: INPUT, agentFirst: doc.opening === 'agent' }, await offline(doc));
  const entry = session.trace.find((t) => t.kind === 'model-call' && t.response?.undecided);
  if (!entry) throw new Error('the offline model read every line: the fixture no longer shows an undecided line');
  return entry.step;
}

const played = (step: number): PlayedTurn => ({ step, tools: [{ name: 'findLocker', arguments: { lockerCode: 'KB204771' } }], says: 'Found it.' });
const testWith = (model?: PlayedTurn[]): ConversationTest => ({ name: 'lost-receipt', input: INPUT, ...(model ? { model } : {}), expect: { tools: ['findLocker'], stage: 'open', state: { locker: 'KB204771' } } });

describe('played model turns in a conversation test', () => {
  it('replays at its step on the offline model: the test passes, and fails without it', async () => {
    const doc = lockersAgent();
    const step = await undecidedStep(doc);
    const without = await runConversationTest(doc, testWith(), await offline(doc));
    expect(without.passed).toBe(false);
    const result = await runConversationTest(doc, testWith([played(step)]), await offline(doc));
    expect(result.expectations.filter((e) => !e.passed)).toEqual([]);
    expect(result).toMatchObject({ passed: true });
    expect(result.session.trace.some((t) => t.kind === 'model-call' && t.step === step && t.response?.played)).toBe(true);
    // Twice the same: nothing in the replay depends on chance.
    const again = await runConversationTest(doc, testWith([played(step)]), await offline(doc));
    expect(again.session.transcript).toEqual(result.session.transcript);
  });

  it('"Save as test" keeps the played turns, and the golden reads back the same', async () => {
    const doc = lockersAgent();
    const step = await undecidedStep(doc);
    const session = await runScript(doc, { says: INPUT, agentFirst: doc.opening === 'agent' }, { ...(await offline(doc)), played: [played(step)] });
    const test = proposeTest(doc, { name: 'lost-receipt', inputs: INPUT.map((text) => ({ kind: 'say', text })), session, played: [played(step)] });
    expect(test.model).toEqual([played(step)]);
    expect(Object.keys(test)).toEqual(['name', 'input', 'model', 'expect']);
    expect(test.expect).toMatchObject({ stage: 'open', state: { locker: 'KB204771' } });
    expect(readGolden('tests/lost-receipt.golden.json', goldenText(test))).toEqual({ ok: true, test });
  });

  it('a run opened by hand on a caller-first agent: the played steps are counted as the test will take them', () => {
    const doc: AgentDocument = { ...lockersAgent(), opening: 'caller' };
    const session = { state: {}, stageId: null, transcript: [], changeLog: [], trace: [], turn: 3, ended: false };
    const inputs = [{ kind: 'open' as const }, ...INPUT.map((text) => ({ kind: 'say' as const, text }))];
    expect(proposeTest(doc, { name: 't', inputs, session, played: [{ step: 1, says: 'Hi' }, played(3)] }).model).toEqual([played(2)]);
    expect(proposeTest({ ...doc, opening: 'agent' }, { name: 't', inputs, session, played: [played(3)] }).model).toEqual([played(3)]);
  });

  it('a golden with a malformed model turn is refused with where and what', () => {
    const text = JSON.stringify({ name: 't', input: ['hi'], model: [{ step: 0, tools: [{ name: 'findLocker', arguments: 'KB204771' }] }], expect: {} }, null, 2);
    const read = readGolden('tests/t.golden.json', text);
    expect(read.ok).toBe(false);
    const messages = read.ok ? [] : read.problems.map((p) => `${p.line}: ${p.message}`);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+: \/model\/0\/step: must be >= 1/), expect.stringMatching(/^\d+: \/model\/0\/tools\/0\/arguments: must be object/)]));
  });

  it('lint names a played tool the agent lacks; renaming a tool rewrites its played calls', () => {
    const doc: AgentDocument = { ...lockersAgent(), tests: [{ ...testWith([{ step: 3, tools: [{ name: 'findLocker', arguments: {} }, { name: 'nope', arguments: {} }] }]) }] };
    const found = lint(doc).filter((f) => f.rule === 'test-tool-unknown');
    expect(found).toEqual([expect.objectContaining({ path: '/tests/0/model/0/tools/1/name', message: expect.stringContaining('names the tool nope') })]);
    const id = doc.tools.find((t) => t.name === 'findLocker')!.id;
    const renamed = renameTool(doc, id, 'lookUpLocker');
    expect(renamed.ok).toBe(true);
    expect(renamed.doc.tests?.[0].model?.[0].tools?.map((t) => t.name)).toEqual(['lookUpLocker', 'nope']);
  });
});
