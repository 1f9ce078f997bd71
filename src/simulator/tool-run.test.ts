// Both engines run a tool through StepBase.runTool: a runner that throws is the tool throwing,
// its message the error result, and the step goes on.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { newSession } from './session';
import { runStep } from './simulation';
import { answer, sampleAgent, say, scriptedModel } from './testing';
import type { Session, StepDeps, ToolRunner } from './types';

const throwing: ToolRunner = { run: async () => { throw new Error('the sandbox went away'); } };
const FREE_SLOTS = answer('', ['free_slots', { day: 'Monday', visit: 'cleaning' }]);

async function step(doc: AgentDocument, script: Parameters<typeof scriptedModel>[0]): Promise<Session> {
  const deps: StepDeps = { model: scriptedModel(script), runner: throwing, revision: 1, now: () => 5 };
  return runStep(doc, { ...newSession(doc), stageId: 's_choose' }, { kind: 'say', text: 'Monday' }, deps);
}

const toolRuns = (s: Session) => s.trace.filter((t) => t.kind === 'tool-run').map((t) => t.kind === 'tool-run' && { tool: t.tool, error: t.error, writes: t.writes });

describe('a runner that throws', () => {
  it('Pinecall: the thrown message is the tool result the model reads, nothing is written', async () => {
    const out = await step(sampleAgent(), [FREE_SLOTS, say('Sorry, I cannot look that up.')]);
    expect(toolRuns(out)).toEqual([{ tool: 'free_slots', error: 'the sandbox went away', writes: {} }]);
    expect(out.transcript.find((l) => l.kind === 'tool-result')).toMatchObject({ error: 'the sandbox went away', modelReads: 'the sandbox went away' });
    expect(out.changeLog).toEqual([]);
    expect(out.failure).toBeUndefined();
  });

  it('Block Agent: the same error on the run, and the step goes on', async () => {
    const doc: AgentDocument = { ...sampleAgent(), target: 'block-agent' };
    const out = await step(doc, [say('Let me look.'), FREE_SLOTS]);
    expect(toolRuns(out)).toEqual([{ tool: 'free_slots', error: 'the sandbox went away', writes: {} }]);
    expect(out.failure).toBeUndefined();
  });
});
