import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportJson } from '../../formats/json';
import { emptyDocument } from '../../model';
import { strToU8, zipSync } from 'fflate';
import { runImport, unzipBundle } from './run-import';

const fixture = (path: string) => readFileSync(new URL(`../../../test/fixtures/${path}`, import.meta.url), 'utf8');

describe('runImport (the dialog\'s main-thread importers)', () => {
  it('reads a Block Agent file as an agent, named from the file', async () => {
    const outcome = await runImport(fixture('block-agent/spec-example.yaml'), 'yaml', { name: 'Spec Example' });
    expect(outcome.kind).toBe('agent');
    if (outcome.kind !== 'agent') return;
    expect(outcome.doc.name).toBe('Spec Example');
    expect(outcome.doc.stages.map((s) => s.name)).toEqual(['detect_intent', 'ask_dob', 'verify', 'goodbye']);
  });

  it('points at the tab of the seed\'s tools and offers the fix, after which they are a tool list', async () => {
    const seed = fixture('block-agent/seed-sample-tools.txt');
    const failed = await runImport(seed, 'yaml');
    expect(failed.kind).toBe('error');
    if (failed.kind !== 'error') return;
    expect(failed.errors[0]).toMatchObject({ line: 3, column: 1 });
    expect(failed.fix?.label).toBe('Re-indent with spaces');
    const fixed = await runImport(failed.fix!.apply(seed), 'yaml');
    expect(fixed.kind).toBe('tools');
    if (fixed.kind === 'tools') expect(fixed.tools.map((t) => t.name)).toEqual(['is_schedule_appointment', 'collect_date_of_birth', 'collect_patient_profile']);
  });

  it('reports YAML and JSON syntax errors with line and column', async () => {
    const yaml = await runImport('personality: "open\nblocks: []\n', 'yaml');
    expect(yaml).toMatchObject({ kind: 'error', errors: [{ line: 3, column: 1 }] });
    const json = await runImport('{"format": "callboard.agent",\n  "version": 1,\n}', 'json');
    expect(json).toMatchObject({ kind: 'error', errors: [{ line: 3, column: 1 }] });
  });

  it('reads the save format back', async () => {
    const doc = emptyDocument('Saved');
    const outcome = await runImport(exportJson(doc), 'json');
    expect(outcome).toMatchObject({ kind: 'agent', doc: { id: doc.id, name: 'Saved' } });
  });

  it('reads a .zip bundle, and refuses one past the size limit before reading it', async () => {
    const zip = zipSync({ 'agent.json': strToU8(exportJson(emptyDocument('Zipped'))), 'tests/a.golden.json': strToU8('{}') });
    expect(await unzipBundle(new Blob([zip]))).toMatchObject({ ok: true, agent: { path: 'agent.json' }, goldens: [{ path: 'tests/a.golden.json' }] });
    const huge = { size: 33 * 1024 * 1024, arrayBuffer: () => Promise.reject(new Error('read the whole file')) } as unknown as Blob;
    expect(await unzipBundle(huge)).toEqual({ ok: false, message: 'the .zip is 33 MB; Callboard reads a .zip of at most 32 MB: zip only the agent file and its tests/ folder' });
  });
});
