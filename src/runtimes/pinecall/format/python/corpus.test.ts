// The tuned part of the hand-written Python corpus (test/fixtures/pinecall/python-corpus/tuned,
// written blind by a helper who had not read the importer, each class checked by the real SDK):
// every class imports, and what Callboard reads of it — stages, state, the tool specs the model
// receives — is what pinecall 0.11.24 says of it (expected.json, from the corpus's check.py).
// The held-out part is measured by `npx tsx scripts/python-corpus.ts`, never tuned on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { folderFiles } from './testing';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFilesOf } from '../source-files';
import { exportPinecallPython } from './export';
import { importPinecallPython } from './import';
import { differencesFromSdk, type SdkTruth } from './sdk-truth';

const TUNED = fileURLToPath(new URL('../../../../../test/fixtures/pinecall/python-corpus/tuned', import.meta.url));

describe('hand-written Python classes (tuned part): Callboard reads what the SDK reads', () => {
  const agents = readdirSync(TUNED).filter((n) => existsSync(`${TUNED}/${n}/expected.json`));
  it.each(agents)('%s', (name) => {
    const files = folderFiles(`${TUNED}/${name}`);
    const truth = JSON.parse(readFileSync(`${TUNED}/${name}/expected.json`, 'utf8')) as SdkTruth;
    const read = importPinecallPython(files['agent.py'], { folder: { agent: 'agent.py', files: sourceFilesOf(files) } });
    if (truth.refused) {
      expect(read.ok ? [] : read.errors.map((e) => e.message)).toContain(truth.refused);
      return;
    }
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(differencesFromSdk(read.doc, truth)).toEqual([]);
    // Unchanged, the class and its view come back as written.
    const out = exportPinecallPython(read.doc);
    expect(out.text).toBe(files['agent.py']);
    for (const file of out.files.slice(1)) expect(file.text).toBe(files[file.path.replace(/^agents\/[^/]+\//, '')]);
  });
});

describe('stage writes of a hand-written body', () => {
  it('under if / elif / else and in loops: drawn as the code\'s edges with their conditions as written, from the tool\'s stages', async () => {
    const { readStageFlow } = await import('../stage-flow');
    const { codeEdgesOf } = await import('../../../../model/code-flow');
    const files = folderFiles(`${TUNED}/outage-report`);
    const read = importPinecallPython(files['agent.py'], { folder: { agent: 'agent.py', files: sourceFilesOf(files) } });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const flow = readStageFlow(read.doc);
    const known = flow.writes.find((w) => w.to === 'known')!;
    expect(known).toMatchObject({ tool: 'check_area', condition: 'known is not None' });
    // Where the write stands in the kept body: the inspector opens the code there.
    const body = (read.doc.preserved!.pinecallPython as { bodies: Record<string, string> }).bodies.check_area;
    expect(body.slice(known.at.offset)).toMatch(/^self\.stage = "known"/);
    expect(flow.writes.filter((w) => w.to === 'report').map((w) => w.condition)).toEqual([
      'not (known is not None) and district.startswith("HX")',
      'not (known is not None) and not (district.startswith("HX"))',
    ]);
    expect(codeEdgesOf(read.doc, flow).length).toBeGreaterThanOrEqual(3);
  });
});
