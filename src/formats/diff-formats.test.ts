// Diff across formats (issue 33): what only one of two formats can hold is a format detail.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures/block-agent/fixtures';
import { diffAgents } from '../model/diff';
import type { AgentDocument } from '../model';
import { markFormatDetails } from './diff-formats';
import { exportAs } from './export-as';
import { importAny } from './import-any';
import type { FileFormat } from './file-format';

async function load(text: string, format: FileFormat, fileName: string): Promise<AgentDocument> {
  const outcome = await importAny(text, { format, fileName });
  if (outcome.kind !== 'agent') throw new Error(`${fileName} does not load`);
  return outcome.doc;
}

const labels = (differences: { label: string; apart?: string }[]) => differences.map((d) => `${d.apart ?? 'agent'}: ${d.label}`);

describe('markFormatDetails', () => {
  it('the name a YAML file does not hold (taken from its file name) is a format detail', async () => {
    const json = await load(readFixture('diff/same.json'), 'json', 'same.json');
    const yaml = await load(readFixture('diff/same.yaml'), 'yaml', 'same.yaml');
    const plain = diffAgents(json, yaml);
    expect(labels(plain)).toEqual(['agent: agent: name']);
    expect(labels(markFormatDetails(json, 'json', yaml, 'yaml', plain))).toEqual(['format: agent: name']);
  });

  it('a change both formats express stays a difference, beside the format detail', async () => {
    const json = await load(readFixture('diff/same.json'), 'json', 'same.json');
    const edited = readFixture('diff/same.yaml').replace('Capture the bouquet the caller wants and the day it is for.', 'Capture the bouquet the caller chose, and the delivery day.');
    const yaml = await load(edited, 'yaml', 'same.yaml');
    const marked = markFormatDetails(json, 'json', yaml, 'yaml', diffAgents(json, yaml));
    expect(labels(marked)).toEqual(['format: agent: name', 'agent: tool capture_bouquet: description']);
  });

  it('YAML and its TypeScript export: the wait stage, its token and its edges are what Pinecall cannot hold, nothing else', async () => {
    const yaml = await load(readFixture('diff/same.yaml'), 'yaml', 'same.yaml');
    const ts = await load(exportAs(yaml, 'ts').text, 'ts', 'same.ts');
    const marked = markFormatDetails(yaml, 'yaml', ts, 'ts', diffAgents(yaml, ts));
    expect(marked.length).toBeGreaterThan(3);
    expect(labels(marked).filter((l) => !l.startsWith('format:'))).toEqual([]);
    expect(labels(marked)).toEqual(expect.arrayContaining(['format: stage Check stock: kind', 'format: stage Check stock: wait token']));
  });

  it('two YAML files: the names taken from their file names are a format detail too', async () => {
    const a = await load(readFixture('diff/same.yaml'), 'yaml', 'a.yaml');
    const b = await load(readFixture('diff/same.yaml'), 'yaml', 'b.yaml');
    expect(labels(markFormatDetails(a, 'yaml', b, 'yaml', diffAgents(a, b)))).toEqual(['format: agent: name']);
  });

  it('two JSON files: nothing is marked (JSON holds every field)', async () => {
    const json = await load(readFixture('diff/same.json'), 'json', 'same.json');
    const other = structuredClone(json);
    other.name = 'Same';
    expect(labels(markFormatDetails(json, 'json', other, 'json', diffAgents(json, other)))).toEqual(['agent: agent: name']);
  });
});
