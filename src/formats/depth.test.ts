// Nesting bounds of the JSON importer, the goldens and every exporter (model/limits.ts): each
// fixture is generated here, nested far past the limit, and each test has a timeout so that without
// the bound it fails instead of overflowing the stack or hanging.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DepthLimitError, MAX_DEPTH, MAX_FILE_DEPTH, type AgentDocument } from '../model';
import { exportBlockAgentYaml } from '../runtimes/block-agent/format';
import { exportBundle, readGolden } from './bundle';
import { exportJson, importJson } from './json';
import { jsonTooDeep } from './json-depth';
import { openAiToolsForStage } from './openai-tools';
import { exportPinecallTs } from '../runtimes/pinecall/format/export';

const sampleText = readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8');
const sample = (): AgentDocument => {
  const loaded = importJson(sampleText);
  if (!loaded.ok) throw new Error('the sample does not load');
  return loaded.doc;
};

/** The sample's JSON with the first tool's mock `levels` arrays deep, written as text (JSON.stringify cannot). */
function withDeepMock(levels: number): string {
  const doc = JSON.parse(sampleText) as AgentDocument;
  doc.tools[0].mock = '@@MOCK@@';
  return JSON.stringify(doc, null, 2).replace('"@@MOCK@@"', '['.repeat(levels) + ']'.repeat(levels));
}

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('JSON nesting', () => {
  it('refuses a mock nested 10,000 deep at its line and column, naming the place and the limits', () => {
    const text = withDeepMock(10_000);
    const result = importJson(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const line = text.slice(0, text.indexOf('[[[')).split('\n').length;
    const column = text.indexOf('[[[') - text.lastIndexOf('\n', text.indexOf('[[[')) + MAX_FILE_DEPTH - 3;
    expect(result.errors).toEqual([{
      line, column,
      message: `the value at /tools/0/mock/0/… nests 10,003 levels deep; Callboard reads at most ${MAX_FILE_DEPTH} levels in a file, and ${MAX_DEPTH} in a value such as a mock, a default or a parameter schema: write it flatter, or keep the deep part as a JSON string`,
    }]);
  }, 10_000);

  it('reads the same file with the mock at the value limit', () => {
    const result = importJson(withDeepMock(MAX_DEPTH));
    expect(result.ok).toBe(true);
  });

  it('counts brackets outside strings only, and names the place by its first keys', () => {
    expect(jsonTooDeep('{"a": "[[[[[[", "b": [[1]]}', 2)).toEqual({ offset: 22, depth: 3, path: ['b', 0], truncated: false });
    expect(jsonTooDeep('{"a\\"[": [[[]]]}', 3)).toEqual({ offset: 11, depth: 4, path: ['a"[', 0, 0], truncated: false });
    expect(jsonTooDeep('[[[1]]]', 3)).toBeUndefined();
  });

  it('refuses a golden nested 100,000 deep at its line, leaving the file out', () => {
    const text = `{\n  "name": "deep",\n  "input": [],\n  "state": {"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}},\n  "expect": {}\n}\n`;
    const read = readGolden('tests/deep.golden.json', text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toMatchObject([{ severity: 'error', file: 'tests/deep.golden.json', line: 4 }]);
    expect(read.problems[0].message).toMatch(/^the value at \/state\/x\/0\/0\/… nests 100,002 levels deep; Callboard reads at most 100 levels in a file/);
  }, 10_000);
});

describe('exports of a value nested past MAX_DEPTH', () => {
  // Reachable by editing (the inspector's JSON fields): lint reports it, and no exporter meets it.
  const deep = () => {
    const doc = sample();
    doc.tools[0].mock = nested(5_000);
    return doc;
  };
  const stage = (doc: AgentDocument) => doc.stages.find((s) => openAiToolsForStage(sample(), s.id).some((t) => 'function' in t && t.function.name === doc.tools[0].name))!.id;
  const exporters: [string, (doc: AgentDocument) => unknown][] = [
    ['JSON', exportJson],
    ['Block Agent YAML', exportBlockAgentYaml],
    ['Pinecall TypeScript', exportPinecallTs],
    ['OpenAI tools', (doc) => openAiToolsForStage(doc, stage(doc))],
    ['a bundle with tests', (doc) => exportBundle({ ...doc, tools: sample().tools, tests: [{ name: 't', input: [], state: { x: nested(5_000) }, expect: {} }] }, 'block-agent')],
  ];

  it.each(exporters)('%s refuses it with the path and the limit instead of overflowing the stack', (_name, exporter) => {
    let thrown: unknown;
    try {
      exporter(deep());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DepthLimitError);
    expect((thrown as DepthLimitError).message).toMatch(/^\/(tools\/0\/mock|tests\/0\/state): the (mock result of tool \S+|state of test t) nests 5,00\d levels deep; Callboard reads at most 64 levels/);
  }, 10_000);

  it('exports the same document once the value is within the limit', () => {
    const doc = sample();
    doc.tools[0].mock = nested(MAX_DEPTH);
    expect(importJson(exportJson(doc))).toMatchObject({ ok: true });
    expect(exportBlockAgentYaml(doc).text.length).toBeGreaterThan(0);
    expect(exportPinecallTs(doc).text).toContain('[[[[');
  });
});
