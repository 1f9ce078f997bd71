import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportJson } from '../../formats/json';
import { emptyDocument } from '../../model';
import { strToU8, zipSync } from 'fflate';
import { importProblems, runImport, unzipBundle, withBundleVersions } from './run-import';
import { versionFiles } from '../../formats/version-files';

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
    // An unclosed quote is pointed at where it opens, not at the end of the file (issue 33).
    expect(yaml).toMatchObject({ kind: 'error', errors: [{ line: 1, column: 14, message: expect.stringMatching(/^the text in double quotes that opens on line 1, column 14 is never closed/) }] });
    const json = await runImport('{"format": "callboard.agent",\n  "version": 1,\n}', 'json');
    expect(json).toMatchObject({ kind: 'error', errors: [{ line: 3, column: 1 }] });
  });

  it("reads a flow dropped with its folder together with the handlers.py beside it, where its functions' schemas are", async () => {
    const flow = readFileSync(new URL('../../runtimes/pipecat/format/fixtures/examples/pipecat__restaurant_reservation.flow.yaml', import.meta.url), 'utf8');
    const handlers = [
      'async def collect_party_size(flow_manager, size: int):\n    """Record how many are dining.\n\n    Args:\n        size: How many people are dining.\n    """\n',
      'async def check_availability(flow_manager, time: str):\n    """Check a time."""\n',
    ].join('\n');
    const partySize = (outcome: Awaited<ReturnType<typeof runImport>>) => (outcome.kind === 'agent' ? outcome.doc.tools.find((t) => t.name === 'collect_party_size') : undefined);
    const alone = partySize(await runImport(flow, 'flow', { fileName: 'restaurant.flow.yaml' }));
    const withFolder = partySize(await runImport(flow, 'flow', { fileName: 'restaurant.flow.yaml', folder: { agent: 'restaurant.flow.yaml', files: { 'handlers.py': handlers } } }));
    expect(alone?.parameters.properties).toEqual({});
    expect(withFolder?.description).toBe('Record how many are dining.');
    expect(withFolder?.parameters.properties).toEqual({ size: { type: 'integer', description: 'How many people are dining.' } });
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

describe('importProblems (what the dialog says before it offers to import)', () => {
  const spec = fixture('block-agent/spec-example.yaml');

  it('finds nothing wrong in a clean file, so the dialog may say all is well', async () => {
    const outcome = await runImport(spec, 'yaml', { name: 'Spec Example' });
    expect(await importProblems(outcome, spec, emptyDocument())).toEqual([]);
  });

  it('names a tool called "bad name!" at its line, with what to write instead', async () => {
    const text = spec.replaceAll('collect_date_of_birth', 'bad name!');
    const outcome = await runImport(text, 'yaml', { name: 'Spec Example' });
    expect(outcome.kind).toBe('agent');
    const problems = await importProblems(outcome, text, emptyDocument());
    const line = text.split('\n').findIndex((l) => l.includes('name: bad name!')) + 1;
    expect(problems).toContainEqual(expect.objectContaining({ line, path: 'tool bad name!', message: expect.stringContaining('write bad_name') }));
  });

  it("lists only the new tools' errors for a list of tools, at their lines", async () => {
    const list = '- type: function\n  function:\n    name: ok_tool\n    description: Fine.\n    parameters: {type: object, properties: {}}\n- type: function\n  function:\n    name: bad name!\n    description: Use it.\n    parameters: {type: object, properties: {}}\n';
    const outcome = await runImport(list, 'yaml');
    expect(outcome.kind).toBe('tools');
    const problems = await importProblems(outcome, list, emptyDocument());
    expect(problems.map((p) => [p.line, p.path])).toEqual([[8, 'tool bad name!']]);
  });

  it("a .zip's named versions come with the agent it holds; a bad one is a warning naming its file, the import still goes on", async () => {
    const agent = emptyDocument('Zipped');
    const bundle = await unzipBundle(new Blob([zipSync({
      'agent.json': strToU8(exportJson(agent)),
      ...Object.fromEntries(versionFiles([{ at: Date.parse('2026-11-30T09:15:00Z'), note: 'first', doc: agent }]).map((f) => [f.path, strToU8(f.text)])),
      'versions/index.json': strToU8(JSON.stringify([
        { at: '2026-11-30T09:15:00Z', note: 'first', file: '2026-11-30T09-15-00Z-zipped.callboard.json' },
        { at: '2026-11-30T10:00:00Z', note: 'broken', file: 'broken.callboard.json' },
      ])),
      'versions/broken.callboard.json': strToU8('{"format": "callboard.agent", "stages": "none"}'),
    })]));
    if (!bundle.ok) throw new Error(bundle.message);
    expect(bundle.agent.path).toBe('agent.json');
    const outcome = await runImport(bundle.agent.text, 'json', { fileName: 'agent.json' });
    const carried = withBundleVersions(outcome, bundle.versions);
    expect(carried.versions.map((v) => v.note)).toEqual(['first']);
    expect(carried.outcome.kind).toBe('agent');
    if (carried.outcome.kind !== 'agent') return;
    expect(carried.outcome.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/^versions\/broken\.callboard\.json(:\d+:\d+)?: not a Callboard save/));
  });
});
