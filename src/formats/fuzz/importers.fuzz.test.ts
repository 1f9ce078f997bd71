// Fuzzing every importer (issue 5, part 3): real inputs (the fixtures, the goldens, the examples)
// mutated by text edits and by structural edits of their data, plus purely random text, fed to
// importBlockAgentYaml, importBlockAgentTools, importPinecallTs and importJson. The property: no
// exception escapes; the answer is a valid document (or valid tools), or errors that each carry a
// non-empty message and a location (outcomes.ts). A document a mutated input still imports as,
// when lint finds no error in it, also goes through its format's round trip losslessly: the round
// trips of the unmutated fixtures are roundtrip.test.ts's and goldens.test.ts's.
//
// 500 cases in `npm test`, on the fixed seed of test/setup/fast-check-seed.ts; FUZZ_CASES scales
// the total (`npm run fuzz`: FC_SEED=random FUZZ_CASES=20000). A counterexample found that way
// becomes a fixed case in `cases the fuzzer found` below. Known bugs not fixed yet are left out of
// the round trip only (each function marked KNOWN BUG says which input, and an `it.fails` below
// turns red once it is fixed); the no-exception and location checks apply to every input.
// FUZZ_DUMP=<file> writes the last failing input there, to replay it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { AgentDocument } from '../../model';
import { lint } from '../../model/lint';
import { exportBlockAgentYaml } from '../../runtimes/block-agent/format/export';
import { importBlockAgentTools, importBlockAgentYaml } from '../../runtimes/block-agent/format/import';
import { normalizeForComparison as normalizeBlockAgent } from '../../runtimes/block-agent/format/compare';
import { exportJson, importJson } from '../json';
import { exportPinecallTs } from '../../runtimes/pinecall/format/export';
import { importPinecallTs } from '../../runtimes/pinecall/format/import';
import { normalizeForComparison as normalizePinecall } from '../../runtimes/pinecall/format/project';
import { project } from '../project';
import { withoutKeptSources } from '../kept-source';
import { JSON_TOKENS, mutatedData, mutatedText, randomSourceText, TS_TOKENS, YAML_TOKENS } from './mutations';
import { documentFaults, jsonErrorFaults, textErrorFaults, toolsFaults } from './outcomes';

/** The total number of cases; each property below gets its share. */
const TOTAL = Number(process.env.FUZZ_CASES ?? 500);
const runs = (share: number) => Math.max(1, Math.round((share / 500) * TOTAL));
/** Time for a property: generous, and growing with the number of cases. */
const timeout = (share: number) => Math.max(30_000, runs(share) * 100);

// --- Seeds ----------------------------------------------------------------------------------------

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const filesIn = (dir: string, ext: string) =>
  readdirSync(root(dir)).filter((f) => f.endsWith(ext)).sort().map((f) => readFileSync(root(`${dir}/${f}`), 'utf8'));

const YAML_SEEDS = filesIn('test/fixtures/block-agent', '.yaml');
const TS_SEEDS = [...filesIn('test/fixtures/pinecall', '.tsx'), ...filesIn('test/fixtures/pinecall/goldens', '.tsx')];
const JSON_SEEDS = [...filesIn('test/fixtures/goldens/json', '.json'), ...filesIn('public/examples', '.json')];

const YAML_DATA: unknown[] = YAML_SEEDS.map((text) => parseYaml(text));
/** Tool lists as the documentation writes them: every block's tools, and the tab-indented sample (which offers the re-indent fix). */
const TOOL_DATA: unknown[] = YAML_DATA.flatMap((data) => ((data as { blocks?: { tools?: unknown[] }[] }).blocks ?? []).map((b) => b.tools ?? []).filter((t) => t.length > 0));
const TOOL_SEEDS = [readFileSync(root('test/fixtures/block-agent/seed-sample-tools.txt'), 'utf8'), ...TOOL_DATA.map((tools) => stringifyYaml(tools))];
const JSON_DATA: unknown[] = JSON_SEEDS.map((text) => JSON.parse(text));

/** Every key the seeds use, so that structural edits add keys the readers look for. */
function keysOf(data: unknown[]): string[] {
  const keys = new Set<string>(['__proto__', 'constructor', 'x_unknown']);
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        keys.add(k);
        visit(v);
      }
    }
  };
  data.forEach(visit);
  return [...keys].sort();
}

const writeYaml = (data: unknown, style: number) =>
  stringifyYaml(data, [{}, { indent: 4 }, { collectionStyle: 'flow' as const }, { defaultStringType: 'QUOTE_DOUBLE' as const, lineWidth: 0 }][style]);
const writeJson = (data: unknown, style: number) => JSON.stringify(data, null, [2, undefined, '\t', 1][style]) ?? 'null';

const yamlInputs = fc.oneof(
  { weight: 4, arbitrary: mutatedText(YAML_SEEDS, YAML_TOKENS) },
  { weight: 3, arbitrary: mutatedData(YAML_DATA, keysOf(YAML_DATA), writeYaml) },
  { weight: 1, arbitrary: randomSourceText(YAML_TOKENS) },
);
const toolInputs = fc.oneof(
  { weight: 4, arbitrary: mutatedText(TOOL_SEEDS, YAML_TOKENS) },
  { weight: 3, arbitrary: mutatedData(TOOL_DATA, keysOf(TOOL_DATA), writeYaml) },
  { weight: 1, arbitrary: randomSourceText(YAML_TOKENS) },
);
const tsInputs = fc.oneof(
  { weight: 6, arbitrary: mutatedText(TS_SEEDS, TS_TOKENS) },
  { weight: 1, arbitrary: randomSourceText(TS_TOKENS) },
);
const jsonInputs = fc.oneof(
  { weight: 3, arbitrary: mutatedText(JSON_SEEDS, JSON_TOKENS) },
  { weight: 4, arbitrary: mutatedData(JSON_DATA, keysOf(JSON_DATA), writeJson) },
  { weight: 1, arbitrary: randomSourceText(JSON_TOKENS) },
);

// --- The properties -------------------------------------------------------------------------------

const expectNoFaults = (faults: string[], text: string): void => {
  expect(faults, `for the input ${JSON.stringify(text)}`).toEqual([]);
};

/**
 * A lint-clean document goes through its format's round trip. The exporter's own text (the
 * document without the file it was read from: a conversion, an old save) says what the format
 * holds of it: import(export(doc)) is project(doc, target). With its file kept, the export is that
 * file (plus the edits, none here), which reads as the document itself: nothing the format's own
 * text would lose is lost.
 */
function expectLosslessRoundTrip(doc: AgentDocument, format: 'block-agent' | 'pinecall'): void {
  if (lint(doc).some((p) => p.severity === 'error')) return;
  const [exportText, importText, normalize] = format === 'block-agent'
    ? [exportBlockAgentYaml, importBlockAgentYaml, normalizeBlockAgent] as const
    : [exportPinecallTs, importPinecallTs, normalizePinecall] as const;
  const readBack = (of: AgentDocument) => {
    const { text } = exportText(of);
    const back = importText(text);
    if (!back.ok) throw new Error(`the export of an imported document does not import: ${JSON.stringify(back.errors)}\n${text}`);
    return back.doc;
  };
  const own = withoutKeptSources(doc);
  expect(normalize(readBack(own)), 'the exporter\'s own text').toEqual(normalize(project(own, format)));
  if (own !== doc) expect(normalize(readBack(doc)), 'the kept file with no edit').toEqual(normalize(own));
}

/** A value JSON cannot hold (the YAML importer refuses explicit tags such as `!!binary`, and `.inf`). */
function holdsNonJsonData(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsNonJsonData);
  if (!value || typeof value !== 'object') return typeof value === 'number' && !Number.isFinite(value);
  const proto = Object.getPrototypeOf(value);
  return (proto !== Object.prototype && proto !== null) || Object.values(value).some(holdsNonJsonData);
}

function checkBlockAgent(text: string): void {
  const read = importBlockAgentYaml(text);
  if (read.ok) {
    expectNoFaults(documentFaults(read.doc), text);
    expect(holdsNonJsonData(read.doc), `non-JSON data imported from ${JSON.stringify(text)}`).toBe(false);
    expectLosslessRoundTrip(read.doc, 'block-agent');
    return;
  }
  expectNoFaults(textErrorFaults(text, read.errors), text);
  // The one-click fix (tabs to spaces) gives text that imports, or fails the same located way.
  if (read.fix) {
    const fixed = read.fix.apply(text);
    const again = importBlockAgentYaml(fixed);
    expectNoFaults(again.ok ? documentFaults(again.doc) : textErrorFaults(fixed, again.errors), fixed);
  }
}

function checkTools(text: string): void {
  const read = importBlockAgentTools(text);
  if (read.ok) return expectNoFaults(toolsFaults(read.tools), text);
  expectNoFaults(textErrorFaults(text, read.errors), text);
  if (read.fix) {
    const fixed = read.fix.apply(text);
    const again = importBlockAgentTools(fixed);
    expectNoFaults(again.ok ? toolsFaults(again.tools) : textErrorFaults(fixed, again.errors), fixed);
  }
}

function checkPinecall(text: string): void {
  const read = importPinecallTs(text);
  if (!read.ok) return expectNoFaults(textErrorFaults(text, read.errors), text);
  expectNoFaults(documentFaults(read.doc), text);
  expectLosslessRoundTrip(read.doc, 'pinecall');
}

function checkJson(text: string): void {
  const read = importJson(text);
  if (!read.ok) return expectNoFaults(jsonErrorFaults(text, read.errors), text);
  expectNoFaults(documentFaults(read.doc), text);
  // The save format loses nothing: what it read, it writes and reads back equal.
  const back = importJson(exportJson(read.doc));
  expect(back.ok && back.doc).toEqual(read.doc);
}

/** The importers, each with its inputs and its share of the 500 cases (TypeScript parsing is the slowest). */
const IMPORTERS = [
  { name: 'importBlockAgentYaml', inputs: yamlInputs, check: checkBlockAgent, share: 150 },
  { name: 'importBlockAgentTools', inputs: toolInputs, check: checkTools, share: 70 },
  { name: 'importPinecallTs', inputs: tsInputs, check: checkPinecall, share: 80 },
  { name: 'importJson', inputs: jsonInputs, check: checkJson, share: 200 },
];

describe.each(IMPORTERS)('fuzzing $name', ({ inputs, check, share }) => {
  it(`${runs(share)} mutated and random inputs: a valid document, or errors each with a message and a location`, () => {
    fc.assert(fc.property(inputs, (text) => {
      try {
        check(text);
      } catch (error) {
        if (process.env.FUZZ_DUMP) writeFileSync(process.env.FUZZ_DUMP, text);
        throw error;
      }
    }), { numRuns: runs(share) });
  }, timeout(share));
});

it('the shares add up to the 500 cases of npm test', () => {
  expect(IMPORTERS.reduce((sum, i) => sum + i.share, 0)).toBe(500);
});

describe('cases the fuzzer found', () => {
  const fixture = (path: string) => readFileSync(root(path), 'utf8');

  it('a field condition on a tool whose `properties` is no map does not throw a TypeError (`in` on a string)', () => {
    const text = [
      'blocks:', '  - block_id: b', '    tools:', '      - type: function', '        function:', '          name: f',
      '          parameters: { type: object, properties: "x" }', '    turns:', '      - turn_id: t', '        edges:',
      '          - conditions:', '              - { source: tools, tool: f, field: a, expected_value: "*" }', '            connect_to: { turn_id: t }', '',
    ].join('\n');
    expect(() => importBlockAgentYaml(text)).not.toThrow();
    checkBlockAgent(text);
  });

  it('an alias to no anchor is an error at the alias, not a ReferenceError', () => {
    for (const text of ['block_id: */', '<<: *a', 'blocks:\n  - block_id: *nope\n']) {
      checkBlockAgent(text);
      checkTools(text);
    }
    expect(importBlockAgentYaml('blocks:\n  - block_id: *nope\n')).toMatchObject({ ok: false, errors: [{ line: 2, column: 15 }] });
  });

  it('the re-indent fix keeps a block scalar line indented less than its first line (no negative repeat)', () => {
    const text = '- type: function\n\tfunction:\n\t\tname: f\n\t\tdescription: |\n\t\t\t\tdeep\n\t\t\tless\n';
    const read = importBlockAgentTools(text);
    expect(read.ok || read.fix).toBeTruthy();
    checkTools(text);
  });

  it('white space alone between `<>` and a section on one line is not kept as a render() extra', () => {
    const text = fixture('test/fixtures/pinecall/goldens/clinic-booking.tsx').replace(/<>\n\s*\{this\.stage === "greet"/, '<>         {this.stage === "greet"');
    const read = importPinecallTs(text);
    expect(read.ok && (read.doc.preserved?.pinecall as { renderExtras?: unknown } | undefined)?.renderExtras).toBeFalsy();
    checkPinecall(text);
  });

  it('the JSON export keeps a free-form key named "constructor"', () => {
    const doc = JSON.parse(fixture('test/fixtures/goldens/json/pinecall-every-option.callboard.json'));
    doc.tools[0].parameters.constructor = null;
    checkJson(JSON.stringify(doc));
    expect(JSON.parse(exportJson(doc)).tools[0].parameters).toHaveProperty('constructor', null);
  });

  // Two bugs the fuzzer found, once left out of the round trip: since issue 33 an imported file
  // keeps its text (kept-source.ts), so these inputs come back as written; each is checked on the
  // exporter's own text of the document too, which a document without its file (a conversion, a
  // save from before) gets.
  const pinecallRoundTrip = (text: string, ownText = false) => {
    const read = importPinecallTs(text);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expectLosslessRoundTrip(ownText ? withoutKeptSources(read.doc) : read.doc, 'pinecall');
  };
  const droppedInterface = () => fixture('test/fixtures/pinecall/goldens/signatures.tsx').replace(/(\/\*\* Generated[^\n]*\n)interface Billing/, '  @tool()\n$1interface Billing');
  const keptJsxText = () => fixture('test/fixtures/pinecall/goldens/every-option.tsx').replace(/(ask which one, or search again\.<\/p>\})/, '$1@tool(');
  it('a kept signature naming an interface the exporter generated keeps that interface, so the parameter reads back with its shape (the exporter\'s own text)', () => {
    pinecallRoundTrip(droppedInterface(), true);
  });
  it('JSX text kept from render() reads back as it was kept, not with one more line break each trip (the exporter\'s own text)', () => {
    pinecallRoundTrip(keptJsxText(), true);
  });
  it('JSX text whose spaces render (on the line of the next child) is kept as the string it renders', () => {
    const text = fixture('test/fixtures/pinecall/goldens/every-option.tsx').replace(/(ask which one, or search again\.<\/p>\})\n\s*/, '$1Then: ');
    const read = importPinecallTs(text);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect((read.doc.preserved?.pinecall as { renderExtras?: string[] }).renderExtras).toEqual(['{"Then: "}']);
    pinecallRoundTrip(text, true);
  });
  it('the same two files, imported, come back as they were read (their text is kept)', () => {
    pinecallRoundTrip(droppedInterface());
    pinecallRoundTrip(keptJsxText());
  });
  it('a second import from @pinecall/agents is kept as written, and the exporter\'s own text reads back alike', () => {
    const text = fixture('test/fixtures/pinecall/handwritten.tsx').replace(/^\/\/ Clinic/, '// Clinic\nimport { Agent, state, tool, type Stages, type CallFacts } from "@pinecall/agents";\n//');
    pinecallRoundTrip(text, true);
    pinecallRoundTrip(text);
  });
  it('a member declared twice in the class is an error at the second, naming the first (TypeScript refuses it)', () => {
    const text = fixture('test/fixtures/pinecall/front-desk-helpers.tsx').replace(/^( {2}stage: Stages<[^\n]*\n)/m, '$1$1');
    const read = importPinecallTs(text);
    expect(read.ok ? 'imported' : read.errors.map((e) => e.message)).toEqual([expect.stringMatching(/^the class declares stage twice \(first on line \d+\); TypeScript refuses/)]);
    checkPinecall(text);
    // A getter and its setter, and overload signatures, are one member to TypeScript.
    const paired = fixture('test/fixtures/pinecall/front-desk-helpers.tsx').replace(/^( {2}stage: Stages<[^\n]*\n)/m, '$1  get label(): string { return ""; }\n  set label(v: string) {}\n');
    expect(importPinecallTs(paired).ok).toBe(true);
  });
  it('an empty turn_id or block_id is an error at its place that says what to write', () => {
    const minimal = fixture('test/fixtures/block-agent/minimal.yaml');
    for (const [key, wanted] of [['turn_id', /turn_id cannot be empty; write one .*e\.g\. `turn_id: /], ['block_id', /block_id cannot be empty; write one, e\.g\. `block_id: /]] as const) {
      const text = minimal.replace(new RegExp(`${key}: \\S+`), `${key}: ""`);
      const read = importBlockAgentYaml(text);
      expect(read.ok ? 'imported' : read.errors[0].message).toMatch(wanted);
      if (!read.ok) expect(text.split('\n')[read.errors[0].line - 1]).toContain(`${key}: ""`);
      checkBlockAgent(text);
    }
  });
  it('a first block with no turns stays first on export: the call starts at the next block\'s first turn either way', () => {
    const text = ['blocks:', '  - block_id: intro', '    name: Intro', '  - block_id: main', '    name: Main', '    turns:', '      - turn_id: t1', '        content: Hi.', ''].join('\n');
    const read = importBlockAgentYaml(text);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const own = exportBlockAgentYaml(withoutKeptSources(read.doc));
    expect(own.notes.filter((n) => /written first/.test(n))).toEqual([]);
    checkBlockAgent(text);
  });
  it('`!!binary` (or any tag JSON cannot hold) in a parameter schema is refused at its place', () => {
    const text = fixture('test/fixtures/block-agent/minimal.yaml').replace('properties: {}', 'properties:\n              a:\n                description: !!binary');
    const read = importBlockAgentYaml(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors[0].message).toMatch(/!!binary .*JSON cannot hold/);
    expect(text.split('\n')[read.errors[0].line - 1]).toContain('!!binary');
    expectNoFaults(textErrorFaults(text, read.errors), text);
  });
  it('`.inf` in a free-form place is refused at its place', () => {
    const read = importBlockAgentYaml(fixture('test/fixtures/block-agent/minimal.yaml').replace('properties: {}', 'properties:\n              a:\n                maximum: .inf'));
    expect(read.ok ? 'imported' : read.errors[0].message).toMatch(/\.inf is not a number JSON can hold/);
  });
  it('a parameter named "%" is linted without throwing', () => {
    const read = importBlockAgentYaml(fixture('test/fixtures/block-agent/minimal.yaml').replace('properties: {}', 'properties:\n              "%": 0'));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const problems = lint(read.doc);
    expect(problems.some((p) => p.path.includes('%'))).toBe(true);
  });
  // Was a known bug (the export made the method async, and the re-import read its stage moves as
  // edges); a method written without `async` now stays so (issue 33).
  it('a @tool method without `async` whose body moves the stage comes back as written, with no edge gained', () => {
    pinecallRoundTrip(fixture('test/fixtures/pinecall/goldens/clinic-booking.tsx').replace('async is_schedule_appointment(', 'is_schedule_appointment('));
  });
});
