// The "New agent" templates: each file the chooser names loads as a valid agent with a fresh id,
// with no error or warning in Problems (notes on what the other runtime cannot say are fine).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../formats/problems';
import { AGENT_TEMPLATES, documentFrom } from './new-agent';
import { exportPipecatFlow } from '../runtimes/pipecat/format';
import { runConversationTest } from '../simulator/conversation-tests/run';
import { createOfflineModel } from '../simulator/offline';
import { mockToolRunner } from '../simulator/mock-runner';

const fromDisk = (async (url: string) => {
  const name = String(url).replace(/^.*examples\//, '');
  const text = readFileSync(new URL(`../../public/examples/${name}`, import.meta.url), 'utf8');
  return new Response(text, { status: 200 });
}) as typeof fetch;

describe('New agent templates', () => {
  it('offers the empty agent, then each runtime\'s own in the runtime switch\'s order: the sample and a seed shape, a seed shape, a Pipecat flow', () => {
    expect(AGENT_TEMPLATES.map((t) => t.id)).toEqual(['empty', 'sample', 'pinecall-booking', 'block-agent-intake', 'pipecat-restaurant']);
  });

  it.each(AGENT_TEMPLATES.map((t) => [t.id, t] as const))('%s loads with a fresh id, on its runtime, lint-clean', async (_id, template) => {
    const a = await documentFrom(template, fromDisk, '/');
    const b = await documentFrom(template, fromDisk, '/');
    expect(a.id).not.toBe(b.id);
    if (template.target) expect(a.target).toBe(template.target);
    expect(problemsOf(a).filter((p) => p.severity !== 'info').map((p) => p.message)).toEqual([]);
  });

  it('the seed shapes hold the seeds’ tools', async () => {
    const byId = (id: string) => documentFrom(AGENT_TEMPLATES.find((t) => t.id === id)!, fromDisk, '/');
    const intake = await byId('block-agent-intake');
    expect(intake.tools.map((t) => t.name)).toEqual(['is_schedule_appointment', 'caller_intent_not_yet_detected', 'collect_patient_profile', 'collect_date_of_birth', 'end_call']);
    expect(intake.tools.find((t) => t.name === 'collect_date_of_birth')!.parameters.properties!.birth_year).toMatchObject({ pattern: '^[0-9]{4}$|^$' });
    const booking = await byId('pinecall-booking');
    expect(booking.tools.map((t) => [t.name, t.preview, t.confirm])).toEqual([['freeSlots', 2, undefined], ['book', undefined, 'Booked: {{result.when}} with {{result.professional}}.']]);
  });

  it('the Pipecat template is Pipecat\'s example as written, with its handlers\' schemas, and its test passes on the offline model', async () => {
    const flow = await documentFrom(AGENT_TEMPLATES.find((t) => t.id === 'pipecat-restaurant')!, fromDisk, '/');
    expect(flow.tools.find((t) => t.name === 'collect_party_size')!.parameters).toEqual({ type: 'object', properties: { size: { type: 'integer', description: 'The number of people, from 1 to 12.' } }, required: ['size'] });
    expect(exportPipecatFlow(flow).text).toBe(readFileSync(new URL('../runtimes/pipecat/format/fixtures/examples/pipecat__restaurant_reservation.flow.yaml', import.meta.url), 'utf8'));
    const result = await runConversationTest(flow, flow.tests![0], { model: createOfflineModel(), runner: mockToolRunner, revision: 0, now: () => 0 });
    expect(result.expectations.filter((e) => !e.passed)).toEqual([]);
    expect(result.passed).toBe(true);
  });

  it('a template that cannot be fetched says which and why', async () => {
    const missing = (async () => new Response('', { status: 404 })) as unknown as typeof fetch;
    await expect(documentFrom(AGENT_TEMPLATES.find((t) => t.id === 'block-agent-intake')!, missing, '/')).rejects.toThrow('the template Block Agent intake could not be fetched (HTTP 404)');
  });
});
