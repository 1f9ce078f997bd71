// A class shaped like Pinecall's own (test/fixtures/pinecall/front-desk-helpers.tsx), imported and
// simulated turn by turn with a scripted model and the real sandbox: getters seen by `when` and the
// prompt, a private helper, a top-level helper, an imported helper with and without a mock, the
// knowledge base, and a conversation test that runs with the document's saved mock.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { importPinecallTs } from '../format/import';
import type { AgentDocument } from '../../../model';
import { helperNeeds } from '../../../simulator/class-code/needs';
import { runSuite } from '../../../simulator/conversation-tests/run';
import { prepareDerive, sandboxDerive } from '../../../simulator/derived';
import { prepareSandboxEvaluate } from '../../../simulator/sandbox-evaluate';
import { sandboxToolRunner } from '../../../simulator/sandbox-runner';
import { loadQuickJS } from '../../../simulator/sandbox/run-tool';
import { newSession } from '../../../simulator/session';
import { answer, say, scriptedModel, type Scripted, promptSent, openToolNames } from '../../../simulator/testing';
import type { Evaluate, Session, StepDeps } from '../../../simulator/types';
import { pinecallStep } from './step';

const source = readFileSync(new URL('../../../../test/fixtures/pinecall/front-desk-helpers.tsx', import.meta.url), 'utf8');
function frontDesk(): AgentDocument {
  const imported = importPinecallTs(source);
  if (!imported.ok) throw new Error(imported.errors.map((e) => e.message).join('\n'));
  return imported.doc;
}
const slot = { id: 'mon-9', when: '2026-05-11 09:00', professional: 'Dr. Vega' };
const withMocks = (doc: AgentDocument, helpers: Record<string, unknown>): AgentDocument => ({ ...doc, mocks: { helpers } });

let evaluate: Evaluate;
beforeAll(async () => {
  evaluate = await prepareSandboxEvaluate();
});

function deps(doc: AgentDocument, script: Scripted[]) {
  const model = scriptedModel(script);
  const d: StepDeps = { model, runner: sandboxToolRunner(doc), evaluate, revision: 1, now: () => 1000, call: { today: '2026-05-06' } };
  return { model, deps: d };
}
const toolNames = openToolNames;
const results = (s: Session) => s.transcript.filter((l) => l.kind === 'tool-result');
const changes = (s: Session) => s.changeLog.map((c) => [c.field, c.next, c.author]);

describe('a Pinecall class with getters and helpers, simulated', () => {
  it('the getter flips the when and fills the prompt; a tool reads it live after its own write', async () => {
    const doc = frontDesk();
    const { model, deps: d } = deps(doc, [answer('', ['identify', { name: 'Ana', phone: '600111222' }]), say('Which day suits you, Ana?')]);
    const out = await pinecallStep(doc, newSession(doc), "I'm Ana, 600111222", d);
    // Before: not identified, so identify is offered and freeSlots hidden; after the write, the other way round.
    expect(model.requests.map(toolNames)).toEqual([['identify', 'ask'], ['freeSlots', 'ask']]);
    expect(promptSent(model.requests[0])).toContain('Ask the caller for their name and phone.');
    expect(promptSent(model.requests[1])).toContain('Ask Ana for their name and phone.');
    // `this.identified` and `this.caller` inside identify already saw the patient it had just written.
    expect(results(out)[0]).toMatchObject({ name: 'identify', result: 'Hello Ana' });
    // Getters are derived: never written, never state; the session carries their values for the state panel.
    expect(changes(out)).toEqual([['patient', { name: 'Ana', phone: '600111222' }, 'identify']]);
    expect(Object.keys(out.state).sort()).toEqual(['booked', 'patient', 'slots']);
    expect(out.derived).toEqual({ identified: true, caller: 'Ana' });
    expect(out.trace.filter((t) => t.kind === 'note')).toEqual([]);
  });

  it('without a mock, the tool calling agendaFor fails with the named, structured need', async () => {
    const doc = frontDesk();
    const identified = { ...newSession(doc), state: { patient: { name: 'Ana', phone: '600' }, slots: [], booked: '' } };
    const { model, deps: d } = deps(doc, [answer('', ['freeSlots', { day: 'Monday' }]), say('One moment.')]);
    const out = await pinecallStep(doc, identified, 'Monday, please', d);
    const message = 'freeSlots needs agendaFor (imported from "./agenda"), which cannot run in the simulator; give it a mock answer';
    expect(results(out)[0]).toMatchObject({ name: 'freeSlots', error: message, modelReads: message });
    expect(out.trace.find((t) => t.kind === 'tool-run')).toMatchObject({
      tool: 'freeSlots', error: message, failure: 'needs-mock', needs: [{ helper: 'agendaFor', kind: 'import', from: './agenda' }], writes: {},
    });
    expect(model.requests[1].messages).toContainEqual(expect.objectContaining({ role: 'tool', name: 'freeSlots', content: message }));
    expect(out.changeLog).toEqual([]);
    expect(out.stageId).toBe(doc.entryStageId);
  });

  it('with a mock, the booking runs through the helper method, the top-level dayNamed and the mock', async () => {
    const doc = withMocks(frontDesk(), { agendaFor: [slot] });
    const book = doc.stages.find((s) => s.name === 'book')!;
    const { model, deps: d } = deps(doc, [
      answer('', ['identify', { name: 'Ana', phone: '600' }]),
      answer('', ['freeSlots', { day: 'someday' }]),
      answer('', ['freeSlots', { day: 'Monday' }]),
      answer('', ['book', { slot: 'mon-9' }]),
      say('You are booked for Monday at nine, Ana.'),
    ]);
    const out = await pinecallStep(doc, newSession(doc), 'Ana, 600; Monday please', d);
    // dayNamed (top level) gives "" for a word that is no weekday, and the private agenda() throws its own sentence.
    expect(results(out).map((r) => [r.name, r.error ?? r.result])).toEqual([
      ['identify', 'Hello Ana'],
      ['freeSlots', 'Ask for a weekday: that day could not be read.'],
      ['freeSlots', [slot]],
      ['book', slot],
    ]);
    expect(changes(out)).toEqual([
      ['patient', { name: 'Ana', phone: '600' }, 'identify'],
      ['slots', [slot], 'freeSlots'],
      ['stage', 'book', 'freeSlots'],
      ['booked', '2026-05-11 09:00', 'book'],
    ]);
    expect(out.stageId).toBe(book.id);
    // The book stage's instructions, filled from the getter; book is offered there.
    expect(promptSent(model.requests[3])).toContain('Offer Ana two slots at a time.');
    expect(model.requests.map(toolNames)[3]).toEqual(['freeSlots', 'book', 'ask']);
  });

  it('this.knowledge.search takes a mock answer too', async () => {
    const doc = frontDesk();
    const script = () => [answer('', ['ask', { question: 'Is there parking?' }]), say('Yes.')];
    const without = await pinecallStep(doc, newSession(doc), 'Is there parking?', deps(doc, script()).deps);
    expect(results(without)[0].error).toBe('ask needs this.knowledge.search (the knowledge base the world attaches), which cannot run in the simulator; give it a mock answer');
    const mocked = withMocks(doc, { 'knowledge.search': [{ text: 'Free parking behind the clinic.' }] });
    const withMock = await pinecallStep(mocked, newSession(mocked), 'Is there parking?', deps(mocked, script()).deps);
    expect(results(withMock)[0]).toMatchObject({ result: 'Free parking behind the clinic.' });
  });

  it('the static scan names what each tool needs before any run, and whether it has a mock', () => {
    const doc = frontDesk();
    expect(helperNeeds(doc)).toEqual([
      { tool: 'identify', needs: [] },
      { tool: 'freeSlots', needs: [{ helper: 'agendaFor', kind: 'import', from: './agenda', via: ['this.agenda'], mocked: false }] },
      { tool: 'book', needs: [] },
      { tool: 'ask', needs: [{ helper: 'knowledge.search', kind: 'world', from: 'the knowledge base the world attaches', via: [], mocked: false }] },
    ]);
    expect(helperNeeds(withMocks(doc, { agendaFor: [] }))[1].needs[0].mocked).toBe(true);
  });

  it('a getter that runs past its deadline is a trace note, not a crash; the step goes on', async () => {
    const doc = frontDesk();
    const pinecall = doc.preserved!.pinecall as { members: string[] };
    const looping = { ...doc, preserved: { pinecall: { ...pinecall, members: pinecall.members.map((m) => m.replace('return this.patient !== null;', 'for (;;) {}')) } } };
    const { model, deps: d } = deps(looping, [say('Hello, who is calling?')]);
    // The step holds the getters to a predicate's deadline (1 s), within its budget.
    const out = await pinecallStep(looping, newSession(looping), 'Hello', { ...d, derive: sandboxDerive(await loadQuickJS()) });
    expect(out.failure).toBeUndefined();
    expect(out.transcript.at(-1)).toEqual({ kind: 'agent', text: 'Hello, who is calling?' });
    expect(out.trace.filter((t) => t.kind === 'note').map((t) => (t.kind === 'note' ? t.message : ''))).toContain(
      'the getters were not computed (the getters took longer than 1000 ms): when, conditions and the prompt see the state alone',
    );
    // Without the getters, `{{ caller }}` is empty and `!s.identified` holds.
    expect(promptSent(model.requests[0])).toContain('Ask  for their name and phone.');
    expect(toolNames(model.requests[0])).toEqual(['identify', 'ask']);
  });

  it('a getter that calls an import without a mock is named in the trace, and the run goes on', async () => {
    const doc = frontDesk();
    const pinecall = doc.preserved!.pinecall as { members: string[] };
    const needy = { ...doc, preserved: { pinecall: { ...pinecall, members: pinecall.members.map((m) => m.replace('return this.patient !== null;', 'return agendaFor("today").length > 0;')) } } };
    const out = await pinecallStep(needy, newSession(needy), 'Hello', deps(needy, [say('Hello!')]).deps);
    expect(out.trace).toContainEqual(expect.objectContaining({
      kind: 'note', message: 'the getter identified needs agendaFor (imported from "./agenda"), which cannot run in the simulator; give it a mock answer',
    }));
    expect(out.derived).toEqual({ caller: 'the caller' });
  });

  it('a conversation test runs with the mock saved on the document', async () => {
    const test = {
      name: 'books-monday',
      input: ['Ana, 600. Monday, please.'],
      call: { today: '2026-05-06' },
      expect: { tools: ['identify', 'freeSlots', 'book'], stage: 'book', state: { booked: '2026-05-11 09:00' } },
    };
    const script = (): Scripted[] => [
      answer('', ['identify', { name: 'Ana', phone: '600' }]),
      answer('', ['freeSlots', { day: 'Monday' }]),
      answer('', ['book', { slot: 'mon-9' }]),
      say('Booked, Ana.'),
    ];
    const derive = await prepareDerive();
    const suite = (doc: AgentDocument) => runSuite(doc, [test], () => ({ model: scriptedModel(script()), runner: sandboxToolRunner(doc), evaluate, derive, revision: 0, now: () => 0 }), { runs: 1 });
    const saved = withMocks(frontDesk(), { agendaFor: [slot] });
    const [passing] = await suite(saved);
    expect(passing.runs[0].expectations.filter((e) => !e.passed)).toEqual([]);
    expect(passing.passes).toBe(1);
    // The same test on the document without the mock: freeSlots fails for want of it, the stage
    // stays, book is never offered (the model's call of it is refused), nothing is booked.
    const [failing] = await suite(frontDesk());
    expect(failing.passes).toBe(0);
    const run = failing.runs[0];
    expect(run.expectations.filter((e) => !e.passed).map((e) => [e.rule, e.expected])).toEqual([['tools', 'book'], ['stage', 'book'], ['state', { booked: '2026-05-11 09:00' }]]);
    expect(run.session.trace).toContainEqual(expect.objectContaining({ kind: 'tool-run', tool: 'freeSlots', failure: 'needs-mock' }));
  });
});
