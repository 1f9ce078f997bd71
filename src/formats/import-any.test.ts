import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { emptyDocument, updateEntity } from '../model';
import { exportBlockAgentYaml, reindentTabs } from '../runtimes/block-agent/format';
import { importAny } from './import-any';
import { exportJson } from './json';

const fixture = (path: string) => readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url), 'utf8');

describe('importAny (the one way in, for the import dialog and the CLI)', () => {
  it('picks the format from the file name, then the text', async () => {
    const yaml = fixture('block-agent/minimal.yaml');
    expect((await importAny(yaml, { fileName: 'a.yml' })).format).toBe('yaml');
    expect((await importAny(exportJson(emptyDocument('Saved')))).format).toBe('json');
    // A named format wins over the extension.
    expect((await importAny(yaml, { fileName: 'a.json', format: 'yaml' })).format).toBe('yaml');
  });

  it('names a Block Agent agent after its file, unless a name is given', async () => {
    const yaml = exportBlockAgentYaml(emptyDocument('Whatever')).text;
    const named = await importAny(yaml, { fileName: 'folder/clinic_booking-v2.yaml' });
    expect(named.kind === 'agent' && named.doc.name).toBe('Clinic Booking V2');
    const given = await importAny(yaml, { fileName: 'clinic.yaml', name: 'Front Desk' });
    expect(given.kind === 'agent' && given.doc.name).toBe('Front Desk');
  });

  it('reads a bare list of tools as tools, not as an agent', async () => {
    const outcome = await importAny(reindentTabs(fixture('block-agent/seed-sample-tools.txt')), { format: 'yaml' });
    expect(outcome.kind).toBe('tools');
    expect(outcome.kind === 'tools' && outcome.tools.length).toBeGreaterThan(0);
  });

  it('gives the errors of a broken file, located, and no document', async () => {
    const outcome = await importAny('personality: "open\nblocks: []\n', { format: 'yaml' });
    expect(outcome.kind).toBe('error');
    expect(outcome.kind === 'error' && outcome.errors[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
  });

  it('reads a Pinecall class with the importer it is given (the app: a worker), else its own', async () => {
    let asked = '';
    const injected = await importAny('class A {}', { format: 'ts', readInWorker: async (text) => ((asked = text), { ok: false, errors: [{ line: 1, column: 1, message: 'no' }] }) });
    expect(asked).toBe('class A {}');
    expect(injected).toMatchObject({ kind: 'error', errors: [{ message: 'no' }] });
    const own = await importAny(fixture('pinecall/handwritten.tsx'), { fileName: 'agent.tsx' });
    expect(own.kind).toBe('agent');
    expect(own.kind === 'agent' && own.doc.target).toBe('pinecall');
  });

  it('gives a Pinecall class refs that follow the stage names (Pinecall has none), a Block Agent file refs that stay', async () => {
    const pinecall = await importAny(fixture('pinecall/handwritten.tsx'), { fileName: 'agent.tsx' });
    if (pinecall.kind !== 'agent') throw new Error('not an agent');
    expect(pinecall.doc.stages.length).toBeGreaterThan(0);
    for (const entity of [...pinecall.doc.blocks, ...pinecall.doc.stages]) expect(entity.refFollowsName).toBe(true);
    const [stage] = pinecall.doc.stages;
    const renamed = updateEntity(pinecall.doc, 'stage', stage.id, { name: 'ask_intent' });
    expect(renamed.ok && renamed.doc.stages[0].ref).toBe('ask_intent');
    const yaml = await importAny(fixture('block-agent/minimal.yaml'), { fileName: 'minimal.yaml' });
    if (yaml.kind !== 'agent') throw new Error('not an agent');
    for (const entity of [...yaml.doc.blocks, ...yaml.doc.stages]) expect(entity).not.toHaveProperty('refFollowsName');
  });
});
