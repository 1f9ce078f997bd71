// A Ruby class whose view the importer keeps whole (ERB beyond one section per stage): the
// simulated prompt has that view rendered for the state, as the pinecall gem renders it. The truth
// is the tuned part of the hand-written Ruby corpus (test/fixtures/pinecall/ruby-corpus/tuned/*/
// expected.json `view_by_stage`: View#render in each stage at the opening state, checked by running
// the gem's source under Ruby 3.1); the held-out part is never read here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { keptViewOf } from '../../../simulator/class-code/kept-view';
import { stateWithStage } from '../../../simulator/derived';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { say, scriptedModel, promptSent } from '../../../simulator/testing';
import type { RenderView } from '../../../simulator/types';
import { prepareRenderView } from '../../../simulator/view';
import { readRubyClass } from '../format/read-file';
import { folderSource } from '../format/ruby/testing';
import { pinecallStep } from './step';

const TUNED = fileURLToPath(new URL('../../../../test/fixtures/pinecall/ruby-corpus/tuned', import.meta.url));

interface Truth { state: { name: string; default: unknown; derived?: boolean }[]; view_by_stage?: Record<string, string> | null }
const truthOf = (name: string) => JSON.parse(readFileSync(`${TUNED}/${name}/expected.json`, 'utf8')) as Truth;

async function load(name: string): Promise<AgentDocument> {
  const read = await readRubyClass(readFileSync(`${TUNED}/${name}/agent.rb`, 'utf8'), { folder: folderSource(`${TUNED}/${name}`, 'agent.rb') });
  if (read.kind !== 'agent') throw new Error(JSON.stringify(read));
  return read.doc;
}

let render: RenderView;
beforeAll(async () => {
  render = await prepareRenderView();
});

function ours(doc: AgentDocument, stage: string) {
  const out = render(doc, stateWithStage(doc, newSession(doc).state, stage), {});
  if (out.failure === 'needs-mock') return { needs: out.needs!.map((n) => n.helper) };
  return out.error ? { error: out.error } : out.text;
}

const withViews = readdirSync(TUNED).filter((name) => existsSync(`${TUNED}/${name}/expected.json`) && truthOf(name).view_by_stage).sort();

describe('the tuned corpus: each kept ERB view renders as the gem rendered it, in every stage', () => {
  it('every class with a view keeps it whole (none is one section per stage)', async () => {
    expect(withViews).toEqual(['car-service', 'dental-booking', 'gym-membership', 'insurance-claim', 'it-helpdesk', 'parcel-redelivery', 'restaurant-table']);
    for (const name of withViews) expect(keptViewOf(await load(name))?.kind).toBe('erb');
  });

  it.each(withViews)('%s, with no mock answers: the gem\'s view, or the derived field it needs named', async (name) => {
    const truth = truthOf(name);
    const doc = await load(name);
    const derived = truth.state.filter((f) => f.derived).map((f) => f.name);
    for (const [stage, text] of Object.entries(truth.view_by_stage!)) {
      const got = ours(doc, stage);
      if (typeof got === 'object' && 'needs' in got) expect(derived).toEqual(expect.arrayContaining(got.needs ?? []));
      else expect({ stage, view: got }).toEqual({ stage, view: text });
    }
  });

  it.each(withViews)('%s, with each derived field\'s value as its mock answer: the gem\'s view in every stage', async (name) => {
    const truth = truthOf(name);
    const helpers = Object.fromEntries(truth.state.filter((f) => f.derived).map((f) => [f.name, f.default]));
    const doc = { ...(await load(name)), mocks: { helpers } };
    for (const [stage, text] of Object.entries(truth.view_by_stage!)) expect({ stage, view: ours(doc, stage) }).toEqual({ stage, view: text });
  });

  it('agrees in 24 of 24 stages with the mocks, 22 of 24 without (the other 2 name the derived field)', async () => {
    let plain = 0;
    let mocked = 0;
    let total = 0;
    for (const name of withViews) {
      const truth = truthOf(name);
      const doc = await load(name);
      const helpers = Object.fromEntries(truth.state.filter((f) => f.derived).map((f) => [f.name, f.default]));
      for (const [stage, text] of Object.entries(truth.view_by_stage!)) {
        total++;
        if (ours(doc, stage) === text) plain++;
        if (ours({ ...doc, mocks: { helpers } }, stage) === text) mocked++;
      }
    }
    expect({ plain, mocked, total }).toEqual({ plain: 22, mocked: 24, total: 24 });
  });
});

describe('the step sends the rendered ERB view as the prompt\'s view', () => {
  it('dental-booking in confirm with two free slots: the view lists them, as the class\'s ERB says', async () => {
    const doc = await load('dental-booking');
    const session = newSession(doc);
    session.stageId = doc.stages.find((s) => s.name === 'confirm')!.id;
    session.state = { ...session.state, treatment: 'check-up', slots: [{ id: 'a1', when: 'Monday 9:00', dentist: 'Dr Shah' }, { id: 'b2', when: 'Tuesday 14:30', dentist: 'Dr Okafor' }] };
    const model = scriptedModel([say('Which suits you?')]);
    await pinecallStep(doc, session, 'Any time next week', { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(promptSent(model.requests[0]).endsWith([
      'Free times for a check-up:',
      '- a1: Monday 9:00 with Dr Shah',
      '- b2: Tuesday 14:30 with Dr Okafor',
      '',
      'Offer at most two of these. Pass the id on the left to hold_slot and book, never the time in words.',
    ].join('\n'))).toBe(true);
  });

  it('a derived field with no mock answer: the trace names it, and the prompt sends no view rather than a guessed one', async () => {
    const doc = await load('it-helpdesk');
    const session = newSession(doc);
    session.stageId = doc.stages.find((s) => s.name === 'closed')!.id;
    const model = scriptedModel([say('Anything else?')]);
    const out = await pinecallStep(doc, session, 'Thanks', { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(promptSent(model.requests[0])).not.toContain('All sorted');
    expect(out.trace.filter((t) => t.kind === 'note').map((t) => t.message)).toContain(
      "the ERB view needs escalated (a derived field of the class (state(:x) { … }), in Ruby), which the simulator cannot compute; give it a mock answer; until then the prompt has the stage's own instructions");
  });
});
