// An agent with its conversation tests as files: exported in each format and imported back, the
// tests are unchanged (issue 6, acceptance); bad goldens are named with line:column, never half-applied.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument, ConversationTest } from '../model';
import { sampleAgent } from '../simulator/testing';
import { exportBundle, goldenText, importBundle, readGolden, withGoldens, type BundleFile } from './bundle';

const tests: ConversationTest[] = [
  {
    name: 'books-monday',
    state: { caller_name: 'Ana' },
    call: { today: '2026-12-01', caller: '+34600111222' },
    input: ['A cleaning, please', 'Monday morning'],
    waits: { ehr_lookup: 'verified' },
    mocks: { free_slots: [{ id: 'Mon-0', when: 'Monday 09:00', nested: { a: [1, null, true] } }] },
    expect: { tools: ['free_slots', 'book'], not_tools: ['end_call'], says: ['Booked'], not: ['sorry'], stage: 'goodbye', state: { booking_when: 'Monday 09:00' } },
  },
  { name: 'identify.only_1', input: ['hi'], expect: {} },
];
const withTests = (): AgentDocument => ({ ...sampleAgent(), tests: structuredClone(tests) });

describe('exportBundle and importBundle', () => {
  it('Pinecall: the class and a golden per test beside it; imported back, the tests are unchanged', async () => {
    const files = exportBundle(withTests(), 'pinecall');
    expect(files.map((f) => f.path)).toEqual(['agents/clinic-booking/agent.tsx', 'agents/clinic-booking/tests/books-monday.golden.json', 'agents/clinic-booking/tests/identify.only_1.golden.json']);
    expect(files[0].text).not.toContain('books-monday');
    expect(files[1].text).toBe(JSON.stringify(tests[0], null, 2) + '\n');
    const back = await importBundle(files);
    expect(back).toMatchObject({ ok: true, problems: [] });
    expect(back.ok && back.doc.tests).toEqual(tests);
  });

  it('Block Agent: the YAML and its goldens; imported back, the tests are unchanged', async () => {
    const files = exportBundle({ ...withTests(), target: 'block-agent' }, 'block-agent');
    expect(files.map((f) => f.path)).toEqual(['clinic-booking.yaml', 'tests/books-monday.golden.json', 'tests/identify.only_1.golden.json']);
    const back = await importBundle(files);
    expect(back.ok && back.doc.tests).toEqual(tests);
  });

  it('Pipecat: the flow, its handlers.py and its goldens; imported back, the tests and the functions\' schemas are unchanged', async () => {
    const template = JSON.parse(readFileSync(new URL('../../public/examples/template-pipecat-restaurant.json', import.meta.url), 'utf8')) as AgentDocument;
    const doc = { ...template, tests: structuredClone(tests) };
    const files = exportBundle(doc, 'pipecat');
    expect(files.map((f) => f.path)).toEqual(['restaurant-reservation.flow.yaml', 'handlers.py', 'tests/books-monday.golden.json', 'tests/identify.only_1.golden.json']);
    const back = await importBundle(files);
    expect(back).toMatchObject({ ok: true, problems: [] });
    expect(back.ok && back.doc.tests).toEqual(tests);
    // Without handlers.py beside it, a function's parameters would come back empty.
    const size = (d: AgentDocument) => d.tools.find((t) => t.name === 'collect_party_size')?.parameters.properties?.size;
    expect(back.ok && size(back.doc)).toEqual(size(template));
  });

  it('JSON: one file, the tests inside the document', async () => {
    const files = exportBundle(withTests(), 'json');
    expect(files.map((f) => f.path)).toEqual(['clinic-booking.callboard.json']);
    const back = await importBundle(files);
    expect(back.ok && back.doc.tests).toEqual(tests);
  });

  it('an agent without tests exports no goldens and imports without `tests`', async () => {
    const { tests: _tests, ...withoutTests } = sampleAgent();
    const files = exportBundle(withoutTests, 'block-agent');
    expect(files).toHaveLength(1);
    const back = await importBundle(files);
    expect(back.ok && back.doc).not.toHaveProperty('tests');
  });

  it('a bad golden is named with line:column and left out; the others go in', async () => {
    const [agent, good] = exportBundle(withTests(), 'block-agent');
    const broken: BundleFile = { path: 'tests/broken.golden.json', text: '{\n  "name": "broken",\n  "input": [\n}\n' };
    const invalid: BundleFile = { path: 'tests/invalid.golden.json', text: '{\n  "name": "invalid",\n  "input": ["hi"],\n  "expect": {\n    "tools": "book"\n  }\n}\n' };
    const back = await importBundle([agent, broken, good, invalid]);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.doc.tests?.map((t) => t.name)).toEqual(['books-monday']);
    expect(back.problems).toEqual([
      { severity: 'error', file: 'tests/broken.golden.json', line: 4, column: 1, message: expect.stringContaining('not JSON') },
      { severity: 'error', file: 'tests/invalid.golden.json', line: 5, column: 14, message: '/expect/tools: must be array' },
    ]);
  });

  it('a test whose name is taken is left out; a name that differs from the file name is said', async () => {
    const [agent] = exportBundle(withTests(), 'block-agent');
    const again: BundleFile = { path: 'tests/again.golden.json', text: goldenText(tests[0]) };
    const renamed: BundleFile = { path: 'tests/old-name.golden.json', text: goldenText({ ...tests[1], name: 'new-name' }) };
    const back = await importBundle([agent, again, renamed, { path: 'tests/books-monday.golden.json', text: goldenText(tests[0]) }]);
    if (!back.ok) throw new Error('should import');
    expect(back.doc.tests?.map((t) => t.name)).toEqual(['books-monday', 'new-name']);
    expect(back.problems).toEqual([
      { severity: 'error', file: 'tests/again.golden.json', line: 2, column: 11, message: expect.stringContaining('a test named "books-monday" is already in tests/books-monday.golden.json') },
      { severity: 'warning', file: 'tests/old-name.golden.json', line: 2, column: 11, message: expect.stringContaining('exported as new-name.golden.json') },
    ]);
  });

  it('needs exactly one agent file, and an agent file that does not import fails the bundle', async () => {
    expect(await importBundle([{ path: 'tests/a.golden.json', text: goldenText(tests[1]) }])).toMatchObject({ ok: false, problems: [{ message: expect.stringContaining('no agent file') }] });
    const files = exportBundle(withTests(), 'block-agent');
    expect(await importBundle([...files, { ...files[0], path: 'other.yaml' }])).toMatchObject({ ok: false, problems: [{ message: expect.stringContaining('more than one agent file') }] });
    expect(await importBundle([{ path: 'agent.json', text: '{"format": 1' }, files[1]])).toMatchObject({ ok: false, problems: [{ file: 'agent.json', line: 1 }] });
  });
});

describe('readGolden and withGoldens', () => {
  it('reads a golden back as the test it was written from', () => {
    expect(readGolden('x.golden.json', goldenText(tests[0]))).toEqual({ ok: true, test: tests[0] });
  });
  it('names a missing required key at the object that lacks it', () => {
    expect(readGolden('x.golden.json', '{\n  "name": "x",\n  "input": []\n}\n')).toEqual({ ok: false, problems: [{ severity: 'error', file: 'x.golden.json', line: 1, column: 1, message: '/: add the required property "expect"' }] });
  });
  it('adds to the tests a document already has, after them', () => {
    const merged = withGoldens({ ...sampleAgent(), tests: [tests[1]] }, [{ path: 'tests/books-monday.golden.json', text: goldenText(tests[0]) }]);
    expect(merged.doc.tests).toEqual([tests[1], tests[0]]);
    expect(merged.problems).toEqual([]);
  });
});
