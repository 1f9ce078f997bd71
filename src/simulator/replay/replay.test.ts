// Replay after an edit: the same inputs from step N on the current document, compared step by step
// with the original run. Each kind of difference, and none on an unchanged document.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../model';
import { mockToolRunner, scriptedToolRunner } from '../mock-runner';
import { runStep, startSession } from '../simulation';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from '../testing';
import type { SimInput, StepDeps, ToolRunner } from '../types';
import { describeDiff, diffRuns } from './diff';
import { replayFrom, type RunStep } from './replay';

const doc = sampleAgent();
const deps = (script: Scripted[], runner: ToolRunner = mockToolRunner): StepDeps => ({ model: scriptedModel(script), runner, revision: 1, now: () => 0 });

/** A run as the app records it: one step per input, each with the session before and after. */
async function record(d: AgentDocument, inputs: SimInput[], stepDeps: StepDeps): Promise<RunStep[]> {
  const steps: RunStep[] = [];
  let session = startSession(d);
  for (const input of inputs) {
    const after = await runStep(d, session, input, stepDeps);
    steps.push({ input, before: session, after, revision: 1 });
    session = after;
  }
  return steps;
}

const INPUTS: SimInput[] = [{ kind: 'open' }, { kind: 'say', text: 'I need a cleaning' }, { kind: 'say', text: 'Ana Ruiz' }];
const intent = (utterance = 'a cleaning') => answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: utterance }]);
/** The model's answers for INPUTS: greet, recognise the intent and ask for the name, take the name. */
const ORIGINAL: Scripted[] = [say('Clínica Norte, hello.'), intent(), say('Your full name, please?'), answer('', ['collect_identity', { caller_name: 'Ana Ruiz', phone: '600111222' }]), say('And your phone?')];

const original = () => record(doc, INPUTS, deps(ORIGINAL));

describe('replayFrom', () => {
  it('re-runs the inputs from the step on, starting from its `before` session, and leaves the run alone', async () => {
    const steps = await original();
    const frozen = structuredClone(steps);
    const model = scriptedModel(ORIGINAL.slice(1));
    const replayed = await replayFrom(doc, steps, 1, { model, runner: mockToolRunner, revision: 2, now: () => 0 });
    expect(replayed.map((s) => s.input)).toEqual(INPUTS.slice(1));
    expect(replayed[0].before).toEqual(steps[1].before);
    expect(replayed.every((s) => s.revision === 2)).toBe(true);
    // The agent's opening from step 1 is in the history the replay's first call reads (after the runtime's date pair).
    expect(model.requests[0].messages[2]).toEqual({ role: 'assistant', content: 'Clínica Norte, hello.' });
    expect(steps).toEqual(frozen);
  });

  it('runs on the document as it is now: an edited docstring is what the model reads', async () => {
    const steps = await original();
    const edited: AgentDocument = { ...doc, tools: doc.tools.map((t) => (t.name === 'is_schedule_appointment' ? { ...t, description: 'Only for NEW patients.' } : t)) };
    const model = scriptedModel(ORIGINAL.slice(1));
    await replayFrom(edited, steps, 1, { model, runner: mockToolRunner, revision: 2, now: () => 0 });
    expect(model.requests[0].tools.find((t) => t.name === 'is_schedule_appointment')?.description).toBe('Only for NEW patients.');
  });

  it('stops where the call ends or a model call fails, as the original would have', async () => {
    const steps = await original();
    const failed = await replayFrom(doc, steps, 1, deps([new Error('the upstream model crashed')]));
    expect(failed).toHaveLength(1);
    expect(failed[0].after.failure?.message).toContain('the upstream model crashed');
    // Block Agent ends the call on entering a stage with no edges: edited so the intent leads to goodbye.
    const blockAgent: AgentDocument = { ...doc, target: 'block-agent' };
    const baSteps = await record(blockAgent, INPUTS, deps([say('Hello.'), say('Sure.'), intent(), say('And your phone?'), answer('')]));
    expect(baSteps.map((s) => s.after.stageId)).toEqual(['s_greet', 's_identity', 's_identity']);
    const shortcut: AgentDocument = { ...blockAgent, edges: blockAgent.edges.map((e) => (e.id === 'e_greet_identify' ? { ...e, to: 's_goodbye' } : e)) };
    const ended = await replayFrom(shortcut, baSteps, 1, deps([say('Sure.'), intent(), say('Goodbye.')]));
    expect(ended).toHaveLength(1); // the call ended: the next caller line has no one to hear it
    expect(ended[0].after.ended).toBe(true);
  });

  it('refuses a step that is not in the run, saying which ones are', async () => {
    const steps = await original();
    await expect(replayFrom(doc, steps, 3, deps([]))).rejects.toThrow('pick one of 0…2');
  });
});

describe('diffRuns and describeDiff', () => {
  const replayWith = async (script: Scripted[], runner?: ToolRunner, d: AgentDocument = doc) => {
    const steps = await original();
    const replayed = await replayFrom(d, steps, 1, deps(script, runner));
    return diffRuns(steps.slice(1), replayed, d);
  };

  it('finds no difference on an unchanged document with the same answers', async () => {
    const diffs = await replayWith(ORIGINAL.slice(1));
    expect(diffs.map((d) => [d.step, d.mark])).toEqual([[2, 'same'], [3, 'same']]);
    expect(describeDiff(diffs)).toEqual({ count: 0, text: 'No differences: the replay did what the original run did.' });
  });

  it('marks the tools called and their arguments; key order alone is no difference', async () => {
    const reordered = answer('', ['is_schedule_appointment', { intent_utterance: 'a cleaning', schedule_appointment: true }]);
    expect((await replayWith([reordered, ...ORIGINAL.slice(2)]))[0].aspects.tools).toBe('same');
    const diffs = await replayWith([intent('teeth cleaning'), ...ORIGINAL.slice(2)]);
    expect(diffs[0]).toMatchObject({ step: 2, mark: 'changed', aspects: { tools: 'changed', stages: 'same', state: 'same', said: 'same' } });
    expect(diffs[0].new?.tools).toEqual([{ name: 'is_schedule_appointment', args: { schedule_appointment: true, intent_utterance: 'teeth cleaning' } }]);
    expect(describeDiff(diffs).text).toBe('1 difference: tools called at step 2');
  });

  it('marks the stage path when the replay stays where the original moved on', async () => {
    const diffs = await replayWith([answer('', ['caller_intent_not_yet_detected', {}]), say('Your full name, please?'), say('Thanks, Ana. And why are you calling?')]);
    expect(diffs[0].old?.stages).toEqual(['greet', 'identify']);
    expect(diffs[0].new?.stages).toEqual(['greet']);
    expect(diffs[0].aspects).toMatchObject({ tools: 'changed', stages: 'changed', said: 'same' });
    expect(diffs[1].aspects).toMatchObject({ stages: 'changed', said: 'changed', tools: 'changed' });
  });

  it('marks the state fields a tool left differently', async () => {
    const writes = (name: string) => scriptedToolRunner({ collect_identity: { result: 'ok', writes: { caller_name: name } } });
    const steps = await record(doc, INPUTS, deps(ORIGINAL, writes('Ana Ruiz')));
    const replayed = await replayFrom(doc, steps, 1, deps(ORIGINAL.slice(1), writes('Ana Ruíz')));
    const diffs = diffRuns(steps.slice(1), replayed, doc);
    expect(diffs[1]).toMatchObject({ step: 3, aspects: { state: 'changed', tools: 'same', said: 'same', stages: 'same' }, stateFields: ['caller_name'] });
    expect(describeDiff(diffs).text).toBe('1 difference: state at step 3');
  });

  it('marks the lines said, and counts each changed aspect of each step once', async () => {
    const diffs = await replayWith([intent('teeth cleaning'), say('Sure! Who am I speaking with?'), ...ORIGINAL.slice(3)]);
    expect(diffs[0].aspects).toMatchObject({ tools: 'changed', said: 'changed' });
    expect(diffs[0].new?.said).toEqual(['Sure! Who am I speaking with?']);
    expect(describeDiff(diffs)).toEqual({ count: 2, text: '2 differences: tools called at step 2, lines said at step 2' });
  });

  it('marks the steps the replay never reached, and steps only the replay has', async () => {
    const diffs = await replayWith([new Error('the upstream model crashed')]);
    expect(diffs.map((d) => d.mark)).toEqual(['changed', 'removed']);
    expect(diffs[0].new?.failure).toContain('the upstream model crashed');
    expect(describeDiff(diffs).text).toContain('step 3 not reached in the replay');
    const steps = await original();
    const onlyNew = diffRuns([], steps.slice(2), doc);
    expect(onlyNew).toMatchObject([{ step: 3, mark: 'added', aspects: { tools: 'added', stages: 'added', state: 'added', said: 'added' } }]);
    expect(describeDiff(onlyNew)).toEqual({ count: 1, text: '1 difference: step 3 only in the replay' });
  });
});
