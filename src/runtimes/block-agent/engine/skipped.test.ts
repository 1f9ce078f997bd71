// What Block Agent cannot run is skipped with the trace line lossesFor gives (one list with the
// export's warnings), and a block's tools are offered in each of its turns, as the export writes them.
import { describe, expect, it } from 'vitest';
import { type AgentDocument } from '../../../model';
import { lossesFor } from '../../../formats/losses';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { answer, sampleAgent, say, scriptedModel } from '../../../simulator/testing';
import type { Session, StepDeps, TraceEntry } from '../../../simulator/types';
import { blockAgentStep } from './step';

const doc: AgentDocument = { ...sampleAgent(), target: 'block-agent' };
const at = (stageId: string): Session => ({ ...newSession(doc), stageId });
const skipped = (trace: TraceEntry[]) => trace.flatMap((t) => (t.kind === 'skipped' ? [[t.feature, t.path, t.message]] : []));

async function step(stageId: string, line: string) {
  const model = scriptedModel([say('One moment.'), answer('', ['caller_intent_not_yet_detected', {}]), say('no')]);
  const deps: StepDeps = { model, runner: mockToolRunner, revision: 1, now: () => 1, losses: lossesFor };
  return { out: await blockAgentStep(doc, at(stageId), line, deps), model };
}

describe('Block Agent skips what its runtime cannot run', () => {
  it("traces the booking block's Pinecall options (announce, preview, when, confirm) with lossesFor's own messages", async () => {
    const { out } = await step('s_choose', 'Tuesday please');
    const expected = lossesFor(doc, 'block-agent')
      .filter((l) => ['t_slots', 't_book'].includes(l.entity.id ?? '') && ['announce', 'preview', 'when', 'confirm'].includes(l.feature))
      .map((l) => [l.feature, l.path, l.message]);
    expect(expected.map(([f]) => f)).toEqual(['announce', 'preview', 'when', 'confirm']);
    expect(skipped(out.trace)).toEqual(expected);
  });

  it('names nothing in a stage whose tools use none of them', async () => {
    const { out } = await step('s_greet', 'hello');
    expect(skipped(out.trace)).toEqual([]);
  });

  it('offers a tool scoped to one stage in every stage of its block, and says its stage scope is lost', async () => {
    const { out, model } = await step('s_identity', 'Dana, +15550123456');
    expect(model.requests[1].tools.map((t) => t.name)).toContain('check_record');
    expect(skipped(out.trace).map(([feature, path]) => [feature, path])).toContainEqual(['stage-level tool scope', `/tools/${doc.tools.findIndex((t) => t.id === 't_check')}/scope`]);
  });
});
