// mcp tools: in Block Agent mode each allowed tool is a simulated stub returning a mock result;
// in Pinecall mode an mcp tool is a declared loss, skipped with the trace line lossesFor gives.
import { describe, expect, it } from 'vitest';
import { type AgentDocument } from '../../../model';
import { lossesFor } from '../../../formats/losses';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { runStep } from '../../../simulator/simulation';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from '../../../simulator/testing';
import type { Session, StepDeps } from '../../../simulator/types';

const blockAgent = (): AgentDocument => ({ ...sampleAgent(), target: 'block-agent' });
const at = (doc: AgentDocument, stageId: string): Session => ({ ...newSession(doc), stageId });
const deps = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: mockToolRunner, revision: 1, now: () => 1, losses: lossesFor, ...more } satisfies StepDeps };
};
const lookup = (args: Record<string, unknown>) => answer('', ['lookup_patient', args]);
const runOf = (s: Session) => s.trace.find((t) => t.kind === 'tool-run');

describe('mcp stubs in Block Agent mode', () => {
  it('offers each allowed tool as a function named by it, described as simulated, with open parameters', async () => {
    const { model, deps: d } = deps([say('ok'), lookup({})]);
    await runStep(blockAgent(), at(blockAgent(), 's_identity'), { kind: 'say', text: 'Jane' }, d);
    expect(model.requests[1].tools.find((t) => t.name === 'lookup_patient')).toEqual({
      name: 'lookup_patient',
      description: 'ehr (mcp, simulated): lookup_patient',
      parameters: { type: 'object', additionalProperties: true },
    });
  });

  it("returns the user's mock, keyed <tool id>/<stub>, traced like any tool run", async () => {
    const { deps: d } = deps([say('ok'), lookup({ name: 'Jane' })], { mcpMocks: { 't_ehr/lookup_patient': { found: false } } });
    const out = await runStep(blockAgent(), at(blockAgent(), 's_identity'), { kind: 'say', text: 'Jane' }, d);
    expect(runOf(out)).toMatchObject({ kind: 'tool-run', tool: 'lookup_patient', args: { name: 'Jane' }, result: { found: false }, writes: {}, logs: [] });
    expect(out.changeLog).toEqual([]); // a server's arguments are not captured
  });

  it("falls back to the document's own mock, then to the arguments", async () => {
    const doc = blockAgent();
    const own = await runStep(doc, at(doc, 's_identity'), { kind: 'say', text: 'Jane' }, deps([say('ok'), lookup({ name: 'Jane' })]).deps);
    expect(runOf(own)).toMatchObject({ result: { found: true, patient_id: 'P-1042' } });
    delete doc.tools.find((t) => t.id === 't_ehr')!.mcp!.mocks;
    const bare = await runStep(doc, at(doc, 's_identity'), { kind: 'say', text: 'Jane' }, deps([say('ok'), lookup({ name: 'Jane' })]).deps);
    expect(runOf(bare)).toMatchObject({ result: { name: 'Jane' } });
  });

  it('counts as its mcp tool firing for a tool condition', async () => {
    const doc = blockAgent();
    doc.edges.unshift({ id: 'e_found', from: 's_identity', to: 's_choose', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_ehr', expected: '*' }] });
    const out = await runStep(doc, at(doc, 's_identity'), { kind: 'say', text: 'Jane' }, deps([say('ok'), lookup({})]).deps);
    expect(out.stageId).toBe('s_choose');
  });

  it('arguments that are not an object are refused and nothing runs', async () => {
    const out = await runStep(blockAgent(), at(blockAgent(), 's_identity'), { kind: 'say', text: 'Jane' }, deps([say('ok'), lookup('[1]' as never)]).deps);
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'check-failed', tool: 'lookup_patient', message: 'lookup_patient: the arguments must be one JSON object: nothing captured' }));
    expect(runOf(out)).toBeUndefined();
  });
});

describe('mcp in Pinecall mode', () => {
  it('is not offered, and is skipped with the trace line lossesFor gives', async () => {
    const doc = sampleAgent();
    const { model, deps: d } = deps([say('May I have your name?')]);
    const out = await runStep(doc, at(doc, 's_identity'), { kind: 'say', text: 'hi' }, d);
    // Neither sent (Pinecall sends every declared function tool) nor open.
    expect(model.requests[0].tools.map((t) => t.name)).not.toContain('ehr');
    expect(model.requests[0].openTools).toEqual(['collect_identity']);
    const loss = lossesFor(doc, 'pinecall').find((l) => l.feature === 'mcp tool')!;
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'skipped', feature: 'mcp tool', path: loss.path, message: loss.message }));
  });
});
