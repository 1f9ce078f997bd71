// Views are run, not guessed; hooks and logs (issue 12, points 3 and 5). A class shaped like
// Pinecall's own (test/fixtures/pinecall/front-desk-view.tsx): its render() branches on a getter and
// on `this.call.channel`, which no per-stage section says, so the simulator renders it in the
// sandbox for the prompt; onCall recognises a returning caller; book logs the booking. Simulated
// with a scripted model and the real sandbox.
import { classWords } from './prompt-blocks';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPinecallTs } from '../format/export';
import { importPinecallTs } from '../format/import';
import type { AgentDocument } from '../../../model';
import { prepareSandboxEvaluate } from '../../../simulator/sandbox-evaluate';
import { sandboxToolRunner } from '../../../simulator/sandbox-runner';
import { newSession } from '../../../simulator/session';
import { sessionEvents } from '../../../simulator/simulation-events';
import { answer, say, scriptedModel, type Scripted, promptSent, openToolNames } from '../../../simulator/testing';
import type { CallFacts, Evaluate, Session, StepDeps } from '../../../simulator/types';
import { keptViewOf, renderedView } from '../../../simulator/view';
import { pinecallStep } from './step';

const source = readFileSync(new URL('../../../../test/fixtures/pinecall/front-desk-view.tsx', import.meta.url), 'utf8');
function frontDesk(text = source): AgentDocument {
  const imported = importPinecallTs(text);
  if (!imported.ok) throw new Error(imported.errors.map((e) => e.message).join('\n'));
  return imported.doc;
}
const PERSONA = 'You are Sofia, the front desk of Clínica Norte.';
const ANA = '+34600111222';

let evaluate: Evaluate;
beforeAll(async () => {
  evaluate = await prepareSandboxEvaluate();
});

function deps(doc: AgentDocument, script: Scripted[], call: CallFacts) {
  const model = scriptedModel(script);
  const d: StepDeps = { model, runner: sandboxToolRunner(doc), evaluate, revision: 1, now: () => 1000, call };
  return { model, deps: d };
}
const notes = (s: Session) => s.trace.flatMap((t) => (t.kind === 'note' ? [t.message] : []));
const changes = (s: Session) => s.changeLog.map((c) => [c.kind ?? 'write', c.field, c.next, c.author]);
const inStage = (doc: AgentDocument, name: string, state: Record<string, unknown>): Session => ({
  ...newSession(doc), stageId: doc.stages.find((s) => s.name === name)!.id, state, turn: 1,
});

describe('render() kept as code is rendered for the prompt', () => {
  it('branches on the getter: two states give two prompts', async () => {
    const doc = frontDesk();
    const stranger = deps(doc, [say('Hello, who is calling?')], { channel: 'phone' });
    await pinecallStep(doc, newSession(doc), 'Hi', stranger.deps);
    expect(classWords(promptSent(stranger.model.requests[0]))).toBe(`${PERSONA}\n\nAsk for the caller's name and phone.`);

    const known = deps(doc, [say('Hello Ana.')], { channel: 'phone' });
    await pinecallStep(doc, inStage(doc, 'identify', { patient: { name: 'Ana', phone: ANA }, returning: true, booked: '' }), 'Hi', known.deps);
    // `<p>` folds the source's line breaks and indentation to one space; the empty branch renders nothing.
    expect(classWords(promptSent(known.model.requests[0]))).toBe(`${PERSONA}\n\nYou are speaking with Ana, who has called before.`);
  });

  it('branches on this.call.channel: the same state on two channels gives two prompts', async () => {
    const doc = frontDesk();
    const state = { patient: { name: 'Ana', phone: ANA }, returning: false, booked: '' };
    const prompts: string[] = [];
    for (const channel of ['phone', 'web']) {
      const run = deps(doc, [say('Which slot?')], { channel });
      await pinecallStep(doc, inStage(doc, 'book', state), 'A slot, please', run.deps);
      prompts.push(classWords(promptSent(run.model.requests[0])));
    }
    expect(prompts).toEqual([
      `${PERSONA}\n\nYou are speaking with Ana.\n\nOffer at most two slots, one at a time.`,
      `${PERSONA}\n\nYou are speaking with Ana.\n\nList up to five slots, one per line.`,
    ]);
  });

  it('is re-rendered before each model call: a tool that identifies the caller and moves the stage changes the next prompt', async () => {
    const doc = frontDesk();
    const run = deps(doc, [answer('', ['identify', { name: 'Luis', phone: '600' }]), say('Which day, Luis?')], { channel: 'web' });
    const out = await pinecallStep(doc, newSession(doc), "I'm Luis, 600", run.deps);
    expect(run.model.requests.map((r) => classWords(promptSent(r)).split('\n\n').slice(1))).toEqual([
      ["Ask for the caller's name and phone."],
      ['You are speaking with Luis.', 'List up to five slots, one per line.'],
    ]);
    expect(out.stageId).toBe(doc.stages.find((s) => s.name === 'book')!.id);
  });

  it('a render that throws is a trace note, the prompt has the stage’s own instructions, and the step goes on', async () => {
    const broken = frontDesk(source.replace('{!this.identified && <p>', '{this.patient!.name.length > 0 && <p>'));
    const book = broken.stages.find((s) => s.name === 'identify')!;
    const doc = { ...broken, stages: broken.stages.map((s) => (s.id === book.id ? { ...s, instructions: 'Ask who is calling.' } : s)) };
    const run = deps(doc, [say('Hello?'), say('Still here.')], { channel: 'phone' });
    const first = await pinecallStep(doc, newSession(doc), 'Hi', run.deps);
    expect(first.failure).toBeUndefined();
    expect(first.transcript.at(-1)).toEqual({ kind: 'agent', text: 'Hello?' });
    expect(classWords(promptSent(run.model.requests[0]))).toBe(`${PERSONA}\n\nAsk who is calling.`);
    expect(notes(first)).toEqual([
      "render() failed (cannot read property 'name' of null): the prompt has the stage's own instructions",
    ]);
  });

  it('a render that loops is stopped at its deadline, said once a step', async () => {
    const looping = frontDesk(source.replace('render() {\n    return (', 'render() {\n    for (;;) {}\n    return ('));
    const run = deps(looping, [say('Hello?')], { channel: 'phone' });
    const out = await pinecallStep(looping, newSession(looping), 'Hi', { ...run.deps, budgetMs: 3000 });
    expect(out.failure).toBeUndefined();
    expect(classWords(promptSent(run.model.requests[0]))).toBe(PERSONA);
    expect(notes(out)).toEqual(["render() failed (render() took longer than 1000 ms): the prompt has the stage's own instructions"]);
  });

  it('a render() kept whole (more than one return) and a @render component give the prompt in place of the instructions', async () => {
    const whole = frontDesk(source.replace('render() {\n    return (', 'render() {\n    const _unused = this.booked;\n    return ('));
    expect(keptViewOf(whole)?.kind).toBe('method');
    const component = frontDesk(source
      .replace('export default class', 'const Prompt = (a: FrontDeskView) => <p>Hello from {a.stage}, {a.identified ? "known" : "new"} caller.</p>;\n\n/** You are Sofia, the front desk of Clínica Norte. */\n@render(Prompt)\nexport default class')
      .replace('/**\n * You are Sofia, the front desk of Clínica Norte.\n */\n', '')
      .replace('import { Agent, tool,', 'import { Agent, render, tool,')
      .replace(/\n {2}render\(\) \{[^]*?\n {2}\}\n/, '\n'));
    expect(keptViewOf(component)?.kind).toBe('component');
    const prompts: string[] = [];
    for (const doc of [whole, component]) {
      // Instructions typed on the stage are not what such a class sends.
      const typed = { ...doc, stages: doc.stages.map((st) => ({ ...st, instructions: 'Typed by hand.' })) };
      const run = deps(typed, [say('Hello?')], { channel: 'phone' });
      await pinecallStep(typed, newSession(typed), 'Hi', run.deps);
      prompts.push(classWords(promptSent(run.model.requests[0])));
    }
    expect(prompts).toEqual([`${PERSONA}\n\nAsk for the caller's name and phone.`, `${PERSONA}\n\nHello from identify, new caller.`]);
  });

  it('renderedView gives the inspector the text for a chosen state and stage, or why not', async () => {
    const doc = frontDesk();
    const ana = { patient: { name: 'Ana', phone: ANA }, returning: true, booked: '' };
    expect(await renderedView(doc, { ...ana, stage: 'book' }, { channel: 'phone' })).toEqual({
      text: 'You are speaking with Ana, who has called before.\n\nOffer at most two slots, one at a time.',
    });
    expect(await renderedView(doc, { ...ana, stage: 'identify' }, {})).toEqual({ text: 'You are speaking with Ana, who has called before.' });
    // A field the state leaves out is undefined on `this`, as on a class whose field has no initializer.
    expect(await renderedView(doc, { patient: { name: 'Ana' }, stage: 'book' }, { channel: 'phone' })).toEqual({ text: 'You are speaking with Ana.\n\nOffer at most two slots, one at a time.' });
    expect(await renderedView(frontDesk(source.replace('render() {', 'render() {\n    throw new Error("not today");')), ana)).toEqual({ text: '', error: 'not today', failure: 'thrown' });
  });
});

describe('onCall and this.log', () => {
  it('onCall runs when the call opens, before the first model call; its writes are authored hook:onCall', async () => {
    const doc = frontDesk();
    const run = deps(doc, [say('Hello Ana, welcome back.')], { channel: 'phone', from: ANA });
    const out = await pinecallStep(doc, newSession(doc), 'Hi', run.deps);
    expect(changes(out)).toEqual([
      ['write', 'patient', { name: 'Ana', phone: ANA }, 'hook:onCall'],
      ['write', 'returning', true, 'hook:onCall'],
    ]);
    expect(out.changeLog.map((c) => c.turn)).toEqual([1, 1]);
    // The first prompt already sees what onCall wrote, and `identify` (when !identified) is hidden.
    expect(classWords(promptSent(run.model.requests[0]))).toBe(`${PERSONA}\n\nYou are speaking with Ana, who has called before.`);
    expect(openToolNames(run.model.requests[0])).toEqual([]);
    // It runs once: the next step does not open the call again.
    const again = deps(doc, [say('Sure.')], { channel: 'phone', from: ANA });
    const next = await pinecallStep(doc, out, 'Thanks', again.deps);
    expect(next.changeLog).toHaveLength(2);
  });

  it('also before the model call that opens the call when the agent speaks first', async () => {
    const doc = frontDesk();
    const run = deps(doc, [say('Clínica Norte, hello Ana.')], { channel: 'phone', from: ANA });
    const out = await pinecallStep(doc, newSession(doc), null, run.deps);
    expect(out.changeLog.map((c) => c.author)).toEqual(['hook:onCall', 'hook:onCall']);
    expect(classWords(promptSent(run.model.requests[0]))).toContain('You are speaking with Ana');
  });

  it('an onCall that throws is a trace note and the call goes on', async () => {
    const doc = frontDesk(source.replace('const name = KNOWN_CALLERS[call.from ?? ""];', 'this.returning = true;\n    throw new Error("the agenda is down");'));
    const run = deps(doc, [say('Hello?')], { channel: 'phone', from: ANA });
    const out = await pinecallStep(doc, newSession(doc), 'Hi', run.deps);
    expect(out.failure).toBeUndefined();
    expect(out.transcript.at(-1)).toEqual({ kind: 'agent', text: 'Hello?' });
    // What it wrote before the throw happened all the same.
    expect(changes(out)).toEqual([['write', 'returning', true, 'hook:onCall']]);
    expect(notes(out)).toEqual([
      'onCall threw: the agenda is down. The simulated call goes on with what it wrote before; Pinecall would stop before sending the call its first prompt.',
    ]);
  });

  it("a tool's this.log is its own change-log entry, after the tool's writes, and an event the CLI prints", async () => {
    const doc = frontDesk();
    const start = inStage(doc, 'book', { patient: { name: 'Ana', phone: ANA }, returning: true, booked: '' });
    const run = deps(doc, [answer('', ['book', { when: 'Monday 9:00' }]), say('Booked for Monday at nine.')], { channel: 'phone' });
    const out = await pinecallStep(doc, start, 'Monday at nine', run.deps);
    expect(out.changeLog).toEqual([
      { seq: 1, turn: 2, field: 'booked', prev: '', next: 'Monday 9:00', author: 'book', at: 1000 },
      { seq: 2, turn: 2, field: '@log:appointment.booked', prev: undefined, next: { when: 'Monday 9:00', patient: 'Ana' }, author: 'book', at: 1000, kind: 'log' },
    ]);
    // A log is no state: the state holds the booking and nothing under the log's name.
    expect(Object.keys(out.state).sort()).toEqual(['booked', 'patient', 'returning']);
    const events = sessionEvents(start, out, doc).filter((e) => e.type === 'change' || e.type === 'log');
    expect(events).toEqual([
      { type: 'change', seq: 1, turn: 2, field: 'booked', prev: '', next: 'Monday 9:00', author: 'book' },
      { type: 'log', seq: 2, turn: 2, name: 'appointment.booked', data: { when: 'Monday 9:00', patient: 'Ana' }, author: 'book' },
    ]);
  });
});

describe('kept on export', () => {
  it('onCall, render() and the log call are written back; the re-imported class simulates the same', async () => {
    const doc = frontDesk();
    const exported = exportPinecallTs(doc).text;
    expect(exported).toContain('  override async onCall(call: Call): Promise<void> {\n    const name = KNOWN_CALLERS[call.from ?? ""];');
    expect(exported).toContain('    this.log("appointment.booked", { when, patient: this.patient?.name });');
    expect(exported).toContain('{this.returning ? ", who has called before" : ""}.');
    const again = frontDesk(exported);
    expect((again.preserved!.pinecall as { members: string[] }).members).toEqual((doc.preserved!.pinecall as { members: string[] }).members);
    // The same call on both: onCall's writes, the prompt render() gives, the tool's log.
    const script = (): Scripted[] => [answer('', ['book', { when: 'Monday 9:00' }]), say('Booked.')];
    const runs = await Promise.all([doc, again].map(async (d) => {
      const run = deps(d, script(), { channel: 'web', from: ANA });
      const out = await pinecallStep(d, { ...newSession(d), stageId: d.stages.find((st) => st.name === 'book')!.id }, 'Monday at nine', run.deps);
      return { prompts: run.model.requests.map((r) => classWords(promptSent(r))), changes: changes(out) };
    }));
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[0].changes).toEqual([
      ['write', 'patient', { name: 'Ana', phone: ANA }, 'hook:onCall'],
      ['write', 'returning', true, 'hook:onCall'],
      ['write', 'booked', 'Monday 9:00', 'book'],
      ['log', '@log:appointment.booked', { when: 'Monday 9:00', patient: 'Ana' }, 'book'],
    ]);
    expect(runs[0].prompts[0]).toBe(`${PERSONA}\n\nYou are speaking with Ana, who has called before.\n\nList up to five slots, one per line.`);
  });
});
