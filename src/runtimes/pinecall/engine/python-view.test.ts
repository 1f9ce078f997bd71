// A Python class whose view the importer keeps whole (Jinja beyond one section per stage): the
// simulated prompt has that view rendered for the state, as the SDK renders it. The truth is the
// tuned part of the hand-written corpus (test/fixtures/pinecall/python-corpus/tuned/*/expected.json:
// the view `blocks.render` gave at the opening state and in each stage); the held-out part is
// never read here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { stateWithStage } from '../../../simulator/derived';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { say, scriptedModel, promptSent } from '../../../simulator/testing';
import type { RenderView } from '../../../simulator/types';
import { prepareRenderView } from '../../../simulator/view';
import { sourceFilesOf } from '../format/source-files';
import { importPinecallPython } from '../format/python/import';
import { folderFiles } from '../format/python/testing';
import { pinecallStep } from './step';

const TUNED = fileURLToPath(new URL('../../../../test/fixtures/pinecall/python-corpus/tuned', import.meta.url));

interface Truth { refused?: string; derived: Record<string, unknown>; opening: { view: string | { error: string } }; in_stage: Record<string, { view: string | { error: string } }> | null }

function load(name: string): AgentDocument {
  const files = folderFiles(`${TUNED}/${name}`);
  const read = importPinecallPython(files['agent.py'], { folder: { agent: 'agent.py', files: sourceFilesOf(files) } });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
}

let render: RenderView;
beforeAll(async () => {
  render = await prepareRenderView();
});

/** What Callboard renders where the SDK rendered `view`: the text, the SDK's error as it words it, or the property it needs. */
function ours(doc: AgentDocument, stage: string | null) {
  const session = newSession(doc);
  const at = stage ?? doc.stages.find((s) => s.id === session.stageId)?.name ?? null;
  const out = render(doc, stateWithStage(doc, session.state, at), {});
  if (out.failure === 'needs-mock') return { needs: out.needs!.map((n) => n.helper) };
  if (out.error) return { error: /raises (\w+: .*), as the SDK's render does/.exec(out.error)?.[1] ?? out.error };
  return out.text;
}

const kept = readdirSync(TUNED).filter((name) => existsSync(`${TUNED}/${name}/expected.json`)).filter((name) => {
  const truth = JSON.parse(readFileSync(`${TUNED}/${name}/expected.json`, 'utf8')) as Truth;
  return !truth.refused && (load(name).preserved?.pinecallPython as { view?: string } | undefined)?.view !== undefined;
});

describe('the tuned corpus: each kept view renders as the SDK rendered it, at the opening and in every stage', () => {
  it('holds the classes that keep their view', () => {
    expect(kept).toEqual(['card-freeze', 'dental-booking', 'gym-membership-cancel', 'outage-report', 'pizza-order']);
  });

  it.each(kept)('%s, with no mock answers: the SDK\'s view, or the property it needs named', (name) => {
    const truth = JSON.parse(readFileSync(`${TUNED}/${name}/expected.json`, 'utf8')) as Truth;
    const doc = load(name);
    for (const [stage, at] of [[null, truth.opening] as const, ...Object.entries(truth.in_stage ?? {})]) {
      const got = ours(doc, stage);
      if (typeof got === 'object' && 'needs' in got) expect(Object.keys(truth.derived)).toEqual(expect.arrayContaining(got.needs as string[]));
      else expect({ stage, view: got }).toEqual({ stage, view: at.view });
    }
  });

  it.each(kept)('%s, with the properties\' values as mock answers: the SDK\'s view everywhere', (name) => {
    const truth = JSON.parse(readFileSync(`${TUNED}/${name}/expected.json`, 'utf8')) as Truth;
    const doc = { ...load(name), mocks: { helpers: truth.derived } };
    for (const [stage, at] of [[null, truth.opening] as const, ...Object.entries(truth.in_stage ?? {})]) {
      expect({ stage, view: ours(doc, stage) }).toEqual({ stage, view: at.view });
    }
  });
});

describe('the step sends the rendered view as the prompt\'s view', () => {
  it('pizza-order with two pizzas ordered: the view lists them, as the class\'s Jinja says', async () => {
    const doc: AgentDocument = { ...load('pizza-order'), mocks: { helpers: { subtotal: 32, total: 34.5 } } };
    const session = newSession(doc);
    session.state = { ...session.state, items: [
      { pizza: 'quattro formaggi', size: 'large', quantity: 2, extras: ['olives'], price: 12.5 },
      { pizza: 'margherita', size: 'small', quantity: 1, extras: [], price: 7 },
    ] };
    const model = scriptedModel([say('Anything else?')]);
    await pinecallStep(doc, session, 'That is all', { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(promptSent(model.requests[0]).endsWith([
      'The order so far:',
      '1. 2 x large Quattro Formaggi with olives (12.50 each)',
      '2. 1 x small Margherita (7.00 each)',
      'Subtotal: 32.00 euros.',
      '',
      'Ask what they would like. When they say that is all, ask whether it is delivery or pickup.',
    ].join('\n'))).toBe(true);
  });

  it('a property with no mock answer: the trace names it, and the prompt sends no view rather than a guessed one', async () => {
    const doc = load('pizza-order');
    const session = newSession(doc);
    session.state = { ...session.state, items: [{ pizza: 'margherita', size: 'small', quantity: 1, extras: [], price: 7 }] };
    const model = scriptedModel([say('Anything else?')]);
    const out = await pinecallStep(doc, session, 'That is all', { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(promptSent(model.requests[0])).not.toContain('Margherita');
    expect(promptSent(model.requests[0])).not.toContain('Nothing ordered yet');
    expect(out.trace.filter((t) => t.kind === 'note').map((t) => t.message)).toContain(
      "the Jinja view needs subtotal (a property of the class, in Python), which the simulator cannot compute; give it a mock answer; until then the prompt has the stage's own instructions");
  });
});
