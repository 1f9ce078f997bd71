import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../../model';
import { FIXTURE_NAMES, fixtureDoc, fixtureUrl } from '../testing';
import { exportPinecallPython } from './export';

/**
 * Golden files of the Python export: for the sample, each Pinecall fixture and the Pinecall
 * New-agent template, every file it writes (agent.py, views/<slug>.jinja) and its losses, under
 * test/fixtures/pinecall/goldens-python/<name>/. After an intended change to the exporter, rewrite
 * them with `UPDATE_GOLDENS=1 npx vitest run src/runtimes/pinecall/format/python` and review the diff.
 * That the SDK loads them and builds the tools Callboard predicts is conformance/checks/c10's.
 */
const update = process.env.UPDATE_GOLDENS === '1';
const TEMPLATE = new URL('../../../../../public/examples/template-pinecall-booking.json', import.meta.url);
/** The Python fixtures: names, types and text a Python class cannot take as they are, and a class the SDK refuses. */
const PYTHON_FIXTURES = ['python-edges', 'python-refused'] as const;
const CASES: [string, URL][] = [
  ...FIXTURE_NAMES.map((name): [string, URL] => [name, fixtureDoc(name)]),
  ['template-pinecall-booking', TEMPLATE],
  // In a folder of their own: the TypeScript goldens cover every document directly under pinecall/.
  ...PYTHON_FIXTURES.map((name): [string, URL] => [name, fixtureUrl(`python/${name}.json`)]),
];

const read = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as AgentDocument;

function golden(name: string, file: string, text: string): void {
  const path = fileURLToPath(fixtureUrl(`goldens-python/${name}/${file}`));
  if (update) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  expect(existsSync(path), `no golden ${name}/${file} yet: run with UPDATE_GOLDENS=1`).toBe(true);
  expect(text).toBe(readFileSync(path, 'utf8'));
}

describe('Pinecall Python export goldens', () => {
  it.each(CASES)('%s', (name, url) => {
    const out = exportPinecallPython(read(url));
    for (const file of out.files) golden(name, file.path.replace(/^agents\/[^/]+\//, ''), file.text);
    golden(name, 'losses.txt', out.warnings.map((w) => `${w.path}  ${w.message}\n`).join(''));
  });

  it('writes agents/<slug>/agent.py and, beside it, views/<slug>.jinja where the SDK reads the view', () => {
    const out = exportPinecallPython(read(fixtureDoc('clinic-booking')));
    expect(out.files.map((f) => f.path)).toEqual(['agents/clinic-booking/agent.py', 'agents/clinic-booking/views/clinic-booking.jinja']);
    expect(out.text).toContain('class ClinicBooking(Agent):');
  });

  it('is deterministic: the same document gives the same files', () => {
    const doc = read(fixtureDoc('every-option'));
    expect(exportPinecallPython(structuredClone(doc))).toEqual(exportPinecallPython(doc));
  });
});
